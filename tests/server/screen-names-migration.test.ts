/**
 * 0076_01 and 0076_02 on a database seeded before them: each bill menu takes its name from its bill type
 * (the one source of a type's name), and the report-service variable seeded with a fixed port becomes a
 * link relative to the portal, while a value an administrator chose stays.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrationProvider } from '../../server/db/migrations/index.ts';
import { migrationDatabases, withDatabase } from './support/migration-databases.ts';

/** A database as the seed left it before 0076: migrated to 0060_seed_ledger, with the old demo names. */
async function databaseBefore0076(db: Kysely<unknown>, reportHost: string) {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const before = await migrator.migrateTo('0060_seed_ledger');
  expect(before.error).toBeUndefined();
  await sql`insert into organizations (id, code, name, sort_num) values ('org-b', 'F02', '二厂', 20), ('org-a', 'F01', '一厂', 10)`.execute(db);
  await sql`insert into md_bill_type (id, org_id, code, name, name_en, category) values
    ('bt-1', 'org-a', 'GG', '其他退料', 'Other return', 'RETURN_IN'), ('bt-2', 'org-b', 'GG', '二厂退料', 'Plant 2 return', 'RETURN_IN'),
    ('bt-3', 'org-a', 'JJ', '寄售出库', 'Consignment issue', 'OUTBOUND'), ('bt-4', 'org-b', 'QT', '品质冻结', 'Quality hold', 'QUALITY')`.execute(db);
  await sql`insert into menus (id, parent_id, menu_code, menu_name, menu_en, icon_url, link_url, target, sort_num, enabled) values
    ('menu-Bill', null, 'Bill', '单据管理', 'Bills', '', '', '', 10, 'Y'),
    ('menu-BillGG', 'menu-Bill', 'BillGG', '换货入库单', 'Exchange receipt', '', '/bill/master?billType=GG', '', 10, 'Y'),
    ('menu-BillJJ', 'menu-Bill', 'BillJJ', '加急发料单', 'Urgent issue', '', '/bill/master?billType=JJ', '', 20, 'Y'),
    ('menu-BillQT', 'menu-Bill', 'BillQT', '质检退货单', 'Quality return', '', '/bill/master?billType=QT', '', 30, 'Y'),
    ('menu-BillRQC', 'menu-Bill', 'BillRQC', '复检单', 'Re-inspection', '', '/bill/master?billType=RQC', '', 40, 'Y')`.execute(db);
  await sql`insert into api_path_config (name, value) values ('REPORT_HOST', ${reportHost})`.execute(db);
}

describe('0076 screen names', () => {
  it.each(migrationDatabases)('bill menus take their bill type\'s names, the first organisation\'s when they differ (%s)', (_name, open) =>
    withDatabase(open, async (db, handle) => {
      await databaseBefore0076(db, 'http://localhost:8080/report-host');
      await migrateToLatest(handle.db);
      const menus = await sql<{ menu_code: string; menu_name: string; menu_en: string }>`
        select menu_code, menu_name, menu_en from menus where parent_id = 'menu-Bill' order by sort_num`.execute(db);
      expect(menus.rows).toEqual([
        { menu_code: 'BillGG', menu_name: '其他退料', menu_en: 'Other return' },
        { menu_code: 'BillJJ', menu_name: '寄售出库', menu_en: 'Consignment issue' },
        { menu_code: 'BillQT', menu_name: '品质冻结', menu_en: 'Quality hold' },
        // No bill-type row for RQC: its menu keeps its name.
        { menu_code: 'BillRQC', menu_name: '复检单', menu_en: 'Re-inspection' },
      ]);
      const config = await sql<{ value: string }>`select value from api_path_config where name = 'REPORT_HOST'`.execute(db);
      expect(config.rows).toEqual([{ value: '/report-host' }]);
    }), 60_000);

  it.each(migrationDatabases)('a report host an administrator set is left as it is (%s)', (_name, open) =>
    withDatabase(open, async (db, handle) => {
      await databaseBefore0076(db, 'https://reports.plant.example/rs');
      await migrateToLatest(handle.db);
      const config = await sql<{ value: string }>`select value from api_path_config where name = 'REPORT_HOST'`.execute(db);
      expect(config.rows).toEqual([{ value: 'https://reports.plant.example/rs' }]);
    }), 60_000);
});
