/** Master data Storage location (md_storage_location), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_storage_location',
  listRoute: '/masterdata/storage-location',
  menuCode: 'MasterStorageLocation',
  title: '存储地点',
  titleEn: 'Storage location',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '存储地点(SIC)', required: true, unique: true },
    { name: 'name', type: 'text', label: '名称', required: true },
    { name: 'factory_code', type: 'ref', label: '工厂', required: true, refTable: 'md_factory', refColumn: 'code' },
    { name: 'location_type', type: 'lookup', label: '类型', required: true },
    { name: 'erp_sic_code', type: 'text', label: 'ERP库存地点' },
    { name: 'is_mrp', type: 'bool', label: '参与MRP' },
    { name: 'enabled', type: 'bool', label: '启用' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
