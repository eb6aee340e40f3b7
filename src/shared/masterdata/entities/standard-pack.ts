/**
 * Master data: Standard pack (标准包装). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const standardPackEntity = defineEntity({
  resource: 'StandardPack',
  table: 'md_standard_pack',
  listRoute: '/masterdata/standard-pack',
  menuCode: 'MasterStandardPack',
  title: { 'zh-chs': '标准包装', en: 'Standard pack' },
  orgScoped: true,
  fields: [
    { name: 'part_code', type: 'ref', label: { 'zh-chs': '料号', en: 'Part number' }, required: true, unique: true, ref: 'Part' },
    { name: 'vendor_code', type: 'ref', label: { 'zh-chs': '供应商', en: 'Vendor' }, required: true, unique: true, ref: 'Vendor' },
    { name: 'qty', type: 'number', label: { 'zh-chs': '标准包装数量', en: 'Pack quantity' }, required: true, positive: true },
    { name: 'pack_unit', type: 'lookup', label: { 'zh-chs': '包装单位', en: 'Pack unit' }, lookup: 'UNIT' },
    { name: 'remark', type: 'text', label: { 'zh-chs': '备注', en: 'Remark' } },
  ],
});
