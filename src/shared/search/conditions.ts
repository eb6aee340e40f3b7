/**
 * What one search condition means (spec §4 ACTION_TYPE × DATA_TYPE; the contract's ListActionType
 * description), decided once for the server and the mocks: the condition is checked (its values
 * read, numbers and dates validated, the operators it may use) and turned into a ConditionPlan, a
 * small tree of comparisons on one column. The server renders the plan as SQL
 * (server/query/conditions.ts); the mocks evaluate it in memory (evaluate.ts).
 *
 * Semantics:
 * - 6 like / 10 prefix-fuzzy compare the column's text, case-insensitively, the value taken literally.
 * - 7 not equal keeps rows without a value; 8 is null / 9 is not null treat empty text as no value.
 * - A date without a time is its whole day (search-values.ts readDate).
 * - Multi-line text and multi-select: "is one of", or for 6/10 on multi-line text "any line matches".
 * - Ranges: between [from, to] inclusive, an empty side open; switched to a greater type a range
 *   keeps its second value, to a less type its first (spec §4).
 * - A setting with a SUB_SQL compares the column with what its sub-query gives for the values.
 * - A condition without a value is skipped (spec §5).
 */
import { Refusal } from '../messages/refusal.ts';
import {
  ActionType,
  DataType,
  isListType,
  isNumberText,
  isRangeType,
  readDate,
  type ActionTypeCode,
  type DataTypeCode,
} from './search-values.ts';

export type Comparison = '=' | '>' | '>=' | '<' | '<=';

/**
 * A condition on one column. Values are texts the column's own type reads (a numeric column reads
 * '10' as a number, a timestamp column '2024-05-01' as that day's start). Logic is SQL's: a
 * comparison with a column that has no value is unknown, and a row is kept only when the whole plan is true.
 */
export type ConditionPlan =
  /** The column is null or empty text. */
  | { kind: 'noValue' }
  | { kind: 'not'; plan: ConditionPlan }
  /** The column has no value (null), or the plan is false: "not equal" keeps rows without a value. */
  | { kind: 'nullOrNot'; plan: ConditionPlan }
  | { kind: 'and'; plans: ConditionPlan[] }
  | { kind: 'compare'; op: Comparison; value: string }
  /** The column's text contains / starts with any of the texts, ignoring case (like.ts). */
  | { kind: 'textMatch'; mode: 'contains' | 'startsWith'; texts: string[] }
  | { kind: 'oneOf'; values: string[] }
  /** The column is one of what the setting's SUB_SQL gives for the values. */
  | { kind: 'inSubQuery'; values: string[] };

export interface ConditionInput {
  /** How messages name the condition (the parameter's caption or the field). */
  label: string;
  dataType: DataTypeCode;
  actionType: ActionTypeCode;
  /** From searchValueItems: [from, to] for ranges, the items for lists, at most one otherwise. */
  items: (string | null)[];
  /** The setting has a SUB_SQL. */
  hasSubQuery?: boolean;
}

/** The search value as a point or as an interval [start, endExclusive) on the column. */
type Bound = { kind: 'point'; value: string } | { kind: 'interval'; start: string; endExclusive: string };

/** A number or date value read for its data type; anything else is refused naming the condition. */
function boundOf(input: ConditionInput, text: string): Bound {
  const { dataType, label } = input;
  if (dataType === DataType.Number || dataType === DataType.NumberRange) {
    if (!isNumberText(text)) throw new Refusal(400, 'listNumberInvalid', { field: label, value: text });
    return { kind: 'point', value: text };
  }
  if (dataType === DataType.Date || dataType === DataType.DateRange) {
    const date = readDate(text);
    if (!date) throw new Refusal(400, 'listDateInvalid', { field: label, value: text });
    return 'instant' in date ? { kind: 'point', value: date.instant } : { kind: 'interval', ...date };
  }
  return { kind: 'point', value: text };
}

const compare = (op: Comparison, value: string): ConditionPlan => ({ kind: 'compare', op, value });
const and = (plans: ConditionPlan[]): ConditionPlan => (plans.length === 1 ? plans[0] : { kind: 'and', plans });
const notEqual = (plan: ConditionPlan): ConditionPlan => ({ kind: 'nullOrNot', plan });

function comparePlan(action: ActionTypeCode, bound: Bound): ConditionPlan {
  const point = bound.kind === 'point';
  const start = point ? bound.value : bound.start;
  switch (action) {
    case ActionType.Greater:
      return point ? compare('>', start) : compare('>=', bound.endExclusive);
    case ActionType.GreaterOrEqual:
      return compare('>=', start);
    case ActionType.Less:
      return compare('<', start);
    case ActionType.LessOrEqual:
      return point ? compare('<=', start) : compare('<', bound.endExclusive);
    case ActionType.NotEqual:
      return notEqual(comparePlan(ActionType.Equals, bound));
    default:
      return point ? compare('=', start) : and([compare('>=', start), compare('<', bound.endExclusive)]);
  }
}

const isTextMatch = (action: ActionTypeCode) => action === ActionType.Like || action === ActionType.StartsWith;
const textMatch = (action: ActionTypeCode, texts: string[]): ConditionPlan => ({
  kind: 'textMatch',
  mode: action === ActionType.StartsWith ? 'startsWith' : 'contains',
  texts,
});

function rangePlan(action: ActionTypeCode, from: Bound | null, to: Bound | null): ConditionPlan {
  switch (action) {
    case ActionType.Greater:
    case ActionType.GreaterOrEqual:
      return comparePlan(action, (to ?? from)!);
    case ActionType.Less:
    case ActionType.LessOrEqual:
      return comparePlan(action, (from ?? to)!);
    default: {
      const parts = [];
      if (from) parts.push(comparePlan(ActionType.GreaterOrEqual, from));
      if (to) parts.push(comparePlan(ActionType.LessOrEqual, to));
      const between = and(parts);
      return action === ActionType.NotEqual ? notEqual(between) : between;
    }
  }
}

function listPlan(input: ConditionInput, values: string[]): ConditionPlan {
  const { actionType, dataType, label } = input;
  if (actionType >= ActionType.Greater && actionType <= ActionType.LessOrEqual) {
    throw new Refusal(400, 'listActionNotForDataType', { field: label });
  }
  if (dataType === DataType.MultiLineText && isTextMatch(actionType)) return textMatch(actionType, values);
  const oneOf: ConditionPlan = { kind: 'oneOf', values };
  return actionType === ActionType.NotEqual ? notEqual(oneOf) : oneOf;
}

/** The condition's plan, or undefined when it has no value and so is skipped (spec §5). */
export function planCondition(input: ConditionInput): ConditionPlan | undefined {
  const { actionType, dataType, items } = input;
  if (actionType === ActionType.IsNull) return { kind: 'noValue' };
  if (actionType === ActionType.IsNotNull) return { kind: 'not', plan: { kind: 'noValue' } };

  const values = items.filter((item): item is string => item !== null);
  if (values.length === 0) return undefined;
  if (input.hasSubQuery) {
    const inSubQuery: ConditionPlan = { kind: 'inSubQuery', values };
    return actionType === ActionType.NotEqual ? notEqual(inSubQuery) : inSubQuery;
  }

  if (isRangeType(dataType)) {
    const [from, to] = items.map((item) => (item === null ? null : boundOf(input, item)));
    return rangePlan(actionType, from, to);
  }
  if (isListType(dataType)) return listPlan(input, values);

  const [value] = values;
  if (isTextMatch(actionType)) return textMatch(actionType, [value]);
  return comparePlan(actionType, boundOf(input, value));
}

/**
 * What one search may ask for (also in the contract's ListParam/QueryData description). A "like" or
 * "starts with" value is a pattern matched against every row of the source: on the embedded database
 * each costs about 35 ms per 50,000 rows (more for long patterns), so 1,000 of them held the database
 * for over a minute. Equality lists are cheap per value (hashed IN) and get a looser bound. With these
 * bounds the worst search on the 50,000 demo reels takes about half a second on an idle machine
 * (`npm run bench -- search`; PGlite has one session, so that is also the longest a login waits for it).
 */
export const SEARCH_BOUNDS = {
  /** Conditions in one search. */
  conditions: 30,
  /** Values of one condition (multi-line text, multi-select). */
  valuesPerCondition: 1000,
  /** "like" / "starts with" values in one search, over all its conditions. */
  textMatchValues: 10,
  /** Characters of all "like" / "starts with" values in one search. */
  textMatchCharacters: 200,
} as const;

/** A condition as far as its cost goes. */
export type CostedCondition = Pick<ConditionInput, 'label' | 'actionType' | 'items'>;

/** Refuses (400, naming the bound) a search that asks for more than SEARCH_BOUNDS allows. */
export function checkSearchCost(conditions: readonly CostedCondition[]): void {
  if (conditions.length > SEARCH_BOUNDS.conditions) throw new Refusal(400, 'listTooManyConditions', { max: SEARCH_BOUNDS.conditions });
  let patterns = 0;
  let characters = 0;
  for (const { label, actionType, items } of conditions) {
    const values = items.filter((item): item is string => item !== null);
    if (values.length > SEARCH_BOUNDS.valuesPerCondition) {
      throw new Refusal(400, 'listTooManyValues', { field: label, max: SEARCH_BOUNDS.valuesPerCondition });
    }
    if (!isTextMatch(actionType)) continue;
    patterns += values.length;
    characters += values.reduce((sum, value) => sum + value.length, 0);
  }
  if (patterns > SEARCH_BOUNDS.textMatchValues) throw new Refusal(400, 'listTooManyPatterns', { max: SEARCH_BOUNDS.textMatchValues });
  if (characters > SEARCH_BOUNDS.textMatchCharacters) throw new Refusal(400, 'listPatternsTooLong', { max: SEARCH_BOUNDS.textMatchCharacters });
}
