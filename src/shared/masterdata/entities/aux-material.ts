/**
 * Master data: Auxiliary material (辅料). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const auxMaterialEntity = defineEntity({
  resource: 'AuxMaterial',
  table: 'md_aux_material',
  listRoute: '/masterdata/aux-material',
  menuCode: 'MasterAuxMaterial',
  title: { 'zh-chs': '辅料', en: 'Auxiliary material' },
  orgScoped: true,
  fields: [
    { name: 'part_code', type: 'ref', label: { 'zh-chs': '料号', en: 'Part number' }, required: true, unique: true, ref: 'Part' },
    { name: 'name', type: 'text', label: { 'zh-chs': '辅料名称', en: 'Name' }, required: true },
    { name: 'material_type', type: 'lookup', label: { 'zh-chs': '类型', en: 'Type' }, required: true, lookup: 'AUX_MATERIAL_TYPE' },
    { name: 'category_code', type: 'ref', label: { 'zh-chs': '类别代码', en: 'Category code' }, required: true, ref: 'AuxMaterialCategory' },
    { name: 'validity_days', type: 'int', label: { 'zh-chs': '有效期(天)', en: 'Validity (days)' }, required: true, positive: true },
    { name: 'exposure_hours', type: 'number', label: { 'zh-chs': '暴露时间(小时)', en: 'Exposure (hours)' }, required: true, positive: true },
    { name: 'thaw_hours', type: 'number', label: { 'zh-chs': '最少回温(小时)', en: 'Minimum thaw (hours)' }, positive: true },
    { name: 'characteristic', type: 'text', label: { 'zh-chs': '特性', en: 'Characteristic' } },
    { name: 'active', type: 'bool', label: { 'zh-chs': '启用', en: 'Active' }, initial: true },
    { name: 'remark', type: 'text', label: { 'zh-chs': '备注', en: 'Remark' } },
  ],
});
