/**
 * Master data: Unit conversion (单位换算). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const unitConversionEntity = defineEntity({
  resource: 'UnitConversion',
  table: 'md_unit_conversion',
  listRoute: '/masterdata/unit-conversion',
  menuCode: 'MasterUnitConversion',
  title: { 'zh-chs': '单位换算', en: 'Unit conversion' },
  orgScoped: true,
  fields: [
    { name: 'part_code', type: 'ref', label: { 'zh-chs': '料号', en: 'Part number' }, required: true, unique: true, ref: 'Part' },
    { name: 'from_unit', type: 'lookup', label: { 'zh-chs': '原单位', en: 'From unit' }, required: true, unique: true, lookup: 'UNIT' },
    { name: 'to_unit', type: 'lookup', label: { 'zh-chs': '目标单位', en: 'To unit' }, required: true, unique: true, lookup: 'UNIT', differentFrom: 'from_unit' },
    { name: 'rate', type: 'number', label: { 'zh-chs': '换算率', en: 'Rate' }, required: true, positive: true },
    { name: 'remark', type: 'text', label: { 'zh-chs': '备注', en: 'Remark' } },
  ],
});
