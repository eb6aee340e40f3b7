/**
 * One search condition as SQL: the column is an identifier the caller has checked against the
 * list's configuration; every value is a bound parameter. Values are bound as untyped text, so
 * PostgreSQL reads them with the column's own type (a numeric column compares numerically, a
 * timestamptz column reads '2024-05-01' as that day's start) and indexes stay usable.
 *
 * Semantics (also in the contract's ListActionType description):
 * - 6 like / 10 prefix-fuzzy compare the column's text, case-insensitively, with %, _ and \ in the
 *   value taken literally.
 * - 7 not equal keeps rows without a value; 8 is null / 9 is not null treat empty text as no value.
 * - A date without a time is its whole day (search-values.ts readDate).
 * - Multi-line text and multi-select: "is one of" (IN), or for 6/10 on multi-line text "any line matches".
 * - Ranges: between [from, to] inclusive, an empty side open.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { Problem } from '../http/problem.ts';
import {
  ActionType,
  DataType,
  isListType,
  isNumberText,
  isRangeType,
  readDate,
  type ActionTypeCode,
  type DataTypeCode,
  type DateInterval,
} from './search-values.ts';

export interface ConditionInput {
  /** The quoted column, e.g. src."qty". */
  column: RawBuilder<unknown>;
  /** How messages name the condition (the parameter's caption or the field). */
  label: string;
  dataType: DataTypeCode;
  actionType: ActionTypeCode;
  /** From searchValueItems: [from, to] for ranges, the items for lists, at most one otherwise. */
  items: (string | null)[];
  /** The setting's SUB_SQL as a SELECT of one column, run for the given values (list-source.ts subQuerySelect). */
  subQuery?: (values: string[]) => RawBuilder<unknown>;
}

type Condition = RawBuilder<SqlBool>;

/** The search value as a bound point or interval on the column. */
type Bound = { kind: 'point'; value: string } | { kind: 'interval'; start: string; endExclusive: string };

const and = (parts: Condition[]): Condition => (parts.length === 1 ? parts[0] : sql<SqlBool>`(${sql.join(parts, sql` and `)})`);
const or = (parts: Condition[]): Condition => (parts.length === 1 ? parts[0] : sql<SqlBool>`(${sql.join(parts, sql` or `)})`);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function hasNoValue(column: RawBuilder<unknown>): Condition {
  return sql<SqlBool>`(${column} is null or ${column}::text = '')`;
}

function boundOf(input: ConditionInput, text: string): Bound {
  const { dataType, label } = input;
  if (dataType === DataType.Number || dataType === DataType.NumberRange) {
    if (!isNumberText(text)) throw new Problem(400, 'listNumberInvalid', { field: label, value: text });
    return { kind: 'point', value: text };
  }
  if (dataType === DataType.Date || dataType === DataType.DateRange) {
    const date: DateInterval | undefined = readDate(text);
    if (!date) throw new Problem(400, 'listDateInvalid', { field: label, value: text });
    return 'instant' in date ? { kind: 'point', value: date.instant } : { kind: 'interval', ...date };
  }
  return { kind: 'point', value: text };
}

function compare(column: RawBuilder<unknown>, action: ActionTypeCode, bound: Bound): Condition {
  const point = bound.kind === 'point';
  const start = point ? bound.value : bound.start;
  switch (action) {
    case ActionType.Greater:
      return point ? sql<SqlBool>`${column} > ${start}` : sql<SqlBool>`${column} >= ${bound.endExclusive}`;
    case ActionType.GreaterOrEqual:
      return sql<SqlBool>`${column} >= ${start}`;
    case ActionType.Less:
      return sql<SqlBool>`${column} < ${start}`;
    case ActionType.LessOrEqual:
      return point ? sql<SqlBool>`${column} <= ${start}` : sql<SqlBool>`${column} < ${bound.endExclusive}`;
    case ActionType.NotEqual:
      return sql<SqlBool>`(${column} is null or not ${compare(column, ActionType.Equals, bound)})`;
    default:
      return point ? sql<SqlBool>`${column} = ${start}` : sql<SqlBool>`(${column} >= ${start} and ${column} < ${bound.endExclusive})`;
  }
}

function textMatch(column: RawBuilder<unknown>, action: ActionTypeCode, text: string): Condition {
  const pattern = action === ActionType.StartsWith ? `${escapeLike(text)}%` : `%${escapeLike(text)}%`;
  return sql<SqlBool>`${column}::text ilike ${pattern}`;
}

const isTextMatch = (action: ActionTypeCode) => action === ActionType.Like || action === ActionType.StartsWith;

function rangeCondition(input: ConditionInput, from: Bound | null, to: Bound | null): Condition {
  const { column, actionType } = input;
  switch (actionType) {
    // Spec §4: switching a range to a greater type keeps its second value, to a less type its first.
    case ActionType.Greater:
    case ActionType.GreaterOrEqual:
      return compare(column, actionType, (to ?? from)!);
    case ActionType.Less:
    case ActionType.LessOrEqual:
      return compare(column, actionType, (from ?? to)!);
    default: {
      const parts = [];
      if (from) parts.push(compare(column, ActionType.GreaterOrEqual, from));
      if (to) parts.push(compare(column, ActionType.LessOrEqual, to));
      const between = and(parts);
      return actionType === ActionType.NotEqual ? sql<SqlBool>`(${column} is null or not ${between})` : between;
    }
  }
}

function listCondition(input: ConditionInput, values: string[]): Condition {
  const { column, actionType, dataType, label } = input;
  if (actionType >= ActionType.Greater && actionType <= ActionType.LessOrEqual) {
    throw new Problem(400, 'listActionNotForDataType', { field: label });
  }
  if (dataType === DataType.MultiLineText && isTextMatch(actionType)) {
    return or(values.map((value) => textMatch(column, actionType, value)));
  }
  const inList = sql<SqlBool>`${column} in (${sql.join(values.map((value) => sql`${value}`))})`;
  return actionType === ActionType.NotEqual ? sql<SqlBool>`(${column} is null or not ${inList})` : inList;
}

function subQueryCondition(input: ConditionInput, values: string[], subQuery: (values: string[]) => RawBuilder<unknown>): Condition {
  const inSubQuery = sql<SqlBool>`${input.column} in (${subQuery(values)})`;
  return input.actionType === ActionType.NotEqual ? sql<SqlBool>`(${input.column} is null or not ${inSubQuery})` : inSubQuery;
}

/** The condition as SQL, or undefined when it has no value and so is skipped (spec §5). */
export function conditionSql(input: ConditionInput): Condition | undefined {
  const { column, actionType, dataType, items } = input;
  if (actionType === ActionType.IsNull) return hasNoValue(column);
  if (actionType === ActionType.IsNotNull) return sql<SqlBool>`not ${hasNoValue(column)}`;

  const values = items.filter((item): item is string => item !== null);
  if (values.length === 0) return undefined;
  if (input.subQuery) return subQueryCondition(input, values, input.subQuery);

  if (isRangeType(dataType)) {
    const [from, to] = items.map((item) => (item === null ? null : boundOf(input, item)));
    return rangeCondition(input, from, to);
  }
  if (isListType(dataType)) return listCondition(input, values);

  const [value] = values;
  if (isTextMatch(actionType)) return textMatch(column, actionType, value);
  return compare(column, actionType, boundOf(input, value));
}
