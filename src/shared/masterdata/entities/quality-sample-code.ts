/**
 * Master data: Sample codes (样本字码). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const qualitySampleCodeEntity = defineEntity({
  resource: 'QualitySampleCode',
  table: 'md_quality_sample_code',
  listRoute: '/quality/sample-code',
  menuCode: 'QualitySampleCode',
  title: { 'zh-chs': '样本字码', en: 'Sample codes' },
  orgScoped: true,
  recordCheck: 'qualitySampleCode',
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '样本字码', en: 'Code letter' }, required: true, unique: true },
    { name: 'normal_size', type: 'int', label: { 'zh-chs': '正常检验样本量', en: 'Normal sample size' }, positive: true },
    { name: 'tightened_size', type: 'int', label: { 'zh-chs': '加严检验样本量', en: 'Tightened sample size' }, positive: true },
    { name: 'reduced_size', type: 'int', label: { 'zh-chs': '放宽检验样本量', en: 'Reduced sample size' }, positive: true },
    { name: 'remark', type: 'text', label: { 'zh-chs': '说明', en: 'Remark' } },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
