/** Master data Unit conversion (md_unit_conversion), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_unit_conversion',
  listRoute: '/masterdata/unit-conversion',
  menuCode: 'MasterUnitConversion',
  title: '单位换算',
  titleEn: 'Unit conversion',
  orgScoped: true,
  columns: [
    { name: 'part_code', type: 'ref', label: '料号', required: true, unique: true, refTable: 'md_part', refColumn: 'code' },
    { name: 'from_unit', type: 'lookup', label: '原单位', required: true, unique: true },
    { name: 'to_unit', type: 'lookup', label: '目标单位', required: true, unique: true },
    { name: 'rate', type: 'number', label: '换算率', required: true, positive: true },
    { name: 'remark', type: 'text', label: '备注' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
