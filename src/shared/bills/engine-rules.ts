/**
 * The bill engine's pure rules, shared by the reference server (server/modules/bills/engine.ts) and the
 * mocks (mocks/scenarios/bills.ts): whether an action may run on a bill now (offered by its category,
 * accepted in its status, or a repeat whose result stands), which reels count towards a line's
 * ActualQty, the status a bill's lines and reels make for a `computed` action, and a line's quantities
 * on the wire.
 */
import { Refusal } from '../messages/refusal.ts';
import { quantityOf, quantityText, ZERO } from '../quantity.ts';
import { BILL_ACTION_RULES, type BillAction } from './actions.ts';
import { billActionMessageKey, billStatusMessageKey } from './messages.ts';
import type { CheckedLine } from './save-rules.ts';
import { RECEIVING_CATEGORIES, type BillBoxStatus, type BillCategory, type BillLineStatus, type BillStatus } from './statuses.ts';

/** What the action check needs of a bill. */
export interface BillUnderAction {
  billCode: string;
  status: BillStatus;
  typeCode: string;
  category: BillCategory;
}

export const billWrongStatus = (bill: Pick<BillUnderAction, 'billCode' | 'status'>, action: BillAction) =>
  new Refusal(409, 'billWrongStatus', {
    bill: bill.billCode,
    status: { message: billStatusMessageKey(bill.status) },
    action: { message: billActionMessageKey(action) },
  });

/**
 * 'do' when the action may run; 'done' when the status says its result stands already (a repeat: its
 * result stands already), else a 409 naming the bill, its status and the action in the caller's language.
 */
export function checkBillAction(bill: BillUnderAction, action: BillAction): 'do' | 'done' {
  const rule = BILL_ACTION_RULES[action];
  if (!rule.categories.includes(bill.category)) {
    throw new Refusal(409, 'billActionNotOffered', { type: bill.typeCode, action: { message: billActionMessageKey(action) } });
  }
  if (rule.accepts.includes(bill.status)) return 'do';
  if (rule.repeatDoneIn?.includes(bill.status)) return 'done';
  throw billWrongStatus(bill, action);
}

/** The reel statuses on a bill that count towards its lines' ActualQty, by category. */
export function countedBoxStatuses(category: BillCategory): BillBoxStatus[] {
  if (RECEIVING_CATEGORIES.includes(category)) return ['RECEIVED'];
  if (category === 'QUALITY') return [];
  return ['PICKED', 'MOVED'];
}

/**
 * The status the bill's lines and reels make (for `computed` actions): all lines cancelled ->
 * CANCELLED; all remaining closed -> CLOSED; any reel received, reserved, picked or moved ->
 * PROCESSING; any reel waiting to be received -> WAITING; else EDITING (everything undone).
 */
export function statusOfLinesAndReels(lineStatuses: readonly BillLineStatus[], boxStatuses: readonly BillBoxStatus[]): BillStatus {
  if (lineStatuses.length && lineStatuses.every((s) => s === 'CANCELLED')) return 'CANCELLED';
  const active = lineStatuses.filter((s) => s !== 'CANCELLED');
  if (active.length && active.every((s) => s === 'CLOSED')) return 'CLOSED';
  const has = (status: BillBoxStatus) => boxStatuses.includes(status);
  if (has('RECEIVED') || has('RESERVED') || has('PICKED') || has('MOVED')) return 'PROCESSING';
  if (has('CREATED')) return 'WAITING';
  return 'EDITING';
}

/** A line as an action answers it. */
export interface ActionLine {
  LineNo: number;
  Qty: string;
  ActualQty: string;
  BalanceQty: string;
  Status: BillLineStatus;
}

/** A line's quantities on the wire: BalanceQty = Qty - ActualQty (never below zero). */
export function lineQuantities(l: { line_no: number; qty: string; actual_qty: string; status: BillLineStatus }): ActionLine {
  const balance = quantityOf(l.qty).minus(quantityOf(l.actual_qty));
  return {
    LineNo: l.line_no,
    Qty: quantityText(l.qty),
    ActualQty: quantityText(l.actual_qty),
    BalanceQty: quantityText(balance.isNegative() ? ZERO : balance),
    Status: l.status,
  };
}

/** A line's stored columns (text), as Bill/Get answers them: the saved line's fields plus what work has done to it. */
export interface StoredLine extends CheckedLine {
  actual_qty: string;
  status: BillLineStatus;
}

/** One line of Bill/Get's answer (the server's and the mocks'). */
export function wireLine(l: StoredLine, partName: string | null) {
  return {
    ...lineQuantities(l),
    PartCode: l.part_code,
    PartName: partName,
    TotalBox: l.total_box,
    Mpq: l.mpq === null ? null : quantityText(l.mpq),
    ToSic: l.to_sic,
    ToLoc: l.to_loc,
    FromSic: l.from_sic,
    FromLoc: l.from_loc,
    FromBu: l.from_bu,
    LotCode: l.lot_code,
    DateCode: l.date_code,
    ExpireDate: l.expire_date,
  };
}
