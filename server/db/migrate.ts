/**
 * Brings a database to the newest migration (migrations/index.ts), strictly in file-name order:
 * Kysely's allowUnorderedMigrations is off, and a migration that sorts before one the database has
 * applied already is refused with a message naming both, instead of being applied out of order
 * (two branches that each added a migration: the later one to land takes a later number).
 */
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from './database.ts';
import { migrationProvider, type NamedMigrationProvider } from './migrations/index.ts';

/**
 * The migrations released while unordered migrations were still allowed (until issue 13). A database
 * from then may have applied them in another order than their names', or lack one that sorts before
 * its newest (0030_admin landed after 0040_favourites, 0072 after 0075_01, 0076_* after 0077): it
 * gets those once, as it would have then, and its history is recorded in name order. Frozen: never
 * add to it.
 */
const RELEASED_UNORDERED = new Set([
  '0001_foundation', '0002_list_config', '0003_demo_reels', '0004_list_default_sort',
  '0020_01_lookup', '0020_02_company', '0020_03_factory', '0020_04_business_unit', '0020_05_storage_location',
  '0020_06_locator', '0020_07_vendor', '0020_08_customer', '0020_09_part', '0020_10_part_extension',
  '0020_11_warehouse_manager', '0020_12_part_charger', '0020_13_rack', '0020_14_rack_cell', '0020_15_standard_pack',
  '0020_16_unit_conversion', '0020_17_part_mapping', '0020_18_vendor_mapping', '0020_19_bill_type',
  '0020_20_bill_type_extension', '0020_21_service_config', '0030_admin', '0031_user_roles', '0040_favourites',
  '0040_home', '0041_home_lists', '0042_english_captions', '0050_tool_files', '0060_seed_ledger',
  '0070_report_reader', '0072_login_throttle', '0073_01_role_name_unique', '0073_02_captcha_client_address',
  '0074_unit_conversion_units_differ', '0075_01_list_column_meta', '0076_01_bill_menu_names',
  '0076_02_relative_report_host', '0077_sso_tickets',
]);

/** Brings the schema to the newest migration; throws with the failing (or refused) migration's name. */
export async function migrateToLatest(db: DB, provider: MigrationProvider = migrationProvider): Promise<void> {
  if (await appliedAlready(db, provider)) return;
  await catchUpUnorderedPast(db, provider);
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: false });
  const migrations = await migrator.getMigrations();
  const lastApplied = migrations.findLastIndex((m) => m.executedAt);
  const late = migrations.slice(0, Math.max(lastApplied, 0)).find((m) => !m.executedAt);
  if (late) {
    throw new Error(
      `database migration ${late.name} refused: it sorts before ${migrations[lastApplied].name}, which this database has applied already. ` +
        'Migrations run in file-name order only; give the new migration a name that sorts after every released one.',
    );
  }
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  // A migration may change the columns of a list's source, which no trigger sees: the other server
  // processes on this database drop what they cached (db/generation-cache.ts).
  // (A provider of older migrations only, as some tests pass, has no such table yet.)
  if (results?.some((r) => r.status === 'Success')) {
    await sql`do $$ begin if to_regclass('cache_generation') is not null then update cache_generation set generation = generation + 1 where id = 1; end if; end $$`.execute(db);
  }
}

/**
 * Whether the database has applied exactly the provider's migrations: what nearly every start finds.
 * Two small queries, where Kysely's Migrator reads the whole catalogue (its table check introspects
 * every table and column) three times over, which took a good part of a start on PGlite; and the
 * migrations' names from their folder, without importing them.
 */
async function appliedAlready(db: DB, provider: MigrationProvider): Promise<boolean> {
  const { rows: present } = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!present[0]?.present) return false;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const applied = new Set(rows.map((row) => row.name));
  const known = 'names' in provider ? (provider as NamedMigrationProvider).names() : Object.keys(await provider.getMigrations());
  return applied.size === known.length && known.every((name) => applied.has(name));
}

/**
 * A database migrated while unordered migrations were allowed: applies the released migrations it
 * lacks below its newest (as Kysely's unordered mode did), then records its history in name order,
 * so that the ordered check holds. Anything else out of order is left for migrateToLatest to refuse.
 */
async function catchUpUnorderedPast(db: DB, provider: MigrationProvider): Promise<void> {
  const migrations = await new Migrator({ db, provider }).getMigrations();
  const lastApplied = migrations.findLastIndex((m) => m.executedAt);
  if (lastApplied < 0 || !migrations.slice(0, lastApplied + 1).every((m) => RELEASED_UNORDERED.has(m.name))) return;

  if (migrations.slice(0, lastApplied).some((m) => !m.executedAt)) {
    const released: Record<string, Migration> = Object.fromEntries(migrations.slice(0, lastApplied + 1).map((m) => [m.name, m.migration]));
    const unordered = new Migrator({ db, provider: { getMigrations: async () => released }, allowUnorderedMigrations: true });
    const { error, results } = await unordered.migrateToLatest();
    if (error) {
      const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
      throw new Error(`database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  // The same instants, given to the names in name order: Kysely orders applied migrations by time.
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration for update`.execute(trx);
    const released = rows.filter((row) => RELEASED_UNORDERED.has(row.name));
    const names = released.map((row) => row.name).sort();
    const instants = released.map((row) => row.timestamp).sort();
    const byTime = [...released].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.name.localeCompare(b.name)).map((row) => row.name);
    if (byTime.every((name, i) => name === names[i])) return;
    for (const [i, name] of names.entries()) {
      await sql`update kysely_migration set timestamp = ${instants[i]} where name = ${name}`.execute(trx);
    }
  });
}
