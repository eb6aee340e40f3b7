/**
 * Master data: Old-to-new part mapping (新旧料号对照). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const partMappingEntity = defineEntity({
  resource: 'PartMapping',
  table: 'md_part_mapping',
  listRoute: '/masterdata/part-mapping',
  menuCode: 'MasterPartMapping',
  title: { 'zh-chs': '新旧料号对照', en: 'Old-to-new part mapping' },
  orgScoped: true,
  fields: [
    { name: 'old_part_code', type: 'text', label: { 'zh-chs': '旧料号', en: 'Old part number' }, required: true, unique: true },
    { name: 'new_part_code', type: 'ref', label: { 'zh-chs': '新料号', en: 'New part number' }, required: true, ref: 'Part' },
    { name: 'effective_date', type: 'date', label: { 'zh-chs': '生效日期', en: 'Effective date' } },
    { name: 'remark', type: 'text', label: { 'zh-chs': '备注', en: 'Remark' } },
  ],
});
