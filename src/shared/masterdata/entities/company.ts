/**
 * Master data: Company (公司). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const companyEntity = defineEntity({
  resource: 'Company',
  table: 'md_company',
  listRoute: '/masterdata/company',
  menuCode: 'MasterCompany',
  title: { 'zh-chs': '公司', en: 'Company' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '公司代码', en: 'Company code' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '公司名称', en: 'Company name' }, required: true },
    { name: 'short_name', type: 'text', label: { 'zh-chs': '简称', en: 'Short name' } },
    { name: 'tax_no', type: 'text', label: { 'zh-chs': '税号', en: 'Tax number' } },
    { name: 'address', type: 'text', label: { 'zh-chs': '地址', en: 'Address' } },
    { name: 'phone', type: 'text', label: { 'zh-chs': '电话', en: 'Phone' } },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
