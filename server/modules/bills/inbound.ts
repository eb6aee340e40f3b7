/**
 * The inbound bill actions (spec §4): create reels, confirm receipt (scan one reel), one-key
 * receipt, cancel receipt; and invalidating a bill or a line. Each is one transaction built on the
 * engine (engine.ts: bill row locked first, action checked against the shared tables, status moved
 * by the transition table, action logged); stock changes only through the ledger, in the same
 * transaction. A repeat (double scan, retried request) changes nothing and answers the same.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { BillBoxStatusCode, BillLineStatusCode } from '../../db/schema.ts';
import { Problem } from '../../http/problem.ts';
import { billActionMessageKey } from '../../../src/shared/bills/messages.ts';
import type { BillAction } from '../../../src/shared/bills/actions.ts';
import { applyStockMoves, type StockMove } from '../stock/ledger.ts';
import { positiveQuantity, Qty, quantityOf, quantityText, ZERO } from '../stock/quantity.ts';
import { registerReels, type ReelRegistration } from '../stock/reels.ts';
import { documentsForReceipt } from '../quality/documents.ts';
import { readLabel } from '../barcodes/handlers.ts';
import { actionResult, finish, finishAndAnswer, withBillAction, type ActionResult, type BillCaller, type LockedBill, type LogEntry } from './engine.ts';

/** At most this many reels are made by one create-reels call per line. */
export const MAX_REELS_PER_LINE = 5000;

const LINE_STATUS_KEY = { OPEN: 'billLineStatusOPEN', CLOSED: 'billLineStatusCLOSED', CANCELLED: 'billLineStatusCANCELLED' } as const;

interface LineRow {
  line_no: number;
  part_code: string;
  qty: string;
  mpq: string | null;
  to_sic: string | null;
  to_loc: string | null;
  lot_code: string | null;
  date_code: string | null;
  expire_date: string | null;
  status: BillLineStatusCode;
}

async function linesOf(trx: DB, bill: LockedBill, lineNo?: number): Promise<LineRow[]> {
  const lines = await trx
    .selectFrom('bill_lines')
    .select(['line_no', 'part_code', 'qty', 'mpq', 'to_sic', 'to_loc', 'lot_code', 'date_code', sql<string | null>`expire_date::text`.as('expire_date'), 'status'])
    .where('bill_id', '=', bill.header.id)
    .$if(lineNo !== undefined, (q) => q.where('line_no', '=', lineNo!))
    .orderBy('line_no')
    .execute();
  if (lineNo !== undefined && !lines.length) throw new Problem(404, 'billLineNotFound', { bill: bill.header.bill_code, line: lineNo });
  return lines;
}

function lineNotOpen(bill: LockedBill, line: { line_no: number; status: BillLineStatusCode }, action: BillAction) {
  return new Problem(409, 'billLineNotOpen', {
    bill: bill.header.bill_code,
    line: line.line_no,
    status: { message: LINE_STATUS_KEY[line.status] },
    action: { message: billActionMessageKey(action) },
  });
}

interface BoxRow {
  reel_code: string;
  line_no: number;
  part_code: string;
  qty: string;
  status: BillBoxStatusCode;
  txn_id: string | null;
}

const boxesQuery = (trx: DB, bill: LockedBill) =>
  trx.selectFrom('bill_boxes').select(['reel_code', 'line_no', 'part_code', 'qty', 'status', 'txn_id']).where('bill_id', '=', bill.header.id);

/** The quantity per reel of a line: its Mpq, else the part's standard pack (the bill's vendor's first), else its minimum pack. */
async function packQty(trx: DB, orgId: string, line: LineRow, vendorCode: string | null): Promise<Qty | null> {
  if (line.mpq !== null) return quantityOf(line.mpq);
  const { rows } = await sql<{ qty: string | null }>`
    select coalesce(
      (select qty from md_standard_pack where org_id = ${orgId} and part_code = ${line.part_code}
         order by (vendor_code = ${vendorCode ?? ''}) desc, vendor_code limit 1),
      (select min_pack_qty from md_part where org_id = ${orgId} and code = ${line.part_code})) as qty`.execute(trx);
  const found = rows[0]?.qty;
  return found !== null && found !== undefined && quantityOf(found).gt(0) ? quantityOf(found) : null;
}

/** A reel of the line: the lot, date code and expiry given (by the request or the label), else the line's. */
function lineReel(
  bill: LockedBill,
  line: LineRow,
  reelCode: string,
  qty: Qty,
  given: { LotCode?: string | null; DateCode?: string | null; ExpireDate?: string | null },
): ReelRegistration {
  return {
    reelCode,
    partCode: line.part_code,
    qty: quantityText(qty),
    vendorCode: bill.header.vendor_code ?? undefined,
    lotCode: given.LotCode ?? line.lot_code ?? undefined,
    dateCode: given.DateCode ?? line.date_code ?? undefined,
    expireDate: given.ExpireDate ?? line.expire_date ?? undefined,
    billCode: bill.header.bill_code,
    billLineNo: line.line_no,
  };
}

/** Registers reels of the bill (stock_reels, status CREATED) and their boxes on its lines; answers the boxes. */
async function registerBillReels(trx: DB, caller: BillCaller, bill: LockedBill, registrations: readonly ReelRegistration[]): Promise<BoxRow[]> {
  await registerReels(trx, caller.orgId, registrations);
  const boxes: BoxRow[] = registrations.map((r) => ({ reel_code: r.reelCode, line_no: r.billLineNo!, part_code: r.partCode, qty: String(r.qty), status: 'CREATED', txn_id: null }));
  await trx
    .insertInto('bill_boxes')
    .values(boxes.map((box, index) => ({ ...box, bill_id: bill.header.id, org_id: caller.orgId, lot_code: registrations[index].lotCode ?? '' })))
    .execute();
  return boxes;
}

export interface CreateReelsInput {
  Id: string;
  LineNo?: number;
  LotCode?: string;
  DateCode?: string;
  ExpireDate?: string;
}

/**
 * Registers reels for what each open line (or the line named) still lacks: its quantity less its
 * reels not cancelled, split by the pack quantity, the last reel the remainder. Answers the line's
 * reels not cancelled (all of them, so a repeat answers the same reels to print).
 */
export function createReels(db: DB, caller: BillCaller, input: CreateReelsInput): Promise<ActionResult> {
  return withBillAction(db, caller, input.Id, 'CreateReels', async (trx, bill) => {
    const lines = await linesOf(trx, bill, input.LineNo);
    if (input.LineNo !== undefined && lines[0].status !== 'OPEN') throw lineNotOpen(bill, lines[0], 'CreateReels');
    const open = lines.filter((l) => l.status === 'OPEN');
    const boxes = await boxesQuery(trx, bill).execute();
    const registrations: ReelRegistration[] = [];
    for (const line of open) {
      const own = boxes.filter((b) => b.line_no === line.line_no);
      const covered = own.filter((b) => b.status !== 'CANCELLED').reduce((sum, b) => sum.plus(quantityOf(b.qty)), ZERO);
      let remaining = quantityOf(line.qty).minus(covered);
      if (remaining.lte(0)) continue;
      const pack = await packQty(trx, caller.orgId, line, bill.header.vendor_code);
      if (!pack) throw new Problem(400, 'billNoMpq', { line: line.line_no, part: line.part_code });
      const count = remaining.div(pack).ceil();
      if (count.gt(MAX_REELS_PER_LINE)) throw new Problem(400, 'billTooManyReels', { line: line.line_no, count: count.toFixed(), max: MAX_REELS_PER_LINE });
      let seq = own.length;
      while (remaining.gt(0)) {
        const qty = Qty.min(pack, remaining);
        remaining = remaining.minus(qty);
        registrations.push(lineReel(bill, line, `${bill.header.bill_code}-${line.line_no}-${++seq}`, qty, input));
      }
    }
    const lineNos = lines.map((l) => l.line_no);
    const answer = async () => {
      const current = await boxesQuery(trx, bill).where('line_no', 'in', lineNos.length ? lineNos : [0]).where('status', '<>', 'CANCELLED').execute();
      return actionResult(trx, bill, current.map((b) => b.reel_code), lineNos);
    };
    if (!registrations.length) {
      // Every line has its reels already (a repeat): answer them; a bill with none to make is refused.
      if (!boxes.some((b) => b.status !== 'CANCELLED' && lineNos.includes(b.line_no))) throw new Problem(409, 'billNoReelsToCreate', { bill: bill.header.bill_code });
      return answer();
    }
    await registerBillReels(trx, caller, bill, registrations);
    await finish(trx, caller, bill, 'CreateReels', {
      log: registrations.map((r) => ({ lineNo: r.billLineNo, reelCode: r.reelCode, qty: String(r.qty) })),
      lineNos: [],
    });
    return answer();
  }, (trx, bill) => actionResult(trx, bill, [], []));
}

/** The box of a scanned reel on the bill, or the refusal saying why the reel is not the bill's. */
async function boxOfReel(trx: DB, caller: BillCaller, bill: LockedBill, reelCode: string): Promise<BoxRow> {
  const box = await boxesQuery(trx, bill).where('reel_code', '=', reelCode).executeTakeFirst();
  if (box) return box;
  const reel = await trx.selectFrom('stock_reels').select('part_code').where('org_id', '=', caller.orgId).where('reel_code', '=', reelCode).executeTakeFirst();
  if (!reel) throw new Problem(404, 'stockReelNotFound', { reel: reelCode });
  const partOnBill = await trx.selectFrom('bill_lines').select('line_no').where('bill_id', '=', bill.header.id).where('part_code', '=', reel.part_code).executeTakeFirst();
  if (!partOnBill) throw new Problem(409, 'billReelPartNotOnBill', { reel: reelCode, part: reel.part_code, bill: bill.header.bill_code });
  throw new Problem(409, 'billReelNotOnBill', { reel: reelCode, bill: bill.header.bill_code });
}

/** The open lines of the part with what each still expects (its quantity less its reels not cancelled). */
async function expectingLines(trx: DB, bill: LockedBill, partCode: string): Promise<{ line: LineRow; remaining: Qty }[]> {
  const lines = (await linesOf(trx, bill)).filter((l) => l.status === 'OPEN' && l.part_code === partCode);
  const boxes = await boxesQuery(trx, bill).execute();
  return lines.map((line) => ({
    line,
    remaining: quantityOf(line.qty).minus(
      boxes.filter((b) => b.line_no === line.line_no && b.status !== 'CANCELLED').reduce((sum, b) => sum.plus(quantityOf(b.qty)), ZERO),
    ),
  }));
}

const mostRemaining = (expecting: readonly { remaining: Qty }[]) => Qty.max(expecting.reduce((most, e) => (e.remaining.gt(most) ? e.remaining : most), ZERO), ZERO);

/**
 * A reel generated without a bill (Reel/Generate: CREATED, no bill) scanned on this bill: it joins
 * the first open line of its part that still expects its quantity (a box of the line, the reel now
 * the bill's), so it is received as the bill's own reels are. Undefined when the scan is no such reel;
 * refused when no line of its part expects that much.
 */
async function attachLooseReel(trx: DB, caller: BillCaller, bill: LockedBill, reelCode: string): Promise<BoxRow | undefined> {
  const reel = await trx
    .selectFrom('stock_reels')
    .select(['reel_code', 'part_code', 'qty', 'status', 'bill_code', 'lot_code'])
    .where('org_id', '=', caller.orgId)
    .where('reel_code', '=', reelCode)
    .executeTakeFirst();
  // Not locked here (the ledger locks reels, after the bill): a second bill attaching it at once loses at the receipt.
  // Another bill's reel is not this bill's (boxOfReel says so).
  if (!reel || reel.status !== 'CREATED' || reel.bill_code !== null) return undefined;
  const expecting = await expectingLines(trx, bill, reel.part_code);
  if (!expecting.length) return undefined;
  const qty = quantityOf(reel.qty);
  const target = expecting.find((e) => e.remaining.gte(qty));
  if (!target) {
    throw new Problem(409, 'billReelQtyOverLine', { reel: reelCode, qty: quantityText(qty), part: reel.part_code, remaining: quantityText(mostRemaining(expecting)), bill: bill.header.bill_code });
  }
  const box: BoxRow = { reel_code: reelCode, line_no: target.line.line_no, part_code: reel.part_code, qty: quantityText(qty), status: 'CREATED', txn_id: null };
  await trx.insertInto('bill_boxes').values({ ...box, bill_id: bill.header.id, org_id: caller.orgId, lot_code: reel.lot_code }).execute();
  await trx
    .updateTable('stock_reels')
    .set({ bill_code: bill.header.bill_code, bill_line_no: target.line.line_no, updated_at: sql<Date>`now()` })
    .where('org_id', '=', caller.orgId)
    .where('reel_code', '=', reelCode)
    .execute();
  return box;
}

/** What a receipt needs to know of its boxes: their lines, and which of their parts go to inspection. */
interface ReceiptFacts {
  lines: LineRow[];
  iqcParts: Set<string>;
}

/** The lines and inspection parts of the boxes (a type without inspection has none). */
async function receiptFacts(trx: DB, caller: BillCaller, bill: LockedBill, boxes: readonly BoxRow[]): Promise<ReceiptFacts> {
  const lines = await linesOf(trx, bill);
  const iqcParts = new Set<string>();
  if (bill.type.inspection) {
    const parts = [...new Set(boxes.map((b) => b.part_code))];
    const { rows } = await sql<{ code: string }>`
      select code from md_part where org_id = ${caller.orgId} and code in (${sql.join(parts)}) and iqc_required`.execute(trx);
    for (const row of rows) iqcParts.add(row.code);
  }
  return { lines, iqcParts };
}

/**
 * The receipt moves of the boxes: into their line's place (the locator `toLoc` instead of the line's when
 * the scan named one: put-to-light's cell; the ledger refuses a locator not of the line's storage
 * location); an IQC part of a type with inspection into pending inspection.
 */
function receiptMoves(bill: LockedBill, boxes: readonly BoxRow[], facts: ReceiptFacts, action: BillAction, toLoc?: string): { moves: StockMove[]; iqc: boolean[] } {
  const moves: StockMove[] = [];
  const iqc: boolean[] = [];
  for (const box of boxes) {
    const line = facts.lines.find((l) => l.line_no === box.line_no)!;
    if (line.status !== 'OPEN') throw lineNotOpen(bill, line, action);
    if (!line.to_sic) throw new Problem(409, 'billLineNoSic', { line: line.line_no });
    const pending = facts.iqcParts.has(box.part_code);
    moves.push({
      kind: 'receive',
      reelCode: box.reel_code,
      to: { sic: line.to_sic, loc: toLoc ?? line.to_loc ?? '' },
      pendingInspection: pending,
      partCode: line.part_code,
      billCode: bill.header.bill_code,
      billLineNo: line.line_no,
    });
    iqc.push(pending);
  }
  return { moves, iqc };
}

/**
 * Receives the boxes through the ledger and marks them received (one ledger call: all or none);
 * the boxes' status, the lines, the bill's status, the log and the answer in one statement.
 */
async function receive(
  trx: DB,
  caller: BillCaller,
  bill: LockedBill,
  boxes: readonly BoxRow[],
  action: 'ConfirmReceipt' | 'OneKeyReceipt',
  facts?: ReceiptFacts,
  toLoc?: string,
): Promise<ActionResult> {
  const { moves, iqc } = receiptMoves(bill, boxes, facts ?? (await receiptFacts(trx, caller, bill, boxes)), action, toLoc);
  const transactions = await applyStockMoves(trx, caller, moves);
  // Reels put in pending inspection join their lot's inspection document (issue 19), in this transaction.
  await documentsForReceipt(trx, caller, bill.header, boxes.filter((_, index) => iqc[index]).map((b) => ({ reelCode: b.reel_code, partCode: b.part_code, qty: quantityText(b.qty) })));
  const lineNos = [...new Set(boxes.map((b) => b.line_no))];
  return finishAndAnswer(trx, caller, bill, action, {
    boxes: boxes.map((b, index) => ({ reelCode: b.reel_code, status: 'RECEIVED', iqcFlag: iqc[index], txnId: String(transactions[index].id) })),
    log: boxes.map((b) => ({ lineNo: b.line_no, reelCode: b.reel_code, qty: quantityText(b.qty) })),
    lineNos,
    reelCodes: boxes.map((b) => b.reel_code),
    answerLineNos: lineNos,
  });
}

/**
 * The box of a scanned reel on the bill with what its receipt needs (its line, whether its part goes
 * to inspection), in one statement; undefined when the reel is not on the bill.
 */
async function scannedBox(trx: DB, caller: BillCaller, bill: LockedBill, reelCode: string): Promise<{ box: BoxRow; facts: ReceiptFacts } | undefined> {
  const { rows } = await sql<BoxRow & { line: LineRow; iqc: boolean }>`
    select b.reel_code, b.line_no, b.part_code, b.qty, b.status, b.txn_id,
           json_build_object('line_no', l.line_no, 'part_code', l.part_code, 'qty', l.qty::text, 'mpq', l.mpq::text, 'to_sic', l.to_sic, 'to_loc', l.to_loc,
             'lot_code', l.lot_code, 'date_code', l.date_code, 'expire_date', l.expire_date::text, 'status', l.status) as line,
           ${bill.type.inspection} and exists (select 1 from md_part p where p.org_id = ${caller.orgId} and p.code = b.part_code and p.iqc_required) as iqc
      from bill_boxes b join bill_lines l on l.bill_id = b.bill_id and l.line_no = b.line_no
     where b.bill_id = ${bill.header.id} and b.reel_code = ${reelCode}`.execute(trx);
  if (!rows[0]) return undefined;
  const { line, iqc, ...box } = rows[0];
  return { box, facts: { lines: [line], iqcParts: new Set(iqc ? [box.part_code] : []) } };
}

/**
 * Confirm receipt: one scanned reel of the bill, into its line's place or the locator ToLoc (of the line's
 * storage location: the cell put-to-light suggested). Scanning a received reel again changes nothing.
 */
export function confirmReceipt(db: DB, caller: BillCaller, input: { Id: string; ReelCode: string; ToLoc?: string }): Promise<ActionResult> {
  return withBillAction(db, caller, input.Id, 'ConfirmReceipt', async (trx, bill) => {
    const scanned = await scannedBox(trx, caller, bill, input.ReelCode);
    const box = scanned?.box ?? (await attachLooseReel(trx, caller, bill, input.ReelCode)) ?? (await boxOfReel(trx, caller, bill, input.ReelCode));
    if (box.status === 'CANCELLED') throw new Problem(409, 'billReelCancelled', { reel: box.reel_code, bill: bill.header.bill_code });
    if (box.status !== 'CREATED') return actionResult(trx, bill, [box.reel_code], [box.line_no]);
    return receive(trx, caller, bill, [box], 'ConfirmReceipt', scanned?.facts, input.ToLoc);
  }, (trx, bill) => actionResult(trx, bill, [input.ReelCode], []));
}

/**
 * Confirm receipt by a label's scan. One of the bill's reel codes is received as Confirm receipt does.
 * Otherwise the scan is a vendor's label, read by the organisation's barcode rules for the bill's vendor
 * (as BarcodeRule/Parse): its serial number becomes the reel code (a label without one does not say
 * which reel it is, so a second scan could not be told from a second reel: refused), registered on the
 * first open line of its part (the part, else the customer's or the maker's part number) that still
 * expects that quantity, with the label's lot, date code and expiry, and received at once.
 */
export function confirmReceiptByLabel(db: DB, caller: BillCaller, input: { Id: string; Barcode: string; ToLoc?: string }): Promise<ActionResult> {
  const scan = input.Barcode.trim();
  return withBillAction(db, caller, input.Id, 'ConfirmReceipt', async (trx, bill) => {
    const ownReel = await scannedBox(trx, caller, bill, scan);
    if (ownReel) return confirmReceipt(trx, caller, { Id: input.Id, ReelCode: scan, ToLoc: input.ToLoc });
    // A reel of ours generated without a bill (Reel/Generate): its code, not a vendor's label.
    const loose = await trx.selectFrom('stock_reels').select('reel_code').where('org_id', '=', caller.orgId).where('reel_code', '=', scan).where('status', '=', 'CREATED').executeTakeFirst();
    if (loose) return confirmReceipt(trx, caller, { Id: input.Id, ReelCode: scan, ToLoc: input.ToLoc });
    const label = await readLabel(trx, caller.orgId, input.Barcode, bill.header.vendor_code);
    if (!label.Serial) throw new Problem(400, 'billLabelNoSerial');
    const reelCode = label.Serial;
    const known = await boxesQuery(trx, bill).where('reel_code', '=', reelCode).executeTakeFirst();
    if (known) return confirmReceipt(trx, caller, { Id: input.Id, ReelCode: reelCode, ToLoc: input.ToLoc });
    const exists = await trx.selectFrom('stock_reels').select('reel_code').where('org_id', '=', caller.orgId).where('reel_code', '=', reelCode).executeTakeFirst();
    if (exists) throw new Problem(409, 'stockReelExists', { reel: reelCode });

    const qty = positiveQuantity(label.Qty!);
    const lines = (await linesOf(trx, bill)).filter((l) => l.status === 'OPEN');
    const candidates = [label.PartCode, label.CustomerPart, label.MfrPart].filter((code): code is string => Boolean(code));
    const partCode = candidates.find((code) => lines.some((l) => l.part_code === code));
    if (!partCode) throw new Problem(409, 'billReelPartNotOnBill', { reel: reelCode, part: label.PartCode ?? '', bill: bill.header.bill_code });
    const expecting = await expectingLines(trx, bill, partCode);
    const target = expecting.find((e) => e.remaining.gte(qty));
    if (!target) {
      throw new Problem(409, 'billLabelQtyOverLine', { qty: quantityText(qty), part: partCode, remaining: quantityText(mostRemaining(expecting)), bill: bill.header.bill_code });
    }
    const { line } = target;
    const [box] = await registerBillReels(trx, caller, bill, [lineReel(bill, line, reelCode, qty, label)]);
    return receive(trx, caller, bill, [box], 'ConfirmReceipt', undefined, input.ToLoc);
  }, (trx, bill) => actionResult(trx, bill, [], []));
}

/** One-key receipt: every reel of the bill's open lines not received yet; none left after a receipt is a repeat. */
export function oneKeyReceipt(db: DB, caller: BillCaller, input: { Id: string }): Promise<ActionResult> {
  return withBillAction(db, caller, input.Id, 'OneKeyReceipt', async (trx, bill) => {
    const boxes = await boxesQuery(trx, bill).orderBy('line_no').orderBy('reel_code').execute();
    const waiting = boxes.filter((b) => b.status === 'CREATED');
    if (!waiting.length) {
      if (boxes.some((b) => b.status === 'RECEIVED')) return actionResult(trx, bill, [], []);
      throw new Problem(409, 'billNothingToReceive', { bill: bill.header.bill_code });
    }
    return receive(trx, caller, bill, waiting, 'OneKeyReceipt');
  }, (trx, bill) => actionResult(trx, bill, [], []));
}

/**
 * Cancel receipt: the ledger reverses the receipt of the reel (or of every reel received), exactly,
 * only while the reel has not moved since; the reel waits to be received again. A reel not
 * received (any more) is a repeat.
 */
export function cancelReceipt(db: DB, caller: BillCaller, input: { Id: string; ReelCode?: string }): Promise<ActionResult> {
  return withBillAction(db, caller, input.Id, 'CancelReceipt', async (trx, bill) => {
    let boxes: BoxRow[];
    if (input.ReelCode !== undefined) {
      const box = await boxOfReel(trx, caller, bill, input.ReelCode);
      if (box.status === 'CANCELLED') throw new Problem(409, 'billReelCancelled', { reel: box.reel_code, bill: bill.header.bill_code });
      if (box.status !== 'RECEIVED') return actionResult(trx, bill, [box.reel_code], [box.line_no]);
      boxes = [box];
    } else {
      boxes = await boxesQuery(trx, bill).where('status', '=', 'RECEIVED').orderBy('reel_code').execute();
      if (!boxes.length) return actionResult(trx, bill, [], []);
    }
    await applyStockMoves(
      trx,
      caller,
      boxes.map((b) => ({ kind: 'reverse' as const, transactionId: b.txn_id!, billCode: bill.header.bill_code, billLineNo: b.line_no })),
    );
    await trx
      .updateTable('bill_boxes')
      .set({ status: 'CREATED', iqc_flag: false, txn_id: null, updated_at: sql<Date>`now()` })
      .where('bill_id', '=', bill.header.id)
      .where('reel_code', 'in', boxes.map((b) => b.reel_code))
      .execute();
    const lineNos = [...new Set(boxes.map((b) => b.line_no))];
    await finish(trx, caller, bill, 'CancelReceipt', { log: boxes.map((b) => ({ lineNo: b.line_no, reelCode: b.reel_code, qty: quantityText(b.qty) })), lineNos });
    return actionResult(trx, bill, boxes.map((b) => b.reel_code), lineNos);
  }, (trx, bill) => actionResult(trx, bill, [], []));
}

/**
 * Invalidate the bill (all lines, status CANCELLED) or one line; their reels waiting to be received
 * are cancelled on the bill. Refused once stock has moved for them (cancel that first). A line or
 * bill invalidated already is a repeat.
 */
export function invalidate(db: DB, caller: BillCaller, input: { Id: string; LineNo?: number }): Promise<ActionResult> {
  return withBillAction(db, caller, input.Id, 'Invalidate', async (trx, bill) => {
    const lines = await linesOf(trx, bill, input.LineNo);
    const targets = lines.filter((l) => l.status !== 'CANCELLED');
    if (!targets.length) return actionResult(trx, bill, [], lines.map((l) => l.line_no));
    const lineNos = targets.map((l) => l.line_no);
    const boxes = await boxesQuery(trx, bill).where('line_no', 'in', lineNos).execute();
    if (boxes.some((b) => b.status !== 'CREATED' && b.status !== 'CANCELLED')) throw new Problem(409, 'billHasStock', { bill: bill.header.bill_code });
    const cancelled = boxes.filter((b) => b.status === 'CREATED');
    await trx.updateTable('bill_lines').set({ status: 'CANCELLED' }).where('bill_id', '=', bill.header.id).where('line_no', 'in', lineNos).execute();
    if (cancelled.length) {
      await trx
        .updateTable('bill_boxes')
        .set({ status: 'CANCELLED', updated_at: sql<Date>`now()` })
        .where('bill_id', '=', bill.header.id)
        .where('reel_code', 'in', cancelled.map((b) => b.reel_code))
        .execute();
    }
    const log: LogEntry[] = input.LineNo !== undefined ? [{ lineNo: input.LineNo }] : [];
    await finish(trx, caller, bill, 'Invalidate', { log, lineNos });
    return actionResult(trx, bill, cancelled.map((b) => b.reel_code), lineNos);
  }, (trx, bill) => actionResult(trx, bill, [], []));
}
