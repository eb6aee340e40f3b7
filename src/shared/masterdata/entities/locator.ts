/**
 * Master data: Locator (库位). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const locatorEntity = defineEntity({
  resource: 'Locator',
  table: 'md_locator',
  listRoute: '/masterdata/locator',
  menuCode: 'MasterLocator',
  title: { 'zh-chs': '库位', en: 'Locator' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '库位代码', en: 'Locator code' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '库位名称', en: 'Locator name' }, required: true },
    { name: 'storage_location_code', type: 'ref', label: { 'zh-chs': '存储地点', en: 'Storage location' }, required: true, ref: 'StorageLocation' },
    { name: 'capacity', type: 'int', label: { 'zh-chs': '容量', en: 'Capacity' } },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
