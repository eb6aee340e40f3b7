/**
 * Master data: Factory (工厂). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const factoryEntity = defineEntity({
  resource: 'Factory',
  table: 'md_factory',
  listRoute: '/masterdata/factory',
  menuCode: 'MasterFactory',
  title: { 'zh-chs': '工厂', en: 'Factory' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '工厂代码', en: 'Factory code' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '工厂名称', en: 'Factory name' }, required: true },
    { name: 'company_code', type: 'ref', label: { 'zh-chs': '公司', en: 'Company' }, required: true, ref: 'Company' },
    { name: 'erp_plant', type: 'text', label: { 'zh-chs': 'ERP工厂', en: 'ERP plant' } },
    { name: 'address', type: 'text', label: { 'zh-chs': '地址', en: 'Address' } },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
