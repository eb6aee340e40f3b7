/** Master data Check items (md_quality_check_item), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';
import { grantReportRead } from './frozen/report-read-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_quality_check_item',
  listRoute: '/quality/check-item',
  menuCode: 'QualityCheckItem',
  title: '检验项目',
  titleEn: 'Check items',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '项目代码', labelEn: 'Item code', required: true, unique: true },
    { name: 'name', type: 'text', label: '检验项目', labelEn: 'Check item', required: true },
    { name: 'kind', type: 'lookup', label: '类型', labelEn: 'Kind', required: true, lookupType: 'QC_ITEM_KIND' },
    { name: 'unit', type: 'text', label: '单位', labelEn: 'Unit' },
    { name: 'nominal', type: 'number', label: '标准值', labelEn: 'Nominal' },
    { name: 'lower_limit', type: 'number', label: '下限', labelEn: 'Lower limit' },
    { name: 'upper_limit', type: 'number', label: '上限', labelEn: 'Upper limit' },
    { name: 'defect_class', type: 'lookup', label: '缺陷等级', labelEn: 'Defect class', required: true, lookupType: 'QC_DEFECT_CLASS' },
    { name: 'tool_code', type: 'ref', label: '检验工具', labelEn: 'Inspection tool', refTable: 'md_quality_tool', refColumn: 'code' },
    { name: 'method', type: 'text', label: '检验方法', labelEn: 'Method' },
    { name: 'enabled', type: 'bool', label: '启用', labelEn: 'Enabled' },
  ],
};

// Configured SQL (reports, dropdowns) may read the new master data, its organisation's rows only.
export async function up(db: Kysely<any>) {
  await createMasterTable(db, table);
  await grantReportRead(db, table.table);
}
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
