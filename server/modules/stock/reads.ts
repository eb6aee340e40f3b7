/**
 * Reading the stock: balances (now, or at a past instant), the ledger of a part, reel or bill (a
 * reel's ledger is its whole history), and a reel. Quantities leave as exact decimal text.
 */
import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { ReelStatus, StockTransactionKind } from '../../db/schema.ts';
import { boundedCount } from '../../query/list-query.ts';
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

/**
 * Balances per (part, storage location, locator, lot) with anything on hand or reserved. At a past
 * instant: today's balance less every posting made after it (the ledger sums to the balance), so
 * the recent past costs only the recent postings, read once each (both places a transaction changed)
 * from an index that holds them (migration 0087_04), never from the table. Every key a posting names
 * has a balance row (the ledger writes one at a key's first posting and never deletes it), so the
 * balances are the keys. The page follows the balances' key order (an index), and the count is read
 * only when the page is full, as the list engine counts (boundedCount): exact up to 10,000 keys,
 * beyond that the planner's estimate, flagged — counting 100,000 keys was most of a broad read's
 * cost (bench/stock-query.ts). The rows are always exact.
 */
export async function stockBalance(db: DB, orgId: string, filter: BalanceFilter): Promise<{ rows: BalanceRow[]; count: number; countIsEstimate?: true }> {
  const now = sql`select part_code, sic, loc, lot_code, on_hand as qty, reserved_qty, inspection_qty from stock_balances where org_id = ${orgId} and ${matches(filter)}`;
  // The postings since the instant per key: each transaction where it arrived (+) and where it left (-).
  const delta =
    filter.asOf &&
    sql`select t.part_code, p.sic, p.loc, t.lot_code, sum(p.qty) as qty, sum(p.reserved_qty) as reserved_qty, sum(p.inspection_qty) as inspection_qty
          from stock_transactions t
         cross join lateral (values (t.to_sic, t.to_loc, t.qty, t.reserved_qty, t.inspection_qty),
                                    (t.from_sic, t.from_loc, -t.qty, -t.reserved_qty, -t.inspection_qty)) as p (sic, loc, qty, reserved_qty, inspection_qty)
         where t.org_id = ${orgId} and t.created_at > ${filter.asOf} and p.sic is not null and ${matches(filter)}
         group by t.part_code, p.sic, p.loc, t.lot_code`;
  const stock = delta
    ? sql`select b.part_code, b.sic, b.loc, b.lot_code, b.on_hand - coalesce(d.qty, 0) as qty,
                 b.reserved_qty - coalesce(d.reserved_qty, 0) as reserved_qty, b.inspection_qty - coalesce(d.inspection_qty, 0) as inspection_qty
            from stock_balances b left join (${delta}) as d on (d.part_code, d.sic, d.loc, d.lot_code) = (b.part_code, b.sic, b.loc, b.lot_code)
           where b.org_id = ${orgId} and ${matches(filter, 'b')}`
    : now;
  const offset = (filter.page - 1) * filter.limit;
  const { rows } = await sql<{ part_code: string; sic: string; loc: string; lot_code: string; qty: string; reserved_qty: string; inspection_qty: string }>`
    select * from (${stock}) as stock where qty <> 0 or reserved_qty <> 0
     order by part_code, sic, loc, lot_code
     limit ${filter.limit} offset ${offset}`.execute(db);
  let total: { count: number; countIsEstimate?: true } = { count: offset + rows.length };
  if (rows.length === filter.limit || (!rows.length && offset > 0)) {
    total = await boundedCount(db, sql`select 1 from (${stock}) as stock where qty <> 0 or reserved_qty <> 0`);
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
  vendorCode: string | null;
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
    .selectFrom('stock_reels')
    .select([
      'reel_code', 'part_code', 'vendor_code', 'lot_code', 'date_code', sql<string | null>`expire_date::text`.as('expire_date'), 'qty', 'status', 'sic', 'loc',
      'reserved_qty', 'reserved_bill_code', 'parent_reel_code', 'received_at', 'print_count', 'print_date', 'printer',
    ])
    .where('org_id', '=', orgId)
    .where('reel_code', '=', reelCode)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    reelCode: row.reel_code,
    partCode: row.part_code,
    vendorCode: row.vendor_code,
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
