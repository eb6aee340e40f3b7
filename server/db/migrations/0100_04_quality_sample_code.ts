/** Master data Sample codes (md_quality_sample_code), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';
import { grantReportRead } from './frozen/report-read-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_quality_sample_code',
  listRoute: '/quality/sample-code',
  menuCode: 'QualitySampleCode',
  title: '样本字码',
  titleEn: 'Sample codes',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '样本字码', labelEn: 'Code letter', required: true, unique: true },
    { name: 'normal_size', type: 'int', label: '正常检验样本量', labelEn: 'Normal sample size', positive: true },
    { name: 'tightened_size', type: 'int', label: '加严检验样本量', labelEn: 'Tightened sample size', positive: true },
    { name: 'reduced_size', type: 'int', label: '放宽检验样本量', labelEn: 'Reduced sample size', positive: true },
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
