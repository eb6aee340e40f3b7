/**
 * Opens the database: PostgreSQL when a URL is given, else embedded PGlite (PostgreSQL in WASM)
 * with its files in a directory (or `memory://`). Both are driven through node-postgres, so Kysely,
 * SQL and result parsing (timestamptz -> Date, bigint -> string, ...) are the same on both.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { PgliteNotifications, PostgresListener, type NotificationSource } from './notifications.ts';
import { PgliteInWorker } from './pglite-in-worker.ts';
import { prepareStatementsOn } from './prepared-statements.ts';
import type { Database } from './schema.ts';

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  /** Ends the pool and, for PGlite, closes it so its files are complete on disk. */
  close(): Promise<void>;
  /** LISTEN/NOTIFY of this database (notifications.ts): a dedicated connection on PostgreSQL, the one session on PGlite. */
  notifications: NotificationSource;
  /** The embedded database in its worker: its memory (PgliteInWorker.memory). */
  memory?: () => Promise<{ wasmBytes: number | null; heapBytes: number }>;
}

export type DatabaseLocation = { databaseUrl: string } | { dataDir: string; loadDataDir?: Uint8Array };

/**
 * How long one request may hold the database and how many may queue for it, so that neither an
 * expensive query nor a crowd of them makes every other user wait without end.
 */
export interface DatabaseLimits {
  /** PostgreSQL: every connection's statement_timeout. PGlite: the longest one exchange may take before its worker is restarted. */
  statementTimeoutMs: number;
  /** Requests that may wait for a connection; the next one is answered "busy, try again" at once. */
  maxWaiting: number;
  /** How long a request waits for a connection before it is answered "busy, try again". */
  connectionWaitMs: number;
  /** PostgreSQL connections (PGlite has exactly one session). */
  poolSize: number;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  statementTimeoutMs: 30_000,
  maxWaiting: 100,
  connectionWaitMs: 10_000,
  poolSize: 10,
};

/** No connection is free and too many requests wait already (or waited too long): the answer is 503, try again. */
export class DatabaseBusyError extends Error {
  constructor() {
    super('the database is busy: too many requests are waiting for a connection');
  }
}

/**
 * node-postgres's pool with a bound on its queue: pg.Pool queues connection requests without limit,
 * so a dozen slow searches holding every connection made everyone else hang. Past `maxWaiting`
 * queued requests, or after `connectionWaitMs` in the queue, a request fails with DatabaseBusyError.
 */
function boundedPool(config: pg.PoolConfig, limits: DatabaseLimits): pg.Pool {
  const pool = new pg.Pool({ ...config, connectionTimeoutMillis: limits.connectionWaitMs });
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const bounded = () => {
    if (pool.waitingCount >= limits.maxWaiting) return Promise.reject(new DatabaseBusyError());
    return connect().catch((error: unknown) => {
      // pg-pool's only signal that the wait for a connection ran out is this message.
      throw error instanceof Error && error.message === 'timeout exceeded when trying to connect' ? new DatabaseBusyError() : error;
    });
  };
  pool.connect = bounded as typeof pool.connect;
  return pool;
}

/**
 * The embedded database's files did not open (PGlite failed while starting on them). Not a lock and
 * not a kill -9 (PGlite replays its write-ahead log after one): damaged or foreign files. The message
 * says what the operator can do.
 */
export class EmbeddedDatabaseUnopenableError extends Error {
  constructor(
    readonly dataDir: string,
    readonly reason: string,
  ) {
    super(
      `The embedded database in ${path.resolve(dataDir)} could not be opened (${reason}). ` +
        `Its files are damaged or are not a database of this version: after a power loss or an operating-system crash the ` +
        `embedded database may not open (README "The embedded database (PGlite): what it guarantees"). Restore the latest ` +
        `backup into a new directory (DATA_DIR=<new directory> npm run db:restore -- <backup file>) and start with that DATA_DIR.`,
    );
  }
}

export async function openDatabase(location: DatabaseLocation, limits: DatabaseLimits = DEFAULT_DATABASE_LIMITS): Promise<DatabaseHandle> {
  if ('databaseUrl' in location) {
    const pool = boundedPool(
      { connectionString: location.databaseUrl, max: limits.poolSize, statement_timeout: limits.statementTimeoutMs },
      limits,
    );
    // An idle connection that PostgreSQL ends (a restart, an administrator's pg_terminate_backend) is
    // reported on the pool; node-postgres crashes the process when nobody listens. The pool drops that
    // connection and opens a new one for the next query, so noting it is all there is to do.
    pool.on('error', (error) => console.error(`database: an idle connection was lost (${error.message}); the next query opens a new one`));
    prepareStatementsOn(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const closed = connectionsClosed(pool);
    const notifications = new PostgresListener(location.databaseUrl);
    return { db, notifications, close: () => notifications.close().then(() => db.destroy()).then(closed) };
  }
  const inMemory = location.dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(location.dataDir, { recursive: true });
  // Before anything touches the files: a second process on the same directory stops here (data-dir-lock.ts).
  const unlock = inMemory ? async () => {} : await lockDataDir(location.dataDir);
  // The embedded database runs in a worker thread, off the request path (pglite-in-worker.ts).
  const pglite = new PgliteInWorker({ dataDir: location.dataDir, loadDataDir: location.loadDataDir, queryTimeoutMs: limits.statementTimeoutMs });
  try {
    await pglite.waitReady;
  } catch (error) {
    await pglite.close().catch(() => {});
    await unlock();
    if (inMemory) throw error;
    // PGlite's own words, without the worker's prefix and WASM's advice to rebuild it.
    const reason = (error instanceof Error ? error.message : String(error))
      .replace(/^the embedded database could not be opened: /, '')
      .replace(/\s*Build with -sASSERTIONS for more info\.?/, '')
      .replace(/\.$/, '');
    throw new EmbeddedDatabaseUnopenableError(location.dataDir, reason);
  }
  const handle = pgliteDatabase(pglite, limits);
  return { ...handle, close: () => handle.close().finally(unlock), memory: () => pglite.memory() };
}

/** What the node-postgres bridge needs of PGlite: PGlite itself (in this thread) or PgliteInWorker. */
type PgliteLike = Pick<PGlite, 'waitReady' | 'close'> | PgliteInWorker;

/**
 * Kysely over a PGlite instance, in this thread (tests, benchmarks) or in a worker (openDatabase);
 * closing the handle closes the instance.
 */
export function pgliteDatabase(pglite: PgliteLike, limits: DatabaseLimits = DEFAULT_DATABASE_LIMITS): DatabaseHandle {
  // PGlite ships a node-postgres connection bridge. It is one shared connection, so the pool holds
  // exactly one client (which also serialises transactions, as PGlite has a single session).
  const pool = boundedPool({ ...createPgConfig(pglite as PGlite), max: 1 } as pg.PoolConfig, limits);
  // A restarted worker is a new session behind the same client: names then carry the session's number.
  prepareStatementsOn(pool, pglite instanceof PgliteInWorker ? () => pglite.sessions : undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const closed = connectionsClosed(pool);
  const notifications = new PgliteNotifications(pool, pglite instanceof PgliteInWorker ? (listener) => pglite.onRestart(listener) : undefined);
  return {
    db,
    notifications,
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
