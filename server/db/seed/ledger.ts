/**
 * The seed ledger (migration 0060): the start-up seed writes a demo row only when its key is not in
 * the ledger yet, then records the key. So a demo row an administrator deleted stays deleted across
 * restarts (it is in the ledger, not in its table), an edited one is never overwritten, and a row
 * added to the demo data later still reaches an existing database once. A database made before the
 * ledger gets its missing demo rows once, then the ledger.
 */
import { sql } from 'kysely';
import { inTransaction, type DB } from '../database.ts';

/**
 * Writes the rows of `rows` whose `${seedTable}` key is not in the ledger with `insert` (which must
 * leave rows that already exist alone, e.g. ON CONFLICT DO NOTHING), and records their keys, in one
 * transaction (the caller's when it runs in one).
 */
export async function seedOnce<R>(
  db: DB,
  seedTable: string,
  rows: readonly R[],
  keyOf: (row: R) => string,
  insert: (trx: DB, rows: R[]) => Promise<unknown>,
): Promise<void> {
  if (!rows.length) return;
  await inTransaction(db, async (trx) => {
    // Two replicas starting on one PostgreSQL at once: the second waits, then finds the keys.
    await sql`select pg_advisory_xact_lock(hashtext('seed_ledger'))`.execute(trx);
    const seeded = new Set(
      (await trx.selectFrom('seed_ledger').select('seed_key').where('seed_table', '=', seedTable).execute()).map((r) => r.seed_key),
    );
    const pending = rows.filter((row) => !seeded.has(keyOf(row)));
    if (!pending.length) return;
    await insert(trx, pending);
    await trx
      .insertInto('seed_ledger')
      .values([...new Set(pending.map(keyOf))].map((key) => ({ seed_table: seedTable, seed_key: key })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
}

/**
 * A bulk demo data set (thousands of generated rows) as one ledger entry, e.g. 'demo-list:reels:v1':
 * `write` runs once per database. A new version of the set needs a new key.
 */
export function seedSetOnce(db: DB, key: string, write: (trx: DB) => Promise<unknown>): Promise<void> {
  return seedOnce(db, 'bulk', [key], (k) => k, (trx) => write(trx));
}

/** Whether `table` has any row: a bulk set met on a database from before the ledger is kept, not written twice. */
export async function hasRows(db: DB, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select exists (select 1 from ${sql.table(table)}) as found`.execute(db);
  return rows[0].found;
}

/**
 * Which of `values` are in `table`.`column`: a demo row whose parent (role, menu, user, ...) an
 * administrator deleted is skipped rather than failing the start with a foreign-key error.
 */
export async function existing(db: DB, table: string, column: string, values: Iterable<string>): Promise<Set<string>> {
  const wanted = [...new Set(values)];
  if (!wanted.length) return new Set();
  const { rows } = await sql<{ value: string }>`select ${sql.ref(column)} as value from ${sql.table(table)} where ${sql.ref(column)} = any(${wanted}::text[])`.execute(db);
  return new Set(rows.map((r) => r.value));
}

/**
 * The rows whose parents all still exist: `parents` names, per parent table, the row's reference to
 * its `id`. A demo row whose role, menu, user, organisation ... an administrator deleted is skipped
 * rather than failing the start with a foreign-key error.
 */
export async function withExistingParents<R>(db: DB, rows: R[], parents: [table: string, idOf: (row: R) => string][]): Promise<R[]> {
  let kept = rows;
  for (const [table, idOf] of parents) {
    const found = await existing(db, table, 'id', kept.map(idOf));
    kept = kept.filter((row) => found.has(idOf(row)));
  }
  return kept;
}
