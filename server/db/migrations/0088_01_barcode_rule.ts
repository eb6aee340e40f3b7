/** Master data Barcode parsing rules (md_barcode_rule), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';
import { grantReportRead } from './frozen/report-read-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_barcode_rule',
  listRoute: '/reel/parse-rule',
  menuCode: 'ReelParseRule',
  title: '条码解析规则',
  titleEn: 'Barcode parsing rules',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '规则代码', labelEn: 'Rule code', required: true, unique: true },
    { name: 'name', type: 'text', label: '名称', labelEn: 'Name', required: true },
    { name: 'vendor_code', type: 'ref', label: '供应商', labelEn: 'Vendor', refTable: 'md_vendor', refColumn: 'code' },
    { name: 'priority', type: 'int', label: '优先级(小者先试)', labelEn: 'Priority (lower first)' },
    { name: 'kind', type: 'lookup', label: '类型', labelEn: 'Kind', required: true, lookupType: 'BARCODE_RULE_KIND' },
    { name: 'settings', type: 'text', label: '设置(JSON)', labelEn: 'Settings (JSON)' },
    { name: 'enabled', type: 'bool', label: '启用', labelEn: 'Enabled' },
  ],
};

// Configured SQL (reports, dropdowns) may read the new master data, its organisation's rows only.
export async function up(db: Kysely<any>) {
  await createMasterTable(db, table);
  await grantReportRead(db, table.table);
}
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
