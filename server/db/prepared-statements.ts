/**
 * Named (prepared) statements on the database connections. Kysely sends every statement unnamed, so
 * PostgreSQL parses and plans it again on each call; the bill and stock calls are a few large CTE
 * statements whose planning cost more than their execution (issue 14's posting bench: a receipt's
 * five statements took ~9 ms of database time unnamed and ~4 ms named, replayed in one connection).
 * Naming a statement by a hash of its text lets node-postgres parse it once per connection and
 * PostgreSQL keep its plan (its plan cache chooses custom or generic plans as it does for any
 * prepared statement).
 *
 * Bounds: only data statements (select/insert/update/delete/with) with parameters are named, at most
 * MAX_NAMED_TEXTS distinct texts per process (texts built with a varying number of values would
 * otherwise prepare without end); past it, statements go unnamed as before.
 *
 * The embedded database (PGlite) is named too: planning in WebAssembly costs more still (the same
 * replay: ~23 ms unnamed, ~17 ms named, medians of interleaved runs on a loaded machine).
 *
 * DDL: PostgreSQL re-plans a prepared statement after a change to a table it reads, except when its
 * result columns change (a `select *` over a table that gained a column): "cached plan must not
 * change result type". That connection then gives the text a new name (an epoch per connection) and,
 * outside a transaction, runs it again at once; inside one, the error ends the transaction as any
 * error would and the next transaction uses the new name.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

const MAX_NAMED_TEXTS = 2000;
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
/**
 * Errors after which this connection must parse the text again under a new name: a result type changed
 * by DDL, or a statement the session no longer has (the embedded database's worker was restarted
 * after a time-out or a crash: a new session behind the same client).
 */
const PREPARE_AGAIN = (error: unknown) =>
  error instanceof Error &&
  (error.message === 'cached plan must not change result type' || (error as { code?: string }).code === '26000');

const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED_TEXTS && DATA_STATEMENT.test(text)) {
    name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Names the data statements a pool's connections run (see the module comment). `session`, when given,
 * numbers the database session behind the connection (the embedded database's worker restarts behind
 * the same client); a new number makes every text be prepared again in the new session.
 */
export function prepareStatementsOn(pool: pg.Pool, session?: () => number) {
  pool.on('connect', (client) => {
    // The prototype's query looked up at each call, not captured: what wraps or watches node-postgres
    // (a test's spy on pg.Client.prototype.query) still sees every statement.
    const query: QueryFn = (...args) => (Object.getPrototypeOf(client) as { query: QueryFn }).query.apply(client, args);
    let epoch = 0;
    let inTransaction = false;
    const run = async (text: string, values: unknown[]) => {
      // Only statements with parameters: node-postgres sends those through the extended protocol
      // already, where a text holds one statement; one without parameters may be several
      // statements (a migration's script), which only the simple protocol takes.
      const base = values.length ? nameOf(text) : undefined;
      if (base === undefined) return query(text, values);
      const named = () => `${base}${session ? `_s${session()}` : ''}${epoch ? `_${epoch}` : ''}`;
      try {
        return await query({ name: named(), text, values });
      } catch (error) {
        if (!PREPARE_AGAIN(error)) throw error;
        epoch++;
        if (inTransaction) throw error;
        return query({ name: named(), text, values });
      }
    };
    client.query = ((...args: unknown[]) => {
      const [text, values] = args;
      // Kysely's driver calls query(sql, parameters) and awaits the promise; anything else
      // (a config object, a cursor, a callback) goes through untouched.
      if (typeof text !== 'string' || !Array.isArray(values) || args.length !== 2) return query(...args);
      const keyword = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
      if (keyword === 'begin' || keyword === 'start') inTransaction = true;
      else if (keyword === 'commit' || keyword === 'end' || (keyword === 'rollback' && !/^\s*rollback\s+to\b/i.test(text))) inTransaction = false;
      return run(text, values);
    }) as typeof client.query;
  });
}
