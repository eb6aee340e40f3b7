/**
 * Master data: Lookup (字典). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const lookupEntity = defineEntity({
  resource: 'Lookup',
  table: 'md_lookup',
  listRoute: '/masterdata/lookup',
  menuCode: 'MasterLookup',
  title: { 'zh-chs': '字典', en: 'Lookup' },
  orgScoped: true,
  fields: [
    { name: 'lookup_type', type: 'text', label: { 'zh-chs': '字典类型', en: 'Lookup type' }, required: true, unique: true },
    { name: 'code', type: 'text', label: { 'zh-chs': '编码', en: 'Code' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '名称', en: 'Name' }, required: true },
    { name: 'name_en', type: 'text', label: { 'zh-chs': '英文名称', en: 'English name' } },
    { name: 'sort_num', type: 'int', label: { 'zh-chs': '排序', en: 'Sort' } },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
