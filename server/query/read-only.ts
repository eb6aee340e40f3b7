/**
 * The one way list data and user-configured SQL (list sources, REFERENCE_SQL, SUB_SQL) run:
 * in a READ ONLY transaction, REPEATABLE READ (so a page and its total count see the same rows),
 * with a statement timeout and a lock timeout set first, as the application's login, before any
 * configured SQL runs. A statement that embeds configured SQL (checked by configured-sql.ts) runs
 * as the restricted report role (runAsReportReader), which reads only the report tables, only the
 * caller's organisation's rows; the SQL cannot change the role, the organisation or the timeouts
 * (SET and set_config are not a SELECT of allowed functions).
 *
 * Failures the configuration causes are answered as 400 naming the configuration and the kind of
 * failure, never with the database's own text (a cast error quotes the value it could not read).
 *
 * PGlite runs in one thread without timers inside the database, so the timeout is only enforced
 * on PostgreSQL.
 */
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/database.ts';
import { REPORT_ORG_SETTING, REPORT_READER_ROLE } from '../db/report-reader.ts';
import type { Database } from '../db/schema.ts';
import { Problem } from '../http/problem.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../src/shared/bilingual.ts';

/** The reader's language in a read-only transaction (runReadOnly). */
const LANGUAGE_SETTING = 'portal.language';

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
  if (!blame) return undefined;
  const name = blame.name;
  if (error.code === '42501') return new Problem(400, 'listSqlDenied', { name });
  if (error.code === '42P01') return new Problem(400, 'listSqlUnknownTable', { name });
  if (error.code === '42703') return new Problem(400, 'listSqlUnknownColumn', { name });
  if (error.code === '42883' || error.code === '42804') return new Problem(400, 'listSqlTypeMismatch', { name });
  // The text parsed (configured-sql.ts), so a syntax error now is its shape in the wrapper: e.g. a SUB_SQL of two columns.
  if (error.code === '42601') return new Problem(400, 'listSqlShape', { name });
  // Other syntax and undefined objects (42), read-only violations (25), cardinality (21), data (22), unsupported (0A).
  if (/^(42|25|21|22|0A)/.test(error.code)) return new Problem(400, 'listSqlInvalid', { name, code: error.code });
  return undefined;
}

/**
 * Runs one statement that embeds configured SQL as the report role, seeing the caller's
 * organisation only, then switches back (a failed statement ends the transaction anyway).
 */
export function runAsReportReader<T>(trx: ReadOnlyTransaction, caller: { orgId: string }, blame: Blame, run: () => Promise<T>): Promise<T> {
  return blameSql(blame, async () => {
    await sql`select set_config(${REPORT_ORG_SETTING}, ${caller.orgId}, true), set_config('role', ${REPORT_READER_ROLE}, true)`.execute(trx);
    const result = await run();
    await sql`select set_config('role', 'none', true)`.execute(trx);
    return result;
  });
}

/**
 * `language` is the reader's: a source that keeps words in both languages picks them by the setting
 * `portal.language` (e.g. the warning grid's view, migration 0190_02); the default language without one.
 */
export async function runReadOnly<T>(db: DB, timeoutMs: number, work: (trx: ReadOnlyTransaction) => Promise<T>, language: Language = DEFAULT_LANGUAGE): Promise<T> {
  try {
    return await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        // Set by the application's login before any configured SQL runs; the report role cannot change them.
        await sql`select set_config('statement_timeout', ${String(timeoutMs)}, true), set_config('lock_timeout', ${String(timeoutMs)}, true),
                         set_config(${LANGUAGE_SETTING}, ${language}, true)`.execute(trx);
        return work(trx);
      });
  } catch (error) {
    throw problemOf(error, undefined) ?? error;
  }
}
