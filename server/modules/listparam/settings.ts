/**
 * A list's search-field settings (spec §3): wire mapping, saving (add, update, or replace all on
 * import) and the checks a setting must pass before it is stored — its FIELD_NAME is a column of
 * the list's source, its PARAM_NAME is unique in the list, its AGGREGATION fits the column, and its
 * REFERENCE_SQL / SUB_SQL run (read-only, without fetching data where they need not) so a broken one
 * is refused when saved, not when searched.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { components } from '../../../src/api/schema';
import type { DB } from '../../db/database.ts';
import type { ListParamsTable } from '../../db/schema.ts';
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
  for (const row of rows) {
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
}

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
  const existing = options.replaceAll ? [] : await loadListSettings(db, route.list_route);
  checkSettingsSave(existing.map((row) => ({ id: row.id, paramName: row.param_name })), inputs);
  const rows = inputs.map((input) => settingRowOf(route.list_route, input.ID ?? randomUUID(), input));

  await runReadOnly(db, timeoutMs, (trx) => checkSettings(trx, route, caller, rows));

  await db.transaction().execute(async (trx) => {
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

export async function deleteSetting(db: DB, route: ListRoute, id: string): Promise<number> {
  const result = await db.deleteFrom('list_params').where('list_route', '=', route.list_route).where('id', '=', id).executeTakeFirst();
  const deleted = Number(result.numDeletedRows);
  requireSettingDeleted(deleted, id);
  return deleted;
}

export async function deleteAllSettings(db: DB, route: ListRoute): Promise<number> {
  const result = await db.deleteFrom('list_params').where('list_route', '=', route.list_route).executeTakeFirst();
  return Number(result.numDeletedRows);
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
