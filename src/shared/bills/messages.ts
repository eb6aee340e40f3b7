/**
 * The bill declarations' names as catalogue entries (src/shared/messages/catalogue.ts spreads
 * them), so a refusal can name a status, an action or a field in the caller's language:
 * `billStatus<STATUS>`, `billAction<Action>`, `billField_<column>`, `billLine<Column>`.
 */
import type { BilingualText } from '../bilingual';
import { BILL_ACTION_RULES, BILL_ACTIONS, type BillAction } from './actions';
import { BILL_HEADER_FIELDS, BILL_LINE_COLUMNS, type BillHeaderField, type BillLineColumn } from './fields';
import { BILL_STATUS_LABELS, BILL_STATUSES, type BillStatus } from './statuses';

type Entries<K extends string> = { [Key in K]: BilingualText };

const entries = <K extends string>(pairs: [K, BilingualText][]): Entries<K> => Object.fromEntries(pairs) as Entries<K>;

export const billStatusMessageKey = <S extends BillStatus>(status: S) => `billStatus${status}` as const;
export const billActionMessageKey = <A extends BillAction>(action: A) => `billAction${action}` as const;
export const billFieldMessageKey = <F extends BillHeaderField>(field: F) => `billField_${field}` as const;
export const billLineColumnMessageKey = <C extends BillLineColumn>(column: C) => `billLine${column}` as const;

export const BILL_MESSAGES = {
  ...entries(BILL_STATUSES.map((s) => [billStatusMessageKey(s), BILL_STATUS_LABELS[s]])),
  ...entries(BILL_ACTIONS.map((a) => [billActionMessageKey(a), BILL_ACTION_RULES[a].label])),
  ...entries((Object.keys(BILL_HEADER_FIELDS) as BillHeaderField[]).map((f) => [billFieldMessageKey(f), BILL_HEADER_FIELDS[f].label])),
  ...entries((Object.keys(BILL_LINE_COLUMNS) as BillLineColumn[]).map((c) => [billLineColumnMessageKey(c), BILL_LINE_COLUMNS[c].label])),
};
