/** Master data Electronic rack (md_rack), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_rack',
  listRoute: '/masterdata/rack',
  menuCode: 'MasterRack',
  title: '电子料架',
  titleEn: 'Electronic rack',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '料架编码', required: true, unique: true },
    { name: 'name', type: 'text', label: '料架名称', required: true },
    { name: 'storage_location_code', type: 'ref', label: '存储地点', required: true, refTable: 'md_storage_location', refColumn: 'code' },
    { name: 'controller_ip', type: 'text', label: '控制器IP' },
    { name: 'controller_port', type: 'int', label: '控制器端口' },
    { name: 'enabled', type: 'bool', label: '启用' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
