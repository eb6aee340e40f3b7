/**
 * A list's search-field settings (spec §3): wire mapping, saving (add, update, or replace all on
 * import) and the checks a setting must pass before it is stored — its FIELD_NAME is a column of
 * the list's source, its PARAM_NAME is unique in the list, its AGGREGATION fits the column, and its
 * REFERENCE_SQL / SUB_SQL run (read-only, without fetching data where they need not) so a broken one
 * is refused when saved, not when searched.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Transaction } from 'kysely';
import type { components } from '../../../src/api/schema';
import type { DB } from '../../db/database.ts';
import type { Database, ListParamsTable } from '../../db/schema.ts';
import { Problem } from '../../http/problem.ts';
import { loadListSettings, type ListSettingRow } from '../../query/list-query.ts';
import {
  adminSqlColumnNames,
  findListRoute,
  sourceColumnRef,
  sourceColumns,
  sourceRelation,
  subQuerySelect,
  type ListRoute,
  type SqlCaller,
} from '../../query/list-source.ts';
import { blameSql, runAsReportReader, runReadOnly, type ReadOnlyTransaction } from '../../query/read-only.ts';
import { checkSettingsSave, requireDropdownSetting, requireSettingDeleted, requireSourceColumn, settingDefaults } from '../../../src/shared/search/list-settings.ts';

export type ListSetting = components['schemas']['ListSetting'];
export type ListSettingInput = components['schemas']['ListSettingInput'];

export function toWireSetting(row: ListSettingRow): ListSetting {
  return {
    ID: row.id,
    LIST_ROUTE: row.list_route,
    ORD_IDX: row.ord_idx,
    PARAM_NAME: row.param_name,
    PARAM_CAPTION: row.param_caption,
    FIELD_NAME: row.field_name,
    DATA_TYPE: row.data_type as ListSetting['DATA_TYPE'],
    ACTION_TYPE: row.action_type as ListSetting['ACTION_TYPE'],
    IS_FAST_SEARCH: row.is_fast_search,
    DEFAULT_VALUE: row.default_value,
    SHOW_FORMAT: row.show_format,
    AGGREGATION: row.aggregation.split(',').filter((kind): kind is 'sum' | 'avg' => kind === 'sum' || kind === 'avg'),
    IS_PAGING: row.is_paging,
    REMARK: row.remark,
    PARAM_VALUE: row.param_value,
    REFERENCE_SQL: row.reference_sql,
    SUB_SQL: row.sub_sql,
  };
}

/** The stored row of an input, with the spec's new-row defaults (src/shared/search/list-settings.ts). */
export function settingRowOf(listRoute: string, id: string, input: ListSettingInput): Insertable<ListParamsTable> {
  const defaults = settingDefaults(input);
  return {
    id,
    list_route: listRoute,
    ord_idx: defaults.ORD_IDX,
    param_name: input.PARAM_NAME,
    param_caption: input.PARAM_CAPTION,
    field_name: input.FIELD_NAME,
    data_type: defaults.DATA_TYPE,
    action_type: defaults.ACTION_TYPE,
    is_fast_search: defaults.IS_FAST_SEARCH,
    default_value: input.DEFAULT_VALUE ?? null,
    show_format: input.SHOW_FORMAT ?? null,
    aggregation: defaults.AGGREGATION.join(','),
    is_paging: defaults.IS_PAGING,
    remark: input.REMARK ?? null,
    param_value: input.PARAM_VALUE ?? null,
    reference_sql: defaults.REFERENCE_SQL,
    sub_sql: defaults.SUB_SQL,
  };
}

/** Runs a check statement over the list's source: as the report role when the source is configured SQL. */
function runConfigured<T>(trx: ReadOnlyTransaction, route: ListRoute, caller: SqlCaller, name: string, statement: () => Promise<T>): Promise<T> {
  return route.source_kind === 'sql' ? runAsReportReader(trx, caller, { name }, statement) : blameSql({ name }, statement);
}

async function checkSettings(trx: ReadOnlyTransaction, route: ListRoute, caller: SqlCaller, rows: Insertable<ListParamsTable>[]) {
  const columns = new Set((await sourceColumns(trx, route, caller)).map((c) => c.name));
  // A search field of a named parameter of an SQL source (a report's) binds its value: it names the parameter, not a column.
  const params = new Set((route.source_params ?? []).map((param) => param.name));
  for (const row of rows) {
    if (params.has(row.field_name) && row.param_name === row.field_name) continue;
    requireSourceColumn(columns, row.field_name);
    if (row.reference_sql) {
      const names = await adminSqlColumnNames(trx, row.param_name, row.reference_sql, caller);
      if (!names.some((name) => name.toUpperCase() === 'CODE')) throw new Problem(400, 'listDropdownNoCode', { name: row.param_name });
    }
    if (row.aggregation) {
      // Footer figures need a numeric column: plan them now (false: no row is read).
      await runConfigured(trx, route, caller, row.param_name, () =>
        sql`select sum(${sourceColumnRef(row.field_name)}), avg(${sourceColumnRef(row.field_name)})
            from ${sourceRelation(route, caller)} where false`.execute(trx),
      );
    }
    if (row.sub_sql) {
      // LIMIT 0 plans the condition as a search would use it (column count and type included) without reading rows.
      const subSql = row.sub_sql;
      await runAsReportReader(trx, caller, { name: row.param_name }, () =>
        sql`select 1 from ${sourceRelation(route, caller)}
            where ${sourceColumnRef(row.field_name)} in (${subQuerySelect(row.param_name, subSql, caller, [''])}) limit 0`.execute(trx),
      );
    }
  }
}

export interface SaveSettingsOptions {
  /** Import: the rows become the list's whole configuration. */
  replaceAll: boolean;
  /** Whether the caller holds the SQL configuration button (asked only when the save changes a REFERENCE_SQL or SUB_SQL). */
  mayConfigureSql(): Promise<boolean>;
}

type SqlField = 'REFERENCE_SQL' | 'SUB_SQL';

/** A search field's REFERENCE_SQL or SUB_SQL that a save or a delete changes. */
interface SqlChange {
  paramName: string;
  field: SqlField;
  before: string | null;
  after: string | null;
}

interface SqlHolder {
  id: string;
  param_name: string;
  reference_sql?: string | null;
  sub_sql?: string | null;
}

const sqlText = (value: string | null | undefined) => (value?.trim() ? value : null);

/** The SQL of a list's settings before and after, by search field: what changed (a renamed field's SQL counts as new). */
function sqlChanges(before: readonly SqlHolder[], after: readonly SqlHolder[]): SqlChange[] {
  const sqlBy = (rows: readonly SqlHolder[]) => {
    const map = new Map<string, string>();
    for (const row of rows) {
      for (const [field, value] of [['REFERENCE_SQL', row.reference_sql], ['SUB_SQL', row.sub_sql]] as const) {
        const text = sqlText(value);
        if (text !== null) map.set(`${row.param_name}\u0000${field}`, text);
      }
    }
    return map;
  };
  const was = sqlBy(before);
  const is = sqlBy(after);
  const changes: SqlChange[] = [];
  for (const key of new Set([...was.keys(), ...is.keys()])) {
    if (was.get(key) === is.get(key)) continue;
    const [paramName, field] = key.split('\u0000') as [string, SqlField];
    changes.push({ paramName, field, before: was.get(key) ?? null, after: is.get(key) ?? null });
  }
  return changes;
}

/** The list's settings after a save: the rows replace it all (import), or replace their own IDs and add the new ones. */
function settingsAfter(existing: readonly SqlHolder[], rows: readonly SqlHolder[], replaceAll: boolean): SqlHolder[] {
  if (replaceAll) return [...rows];
  const saved = new Set(rows.map((row) => row.id));
  return [...existing.filter((row) => !saved.has(row.id)), ...rows];
}

/** Only the SQL configuration button saves SQL (spec §2 SQL配置): removing it is any settings editor's to do. */
async function requireSqlConfigButton(changes: readonly SqlChange[], options: SaveSettingsOptions): Promise<void> {
  const written = changes.find((change) => change.after !== null);
  if (written && !(await options.mayConfigureSql())) {
    throw new Problem(403, 'sqlConfigButtonMissing', { param: written.paramName, field: written.field });
  }
}

async function auditSqlChanges(trx: Transaction<Database>, listRoute: string, userName: string, changes: readonly SqlChange[]): Promise<void> {
  if (!changes.length) return;
  await trx
    .insertInto('list_param_sql_audit')
    .values(changes.map((change) => ({
      list_route: listRoute,
      param_name: change.paramName,
      field: change.field,
      user_name: userName,
      sql_before: change.before,
      sql_after: change.after,
    })))
    .execute();
}

const lockedSettings = (trx: Transaction<Database>, listRoute: string) =>
  trx.selectFrom('list_params').select(['id', 'param_name', 'reference_sql', 'sub_sql']).where('list_route', '=', listRoute).forUpdate().execute();

/**
 * Adds (no ID) and updates (ID of a row of this list) settings; with replaceAll the list's other
 * settings are removed. Returns the list's settings afterwards.
 */
export async function saveSettings(
  db: DB,
  timeoutMs: number,
  caller: SqlCaller,
  route: ListRoute,
  inputs: readonly ListSettingInput[],
  options: SaveSettingsOptions,
): Promise<ListSettingRow[]> {
  const existing = await loadListSettings(db, route.list_route);
  checkSettingsSave(options.replaceAll ? [] : existing.map((row) => ({ id: row.id, paramName: row.param_name })), inputs);
  const rows = inputs.map((input) => settingRowOf(route.list_route, input.ID ?? randomUUID(), input));

  // Before any of it runs: SQL from a caller without the button is not even checked.
  await requireSqlConfigButton(sqlChanges(existing, settingsAfter(existing, rows, options.replaceAll)), options);
  await runReadOnly(db, timeoutMs, (trx) => checkSettings(trx, route, caller, rows));

  await db.transaction().execute(async (trx) => {
    // Again on the locked rows, for the audit: another save may have come in between.
    const before = await lockedSettings(trx, route.list_route);
    const changes = sqlChanges(before, settingsAfter(before, rows, options.replaceAll));
    await requireSqlConfigButton(changes, options);
    await auditSqlChanges(trx, route.list_route, caller.userName, changes);
    if (options.replaceAll) await trx.deleteFrom('list_params').where('list_route', '=', route.list_route).execute();
    for (const row of rows) {
      await trx
        .insertInto('list_params')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(({ ref }) => ({
          ord_idx: ref('excluded.ord_idx'),
          param_name: ref('excluded.param_name'),
          param_caption: ref('excluded.param_caption'),
          field_name: ref('excluded.field_name'),
          data_type: ref('excluded.data_type'),
          action_type: ref('excluded.action_type'),
          is_fast_search: ref('excluded.is_fast_search'),
          default_value: ref('excluded.default_value'),
          show_format: ref('excluded.show_format'),
          aggregation: ref('excluded.aggregation'),
          is_paging: ref('excluded.is_paging'),
          remark: ref('excluded.remark'),
          param_value: ref('excluded.param_value'),
          reference_sql: ref('excluded.reference_sql'),
          sub_sql: ref('excluded.sub_sql'),
        })))
        .execute();
    }
  });
  return loadListSettings(db, route.list_route);
}

export async function deleteSetting(db: DB, caller: SqlCaller, route: ListRoute, id: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const before = await lockedSettings(trx, route.list_route);
    const result = await trx.deleteFrom('list_params').where('list_route', '=', route.list_route).where('id', '=', id).executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    requireSettingDeleted(deleted, id);
    await auditSqlChanges(trx, route.list_route, caller.userName, sqlChanges(before, before.filter((row) => row.id !== id)));
    return deleted;
  });
}

export async function deleteAllSettings(db: DB, caller: SqlCaller, route: ListRoute): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const before = await lockedSettings(trx, route.list_route);
    const result = await trx.deleteFrom('list_params').where('list_route', '=', route.list_route).executeTakeFirst();
    await auditSqlChanges(trx, route.list_route, caller.userName, sqlChanges(before, []));
    return Number(result.numDeletedRows);
  });
}

/** The setting of a dropdown parameter, with its REFERENCE_SQL. */
export async function dropdownSetting(db: DB, listRoute: string, paramName: string): Promise<{ paramName: string; referenceSql: string }> {
  const route = await findListRoute(db, listRoute);
  const setting = await db
    .selectFrom('list_params')
    .select(['param_name', 'reference_sql'])
    .where('list_route', '=', route.list_route)
    .where('param_name', '=', paramName)
    .executeTakeFirst();
  const dropdown = requireDropdownSetting(setting && { ...setting, REFERENCE_SQL: setting.reference_sql }, paramName);
  return { paramName: dropdown.param_name, referenceSql: dropdown.reference_sql! };
}
