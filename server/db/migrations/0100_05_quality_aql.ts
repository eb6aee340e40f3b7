/** Master data AQL (md_quality_aql), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';
import { grantReportRead } from './frozen/report-read-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_quality_aql',
  listRoute: '/quality/aql',
  menuCode: 'QualityAql',
  title: 'AQL',
  titleEn: 'AQL',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '代码', labelEn: 'Code', required: true, unique: true },
    { name: 'value', type: 'number', label: 'AQL值', labelEn: 'AQL value', required: true, positive: true },
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
