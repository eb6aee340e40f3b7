/**
 * Master data: Old-to-new vendor mapping (新旧供应商对照). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const vendorMappingEntity = defineEntity({
  resource: 'VendorMapping',
  table: 'md_vendor_mapping',
  listRoute: '/masterdata/vendor-mapping',
  menuCode: 'MasterVendorMapping',
  title: { 'zh-chs': '新旧供应商对照', en: 'Old-to-new vendor mapping' },
  orgScoped: true,
  fields: [
    { name: 'old_vendor_code', type: 'text', label: { 'zh-chs': '旧供应商代码', en: 'Old vendor code' }, required: true, unique: true },
    { name: 'new_vendor_code', type: 'ref', label: { 'zh-chs': '新供应商', en: 'New vendor' }, required: true, ref: 'Vendor' },
    { name: 'effective_date', type: 'date', label: { 'zh-chs': '生效日期', en: 'Effective date' } },
    { name: 'remark', type: 'text', label: { 'zh-chs': '备注', en: 'Remark' } },
  ],
});
