/** The equipment ledger's refusals (spec §5), spread into the message catalogue. */
export const EQUIPMENT_MESSAGES = {
  equipmentScrapBeforeEntry: { 'zh-chs': '报废时间不能早于入厂时间', en: 'Scrap time must not be earlier than entry time' },
  equipmentScrapDateRequired: { 'zh-chs': '设备报废时必须填写报废日期', en: 'A scrapped piece of equipment needs its scrap date' },
  // Spec §5: either refusal states the limit and the types ({types} jpeg/jpg/png/gif, {max} 20: src/shared/upload-rules.ts).
  equipmentImageType: {
    'zh-chs': '文件类型或大小错误：只能上传 {types} 格式、不超过 {max}MB 的图片（按文件内容检查）',
    en: 'Wrong file type or size: only {types} images of at most {max}MB can be uploaded (checked by the file content)',
  },
  equipmentImageTooLarge: {
    'zh-chs': '文件类型或大小错误：图片不能超过 {max}MB（支持 {types} 格式）',
    en: 'Wrong file type or size: the image must not be larger than {max}MB ({types} images)',
  },
  equipmentImageMissing: { 'zh-chs': '该设备没有图片', en: 'This equipment has no image' },
  statusInitialRefused: { 'zh-chs': '新记录的{field}只能是：{allowed}', en: 'A new record\'s {field} can only be: {allowed}' },
  statusTransitionRefused: { 'zh-chs': '{field}不能从“{from}”变为“{to}”，允许变为：{allowed}', en: '{field} cannot change from "{from}" to "{to}"; allowed: {allowed}' },
} as const;
