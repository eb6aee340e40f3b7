/**
 * Migrations are frozen history run in file-name order: the list is the folder's files (no shared
 * index two branches would both edit), a file that sorts before an applied one is refused, a
 * database from the time unordered migrations were allowed still starts, and a migration imports
 * no live code that could change the schema it makes.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { MIGRATIONS_DIR, migrationProvider, migrationsIn } from '../../server/db/migrations/index.ts';
import { migrationDatabases, withDatabase } from './support/migration-databases.ts';

/** Applied migrations in the order Kysely considers them applied (time, then name). */
const appliedInOrder = async (db: Kysely<unknown>) =>
  (await sql<{ name: string }>`select name from kysely_migration order by timestamp, name`.execute(db)).rows.map((row) => row.name);

const tableExists = async (db: Kysely<unknown>, table: string) =>
  (await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(db)).rows[0].found !== null;

/** A migration file that records, in table `applied`, that it ran (the first one makes the table). */
const recordingMigration = (name: string, first = false) => `
export async function up(db) {
  ${first ? "await db.schema.createTable('applied').addColumn('seq', 'serial').addColumn('name', 'text').execute();" : ''}
  await db.insertInto('applied').values({ name: '${name}' }).execute();
}
`;

describe('migrations from a folder', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-migrations-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it.each(migrationDatabases)('run in file-name order whatever order the files were added in (%s)', (_name, open) =>
    withDatabase(open, async (db, handle) => {
      // Written newest first; a helper folder and a non-migration file are not migrations.
      await writeFile(path.join(dir, '0010_01_third.ts'), recordingMigration('0010_01_third'));
      await writeFile(path.join(dir, '0002_second.ts'), recordingMigration('0002_second'));
      await writeFile(path.join(dir, '0001_first.ts'), recordingMigration('0001_first', true));
      await writeFile(path.join(dir, 'index.ts'), 'export const notAMigration = true;\n');

      await migrateToLatest(handle.db, migrationsIn(dir));
      const ran = await sql<{ name: string }>`select name from applied order by seq`.execute(db);
      expect(ran.rows.map((row) => row.name)).toEqual(['0001_first', '0002_second', '0010_01_third']);
      expect(await appliedInOrder(db)).toEqual(['0001_first', '0002_second', '0010_01_third']);
    }), 60_000);

  it.each(migrationDatabases)('a new file that sorts before an applied one is refused, naming both, and nothing runs (%s)', (_name, open) =>
    withDatabase(open, async (db, handle) => {
      await writeFile(path.join(dir, '0001_first.ts'), recordingMigration('0001_first', true));
      await writeFile(path.join(dir, '0003_third.ts'), recordingMigration('0003_third'));
      await migrateToLatest(handle.db, migrationsIn(dir));

      // Another branch's migration lands later with an earlier number, next to a properly numbered one.
      await writeFile(path.join(dir, '0002_from_another_branch.ts'), recordingMigration('0002_from_another_branch'));
      await writeFile(path.join(dir, '0004_fourth.ts'), recordingMigration('0004_fourth'));
      await expect(migrateToLatest(handle.db, migrationsIn(dir))).rejects.toThrow(
        /migration 0002_from_another_branch refused: it sorts before 0003_third, which this database has applied already/,
      );
      const ran = await sql<{ name: string }>`select name from applied order by seq`.execute(db);
      expect(ran.rows.map((row) => row.name)).toEqual(['0001_first', '0003_third']);

      // Renamed after the applied ones, it runs.
      await rm(path.join(dir, '0002_from_another_branch.ts'));
      await writeFile(path.join(dir, '0005_from_another_branch.ts'), recordingMigration('0005_from_another_branch'));
      await migrateToLatest(handle.db, migrationsIn(dir));
      expect(await appliedInOrder(db)).toEqual(['0001_first', '0003_third', '0004_fourth', '0005_from_another_branch']);
    }), 60_000);
});

describe('the server\'s migrations', () => {
  it('are the migration files of server/db/migrations, in file-name order', async () => {
    const files = (await readdir(MIGRATIONS_DIR)).filter((file) => /^\d{4}_.*\.ts$/.test(file)).map((file) => file.slice(0, -3)).sort();
    const names = Object.keys(await migrationProvider.getMigrations());
    expect(names).toEqual(files);
    // Spot checks of the order across the numbering styles.
    expect(names[0]).toBe('0001_foundation');
    expect(names.indexOf('0004_list_default_sort')).toBeLessThan(names.indexOf('0020_01_lookup'));
    expect(names.indexOf('0020_21_service_config')).toBeLessThan(names.indexOf('0030_admin'));
    expect(names.indexOf('0030_admin')).toBeLessThan(names.indexOf('0040_favourites'));
    expect(names.indexOf('0076_02_relative_report_host')).toBeLessThan(names.indexOf('0077_sso_tickets'));
  });

  it('import nothing but kysely and the frozen helpers, which import nothing but kysely', async () => {
    const importsOf = async (file: string) => [...(await readFile(file, 'utf8')).matchAll(/^import[^;]*?from '([^']+)'/gms)].map((m) => m[1]);
    for (const file of (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{4}_.*\.ts$/.test(name))) {
      for (const source of await importsOf(path.join(MIGRATIONS_DIR, file))) {
        expect(source, `${file} imports ${source}`).toMatch(/^(kysely|\.\/frozen\/[a-z0-9-]+\.ts)$/);
      }
    }
    const frozen = path.join(MIGRATIONS_DIR, 'frozen');
    for (const file of await readdir(frozen)) {
      for (const source of await importsOf(path.join(frozen, file))) expect(source, `${file} imports ${source}`).toBe('kysely');
    }
  });

  it.each(migrationDatabases)('a database migrated while unordered migrations were allowed (0077 before 0076) still starts (%s)', (_name, open) =>
    withDatabase(open, async (db, handle) => {
      // As a server of that time left it: 0077_sso_tickets applied before 0076_* existed (and nothing newer).
      const all = await migrationProvider.getMigrations();
      const before0076: Record<string, Migration> = Object.fromEntries(
        Object.entries(all).filter(([name]) => name <= '0077_sso_tickets' && !name.startsWith('0076_')),
      );
      const old = new Migrator({ db, provider: { getMigrations: async () => before0076 }, allowUnorderedMigrations: true });
      expect((await old.migrateToLatest()).error).toBeUndefined();
      await sql`insert into api_path_config (name, value) values ('REPORT_HOST', 'http://localhost:8080/report-host')`.execute(db);

      await migrateToLatest(handle.db);
      expect(await appliedInOrder(db)).toEqual(Object.keys(all));
      // 0076_02 ran: the report host became relative.
      const config = await sql<{ value: string }>`select value from api_path_config where name = 'REPORT_HOST'`.execute(db);
      expect(config.rows).toEqual([{ value: '/report-host' }]);
      // And the next start finds nothing to do.
      await migrateToLatest(handle.db);
      expect(await tableExists(db, 'sso_tickets')).toBe(true);
    }), 120_000);
});
