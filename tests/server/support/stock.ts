/**
 * Stock test helpers: the ledger's invariants read straight from the database, and a refusal turned
 * into the messages a user would read.
 */
import { sql } from 'kysely';
import type { DB } from '../../../server/db/database.ts';
import { Refusal } from '../../../src/shared/messages/refusal.ts';
import { translate } from '../../../src/shared/messages/catalogue.ts';

/**
 * Every way the stock tables can disagree, as readable lines (none: they agree). Per balance key:
 * the ledger's postings sum to the balance, and the reels in stock there sum to it; no balance is
 * negative or reserved beyond what is on hand; a reel is in a place exactly when it is in stock.
 */
export async function stockDisagreements(db: DB, orgId?: string): Promise<string[]> {
  const org = orgId === undefined ? sql`true` : sql`org_id = ${orgId}`;
  const { rows } = await sql<{ problem: string }>`
    with ledger as (
      select org_id, part_code, sic, loc, lot_code, sum(qty) as qty, sum(reserved_qty) as reserved, sum(inspection_qty) as inspection
        from stock_postings where ${org} group by 1, 2, 3, 4, 5),
    reels as (
      select org_id, part_code, sic, loc, lot_code, sum(qty) as qty, sum(reserved_qty) as reserved,
             sum(case when status = 'INSPECTION' then qty else 0 end) as inspection
        from stock_reels where ${org} and sic is not null group by 1, 2, 3, 4, 5),
    balances as (
      select org_id, part_code, sic, loc, lot_code, on_hand as qty, reserved_qty as reserved, inspection_qty as inspection
        from stock_balances where ${org}),
    keys as (select org_id, part_code, sic, loc, lot_code from ledger union select org_id, part_code, sic, loc, lot_code from reels
             union select org_id, part_code, sic, loc, lot_code from balances)
    select format('%s %s %s/%s lot %s: balance %s/%s/%s, ledger %s/%s/%s, reels %s/%s/%s', k.org_id, k.part_code, k.sic, k.loc, k.lot_code,
             b.qty, b.reserved, b.inspection, l.qty, l.reserved, l.inspection, r.qty, r.reserved, r.inspection) as problem
      from keys k
      left join balances b using (org_id, part_code, sic, loc, lot_code)
      left join ledger l using (org_id, part_code, sic, loc, lot_code)
      left join reels r using (org_id, part_code, sic, loc, lot_code)
     where coalesce(b.qty, 0) <> coalesce(l.qty, 0) or coalesce(b.reserved, 0) <> coalesce(l.reserved, 0) or coalesce(b.inspection, 0) <> coalesce(l.inspection, 0)
        or coalesce(b.qty, 0) <> coalesce(r.qty, 0) or coalesce(b.reserved, 0) <> coalesce(r.reserved, 0) or coalesce(b.inspection, 0) <> coalesce(r.inspection, 0)
        or b.qty < 0 or b.reserved < 0 or b.reserved + b.inspection > b.qty
    union all
    select format('reel %s is %s with place %s/%s', reel_code, status, sic, loc) from stock_reels
     where ${org} and (status in ('IN_STOCK', 'INSPECTION')) <> (sic is not null and loc is not null)`.execute(db);
  return rows.map((r) => r.problem);
}

/** What a refused ledger or bill call tells the user (a Problem, or a shared rule's Refusal): the HTTP status and the message in both languages. */
export async function refusalOf(work: Promise<unknown>): Promise<{ status: number; zh: string; en: string }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof Refusal) {
      return { status: error.statusCode, zh: translate('zh-chs', error.messageKey, error.params), en: translate('en', error.messageKey, error.params) };
    }
    throw error;
  }
  throw new Error('the call was accepted, a refusal was expected');
}
