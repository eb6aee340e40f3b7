/** Master data Standard pack (md_standard_pack), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_standard_pack',
  listRoute: '/masterdata/standard-pack',
  menuCode: 'MasterStandardPack',
  title: '标准包装',
  titleEn: 'Standard pack',
  orgScoped: true,
  columns: [
    { name: 'part_code', type: 'ref', label: '料号', required: true, unique: true, refTable: 'md_part', refColumn: 'code' },
    { name: 'vendor_code', type: 'ref', label: '供应商', required: true, unique: true, refTable: 'md_vendor', refColumn: 'code' },
    { name: 'qty', type: 'number', label: '标准包装数量', required: true, positive: true },
    { name: 'pack_unit', type: 'lookup', label: '包装单位' },
    { name: 'remark', type: 'text', label: '备注' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
