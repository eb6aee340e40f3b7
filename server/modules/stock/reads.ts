/**
 * Reading the stock: balances (now, or at a past instant), the ledger of a part, reel or bill (a
 * reel's ledger is its whole history), and a reel. Quantities leave as exact decimal text.
 */
import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { ReelStatus, StockTransactionKind } from '../../db/schema.ts';
import { boundedCount, EXACT_COUNT_BOUND, estimatedCount } from '../../query/list-query.ts';
import { quantityText } from './quantity.ts';

export interface BalanceFilter {
  partCode?: string;
  sic?: string;
  loc?: string;
  lotCode?: string;
  /** Stock as it was at this instant; absent: now. */
  asOf?: Date;
  page: number;
  limit: number;
}

export interface BalanceRow {
  partCode: string;
  sic: string;
  loc: string;
  lotCode: string;
  qty: string;
  reservedQty: string;
  inspectionQty: string;
}

type MasterName = { org_id: string; code: string; name: string };

/** The names of parts by code (a page's worth), read after the page so the balance reads stay as they are. */
export async function partNamesOf(db: DB, orgId: string, codes: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(codes)];
  if (!unique.length) return new Map();
  const { rows } = await sql<{ code: string; name: string }>`
    select code, name from md_part where org_id = ${orgId} and code = any(${unique}::text[])`.execute(db);
  return new Map(rows.map((row) => [row.code, row.name]));
}

/** The filter's conditions on a table of balance keys (`alias.` prefixed when given). */
const matches = (filter: Omit<BalanceFilter, 'asOf' | 'page' | 'limit'>, alias?: string): RawBuilder<unknown> => {
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.partCode !== undefined) conditions.push(sql`${column('part_code')} = ${filter.partCode}`);
  if (filter.sic !== undefined) conditions.push(sql`${column('sic')} = ${filter.sic}`);
  if (filter.loc !== undefined) conditions.push(sql`${column('loc')} = ${filter.loc}`);
  if (filter.lotCode !== undefined) conditions.push(sql`${column('lot_code')} = ${filter.lotCode}`);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
};

type BalanceRecord = { part_code: string; sic: string; loc: string; lot_code: string; qty: string; reserved_qty: string; inspection_qty: string };

/**
 * Balances per (part, storage location, locator, lot) with anything on hand or reserved, now or at a
 * past instant (asOfBalances). Every key a posting names has a balance row (the ledger writes one at
 * a key's first posting and never deletes it), so the balances are the keys. The page follows the
 * balances' key order (an index), and the count is read only when the page is full, as the list
 * engine counts (boundedCount): exact up to 10,000 keys, beyond that the planner's estimate, flagged
 * — counting 100,000 keys was most of a broad read's cost (bench/stock-query.ts). The rows are
 * always exact.
 */
export async function stockBalance(db: DB, orgId: string, filter: BalanceFilter): Promise<{ rows: BalanceRow[]; count: number; countIsEstimate?: true }> {
  const offset = (filter.page - 1) * filter.limit;
  let rows: BalanceRecord[];
  let total: { count: number; countIsEstimate?: true };
  if (filter.asOf) {
    ({ rows, total } = await asOfBalances(db, orgId, filter, filter.asOf, offset));
  } else {
    const held = sql`select part_code, sic, loc, lot_code, on_hand as qty, reserved_qty, inspection_qty from stock_balances
                      where org_id = ${orgId} and ${matches(filter)} and (on_hand <> 0 or reserved_qty <> 0)`;
    ({ rows } = await sql<BalanceRecord>`${held} order by part_code, sic, loc, lot_code limit ${filter.limit} offset ${offset}`.execute(db));
    total = { count: offset + rows.length };
    if (rows.length === filter.limit || (!rows.length && offset > 0)) total = await boundedCount(db, held);
  }
  return {
    rows: rows.map((r) => ({
      partCode: r.part_code,
      sic: r.sic,
      loc: r.loc,
      lotCode: r.lot_code,
      qty: quantityText(r.qty),
      reservedQty: quantityText(r.reserved_qty),
      inspectionQty: quantityText(r.inspection_qty),
    })),
    ...total,
  };
}

/**
 * How many of the transactions since the instant an as-of read takes back as a set (see
 * asOfBalances). A setting only so that a test can send small runs down the other path.
 */
export const AS_OF_SET_BOUND = { transactions: 20_000 };

/**
 * The balances at a past instant: today's balance less every posting made after it (the ledger sums
 * to the balance), so the recent past costs only the recent postings, read from an index that holds
 * them (migration 0087_04), never from the table. Two ways, by how many transactions since the
 * instant (a bounded count of them from the same index first):
 *
 * - a few (a day of everything, a year of a part: ~6,000): one statement answers the page and the
 *   count, and no step of it can be planned to read a set again for each row of another, with or
 *   without planner statistics. A join of the balances to the summed postings was (reverted 1cca8ba):
 *   on a database without statistics (autovacuum off: the tests' copies, the embedded database) it was
 *   a nested loop that read the summed postings again for each of 10,001 balances, 27.7 s. Here:
 *   - the postings are the transactions' two sides appended (where each arrived and where it left;
 *     unfolding each transaction in a lateral join cost three times as much), negated, summed per key
 *     once (`delta`);
 *   - the page: the first offset + limit + (keys taken back) keys held now (`head`, in key order from
 *     the index) and what is taken back, appended and summed per key (`summed`: a few hundred rows,
 *     never joined). A key held then is held now or is a key taken back, and a key not held now holds
 *     nothing at all (nothing reserved or pending inspection without stock on hand: the balances'
 *     checks), so up to head's last key every sum is the key's balance then; at most as many of head's
 *     keys as were taken back drop out, so at least offset + limit of them are held then and the page
 *     lies there. Past head's last key (when head is full) a sum lacks the balance now of a key held
 *     now, but sorts after the page;
 *   - the count: the keys held now (bounded, no join), corrected by the keys taken back (held then but
 *     not now, less held now but not then): up to head's last key `summed` tells both; past it (few:
 *     those of a day of everything that head did not reach) each key's balance now is looked up from
 *     the summed side, a subquery per key (`limit 1` keeps it one), the first balance at or after the
 *     key in the key index's order: one index probe each. Asked by equality, a planner without
 *     statistics probed the (org, sic, loc) index instead, reading every balance of the locator for
 *     each key (11 s for 10,001 keys of one locator). Held now is bounded one past the bound plus the
 *     keys taken back, so a count that reaches it is past the bound whatever the correction.
 * - many (a year of everything: ~2,500,000): summed part by part in the part index's order as the
 *   page's merge join asks for it, so the page and the bounded count stop at the keys they need
 *   (summing them all first took seconds; appended to the balances and summed, 8 s at 1,000,000 reels).
 *
 * The count is used only when the page is full (as stockBalance counts); past the bound it is the
 * planner's estimate, flagged.
 */
async function asOfBalances(db: DB, orgId: string, filter: BalanceFilter, asOf: Date, offset: number): Promise<{ rows: BalanceRecord[]; total: { count: number; countIsEstimate?: true } }> {
  const since = sql`t.org_id = ${orgId} and t.created_at > ${asOf} and ${matches({ partCode: filter.partCode, lotCode: filter.lotCode }, 't')}`;
  const { rows: probed } = await sql<{ n: string }>`
    select count(*) as n from (select 1 from stock_transactions t where ${since} limit ${AS_OF_SET_BOUND.transactions + 1}) as recent`.execute(db);
  const few = Number(probed[0].n) <= AS_OF_SET_BOUND.transactions;
  const filled = (found: number) => found === filter.limit || (!found && offset > 0);

  // The postings since the instant, negated (what is taken back from today's balance), on the filter's places.
  const side = (sicColumn: 'to_sic' | 'from_sic', locColumn: 'to_loc' | 'from_loc', sign: RawBuilder<unknown>) => {
    const [sic, loc] = [sql.ref(`t.${sicColumn}`), sql.ref(`t.${locColumn}`)];
    const conditions = [since, sql`${sic} is not null`];
    if (filter.sic !== undefined) conditions.push(sql`${sic} = ${filter.sic}`);
    if (filter.loc !== undefined) conditions.push(sql`${loc} = ${filter.loc}`);
    return sql`select t.part_code, ${sic} as sic, ${loc} as loc, t.lot_code, ${sign} * t.qty as qty, ${sign} * t.reserved_qty as reserved_qty, ${sign} * t.inspection_qty as inspection_qty
                 from stock_transactions t where ${sql.join(conditions, sql` and `)}`;
  };
  const takenBack = sql`${side('to_sic', 'to_loc', sql`-1`)} union all ${side('from_sic', 'from_loc', sql`1`)}`;
  if (!few) {
    // Summed part by part in the part index's order as the page's merge join asks for it (the read
    // as it was before the few-postings way, unchanged).
    const summed = sql`
      select t.part_code, p.sic, p.loc, t.lot_code, sum(p.qty) as qty, sum(p.reserved_qty) as reserved_qty, sum(p.inspection_qty) as inspection_qty
        from stock_transactions t
       cross join lateral (values (t.to_sic, t.to_loc, t.qty, t.reserved_qty, t.inspection_qty),
                                  (t.from_sic, t.from_loc, -t.qty, -t.reserved_qty, -t.inspection_qty)) as p (sic, loc, qty, reserved_qty, inspection_qty)
       where ${since} and p.sic is not null and ${matches({ sic: filter.sic, loc: filter.loc }, 'p')}
       group by t.part_code, p.sic, p.loc, t.lot_code`;
    const held = sql`
      select * from (select b.part_code, b.sic, b.loc, b.lot_code, b.on_hand - coalesce(d.qty, 0) as qty,
                            b.reserved_qty - coalesce(d.reserved_qty, 0) as reserved_qty, b.inspection_qty - coalesce(d.inspection_qty, 0) as inspection_qty
                       from stock_balances b left join (${summed}) as d on (d.part_code, d.sic, d.loc, d.lot_code) = (b.part_code, b.sic, b.loc, b.lot_code)
                      where b.org_id = ${orgId} and ${matches(filter, 'b')}) as stock
       where qty <> 0 or reserved_qty <> 0`;
    const { rows } = await sql<BalanceRecord>`${held} order by part_code, sic, loc, lot_code limit ${filter.limit} offset ${offset}`.execute(db);
    return { rows, total: filled(rows.length) ? await boundedCount(db, held) : { count: offset + rows.length } };
  }

  const delta = sql`
    select part_code, sic, loc, lot_code, sum(qty) as qty, sum(reserved_qty) as reserved_qty, sum(inspection_qty) as inspection_qty
      from (${takenBack}) as posting
     group by part_code, sic, loc, lot_code`;
  const heldNow = sql`stock_balances b where b.org_id = ${orgId} and ${matches(filter, 'b')} and (b.on_hand <> 0 or b.reserved_qty <> 0)`;
  const reach = sql`${offset + filter.limit} + (select count(*) from delta)`;
  const heldThen = sql`qty <> 0 or reserved_qty <> 0`;
  // Past head's last key (when head holds `reach` keys) a key taken back may be held now: its balance
  // now is looked up by its key, the first balance at or after it in the key index's order.
  const beyond = sql`(select count(*) from head) = ${reach} and (s.part_code, s.sic, s.loc, s.lot_code) > (select part_code, sic, loc, lot_code from last)`;
  const { rows: answered } = await sql<BalanceRecord & { held: string; correction: string }>`
    with delta as materialized (${delta}),
         head as materialized (select b.part_code, b.sic, b.loc, b.lot_code, b.on_hand as qty, b.reserved_qty, b.inspection_qty
                                 from ${heldNow} order by b.part_code, b.sic, b.loc, b.lot_code limit ${reach}),
         last as (select part_code, sic, loc, lot_code from head order by part_code desc, sic desc, loc desc, lot_code desc limit 1),
         summed as materialized (
           select part_code, sic, loc, lot_code, sum(qty) as qty, sum(reserved_qty) as reserved_qty, sum(inspection_qty) as inspection_qty,
                  bool_or(now) as now, bool_or(not now) as taken_back
             from (select *, true as now from head union all select *, false as now from delta) as stock
            group by part_code, sic, loc, lot_code)
    select counted.held, counted.correction, page.*
      from (select (select count(*) from (select 1 from ${heldNow} limit ${EXACT_COUNT_BOUND + 1} + (select count(*) from delta)) as held) as held,
                   (select count(*) filter (where ${heldThen}) - count(*) filter (where now) from summed s where taken_back and not (${beyond}))
                 + (select count(*) filter (where b.on_hand + s.qty <> 0 or b.reserved_qty + s.reserved_qty <> 0) - count(*) filter (where b.on_hand <> 0 or b.reserved_qty <> 0)
                      from summed s
                     cross join lateral (select b.part_code, b.sic, b.loc, b.lot_code, b.on_hand, b.reserved_qty from stock_balances b
                                          where b.org_id = ${orgId} and (b.part_code, b.sic, b.loc, b.lot_code) >= (s.part_code, s.sic, s.loc, s.lot_code)
                                          order by b.part_code, b.sic, b.loc, b.lot_code
                                          limit 1) as b
                     where ${beyond} and (b.part_code, b.sic, b.loc, b.lot_code) = (s.part_code, s.sic, s.loc, s.lot_code)) as correction) as counted
      left join lateral (select part_code, sic, loc, lot_code, qty, reserved_qty, inspection_qty from summed where ${heldThen}
                          order by part_code, sic, loc, lot_code
                          limit ${filter.limit} offset ${offset}) as page on true`.execute(db);
  const rows = answered.filter((r) => r.part_code !== null);
  if (!filled(rows.length)) return { rows, total: { count: offset + rows.length } };
  const [held, correction] = [Number(answered[0].held), Number(answered[0].correction)];
  if (held + correction <= EXACT_COUNT_BOUND) return { rows, total: { count: held + correction } };
  // Past the bound: the planner's estimate of the keys held now (a plan, nothing read), corrected.
  const now = await estimatedCount(db, sql`select 1 from ${heldNow}`);
  return { rows, total: { count: Math.max(EXACT_COUNT_BOUND + 1, now.count + correction), countIsEstimate: true } };
}

export interface LedgerFilter {
  partCode?: string;
  reelCode?: string;
  billCode?: string;
  page: number;
  limit: number;
}

export interface LedgerRow {
  transactionId: string;
  kind: StockTransactionKind;
  time: Date;
  userName: string;
  billCode: string | null;
  lineNo: number | null;
  reelCode: string;
  partCode: string;
  lotCode: string;
  sic: string;
  loc: string;
  qty: string;
  reservedQty: string;
  inspectionQty: string;
  reason: string | null;
}

/**
 * The ledger as postings: each transaction once per place it changed, the quantity signed as it
 * changed that place (a transfer is -qty where it left and +qty where it arrived). Newest first.
 */
export async function stockLedger(db: DB, orgId: string, filter: LedgerFilter): Promise<{ rows: LedgerRow[]; count: number }> {
  let query = db.selectFrom('stock_postings').where('org_id', '=', orgId);
  if (filter.partCode !== undefined) query = query.where('part_code', '=', filter.partCode);
  if (filter.reelCode !== undefined) query = query.where('reel_code', '=', filter.reelCode);
  if (filter.billCode !== undefined) query = query.where('bill_code', '=', filter.billCode);
  const offset = (filter.page - 1) * filter.limit;
  // Every matching transaction has at least one matching posting, so the page's postings come from
  // the newest offset + limit matching transactions: bounding the id lets both sides of the view be
  // read newest first from an index instead of sorting all of a part's postings.
  let newest = db.selectFrom('stock_transactions').select('id').where('org_id', '=', orgId);
  if (filter.partCode !== undefined) newest = newest.where('part_code', '=', filter.partCode);
  if (filter.reelCode !== undefined) newest = newest.where((eb) => eb.or([eb('reel_code', '=', filter.reelCode!), eb('split_reel_code', '=', filter.reelCode!)]));
  if (filter.billCode !== undefined) newest = newest.where('bill_code', '=', filter.billCode);
  const page = async () => {
    // A statement of its own, so the page is planned knowing how few rows the bound leaves (a bound
    // computed inside it is planned as a third of the part's ledger, in parallel: ~100 ms, not 1).
    const bound = await db.selectFrom(newest.orderBy('id', 'desc').limit(offset + filter.limit).as('newest')).select((eb) => eb.fn.min('newest.id').as('id')).executeTakeFirst();
    if (bound?.id === null || bound?.id === undefined) return [];
    return query
      .selectAll()
      .where('transaction_id', '>=', bound.id)
      .orderBy('transaction_id', 'desc')
      // The two postings of a transfer: where it arrived above where it left.
      .orderBy(sql`qty > 0`, 'desc')
      .limit(filter.limit)
      .offset(offset)
      .execute();
  };
  const [rows, total] = await Promise.all([page(), query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()]);
  return {
    rows: rows.map((r) => ({
      transactionId: String(r.transaction_id),
      kind: r.kind,
      time: r.created_at,
      userName: r.user_name,
      billCode: r.bill_code,
      lineNo: r.bill_line_no,
      reelCode: r.reel_code,
      partCode: r.part_code,
      lotCode: r.lot_code,
      sic: r.sic,
      loc: r.loc,
      qty: quantityText(r.qty),
      reservedQty: quantityText(r.reserved_qty),
      inspectionQty: quantityText(r.inspection_qty),
      reason: r.reason,
    })),
    count: Number(total.n),
  };
}

export interface ReelRow {
  reelCode: string;
  partCode: string;
  partName: string | null;
  vendorCode: string | null;
  vendorName: string | null;
  lotCode: string;
  dateCode: string | null;
  expireDate: string | null;
  qty: string;
  status: ReelStatus;
  sic: string | null;
  loc: string | null;
  reservedQty: string;
  reservedBillCode: string | null;
  parentReelCode: string | null;
  receivedAt: Date | null;
  printCount: number;
  printDate: Date | null;
  printer: string | null;
}

export async function findReel(db: DB, orgId: string, reelCode: string): Promise<ReelRow | undefined> {
  const row = await db
    .selectFrom('stock_reels as r')
    .leftJoin(sql<MasterName>`md_part`.as('p'), (join) => join.onRef('p.org_id', '=', 'r.org_id').onRef('p.code', '=', 'r.part_code'))
    .leftJoin(sql<MasterName>`md_vendor`.as('v'), (join) => join.onRef('v.org_id', '=', 'r.org_id').onRef('v.code', '=', 'r.vendor_code'))
    .select([
      'r.reel_code', 'r.part_code', 'p.name as part_name', 'r.vendor_code', 'v.name as vendor_name', 'r.lot_code', 'r.date_code',
      sql<string | null>`r.expire_date::text`.as('expire_date'), 'r.qty', 'r.status', 'r.sic', 'r.loc',
      'r.reserved_qty', 'r.reserved_bill_code', 'r.parent_reel_code', 'r.received_at', 'r.print_count', 'r.print_date', 'r.printer',
    ])
    .where('r.org_id', '=', orgId)
    .where('r.reel_code', '=', reelCode)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    reelCode: row.reel_code,
    partCode: row.part_code,
    partName: row.part_name ?? null,
    vendorCode: row.vendor_code,
    vendorName: row.vendor_name ?? null,
    lotCode: row.lot_code,
    dateCode: row.date_code,
    expireDate: row.expire_date,
    qty: quantityText(row.qty),
    status: row.status,
    sic: row.sic,
    loc: row.loc,
    reservedQty: quantityText(row.reserved_qty),
    reservedBillCode: row.reserved_bill_code,
    parentReelCode: row.parent_reel_code,
    receivedAt: row.received_at,
    printCount: row.print_count,
    printDate: row.print_date,
    printer: row.printer,
  };
}
