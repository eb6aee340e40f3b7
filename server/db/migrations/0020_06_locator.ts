/** Master data Locator (md_locator), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_locator',
  listRoute: '/masterdata/locator',
  menuCode: 'MasterLocator',
  title: '库位',
  titleEn: 'Locator',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '库位代码', required: true, unique: true },
    { name: 'name', type: 'text', label: '库位名称', required: true },
    { name: 'storage_location_code', type: 'ref', label: '存储地点', required: true, refTable: 'md_storage_location', refColumn: 'code' },
    { name: 'capacity', type: 'int', label: '容量' },
    { name: 'enabled', type: 'bool', label: '启用' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
