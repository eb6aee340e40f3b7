/**
 * The bill actions (spec §4), one table read by the server's checks and the client's toolbar alike:
 * per action the statuses it accepts, the status it leads to, and which categories offer it. The
 * action name is the call's last segment (`Bill/<Action>`) and the BUTTON code of the type's menu
 * `Bill<CODE>` (granting a role `ConfirmReceipt` on `BillASN` lets it receive ASNs; x-permission
 * `bill(body.Id)#ConfirmReceipt`). Any status not accepted is refused (409) and changes nothing.
 */
import type { BilingualText } from '../bilingual';
import { BILL_CATEGORIES, ISSUING_CATEGORIES, RECEIVING_CATEGORIES, type BillCategory, type BillStatus } from './statuses';

export const BILL_ACTIONS = [
  'Save',
  'CreateReels',
  'ConfirmReceipt',
  'OneKeyReceipt',
  'CancelReceipt',
  'ReserveStock',
  'Pick',
  'LineCancelPick',
  'CancelReelIssue',
  'CancelIssue',
  'ConfirmClose',
  'CloseLine',
  'OneKeyClose',
  'OneKeyMoveStock',
  'HandoverConfirm',
  'Invalidate',
  'PostLine',
  'LightOn',
  'LightOff',
] as const;
export type BillAction = (typeof BILL_ACTIONS)[number];

export interface BillActionRule {
  /** The statuses in which the action is accepted (for Save: editing an existing bill; a new bill is always saved). */
  accepts: readonly BillStatus[];
  /**
   * The bill's status afterwards: a status, `unchanged`, or `computed` (from the lines and reels
   * afterwards, within the edges transitions.ts allows for the action).
   */
  leadsTo: BillStatus | 'unchanged' | 'computed';
  /**
   * Statuses in which the action's result stands already: a repeat (a retried request) is answered
   * with the bill as it is and changes nothing, instead of being refused.
   */
  repeatDoneIn?: readonly BillStatus[];
  /** The categories whose types offer it (a type's declaration lists the actions it offers, within these). */
  categories: readonly BillCategory[];
  /** The button's (and the toolbar's) name. */
  label: BilingualText;
  /** Works on one line (`LineNo` in the request) rather than the whole bill. */
  perLine?: boolean;
}

const ALL: readonly BillCategory[] = BILL_CATEGORIES;
const STOCK: readonly BillCategory[] = [...RECEIVING_CATEGORIES, ...ISSUING_CATEGORIES];
/** Saved or on its way, not yet finished: where stock actions start. */
const OPEN: readonly BillStatus[] = ['EDITING', 'WAITING', 'PROCESSING'];

export const BILL_ACTION_RULES: Record<BillAction, BillActionRule> = {
  Save: { accepts: ['EDITING'], leadsTo: 'unchanged', categories: ALL, label: { 'zh-chs': '保存', en: 'Save' } },
  CreateReels: { accepts: OPEN, leadsTo: 'computed', categories: RECEIVING_CATEGORIES, label: { 'zh-chs': '生成条码', en: 'Create reels' } },
  ConfirmReceipt: { accepts: OPEN, leadsTo: 'PROCESSING', categories: RECEIVING_CATEGORIES, label: { 'zh-chs': '确认收货', en: 'Confirm receipt' } },
  OneKeyReceipt: { accepts: OPEN, leadsTo: 'PROCESSING', categories: RECEIVING_CATEGORIES, label: { 'zh-chs': '一键收货', en: 'One-key receipt' } },
  // WAITING too: a retried cancel after the bill went back to waiting has the effect of once.
  CancelReceipt: { accepts: ['WAITING', 'PROCESSING'], leadsTo: 'computed', categories: RECEIVING_CATEGORIES, label: { 'zh-chs': '取消收货', en: 'Cancel receipt' } },
  ReserveStock: { accepts: OPEN, leadsTo: 'PROCESSING', categories: ISSUING_CATEGORIES, label: { 'zh-chs': '预留库存', en: 'Reserve stock' } },
  Pick: { accepts: OPEN, leadsTo: 'PROCESSING', categories: ISSUING_CATEGORIES, label: { 'zh-chs': '拣货', en: 'Pick' } },
  // EDITING too: a retried cancel after every pick was undone (the bill back in editing) has the effect of once.
  LineCancelPick: { accepts: ['PROCESSING'], leadsTo: 'computed', repeatDoneIn: ['EDITING'], categories: ISSUING_CATEGORIES, label: { 'zh-chs': '行取消拣货', en: 'Cancel line pick' }, perLine: true },
  CancelReelIssue: { accepts: ['PROCESSING'], leadsTo: 'computed', repeatDoneIn: ['EDITING'], categories: ISSUING_CATEGORIES, label: { 'zh-chs': '取消条码发料', en: 'Cancel reel issue' } },
  CancelIssue: { accepts: ['PROCESSING'], leadsTo: 'computed', repeatDoneIn: ['EDITING'], categories: ISSUING_CATEGORIES, label: { 'zh-chs': '整单取消发料', en: 'Cancel whole issue' } },
  ConfirmClose: { accepts: ['PROCESSING'], leadsTo: 'CLOSED', repeatDoneIn: ['CLOSED'], categories: ALL, label: { 'zh-chs': '确认关闭', en: 'Confirm close' } },
  CloseLine: { accepts: ['WAITING', 'PROCESSING'], leadsTo: 'computed', repeatDoneIn: ['CLOSED'], categories: ALL, label: { 'zh-chs': '关闭行', en: 'Close line' }, perLine: true },
  OneKeyClose: { accepts: ['WAITING', 'PROCESSING'], leadsTo: 'CLOSED', repeatDoneIn: ['CLOSED'], categories: ALL, label: { 'zh-chs': '一键关闭', en: 'One-key close' } },
  OneKeyMoveStock: { accepts: ['PROCESSING'], leadsTo: 'unchanged', categories: ['TRANSFER'], label: { 'zh-chs': '一键移库', en: 'One-key move stock' } },
  HandoverConfirm: { accepts: ['PROCESSING'], leadsTo: 'unchanged', categories: ['OUTBOUND', 'RETURN_VENDOR', 'TRANSFER'], label: { 'zh-chs': '交接确认', en: 'Confirm handover' } },
  Invalidate: { accepts: ['EDITING', 'WAITING'], leadsTo: 'computed', repeatDoneIn: ['CANCELLED'], categories: ALL, label: { 'zh-chs': '作废', en: 'Invalidate' } },
  PostLine: { accepts: ['PROCESSING', 'CLOSED'], leadsTo: 'unchanged', categories: ALL, label: { 'zh-chs': '过账', en: 'Post line' }, perLine: true },
  LightOn: { accepts: OPEN, leadsTo: 'unchanged', categories: STOCK, label: { 'zh-chs': '亮灯', en: 'Light on' } },
  LightOff: { accepts: OPEN, leadsTo: 'unchanged', categories: STOCK, label: { 'zh-chs': '灭灯', en: 'Light off' } },
};

/** The actions a category offers, in the table's order. */
export const actionsOfCategory = (category: BillCategory): BillAction[] =>
  BILL_ACTIONS.filter((action) => BILL_ACTION_RULES[action].categories.includes(category));

/** Whether the action is accepted in the status (the toolbar's and the server's one test). */
export const actionAccepts = (action: BillAction, status: BillStatus): boolean => BILL_ACTION_RULES[action].accepts.includes(status);

export const isBillAction = (value: string): value is BillAction => (BILL_ACTIONS as readonly string[]).includes(value);
