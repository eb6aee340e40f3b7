/**
 * The bill status transition table (DESIGN.md "Warehouse": editing -> waiting to be received /
 * processing -> closed; cancelled from editing or waiting; locked freezes a bill), written as data:
 * every edge and the actions that may take it. An action whose result is "computed" (actions.ts)
 * may only land on a status an edge of it allows; the server checks every change against this
 * table (a change no edge allows is a bug, answered 500, never written).
 */
import type { BillAction } from './actions';
import type { BillStatus } from './statuses';

export interface BillTransition {
  from: BillStatus;
  to: BillStatus;
  by: readonly BillAction[];
}

const RECEIVE: readonly BillAction[] = ['ConfirmReceipt', 'OneKeyReceipt'];
const ISSUE: readonly BillAction[] = ['ReserveStock', 'Pick'];
const UNDO: readonly BillAction[] = ['CancelReceipt', 'LineCancelPick', 'CancelReelIssue', 'CancelIssue'];
const CLOSE: readonly BillAction[] = ['ConfirmClose', 'CloseLine', 'OneKeyClose'];

export const BILL_TRANSITIONS: readonly BillTransition[] = [
  // Reels created: the goods are on their way.
  { from: 'EDITING', to: 'WAITING', by: ['CreateReels'] },
  // The first stock action moves a saved bill on, with or without reels created first.
  { from: 'EDITING', to: 'PROCESSING', by: [...RECEIVE, ...ISSUE] },
  { from: 'WAITING', to: 'PROCESSING', by: [...RECEIVE, ...ISSUE] },
  // Everything undone: back to where the work starts (waiting when reels wait to be received).
  { from: 'PROCESSING', to: 'WAITING', by: UNDO },
  { from: 'PROCESSING', to: 'EDITING', by: UNDO },
  { from: 'WAITING', to: 'CLOSED', by: ['CloseLine', 'OneKeyClose'] },
  { from: 'PROCESSING', to: 'CLOSED', by: CLOSE },
  { from: 'EDITING', to: 'CANCELLED', by: ['Invalidate'] },
  { from: 'WAITING', to: 'CANCELLED', by: ['Invalidate'] },
  // The lines still waiting for reels were invalidated, the others have none yet.
  { from: 'WAITING', to: 'EDITING', by: ['Invalidate'] },
];

/** Whether `action` may move a bill from `from` to `to` (staying put is always allowed). */
export function transitionAllowed(from: BillStatus, to: BillStatus, action: BillAction): boolean {
  return from === to || BILL_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by.includes(action));
}
