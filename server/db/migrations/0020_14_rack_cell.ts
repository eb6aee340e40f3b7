/** Master data Electronic rack cell (md_rack_cell), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_rack_cell',
  listRoute: '/masterdata/rack-cell',
  menuCode: 'MasterRackCell',
  title: '电子料架储位',
  titleEn: 'Electronic rack cell',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '储位编码', required: true, unique: true },
    { name: 'rack_code', type: 'ref', label: '料架', required: true, refTable: 'md_rack', refColumn: 'code' },
    { name: 'row_no', type: 'int', label: '行', required: true },
    { name: 'column_no', type: 'int', label: '列', required: true },
    { name: 'light_address', type: 'text', label: '灯地址', required: true },
    { name: 'locator_code', type: 'ref', label: '库位', refTable: 'md_locator', refColumn: 'code' },
    { name: 'enabled', type: 'bool', label: '启用' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
