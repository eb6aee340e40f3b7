/** Master data Sample schemes (md_quality_sample_scheme), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';
import { grantReportRead } from './frozen/report-read-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_quality_sample_scheme',
  listRoute: '/quality/sample-scheme',
  menuCode: 'QualitySampleScheme',
  title: '抽样方案',
  titleEn: 'Sample schemes',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '方案代码', labelEn: 'Scheme code', required: true, unique: true },
    { name: 'name', type: 'text', label: '名称', labelEn: 'Name', required: true },
    { name: 'level_code', type: 'ref', label: '检验水平', labelEn: 'Inspection level', required: true, refTable: 'md_quality_level', refColumn: 'code' },
    { name: 'aql_a', type: 'ref', label: 'A类AQL', labelEn: 'Class A AQL', refTable: 'md_quality_aql', refColumn: 'code' },
    { name: 'aql_b', type: 'ref', label: 'B类AQL', labelEn: 'Class B AQL', refTable: 'md_quality_aql', refColumn: 'code' },
    { name: 'aql_c', type: 'ref', label: 'C类AQL', labelEn: 'Class C AQL', refTable: 'md_quality_aql', refColumn: 'code' },
    { name: 'aql_d', type: 'ref', label: 'D类AQL', labelEn: 'Class D AQL', refTable: 'md_quality_aql', refColumn: 'code' },
    { name: 'aql_e', type: 'ref', label: 'E类AQL', labelEn: 'Class E AQL', refTable: 'md_quality_aql', refColumn: 'code' },
    { name: 'aql_f', type: 'ref', label: 'F类AQL', labelEn: 'Class F AQL', refTable: 'md_quality_aql', refColumn: 'code' },
    { name: 'enabled', type: 'bool', label: '启用', labelEn: 'Enabled' },
  ],
};

// Configured SQL (reports, dropdowns) may read the new master data, its organisation's rows only.
export async function up(db: Kysely<any>) {
  await createMasterTable(db, table);
  await grantReportRead(db, table.table);
}
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
