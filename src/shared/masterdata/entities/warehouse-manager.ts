/**
 * Master data: Warehouse-manager code (仓管员代码). Written by `npm run gen -- master`; the server's CRUD
 * mechanism (server/crud) and the page (MasterDataPage) both work from this declaration.
 */
import { defineEntity } from '../declaration';

export const warehouseManagerEntity = defineEntity({
  resource: 'WarehouseManager',
  table: 'md_warehouse_manager',
  listRoute: '/masterdata/warehouse-manager',
  menuCode: 'MasterWarehouseManager',
  title: { 'zh-chs': '仓管员代码', en: 'Warehouse-manager code' },
  orgScoped: true,
  fields: [
    { name: 'code', type: 'text', label: { 'zh-chs': '仓管员代码', en: 'Manager code' }, required: true, unique: true },
    { name: 'name', type: 'text', label: { 'zh-chs': '姓名', en: 'Name' }, required: true },
    { name: 'user_name', type: 'text', label: { 'zh-chs': '登录账号', en: 'User name' } },
    { name: 'phone', type: 'text', label: { 'zh-chs': '电话', en: 'Phone' } },
    { name: 'storage_location_code', type: 'ref', label: { 'zh-chs': '负责存储地点', en: 'Storage location' }, ref: 'StorageLocation' },
    { name: 'enabled', type: 'bool', label: { 'zh-chs': '启用', en: 'Enabled' }, initial: true },
  ],
});
