/**
 * What nearly every call reads and almost nothing writes, kept in the server process: a token's
 * session and user, the user's grants and organisations, a list's route, settings and source
 * columns. Entries are valid for one generation of the database's cache_generation row (migration
 * 0086_01), which every change to the tables they come from raises at commit, whoever makes it and
 * in whichever process. `refresh` reads it — once per request, before the request's first `get` —
 * and when it has moved every entry is dropped, so a change takes effect on the next call.
 *
 * Correct in any interleaving because the generation is read before the entries are loaded: an
 * entry loaded after a change committed but kept under the generation before it is dropped on the
 * next request (it was only fresher than needed), and a change committed after the read is seen by
 * the next request's read.
 *
 * Loads are shared: concurrent requests for one key wait on the same promise; a failed load is not
 * kept. The number of entries is bounded; the oldest go first.
 *
 * Never from inside a transaction (`get` refuses one): every load runs on the database handle, on a
 * connection of its own, for two reasons.
 * - A request in a transaction holds a connection while it waits for a shared load; when that load is
 *   another request's and waits for a connection itself, neither moves until the pool's wait runs
 *   out (always on PGlite, whose pool has one connection): both requests fail, and so did the grid
 *   settings drawer's reload after a save (LoadData loading the settings while QueryData's read-only
 *   transaction waited on that load) — the drawer kept the settings it had.
 * - A load in a REPEATABLE READ snapshot taken before a change committed, filed in the entries of the
 *   generation after it (read meanwhile by another request), would be kept as current until the next
 *   change. A load on the handle starts after the `get`, so after the refresh that made its entries.
 */
import { sql } from 'kysely';
import type { DB } from './database.ts';

/** Enough for every live session and list of a large plant; each entry is small. */
export const MAX_CACHE_ENTRIES = 20_000;

export class GenerationCache {
  private generation = -1n;
  private entries = new Map<string, Promise<unknown>>();
  /** The generation read that is not sent yet (see refresh). */
  private queuedRead: Promise<void> | undefined;
  /** Loads that ran (cache misses), for tests and the bench. */
  loads = 0;

  constructor(private readonly db: DB) {}

  /**
   * Reads the database's generation; when it has moved since the last read, forgets everything.
   *
   * Requests that arrive before a read is sent share it: it is sent on the event loop's next turn,
   * after the requests whose bytes came in the same turn have asked (8 scanners at once cost one read,
   * not 8 round trips). A read sent after a request arrived sees every change committed before it
   * did, which is all `refresh` promises; a request arriving once it is sent waits for the next one.
   */
  refresh(): Promise<void> {
    if (this.queuedRead) return this.queuedRead;
    const read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.queuedRead = undefined;
      return this.readGeneration();
    });
    this.queuedRead = read;
    return read;
  }

  private async readGeneration(): Promise<void> {
    // The row's id as a parameter: only statements with parameters are named (prepared-statements.ts),
    // and this one runs before every call's access check; unnamed it was planned every time.
    const { rows } = await sql<{ generation: string | number }>`select generation from cache_generation where id = ${1}`.execute(this.db);
    const current = BigInt(rows[0]?.generation ?? 0);
    // Requests overlap: a read that was overtaken by a newer one must not take the cache back.
    if (current > this.generation) {
      this.generation = current;
      this.entries = new Map();
    }
  }

  /**
   * The entry of `key`, loaded by `load(db)` on the first call of this generation. `db` must be the
   * database handle, not a transaction (see above).
   */
  get<T>(key: string, db: DB, load: (db: DB) => Promise<T>): Promise<T> {
    if (db.isTransaction) throw new Error(`cache entry ${key} asked for inside a transaction: load it before the transaction begins`);
    const entries = this.entries;
    const kept = entries.get(key);
    if (kept) return kept as Promise<T>;
    this.loads++;
    const loading = load(db);
    if (entries.size >= MAX_CACHE_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, loading);
    loading.catch(() => {
      if (entries.get(key) === loading) entries.delete(key);
    });
    return loading;
  }
}
