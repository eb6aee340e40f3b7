/**
 * Master data: Customer (客户). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const customerEntity = defineEntity({
  resource: 'Customer',
  table: 'md_customer',
  listRoute: '/masterdata/customer',
  menuCode: 'MasterCustomer',
  title: { 'zh-chs': '客户', en: 'Customer' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '客户代码', en: 'Customer code' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '客户名称', en: 'Customer name' }, required: true },
    { name: 'short_name', type: 'text', label: { 'zh-chs': '简称', en: 'Short name' } },
    { name: 'contact', type: 'text', label: { 'zh-chs': '联系人', en: 'Contact' } },
    { name: 'phone', type: 'text', label: { 'zh-chs': '电话', en: 'Phone' } },
    { name: 'address', type: 'text', label: { 'zh-chs': '地址', en: 'Address' } },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
