/** Master data Warehouse-manager code (md_warehouse_manager), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_warehouse_manager',
  listRoute: '/masterdata/warehouse-manager',
  menuCode: 'MasterWarehouseManager',
  title: '仓管员代码',
  titleEn: 'Warehouse-manager code',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '仓管员代码', required: true, unique: true },
    { name: 'name', type: 'text', label: '姓名', required: true },
    { name: 'user_name', type: 'text', label: '登录账号' },
    { name: 'phone', type: 'text', label: '电话' },
    { name: 'storage_location_code', type: 'ref', label: '负责存储地点', refTable: 'md_storage_location', refColumn: 'code' },
    { name: 'enabled', type: 'bool', label: '启用' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
