/** Master data Old-to-new vendor mapping (md_vendor_mapping), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_vendor_mapping',
  listRoute: '/masterdata/vendor-mapping',
  menuCode: 'MasterVendorMapping',
  title: '新旧供应商对照',
  titleEn: 'Old-to-new vendor mapping',
  orgScoped: true,
  columns: [
    { name: 'old_vendor_code', type: 'text', label: '旧供应商代码', required: true, unique: true },
    { name: 'new_vendor_code', type: 'ref', label: '新供应商', required: true, refTable: 'md_vendor', refColumn: 'code' },
    { name: 'effective_date', type: 'date', label: '生效日期' },
    { name: 'remark', type: 'text', label: '备注' },
  ],
};

export const up = (db: Kysely<any>) => createMasterTable(db, table);
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
