/**
 * Master data: Vendor (供应商). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const vendorEntity = defineEntity({
  resource: 'Vendor',
  table: 'md_vendor',
  listRoute: '/masterdata/vendor',
  menuCode: 'MasterVendor',
  title: { 'zh-chs': '供应商', en: 'Vendor' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '供应商代码', en: 'Vendor code' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '供应商名称', en: 'Vendor name' }, required: true },
    { name: 'short_name', type: 'text', label: { 'zh-chs': '简称', en: 'Short name' } },
    { name: 'contact', type: 'text', label: { 'zh-chs': '联系人', en: 'Contact' } },
    { name: 'phone', type: 'text', label: { 'zh-chs': '电话', en: 'Phone' } },
    { name: 'email', type: 'text', label: { 'zh-chs': '邮箱', en: 'Email' } },
    { name: 'address', type: 'text', label: { 'zh-chs': '地址', en: 'Address' } },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
