/**
 * The one way list data and user-configured SQL (list sources, REFERENCE_SQL, SUB_SQL) run:
 * in a READ ONLY transaction (so no configured SQL can change data, not even through a CTE or a
 * function), REPEATABLE READ (so a page and its total count see the same rows), with a statement
 * timeout (SET LOCAL, bound as a parameter). PostgreSQL errors a search or a configuration can
 * cause are answered as 400 with a message saying which.
 *
 * PGlite runs in one thread without timers inside the database, so the timeout is only enforced
 * on PostgreSQL.
 */
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { Problem } from '../http/problem.ts';

export type ReadOnlyTransaction = Transaction<Database>;

/** PostgreSQL error fields node-postgres puts on the errors it throws. */
interface PostgresError extends Error {
  code: string;
}

const isPostgresError = (error: unknown): error is PostgresError =>
  error instanceof Error && typeof (error as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((error as PostgresError).code);

/** Whose fault a failing statement is: the SQL configured under `name`, and whether bad values are the searcher's. */
export interface Blame {
  name: string;
  /** The statement binds search values: a value its column cannot read is the search's fault, not the SQL's. */
  bindsSearchValues?: boolean;
}

/** Runs statements of configured SQL; their failures say which configuration cannot run. */
export async function blameSql<T>(blame: Blame, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw problemOf(error, blame) ?? error;
  }
}

/** The 400 answer for a PostgreSQL error of a list query, or undefined for errors that are the server's own. */
function problemOf(error: unknown, blame: Blame | undefined): Problem | undefined {
  if (error instanceof Problem || !isPostgresError(error)) return undefined;
  if (error.code === '57014') return new Problem(400, 'listQueryTimeout');
  // Data exceptions (class 22): a search value the column's type cannot read, e.g. 'abc' for a number.
  if (error.code.startsWith('22') && (!blame || blame.bindsSearchValues)) return new Problem(400, 'listValueMismatch');
  // Syntax and undefined objects (42), read-only violations (25), cardinality (21), data (22), unsupported (0A).
  if (blame && /^(42|25|21|22|0A)/.test(error.code)) {
    return new Problem(400, 'listSqlInvalid', { name: blame.name, detail: error.message });
  }
  return undefined;
}

export async function runReadOnly<T>(db: DB, timeoutMs: number, work: (trx: ReadOnlyTransaction) => Promise<T>): Promise<T> {
  try {
    return await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        await sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`.execute(trx);
        return work(trx);
      });
  } catch (error) {
    throw problemOf(error, undefined) ?? error;
  }
}
