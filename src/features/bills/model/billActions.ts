/**
 * Where the bill page offers each action of a type's declaration, and when: one rule over the
 * shared action table (src/shared/bills/actions.ts, the same the server checks) and the user's
 * buttons on the type's menu (`Bill<CODE>`, button code = action name). Nothing here is per type.
 *
 * - the toolbar: the actions on the whole bill (cancel receipt without a reel: all it received);
 * - the scan box: receipt and pick, which work one scanned reel at a time;
 * - a line's row: the per-line actions (close line, cancel line pick, post line);
 * - a reel's row: the per-reel undo (cancel that reel's receipt or issue).
 * Save is the form's (new bill, edit while editing), not the toolbar's.
 */
import { BILL_ACTION_RULES, actionAccepts, type BillAction } from '../../../shared/bills/actions';
import type { BillTypeDeclaration } from '../../../shared/bills/declaration';
import type { BillBoxStatus, BillLineStatus, BillStatus } from '../../../shared/bills/statuses';

/** The user holds the button (the action's name) on the bill type's menu. */
export type HasButton = (action: BillAction) => boolean;

/** Actions worked one scanned reel at a time (the scan box). */
export const SCAN_ACTIONS = ['ConfirmReceipt', 'Pick'] as const satisfies readonly BillAction[];
export type ScanAction = (typeof SCAN_ACTIONS)[number];

/** Actions on one reel of the bill (a reel's row in the reels tab), and the reel status each undoes. */
export const REEL_ACTIONS = { CancelReceipt: 'RECEIVED', CancelReelIssue: 'PICKED' } as const satisfies Partial<Record<BillAction, BillBoxStatus>>;
export type ReelAction = keyof typeof REEL_ACTIONS;

/** Actions that need a reel (the call requires ReelCode): offered on a reel's row only. */
const REEL_ONLY_ACTIONS: readonly BillAction[] = ['CancelReelIssue'];

/** Actions that undo or end work: the toolbar asks before it sends them. */
export const CONFIRMED_ACTIONS: readonly BillAction[] = ['CancelReceipt', 'CancelIssue', 'ConfirmClose', 'OneKeyClose', 'Invalidate', 'LineCancelPick', 'CloseLine', 'CancelReelIssue'];

const isScan = (action: BillAction): action is ScanAction => (SCAN_ACTIONS as readonly string[]).includes(action);

/** Offered at all: the type declares it, the bill's status accepts it, the user has its button. */
const offered = (declaration: BillTypeDeclaration, status: BillStatus, has: HasButton) => (action: BillAction) =>
  declaration.actions.includes(action) && actionAccepts(action, status) && has(action);

/** The toolbar's actions for a bill in `status`: the whole-bill actions offered, in the declaration's order. */
export function toolbarActions(declaration: BillTypeDeclaration, status: BillStatus, has: HasButton): BillAction[] {
  return declaration.actions.filter(
    (action) =>
      action !== 'Save' && !isScan(action) && !REEL_ONLY_ACTIONS.includes(action) && !BILL_ACTION_RULES[action].perLine && offered(declaration, status, has)(action),
  );
}

/** The scan box's action for a bill in `status` (receipt or pick), if any is offered. */
export function scanAction(declaration: BillTypeDeclaration, status: BillStatus, has: HasButton): ScanAction | undefined {
  return SCAN_ACTIONS.find(offered(declaration, status, has));
}

/** A line's actions: the per-line ones offered, for a line still open (post line also for a closed one). */
export function lineActions(
  declaration: BillTypeDeclaration,
  status: BillStatus,
  has: HasButton,
  line: { Status: BillLineStatus; ActualQty: string },
): BillAction[] {
  return declaration.actions.filter((action) => {
    if (!BILL_ACTION_RULES[action].perLine || !offered(declaration, status, has)(action)) return false;
    if (line.Status === 'CANCELLED') return false;
    if (action === 'PostLine') return true;
    if (line.Status !== 'OPEN') return false;
    // Nothing picked on the line: nothing to cancel.
    return action !== 'LineCancelPick' || !/^0+(\.0+)?$/.test(line.ActualQty);
  });
}

/** A reel's actions: the undo of what the bill did to it, when offered. */
export function reelActions(declaration: BillTypeDeclaration, status: BillStatus, has: HasButton, box: { Status: BillBoxStatus }): ReelAction[] {
  return (Object.keys(REEL_ACTIONS) as ReelAction[]).filter((action) => REEL_ACTIONS[action] === box.Status && offered(declaration, status, has)(action));
}
