/** Master data Lookup (md_lookup), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_lookup',
  listRoute: '/masterdata/lookup',
  menuCode: 'MasterLookup',
  title: '字典',
  titleEn: 'Lookup',
  orgScoped: true,
  columns: [
    { name: 'lookup_type', type: 'text', label: '字典类型', required: true, unique: true },
    { name: 'code', type: 'text', label: '编码', required: true, unique: true },
    { name: 'name', type: 'text', label: '名称', required: true },
    { name: 'name_en', type: 'text', label: '英文名称' },
    { name: 'sort_num', type: 'int', label: '排序' },
    { name: 'enabled', type: 'bool', label: '启用' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
