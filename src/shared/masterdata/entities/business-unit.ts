/**
 * Master data: Business unit (业务单元). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const businessUnitEntity = defineEntity({
  resource: 'BusinessUnit',
  table: 'md_business_unit',
  listRoute: '/masterdata/business-unit',
  menuCode: 'MasterBusinessUnit',
  title: { 'zh-chs': '业务单元', en: 'Business unit' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '业务单元代码', en: 'BU code' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '业务单元名称', en: 'BU name' }, required: true },
    { name: 'factory_code', type: 'ref', label: { 'zh-chs': '工厂', en: 'Factory' }, required: true, ref: 'Factory' },
    { name: 'erp_code', type: 'text', label: { 'zh-chs': 'ERP代码', en: 'ERP code' } },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
