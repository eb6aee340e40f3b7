/** Master data Old-to-new part mapping (md_part_mapping), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_part_mapping',
  listRoute: '/masterdata/part-mapping',
  menuCode: 'MasterPartMapping',
  title: '新旧料号对照',
  titleEn: 'Old-to-new part mapping',
  orgScoped: true,
  columns: [
    { name: 'old_part_code', type: 'text', label: '旧料号', required: true, unique: true },
    { name: 'new_part_code', type: 'ref', label: '新料号', required: true, refTable: 'md_part', refColumn: 'code' },
    { name: 'effective_date', type: 'date', label: '生效日期' },
    { name: 'remark', type: 'text', label: '备注' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
