/**
 * THE BILL ENGINE's core: what every bill action (inbound here, outbound in outbound*.ts) is built of.
 *
 * Contract for an action (Bill/<Action>; the caller's right to it is checked before, once, by the
 * x-permission `bill(body.Id)#<Action>` in server/access.ts — nothing here checks rights again):
 *   1. `withBillAction(db, caller, id, action, work)`: one database transaction; the bill row is
 *      locked FOR UPDATE first (the stock ledger's locking order allows a caller to lock its own rows
 *      before calling it, never reels or balances), its type read from md_bill_type (bill types are
 *      data: category, inspection, FEFO, required fields), the action checked against the shared
 *      tables (src/shared/bills/actions.ts: offered by the type's category, accepted in the status).
 *      A status in which the action's result stands already (`repeatDoneIn`) is a repeat: answered
 *      with the bill as it is, nothing changed (a retried request has the effect of once).
 *   2. `work(trx, bill)`: changes stock only through `applyStockMoves(trx, ...)` (same transaction),
 *      the bill's own rows (bill_lines, bill_boxes) directly; a refusal is a Problem and rolls back all.
 *   3. `finish(trx, bill, action, {log})`: recomputes the lines' ActualQty (`recomputeLines`), moves
 *      the bill to the status the action leads to (fixed, unchanged or computed from lines and reels,
 *      checked against the transition table src/shared/bills/transitions.ts) and writes the action log.
 *   4. `actionResult(trx, bill, reelCodes, lineNos)`: the answer (new Status, the reels and lines touched).
 */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { inTransaction, type DB } from '../../db/database.ts';
import type { BillBoxStatusCode, BillHeadersTable, BillLineStatusCode, BillStatusCode } from '../../db/schema.ts';
import { Problem } from '../../http/problem.ts';
import { BILL_ACTION_RULES, type BillAction } from '../../../src/shared/bills/actions.ts';
import {
  billWrongStatus,
  checkBillAction,
  countedBoxStatuses,
  lineQuantities,
  statusOfLinesAndReels,
  type ActionLine,
  type BillUnderAction,
} from '../../../src/shared/bills/engine-rules.ts';
import { BILL_CATEGORIES, type BillCategory, type BillStatus } from '../../../src/shared/bills/statuses.ts';
import { transitionAllowed } from '../../../src/shared/bills/transitions.ts';
import { parseRequiredHeaderFields, type BillHeaderField } from '../../../src/shared/bills/fields.ts';
import type { StockCaller } from '../stock/ledger.ts';
import { quantityText } from '../stock/quantity.ts';

/** Who acts, in which organisation (the ledger's caller). */
export type BillCaller = StockCaller;

/** What the actions read of a locked bill's header (only these: each column more is parsed at every call). */
export type BillHeader = Pick<Selectable<BillHeadersTable>, 'id' | 'bill_code' | 'bill_type' | 'status' | 'vendor_code' | 'erp_bill_type'>;

/** A bill type as md_bill_type holds it now (the bill-type master edits it). */
export interface BillTypeInfo {
  code: string;
  name: string;
  nameEn: string | null;
  category: BillCategory;
  erpBillType: string | null;
  requiredHeaderFields: BillHeaderField[];
  inspection: boolean;
  fefo: boolean;
  enabled: boolean;
}

/** A locked bill and its type. */
export interface LockedBill {
  header: BillHeader;
  type: BillTypeInfo;
}

const LOST_RACE = new Set(['40P01', '40001']);

/** md_bill_type's columns as the engine reads them. */
interface BillTypeRow {
  code: string;
  name: string;
  name_en: string | null;
  category: string;
  erp_bill_type: string | null;
  required_header_fields: string | null;
  inspection: boolean;
  fefo: boolean;
  enabled: boolean;
}

const BILL_TYPE_COLUMNS = sql`t.code, t.name, t.name_en, t.category, t.erp_bill_type, t.required_header_fields, t.inspection, t.fefo, t.enabled`;

function billTypeOf(row: BillTypeRow): BillTypeInfo {
  if (!(BILL_CATEGORIES as readonly string[]).includes(row.category)) {
    throw new Problem(409, 'billTypeCategoryUnknown', { type: row.code, category: row.category });
  }
  return {
    code: row.code,
    name: row.name,
    nameEn: row.name_en,
    category: row.category as BillCategory,
    erpBillType: row.erp_bill_type,
    requiredHeaderFields: parseRequiredHeaderFields(row.required_header_fields),
    inspection: row.inspection,
    fefo: row.fefo,
    enabled: row.enabled,
  };
}

/** The bill type of the organisation (null: none such). */
export async function findBillType(db: DB, orgId: string, code: string): Promise<BillTypeInfo | null> {
  const { rows } = await sql<BillTypeRow>`select ${BILL_TYPE_COLUMNS} from md_bill_type t where t.org_id = ${orgId} and t.code = ${code}`.execute(db);
  return rows[0] ? billTypeOf(rows[0]) : null;
}

/**
 * Bill types of bills found, per database: a bill's type never changes (Bill/Save refuses another
 * type) and a bill is never deleted, so an entry never goes stale — on any replica. Bounded: emptied
 * when full (a scan session works on a few bills; the next lookup of each reloads it).
 */
const billTypes = new WeakMap<DB, Map<string, string>>();
const BILL_TYPES_KEPT = 10_000;

/**
 * The type code of a bill of the organisation (access control's way to the menu); null: no such bill.
 * A bill asked for before costs no statement (every scan of a bill's reels asks for it again).
 */
export async function billTypeOfBill(db: DB, orgId: string, id: string): Promise<string | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  let known = billTypes.get(db);
  if (!known) billTypes.set(db, (known = new Map()));
  const key = `${orgId}\u0000${id}`;
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  const row = await db.selectFrom('bill_headers').select('bill_type').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  if (known.size >= BILL_TYPES_KEPT) known.clear();
  known.set(key, row.bill_type);
  return row.bill_type;
}

/**
 * Locks the bill row (FOR UPDATE) and reads its type, in one statement; 404 when the organisation has
 * no such bill. What the bill's lock protects (its lines and boxes) is read in a later statement: one
 * that waited for the lock would otherwise see them as they were before the holder committed.
 */
export async function lockBill(trx: DB, orgId: string, id: string): Promise<LockedBill> {
  if (!/^\d{1,18}$/.test(id)) throw new Problem(404, 'billNotFound', { id });
  const { rows } = await sql<BillHeader & { bill_type_row: BillTypeRow | null }>`
    select h.id, h.bill_code, h.bill_type, h.status, h.vendor_code, h.erp_bill_type, (select to_json(x) from (select ${BILL_TYPE_COLUMNS} from md_bill_type t where t.org_id = h.org_id and t.code = h.bill_type) x) as bill_type_row
      from bill_headers h where h.org_id = ${orgId} and h.id = ${id}
       for update of h`.execute(trx);
  if (!rows[0]) throw new Problem(404, 'billNotFound', { id });
  const { bill_type_row: type, ...header } = rows[0];
  if (!type) throw new Problem(404, 'billTypeUnknown', { type: header.bill_type });
  return { header, type: billTypeOf(type) };
}

/**
 * The action against the shared tables: 'do' (accepted), 'done' (a repeat: its result stands
 * already), else a 409 naming the bill, its status and the action in the caller's language.
 */
export function checkAction(bill: LockedBill, action: BillAction): 'do' | 'done' {
  return checkBillAction(underAction(bill), action);
}

const underAction = (bill: LockedBill): BillUnderAction => ({ billCode: bill.header.bill_code, status: bill.header.status, typeCode: bill.type.code, category: bill.type.category });

export const wrongStatus = (bill: LockedBill, action: BillAction) => billWrongStatus(underAction(bill), action);

/**
 * One bill action as one transaction: lock, check, work (skipped for a repeat whose result stands),
 * answer. `work` gets the transaction and the locked bill; it calls `finish` itself.
 */
export async function withBillAction<T>(
  db: DB,
  caller: BillCaller,
  id: string,
  action: BillAction,
  work: (trx: DB, bill: LockedBill) => Promise<T>,
  repeat: (trx: DB, bill: LockedBill) => Promise<T>,
): Promise<T> {
  try {
    return await inTransaction(db, async (trx) => {
      const bill = await lockBill(trx, caller.orgId, id);
      return checkAction(bill, action) === 'done' ? repeat(trx, bill) : work(trx, bill);
    });
  } catch (error) {
    if (LOST_RACE.has(String((error as { code?: unknown }).code))) throw new Problem(409, 'stockBusy');
    throw error;
  }
}

export { countedBoxStatuses };

/** Sets each line's ActualQty to the sum of its counted reels (all lines, or those named). */
export async function recomputeLines(trx: DB, bill: LockedBill, lineNos?: readonly number[]): Promise<void> {
  if (lineNos && !lineNos.length) return;
  const counted = countedBoxStatuses(bill.type.category);
  const countedList = counted.length ? sql.join(counted) : sql`null`;
  await sql`
    update bill_lines l set actual_qty = coalesce((
      select sum(b.qty) from bill_boxes b where b.bill_id = l.bill_id and b.line_no = l.line_no and b.status in (${countedList})), 0)
    where l.bill_id = ${bill.header.id} ${lineNos ? sql`and l.line_no in (${sql.join(lineNos)})` : sql``}`.execute(trx);
}

/**
 * The status the bill's lines and reels make (for `computed` actions; the shared rule
 * statusOfLinesAndReels, which the mocks use too).
 */
export async function computedStatus(trx: DB, bill: LockedBill): Promise<BillStatus> {
  const lines = await trx.selectFrom('bill_lines').select('status').where('bill_id', '=', bill.header.id).execute();
  const boxes = await trx.selectFrom('bill_boxes').select('status').distinct().where('bill_id', '=', bill.header.id).execute();
  return statusOfLinesAndReels(lines.map((l) => l.status), boxes.map((b) => b.status));
}

/** What one log row says besides who, when, the action and the statuses. */
export interface LogEntry {
  lineNo?: number | null;
  reelCode?: string | null;
  qty?: string | null;
}

/** Writes the action log: one row per entry (one row when none), each with the status before and after. */
export async function logAction(trx: DB, caller: BillCaller, billId: string, action: BillAction | string, before: BillStatus | null, after: BillStatus, entries: readonly LogEntry[] = []) {
  const rows = (entries.length ? entries : [{}]).map((e) => ({
    org_id: caller.orgId,
    bill_id: billId,
    action,
    status_before: before,
    status_after: after,
    line_no: e.lineNo ?? null,
    reel_code: e.reelCode ?? null,
    qty: e.qty ?? null,
    user_id: caller.userId,
    user_name: caller.userName,
  }));
  await trx.insertInto('bill_action_log').values(rows).execute();
}

/**
 * Ends an action that changed something: lines' ActualQty recomputed, the bill moved to the status
 * the action leads to (`status` overrides a computed one), the log written. Returns the new status.
 * A status change the transition table does not allow is a bug: it throws (500), nothing is written.
 */
export async function finish(
  trx: DB,
  caller: BillCaller,
  bill: LockedBill,
  action: BillAction,
  options: { log?: readonly LogEntry[]; lineNos?: readonly number[]; status?: BillStatus } = {},
): Promise<BillStatus> {
  await recomputeLines(trx, bill, options.lineNos);
  const rule = BILL_ACTION_RULES[action];
  const before = bill.header.status;
  const after: BillStatus =
    options.status ?? (rule.leadsTo === 'unchanged' ? before : rule.leadsTo === 'computed' ? await computedStatus(trx, bill) : rule.leadsTo);
  if (!transitionAllowed(before, after, action)) {
    throw new Error(`bill ${bill.header.bill_code}: ${action} may not move it from ${before} to ${after} (src/shared/bills/transitions.ts)`);
  }
  await trx
    .updateTable('bill_headers')
    .set((eb) => ({ status: after as BillStatusCode, updated_at: sql<Date>`now()`, version: eb('version', '+', 1) }))
    .where('id', '=', bill.header.id)
    .execute();
  await logAction(trx, caller, bill.header.id, action, before, after, options.log);
  bill.header = { ...bill.header, status: after };
  return after;
}

/** A reel on the bill as an action answers it. */
export interface ActionReel {
  ReelCode: string;
  PartCode: string;
  Qty: string;
  LineNo: number;
  Status: BillBoxStatusCode;
  IqcFlag: boolean;
  LotCode: string;
}

export type { ActionLine };

export interface ActionResult {
  Id: string;
  BillCode: string;
  Status: BillStatusCode;
  Reels: ActionReel[];
  Lines: ActionLine[];
}

/** A reel and a line of the answer as the statements below read them (quantities as text: exact). */
interface AnswerReelRow {
  reel_code: string;
  part_code: string;
  qty: string;
  line_no: number;
  status: BillBoxStatusCode;
  iqc_flag: boolean;
  lot_code: string;
}
interface AnswerLineRow {
  line_no: number;
  qty: string;
  actual_qty: string;
  status: BillLineStatusCode;
}

const answerReel = (alias: string) =>
  sql.raw(`json_build_object('reel_code', ${alias}.reel_code, 'part_code', ${alias}.part_code, 'qty', ${alias}.qty::text, 'line_no', ${alias}.line_no,
    'status', ${alias}.status, 'iqc_flag', ${alias}.iqc_flag, 'lot_code', ${alias}.lot_code)`);
const answerLine = (alias: string) =>
  sql.raw(`json_build_object('line_no', ${alias}.line_no, 'qty', ${alias}.qty::text, 'actual_qty', ${alias}.actual_qty::text, 'status', ${alias}.status)`);
/** `in` needs a value: no box or line has these. */
const codesOrNone = (codes: readonly string[]) => sql.join(codes.length ? [...new Set(codes)] : ['']);
const numbersOrNone = (numbers: readonly number[]) => sql.join(numbers.length ? [...new Set(numbers)] : [-1]);

function toResult(bill: LockedBill, reels: AnswerReelRow[] | null, lines: AnswerLineRow[] | null): ActionResult {
  const byReel = (a: AnswerReelRow, b: AnswerReelRow) => a.line_no - b.line_no || (a.reel_code < b.reel_code ? -1 : a.reel_code > b.reel_code ? 1 : 0);
  return {
    Id: String(bill.header.id),
    BillCode: bill.header.bill_code,
    Status: bill.header.status,
    Reels: (reels ?? []).sort(byReel).map((r) => ({
      ReelCode: r.reel_code,
      PartCode: r.part_code,
      Qty: quantityText(r.qty),
      LineNo: r.line_no,
      Status: r.status,
      IqcFlag: r.iqc_flag,
      LotCode: r.lot_code,
    })),
    Lines: (lines ?? []).sort((a, b) => a.line_no - b.line_no).map(lineQuantities),
  };
}

/** The answer of an action: the bill's status now, the reels and lines named, as they are now (one statement). */
export async function actionResult(trx: DB, bill: LockedBill, reelCodes: readonly string[], lineNos: readonly number[]): Promise<ActionResult> {
  if (!reelCodes.length && !lineNos.length) return toResult(bill, [], []);
  const { rows } = await sql<{ reels: AnswerReelRow[] | null; lines: AnswerLineRow[] | null }>`
    select (select json_agg(${answerReel('b')}) from bill_boxes b where b.bill_id = ${bill.header.id} and b.reel_code in (${codesOrNone(reelCodes)})) as reels,
           (select json_agg(${answerLine('l')}) from bill_lines l where l.bill_id = ${bill.header.id} and l.line_no in (${numbersOrNone(lineNos)})) as lines`.execute(trx);
  return toResult(bill, rows[0].reels, rows[0].lines);
}

/** What a box write inside finishAndAnswer returns (the answer's and the recount's columns). */
export const BOX_ANSWER_COLUMNS = sql.raw('b.reel_code, b.part_code, b.qty, b.line_no, b.status, b.iqc_flag, b.lot_code');

/** A change of a reel on the bill that an action makes as it finishes. */
export interface BoxChange {
  reelCode: string;
  status: BillBoxStatusCode;
  iqcFlag?: boolean;
  /** The ledger transaction that put the reel in this status. */
  txnId?: string | null;
}

/**
 * `finish` and `actionResult` together, with the action's changes of its reels' statuses: for an
 * action that leads to a fixed status (or keeps it), ONE statement (the reels changed, the lines'
 * ActualQty recomputed from them, the bill's status, the log, the answer); a computed status needs
 * the lines and reels as they are afterwards, so it is read between the steps.
 */
export async function finishAndAnswer(
  trx: DB,
  caller: BillCaller,
  bill: LockedBill,
  action: BillAction,
  options: {
    boxes?: readonly BoxChange[];
    /**
     * The action's own write of its reels on the bill instead of `boxes` (a pick's new box): one
     * data-modifying statement on bill_boxes `b` of this bill, returning BOX_ANSWER_COLUMNS, run
     * inside the finishing statement (one round trip less).
     */
    boxWrite?: RawBuilder<unknown>;
    log?: readonly LogEntry[];
    lineNos?: readonly number[];
    status?: BillStatus;
    reelCodes: readonly string[];
    answerLineNos: readonly number[];
  },
): Promise<ActionResult> {
  const rule = BILL_ACTION_RULES[action];
  const boxes = options.boxes ?? [];
  const billId = bill.header.id;
  const changedBoxes =
    options.boxWrite ??
    (boxes.length
      ? sql`update bill_boxes b set status = v.status, iqc_flag = coalesce(v.iqc, b.iqc_flag), txn_id = v.txn, updated_at = now()
          from (values ${sql.join(boxes.map((c) => sql`(${c.reelCode}::text, ${c.status}::text, ${c.iqcFlag ?? null}::boolean, ${c.txnId ?? null}::bigint)`))}) v (code, status, iqc, txn)
         where b.bill_id = ${billId} and b.reel_code = v.code
        returning ${BOX_ANSWER_COLUMNS}`
      : undefined);
  if (!options.status && rule.leadsTo === 'computed') {
    if (changedBoxes) await changedBoxes.execute(trx);
    await finish(trx, caller, bill, action, options);
    return actionResult(trx, bill, options.reelCodes, options.answerLineNos);
  }

  const before = bill.header.status;
  const after: BillStatus = options.status ?? (rule.leadsTo === 'unchanged' || rule.leadsTo === 'computed' ? before : rule.leadsTo);
  if (!transitionAllowed(before, after, action)) {
    throw new Error(`bill ${bill.header.bill_code}: ${action} may not move it from ${before} to ${after} (src/shared/bills/transitions.ts)`);
  }
  const counted = countedBoxStatuses(bill.type.category);
  const countedList = counted.length ? sql.join(counted) : sql`null`;
  const recompute = !options.lineNos || options.lineNos.length > 0;
  const lineFilter = options.lineNos ? sql`and l.line_no in (${sql.join(options.lineNos)})` : sql``;
  const entries = options.log?.length ? options.log : [{}];
  const ctes = [
    sql`changed as (${changedBoxes ?? sql`select null::text as reel_code, null::text as part_code, null::numeric as qty, null::int as line_no, null::text as status, null::boolean as iqc_flag, null::text as lot_code where false`})`,
    sql`counted as (
      select b.line_no, b.qty from bill_boxes b where b.bill_id = ${billId} and b.status in (${countedList}) and b.reel_code not in (select reel_code from changed)
      union all select c.line_no, c.qty from changed c where c.status in (${countedList}))`,
    sql`lines as (${
      recompute
        ? sql`update bill_lines l set actual_qty = coalesce((select sum(c.qty) from counted c where c.line_no = l.line_no), 0)
               where l.bill_id = ${billId} ${lineFilter} returning l.line_no, l.qty, l.actual_qty, l.status`
        : sql`select l.line_no, l.qty, l.actual_qty, l.status from bill_lines l where false`
    })`,
    sql`head as (update bill_headers set status = ${after}, updated_at = now(), version = version + 1 where id = ${billId})`,
    sql`log as (insert into bill_action_log (org_id, bill_id, action, status_before, status_after, line_no, reel_code, qty, user_id, user_name)
      values ${sql.join(entries.map((e) => sql`(${caller.orgId}, ${billId}, ${action}, ${before}, ${after}, ${e.lineNo ?? null}, ${e.reelCode ?? null}, ${e.qty ?? null}, ${caller.userId}, ${caller.userName})`))})`,
  ];
  const reelCodes = codesOrNone(options.reelCodes);
  const answerLines = numbersOrNone(options.answerLineNos);
  const { rows } = await sql<{ reels: AnswerReelRow[] | null; lines: AnswerLineRow[] | null }>`
    with ${sql.join(ctes)}
    select (select json_agg(r) from (
              select ${answerReel('c')} as r from changed c where c.reel_code in (${reelCodes})
              union all
              select ${answerReel('b')} from bill_boxes b where b.bill_id = ${billId} and b.reel_code in (${reelCodes}) and b.reel_code not in (select reel_code from changed)) x) as reels,
           (select json_agg(l) from (
              select ${answerLine('n')} as l from lines n where n.line_no in (${answerLines})
              union all
              select ${answerLine('o')} from bill_lines o where o.bill_id = ${billId} and o.line_no in (${answerLines}) and o.line_no not in (select line_no from lines)) y) as lines`.execute(trx);
  bill.header = { ...bill.header, status: after };
  return toResult(bill, rows[0].reels, rows[0].lines);
}

export { lineQuantities };
