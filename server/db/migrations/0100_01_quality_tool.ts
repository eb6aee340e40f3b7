/** Master data Inspection tools (md_quality_tool), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';
import { grantReportRead } from './frozen/report-read-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_quality_tool',
  listRoute: '/quality/tool',
  menuCode: 'QualityTool',
  title: '检验工具',
  titleEn: 'Inspection tools',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '工具编号', labelEn: 'Tool code', required: true, unique: true },
    { name: 'name', type: 'text', label: '名称', labelEn: 'Name', required: true },
    { name: 'model', type: 'text', label: '型号规格', labelEn: 'Model' },
    { name: 'serial_no', type: 'text', label: '出厂编号', labelEn: 'Serial number' },
    { name: 'calibration_due', type: 'date', label: '校准到期日', labelEn: 'Calibration due' },
    { name: 'enabled', type: 'bool', label: '启用', labelEn: 'Enabled' },
  ],
};

// Configured SQL (reports, dropdowns) may read the new master data, its organisation's rows only.
export async function up(db: Kysely<any>) {
  await createMasterTable(db, table);
  await grantReportRead(db, table.table);
}
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
