/**
 * Master data: Part (物料). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const partEntity = defineEntity({
  resource: 'Part',
  table: 'md_part',
  listRoute: '/masterdata/part',
  menuCode: 'MasterPart',
  title: { 'zh-chs': '物料', en: 'Part' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '料号', en: 'Part number' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '品名', en: 'Part name' }, required: true },
    { name: 'spec', type: 'text', label: { 'zh-chs': '规格', en: 'Specification' } },
    { name: 'unit', type: 'lookup', label: { 'zh-chs': '单位', en: 'Unit' }, required: true, lookup: 'UNIT' },
    { name: 'msl_level', type: 'lookup', label: { 'zh-chs': '湿敏等级', en: 'MSL level' }, lookup: 'MSL_LEVEL' },
    { name: 'shelf_life_days', type: 'int', label: { 'zh-chs': '保质期(天)', en: 'Shelf life (days)' } },
    { name: 'iqc_required', type: 'bool', label: { 'zh-chs': '需要IQC', en: 'IQC required' } },
    { name: 'lot_control', type: 'bool', label: { 'zh-chs': '批次管理', en: 'Lot controlled' } },
    { name: 'min_pack_qty', type: 'number', label: { 'zh-chs': '最小包装量', en: 'Minimum pack qty' }, positive: true },
    { name: 'default_storage_location_code', type: 'ref', label: { 'zh-chs': '默认存储地点', en: 'Default storage location' }, ref: 'StorageLocation' },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
