/** Master data Inspection levels (md_quality_level), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';
import { grantReportRead } from './frozen/report-read-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_quality_level',
  listRoute: '/quality/level',
  menuCode: 'QualityLevel',
  title: '检验水平',
  titleEn: 'Inspection levels',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '代码', labelEn: 'Code', required: true, unique: true },
    { name: 'name', type: 'text', label: '名称', labelEn: 'Name', required: true },
    { name: 'iso_level', type: 'lookup', label: 'ISO 2859-1 检验水平', labelEn: 'ISO 2859-1 level', required: true, lookupType: 'QC_ISO_LEVEL' },
    { name: 'remark', type: 'text', label: '说明', labelEn: 'Remark' },
    { name: 'enabled', type: 'bool', label: '启用', labelEn: 'Enabled' },
  ],
};

// Configured SQL (reports, dropdowns) may read the new master data, its organisation's rows only.
export async function up(db: Kysely<any>) {
  await createMasterTable(db, table);
  await grantReportRead(db, table.table);
}
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
