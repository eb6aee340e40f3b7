/**
 * The rules of a list's configuration (ListParam/*, spec §3, §5, §9), once for the server and the
 * mocks: a new setting's defaults, the checks a save passes (one list per call, known IDs, unique
 * parameter names), a user's column configuration and saved search, the import file's shape and
 * the dropdown parameters. The server stores the result in the database, the mocks in memory.
 */
import { Refusal } from '../messages/refusal.ts';

/** A setting as sent (contract ListSettingInput), as far as the rules look at it. */
export interface SettingInput {
  ID?: string;
  ORD_IDX?: number;
  PARAM_NAME: string;
  DATA_TYPE?: number;
  ACTION_TYPE?: number;
  IS_FAST_SEARCH?: 'Y' | 'N';
  IS_PAGING?: 'Y' | 'N';
  AGGREGATION?: readonly ('sum' | 'avg')[];
  REFERENCE_SQL?: string | null;
  SUB_SQL?: string | null;
}

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text : null);

/** The spec's defaults of a new row (§9: ACTION_TYPE 6, DATA_TYPE 1, IS_PAGING N), each aggregation once, blank SQL as none. */
export function settingDefaults<I extends SettingInput>(input: I) {
  return {
    ORD_IDX: input.ORD_IDX ?? 0,
    DATA_TYPE: input.DATA_TYPE ?? 1,
    ACTION_TYPE: input.ACTION_TYPE ?? 6,
    IS_FAST_SEARCH: input.IS_FAST_SEARCH ?? 'N',
    IS_PAGING: input.IS_PAGING ?? 'N',
    AGGREGATION: [...new Set(input.AGGREGATION ?? [])],
    REFERENCE_SQL: blankToNull(input.REFERENCE_SQL),
    SUB_SQL: blankToNull(input.SUB_SQL),
  } as const;
}

/** The one list all rows of a save name (undefined for an empty save, which does nothing); several lists are refused. */
export function singleListRoute(rows: readonly { LIST_ROUTE: string }[]): string | undefined {
  const routes = new Set(rows.map((row) => row.LIST_ROUTE));
  if (routes.size > 1) throw new Refusal(400, 'listMixedRoutes');
  return rows[0]?.LIST_ROUTE;
}

/**
 * Checks a save of settings into a list that has `existing` ones: an ID must be one of the list's
 * settings, and the list's parameter names stay unique afterwards.
 */
export function checkSettingsSave(existing: readonly { id: string; paramName: string }[], inputs: readonly SettingInput[]): void {
  const unknown = inputs.find((input) => input.ID !== undefined && !existing.some((row) => row.id === input.ID));
  if (unknown) throw new Refusal(400, 'listSettingNotFound', { id: unknown.ID! });
  const kept = existing.filter((row) => !inputs.some((input) => input.ID === row.id)).map((row) => row.paramName);
  const names = [...kept, ...inputs.map((input) => input.PARAM_NAME)];
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate !== undefined) throw new Refusal(400, 'listParamNameTaken', { name: duplicate });
}

/** A setting searches a column of the list's source. */
export function requireSourceColumn(columns: ReadonlySet<string>, field: string): void {
  if (!columns.has(field)) throw new Refusal(400, 'listFieldNotInSource', { field });
}

/** Deleting a setting that is not the list's is refused. */
export function requireSettingDeleted(deleted: number, id: string): void {
  if (deleted === 0) throw new Refusal(400, 'listSettingNotFound', { id });
}

/** A USER_NAME sent with a request names the caller (case-insensitively, like logins), never someone else. */
export function requireOwnUserName(callerUserName: string, userName: string | undefined): void {
  if (userName !== undefined && userName.toLowerCase() !== callerUserName.toLowerCase()) throw new Refusal(403, 'accessDenied');
}

/** A column configuration names every column of the source at most once, and only those. */
export function checkColumnConfig(columns: ReadonlySet<string>, inputs: readonly { FIELD_NAME: string }[]): void {
  const seen = new Set<string>();
  for (const input of inputs) {
    requireSourceColumn(columns, input.FIELD_NAME);
    if (seen.has(input.FIELD_NAME)) throw new Refusal(400, 'listColumnDuplicate', { field: input.FIELD_NAME });
    seen.add(input.FIELD_NAME);
  }
}

/** Column configuration defaults: width 140, visible. */
export const columnConfigDefaults = (input: { FIELD_WIDTH?: number; IS_VISIBLE?: 'Y' | 'N' }) => ({
  FIELD_WIDTH: input.FIELD_WIDTH ?? 140,
  IS_VISIBLE: input.IS_VISIBLE ?? 'Y',
});

/**
 * A saved search in the order the caller gave (ORD_ID when sent, else the position), each condition
 * naming this list if it names one; the caller checks each condition as QueryData would.
 */
export function orderSavedConditions<C extends { ORD_ID?: number; LIST_ROUTE?: string }>(listRoute: string, conditions: readonly C[]): C[] {
  for (const condition of conditions) {
    if (condition.LIST_ROUTE !== undefined && condition.LIST_ROUTE !== listRoute) throw new Refusal(400, 'listRouteMismatch', { route: listRoute });
  }
  return conditions
    .map((condition, index) => ({ condition, order: condition.ORD_ID ?? index, index }))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ condition }) => condition);
}

/**
 * The settings rows of an uploaded configuration file (ListParam/Import): the JSON Export gave (with
 * PARAMS) or a bare array of rows, not empty. Each row is checked against the contract afterwards.
 */
export function importFileRows(fileText: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fileText);
  } catch {
    throw new Refusal(400, 'listImportInvalid', { detail: 'not JSON' });
  }
  const rows = Array.isArray(parsed) ? parsed : (parsed as { PARAMS?: unknown } | null)?.PARAMS;
  if (!Array.isArray(rows)) throw new Refusal(400, 'listImportInvalid', { detail: 'PARAMS is missing' });
  if (rows.length === 0) throw new Refusal(400, 'listImportEmpty');
  return rows;
}

/** A dropdown parameter: a setting of the list with a REFERENCE_SQL. */
export function requireDropdownSetting<S extends { REFERENCE_SQL?: string | null }>(setting: S | undefined, paramName: string): S {
  if (!setting) throw new Refusal(400, 'listParamNotFound', { name: paramName });
  if (!setting.REFERENCE_SQL?.trim()) throw new Refusal(400, 'listNotDropdown', { name: paramName });
  return setting;
}

/** The column a dropdown page is sorted by: CODE or NAME in any case, CODE when not given. */
export function dropdownOrderColumn(orderBy: string | null | undefined): 'CODE' | 'NAME' {
  const column = (orderBy?.trim() || 'CODE').toUpperCase();
  if (column !== 'CODE' && column !== 'NAME') throw new Refusal(400, 'listDropdownOrderInvalid');
  return column;
}
