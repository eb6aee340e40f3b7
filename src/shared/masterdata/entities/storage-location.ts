/**
 * Master data: Storage location (存储地点). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const storageLocationEntity = defineEntity({
  resource: 'StorageLocation',
  table: 'md_storage_location',
  listRoute: '/masterdata/storage-location',
  menuCode: 'MasterStorageLocation',
  title: { 'zh-chs': '存储地点', en: 'Storage location' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '存储地点(SIC)', en: 'Storage location (SIC)' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '名称', en: 'Name' }, required: true },
    { name: 'factory_code', type: 'ref', label: { 'zh-chs': '工厂', en: 'Factory' }, required: true, ref: 'Factory' },
    { name: 'location_type', type: 'lookup', label: { 'zh-chs': '类型', en: 'Type' }, required: true, lookup: 'SIC_TYPE' },
    { name: 'erp_sic_code', type: 'text', label: { 'zh-chs': 'ERP库存地点', en: 'ERP storage location' } },
    { name: 'is_mrp', type: 'bool', label: { 'zh-chs': '参与MRP', en: 'Counts for MRP' } },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
