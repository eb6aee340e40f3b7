/**
 * Stock at a past instant (Stock/Balance with AsOf; bench/stock-query.ts at 1,000,000 reels, 5,000,000
 * ledger rows) is today's balance less the postings made after the instant. Those postings were
 * found through (org, part, created_at) or (org, created_at) and each fetched from the table: a
 * heap visit per posting (a year of a part: ~6,000; a day of everything: ~7,000), 100-250 ms. With
 * the places and quantities in the index the delta is read from the index alone. The two indexes
 * replace the ones they extend (same keys), so a posting still writes as many index entries.
 */
import { sql, type Kysely } from 'kysely';

const COVERED = sql.raw('lot_code, from_sic, from_loc, to_sic, to_loc, qty, reserved_qty, inspection_qty');

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index stock_transactions_part`.execute(db);
  await sql`create index stock_transactions_part on stock_transactions (org_id, part_code, created_at) include (${COVERED})`.execute(db);
  await sql`drop index stock_transactions_created`.execute(db);
  await sql`create index stock_transactions_created on stock_transactions (org_id, created_at) include (part_code, ${COVERED})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index stock_transactions_created`.execute(db);
  await sql`create index stock_transactions_created on stock_transactions (org_id, created_at)`.execute(db);
  await sql`drop index stock_transactions_part`.execute(db);
  await sql`create index stock_transactions_part on stock_transactions (org_id, part_code, created_at)`.execute(db);
}
