/**
 * Ways in for the configured searches and sorts of the big lists (issue 15, bench/server-list.ts at
 * 1,000,000 reels):
 * - the reels grid (demo_reels): its fast searches are status (multi-select) and part, mostly with a
 *   receipt-date range and sorted by receipt time. (org_id, status, received_at) narrows all three at
 *   once, and carrying qty and unit_price lets the footer's sum and average (which read every matching
 *   row) and the count come from the index alone; (org_id, part_code, received_at) serves a part's
 *   reels newest first.
 * - each bill type's grid (bill_header_list over bill_headers): narrowed to its type, searched by
 *   status (the open bills), newest first. (org_id, bill_type, created_at desc) exists (0081_01);
 *   with the status in it the open bills of a type are read in order without visiting the others.
 * The stock ledger and reels are read through Stock/Ledger and Stock/Balance, not list routes; their
 * indexes are 0084_01's.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index demo_reels_org_status_received on demo_reels (org_id, status, received_at) include (qty, unit_price)`.execute(db);
  await sql`create index demo_reels_org_part_received on demo_reels (org_id, part_code, received_at)`.execute(db);
  await sql`create index bill_headers_type_status_time on bill_headers (org_id, bill_type, status, created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index bill_headers_type_status_time`.execute(db);
  await sql`drop index demo_reels_org_part_received`.execute(db);
  await sql`drop index demo_reels_org_status_received`.execute(db);
}
