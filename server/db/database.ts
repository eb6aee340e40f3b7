/**
 * Opens the database: PostgreSQL when a URL is given, else embedded PGlite (PostgreSQL in WASM)
 * with its files in a directory (or `memory://`). Both are driven through node-postgres, so Kysely,
 * SQL and result parsing (timestamptz -> Date, bigint -> string, ...) are the same on both.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  /** Ends the pool and, for PGlite, closes it so its files are complete on disk. */
  close(): Promise<void>;
}

export type DatabaseLocation = { databaseUrl: string } | { dataDir: string };

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if ('databaseUrl' in location) {
    const pool = new pg.Pool({ connectionString: location.databaseUrl });
    // An idle connection that PostgreSQL ends (a restart, an administrator's pg_terminate_backend) is
    // reported on the pool; node-postgres crashes the process when nobody listens. The pool drops that
    // connection and opens a new one for the next query, so noting it is all there is to do.
    pool.on('error', (error) => console.error(`database: an idle connection was lost (${error.message}); the next query opens a new one`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const closed = connectionsClosed(pool);
    return { db, close: () => db.destroy().then(closed) };
  }
  if (!location.dataDir.startsWith('memory://')) await mkdir(location.dataDir, { recursive: true });
  return pgliteDatabase(await PGlite.create(location.dataDir));
}

/** Kysely over a PGlite instance; closing the handle closes the instance. */
export function pgliteDatabase(pglite: PGlite): DatabaseHandle {
  // PGlite ships a node-postgres connection bridge. It is one shared connection, so the pool holds
  // exactly one client (which also serialises transactions, as PGlite has a single session).
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 } as pg.PoolConfig);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const closed = connectionsClosed(pool);
  return {
    db,
    close: async () => {
      await db.destroy();
      await closed();
      await pglite.close();
    },
  };
}

/**
 * A wait for every connection of the pool to have ended. node-postgres's pool.end() (Kysely's destroy)
 * resolves once it has asked its connections to end, not when they have: a caller that drops the
 * database next (WITH (FORCE)), copies it as a template, or closes PGlite would meet connections
 * still ending, and PostgreSQL's termination of one surfaces as an error nobody handles.
 */
function connectionsClosed(pool: pg.Pool): () => Promise<void> {
  let open = 0;
  let whenAllEnded: (() => void) | undefined;
  pool.on('connect', () => void open++);
  pool.on('remove', () => {
    open--;
    if (open === 0) whenAllEnded?.();
  });
  return () => (open === 0 ? Promise.resolve() : new Promise<void>((resolve) => (whenAllEnded = resolve)));
}

/**
 * Runs `work` in a transaction, or in the caller's when `db` already is one (Kysely cannot nest
 * them), so a helper that must be atomic also works as one step of a larger transaction.
 */
export function inTransaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Brings the schema to the newest migration; throws with the failing migration's error. */
export async function migrateToLatest(db: DB): Promise<void> {
  // Domains add migrations side by side (0030_admin landed after 0040_favourites): a database made in
  // between must still get the one it lacks, instead of Kysely refusing it as 'corrupted'.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
