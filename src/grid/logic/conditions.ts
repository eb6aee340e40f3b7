/**
 * Advanced-search condition rules (spec §4, §5, §9): new-row defaults, what changing the field
 * or the action does to a row, which rows a search sends, and the value forms on the wire.
 *
 * Wire form (contract SearchValue): several values go as a JSON array; on a range compared with
 * greater the bound is the upper end ([null, v]) and with less the lower end ([v, null]), which
 * is how the server reads them. A saved condition's value is text, written and read by the
 * server's own storedSearchValue and searchValueItems (src/shared/search/search-values.ts).
 */
import {
  ACTION_TYPE,
  ADVANCED_SEARCH_MODE,
  DATA_TYPE,
  isGreaterAction,
  isLessAction,
  isNullAction,
  isRangeType,
  type ActionType,
  type DataType,
} from '../model/codes';
import { SearchValueError, searchValueItems, storedSearchValue } from '../../shared/search/search-values';
import type {
  ConditionValue,
  QueryCondition,
  SavedCondition,
  SearchCondition,
  SearchFieldSetting,
  SearchValue,
} from '../model/types';

let nextKey = 0;
const newKey = () => `condition-${++nextKey}`;

/** Spec §9: a new search row compares with 'like' (6) on a text value (1). */
export function newSearchCondition(): SearchCondition {
  return { key: newKey(), DATA_TYPE: DATA_TYPE.text, ACTION_TYPE: ACTION_TYPE.like, IS_PAGING: 'N', value: null };
}

/**
 * Whether the row edits a pair. Range types compared with greater/less take one bound: the editor
 * shows a single input and the value is that bound.
 */
export const usesRangeValue = (dataType: number, action: number): boolean =>
  isRangeType(dataType) && !isGreaterAction(action) && !isLessAction(action) && !isNullAction(action);

export function emptyValueFor(dataType: number, action: number = ACTION_TYPE.equals): ConditionValue {
  if (isNullAction(action)) return null;
  if (usesRangeValue(dataType, action)) return [null, null];
  if (dataType === DATA_TYPE.multiSelect) return [];
  return null;
}

/** Spec §4: picking a field copies its data type, action, paging flag and default value. */
export function withField(condition: SearchCondition, setting: SearchFieldSetting | undefined): SearchCondition {
  if (!setting) return { ...condition, PARAM_NAME: undefined, FIELD_NAME: undefined };
  const dataType = setting.DATA_TYPE ?? DATA_TYPE.text;
  const action = setting.ACTION_TYPE ?? ACTION_TYPE.like;
  return {
    ...condition,
    PARAM_NAME: setting.PARAM_NAME,
    FIELD_NAME: setting.FIELD_NAME,
    DATA_TYPE: dataType,
    ACTION_TYPE: action,
    IS_PAGING: setting.IS_PAGING ?? 'N',
    value: parseValueText(dataType, action, setting.DEFAULT_VALUE),
  };
}

type Part = string | number | null;
const pairOf = (value: ConditionValue): [Part, Part] =>
  Array.isArray(value) ? [(value[0] ?? null) as Part, (value[1] ?? null) as Part] : [null, null];

/**
 * Spec §4: null/not-null clear the value (the editor is disabled). On a range, a greater action
 * keeps the second end and a less action the first; going back to a range puts the bound back
 * in the end it came from.
 */
export function withAction(condition: SearchCondition, action: ActionType): SearchCondition {
  const { DATA_TYPE: dataType, ACTION_TYPE: previous, value } = condition;
  if (isNullAction(action) || isNullAction(previous)) {
    return { ...condition, ACTION_TYPE: action, value: emptyValueFor(dataType, action) };
  }
  if (!isRangeType(dataType)) return { ...condition, ACTION_TYPE: action };
  const wasRange = usesRangeValue(dataType, previous);
  const isRange = usesRangeValue(dataType, action);
  let next: ConditionValue = value;
  if (wasRange && !isRange) next = pairOf(value)[isGreaterAction(action) ? 1 : 0];
  else if (!wasRange && isRange) {
    const bound = (value ?? null) as Part;
    next = (isGreaterAction(previous) ? [null, bound] : [bound, null]) as ConditionValue;
  }
  return { ...condition, ACTION_TYPE: action, value: next };
}

const isBlank = (part: unknown) => part == null || (typeof part === 'string' && part.trim() === '');

/** A value a search can use: a range needs both ends (spec §5), a list at least one item. */
export function hasValue(condition: Pick<SearchCondition, 'DATA_TYPE' | 'ACTION_TYPE' | 'value'>): boolean {
  const { value } = condition;
  if (usesRangeValue(condition.DATA_TYPE, condition.ACTION_TYPE)) {
    const [from, to] = pairOf(value);
    return !isBlank(from) && !isBlank(to);
  }
  if (Array.isArray(value)) return value.some((item) => !isBlank(item));
  return !isBlank(value);
}

/** Spec §5: rows without a field, or with an empty value, are skipped unless the action is null/not-null. */
export const conditionsToSend = (conditions: readonly SearchCondition[]): SearchCondition[] =>
  conditions.filter((c) => Boolean(c.PARAM_NAME && c.FIELD_NAME) && (isNullAction(c.ACTION_TYPE) || hasValue(c)));

/** Multi-line text: one value per line, blank lines dropped. */
export const linesOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The edited value in the contract's SearchValue form. */
export function wireValue(condition: Pick<SearchCondition, 'DATA_TYPE' | 'ACTION_TYPE' | 'value'>): SearchValue {
  const { DATA_TYPE: dataType, ACTION_TYPE: action, value } = condition;
  if (isNullAction(action)) return null;
  if (isRangeType(dataType) && !usesRangeValue(dataType, action)) {
    const bound = (Array.isArray(value) ? null : value) as Part;
    return isGreaterAction(action) ? [null, bound] : [bound, null];
  }
  if (dataType === DATA_TYPE.multiLineText) return linesOf(typeof value === 'string' ? value : '');
  if (Array.isArray(value)) return [...value];
  return value;
}

/** The conditions a search sends (QueryData), in row order. */
export const toQueryConditions = (conditions: readonly SearchCondition[]): QueryCondition[] =>
  conditionsToSend(conditions).map((c, index) => ({
    ORD_ID: index + 1,
    PARAM_NAME: c.PARAM_NAME,
    FIELD_NAME: c.FIELD_NAME ?? '',
    ACTION_TYPE: c.ACTION_TYPE,
    DATA_TYPE: c.DATA_TYPE,
    IS_PAGING: c.IS_PAGING,
    PARAM_VALUE: wireValue(c),
  }));

/**
 * The user's search to keep (SaveListAdvancedQuery): the sent conditions marked as advanced search,
 * each value as the text the saved condition keeps (spec §3).
 */
export const toSavedConditions = (conditions: readonly SearchCondition[], userName: string): QueryCondition[] =>
  toQueryConditions(conditions).map((c) => ({
    ...c,
    USER_NAME: userName,
    SEARCH_MODE: ADVANCED_SEARCH_MODE,
    PARAM_VALUE: storedSearchValue(c.DATA_TYPE, c.PARAM_VALUE),
  }));

const toNumber = (part: unknown): number | null => {
  if (part == null || (typeof part === 'string' && part.trim() === '')) return null;
  const n = Number(part);
  return Number.isFinite(n) ? n : null;
};
const toText = (part: unknown): string | null => (part == null || part === '' ? null : String(part));

/** A value's text (a saved condition's PARAM_VALUE, a field's DEFAULT_VALUE) read back for editing. */
export function parseValueText(dataType: DataType, action: number, text: string | null | undefined): ConditionValue {
  if (isNullAction(action)) return null;
  if (text == null || text === '') return emptyValueFor(dataType, action);
  let items: (string | null)[];
  try {
    items = searchValueItems(dataType, text);
  } catch (error) {
    // A value the server would refuse to search with (e.g. a range of three) opens as an empty editor.
    if (error instanceof SearchValueError) return emptyValueFor(dataType, action);
    throw error;
  }
  const read = dataType === DATA_TYPE.numberRange || dataType === DATA_TYPE.number ? toNumber : toText;
  if (isRangeType(dataType)) {
    const [from, to] = [read(items[0]), read(items[1])];
    if (usesRangeValue(dataType, action)) return [from, to] as ConditionValue;
    return isGreaterAction(action) ? (to ?? from) : (from ?? to);
  }
  if (dataType === DATA_TYPE.multiSelect) return items.map(String);
  if (dataType === DATA_TYPE.multiLineText) return items.join('\n');
  return read(items[0]);
}

export const fromSavedConditions = (saved: readonly SavedCondition[]): SearchCondition[] =>
  [...saved]
    .sort((a, b) => a.ORD_ID - b.ORD_ID)
    .map((row) => ({
      key: newKey(),
      PARAM_NAME: row.PARAM_NAME,
      FIELD_NAME: row.FIELD_NAME,
      DATA_TYPE: row.DATA_TYPE,
      ACTION_TYPE: row.ACTION_TYPE,
      IS_PAGING: row.IS_PAGING ?? 'N',
      value: parseValueText(row.DATA_TYPE, row.ACTION_TYPE, row.PARAM_VALUE),
    }));
