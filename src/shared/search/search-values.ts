/**
 * Search values (spec §3 PARAM_VALUE, contract SearchValue): the codes, how a value is read for
 * each DATA_TYPE, and how arrays are stored as text.
 *
 * Encoding: several values travel as a JSON array (`["A-1","B-2"]`, `[-10, 5]`, `["2024-05-01", null]`).
 * A saved condition keeps them as text (spec §3: arrays joined with '-'), written by storedSearchValue
 * and read by searchValueItems; the '-'-joined text is read with rules that keep negative numbers and
 * dates intact (see readLegacyText), and JSON array text is read too.
 */

/** A condition's value (contract SearchValue). */
export type SearchValue = string | number | (string | number | null)[] | null;

export const DataType = {
  Text: 1,
  Dropdown: 2,
  Number: 3,
  Date: 4,
  DateRange: 5,
  MultiLineText: 6,
  NumberRange: 7,
  MultiSelect: 8,
} as const;
/** Contract ListDataType. */
export type DataTypeCode = (typeof DataType)[keyof typeof DataType];

export const ActionType = {
  Equals: 1,
  Greater: 2,
  GreaterOrEqual: 3,
  Less: 4,
  LessOrEqual: 5,
  Like: 6,
  NotEqual: 7,
  IsNull: 8,
  IsNotNull: 9,
  StartsWith: 10,
} as const;
/** Contract ListActionType. */
export type ActionTypeCode = (typeof ActionType)[keyof typeof ActionType];

export const isRangeType = (dataType: DataTypeCode) => dataType === DataType.DateRange || dataType === DataType.NumberRange;
export const isListType = (dataType: DataTypeCode) => dataType === DataType.MultiLineText || dataType === DataType.MultiSelect;

/** Why a value could not be read; the caller names the field in the message. */
export class SearchValueError extends Error {}

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)`;
const DATE = String.raw`\d{4}[-/]\d{1,2}[-/]\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?`;
/** `min-max`: each side a (possibly negative) number or empty, e.g. `-5--1`, `10-`, `-20` (= up to 20). */
const LEGACY_NUMBER_RANGE = new RegExp(String.raw`^\s*(${NUMBER})?\s*-\s*(${NUMBER})?\s*$`);
/** `from-to`: each side a date (YYYY-MM-DD or YYYY/MM/DD, optional time) or empty. */
const LEGACY_DATE_RANGE = new RegExp(String.raw`^\s*(${DATE})?\s*-\s*(${DATE})?\s*$`);

const blankToNull = (item: string | number | null | undefined): string | null => {
  if (item === null || item === undefined) return null;
  const text = String(item).trim();
  return text === '' ? null : text;
};

/** A string holding a JSON array means that array. */
function jsonArrayIn(text: string): unknown[] | undefined {
  if (!text.startsWith('[')) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function readLegacyText(dataType: DataTypeCode, text: string): (string | null)[] {
  switch (dataType) {
    case DataType.MultiLineText:
      return text.split(/\r?\n/).map(blankToNull);
    case DataType.MultiSelect:
      return text.split('-').map(blankToNull);
    case DataType.NumberRange: {
      const match = LEGACY_NUMBER_RANGE.exec(text);
      if (match) return [blankToNull(match[1]), blankToNull(match[2])];
      return [blankToNull(text), null];
    }
    case DataType.DateRange: {
      const match = LEGACY_DATE_RANGE.exec(text);
      if (match) return [blankToNull(match[1]), blankToNull(match[2])];
      return [blankToNull(text), null];
    }
    default:
      return [blankToNull(text)];
  }
}

/**
 * The value's items for its data type, with blanks as null: ranges always give [from, to];
 * multi-line text and multi-select give their non-blank items; the other types give at most one.
 */
export function searchValueItems(dataType: DataTypeCode, value: SearchValue | undefined): (string | null)[] {
  let items: (string | null)[];
  if (value === null || value === undefined) items = [];
  else if (Array.isArray(value)) items = value.map(blankToNull);
  else if (typeof value === 'number') items = [String(value)];
  else {
    const text = value.trim();
    // Only the several-value types read a JSON array out of text; for the others '[1,2]' is just text.
    const array = isRangeType(dataType) || isListType(dataType) ? jsonArrayIn(text) : undefined;
    if (array) {
      if (array.some((item) => item !== null && typeof item !== 'string' && typeof item !== 'number')) {
        throw new SearchValueError('array items must be text, numbers or null');
      }
      items = (array as (string | number | null)[]).map(blankToNull);
    } else items = readLegacyText(dataType, text);
  }

  if (isRangeType(dataType)) {
    if (items.length > 2) throw new SearchValueError('a range has at most two values [from, to]');
    return [items[0] ?? null, items[1] ?? null];
  }
  const present = items.filter((item): item is string => item !== null);
  if (isListType(dataType)) return present;
  if (present.length > 1) throw new SearchValueError('this field takes one value');
  return present;
}

/** Whether the text reads (searchValueItems) as exactly these items. */
function readsAs(dataType: DataTypeCode, text: string, items: readonly (string | null)[]): boolean {
  try {
    const read = searchValueItems(dataType, text);
    return read.length === items.length && read.every((item, index) => item === items[index]);
  } catch (error) {
    if (error instanceof SearchValueError) return false;
    throw error;
  }
}

/** A saved empty list: its '-'-joined text would be '', which a store may keep as null (Oracle does). */
const EMPTY_LIST_TEXT = '[]';

/**
 * The text a saved condition keeps as PARAM_VALUE. Several values are joined with '-' as the spec
 * says when that text reads back (searchValueItems) as the same items; otherwise, e.g. a code or
 * date holding '-' in a multi-select (`["CAP-00008","R-1"]`), they are kept as JSON array text. An
 * empty list is EMPTY_LIST_TEXT. A value searchValueItems refuses throws SearchValueError.
 */
export function storedSearchValue(dataType: DataTypeCode, value: SearchValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  const items = searchValueItems(dataType, value);
  if (!isRangeType(dataType) && !isListType(dataType)) return Array.isArray(value) ? (items[0] ?? null) : String(value);
  if (items.length === 0) return EMPTY_LIST_TEXT;
  const joined = items.map((item) => item ?? '').join('-');
  return readsAs(dataType, joined, items) ? joined : JSON.stringify(items);
}

const NUMBER_ONLY = new RegExp(`^${NUMBER}(?:[eE][+-]?\\d+)?$`);

export function isNumberText(text: string): boolean {
  return NUMBER_ONLY.test(text);
}

/**
 * A date value as an interval: a date without a time is its whole day [day, next day); a value
 * with a time is that instant. Texts are PostgreSQL date/timestamp input; the column's type reads them.
 */
export type DateInterval = { start: string; endExclusive: string } | { instant: string };

const DATE_PARTS = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDay = (date: Date) => `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

export function readDate(text: string): DateInterval | undefined {
  const match = DATE_PARTS.exec(text.trim());
  if (!match) return undefined;
  const [, y, m, d, hh, mm, ss, fraction, zone] = match;
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  // Date.UTC rolls 2024-02-30 over to March: such a date does not exist.
  if (day.getUTCMonth() !== Number(m) - 1 || day.getUTCDate() !== Number(d)) return undefined;
  if (hh === undefined) {
    const next = new Date(day.getTime() + 86_400_000);
    return { start: isoDay(day), endExclusive: isoDay(next) };
  }
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59) return undefined;
  return { instant: `${isoDay(day)} ${pad(Number(hh))}:${mm}:${ss ?? '00'}${fraction ?? ''}${zone ?? ''}` };
}
