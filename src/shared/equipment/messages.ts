/** The equipment ledger's refusals (spec §5), spread into the message catalogue. */
export const EQUIPMENT_MESSAGES = {
  equipmentScrapBeforeEntry: { 'zh-chs': '报废时间不能早于入厂时间', en: 'Scrap time must not be earlier than entry time' },
  equipmentScrapDateRequired: { 'zh-chs': '设备报废时必须填写报废日期', en: 'A scrapped piece of equipment needs its scrap date' },
  equipmentImageType: { 'zh-chs': '图片格式错误：只能上传 jpeg/jpg/png/gif 图片（按文件内容检查）', en: 'Wrong image type: only jpeg/jpg/png/gif images can be uploaded (checked by the file content)' },
  equipmentImageTooLarge: { 'zh-chs': '图片大小不能超过 {max}MB', en: 'The image must not be larger than {max}MB' },
  equipmentImageMissing: { 'zh-chs': '该设备没有图片', en: 'This equipment has no image' },
  statusInitialRefused: { 'zh-chs': '新记录的{field}只能是：{allowed}', en: 'A new record\'s {field} can only be: {allowed}' },
  statusTransitionRefused: { 'zh-chs': '{field}不能从“{from}”变为“{to}”，允许变为：{allowed}', en: '{field} cannot change from "{from}" to "{to}"; allowed: {allowed}' },
} as const;
