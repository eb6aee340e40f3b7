/**
 * The stock reads' ways in at scale (bench/stock-query.ts: 1,000,000 reels, 5,000,000 ledger rows):
 * - a reel's ledger: stock_postings gives the arriving side of a split the split-off reel's code
 *   (coalesce(split_reel_code, reel_code)), which no index covered, so Stock/Ledger by reel read the
 *   whole ledger (~1.1 s);
 * - a part's ledger newest first and its count: (part, id) walks a part's transactions in id order,
 *   and with the places included the count is read from the index alone.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index stock_transactions_posting_reel on stock_transactions (org_id, (coalesce(split_reel_code, reel_code)), id) where to_sic is not null`.execute(db);
  await sql`create index stock_transactions_part_id on stock_transactions (org_id, part_code, id) include (to_sic, from_sic)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index stock_transactions_part_id`.execute(db);
  await sql`drop index stock_transactions_posting_reel`.execute(db);
}
