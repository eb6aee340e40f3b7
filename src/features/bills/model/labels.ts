/**
 * The names the bill page shows, in the user's language, from the shared declarations (the same
 * texts the lookups BILL_STATUS, BILL_LINE_STATUS, BILL_BOX_STATUS hold): never a raw code.
 */
import { BILL_ACTION_RULES, type BillAction } from '../../../shared/bills/actions';
import { BILL_HEADER_FIELDS, BILL_LINE_COLUMNS, type BillHeaderField, type BillLineColumn } from '../../../shared/bills/fields';
import {
  BILL_BOX_STATUS_LABELS,
  BILL_LINE_STATUS_LABELS,
  BILL_STATUS_LABELS,
  type BillBoxStatus,
  type BillLineStatus,
  type BillStatus,
} from '../../../shared/bills/statuses';
import type { Language } from '../../../shared/bilingual';

export const actionLabel = (action: BillAction, language: Language) => BILL_ACTION_RULES[action].label[language];
export const statusLabel = (status: BillStatus, language: Language) => BILL_STATUS_LABELS[status]?.[language] ?? status;
export const lineStatusLabel = (status: BillLineStatus, language: Language) => BILL_LINE_STATUS_LABELS[status]?.[language] ?? status;
export const boxStatusLabel = (status: BillBoxStatus, language: Language) => BILL_BOX_STATUS_LABELS[status]?.[language] ?? status;
export const headerFieldLabel = (field: BillHeaderField, language: Language) => BILL_HEADER_FIELDS[field].label[language];
export const lineColumnLabel = (column: BillLineColumn, language: Language) => BILL_LINE_COLUMNS[column].label[language];

/** The colour of a bill status tag. */
export const STATUS_COLOR: Record<BillStatus, string> = {
  EDITING: 'default',
  WAITING: 'gold',
  PROCESSING: 'processing',
  CLOSED: 'success',
  LOCKED: 'purple',
  CANCELLED: 'error',
};
