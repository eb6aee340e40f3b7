/**
 * Master data: Check items (检验项目). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const qualityCheckItemEntity = defineEntity({
  resource: 'QualityCheckItem',
  table: 'md_quality_check_item',
  listRoute: '/quality/check-item',
  menuCode: 'QualityCheckItem',
  title: { 'zh-chs': '检验项目', en: 'Check items' },
  orgScoped: true,
  recordCheck: 'qualityCheckItem',
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '项目代码', en: 'Item code' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '检验项目', en: 'Check item' }, required: true },
    { name: 'kind', type: 'lookup', label: { 'zh-chs': '类型', en: 'Kind' }, required: true, lookup: 'QC_ITEM_KIND' },
    { name: 'unit', type: 'text', label: { 'zh-chs': '单位', en: 'Unit' } },
    { name: 'nominal', type: 'number', label: { 'zh-chs': '标准值', en: 'Nominal' } },
    { name: 'lower_limit', type: 'number', label: { 'zh-chs': '下限', en: 'Lower limit' } },
    { name: 'upper_limit', type: 'number', label: { 'zh-chs': '上限', en: 'Upper limit' } },
    { name: 'defect_class', type: 'lookup', label: { 'zh-chs': '缺陷等级', en: 'Defect class' }, required: true, lookup: 'QC_DEFECT_CLASS' },
    { name: 'tool_code', type: 'ref', label: { 'zh-chs': '检验工具', en: 'Inspection tool' }, ref: 'QualityTool' },
    { name: 'method', type: 'text', label: { 'zh-chs': '检验方法', en: 'Method' } },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
