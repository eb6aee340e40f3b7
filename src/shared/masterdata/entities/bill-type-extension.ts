/**
 * Master data: Bill type extensions (单据类型扩展). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const billTypeExtensionEntity = defineEntity({
  resource: 'BillTypeExtension',
  table: 'md_bill_type_extension',
  listRoute: '/schedule/bill-type-extension',
  menuCode: 'ScheduleBillTypeExtension',
  title: { 'zh-chs': '单据类型扩展', en: 'Bill type extensions' },
  orgScoped: true,
  fields: [
    { name: 'bill_type_code', type: 'ref', label: { 'zh-chs': '单据类型', en: 'Bill type' }, required: true, unique: true, ref: 'BillType' },
    { name: 'field_name', type: 'text', label: { 'zh-chs': '扩展字段', en: 'Extension field' }, required: true, unique: true },
    { name: 'caption', type: 'text', label: { 'zh-chs': '标题', en: 'Caption' }, required: true },
    { name: 'caption_en', type: 'text', label: { 'zh-chs': '英文标题', en: 'English caption' } },
    { name: 'data_type', type: 'lookup', label: { 'zh-chs': '数据类型', en: 'Data type' }, required: true, lookup: 'FIELD_TYPE' },
    { name: 'required', type: 'bool', label: { 'zh-chs': '必填', en: 'Required' } },
    { name: 'sort_num', type: 'int', label: { 'zh-chs': '排序', en: 'Sort' } },
  ],
});
