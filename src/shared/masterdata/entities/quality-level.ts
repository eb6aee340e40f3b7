/**
 * Master data: Inspection levels (检验水平). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const qualityLevelEntity = defineEntity({
  resource: 'QualityLevel',
  table: 'md_quality_level',
  listRoute: '/quality/level',
  menuCode: 'QualityLevel',
  title: { 'zh-chs': '检验水平', en: 'Inspection levels' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '代码', en: 'Code' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '名称', en: 'Name' }, required: true },
    { name: 'iso_level', type: 'lookup', label: { 'zh-chs': 'ISO 2859-1 检验水平', en: 'ISO 2859-1 level' }, required: true, lookup: 'QC_ISO_LEVEL' },
    { name: 'remark', type: 'text', label: { 'zh-chs': '说明', en: 'Remark' } },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
