/**
 * Master data: Electronic rack cell (电子料架储位). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const rackCellEntity = defineEntity({
  resource: 'RackCell',
  table: 'md_rack_cell',
  listRoute: '/masterdata/rack-cell',
  menuCode: 'MasterRackCell',
  title: { 'zh-chs': '电子料架储位', en: 'Electronic rack cell' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '储位编码', en: 'Cell code' }, required: true, unique: true },
    { name: 'rack_code', type: 'ref', label: { 'zh-chs': '料架', en: 'Rack' }, required: true, ref: 'Rack' },
    { name: 'row_no', type: 'int', label: { 'zh-chs': '行', en: 'Row' }, required: true },
    { name: 'column_no', type: 'int', label: { 'zh-chs': '列', en: 'Column' }, required: true },
    { name: 'light_address', type: 'text', label: { 'zh-chs': '灯地址', en: 'Light address' }, required: true },
    { name: 'locator_code', type: 'ref', label: { 'zh-chs': '库位', en: 'Locator' }, ref: 'Locator' },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
