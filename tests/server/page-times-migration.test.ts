/**
 * The generated list screens' time columns show seconds: the seed leaves their date-and-time settings
 * without a format (the grid's default, with seconds), and 0210_01 takes the minute format the seed used
 * to write off migrationDatabases seeded before it, while a format an administrator chose stays.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrationProvider } from '../../server/db/migrations/index.ts';
import { seedSystemData } from '../../server/db/seed/seed-system.ts';
import { DEFAULT_ORGANIZATION } from '../../server/db/seed/system-data.ts';
import { migrationDatabases, withDatabase } from './support/migration-databases.ts';

const OLD_FORMAT = 'YYYY-MM-DD HH:mm';

/** A database as the old seed left it: migrated to 0200_01, the generated screens' time settings with the minute format. */
async function databaseBefore0210(db: Kysely<unknown>) {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const before = await migrator.migrateTo('0200_01_bill_list_names');
  expect(before.error).toBeUndefined();
  await sql`insert into list_routes (list_route, title, title_en, source_kind, source_table, key_field) values
    ('/stocktake', '盘点', 'Stocktaking', 'table', 'stocktake_list', 'id'),
    ('/warehouse/solder-paste', '锡膏', 'Solder paste', 'table', 'solder_paste_list', 'id'),
    ('/custom/list', '自定义', 'Custom', 'table', 'custom_list', 'id')`.execute(db);
  await sql`insert into list_params (id, list_route, ord_idx, param_name, param_caption, field_name, data_type, action_type, show_format) values
    ('page-stocktake-created_at', '/stocktake', 10, 'created_at', '创建时间', 'created_at', 5, 1, ${OLD_FORMAT}),
    ('page-warehouse-solder-paste-received_at', '/warehouse/solder-paste', 10, 'received_at', '入库时间', 'received_at', 5, 1, ${OLD_FORMAT}),
    ('page-warehouse-solder-paste-expires_at', '/warehouse/solder-paste', 20, 'expires_at', '过期时间', 'expires_at', 5, 1, 'YYYY/MM/DD HH:mm'),
    ('page-warehouse-solder-paste-opened_at', '/warehouse/solder-paste', 30, 'opened_at', '开封时间', 'opened_at', 5, 1, null),
    ('custom-list-made_at', '/custom/list', 10, 'made_at', '时间', 'made_at', 5, 1, ${OLD_FORMAT})`.execute(db);
}

const formats = async (db: Kysely<unknown>) =>
  Object.fromEntries(
    (await sql<{ id: string; show_format: string | null }>`select id, show_format from list_params where list_route in ('/stocktake', '/warehouse/solder-paste', '/custom/list') order by id`.execute(db)).rows.map((r) => [r.id, r.show_format]),
  );

describe('0210_01 generated screens\' times with seconds', () => {
  it.each(migrationDatabases)('clears only the seeded minute format of the seeded settings (%s)', (_name, open) =>
    withDatabase(open, async (db, handle) => {
      await databaseBefore0210(db);
      await migrateToLatest(handle.db);
      expect(await formats(db)).toEqual({
        'page-stocktake-created_at': null,
        'page-warehouse-solder-paste-received_at': null,
        // An administrator's format stays, and so does the same format on a list the seed never wrote.
        'page-warehouse-solder-paste-expires_at': 'YYYY/MM/DD HH:mm',
        'page-warehouse-solder-paste-opened_at': null,
        'custom-list-made_at': OLD_FORMAT,
      });
    }), 60_000);

  it.each(migrationDatabases)('a fresh database seeds every generated screen\'s time settings without a format (%s)', (_name, open) =>
    withDatabase(open, async (db, handle) => {
      await migrateToLatest(handle.db);
      await seedSystemData(handle.db, { adminPassword: 'admin123', organizations: [DEFAULT_ORGANIZATION], onlyIntoEmpty: true });
      const times = (await sql<{ list_route: string; param_name: string; show_format: string | null }>`
        select list_route, param_name, show_format from list_params where id like 'page-%' and data_type = 5 order by id`.execute(db)).rows;
      // The nine screens of the report (and the quality report) each have a time column.
      expect(new Set(times.map((t) => t.list_route)).size).toBeGreaterThanOrEqual(9);
      expect(times.filter((t) => t.show_format !== null)).toEqual([]);
    }), 120_000);
});
