/** Master data Inspection templates (md_quality_template), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';
import { grantReportRead } from './frozen/report-read-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_quality_template',
  listRoute: '/quality/template',
  menuCode: 'QualityTemplate',
  title: '检验模板',
  titleEn: 'Inspection templates',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '模板代码', labelEn: 'Template code', required: true, unique: true },
    { name: 'part_code', type: 'ref', label: '料号', labelEn: 'Part', required: true, refTable: 'md_part', refColumn: 'code' },
    { name: 'check_item_code', type: 'ref', label: '检验项目', labelEn: 'Check item', required: true, unique: true, refTable: 'md_quality_check_item', refColumn: 'code' },
    { name: 'name', type: 'text', label: '模板名称', labelEn: 'Template name', required: true },
    { name: 'scheme_code', type: 'ref', label: '抽样方案', labelEn: 'Sample scheme', required: true, refTable: 'md_quality_sample_scheme', refColumn: 'code' },
    { name: 'seq', type: 'int', label: '顺序', labelEn: 'Sequence' },
    { name: 'enabled', type: 'bool', label: '启用', labelEn: 'Enabled' },
  ],
};

// Configured SQL (reports, dropdowns) may read the new master data, its organisation's rows only.
export async function up(db: Kysely<any>) {
  await createMasterTable(db, table);
  await grantReportRead(db, table.table);
}
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
