/**
 * Bill statuses and categories (spec §4; DESIGN.md "Warehouse"): the codes stored and sent as
 * `Status` / `category`, shown through the lookups BILL_STATUS and BILL_CATEGORY (字典), never raw.
 * No imports at run time: the server and the browser bundle read the same objects.
 */
import type { BilingualText } from '../bilingual';

/**
 * EDITING: saved, still editable (a saved bill is ready for work: its first action moves it on);
 * WAITING: waiting to be received (reels created); PROCESSING: stock has moved for it;
 * CLOSED: done; LOCKED: frozen (stocktaking, admin), no action accepts it; CANCELLED: invalidated.
 */
export const BILL_STATUSES = ['EDITING', 'WAITING', 'PROCESSING', 'CLOSED', 'LOCKED', 'CANCELLED'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** The labels of the lookup BILL_STATUS (seeded into 字典 for every organisation). */
export const BILL_STATUS_LABELS: Record<BillStatus, BilingualText> = {
  EDITING: { 'zh-chs': '编辑中', en: 'Editing' },
  WAITING: { 'zh-chs': '待收货', en: 'Waiting to be received' },
  PROCESSING: { 'zh-chs': '处理中', en: 'Processing' },
  CLOSED: { 'zh-chs': '已关闭', en: 'Closed' },
  LOCKED: { 'zh-chs': '已锁定', en: 'Locked' },
  CANCELLED: { 'zh-chs': '已作废', en: 'Cancelled' },
};

/** The stock effect a bill type has (lookup BILL_CATEGORY; the bill-type master edits a type's). */
export const BILL_CATEGORIES = ['INBOUND', 'RETURN_IN', 'RETURN_VENDOR', 'OUTBOUND', 'TRANSFER', 'SCRAP', 'QUALITY'] as const;
export type BillCategory = (typeof BILL_CATEGORIES)[number];

/** Categories whose goods come into stock (create reels, receipt). */
export const RECEIVING_CATEGORIES: readonly BillCategory[] = ['INBOUND', 'RETURN_IN'];
/** Categories whose goods leave or move in stock (reserve, pick, issue). */
export const ISSUING_CATEGORIES: readonly BillCategory[] = ['OUTBOUND', 'RETURN_VENDOR', 'TRANSFER', 'SCRAP'];

/** A bill line: OPEN (work to do), CLOSED (closed, short or complete), CANCELLED (invalidated). */
export const BILL_LINE_STATUSES = ['OPEN', 'CLOSED', 'CANCELLED'] as const;
export type BillLineStatus = (typeof BILL_LINE_STATUSES)[number];

export const BILL_LINE_STATUS_LABELS: Record<BillLineStatus, BilingualText> = {
  OPEN: { 'zh-chs': '未完成', en: 'Open' },
  CLOSED: { 'zh-chs': '已关闭', en: 'Closed' },
  CANCELLED: { 'zh-chs': '已作废', en: 'Cancelled' },
};

/**
 * A reel on a bill (bill box): CREATED (registered by create reels, not received), RECEIVED (in
 * stock by this bill's receipt), RESERVED (reserved for this bill), PICKED (issued/picked by this
 * bill), MOVED (transferred to the line's place by one-key move-stock), CANCELLED (receipt or issue
 * cancelled, or the bill/line invalidated).
 */
export const BILL_BOX_STATUSES = ['CREATED', 'RECEIVED', 'RESERVED', 'PICKED', 'MOVED', 'CANCELLED'] as const;
export type BillBoxStatus = (typeof BILL_BOX_STATUSES)[number];

export const BILL_BOX_STATUS_LABELS: Record<BillBoxStatus, BilingualText> = {
  CREATED: { 'zh-chs': '待收货', en: 'Not received' },
  RECEIVED: { 'zh-chs': '已收货', en: 'Received' },
  RESERVED: { 'zh-chs': '已预留', en: 'Reserved' },
  PICKED: { 'zh-chs': '已拣货', en: 'Picked' },
  MOVED: { 'zh-chs': '已移库', en: 'Moved' },
  CANCELLED: { 'zh-chs': '已取消', en: 'Cancelled' },
};
