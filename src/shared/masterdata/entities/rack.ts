/**
 * Master data: Electronic rack (电子料架). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const rackEntity = defineEntity({
  resource: 'Rack',
  table: 'md_rack',
  listRoute: '/masterdata/rack',
  menuCode: 'MasterRack',
  title: { 'zh-chs': '电子料架', en: 'Electronic rack' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '料架编码', en: 'Rack code' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '料架名称', en: 'Rack name' }, required: true },
    { name: 'storage_location_code', type: 'ref', label: { 'zh-chs': '存储地点', en: 'Storage location' }, required: true, ref: 'StorageLocation' },
    { name: 'controller_ip', type: 'text', label: { 'zh-chs': '控制器IP', en: 'Controller IP' } },
    { name: 'controller_port', type: 'int', label: { 'zh-chs': '控制器端口', en: 'Controller port' } },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
