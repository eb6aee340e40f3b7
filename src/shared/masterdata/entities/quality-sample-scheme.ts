/**
 * Master data: Sample schemes (抽样方案). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const qualitySampleSchemeEntity = defineEntity({
  resource: 'QualitySampleScheme',
  table: 'md_quality_sample_scheme',
  listRoute: '/quality/sample-scheme',
  menuCode: 'QualitySampleScheme',
  title: { 'zh-chs': '抽样方案', en: 'Sample schemes' },
  orgScoped: true,
  recordCheck: 'qualitySampleScheme',
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '方案代码', en: 'Scheme code' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '名称', en: 'Name' }, required: true },
    { name: 'level_code', type: 'ref', label: { 'zh-chs': '检验水平', en: 'Inspection level' }, required: true, ref: 'QualityLevel' },
    { name: 'aql_a', type: 'ref', label: { 'zh-chs': 'A类AQL', en: 'Class A AQL' }, ref: 'QualityAql' },
    { name: 'aql_b', type: 'ref', label: { 'zh-chs': 'B类AQL', en: 'Class B AQL' }, ref: 'QualityAql' },
    { name: 'aql_c', type: 'ref', label: { 'zh-chs': 'C类AQL', en: 'Class C AQL' }, ref: 'QualityAql' },
    { name: 'aql_d', type: 'ref', label: { 'zh-chs': 'D类AQL', en: 'Class D AQL' }, ref: 'QualityAql' },
    { name: 'aql_e', type: 'ref', label: { 'zh-chs': 'E类AQL', en: 'Class E AQL' }, ref: 'QualityAql' },
    { name: 'aql_f', type: 'ref', label: { 'zh-chs': 'F类AQL', en: 'Class F AQL' }, ref: 'QualityAql' },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
