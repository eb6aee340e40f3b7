/**
 * Master data: Bill types (单据类型). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const billTypeEntity = defineEntity({
  resource: 'BillType',
  table: 'md_bill_type',
  listRoute: '/schedule/bill-type',
  menuCode: 'ScheduleBillType',
  title: { 'zh-chs': '单据类型', en: 'Bill types' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '单据类型', en: 'Bill type' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '名称', en: 'Name' }, required: true },
    { name: 'name_en', type: 'text', label: { 'zh-chs': '英文名称', en: 'English name' } },
    { name: 'category', type: 'lookup', label: { 'zh-chs': '类别', en: 'Category' }, required: true, lookup: 'BILL_CATEGORY' },
    { name: 'erp_bill_type', type: 'text', label: { 'zh-chs': 'ERP单据类型', en: 'ERP bill type' } },
    { name: 'required_header_fields', type: 'text', label: { 'zh-chs': '必填表头字段', en: 'Required header fields' } },
    { name: 'inspection', type: 'bool', label: { 'zh-chs': '检验', en: 'Inspection' } },
    { name: 'fefo', type: 'bool', label: { 'zh-chs': '先到期先出', en: 'FEFO' } },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
    { name: 'remark', type: 'text', label: { 'zh-chs': '备注', en: 'Remark' } },
  ],
});
