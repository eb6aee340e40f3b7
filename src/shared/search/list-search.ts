/**
 * The list-parameter rules of a search (ListParam/QueryData, SaveListAdvancedQuery; spec §3, §4, §9),
 * once for the server and the mocks: which setting a condition uses, how its value is read, the
 * search's bounds, the order (the user's sort, else the list's default, the key last), the page
 * (IS_PAGING 'Y' answers every row on one page, up to a bound) and which footer figures are asked for.
 * The server turns the result into SQL (server/query/list-query.ts); the mocks apply it in memory
 * (evaluate.ts).
 */
import { Refusal } from '../messages/refusal.ts';
import { checkSearchCost, planCondition, type ConditionPlan } from './conditions.ts';
import { SearchValueError, searchValueItems, type ActionTypeCode, type DataTypeCode, type SearchValue } from './search-values.ts';

/** What the search needs of a list's setting (ListSetting), whichever side stores it. */
export interface SearchSetting {
  paramName: string;
  fieldName: string;
  caption: string;
  /** IS_PAGING 'Y'. */
  unpaged: boolean;
  /** The setting has a SUB_SQL. */
  hasSubQuery: boolean;
  /** AGGREGATION. */
  aggregation: readonly string[];
}

/** A condition as sent (contract SearchCondition). */
export interface SearchConditionInput {
  PARAM_NAME?: string;
  FIELD_NAME: string;
  ACTION_TYPE: ActionTypeCode;
  DATA_TYPE: DataTypeCode;
  PARAM_VALUE?: SearchValue;
}

export interface SortKey {
  field: string;
  order: 'asc' | 'desc';
}

/** How messages name a setting's condition. */
export const conditionLabel = (setting: SearchSetting) => setting.caption || setting.fieldName;

/**
 * The setting a condition uses: the one named by PARAM_NAME, else the first with its FIELD_NAME.
 * Either way its FIELD_NAME must be the condition's and a column of the source.
 */
export function settingOfCondition<S extends SearchSetting>(
  settings: readonly S[],
  columns: ReadonlySet<string>,
  condition: Pick<SearchConditionInput, 'PARAM_NAME' | 'FIELD_NAME'>,
): S {
  const setting = condition.PARAM_NAME
    ? settings.find((s) => s.paramName === condition.PARAM_NAME)
    : settings.find((s) => s.fieldName === condition.FIELD_NAME);
  if (!setting || setting.fieldName !== condition.FIELD_NAME) {
    throw new Refusal(400, 'listFieldNotConfigured', { field: condition.FIELD_NAME });
  }
  if (!columns.has(setting.fieldName)) throw new Refusal(400, 'listFieldNotInSource', { field: setting.fieldName });
  return setting;
}

/** The condition's value items for its data type; a value that cannot be read is refused naming the setting. */
export function conditionItems(setting: SearchSetting, condition: Pick<SearchConditionInput, 'DATA_TYPE' | 'PARAM_VALUE'>): (string | null)[] {
  try {
    return searchValueItems(condition.DATA_TYPE, condition.PARAM_VALUE);
  } catch (error) {
    if (error instanceof SearchValueError) throw new Refusal(400, 'listValueInvalid', { field: conditionLabel(setting), detail: error.message });
    throw error;
  }
}

export interface PlannedCondition<S extends SearchSetting> {
  setting: S;
  plan: ConditionPlan;
}

/**
 * A search's conditions, checked (configured fields, readable values, within SEARCH_BOUNDS, valid
 * numbers and dates) and planned; conditions without a value are left out (spec §5).
 */
export function planSearch<S extends SearchSetting>(
  settings: readonly S[],
  columns: ReadonlySet<string>,
  conditions: readonly SearchConditionInput[],
): PlannedCondition<S>[] {
  const read = conditions.map((condition) => {
    const setting = settingOfCondition(settings, columns, condition);
    return { condition, setting, label: conditionLabel(setting), actionType: condition.ACTION_TYPE, items: conditionItems(setting, condition) };
  });
  // Before any condition is planned: a search past the bounds goes no further.
  checkSearchCost(read);
  return read.flatMap(({ condition, setting, label, items }) => {
    const plan = planCondition({ label, dataType: condition.DATA_TYPE, actionType: condition.ACTION_TYPE, items, hasSubQuery: setting.hasSubQuery });
    return plan ? [{ setting, plan }] : [];
  });
}

/** A list's default order as configured ("code, received_at desc"). */
export function parseDefaultSort(defaultSort: string | null | undefined): SortKey[] {
  return (defaultSort ?? '')
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .filter(([field]) => field)
    .map(([field, order]) => ({ field, order: order?.toLowerCase() === 'desc' ? ('desc' as const) : ('asc' as const) }));
}

/**
 * The order of a list's rows: the user's sort, else the list's default; every field a column of
 * the source (a misconfigured default is refused like a user's bad field). The key column comes
 * last, so the order is total and consecutive pages neither repeat nor skip rows.
 */
export function listOrder(
  userSort: readonly { field: string; order?: 'asc' | 'desc' }[],
  defaultSort: string | null | undefined,
  keyField: string | null | undefined,
  columns: ReadonlySet<string>,
): SortKey[] {
  const sort: SortKey[] = userSort.length ? userSort.map(({ field, order }) => ({ field, order: order ?? 'asc' })) : parseDefaultSort(defaultSort);
  for (const { field } of sort) {
    if (!columns.has(field)) throw new Refusal(400, 'listSortFieldNotAllowed', { field });
  }
  if (keyField && columns.has(keyField) && !sort.some((s) => s.field === keyField)) sort.push({ field: keyField, order: 'asc' });
  return sort;
}

/** The largest page (spec §9 page sizes), also the most rows an unpaged (IS_PAGING 'Y') search returns. */
export const MAX_UNPAGED_ROWS = 10_000;

/**
 * Which rows of `count` matching ones a page holds. A search using a setting with IS_PAGING 'Y'
 * answers every matching row on one page, and is refused when there are more than MAX_UNPAGED_ROWS.
 */
export function pageWindow(request: { page: number; limit: number; unpaged: boolean; count: number }): { offset: number; limit: number } {
  if (!request.unpaged) return { offset: (request.page - 1) * request.limit, limit: request.limit };
  if (request.count > MAX_UNPAGED_ROWS) throw new Refusal(400, 'listUnpagedTooLarge', { max: MAX_UNPAGED_ROWS });
  return { offset: 0, limit: MAX_UNPAGED_ROWS };
}

export type AggregateKind = 'sum' | 'avg';

/** The footer figures the settings' AGGREGATION asks for, per source column, each once. */
export function aggregateTargets(settings: readonly SearchSetting[], columns: ReadonlySet<string>): { field: string; kind: AggregateKind }[] {
  const kinds = new Map<string, Set<AggregateKind>>();
  for (const setting of settings) {
    if (!columns.has(setting.fieldName)) continue;
    for (const kind of setting.aggregation) {
      if (kind !== 'sum' && kind !== 'avg') continue;
      if (!kinds.has(setting.fieldName)) kinds.set(setting.fieldName, new Set());
      kinds.get(setting.fieldName)!.add(kind);
    }
  }
  return [...kinds].flatMap(([field, set]) => [...set].map((kind) => ({ field, kind })));
}
