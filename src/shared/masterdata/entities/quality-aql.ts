/**
 * Master data: AQL (AQL). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const qualityAqlEntity = defineEntity({
  resource: 'QualityAql',
  table: 'md_quality_aql',
  listRoute: '/quality/aql',
  menuCode: 'QualityAql',
  title: { 'zh-chs': 'AQL', en: 'AQL' },
  orgScoped: true,
  recordCheck: 'qualityAql',
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '代码', en: 'Code' }, required: true, unique: true },
    { name: 'value', type: 'number', label: { 'zh-chs': 'AQL值', en: 'AQL value' }, required: true, positive: true },
    { name: 'remark', type: 'text', label: { 'zh-chs': '说明', en: 'Remark' } },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
