/**
 * A list's data (ListParam/QueryData): the source's rows the caller may see, filtered by search
 * conditions, sorted, paged, counted, with footer sums and averages over the whole filtered
 * result. Everything runs in one read-only transaction (read-only.ts), so the page, the count and
 * the aggregates agree.
 *
 * Only configured names reach SQL, and only as quoted identifiers: a condition's FIELD_NAME must
 * be the field of one of the list's settings, a sort field a column of the source; values are
 * bound parameters. What a search means (its conditions, order, page and footer figures) is decided
 * in src/shared/search, which the mocks apply in memory; this file turns it into SQL.
 */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { components } from '../../src/api/schema';
import type { DB } from '../db/database.ts';
import type { GenerationCache } from '../db/generation-cache.ts';
import type { ListParamsTable } from '../db/schema.ts';
import { conditionSql } from './conditions.ts';
import {
  aggregateTargets,
  listOrder,
  MAX_UNPAGED_ROWS,
  pageWindow,
  planSearch,
  type SearchSetting,
  type SortKey,
} from '../../src/shared/search/list-search.ts';
import {
  findListRoute,
  sourceColumnRef,
  sourceColumns,
  sourceRelation,
  sourceScope,
  subQuerySelect,
  type ListRoute,
  type SqlCaller,
} from './list-source.ts';
import { blameSql, runAsReportReader, runReadOnly, type ReadOnlyTransaction } from './read-only.ts';

type SearchCondition = components['schemas']['SearchCondition'];
type SortField = components['schemas']['ListSortField'];
type FieldAggregates = components['schemas']['ListFieldAggregates'];
export type ListSettingRow = Selectable<ListParamsTable>;

export interface ListQuery {
  listRoute: string;
  conditions: readonly SearchCondition[];
  page: number;
  limit: number;
  sort: readonly SortField[];
  wantAggregates: boolean;
  /** The count must be exact however many rows match (a caller that pages through them all by it). */
  exactCount?: boolean;
}

export interface ListPage<Rows = Record<string, unknown>[]> {
  rows: Rows;
  count: number;
  /** `count` is the planner's estimate: more than EXACT_COUNT_BOUND rows match. */
  countIsEstimate?: true;
  keyField: string | null;
  aggregates?: Record<string, FieldAggregates>;
}

/**
 * Up to this many matching rows a list's count is exact; beyond it, the planner's estimate. Counting a
 * million rows exactly reads them all on every page turn, the cost of the whole call, for a figure a
 * user reads as "about". Equal to the unpaged bound, so a refusal of an unpaged search stays exact.
 */
export const EXACT_COUNT_BOUND = MAX_UNPAGED_ROWS;

/**
 * How many rows a select yields: exact up to EXACT_COUNT_BOUND (reading no more than one past it),
 * beyond it the planner's estimate, flagged (a user reads it as "about N"). Never fewer than counted.
 */
export async function boundedCount(db: DB | ReadOnlyTransaction, rows: RawBuilder<unknown>): Promise<{ count: number; countIsEstimate?: true }> {
  const { rows: counted } = await sql<{ count: string }>`select count(*)::text as count from (${rows} limit ${EXACT_COUNT_BOUND + 1}) as bounded`.execute(db);
  const count = Number(counted[0].count);
  if (count <= EXACT_COUNT_BOUND) return { count };
  return estimatedCount(db, rows);
}

/** The planner's estimate of how many rows a select yields, for a count known to be past EXACT_COUNT_BOUND (never below it). */
export async function estimatedCount(db: DB | ReadOnlyTransaction, rows: RawBuilder<unknown>): Promise<{ count: number; countIsEstimate: true }> {
  const { rows: plan } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain (format json) ${rows}`.execute(db);
  return { count: Math.max(EXACT_COUNT_BOUND + 1, Math.round(plan[0]['QUERY PLAN'][0].Plan['Plan Rows'])), countIsEstimate: true };
}

export function loadListSettings(db: DB | ReadOnlyTransaction, listRoute: string): Promise<ListSettingRow[]> {
  return db.selectFrom('list_params').selectAll().where('list_route', '=', listRoute).orderBy('ord_idx').orderBy('param_name').execute();
}

/** A list's route, in the process's cache (db/generation-cache.ts) until its configuration changes. */
export function cachedListRoute(cache: GenerationCache, db: DB, listRoute: string): Promise<ListRoute> {
  return cache.get(`list-route:${listRoute}`, db, (handle) => findListRoute(handle, listRoute));
}

/** A list's settings in their order, cached like the route. Shared: callers map them, never change them. */
export function cachedListSettings(cache: GenerationCache, db: DB, listRoute: string): Promise<ListSettingRow[]> {
  return cache.get(`list-settings:${listRoute}`, db, (handle) => loadListSettings(handle, listRoute));
}

/** What planning a search of a list reads: its route, its settings in order and its source's column names. */
export interface ListConfig {
  route: ListRoute;
  settings: readonly ListSettingRow[];
  columns: ReadonlySet<string>;
}

/**
 * A list's configuration from the process's cache, read before the search's read-only transaction
 * begins (the cache loads outside transactions, db/generation-cache.ts). The source's column names
 * are cached like the route: a table's columns change only with a migration (which raises the
 * generation, server/db/migrate.ts), an SQL source's with its list route. They do not depend on the
 * caller (an SQL source is probed as the report role for any organisation); a miss reads them in a
 * read-only transaction of its own.
 */
export async function cachedListConfig(db: DB, cache: GenerationCache, timeoutMs: number, caller: SqlCaller, listRoute: string): Promise<ListConfig> {
  const route = await cachedListRoute(cache, db, listRoute);
  const settings = await cachedListSettings(cache, db, route.list_route);
  const columns = await cache.get(`list-columns:${route.list_route}`, db, (handle) =>
    runReadOnly(handle, timeoutMs, async (trx) => new Set((await sourceColumns(trx, route, caller)).map((c) => c.name))),
  );
  return { route, settings, columns };
}

/** A stored setting as the shared search rules see it, carrying its row. */
export const searchSettingOf = (row: ListSettingRow): SearchSetting & { row: ListSettingRow } => ({
  paramName: row.param_name,
  fieldName: row.field_name,
  caption: row.param_caption,
  unpaged: row.is_paging === 'Y',
  hasSubQuery: Boolean(row.sub_sql?.trim()),
  aggregation: row.aggregation.split(','),
  row,
});

export function orderBy(sort: readonly SortKey[]): RawBuilder<unknown> {
  const keys = sort.map(({ field, order }) => sql`${sourceColumnRef(field)} ${order === 'desc' ? sql`desc` : sql`asc`}`);
  return keys.length ? sql`order by ${sql.join(keys)}` : sql``;
}

/**
 * A search made into SQL once, for a page of the grid (queryList) and for every page of an export
 * (list-export.ts): the source, the caller's scope and the conditions (`from`, `where`), the order
 * (`sort`, the key last), and how a statement over them runs (`run`: as the report role when it
 * embeds configured SQL).
 */
export interface PlannedList {
  route: ListRoute;
  columns: ReadonlySet<string>;
  searchSettings: ReturnType<typeof searchSettingOf>[];
  /** IS_PAGING 'Y' on a used setting: the whole result on one page (see the contract's ListSetting). */
  unpaged: boolean;
  from: RawBuilder<unknown>;
  filters: RawBuilder<unknown>[];
  where: RawBuilder<unknown>;
  sort: SortKey[];
  /** The caller's: every read-only transaction over the plan reads in it (runReadOnly). */
  language: SqlCaller['language'];
  run<T>(trx: ReadOnlyTransaction, statement: () => Promise<T>): Promise<T>;
}

/**
 * The conditions naming a parameter of the list's SQL source (by PARAM_NAME), as the parameters'
 * values (one value: the first of several; none or '' leaves the parameter's default), and the rest.
 * The search settings of parameters are named like them, so `paramValues` has every parameter.
 */
export function splitParamConditions(
  route: ListRoute,
  all: readonly SearchCondition[],
): { paramValues: Record<string, string | null>; conditions: SearchCondition[] } {
  const names = new Set((route.source_params ?? []).map((param) => param.name));
  const paramValues: Record<string, string | null> = Object.fromEntries([...names].map((name) => [name, null]));
  const conditions: SearchCondition[] = [];
  for (const condition of all) {
    if (!condition.PARAM_NAME || !names.has(condition.PARAM_NAME)) {
      conditions.push(condition);
      continue;
    }
    const value = Array.isArray(condition.PARAM_VALUE) ? condition.PARAM_VALUE[0] : condition.PARAM_VALUE;
    paramValues[condition.PARAM_NAME] = value === undefined || value === null || value === '' ? null : String(value);
  }
  return { paramValues, conditions };
}

/**
 * Plans a search of a list: its configuration (cachedListConfig, from the process's cache, refreshed
 * by the request's access check) and the search give the statement's parts, so planning adds no statement.
 */
export function planList(
  config: ListConfig,
  caller: SqlCaller,
  query: Pick<ListQuery, 'conditions' | 'sort'>,
): PlannedList {
  const { route, settings, columns } = config;

  // A named parameter of an SQL source (a report's) is not a condition on its rows: its value is bound into the SQL.
  const { paramValues, conditions } = splitParamConditions(route, query.conditions);
  const searchSettings = settings.filter((row) => !(row.param_name in paramValues)).map(searchSettingOf);
  const planned = planSearch(searchSettings, columns, conditions);
  const applied = planned.map(({ setting, plan }) => {
    const subSql = setting.row.sub_sql?.trim();
    const subQuery = subSql ? (values: string[]) => subQuerySelect(setting.paramName, subSql, caller, values) : undefined;
    return { setting: setting.row, sql: conditionSql(plan, sourceColumnRef(setting.fieldName), subQuery) };
  });
  const sort = listOrder(query.sort, route.default_sort, route.key_field, columns);
  const filters = [sourceScope(route, caller), ...applied.map((a) => a.sql)].filter((f) => f !== undefined);
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const blame = { name: route.list_route, bindsSearchValues: true };
  // A statement embedding configured SQL (an SQL source, a SUB_SQL condition) runs as the report role.
  const embedsConfiguredSql = route.source_kind === 'sql' || applied.some((a) => a.setting.sub_sql?.trim());
  return {
    route,
    columns,
    searchSettings,
    unpaged: planned.some((p) => p.setting.unpaged),
    from: sourceRelation(route, caller, paramValues),
    filters,
    where,
    sort,
    language: caller.language,
    run: (trx, statement) => (embedsConfiguredSql ? runAsReportReader(trx, caller, blame, statement) : blameSql(blame, statement)),
  };
}

/** One page of a list: after the read-only transaction's set-up, only the count and the page are statements. */
export async function queryList(db: DB, cache: GenerationCache, timeoutMs: number, caller: SqlCaller, query: ListQuery): Promise<ListPage> {
  const page = await queryListJsonRows(db, cache, timeoutMs, caller, query);
  return { ...page, rows: page.rows.map((row) => JSON.parse(row) as Record<string, unknown>) };
}

/**
 * One page of a list with each row as the JSON text the database wrote, for an answer that passes
 * them on as they are (server/http/raw-json.ts): none is parsed and serialised again.
 */
export async function queryListJsonRows(
  db: DB,
  cache: GenerationCache,
  timeoutMs: number,
  caller: SqlCaller,
  query: ListQuery,
): Promise<ListPage<string[]>> {
  const config = await cachedListConfig(db, cache, timeoutMs, caller, query.listRoute);
  return runReadOnly(db, timeoutMs, async (trx) => {
    const { route, columns, searchSettings, unpaged, from, where, sort, run: runIn } = planList(config, caller, query);
    const order = orderBy(sort);
    const run = <T>(statement: () => Promise<T>) => runIn(trx, statement);

    const targets = query.wantAggregates ? aggregateTargets(searchSettings, columns) : [];
    const figures = targets.map(({ field, kind }, index) => {
      const aggregate = kind === 'sum' ? sql`sum(${sourceColumnRef(field)})` : sql`avg(${sourceColumnRef(field)})`;
      return sql`trim_scale(${aggregate}::numeric)::text as ${sql.id(`figure_${index}`)}`;
    });
    // The footer figures need every matching row, so with them the count is exact in the same scan;
    // without them it is exact up to the bound, and beyond it the planner's estimate (shown as "about N").
    const countsEveryRow = figures.length > 0 || query.exactCount === true;
    const totals = countsEveryRow
      ? await run(() => sql<Record<string, string | null>>`select ${sql.join([sql`count(*)::text as count`, ...figures])} from ${from} ${where}`.execute(trx))
      : undefined;
    const { count, countIsEstimate } = totals ? { count: Number(totals.rows[0].count), countIsEstimate: undefined } : await run(() => boundedCount(trx, sql`select 1 from ${from} ${where}`));

    const { offset, limit } = pageWindow({ page: query.page, limit: query.limit, unpaged, count });

    // Past an estimated count there may still be rows: the page is read anyway.
    const rows =
      offset >= count && !countIsEstimate
        ? []
        : (
            await run(() =>
              // As text: pg would parse a json column into objects (JSON.parse per row).
              sql<{ row: string }>`
                select row_to_json(src)::text as row from ${from} ${where} ${order} limit ${limit} offset ${offset}`.execute(trx),
            )
          ).rows.map((r) => r.row);

    const page: ListPage<string[]> = { rows, count, keyField: route.key_field, ...(countIsEstimate ? { countIsEstimate } : {}) };
    if (query.wantAggregates) {
      page.aggregates = {};
      targets.forEach(({ field, kind }, index) => {
        (page.aggregates![field] ??= {})[kind] = totals!.rows[0][`figure_${index}`];
      });
    }
    return page;
  }, caller.language);
}
