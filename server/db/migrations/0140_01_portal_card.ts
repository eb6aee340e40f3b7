/** Master data Portal cards (md_portal_card), written by `npm run gen -- master`. Released migrations are never edited. */
import type { Kysely } from 'kysely';
import { createMasterTable, dropMasterTable, type MasterTableSnapshot } from './frozen/master-table-v1.ts';
import { grantReportRead } from './frozen/report-read-v1.ts';

const table: MasterTableSnapshot = {
  table: 'md_portal_card',
  listRoute: '/report/portal-card',
  menuCode: 'ReportPortalCard',
  title: '门户卡片管理',
  titleEn: 'Portal cards',
  orgScoped: true,
  columns: [
    { name: 'code', type: 'text', label: '卡片代码', labelEn: 'Card code', required: true, unique: true },
    { name: 'title_zh', type: 'text', label: '中文标题', labelEn: 'Title (Chinese)', required: true },
    { name: 'title_en', type: 'text', label: '英文标题', labelEn: 'Title (English)', required: true },
    { name: 'source', type: 'lookup', label: '数据来源', labelEn: 'Data source', required: true, lookupType: 'PORTAL_SOURCE' },
    { name: 'report_code', type: 'text', label: '报表代码', labelEn: 'Report code' },
    { name: 'view', type: 'lookup', label: '展示方式', labelEn: 'View', required: true, lookupType: 'PORTAL_VIEW' },
    { name: 'enabled', type: 'bool', label: '启用', labelEn: 'Enabled' },
  ],
};

// Configured SQL (reports, dropdowns) may read the new master data, its organisation's rows only.
export async function up(db: Kysely<any>) {
  await createMasterTable(db, table);
  await grantReportRead(db, table.table);
}
export const down = (db: Kysely<any>) => dropMasterTable(db, table);
