/**
 * Master data: Part charger (物料负责人). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const partChargerEntity = defineEntity({
  resource: 'PartCharger',
  table: 'md_part_charger',
  listRoute: '/masterdata/part-charger',
  menuCode: 'MasterPartCharger',
  title: { 'zh-chs': '物料负责人', en: 'Part charger' },
  orgScoped: true,
  fields: [
    { name: 'part_code', type: 'ref', label: { 'zh-chs': '料号', en: 'Part number' }, required: true, unique: true, ref: 'Part' },
    { name: 'charger_name', type: 'text', label: { 'zh-chs': '负责人', en: 'Charger' }, required: true },
    { name: 'user_name', type: 'text', label: { 'zh-chs': '登录账号', en: 'User name' } },
    { name: 'phone', type: 'text', label: { 'zh-chs': '电话', en: 'Phone' } },
    { name: 'email', type: 'text', label: { 'zh-chs': '邮箱', en: 'Email' } },
  ],
});
