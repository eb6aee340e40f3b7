/**
 * The migrations: every `NNNN_name.ts` (or `NNNN_NN_name.ts`) file of this folder, in file-name
 * order, which is also the order Kysely runs them in. Read from the folder, not from a hand-kept
 * list, so two branches that each add a migration touch no common file. Works under tsx and vitest,
 * and in the bundle `npm start` runs (server/launch.mjs).
 *
 * A released migration is frozen history: never edited, and it imports nothing but kysely and the
 * frozen helpers in ./frozen/, so it makes the same schema however the live code changes
 * (tests/server/migrations.test.ts checks both). A new migration sorts after every applied one;
 * migrateToLatest (../database.ts) refuses one that does not.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql, type Migration, type MigrationProvider } from 'kysely';

/** A migration file's name: four digits, optionally a two-digit slot within them, then snake_case. */
export const MIGRATION_FILE = /^(\d{4}_[a-z0-9_]+)\.ts$/;

export const MIGRATIONS_DIR = fileURLToPath(new URL('.', import.meta.url));

/** The migration names of a folder in the order they run (plain code-unit order, as Kysely sorts). */
export function migrationNamesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .flatMap((entry) => MIGRATION_FILE.exec(entry.name)?.[1] ?? [])
    .sort();
}

/**
 * A migration run with constraint triggers firing at once: the cache-generation triggers (0086_01)
 * are deferred to commit, and PostgreSQL refuses to ALTER a table that has pending trigger events
 * ("cannot ALTER TABLE ... because it has pending trigger events"), so a migration that writes rows
 * of a cached table and then changes that table would fail.
 */
const withImmediateTriggers = (migration: Migration): Migration => ({
  up: async (db) => {
    await sql`set constraints all immediate`.execute(db);
    await migration.up(db);
  },
  ...(migration.down ? { down: migration.down } : {}),
});

/** A provider that can also name its migrations without loading them. */
export interface NamedMigrationProvider extends MigrationProvider {
  names(): string[];
}

/**
 * A provider of the migration files of `dir`. `names()` reads only the folder: a start that finds
 * them all applied (nearly every start) does not import the ~90 migration modules.
 */
export function migrationsIn(dir: string): NamedMigrationProvider {
  return {
    names: () => migrationNamesIn(dir),
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const name of migrationNamesIn(dir)) {
        // This folder's own through a relative import: the bundle `npm start` runs (server/launch.mjs) carries every
        // file that pattern matches, as it cannot carry a computed address.
        const migration = dir === MIGRATIONS_DIR ? await import(`./${name}.ts`) : await import(pathToFileURL(path.join(dir, `${name}.ts`)).href);
        migrations[name] = withImmediateTriggers(migration as Migration);
      }
      return migrations;
    },
  };
}

export const migrationProvider = migrationsIn(MIGRATIONS_DIR);
