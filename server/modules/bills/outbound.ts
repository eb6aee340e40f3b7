/**
 * THE OUTBOUND BILL ACTIONS (issue 14, spec §4): reserve stock, pick, line cancel pick, cancel reel
 * issue, cancel whole-bill issue, confirm close, close line, one-key close, one-key move-stock,
 * handover confirm, post line, light on/off. Every stock change goes through the ledger
 * (server/modules/stock/ledger.ts); the bill engine (load + lock the bill, check the action against
 * src/shared/bills/actions.ts, recompute lines and status, write the action log) runs each of these
 * inside one transaction with the bill locked, so one bill's actions never interleave. A refusal is a
 * Problem and rolls everything back.
 *
 * What each action does to stock, per category (md_bill_type.category; the statuses each accepts and
 * leads to are src/shared/bills/actions.ts's, checked by the engine):
 *
 * ReserveStock     all issuing: RESERVE, per open line, what it still needs from available reels
 *                  (FEFO types: first expiry, then first received; others first received), never an
 *                  expired reel, never more than available.
 * Pick             OUTBOUND, RETURN_VENDOR: ISSUE (the reel leaves stock; RETURN_VENDOR: a reel pending
 *                  inspection too when its lot was rejected on the inspection document the bill was
 *                  made from, Iqc/MakeBill). SCRAP: SCRAP (a reel pending inspection too). A bill made
 *                  from an inspection document picks that lot's reels only (and reserves none). TRANSFER: RESERVE (the reel stays until it is moved).
 *                  A smaller Qty first SPLITs the reel: the split-off reel, own code, is the one picked.
 *                  No Qty (the scan box's pick) picks the WHOLE reel, even when it holds more than the
 *                  line still needs: a reel is handed over as a package, so the ledger says what left
 *                  the shelf (nothing is split off unasked, which would leave a reel without a label).
 *                  It counts for the first open line of its part at its place that takes it whole,
 *                  else the first that still needs some, whose ActualQty then exceeds its Qty
 *                  (BalanceQty 0; the excess counts for no other line, and a further reel of the
 *                  part is refused once no line needs any). To issue only what the line needs, send
 *                  Qty: the reel is split. A line that needs nothing more refuses the reel either way.
 *                  No prior reservation needed; the bill's reservations it makes unnecessary are
 *                  released (UNRESERVE).
 * LineCancelPick,  all issuing: REVERSAL of each pick's transactions (and its move's), newest first,
 * CancelReelIssue, each the reel's latest change: the reel is back where it was with the reservation
 * CancelIssue      it had before the pick (a split stays split). Refused once the line is posted.
 * OneKeyMoveStock  TRANSFER: TRANSFER each picked reel to its line's ToSic/ToLoc, then UNRESERVE it.
 * HandoverConfirm  OUTBOUND, RETURN_VENDOR: none (the reels left at pick; records who, when).
 *                  TRANSFER: as OneKeyMoveStock for the reels not moved yet.
 * CloseLine        issuing: the bill's reservations its other open lines do not need are released;
 *                  TRANSFER: the line's picked reels are moved first. Others: none.
 * ConfirmClose,    issuing: every reservation the bill still holds is released; TRANSFER: picked reels
 * OneKeyClose      are moved first. Others (INBOUND, RETURN_IN, QUALITY): none. Every open line closed.
 * PostLine         none: an ERP outbox row (bill_post_outbox) with the line's picked reels and
 *                  quantity (receiving bills: its received reels, its actual quantity), once per line.
 * LightOn/Off      none: a request for the shelves (bill_light_requests) naming the reels to light:
 *                  an issuing bill's reserved, unpicked reels; a receiving bill's reels not received.
 *                  The handler carries it out on the cells' lights after the commit (server/modules/shelves).
 *
 * Why issue at pick: the scan at the issue counter is the hand-over of the reel (ERPNext's material
 * issue leaves stock when its entry is submitted, Odoo's delivery when it is validated; here each scan
 * is that), so stock shows what is on the shelves, and "cancel reel issue" is what its name says, the exact reversal of an
 * issue (the as-of stock of every earlier instant stays as it was). A transfer bill's picked reels stay
 * in stock (reserved, so no other bill takes them) until they are moved. INBOUND, RETURN_IN and QUALITY
 * bills only close, post and light here (no stock change).
 *
 * Repeats have the effect of once: a reel scanned again on the bill that picked it answers that pick; a
 * partial pick repeated (same reel, same quantity, the bill's latest pick, the reel unchanged since)
 * answers the first; a cancel of what is cancelled already, a move of what is moved, a close of a closed
 * line, a post of a posted line, a light request equal to the last one: nothing new.
 */
import { sql, type ColumnType, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { Problem } from '../../http/problem.ts';
import type { MessageKey } from '../../../src/shared/messages/catalogue.ts';
import type { BillCategory, BillLineStatus } from '../../../src/shared/bills/statuses.ts';
import { applyStockMoves, frozenRefusal, frozenScopeOf, frozenScopes, type FrozenScope, type StockCaller, type StockMove, type StockTransaction } from '../stock/ledger.ts';
import { positiveQuantity, Qty, quantityOf, quantityText, ZERO, type QuantityInput } from '../stock/quantity.ts';
import { reelsByCode } from '../stock/reel-probe.ts';
import { documentOfBill } from '../quality/documents.ts';
import { BOX_ANSWER_COLUMNS } from './engine.ts';

// ---------------------------------------------------------------------------------------------------
// The columns migration 0082_01 adds to bill_boxes (typed here, so the shared schema stays the engine's).

interface BoxPickColumns {
  txn_ids: ColumnType<string[], string[] | undefined, string[]>;
  split_from: string | null;
  split_txn_id: string | null;
  picked_at: Date | null;
  picked_by: string | null;
  handed_over_at: Date | null;
  handed_over_by: string | null;
  /** The pick's RequestKey (migration 0085_03): a retried pick with it answers this box. */
  request_key: string | null;
}
type BoxesTable = Database['bill_boxes'] & BoxPickColumns;
type OutboundDB = Kysely<Omit<Database, 'bill_boxes'> & { bill_boxes: BoxesTable }>;
const tables = (db: DB): OutboundDB => db as unknown as OutboundDB;

// ---------------------------------------------------------------------------------------------------
// What the actions work on: the bill as the engine loaded and locked it.

export interface OutboundLine {
  lineNo: number;
  partCode: string;
  qty: Qty;
  status: BillLineStatus;
  toSic: string | null;
  toLoc: string | null;
  fromSic: string | null;
  fromLoc: string | null;
}

export interface OutboundBill {
  id: string;
  code: string;
  typeCode: string;
  category: BillCategory;
  erpBillType: string | null;
  fefo: boolean;
  lines: OutboundLine[];
}

/** One action's surroundings: the bill's transaction (the bill locked), who, today's date, the action. */
export interface OutboundContext {
  trx: DB;
  caller: StockCaller;
  bill: OutboundBill;
  /** YYYY-MM-DD: a reel whose expiry date is before it is expired. */
  today: string;
  /** The action's name (the ledger rows' reason). */
  action: string;
  /**
   * What the handler read with the bill's lines, in the same statement (outboundState), before this
   * action wrote anything: each is used once, by the first read of it, and read again after that.
   */
  atStart?: OutboundStart;
}

/** The bill's state as an action starts (see OutboundContext.atStart). */
export interface OutboundStart {
  /** The live picks (livePicks's answer). */
  picks?: Pick[];
  /** The reel the action names (readReel's answer; null: no such reel). */
  reel?: { code: string; row: ReelRow | null };
  /** Whether any reel is reserved for the bill, and whether the bill shows any RESERVED box. */
  holdsReservations: boolean;
  hasReservedBoxes: boolean;
}

export type BoxStatus = 'RESERVED' | 'PICKED' | 'MOVED' | 'CANCELLED';

/** A reel the action made or changed, as the answer shows it (ActionReel). */
export interface ActionReelOut {
  ReelCode: string;
  PartCode: string;
  Qty: string;
  LineNo: number;
  Status: BoxStatus;
  LotCode: string;
}

/**
 * What an action did: the reels it changed, the lines whose status it changed (written by the
 * handler), other lines it concerned, and whether it changed anything (default: reels or line
 * statuses changed); nothing changed: no log row, no status change.
 */
export interface OutboundResult {
  reels: ActionReelOut[];
  lineStatuses?: { lineNo: number; status: BillLineStatus }[];
  lines?: number[];
  changed?: boolean;
  /** The action's box write, left for the engine's finishing statement (finishAndAnswer's boxWrite). */
  boxWrite?: RawBuilder<unknown>;
}

const ISSUING: readonly BillCategory[] = ['OUTBOUND', 'RETURN_VENDOR', 'TRANSFER', 'SCRAP'];
export const isIssuing = (category: BillCategory) => ISSUING.includes(category);

/** A reel picked on the bill: its box. */
export interface Pick {
  lineNo: number;
  reelCode: string;
  partCode: string;
  lotCode: string;
  qty: Qty;
  status: string;
  splitFrom: string | null;
  splitTxnId: string | null;
  txnIds: string[];
  pickedAt: Date | null;
  handedOver: boolean;
}

export interface ReelRow {
  reelCode: string;
  partCode: string;
  lotCode: string;
  qty: Qty;
  status: string;
  sic: string | null;
  loc: string | null;
  reserved: Qty;
  reservedBill: string | null;
  expireDate: string | null;
}

const REEL_STATUS: Record<string, MessageKey> = {
  CREATED: 'reelStatusCreated',
  INSPECTION: 'reelStatusInspection',
  IN_STOCK: 'reelStatusInStock',
  ISSUED: 'reelStatusIssued',
  SCRAPPED: 'reelStatusScrapped',
};

// ---------------------------------------------------------------------------------------------------
// Reading.

function pickOf(row: Selectable<BoxesTable>): Pick {
  return {
    lineNo: row.line_no,
    reelCode: row.reel_code,
    partCode: row.part_code,
    lotCode: row.lot_code,
    qty: quantityOf(row.qty),
    status: row.status,
    splitFrom: row.split_from,
    splitTxnId: row.split_txn_id === null ? null : String(row.split_txn_id),
    txnIds: row.txn_ids.map(String),
    pickedAt: row.picked_at,
    handedOver: row.handed_over_at !== null,
  };
}

const boxes = (x: OutboundContext) => tables(x.trx).selectFrom('bill_boxes').selectAll().where('bill_id', '=', x.bill.id);

/** The bill's live picks (PICKED, MOVED), oldest first. */
async function livePicks(x: OutboundContext): Promise<Pick[]> {
  const atStart = x.atStart?.picks;
  if (atStart) {
    x.atStart!.picks = undefined;
    return atStart;
  }
  const rows = await boxes(x).where('status', 'in', ['PICKED', 'MOVED']).orderBy('picked_at').orderBy('reel_code').execute();
  return rows.map(pickOf);
}

const REEL_COLUMNS = ['reel_code', 'part_code', 'lot_code', 'qty', 'status', 'sic', 'loc', 'reserved_qty', 'reserved_bill_code'] as const;

function reelOf(row: {
  reel_code: string;
  part_code: string;
  lot_code: string;
  qty: string;
  status: string;
  sic: string | null;
  loc: string | null;
  reserved_qty: string;
  reserved_bill_code: string | null;
  expire_date: string | null;
}): ReelRow {
  return {
    reelCode: row.reel_code,
    partCode: row.part_code,
    lotCode: row.lot_code,
    qty: quantityOf(row.qty),
    status: row.status,
    sic: row.sic,
    loc: row.loc,
    reserved: quantityOf(row.reserved_qty),
    reservedBill: row.reserved_bill_code,
    expireDate: row.expire_date,
  };
}

const reels = (x: OutboundContext) =>
  x.trx
    .selectFrom('stock_reels')
    .select([...REEL_COLUMNS, sql<string | null>`expire_date::text`.as('expire_date')])
    .where('org_id', '=', x.caller.orgId);

async function readReel(x: OutboundContext, code: string): Promise<ReelRow | undefined> {
  const atStart = x.atStart?.reel;
  if (atStart?.code === code) {
    x.atStart!.reel = undefined;
    return atStart.row ?? undefined;
  }
  const row = await reels(x).where('reel_code', '=', code).executeTakeFirst();
  return row && reelOf(row);
}

/** A bill line as outboundStart reads it. */
export interface OutboundLineRow {
  line_no: number;
  part_code: string;
  qty: string;
  actual_qty: string;
  status: BillLineStatus;
  to_sic: string | null;
  to_loc: string | null;
  from_sic: string | null;
  from_loc: string | null;
}

/**
 * The bill's lines and its state as an action starts (OutboundStart: live picks, the named reel,
 * whether it holds reservations), in ONE statement, after the bill is locked (engine.ts lockBill).
 */
export async function outboundStart(trx: DB, orgId: string, bill: { id: string; code: string }, reelCode?: string): Promise<{ lines: OutboundLineRow[]; start: OutboundStart }> {
  const reel = reelCode === undefined
    ? sql`null::json`
    : sql`(select json_build_object('reel_code', reel_code, 'part_code', part_code, 'lot_code', lot_code, 'qty', qty::text, 'status', status, 'sic', sic, 'loc', loc,
            'reserved_qty', reserved_qty::text, 'reserved_bill_code', reserved_bill_code, 'expire_date', expire_date::text)
          from stock_reels where org_id = ${orgId} and reel_code = ${reelCode})`;
  const { rows } = await sql<{
    lines: OutboundLineRow[] | null;
    picks: (Omit<Selectable<BoxesTable>, 'picked_at' | 'handed_over_at'> & { picked_at: string | null; handed_over_at: string | null })[] | null;
    reel: Parameters<typeof reelOf>[0] | null;
    holds_reservations: boolean;
    has_reserved_boxes: boolean;
  }>`
    select
      (select json_agg(json_build_object('line_no', line_no, 'part_code', part_code, 'qty', qty::text, 'actual_qty', actual_qty::text, 'status', status,
                'to_sic', to_sic, 'to_loc', to_loc, 'from_sic', from_sic, 'from_loc', from_loc) order by line_no)
         from bill_lines where bill_id = ${bill.id}) as lines,
      (select json_agg(json_build_object('bill_id', bill_id::text, 'reel_code', reel_code, 'org_id', org_id, 'line_no', line_no, 'part_code', part_code, 'qty', qty::text,
                'status', status, 'iqc_flag', iqc_flag, 'lot_code', lot_code, 'txn_id', txn_id::text, 'txn_ids', txn_ids::text[], 'split_from', split_from,
                'split_txn_id', split_txn_id::text, 'picked_at', picked_at, 'picked_by', picked_by, 'handed_over_at', handed_over_at, 'handed_over_by', handed_over_by,
                'request_key', request_key)
                order by picked_at, reel_code)
         from bill_boxes where bill_id = ${bill.id} and status in ('PICKED', 'MOVED')) as picks,
      ${reel} as reel,
      exists (select 1 from stock_reels where org_id = ${orgId} and reserved_bill_code = ${bill.code}) as holds_reservations,
      exists (select 1 from bill_boxes where bill_id = ${bill.id} and status = 'RESERVED') as has_reserved_boxes`.execute(trx);
  const row = rows[0];
  const date = (value: string | null) => (value === null ? null : new Date(value));
  return {
    lines: row.lines ?? [],
    start: {
      picks: (row.picks ?? []).map((p) => pickOf({ ...p, picked_at: date(p.picked_at), handed_over_at: date(p.handed_over_at) } as Selectable<BoxesTable>)),
      ...(reelCode === undefined ? {} : { reel: { code: reelCode, row: row.reel && reelOf(row.reel) } }),
      holdsReservations: row.holds_reservations,
      hasReservedBoxes: row.has_reserved_boxes,
    },
  };
}

/** The reels the bill holds reserved and has not picked (ReserveStock's), first-expiring first. */
async function heldReservations(x: OutboundContext, picks: Pick[], partCode?: string): Promise<ReelRow[]> {
  const picked = new Set(picks.map((p) => p.reelCode));
  let query = reels(x).where('reserved_bill_code', '=', x.bill.code);
  if (partCode !== undefined) query = query.where('part_code', '=', partCode);
  const rows = await query.orderBy(sql`expire_date asc nulls last`).orderBy('received_at').orderBy('reel_code').execute();
  return rows.map(reelOf).filter((r) => !picked.has(r.reelCode));
}

/** Picked so far per line (the line's actual quantity). */
function pickedPerLine(picks: Pick[]): Map<number, Qty> {
  const sums = new Map<number, Qty>();
  for (const p of picks) sums.set(p.lineNo, (sums.get(p.lineNo) ?? ZERO).plus(p.qty));
  return sums;
}

const stillNeeded = (line: OutboundLine, picked: Map<number, Qty>) => Qty.max(ZERO, line.qty.minus(picked.get(line.lineNo) ?? ZERO));

function lineOf(x: OutboundContext, lineNo: number): OutboundLine {
  const line = x.bill.lines.find((l) => l.lineNo === lineNo);
  if (!line) throw new Problem(404, 'billLineNotFound', { bill: x.bill.code, line: lineNo });
  return line;
}

const ledger = (x: OutboundContext, moves: StockMove[]): Promise<StockTransaction[]> => applyStockMoves(x.trx, x.caller, moves);

const placeText = (sic: string | null, loc: string | null) => [sic, loc].filter(Boolean).join(' ');

const boxOut = (p: { reelCode: string; partCode: string; lotCode: string; qty: Qty; lineNo: number }, status: BoxStatus): ActionReelOut => ({
  ReelCode: p.reelCode,
  PartCode: p.partCode,
  Qty: quantityText(p.qty),
  LineNo: p.lineNo,
  Status: status,
  LotCode: p.lotCode,
});

/**
 * The bill's RESERVED boxes made to show what it holds reserved and has not picked (one per reel, its
 * reserved quantity, the line it was reserved for or the first open line of its part); a RESERVED box
 * whose reel the bill no longer holds becomes CANCELLED. Run after every stock change of the bill.
 */
async function syncReservedBoxes(x: OutboundContext): Promise<void> {
  const db = tables(x.trx);
  const all = await boxes(x).execute();
  const byReel = new Map(all.map((b) => [b.reel_code, b]));
  const live = new Set(all.filter((b) => b.status === 'PICKED' || b.status === 'MOVED').map((b) => b.reel_code));
  const held = (await heldReservations(x, [])).filter((r) => !live.has(r.reelCode));
  const heldCodes = new Set(held.map((r) => r.reelCode));
  for (const reel of held) {
    const box = byReel.get(reel.reelCode);
    if (box?.status === 'RESERVED' && quantityOf(box.qty).eq(reel.reserved)) continue;
    const lineNo = box?.line_no ?? defaultLine(x, reel.partCode);
    await db
      .insertInto('bill_boxes')
      .values({ bill_id: x.bill.id, reel_code: reel.reelCode, org_id: x.caller.orgId, line_no: lineNo, part_code: reel.partCode, qty: quantityText(reel.reserved), status: 'RESERVED', lot_code: reel.lotCode })
      .onConflict((oc) => oc.columns(['bill_id', 'reel_code']).doUpdateSet({ qty: quantityText(reel.reserved), status: 'RESERVED', updated_at: sql<Date>`now()` }))
      .execute();
  }
  const gone = all.filter((b) => b.status === 'RESERVED' && !heldCodes.has(b.reel_code)).map((b) => b.reel_code);
  if (gone.length) {
    await db.updateTable('bill_boxes').set({ status: 'CANCELLED', updated_at: sql<Date>`now()` }).where('bill_id', '=', x.bill.id).where('reel_code', 'in', gone).execute();
  }
}

function defaultLine(x: OutboundContext, partCode: string): number {
  const ofPart = x.bill.lines.filter((l) => l.partCode === partCode);
  return (ofPart.find((l) => l.status === 'OPEN') ?? ofPart[0] ?? x.bill.lines[0]).lineNo;
}

// ---------------------------------------------------------------------------------------------------
// Reserve stock.

/**
 * Reserves, for each open line in line order, what it still needs (its quantity less what is picked
 * for it and less the reservations the bill already holds for its part), from available reels of its
 * part (in its FromSic/FromLoc when the line names them), first-expiring first then earliest received
 * (FEFO types; other types earliest received first), never expired reels and never more than a reel
 * has unreserved. Nothing needed: nothing done. Needed, but no stock at all: refused.
 */
export async function reserveStock(x: OutboundContext): Promise<OutboundResult> {
  // A bill made from a rejected inspection document takes that lot's reels, which are scanned, never reserved.
  const fromDocument = x.bill.category === 'RETURN_VENDOR' || x.bill.category === 'SCRAP' ? await documentOfBill(x.trx, x.caller.orgId, x.bill.id) : null;
  if (fromDocument) throw new Problem(409, 'qualityBillNoReserve', { bill: x.bill.code, doc: fromDocument.docCode });
  const picks = await livePicks(x);
  const picked = pickedPerLine(picks);
  const held = new Map<string, Qty>();
  for (const reel of await heldReservations(x, picks)) held.set(reel.partCode, (held.get(reel.partCode) ?? ZERO).plus(reel.reserved));

  const planned = new Map<string, Qty>();
  const moves: StockMove[] = [];
  const out: ActionReelOut[] = [];
  const short: string[] = [];
  for (const line of x.bill.lines) {
    if (line.status !== 'OPEN') continue;
    let need = stillNeeded(line, picked);
    const pool = held.get(line.partCode) ?? ZERO;
    const covered = Qty.min(pool, need);
    held.set(line.partCode, pool.minus(covered));
    need = need.minus(covered);
    if (need.isZero()) continue;
    for (const reel of await reservable(x, line)) {
      if (need.isZero()) break;
      const available = reel.qty.minus(reel.reserved).minus(planned.get(reel.reelCode) ?? ZERO);
      if (available.lte(0)) continue;
      const qty = Qty.min(available, need);
      planned.set(reel.reelCode, (planned.get(reel.reelCode) ?? ZERO).plus(qty));
      need = need.minus(qty);
      moves.push({ kind: 'reserve', reelCode: reel.reelCode, billCode: x.bill.code, billLineNo: line.lineNo, qty: quantityText(qty), reason: x.action });
      out.push(boxOut({ ...reel, qty, lineNo: line.lineNo }, 'RESERVED'));
    }
    if (!need.isZero()) short.push(`${line.partCode} ${quantityText(need)}`);
  }
  if (short.length && !moves.length) throw new Problem(409, 'billOutNoStock', { bill: x.bill.code, parts: short.join(', ') });
  await ledger(x, moves);
  await syncReservedBoxes(x);
  return { reels: out };
}

/** A line's candidate reels, in the order they are reserved. */
async function reservable(x: OutboundContext, line: OutboundLine): Promise<ReelRow[]> {
  let query = reels(x)
    .where('part_code', '=', line.partCode)
    .where('status', '=', 'IN_STOCK')
    .where((eb) => eb.or([eb('reserved_bill_code', 'is', null), eb('reserved_bill_code', '=', x.bill.code)]))
    .where(sql<boolean>`qty > reserved_qty`)
    .where(sql<boolean>`(expire_date is null or expire_date >= ${x.today}::date)`);
  if (line.fromSic) query = query.where('sic', '=', line.fromSic);
  if (line.fromLoc) query = query.where('loc', '=', line.fromLoc);
  const ordered = x.bill.fefo ? query.orderBy(sql`expire_date asc nulls last`) : query;
  const rows = await ordered.orderBy('received_at').orderBy('reel_code').execute();
  return rows.map(reelOf);
}

// ---------------------------------------------------------------------------------------------------
// Pick.

/**
 * Picks the scanned reel for the first open line of its part that still needs some (and whose
 * FromSic/FromLoc, when set, is where the reel is): the whole reel, or `qty` split off it first (the
 * split-off reel, under its own code, is the one picked). The reel must be in stock, not reserved by
 * another bill and not expired. Issue and return-to-vendor bills issue it, scrap bills scrap it,
 * transfer bills reserve it (the table at the top).
 */
export async function pick(x: OutboundContext, reelCode: string, qtyInput?: QuantityInput, requestKey?: string): Promise<OutboundResult> {
  const qty = qtyInput === undefined ? undefined : positiveQuantity(qtyInput);
  // A retried request (the same RequestKey on this bill): the pick it made, whatever happened since.
  // Concurrent retries wait for the bill's lock, so the second finds the first's box.
  if (requestKey !== undefined) {
    const made = await boxes(x).where('request_key', '=', requestKey).executeTakeFirst();
    if (made) return { reels: [boxOut(pickOf(made), made.status as BoxStatus)], changed: false };
  }
  const picks = await livePicks(x);

  // A reel scanned again on the bill that picked it: that pick.
  const again = picks.find((p) => p.reelCode === reelCode);
  if (again) return { reels: [boxOut(again, again.status as BoxStatus)], changed: false };

  const reel = await readReel(x, reelCode);
  if (!reel) throw new Problem(404, 'stockReelNotFound', { reel: reelCode });

  // A partial pick repeated: the bill's latest pick split that quantity off this reel, which has not changed since.
  const latest = picks.at(-1);
  if (qty && latest?.splitFrom === reelCode && latest.qty.eq(qty) && (await latestChangeId(x, reelCode)) === latest.splitTxnId) {
    return { reels: [boxOut(latest, latest.status as BoxStatus)], changed: false };
  }

  // A return or scrap bill made from a rejected inspection document takes that lot's reels only; the
  // return-to-vendor bill issues them while they are pending inspection.
  const fromDocument = x.bill.category === 'RETURN_VENDOR' || x.bill.category === 'SCRAP' ? await documentOfBill(x.trx, x.caller.orgId, x.bill.id) : null;
  if (fromDocument && !fromDocument.reels.has(reelCode)) throw new Problem(409, 'qualityBillReelNotOfLot', { reel: reelCode, bill: x.bill.code, doc: fromDocument.docCode });
  const rejectedLot = x.bill.category === 'RETURN_VENDOR' && reel.status === 'INSPECTION' && fromDocument?.status === 'REJECTED';
  const pickable = x.bill.category === 'SCRAP' ? reel.status === 'IN_STOCK' || reel.status === 'INSPECTION' : reel.status === 'IN_STOCK' || rejectedLot;
  if (!pickable) {
    throw new Problem(409, 'stockReelWrongStatus', { reel: reelCode, status: { message: REEL_STATUS[reel.status] ?? 'reelStatusCreated' }, action: { message: 'billOutActionPick' } });
  }
  if (reel.reservedBill && reel.reservedBill !== x.bill.code) throw new Problem(409, 'stockReelReservedByOther', { reel: reelCode, bill: reel.reservedBill });
  if (reel.expireDate !== null && reel.expireDate < x.today) throw new Problem(409, 'billOutReelExpired', { reel: reelCode, date: reel.expireDate });
  if (qty?.gt(reel.qty)) {
    throw new Problem(409, 'stockReelQtyShort', { reel: reelCode, available: quantityText(reel.qty), qty: quantityText(qty), action: { message: 'billOutActionPick' } });
  }
  const line = chooseLine(x, reel, qty ?? reel.qty, pickedPerLine(picks));
  const partial = qty !== undefined && qty.lt(reel.qty);
  const context = { billCode: x.bill.code, billLineNo: line.lineNo, reason: x.action };

  let pickedCode = reelCode;
  let splitTx: StockTransaction | undefined;
  let written: StockTransaction[];
  if (x.bill.category === 'TRANSFER') {
    let target = reel;
    if (partial) {
      [splitTx] = await ledger(x, [{ kind: 'split', reelCode, qty: quantityText(qty), ...context }]);
      pickedCode = splitTx.split_reel_code!;
      target = (await readReel(x, pickedCode))!;
    }
    const more = target.qty.minus(target.reserved);
    written = more.isZero() ? [] : await ledger(x, [{ kind: 'reserve', reelCode: pickedCode, qty: quantityText(more), ...context }]);
  } else {
    const kind = x.bill.category === 'SCRAP' ? 'scrap' : 'issue';
    const txs = await ledger(x, [{ kind, reelCode, qty: partial ? quantityText(qty) : undefined, ...(rejectedLot ? { rejectedLot } : {}), ...context }]);
    splitTx = txs.length > 1 ? txs[0] : undefined;
    written = txs.slice(-1);
    pickedCode = written[0].reel_code;
  }

  const txnIds = written.map((t) => String(t.id));
  const picked: Pick = {
    lineNo: line.lineNo,
    reelCode: pickedCode,
    partCode: reel.partCode,
    lotCode: reel.lotCode,
    qty: partial ? qty : reel.qty,
    status: 'PICKED',
    splitFrom: splitTx ? reelCode : null,
    splitTxnId: splitTx ? String(splitTx.id) : null,
    txnIds,
    pickedAt: null,
    handedOver: false,
  };
  const boxWrite = pickedBoxWrite(x, picked, requestKey);
  // A bill that held no reservation and shows none, picking for issue or scrap, holds none after the
  // pick either: nothing to release, no RESERVED box to make or cancel (two reads saved), and nothing
  // reads its boxes before the engine finishes, which writes the box in its own statement (one more saved).
  if (x.atStart && !x.atStart.holdsReservations && !x.atStart.hasReservedBoxes && x.bill.category !== 'TRANSFER') return { reels: [boxOut(picked, 'PICKED')], boxWrite };
  await boxWrite.execute(x.trx);
  const released = await releaseExcess(x, [...picks, picked], [reel.partCode]);
  await syncReservedBoxes(x);
  return { reels: [boxOut(picked, 'PICKED'), ...released] };
}

/** The picked reel's box on the bill (a reel reserved for the bill has one already): written, returning the engine's answer columns. */
function pickedBoxWrite(x: OutboundContext, picked: Pick, requestKey: string | undefined): RawBuilder<unknown> {
  return sql`
    insert into bill_boxes as b (bill_id, reel_code, org_id, iqc_flag, line_no, part_code, qty, status, lot_code, txn_id, txn_ids,
                                 split_from, split_txn_id, picked_at, picked_by, handed_over_at, handed_over_by, request_key)
    values (${x.bill.id}, ${picked.reelCode}, ${x.caller.orgId}, false, ${picked.lineNo}, ${picked.partCode}, ${quantityText(picked.qty)}, 'PICKED', ${picked.lotCode},
            ${picked.txnIds.at(-1) ?? null}, ${picked.txnIds}::bigint[], ${picked.splitFrom}, ${picked.splitTxnId}, now(), ${x.caller.userName}, null, null, ${requestKey ?? null})
    on conflict (bill_id, reel_code) do update set
      line_no = excluded.line_no, part_code = excluded.part_code, qty = excluded.qty, status = excluded.status, lot_code = excluded.lot_code,
      txn_id = excluded.txn_id, txn_ids = excluded.txn_ids, split_from = excluded.split_from, split_txn_id = excluded.split_txn_id,
      picked_at = excluded.picked_at, picked_by = excluded.picked_by, handed_over_at = null, handed_over_by = null, request_key = excluded.request_key, updated_at = now()
    returning ${BOX_ANSWER_COLUMNS}`;
}

/**
 * The line a pick of `amount` off the reel counts for: of the open lines of its part that still need
 * some and pick where the reel is, the first that takes the whole amount, else the first (which is
 * then picked beyond its quantity: the excess counts for no other line).
 */
function chooseLine(x: OutboundContext, reel: ReelRow, amount: Qty, picked: Map<number, Qty>): OutboundLine {
  const ofPart = x.bill.lines.filter((l) => l.partCode === reel.partCode && l.status !== 'CANCELLED');
  if (!ofPart.length) throw new Problem(409, 'billOutPartNotOnBill', { reel: reel.reelCode, part: reel.partCode, bill: x.bill.code });
  const needing = ofPart.filter((l) => l.status === 'OPEN' && stillNeeded(l, picked).gt(0));
  if (!needing.length) throw new Problem(409, 'billOutPartSatisfied', { bill: x.bill.code, part: reel.partCode });
  const here = needing.filter((l) => (!l.fromSic || l.fromSic === reel.sic) && (!l.fromLoc || l.fromLoc === reel.loc));
  if (!here.length) {
    throw new Problem(409, 'billOutWrongPlace', {
      reel: reel.reelCode,
      sic: reel.sic ?? '',
      loc: reel.loc ?? '',
      bill: x.bill.code,
      part: reel.partCode,
      from: placeText(needing[0].fromSic, needing[0].fromLoc),
    });
  }
  return here.find((l) => stillNeeded(l, picked).gte(amount)) ?? here[0];
}

/** The id of the reel's latest change that stands (what the ledger would reverse). */
async function latestChangeId(x: OutboundContext, code: string): Promise<string | null> {
  const { rows } = await sql<{ id: string }>`
    select t.id from stock_transactions t
     where t.org_id = ${x.caller.orgId} and (t.reel_code = ${code} or t.split_reel_code = ${code}) and t.kind <> 'REVERSAL'
       and not exists (select 1 from stock_transactions r where r.reverses_id = t.id)
     order by t.id desc limit 1`.execute(x.trx);
  return rows.length ? String(rows[0].id) : null;
}

/**
 * The bill's unpicked reservations of a part beyond what its open lines of that part still need, as
 * unreserve moves, last-expiring first (after a pick of another reel than the one reserved, a closed
 * line, a close).
 */
async function excessReservations(x: OutboundContext, picks: Pick[], partCode: string): Promise<{ moves: StockMove[]; out: ActionReelOut[] }> {
  const picked = pickedPerLine(picks);
  let keep = x.bill.lines.filter((l) => l.partCode === partCode && l.status === 'OPEN').reduce((sum, l) => sum.plus(stillNeeded(l, picked)), ZERO);
  const moves: StockMove[] = [];
  const out: ActionReelOut[] = [];
  for (const reel of await heldReservations(x, picks, partCode)) {
    const kept = Qty.min(keep, reel.reserved);
    keep = keep.minus(kept);
    const release = reel.reserved.minus(kept);
    if (release.isZero()) continue;
    moves.push({ kind: 'unreserve', reelCode: reel.reelCode, billCode: x.bill.code, qty: quantityText(release), reason: x.action });
    out.push(boxOut({ ...reel, qty: release, lineNo: defaultLine(x, partCode) }, 'CANCELLED'));
  }
  return { moves, out };
}

/** Releases the excess reservations of the parts, in one ledger call. */
async function releaseExcess(x: OutboundContext, picks: Pick[], partCodes: Iterable<string>): Promise<ActionReelOut[]> {
  const moves: StockMove[] = [];
  const out: ActionReelOut[] = [];
  for (const part of new Set(partCodes)) {
    const excess = await excessReservations(x, picks, part);
    moves.push(...excess.moves);
    out.push(...excess.out);
  }
  await ledger(x, moves);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Cancel: reverse exactly, once.

async function postedLines(x: OutboundContext): Promise<Set<number>> {
  const rows = await x.trx.selectFrom('bill_post_outbox').select('line_no').where('org_id', '=', x.caller.orgId).where('bill_id', '=', x.bill.id).execute();
  return new Set(rows.map((r) => r.line_no));
}

/**
 * Cancels picks: each one's transactions reversed newest first, each then the reel's latest change
 * (so a reel moved since by anything else is refused, as the ledger refuses it). The picks are
 * different reels: their newest transactions are reversed in one ledger call, then the next ones.
 */
async function undo(x: OutboundContext, picks: Pick[]): Promise<OutboundResult> {
  const posted = await postedLines(x);
  const refused = picks.find((p) => posted.has(p.lineNo));
  if (refused) throw new Problem(409, 'billOutLinePosted', { bill: x.bill.code, line: refused.lineNo });
  const rounds = Math.max(0, ...picks.map((p) => p.txnIds.length));
  for (let k = 1; k <= rounds; k++) {
    await ledger(
      x,
      picks.flatMap((p) => {
        const id = p.txnIds.at(-k);
        return id === undefined ? [] : [{ kind: 'reverse' as const, transactionId: id, billCode: x.bill.code, billLineNo: p.lineNo, reason: x.action }];
      }),
    );
  }
  if (picks.length) {
    await tables(x.trx)
      .updateTable('bill_boxes')
      .set({ status: 'CANCELLED', updated_at: sql<Date>`now()` })
      .where('bill_id', '=', x.bill.id)
      .where('reel_code', 'in', picks.map((p) => p.reelCode))
      .execute();
  }
  await syncReservedBoxes(x);
  return { reels: picks.map((p) => boxOut(p, 'CANCELLED')) };
}

/** Line cancel pick: every live pick of the line reversed (none: nothing to do). */
export async function lineCancelPick(x: OutboundContext, lineNo: number): Promise<OutboundResult> {
  lineOf(x, lineNo);
  return undo(x, (await livePicks(x)).filter((p) => p.lineNo === lineNo));
}

/** Cancel reel issue: the reel's pick on this bill reversed; a pick cancelled already answers as it is. */
export async function cancelReelIssue(x: OutboundContext, reelCode: string): Promise<OutboundResult> {
  const box = await boxes(x).where('reel_code', '=', reelCode).executeTakeFirst();
  if (box && (box.status === 'PICKED' || box.status === 'MOVED')) return undo(x, [pickOf(box)]);
  if (box?.picked_at) return { reels: [] };
  if (!(await readReel(x, reelCode))) throw new Problem(404, 'stockReelNotFound', { reel: reelCode });
  throw new Problem(409, 'billOutReelNotPicked', { reel: reelCode, bill: x.bill.code });
}

/** Cancel whole-bill issue: every live pick reversed, newest first (none: nothing to do). */
export async function cancelIssue(x: OutboundContext): Promise<OutboundResult> {
  return undo(x, await livePicks(x));
}

// ---------------------------------------------------------------------------------------------------
// Move stock, handover.

/** A transfer bill's picked reels not moved yet go to their line's ToSic/ToLoc and are unreserved there. */
async function movePicked(x: OutboundContext, picks: Pick[]): Promise<ActionReelOut[]> {
  const out: ActionReelOut[] = [];
  for (const p of picks) {
    if (p.status !== 'PICKED') continue;
    const line = lineOf(x, p.lineNo);
    if (!line.toSic) throw new Problem(409, 'billOutNoDestination', { bill: x.bill.code, line: p.lineNo });
    const reel = (await readReel(x, p.reelCode))!;
    const to = { sic: line.toSic, loc: line.toLoc ?? '' };
    const context = { billCode: x.bill.code, billLineNo: p.lineNo, reason: x.action };
    const moves: StockMove[] = [];
    if (reel.sic !== to.sic || reel.loc !== to.loc) moves.push({ kind: 'transfer', reelCode: p.reelCode, to, ...context });
    if (reel.reserved.gt(0)) moves.push({ kind: 'unreserve', reelCode: p.reelCode, ...context });
    const written = (await ledger(x, moves)).map((t) => String(t.id));
    const txnIds = [...p.txnIds, ...written];
    await tables(x.trx)
      .updateTable('bill_boxes')
      .set({ status: 'MOVED', txn_ids: txnIds, txn_id: txnIds.at(-1) ?? null, updated_at: sql<Date>`now()` })
      .where('bill_id', '=', x.bill.id)
      .where('reel_code', '=', p.reelCode)
      .execute();
    p.status = 'MOVED';
    p.txnIds = txnIds;
    out.push(boxOut(p, 'MOVED'));
  }
  return out;
}

/** One-key move-stock: every picked reel not moved yet to its line's place. Nothing picked at all: refused. */
export async function oneKeyMoveStock(x: OutboundContext): Promise<OutboundResult> {
  const picks = await livePicks(x);
  if (!picks.length) throw new Problem(409, 'billOutNothingPicked', { bill: x.bill.code });
  return { reels: await movePicked(x, picks) };
}

/**
 * Handover confirm: the picked reels not handed over yet are marked handed over (who, when); a
 * transfer bill's are moved to their line's place first. Nothing picked at all: refused.
 */
export async function handoverConfirm(x: OutboundContext): Promise<OutboundResult> {
  const picks = await livePicks(x);
  if (!picks.length) throw new Problem(409, 'billOutNothingPicked', { bill: x.bill.code });
  if (x.bill.category === 'TRANSFER') await movePicked(x, picks);
  const pending = picks.filter((p) => !p.handedOver);
  if (pending.length) {
    await tables(x.trx)
      .updateTable('bill_boxes')
      .set({ handed_over_at: sql<Date>`now()`, handed_over_by: x.caller.userName, updated_at: sql<Date>`now()` })
      .where('bill_id', '=', x.bill.id)
      .where('reel_code', 'in', pending.map((p) => p.reelCode))
      .execute();
  }
  return { reels: pending.map((p) => boxOut(p, p.status as BoxStatus)) };
}

// ---------------------------------------------------------------------------------------------------
// Close.

/** Close line: the line closed (closed already: nothing new); a transfer's picks of it moved; reservations no longer needed released. */
export async function closeLine(x: OutboundContext, lineNo: number): Promise<OutboundResult> {
  const line = lineOf(x, lineNo);
  if (line.status === 'CANCELLED') {
    throw new Problem(409, 'billLineNotOpen', { bill: x.bill.code, line: lineNo, status: { message: 'billLineStatusCANCELLED' }, action: { message: 'billActionCloseLine' } });
  }
  if (line.status === 'CLOSED') return { reels: [] };
  line.status = 'CLOSED';
  const lineStatuses = [{ lineNo, status: 'CLOSED' as const }];
  if (!isIssuing(x.bill.category)) return { reels: [], lineStatuses };
  const picks = await livePicks(x);
  const moved = x.bill.category === 'TRANSFER' ? await movePicked(x, picks.filter((p) => p.lineNo === lineNo)) : [];
  const released = await releaseExcess(x, picks, [line.partCode]);
  await syncReservedBoxes(x);
  return { reels: [...moved, ...released], lineStatuses };
}

/** Confirm close / one-key close: every open line closed, a transfer's picks moved, every reservation the bill holds released. */
export async function closeBill(x: OutboundContext): Promise<OutboundResult> {
  const lineStatuses = x.bill.lines.filter((l) => l.status === 'OPEN').map((l) => ({ lineNo: l.lineNo, status: 'CLOSED' as const }));
  for (const line of x.bill.lines) if (line.status === 'OPEN') line.status = 'CLOSED';
  if (!isIssuing(x.bill.category)) return { reels: [], lineStatuses, changed: true };
  const picks = await livePicks(x);
  const moved = x.bill.category === 'TRANSFER' ? await movePicked(x, picks) : [];
  const released = await releaseExcess(x, picks, x.bill.lines.map((l) => l.partCode));
  await syncReservedBoxes(x);
  return { reels: [...moved, ...released], lineStatuses, changed: true };
}

// ---------------------------------------------------------------------------------------------------
// Post line, light on/off.

/**
 * Post line: the line's picked reels and quantity (issuing bills), or its received reels and actual
 * quantity (receiving bills), go to the ERP outbox, once per line; nothing to post: refused.
 */
export async function postLine(x: OutboundContext, lineNo: number, actualQty: Qty): Promise<OutboundResult> {
  const line = lineOf(x, lineNo);
  if ((await postedLines(x)).has(lineNo)) return { reels: [], lines: [lineNo], changed: false };
  // The line's reels: picked (issuing bills) or received (receiving bills).
  const picks = isIssuing(x.bill.category)
    ? (await livePicks(x)).filter((p) => p.lineNo === lineNo)
    : (await boxes(x).where('line_no', '=', lineNo).where('status', '=', 'RECEIVED').orderBy('reel_code').execute()).map(pickOf);
  const qty = isIssuing(x.bill.category) ? picks.reduce((sum, p) => sum.plus(p.qty), ZERO) : actualQty;
  if (qty.isZero()) throw new Problem(409, 'billOutNothingToPost', { bill: x.bill.code, line: lineNo });
  const payload = {
    BillCode: x.bill.code,
    BillType: x.bill.typeCode,
    Category: x.bill.category,
    ErpBillType: x.bill.erpBillType,
    LineNo: lineNo,
    PartCode: line.partCode,
    Qty: quantityText(qty),
    FromSic: line.fromSic,
    FromLoc: line.fromLoc,
    ToSic: line.toSic,
    ToLoc: line.toLoc,
    Reels: picks.map((p) => ({ ReelCode: p.reelCode, Qty: quantityText(p.qty) })),
  };
  await x.trx
    .insertInto('bill_post_outbox')
    .values({ org_id: x.caller.orgId, bill_id: x.bill.id, bill_code: x.bill.code, line_no: lineNo, payload: JSON.stringify(payload), created_by: x.caller.userName })
    .execute();
  return { reels: [], lines: [lineNo], changed: true };
}

/**
 * Light on / off: a request for the shelves naming the reels to light (toLight; the shelves find
 * their places); off names the reels the last request lit. Nothing is recorded when it would repeat
 * the bill's last request.
 */
export async function light(x: OutboundContext, on: boolean): Promise<OutboundResult> {
  const last = await x.trx
    .selectFrom('bill_light_requests')
    .select(['light', 'reel_codes'])
    .where('org_id', '=', x.caller.orgId)
    .where('bill_id', '=', x.bill.id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const lit = last?.light === 'ON' ? last.reel_codes : [];
  const codes = on ? await toLight(x) : lit;
  if (on) await refuseFrozenLights(x, codes);
  const repeat = on ? last?.light === 'ON' && lit.join('\u0000') === codes.join('\u0000') : last?.light !== 'ON';
  if (!repeat) {
    await x.trx
      .insertInto('bill_light_requests')
      .values({ org_id: x.caller.orgId, bill_id: x.bill.id, light: on ? 'ON' : 'OFF', reel_codes: codes, created_by: x.caller.userName })
      .execute();
  }
  return { reels: [], changed: !repeat };
}

/**
 * A stock count under way: the pick or put-away a light calls for would be refused by the ledger, so no
 * light is asked for a reel in a frozen place, with the ledger's refusal, before anything is recorded. A
 * light request repeated is refused too: the handler then puts out what the bill lit there
 * (shelvesAfterRefusal). The shelves check again where the light is switched (a count that started since).
 */
async function refuseFrozenLights(x: OutboundContext, codes: readonly string[]): Promise<void> {
  if (!codes.length) return;
  const [first] = await frozenLights(x.trx, x.caller.orgId, x.bill.id, codes, await frozenScopes(x.trx, x.caller.orgId));
  if (first) throw first.refusal;
}

/**
 * The reels among `codes` (the bill's light request) whose place lies in one of the `frozen` scopes, in
 * reel-code order, each with the ledger's refusal: one statement, none when nothing is frozen. A reel's
 * place is where it is; a reel not received yet, its line's ToSic and ToLoc (where its cells are).
 */
export async function frozenLights(
  db: DB,
  orgId: string,
  billId: string,
  codes: readonly string[],
  frozen: readonly FrozenScope[],
): Promise<{ reelCode: string; refusal: Problem }[]> {
  if (!codes.length || !frozen.length) return [];
  const { rows } = await sql<{ reel_code: string; part_code: string; sic: string | null; loc: string | null }>`
    select r.reel_code, r.part_code, coalesce(r.sic, bl.to_sic) as sic, coalesce(r.loc, bl.to_loc) as loc
    from ${reelsByCode(orgId, codes)} r
    left join bill_boxes b on b.bill_id = ${billId}::bigint and b.reel_code = r.reel_code
    left join bill_lines bl on bl.bill_id = b.bill_id and bl.line_no = b.line_no
    order by r.reel_code`.execute(db);
  return rows.flatMap((r) => {
    const scope = r.sic === null ? undefined : frozenScopeOf(frozen, r.part_code, r.sic, r.loc ?? '');
    return scope ? [{ reelCode: r.reel_code, refusal: frozenRefusal(scope, r.part_code, r.sic!, r.loc ?? '') }] : [];
  });
}

/** The reels to light: an issuing bill's reserved, not yet picked reels; a receiving bill's reels not yet received. */
async function toLight(x: OutboundContext): Promise<string[]> {
  if (isIssuing(x.bill.category)) return (await heldReservations(x, await livePicks(x))).map((r) => r.reelCode);
  const rows = await boxes(x).where('status', '=', 'CREATED').orderBy('reel_code').execute();
  return rows.map((b) => b.reel_code);
}
