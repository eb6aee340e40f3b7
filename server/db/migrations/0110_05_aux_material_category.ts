/** Master data Auxiliary material category (md_aux_material_category), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';
import { grantReportRead } from './frozen/report-read-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_aux_material_category',
  listRoute: '/masterdata/aux-material-category',
  menuCode: 'MasterAuxMaterialCategory',
  title: '辅料类别',
  titleEn: 'Auxiliary material category',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '类别代码', labelEn: 'Category code', required: true, unique: true },
    { name: 'name', type: 'text', label: '类别名称', labelEn: 'Category name', required: true },
    { name: 'remark', type: 'text', label: '备注', labelEn: 'Remark' },
  ],
};

// Configured SQL (reports, dropdowns) may read the new master data, its organisation's rows only.
export async function up(db: Kysely<any>) {
  await createMasterTable(db, table);
  await grantReportRead(db, table.table);
}
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
