/** Master data Part charger (md_part_charger), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_part_charger',
  listRoute: '/masterdata/part-charger',
  menuCode: 'MasterPartCharger',
  title: '物料负责人',
  titleEn: 'Part charger',
  orgScoped: true,
  columns: [
    { name: 'part_code', type: 'ref', label: '料号', required: true, unique: true, refTable: 'md_part', refColumn: 'code' },
    { name: 'charger_name', type: 'text', label: '负责人', required: true },
    { name: 'user_name', type: 'text', label: '登录账号' },
    { name: 'phone', type: 'text', label: '电话' },
    { name: 'email', type: 'text', label: '邮箱' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
