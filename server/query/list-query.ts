/**
 * A list's data (ListParam/QueryData): the source's rows the caller may see, filtered by search
 * conditions, sorted, paged, counted, with footer sums and averages over the whole filtered
 * result. Everything runs in one read-only transaction (read-only.ts), so the page, the count and
 * the aggregates agree.
 *
 * Only configured names reach SQL, and only as quoted identifiers: a condition's FIELD_NAME must
 * be the field of one of the list's settings, a sort field a column of the source; values are
 * bound parameters.
 */
import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { components } from '../../src/api/schema';
import type { DB } from '../db/database.ts';
import type { ListParamsTable } from '../db/schema.ts';
import { Problem } from '../http/problem.ts';
import { conditionSql } from './conditions.ts';
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
import { blameSql, runReadOnly, type ReadOnlyTransaction } from './read-only.ts';
import { SearchValueError, searchValueItems } from './search-values.ts';

type SearchCondition = components['schemas']['SearchCondition'];
type SortField = components['schemas']['ListSortField'];
type FieldAggregates = components['schemas']['ListFieldAggregates'];
export type ListSettingRow = Selectable<ListParamsTable>;

/** The largest page (spec §9 page sizes), also the most rows an unpaged (IS_PAGING 'Y') search returns. */
export const MAX_UNPAGED_ROWS = 10_000;

export interface ListQuery {
  listRoute: string;
  conditions: readonly SearchCondition[];
  page: number;
  limit: number;
  sort: readonly SortField[];
  wantAggregates: boolean;
}

export interface ListPage {
  rows: Record<string, unknown>[];
  count: number;
  keyField: string | null;
  aggregates?: Record<string, FieldAggregates>;
}

export function loadListSettings(db: DB | ReadOnlyTransaction, listRoute: string): Promise<ListSettingRow[]> {
  return db.selectFrom('list_params').selectAll().where('list_route', '=', listRoute).orderBy('ord_idx').orderBy('param_name').execute();
}

/**
 * The setting a condition uses: the one named by PARAM_NAME, else the first with its FIELD_NAME.
 * Either way its FIELD_NAME must be the condition's and a column of the source.
 */
export function settingOfCondition(settings: readonly ListSettingRow[], columns: ReadonlySet<string>, condition: SearchCondition): ListSettingRow {
  const setting = condition.PARAM_NAME
    ? settings.find((s) => s.param_name === condition.PARAM_NAME)
    : settings.find((s) => s.field_name === condition.FIELD_NAME);
  if (!setting || setting.field_name !== condition.FIELD_NAME) {
    throw new Problem(400, 'listFieldNotConfigured', { field: condition.FIELD_NAME });
  }
  if (!columns.has(setting.field_name)) throw new Problem(400, 'listFieldNotInSource', { field: setting.field_name });
  return setting;
}

interface AppliedCondition {
  setting: ListSettingRow;
  sql: RawBuilder<SqlBool>;
}

function applyConditions(
  settings: readonly ListSettingRow[],
  columns: ReadonlySet<string>,
  conditions: readonly SearchCondition[],
  caller: SqlCaller,
): AppliedCondition[] {
  return conditions.flatMap((condition) => {
    const setting = settingOfCondition(settings, columns, condition);
    const label = setting.param_caption || setting.field_name;
    let items: (string | null)[];
    try {
      items = searchValueItems(condition.DATA_TYPE, condition.PARAM_VALUE);
    } catch (error) {
      if (error instanceof SearchValueError) throw new Problem(400, 'listValueInvalid', { field: label, detail: error.message });
      throw error;
    }
    const subSql = setting.sub_sql?.trim();
    const where = conditionSql({
      column: sourceColumnRef(setting.field_name),
      label,
      dataType: condition.DATA_TYPE,
      actionType: condition.ACTION_TYPE,
      items,
      subQuery: subSql ? (values) => subQuerySelect(subSql, caller, values) : undefined,
    });
    return where ? [{ setting, sql: where }] : [];
  });
}

/** A route's default_sort ("code, received_at desc") as sort fields. */
function parseDefaultSort(defaultSort: string | null | undefined): SortField[] {
  return (defaultSort ?? '')
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .filter(([field]) => field)
    .map(([field, order]) => ({ field, order: order?.toLowerCase() === 'desc' ? ('desc' as const) : ('asc' as const) }));
}

function orderBy(route: ListRoute, columns: ReadonlySet<string>, userSort: readonly SortField[]): RawBuilder<unknown> {
  // The user's sort, else the list's own order; a misconfigured default is refused like a user's bad field.
  const sort = userSort.length ? userSort : parseDefaultSort(route.default_sort);
  for (const { field } of sort) {
    if (!columns.has(field)) throw new Problem(400, 'listSortFieldNotAllowed', { field });
  }
  const keys = sort.map(({ field, order }) => sql`${sourceColumnRef(field)} ${order === 'desc' ? sql`desc` : sql`asc`}`);
  // The key column last makes the order total, so consecutive pages neither repeat nor skip rows.
  if (route.key_field && columns.has(route.key_field) && !sort.some((s) => s.field === route.key_field)) {
    keys.push(sql`${sourceColumnRef(route.key_field)} asc`);
  }
  return keys.length ? sql`order by ${sql.join(keys)}` : sql``;
}

/** The footer figures asked for by the settings' AGGREGATION, per field: [field, kind, select alias]. */
function aggregateTargets(settings: readonly ListSettingRow[], columns: ReadonlySet<string>) {
  const kinds = new Map<string, Set<'sum' | 'avg'>>();
  for (const setting of settings) {
    if (!columns.has(setting.field_name)) continue;
    for (const kind of setting.aggregation.split(',')) {
      if (kind === 'sum' || kind === 'avg') {
        if (!kinds.has(setting.field_name)) kinds.set(setting.field_name, new Set());
        kinds.get(setting.field_name)!.add(kind);
      }
    }
  }
  return [...kinds].flatMap(([field, set]) => [...set].map((kind) => ({ field, kind })));
}

export async function queryList(db: DB, timeoutMs: number, caller: SqlCaller, query: ListQuery): Promise<ListPage> {
  return runReadOnly(db, timeoutMs, async (trx) => {
    const route = await findListRoute(trx, query.listRoute);
    const settings = await loadListSettings(trx, route.list_route);
    const columns = new Set((await sourceColumns(trx, route, caller)).map((c) => c.name));

    const applied = applyConditions(settings, columns, query.conditions, caller);
    const order = orderBy(route, columns, query.sort);
    const filters = [sourceScope(route, caller), ...applied.map((a) => a.sql)].filter((f) => f !== undefined);
    const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
    const from = sourceRelation(route, caller);
    const blame = { name: route.list_route, bindsSearchValues: true };

    const targets = query.wantAggregates ? aggregateTargets(settings, columns) : [];
    const figures = targets.map(({ field, kind }, index) => {
      const aggregate = kind === 'sum' ? sql`sum(${sourceColumnRef(field)})` : sql`avg(${sourceColumnRef(field)})`;
      return sql`trim_scale(${aggregate}::numeric)::text as ${sql.id(`figure_${index}`)}`;
    });
    const totals = await blameSql(blame, () =>
      sql<Record<string, string | null>>`select ${sql.join([sql`count(*)::text as count`, ...figures])} from ${from} ${where}`.execute(trx),
    );
    const count = Number(totals.rows[0].count);

    // IS_PAGING 'Y' on a used setting: the whole result on one page (see the contract's ListSetting).
    const unpaged = applied.some((a) => a.setting.is_paging === 'Y');
    if (unpaged && count > MAX_UNPAGED_ROWS) throw new Problem(400, 'listUnpagedTooLarge', { max: MAX_UNPAGED_ROWS });
    const limit = unpaged ? MAX_UNPAGED_ROWS : query.limit;
    const offset = unpaged ? 0 : (query.page - 1) * query.limit;

    const rows =
      offset >= count
        ? []
        : (
            await blameSql(blame, () =>
              sql<{ row: Record<string, unknown> }>`
                select row_to_json(src) as row from ${from} ${where} ${order} limit ${limit} offset ${offset}`.execute(trx),
            )
          ).rows.map((r) => r.row);

    const page: ListPage = { rows, count, keyField: route.key_field };
    if (query.wantAggregates) {
      page.aggregates = {};
      targets.forEach(({ field, kind }, index) => {
        (page.aggregates![field] ??= {})[kind] = totals.rows[0][`figure_${index}`];
      });
    }
    return page;
  });
}
