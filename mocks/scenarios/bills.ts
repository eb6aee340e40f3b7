/**
 * Bills in mock mode (issue 16: "every list and CRUD screen works on the mocks, derived from the same
 * declarations the server uses"; issue 14: "do not write a second ledger in the mocks"). The bills live
 * in the mock db (a reset starts them over, the browser keeps them across reloads: mocks/persist.ts):
 * the fixture bills of every type (one per status, made from the generated Bill/Get fixture, so the
 * scanning pages and the menu walk find them) and every bill a tester saves.
 *
 * The rules are the reference server's, from the same shared code:
 *   - Bill/Save: the type as the bill-type master holds it (category, required header fields, ERP type,
 *     enabled), the header's and lines' checks of src/shared/bills/save-rules.ts against the mocks'
 *     master data, a new bill numbered `<TYPE><yyyymmdd><nnnn>` (src/shared/day-codes.ts), an edit
 *     only while EDITING (its lines replaced); a retried save with the same RequestKey answers the first.
 *   - Bill/<Action>: offered by the category and accepted in the status (src/shared/bills/engine-rules.ts
 *     checkBillAction: the server's 409 messages; a repeat whose result stands answers the bill as it
 *     is), the status afterwards fixed, unchanged or computed from the lines and reels
 *     (statusOfLinesAndReels), checked against src/shared/bills/transitions.ts, every change logged.
 *   - The bill's own bookkeeping follows each action as on the server: reels on the bill (create reels
 *     split by Mpq / standard pack / minimum pack; received, reserved, picked, moved, cancelled), the
 *     lines' ActualQty from their counted reels (countedBoxStatuses), line statuses, posted lines.
 *
 * What the mocks do NOT model (the reference server's ledger does): stock balances, the stock ledger
 * and as-of stock (Stock/* keep their generated answers); where a reel is (places, put-to-light cells);
 * expiry, FEFO order and the line's FromSic/FromLoc at pick; a reel's history across bills. "In stock"
 * for reserve and pick means: received on a receiving bill (not pending inspection) and not reserved,
 * picked or moved on another bill. A split-off reel (pick with a smaller Qty) gets the server's
 * `<reel>-<n>` code on the picking bill only. A vendor label the bill does not know is refused as an
 * unknown reel (no barcode rules are read). Lights and ERP posting are logged, nothing is sent.
 */
import { http } from 'msw';
import fixtures from '../generated/fixtures.json';
import type { paths } from '../../src/api/schema';
import { BILL_ACTION_RULES, type BillAction } from '../../src/shared/bills/actions';
import { checkBillAction, countedBoxStatuses, lineQuantities, statusOfLinesAndReels, wireLine } from '../../src/shared/bills/engine-rules';
import { billListColumnsNotShown, parseRequiredHeaderFields, BILL_HEADER_FIELDS, type BillHeaderField } from '../../src/shared/bills/fields';
import { checkBillHeader, checkBillLines, suggestedEntity, type CheckedLine, type SaveInput } from '../../src/shared/bills/save-rules';
import { BILL_STATUSES, BILL_STATUS_LABELS, RECEIVING_CATEGORIES, ISSUING_CATEGORIES, type BillBoxStatus, type BillCategory, type BillLineStatus, type BillStatus } from '../../src/shared/bills/statuses';
import { transitionAllowed } from '../../src/shared/bills/transitions';
import { BILL_TYPE_DECLARATIONS, billTypeDeclaration } from '../../src/shared/bills/types';
import type { BillTypeDeclaration } from '../../src/shared/bills/declaration';
import { dayCode, localDay } from '../../src/shared/day-codes';
import { billActionMessageKey } from '../../src/shared/bills/messages';
import { Refusal } from '../../src/shared/messages/refusal';
import { positiveQuantity, Qty, quantityOf, quantityText, ZERO } from '../../src/shared/quantity';
import { scenarioState } from '../db';
import { answerSignedIn, type SignedIn } from './answers';
import type { MockList } from './listparam';
import { masterCodeLookup, masterRowsIn } from './masterdata';
import { suggestionsAmong } from '../../src/shared/masterdata/suggestions';

type Bill = paths['/Bill/Get']['get']['responses'][200]['content']['application/json']['data'];
type Line = Bill['Lines'][number];
type Box = Bill['Boxes'][number];
type LogRow = Bill['Log'][number];

const TEMPLATE = fixtures.BillGet.data as Bill;
const FIXTURE_DAY = '20261124';

// ---- state -------------------------------------------------------------------------------------

interface StoredBill {
  bill: Bill;
  /** The save's RequestKey (a retried save of a new bill answers this bill). */
  requestKey?: string;
  /** Lines posted to the ERP (once per line). */
  posted: number[];
  /** Reels handed over (once per reel; absent in a state saved before it was kept). */
  handedOver?: string[];
  /** The reels the last light request named ('' none yet). */
  lastLight?: string;
}

interface BillState {
  bills: StoredBill[];
  nextId: number;
}

/** The fixture bills of a type: one in each status, ids unique over all types. */
function fixtureBillsOf(typeIndex: number): StoredBill[] {
  const type = BILL_TYPE_DECLARATIONS[typeIndex];
  return BILL_STATUSES.map((Status, n) => ({
    bill: {
      ...structuredClone(TEMPLATE),
      Id: String(typeIndex * 100 + n + 1),
      BillCode: `${type.code}${FIXTURE_DAY}${String(n + 1).padStart(4, '0')}`,
      BillType: type.code,
      Category: type.category,
      Status,
      Description: `${type.name['zh-chs']} ${n + 1}`,
      CreatedAt: new Date(Date.UTC(2026, 10, 24, 8, n * 7)).toISOString(),
      UpdatedAt: new Date(Date.UTC(2026, 10, 24, 9, n * 7)).toISOString(),
    },
    posted: [],
  }));
}

const billState = () =>
  scenarioState<BillState>('bills', () => ({ bills: BILL_TYPE_DECLARATIONS.flatMap((_, index) => fixtureBillsOf(index)), nextId: 10000 }));

// ---- the bill types as the bill-type master holds them -------------------------------------------

interface TypeInfo {
  code: string;
  category: BillCategory;
  erpBillType: string | null;
  requiredHeaderFields: BillHeaderField[];
  inspection: boolean;
  enabled: boolean;
}

/** The organisation's bill type (the BillType master's row, as the server reads md_bill_type); undefined: none. */
function typeOf(orgId: string, code: string): TypeInfo | undefined {
  const row = masterRowsIn('BillType', orgId).find((r) => r.code === code);
  if (!row) return undefined;
  return {
    code,
    category: row.category as BillCategory,
    erpBillType: (row.erp_bill_type as string | null) ?? null,
    requiredHeaderFields: parseRequiredHeaderFields(row.required_header_fields as string | null),
    inspection: Boolean(row.inspection),
    enabled: row.enabled !== false,
  };
}

/** A stored bill's type (a type deleted from the master since: its declaration's). */
function typeOfBill(orgId: string, bill: Bill): TypeInfo {
  const found = typeOf(orgId, bill.BillType);
  if (found) return found;
  const declared = billTypeDeclaration(bill.BillType);
  return {
    code: bill.BillType,
    category: (declared?.category ?? bill.Category) as BillCategory,
    erpBillType: declared?.erpBillType ?? null,
    requiredHeaderFields: [...(declared?.requiredHeaderFields ?? [])],
    inspection: declared?.inspection ?? false,
    enabled: true,
  };
}

// ---- Bill/Save -----------------------------------------------------------------------------------

const nowIso = () => new Date().toISOString();

/** The next code of the type today: after the day's highest number among the bills (the server's bill_counters). */
function nextCode(type: string): string {
  const day = localDay(new Date());
  const prefix = dayCode(type, day, 0).slice(0, -4);
  const last = billState()
    .bills.map((s) => s.bill.BillCode)
    .filter((code) => code.startsWith(prefix) && /^\d{4,}$/.test(code.slice(prefix.length)))
    .reduce((most, code) => Math.max(most, Number(code.slice(prefix.length))), 0);
  return dayCode(type, day, last + 1);
}

/** A master record's name by its code (a part's, a vendor's ...), as the server reads it beside the code; null without one. */
const masterNameOf = (resource: string, orgId: string, code: string | null | undefined) =>
  code == null ? null : ((masterRowsIn(resource, orgId).find((row) => row.code === code)?.name as string | undefined) ?? null);
const partNameOf = (orgId: string, part: string) => masterNameOf('Part', orgId, part);

/** Bill/Get's names beside the header's codes (the server's get.ts). */
const headerNamesOf = (orgId: string, header: Partial<Record<BillHeaderField, string | null>>) => ({
  CompanyName: masterNameOf('Company', orgId, header.company_code),
  VendorName: masterNameOf('Vendor', orgId, header.vendor_code),
  CustomerName: masterNameOf('Customer', orgId, header.customer_code),
});

function wireLines(orgId: string, lines: readonly CheckedLine[]): Line[] {
  return lines.map((l) => wireLine({ ...l, actual_qty: '0', status: 'OPEN' }, partNameOf(orgId, l.part_code)));
}

const logRow = (caller: SignedIn, action: string, before: BillStatus | null, after: BillStatus, entry: { LineNo?: number | null; ReelCode?: string | null; Qty?: string | null } = {}): LogRow => ({
  Time: nowIso(),
  UserName: caller.user.USER_NAME,
  Action: action,
  StatusBefore: before,
  StatusAfter: after,
  LineNo: entry.LineNo ?? null,
  ReelCode: entry.ReelCode ?? null,
  Qty: entry.Qty ?? null,
});

const saveAnswer = (bill: Bill) => ({ Id: bill.Id, BillCode: bill.BillCode, Status: bill.Status });

/** Bill/Save in the mocks (also Iqc/MakeBill's, mocks/scenarios/quality.ts). */
export async function saveBill(caller: SignedIn, input: SaveInput) {
  const state = billState();
  const type = typeOf(caller.orgId, input.BillType);
  if (!type) throw new Refusal(400, 'billTypeUnknown', { type: input.BillType });
  if (!type.enabled) throw new Refusal(400, 'billTypeDisabled', { type: input.BillType });
  if (input.Id === undefined && input.RequestKey !== undefined) {
    const made = state.bills.find((s) => s.requestKey === input.RequestKey);
    if (made) return saveAnswer(made.bill);
  }
  const codes = masterCodeLookup(caller.orgId);
  const header = await checkBillHeader(type, input, codes);
  const lines = await checkBillLines(type, input.Lines, codes);
  const headerFields = {
    ...Object.fromEntries((Object.keys(BILL_HEADER_FIELDS) as BillHeaderField[]).map((field) => [BILL_HEADER_FIELDS[field].wire, header[field]])),
    ...headerNamesOf(caller.orgId, header),
  };

  if (input.Id === undefined) {
    const at = nowIso();
    const bill = {
      Id: String(++state.nextId),
      BillCode: nextCode(type.code),
      BillType: type.code,
      Category: type.category,
      Status: 'EDITING',
      ...headerFields,
      CreatedAt: at,
      CreatedBy: caller.user.USER_NAME,
      UpdatedAt: at,
      Lines: wireLines(caller.orgId, lines),
      Boxes: [],
      Log: [logRow(caller, 'Save', null, 'EDITING')],
    } as unknown as Bill;
    state.bills.push({ bill, requestKey: input.RequestKey, posted: [] });
    return saveAnswer(bill);
  }
  const stored = storedBill(input.Id);
  const { bill } = stored;
  if (bill.BillType !== type.code) throw new Refusal(400, 'billTypeMismatch', { bill: bill.BillCode, actual: bill.BillType, expected: type.code });
  checkBillAction(underAction(bill, type), 'Save');
  Object.assign(bill, headerFields, { UpdatedAt: nowIso(), Lines: wireLines(caller.orgId, lines), Boxes: [] });
  bill.Log.push(logRow(caller, 'Save', 'EDITING', 'EDITING'));
  return saveAnswer(bill);
}

// ---- the action engine (the server's engine.ts, on the stored bill) --------------------------------

function storedBill(id: string): StoredBill {
  const found = billState().bills.find((s) => s.bill.Id === id);
  if (!found) throw new Refusal(404, 'billNotFound', { id });
  return found;
}

const underAction = (bill: Bill, type: TypeInfo) => ({ billCode: bill.BillCode, status: bill.Status, typeCode: type.code, category: type.category });

interface Acting {
  caller: SignedIn;
  stored: StoredBill;
  bill: Bill;
  type: TypeInfo;
  action: BillAction;
}

/** What an action did: the reels and lines its answer names, the log entries (none: nothing changed), a fixed status. */
interface Done {
  reels: string[];
  lines: number[];
  log?: { LineNo?: number | null; ReelCode?: string | null; Qty?: string | null }[];
  changed: boolean;
  status?: BillStatus;
}

const LINE_STATUS_KEY = { OPEN: 'billLineStatusOPEN', CLOSED: 'billLineStatusCLOSED', CANCELLED: 'billLineStatusCANCELLED' } as const;

const lineNotOpen = (x: Acting, line: Line) =>
  new Refusal(409, 'billLineNotOpen', { bill: x.bill.BillCode, line: line.LineNo, status: { message: LINE_STATUS_KEY[line.Status] }, action: { message: billActionMessageKey(x.action) } });

function lineOf(x: Acting, lineNo: number): Line {
  const line = x.bill.Lines.find((l) => l.LineNo === lineNo);
  if (!line) throw new Refusal(404, 'billLineNotFound', { bill: x.bill.BillCode, line: lineNo });
  return line;
}

/** Each line's ActualQty: the sum of its counted reels (the server's recomputeLines). */
function recomputeLines(bill: Bill, category: BillCategory) {
  const counted = countedBoxStatuses(category);
  for (const line of bill.Lines) {
    const actual = bill.Boxes.filter((b) => b.LineNo === line.LineNo && counted.includes(b.Status)).reduce((sum, b) => sum.plus(quantityOf(b.Qty)), ZERO);
    Object.assign(line, lineQuantities({ line_no: line.LineNo, qty: line.Qty, actual_qty: quantityText(actual), status: line.Status }));
  }
}

/** The answer: the bill's status now, the reels and lines named, as they are now. */
function answerOf(bill: Bill, reels: readonly string[], lines: readonly number[]) {
  return {
    Id: bill.Id,
    BillCode: bill.BillCode,
    Status: bill.Status,
    Reels: bill.Boxes.filter((b) => reels.includes(b.ReelCode))
      .sort((a, b) => a.LineNo - b.LineNo || (a.ReelCode < b.ReelCode ? -1 : a.ReelCode > b.ReelCode ? 1 : 0))
      .map((b) => ({ ReelCode: b.ReelCode, PartCode: b.PartCode, Qty: b.Qty, LineNo: b.LineNo, Status: b.Status, IqcFlag: b.IqcFlag, LotCode: b.LotCode })),
    Lines: bill.Lines.filter((l) => lines.includes(l.LineNo))
      .sort((a, b) => a.LineNo - b.LineNo)
      .map((l) => lineQuantities({ line_no: l.LineNo, qty: l.Qty, actual_qty: l.ActualQty, status: l.Status })),
  };
}

/** Actions whose repeat runs the work again (it finds nothing left to do), as on the server. */
const RUN_AGAIN_ON_REPEAT = new Set<BillAction>(['LineCancelPick', 'CancelReelIssue', 'CancelIssue']);

/**
 * One action on one bill: checked (offered, accepted, or a repeat whose result stands), worked on a copy
 * (a refusal changes nothing), then the lines recomputed, the status moved within the transition table,
 * the log written and the answer given.
 */
function act(caller: SignedIn, id: string, action: BillAction, work: (x: Acting) => Done) {
  const stored = storedBill(id);
  const type = typeOfBill(caller.orgId, stored.bill);
  if (checkBillAction(underAction(stored.bill, type), action) === 'done' && !RUN_AGAIN_ON_REPEAT.has(action)) return answerOf(stored.bill, [], []);
  const bill = structuredClone(stored.bill);
  const x: Acting = { caller, stored: { ...stored, bill, posted: [...stored.posted], handedOver: [...(stored.handedOver ?? [])] }, bill, type, action };
  const done = work(x);
  if (done.changed) {
    recomputeLines(bill, type.category);
    const rule = BILL_ACTION_RULES[action];
    const before = bill.Status;
    const after: BillStatus =
      done.status ??
      (rule.leadsTo === 'unchanged' ? before : rule.leadsTo === 'computed' ? statusOfLinesAndReels(bill.Lines.map((l) => l.Status as BillLineStatus), bill.Boxes.map((b) => b.Status as BillBoxStatus)) : rule.leadsTo);
    if (!transitionAllowed(before, after, action)) throw new Error(`bill ${bill.BillCode}: ${action} may not move it from ${before} to ${after} (src/shared/bills/transitions.ts)`);
    bill.Status = after;
    bill.UpdatedAt = nowIso();
    for (const entry of done.log?.length ? done.log : [{}]) bill.Log.push(logRow(caller, action, before, after, entry));
  }
  Object.assign(stored, x.stored);
  return answerOf(bill, done.reels, done.lines);
}

const nothing = (reels: string[] = [], lines: number[] = []): Done => ({ reels, lines, changed: false });
const boxLog = (boxes: readonly Box[]) => boxes.map((b) => ({ LineNo: b.LineNo, ReelCode: b.ReelCode, Qty: b.Qty }));
const isLive = (b: Box) => b.Status === 'RESERVED' || b.Status === 'PICKED' || b.Status === 'MOVED';

// ---- inbound: create reels, receipt, cancel receipt, invalidate -------------------------------------

/** The quantity per reel of a line: its Mpq, else the part's standard pack (the bill's vendor's first), else its minimum pack. */
function packQty(x: Acting, line: Line): Qty | null {
  if (line.Mpq) return quantityOf(line.Mpq);
  const packs = masterRowsIn('StandardPack', x.caller.orgId)
    .filter((row) => row.part_code === line.PartCode && Number(row.qty) > 0)
    .sort((a, b) => Number(b.vendor_code === x.bill.VendorCode) - Number(a.vendor_code === x.bill.VendorCode) || String(a.vendor_code).localeCompare(String(b.vendor_code)));
  if (packs.length) return quantityOf(String(packs[0].qty));
  const min = masterRowsIn('Part', x.caller.orgId).find((row) => row.code === line.PartCode)?.min_pack_qty;
  return min !== null && min !== undefined && Number(min) > 0 ? quantityOf(String(min)) : null;
}

/** At most this many reels per line and call (the server's MAX_REELS_PER_LINE). */
const MAX_REELS_PER_LINE = 5000;

function createReels(x: Acting, lineNo?: number): Done {
  const lines = lineNo === undefined ? x.bill.Lines : [lineOf(x, lineNo)];
  if (lineNo !== undefined && lines[0].Status !== 'OPEN') throw lineNotOpen(x, lines[0]);
  const made: Box[] = [];
  for (const line of lines.filter((l) => l.Status === 'OPEN')) {
    const own = x.bill.Boxes.filter((b) => b.LineNo === line.LineNo);
    let remaining = quantityOf(line.Qty).minus(own.filter((b) => b.Status !== 'CANCELLED').reduce((sum, b) => sum.plus(quantityOf(b.Qty)), ZERO));
    if (remaining.lte(0)) continue;
    const pack = packQty(x, line);
    if (!pack) throw new Refusal(400, 'billNoMpq', { line: line.LineNo, part: line.PartCode });
    const count = remaining.div(pack).ceil();
    if (count.gt(MAX_REELS_PER_LINE)) throw new Refusal(400, 'billTooManyReels', { line: line.LineNo, count: count.toFixed(), max: MAX_REELS_PER_LINE });
    let seq = own.length;
    while (remaining.gt(0)) {
      const qty = Qty.min(pack, remaining);
      remaining = remaining.minus(qty);
      made.push({ ReelCode: `${x.bill.BillCode}-${line.LineNo}-${++seq}`, LineNo: line.LineNo, PartCode: line.PartCode, Qty: quantityText(qty), Status: 'CREATED', IqcFlag: false, LotCode: line.LotCode ?? '', PrintCount: 0 });
    }
  }
  const lineNos = lines.map((l) => l.LineNo);
  x.bill.Boxes.push(...made);
  const current = x.bill.Boxes.filter((b) => lineNos.includes(b.LineNo) && b.Status !== 'CANCELLED').map((b) => b.ReelCode);
  if (!made.length) {
    if (!current.length) throw new Refusal(409, 'billNoReelsToCreate', { bill: x.bill.BillCode });
    return nothing(current, lineNos);
  }
  return { reels: current, lines: lineNos, log: boxLog(made), changed: true };
}

/** Where else the mocks know a reel: on another bill (its latest box there). */
function reelElsewhere(x: Acting, reelCode: string): { stored: StoredBill; box: Box } | undefined {
  for (const stored of billState().bills) {
    if (stored.bill.Id === x.bill.Id) continue;
    const box = stored.bill.Boxes.find((b) => b.ReelCode === reelCode);
    if (box) return { stored, box };
  }
  return undefined;
}

/** The box of a scanned reel on the bill, or the refusal saying why the reel is not the bill's. */
function boxOfReel(x: Acting, reelCode: string): Box {
  const box = x.bill.Boxes.find((b) => b.ReelCode === reelCode);
  if (box) return box;
  const other = reelElsewhere(x, reelCode);
  if (!other) throw new Refusal(404, 'stockReelNotFound', { reel: reelCode });
  if (!x.bill.Lines.some((l) => l.PartCode === other.box.PartCode)) throw new Refusal(409, 'billReelPartNotOnBill', { reel: reelCode, part: other.box.PartCode, bill: x.bill.BillCode });
  throw new Refusal(409, 'billReelNotOnBill', { reel: reelCode, bill: x.bill.BillCode });
}

const iqcPart = (x: Acting, part: string) => x.type.inspection && Boolean(masterRowsIn('Part', x.caller.orgId).find((row) => row.code === part)?.iqc_required);

function receive(x: Acting, boxes: Box[]): Done {
  for (const box of boxes) {
    const line = lineOf(x, box.LineNo);
    if (line.Status !== 'OPEN') throw lineNotOpen(x, line);
    if (!line.ToSic) throw new Refusal(409, 'billLineNoSic', { line: line.LineNo });
  }
  for (const box of boxes) Object.assign(box, { Status: 'RECEIVED', IqcFlag: iqcPart(x, box.PartCode) });
  return { reels: boxes.map((b) => b.ReelCode), lines: [...new Set(boxes.map((b) => b.LineNo))], log: boxLog(boxes), changed: true };
}

function confirmReceipt(x: Acting, reelCode: string): Done {
  const box = boxOfReel(x, reelCode);
  if (box.Status === 'CANCELLED') throw new Refusal(409, 'billReelCancelled', { reel: box.ReelCode, bill: x.bill.BillCode });
  if (box.Status !== 'CREATED') return nothing([box.ReelCode], [box.LineNo]);
  return receive(x, [box]);
}

function oneKeyReceipt(x: Acting): Done {
  const waiting = x.bill.Boxes.filter((b) => b.Status === 'CREATED');
  if (!waiting.length) {
    if (x.bill.Boxes.some((b) => b.Status === 'RECEIVED')) return nothing();
    throw new Refusal(409, 'billNothingToReceive', { bill: x.bill.BillCode });
  }
  return receive(x, waiting);
}

function cancelReceipt(x: Acting, reelCode?: string): Done {
  let boxes: Box[];
  if (reelCode !== undefined) {
    const box = boxOfReel(x, reelCode);
    if (box.Status === 'CANCELLED') throw new Refusal(409, 'billReelCancelled', { reel: box.ReelCode, bill: x.bill.BillCode });
    if (box.Status !== 'RECEIVED') return nothing([box.ReelCode], [box.LineNo]);
    boxes = [box];
  } else {
    boxes = x.bill.Boxes.filter((b) => b.Status === 'RECEIVED');
    if (!boxes.length) return nothing();
  }
  const taken = boxes.find((b) => reelTakenElsewhere(x, b.ReelCode));
  if (taken) throw new Refusal(409, 'stockReelReservedByOther', { reel: taken.ReelCode, bill: reelTakenElsewhere(x, taken.ReelCode)! });
  for (const box of boxes) Object.assign(box, { Status: 'CREATED', IqcFlag: false });
  return { reels: boxes.map((b) => b.ReelCode), lines: [...new Set(boxes.map((b) => b.LineNo))], log: boxLog(boxes), changed: true };
}

function invalidate(x: Acting, lineNo?: number): Done {
  const lines = lineNo === undefined ? x.bill.Lines : [lineOf(x, lineNo)];
  const targets = lines.filter((l) => l.Status !== 'CANCELLED');
  if (!targets.length) return nothing([], lines.map((l) => l.LineNo));
  const lineNos = targets.map((l) => l.LineNo);
  const boxes = x.bill.Boxes.filter((b) => lineNos.includes(b.LineNo));
  if (boxes.some((b) => b.Status !== 'CREATED' && b.Status !== 'CANCELLED')) throw new Refusal(409, 'billHasStock', { bill: x.bill.BillCode });
  const cancelled = boxes.filter((b) => b.Status === 'CREATED');
  for (const line of targets) line.Status = 'CANCELLED';
  for (const box of cancelled) box.Status = 'CANCELLED';
  return { reels: cancelled.map((b) => b.ReelCode), lines: lineNos, log: lineNo !== undefined ? [{ LineNo: lineNo }] : [], changed: true };
}

// ---- outbound: reserve, pick, cancel, move, handover, close, post, light ------------------------------

/** The bill (code) that holds the reel live (reserved, picked, moved) besides this one, if any. */
function reelTakenElsewhere(x: Acting, reelCode: string): string | undefined {
  for (const stored of billState().bills) {
    if (stored.bill.Id === x.bill.Id) continue;
    if (stored.bill.Boxes.some((b) => b.ReelCode === reelCode && isLive(b))) return stored.bill.BillCode;
  }
  return undefined;
}

/** Reels "in stock" on the mocks: received on a receiving bill, not pending inspection, oldest bill first. */
function receivedReels(x: Acting): Box[] {
  return billState()
    .bills.filter((s) => s.bill.Id !== x.bill.Id && RECEIVING_CATEGORIES.includes(s.bill.Category as BillCategory))
    .flatMap((s) => s.bill.Boxes.filter((b) => b.Status === 'RECEIVED' && !b.IqcFlag));
}

/** What an open line still needs: its quantity less what is picked and reserved for it. */
function stillNeeds(x: Acting, line: Line): Qty {
  const held = x.bill.Boxes.filter((b) => b.LineNo === line.LineNo && isLive(b)).reduce((sum, b) => sum.plus(quantityOf(b.Qty)), ZERO);
  return quantityOf(line.Qty).minus(held);
}

function reserveStock(x: Acting): Done {
  const made: Box[] = [];
  const short: string[] = [];
  for (const line of x.bill.Lines.filter((l) => l.Status === 'OPEN')) {
    let needs = stillNeeds(x, line);
    if (needs.lte(0)) continue;
    const candidates = receivedReels(x).filter((b) => b.PartCode === line.PartCode && !reelTakenElsewhere(x, b.ReelCode) && !x.bill.Boxes.some((own) => own.ReelCode === b.ReelCode && isLive(own)));
    if (!candidates.length) short.push(line.PartCode);
    for (const reel of candidates) {
      if (needs.lte(0)) break;
      made.push({ ReelCode: reel.ReelCode, LineNo: line.LineNo, PartCode: reel.PartCode, Qty: reel.Qty, Status: 'RESERVED', IqcFlag: false, LotCode: reel.LotCode, PrintCount: reel.PrintCount });
      x.bill.Boxes.push(made.at(-1)!);
      needs = needs.minus(quantityOf(reel.Qty));
    }
  }
  if (!made.length) {
    if (short.length) throw new Refusal(409, 'billOutNoStock', { bill: x.bill.BillCode, parts: [...new Set(short)].join(', ') });
    return nothing();
  }
  return { reels: made.map((b) => b.ReelCode), lines: [...new Set(made.map((b) => b.LineNo))], log: boxLog(made), changed: true, status: 'PROCESSING' };
}

function pick(x: Acting, reelCode: string, qtyInput?: string): Done {
  const own = x.bill.Boxes.find((b) => b.ReelCode === reelCode);
  if (own && (own.Status === 'PICKED' || own.Status === 'MOVED')) return nothing([own.ReelCode], [own.LineNo]);
  const source = own?.Status === 'RESERVED' ? own : receivedReels(x).find((b) => b.ReelCode === reelCode);
  if (!source) {
    const known = reelElsewhere(x, reelCode)?.box;
    if (!known) throw new Refusal(404, 'stockReelNotFound', { reel: reelCode });
    const taken = reelTakenElsewhere(x, reelCode);
    if (taken) throw new Refusal(409, 'stockReelReservedByOther', { reel: reelCode, bill: taken });
    const status = known.Status === 'RECEIVED' ? 'reelStatusInspection' : 'reelStatusCreated';
    throw new Refusal(409, 'stockReelWrongStatus', { reel: reelCode, status: { message: status }, action: { message: 'billOutActionPick' } });
  }
  const taken = reelTakenElsewhere(x, reelCode);
  if (taken) throw new Refusal(409, 'stockReelReservedByOther', { reel: reelCode, bill: taken });
  const ofPart = x.bill.Lines.filter((l) => l.Status === 'OPEN' && l.PartCode === source.PartCode);
  if (!ofPart.length) throw new Refusal(409, 'billOutPartNotOnBill', { reel: reelCode, part: source.PartCode, bill: x.bill.BillCode });
  const amount = qtyInput === undefined ? quantityOf(source.Qty) : positiveQuantity(qtyInput);
  if (amount.gt(quantityOf(source.Qty))) throw new Refusal(409, 'stockReelQtyShort', { reel: reelCode, qty: quantityText(amount), available: source.Qty });
  const needing = ofPart.filter((l) => stillNeeds(x, l).gt(0) || (own?.Status === 'RESERVED' && own.LineNo === l.LineNo));
  if (!needing.length) throw new Refusal(409, 'billOutPartSatisfied', { bill: x.bill.BillCode, part: source.PartCode });
  const line = own?.Status === 'RESERVED' ? lineOf(x, own.LineNo) : (needing.find((l) => stillNeeds(x, l).gte(amount)) ?? needing[0]);
  // The reel's box on the bill is this pick's now: its reservation goes (the server's UNRESERVE), a cancelled pick is picked again.
  if (own) x.bill.Boxes.splice(x.bill.Boxes.indexOf(own), 1);
  const whole = amount.eq(quantityOf(source.Qty));
  const splitCode = whole ? reelCode : `${reelCode}-${x.bill.Boxes.filter((b) => b.ReelCode.startsWith(`${reelCode}-`)).length + 1}`;
  const box: Box = { ReelCode: splitCode, LineNo: line.LineNo, PartCode: source.PartCode, Qty: quantityText(amount), Status: 'PICKED', IqcFlag: false, LotCode: source.LotCode, PrintCount: 0 };
  x.bill.Boxes.push(box);
  return { reels: [box.ReelCode], lines: [line.LineNo], log: boxLog([box]), changed: true, status: 'PROCESSING' };
}

function postedRefusal(x: Acting, boxes: readonly Box[]) {
  const posted = boxes.find((b) => x.stored.posted.includes(b.LineNo));
  if (posted) throw new Refusal(409, 'billOutLinePosted', { bill: x.bill.BillCode, line: posted.LineNo });
}

/** Cancels picks: the reels leave the bill's live reels (CANCELLED), as the server's exact reversal leaves them. */
function cancelPicks(x: Acting, boxes: Box[]): Done {
  if (!boxes.length) return nothing();
  postedRefusal(x, boxes);
  for (const box of boxes) box.Status = 'CANCELLED';
  return { reels: boxes.map((b) => b.ReelCode), lines: [...new Set(boxes.map((b) => b.LineNo))], log: boxLog(boxes), changed: true };
}

const livePicks = (x: Acting) => x.bill.Boxes.filter((b) => b.Status === 'PICKED' || b.Status === 'MOVED');

function cancelReelIssue(x: Acting, reelCode: string): Done {
  const box = x.bill.Boxes.find((b) => b.ReelCode === reelCode && (b.Status === 'PICKED' || b.Status === 'MOVED'));
  if (box) return cancelPicks(x, [box]);
  if (x.bill.Boxes.some((b) => b.ReelCode === reelCode && b.Status === 'CANCELLED')) return nothing([reelCode]);
  throw new Refusal(409, 'billOutReelNotPicked', { reel: reelCode, bill: x.bill.BillCode });
}

/** A transfer bill's picked reels not moved yet go to their line's place. */
function moveToPlace(x: Acting, boxes: readonly Box[]): Box[] {
  const moving = boxes.filter((b) => b.Status === 'PICKED');
  for (const box of moving) {
    if (!lineOf(x, box.LineNo).ToSic) throw new Refusal(409, 'billOutNoDestination', { bill: x.bill.BillCode, line: box.LineNo });
  }
  for (const box of moving) box.Status = 'MOVED';
  return moving;
}

function oneKeyMoveStock(x: Acting): Done {
  const picks = livePicks(x);
  if (!picks.length) throw new Refusal(409, 'billOutNothingPicked', { bill: x.bill.BillCode });
  const moved = moveToPlace(x, picks);
  if (!moved.length) return nothing();
  return { reels: moved.map((b) => b.ReelCode), lines: [], log: boxLog(moved), changed: true };
}

/** Handover confirm: the picked reels not handed over yet are (a transfer's moved to their place first); a repeat changes nothing. */
function handoverConfirm(x: Acting): Done {
  const picks = livePicks(x);
  if (!picks.length) throw new Refusal(409, 'billOutNothingPicked', { bill: x.bill.BillCode });
  const moved = x.type.category === 'TRANSFER' ? moveToPlace(x, picks) : [];
  const handedOver = x.stored.handedOver!;
  const pending = picks.filter((b) => !handedOver.includes(b.ReelCode));
  if (!pending.length && !moved.length) return nothing();
  handedOver.push(...pending.map((b) => b.ReelCode));
  return { reels: pending.map((b) => b.ReelCode), lines: [], log: boxLog(pending.length ? pending : moved), changed: true };
}

/** Closing lines: a transfer's picks of them moved, the reservations no line needs any more released. */
function closeLines(x: Acting, lines: Line[]): Done {
  if (!lines.length) return nothing();
  const lineNos = lines.map((l) => l.LineNo);
  const moved = x.type.category === 'TRANSFER' ? moveToPlace(x, x.bill.Boxes.filter((b) => lineNos.includes(b.LineNo))) : [];
  for (const line of lines) line.Status = 'CLOSED';
  const released = x.bill.Boxes.filter((b) => b.Status === 'RESERVED' && lineNos.includes(b.LineNo));
  for (const box of released) box.Status = 'CANCELLED';
  return { reels: [...moved, ...released].map((b) => b.ReelCode), lines: lineNos, log: lineNos.map((LineNo) => ({ LineNo })), changed: true };
}

function closeLine(x: Acting, lineNo: number): Done {
  const line = lineOf(x, lineNo);
  if (line.Status === 'CLOSED') return nothing([], [lineNo]);
  if (line.Status !== 'OPEN') throw lineNotOpen(x, line);
  return closeLines(x, [line]);
}

function closeBill(x: Acting): Done {
  const done = closeLines(x, x.bill.Lines.filter((l) => l.Status === 'OPEN'));
  return { ...done, changed: true, status: 'CLOSED' };
}

function postLine(x: Acting, lineNo: number): Done {
  const line = lineOf(x, lineNo);
  if (x.stored.posted.includes(lineNo)) return nothing([], [lineNo]);
  if (quantityOf(line.ActualQty).lte(0)) throw new Refusal(409, 'billOutNothingToPost', { bill: x.bill.BillCode, line: lineNo });
  x.stored.posted.push(lineNo);
  return { reels: [], lines: [lineNo], log: [{ LineNo: lineNo, Qty: line.ActualQty }], changed: true };
}

function light(x: Acting, on: boolean): Done {
  const issuing = ISSUING_CATEGORIES.includes(x.type.category);
  const reels = on ? x.bill.Boxes.filter((b) => (issuing ? b.Status === 'RESERVED' : b.Status === 'CREATED')).map((b) => b.ReelCode) : [];
  const request = `${on ? 'on' : 'off'}:${reels.join(',')}`;
  if (x.stored.lastLight === request) return nothing(reels);
  x.stored.lastLight = request;
  return { reels, lines: [], log: reels.map((ReelCode) => ({ ReelCode })), changed: true };
}

// ---- the list and the handlers ---------------------------------------------------------------------

const STATUS_LABELS = BILL_STATUSES.map((code) => ({ code, name: BILL_STATUS_LABELS[code]['zh-chs'], nameEn: BILL_STATUS_LABELS[code].en }));

/**
 * A type's list columns: the bill header's, in the list's snake_case (as the reference server's view bill_header_list),
 * with the header fields its form does not show hidden (as the server's seeded column meta).
 */
function columnsOf(type: BillTypeDeclaration): MockList['columns'] {
  const notShown = new Set<string>(billListColumnsNotShown(type.headerFields));
  const header = (name: string, caption: string, captionEn: string) => ({ name, caption, captionEn, ...(notShown.has(name) ? { hidden: true } : {}) });
  return [
    { name: 'id', caption: '编号', captionEn: 'Id', type: 'number', hidden: true },
    { name: 'bill_code', caption: '单据号', captionEn: 'Bill code' },
    { name: 'status', caption: '状态', captionEn: 'Status', labels: STATUS_LABELS },
    header('description', '描述', 'Description'),
    header('vendor_code', '供应商', 'Vendor'),
    header('vendor_name', '供应商名称', 'Vendor name'),
    header('customer_code', '客户', 'Customer'),
    header('customer_name', '客户名称', 'Customer name'),
    header('mo', '工单号', 'Work order'),
    { name: 'created_by', caption: '创建人', captionEn: 'Created by' },
    { name: 'created_at', caption: '创建时间', captionEn: 'Created at', type: 'datetime' },
  ];
}

const rowOf = (bill: Bill) => ({
  id: Number(bill.Id),
  bill_code: bill.BillCode,
  status: bill.Status,
  description: bill.Description,
  vendor_code: bill.VendorCode,
  vendor_name: bill.VendorName,
  customer_code: bill.CustomerCode,
  customer_name: bill.CustomerName,
  mo: bill.Mo,
  created_by: bill.CreatedBy,
  created_at: bill.CreatedAt,
});

const statusValues = STATUS_LABELS.map((s) => `('${s.code}', '${s.name}')`).join(', ');

/** Every bill type's list, as the grid of its bill-master page reads it: the type's bills in the mock db (by id, as the server's). */
export const BILL_MOCK_LISTS: readonly MockList[] = BILL_TYPE_DECLARATIONS.map((type) => ({
  listRoute: `/bill/master/${type.code}`,
  title: type.name['zh-chs'],
  titleEn: type.name.en,
  keyField: 'id',
  menuCode: `Bill${type.code}`,
  orgScoped: false,
  columns: columnsOf(type),
  rows: [],
  liveRows: () => billState().bills.filter((s) => s.bill.BillType === type.code).map((s) => rowOf(s.bill)),
  settings: [
    { ORD_IDX: 10, PARAM_NAME: 'billCode', PARAM_CAPTION: '单据号', FIELD_NAME: 'bill_code', DATA_TYPE: 1, ACTION_TYPE: 10, IS_FAST_SEARCH: 'Y', IS_PAGING: 'N' },
    {
      ORD_IDX: 20, PARAM_NAME: 'status', PARAM_CAPTION: '状态', FIELD_NAME: 'status', DATA_TYPE: 8, ACTION_TYPE: 1, IS_FAST_SEARCH: 'Y', IS_PAGING: 'N',
      REFERENCE_SQL: `select * from (values ${statusValues}) as statuses(code, name)`,
    },
  ] as MockList['settings'],
  dropdowns: { status: STATUS_LABELS.map((s) => ({ CODE: s.code, NAME: s.name })) },
}));

type Body = { Id: string; LineNo?: number; ReelCode?: string; Barcode?: string; Qty?: string };

/** Each action's work, by the call's last segment (the server's handlers.ts and outbound-handlers.ts). */
const ACTIONS: Record<Exclude<BillAction, 'Save'>, (x: Acting, body: Body) => Done> = {
  CreateReels: (x, b) => createReels(x, b.LineNo),
  ConfirmReceipt: (x, b) => confirmReceipt(x, b.ReelCode ?? ''),
  OneKeyReceipt: (x) => oneKeyReceipt(x),
  CancelReceipt: (x, b) => cancelReceipt(x, b.ReelCode),
  ReserveStock: (x) => reserveStock(x),
  Pick: (x, b) => pick(x, b.ReelCode ?? '', b.Qty),
  LineCancelPick: (x, b) => cancelPicks(x, livePicks(x).filter((box) => box.LineNo === b.LineNo)),
  CancelReelIssue: (x, b) => cancelReelIssue(x, b.ReelCode ?? ''),
  CancelIssue: (x) => cancelPicks(x, livePicks(x)),
  ConfirmClose: (x) => closeBill(x),
  CloseLine: (x, b) => closeLine(x, b.LineNo ?? 0),
  OneKeyClose: (x) => closeBill(x),
  OneKeyMoveStock: (x) => oneKeyMoveStock(x),
  HandoverConfirm: (x) => handoverConfirm(x),
  Invalidate: (x, b) => invalidate(x, b.LineNo),
  PostLine: (x, b) => postLine(x, b.LineNo ?? 0),
  LightOn: (x) => light(x, true),
  LightOff: (x) => light(x, false),
};

const ok = (data: unknown) => ({ code: 200, msg: '', data });

// ---- put-to-light: Shelf/SuggestCell --------------------------------------------------------------

type SuggestInput = paths['/Shelf/SuggestCell']['post']['requestBody']['content']['application/json'];
type SuggestedCell = paths['/Shelf/SuggestCell']['post']['responses'][200]['content']['application/json']['data'];

/**
 * Shelf/SuggestCell with the reference server's checks in its order (server/modules/shelves suggestCell):
 * the bill accepts a receipt now, then the line (named, or the reel's), then its ToSic, every refusal
 * before any cell is suggested. What the server checks next is not modelled (the mocks keep no places,
 * no stock counts and no lights: a count's freeze, the free cells): the cell is the generated example's,
 * in the line's storage location, and nothing is lit or reserved.
 */
function suggestCell(caller: SignedIn, input: SuggestInput): SuggestedCell {
  const stored = storedBill(input.Id);
  const bill = stored.bill;
  checkBillAction(underAction(bill, typeOfBill(caller.orgId, bill)), 'ConfirmReceipt');
  const reelCode = input.ReelCode?.trim() ?? '';
  let lineNo = input.LineNo;
  if (lineNo === undefined) {
    if (!reelCode) throw new Refusal(400, 'shelfSuggestWhichLine', { bill: bill.BillCode });
    const box = bill.Boxes.find((b) => b.ReelCode === reelCode);
    if (!box) throw new Refusal(409, 'billReelNotOnBill', { reel: reelCode, bill: bill.BillCode });
    lineNo = box.LineNo;
  }
  const line = bill.Lines.find((l) => l.LineNo === lineNo);
  if (!line) throw new Refusal(404, 'billLineNotFound', { bill: bill.BillCode, line: lineNo });
  if (!line.ToSic) throw new Refusal(409, 'billLineNoSic', { line: lineNo });
  return { ...(fixtures.ShelfSuggestCell.data as SuggestedCell), SicCode: line.ToSic };
}

type RefOptionsInput = paths['/Bill/RefOptions']['post']['requestBody']['content']['application/json'];

/** Bill/RefOptions over the mocks' master rows (the server's ref-options.ts). */
function refOptions(orgId: string, input: RefOptionsInput) {
  const type = billTypeDeclaration(input.BillType);
  if (!type) throw new Refusal(400, 'billTypeUnknown', { type: input.BillType });
  const entity = suggestedEntity(type, input.Field);
  return suggestionsAmong(masterRowsIn(entity, orgId), entity, input.Key, input.Sic);
}

export function billHandlers(baseUrl: string) {
  return [
    http.get(`${baseUrl}/Bill/Get`, ({ request }) =>
      answerSignedIn(request, () => {
        const id = new URL(request.url).searchParams.get('id') ?? '';
        return ok(storedBill(id).bill);
      }),
    ),
    http.post(`${baseUrl}/Bill/RefOptions`, async ({ request }) => {
      const body = (await request.json()) as RefOptionsInput;
      return answerSignedIn(request, (caller) => ok(refOptions(caller.orgId, body)));
    }),
    http.post(`${baseUrl}/Bill/Save`, async ({ request }) => {
      const body = (await request.json()) as SaveInput;
      return answerSignedIn(request, async (caller) => ({ ...ok(await saveBill(caller, body)), msg: '' }));
    }),
    http.post(`${baseUrl}/Shelf/SuggestCell`, async ({ request }) => {
      const body = (await request.json()) as SuggestInput;
      return answerSignedIn(request, (caller) => ok(suggestCell(caller, body)));
    }),
    // A scan on the receiving page: one of the bill's reels (or a reel the mocks know) as Confirm receipt.
    http.post(`${baseUrl}/Bill/ConfirmReceiptByLabel`, async ({ request }) => {
      const body = (await request.json()) as Body;
      return answerSignedIn(request, (caller) => ok(act(caller, body.Id, 'ConfirmReceipt', (x) => confirmReceipt(x, (body.Barcode ?? '').trim()))));
    }),
    ...(Object.keys(ACTIONS) as (keyof typeof ACTIONS)[]).map((action) =>
      http.post(`${baseUrl}/Bill/${action}`, async ({ request }) => {
        const body = (await request.json()) as Body;
        return answerSignedIn(request, (caller) => ok(act(caller, body.Id, action, (x) => ACTIONS[action](x, body))));
      }),
    ),
  ];
}
