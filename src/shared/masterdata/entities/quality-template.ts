/**
 * Master data: Inspection templates (检验模板). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const qualityTemplateEntity = defineEntity({
  resource: 'QualityTemplate',
  table: 'md_quality_template',
  listRoute: '/quality/template',
  menuCode: 'QualityTemplate',
  title: { 'zh-chs': '检验模板', en: 'Inspection templates' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '模板代码', en: 'Template code' }, required: true, unique: true },
    { name: 'part_code', type: 'ref', label: { 'zh-chs': '料号', en: 'Part' }, required: true, ref: 'Part' },
    { name: 'check_item_code', type: 'ref', label: { 'zh-chs': '检验项目', en: 'Check item' }, required: true, unique: true, ref: 'QualityCheckItem' },
    { name: 'name', type: 'text', label: { 'zh-chs': '模板名称', en: 'Template name' }, required: true },
    { name: 'scheme_code', type: 'ref', label: { 'zh-chs': '抽样方案', en: 'Sample scheme' }, required: true, ref: 'QualitySampleScheme' },
    { name: 'seq', type: 'int', label: { 'zh-chs': '顺序', en: 'Sequence' } },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
