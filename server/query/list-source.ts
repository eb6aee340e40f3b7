/**
 * A list (LIST_ROUTE) and its data source: a table or view of the product, or an administrator's
 * SELECT (report framework). The source is always read as the relation `src`; its columns are
 * what conditions, sorting and column configuration may name.
 *
 * Administrator SQL (list sources, REFERENCE_SQL, SUB_SQL) is embedded as a LATERAL subquery next
 * to a one-row relation `param` of bound values it may read — `param.value` (the search value of a
 * SUB_SQL), `param.org_id` and `param.user_name` (the caller) — so it never needs text
 * substitution. It is checked by configured-sql.ts (one SELECT of plain reads) and a statement
 * that embeds it runs as the report role (read-only.ts runAsReportReader).
 */
import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import { captionIn } from '../db/column-captions.ts';
import type { DB } from '../db/database.ts';
import type { ListRoutesTable } from '../db/schema.ts';
import { Problem } from '../http/problem.ts';
import type { Language } from '../../src/shared/messages/catalogue.ts';
import { confinedSqlText } from './configured-sql.ts';
import { checkReportParams, type ReportParamType } from '../../src/shared/reports/definition.ts';
import { runAsReportReader, type ReadOnlyTransaction } from './read-only.ts';

export type ListRoute = Selectable<ListRoutesTable>;

/** Who runs a query: administrator SQL may read these as param.org_id and param.user_name. */
export interface SqlCaller {
  orgId: string;
  userName: string;
  /** The language the rows are read in: a source may pick its words by it (portal.language, read-only.ts). */
  language?: Language;
}

/** What kind of value a source column holds (the contract's ListColumnType). */
export type SourceColumnType = 'text' | 'number' | 'boolean' | 'date' | 'datetime' | 'other';

export interface SourceColumn {
  name: string;
  caption: string;
  /** Always there for a table or view; for an administrator's SELECT only when asked (one more probe query). */
  type?: SourceColumnType;
}

const NUMBER_TYPES = new Set(['smallint', 'integer', 'bigint', 'numeric', 'real', 'double precision', 'money']);
const TEXT_TYPES = new Set(['text', 'character varying', 'character', '"char"', 'name', 'uuid', 'citext']);

/** A column's kind from its PostgreSQL type name (`regtype` text, e.g. 'timestamp with time zone'). */
export function columnTypeOf(pgType: string): SourceColumnType {
  if (pgType === 'date') return 'date';
  // node-postgres turns both timestamp types into Dates, which go out as ISO 8601 instants.
  if (pgType.startsWith('timestamp')) return 'datetime';
  if (pgType === 'boolean') return 'boolean';
  if (NUMBER_TYPES.has(pgType)) return 'number';
  if (TEXT_TYPES.has(pgType)) return 'text';
  return 'other';
}

export async function findListRoute(db: DB | ReadOnlyTransaction, listRoute: string): Promise<ListRoute> {
  const route = await db.selectFrom('list_routes').selectAll().where('list_route', '=', listRoute).executeTakeFirst();
  if (!route) throw new Problem(400, 'listUnknown', { route: listRoute });
  return route;
}

/** A named parameter of an SQL source with the value a search gives it (text, cast by its type in SQL). */
export interface BoundParam {
  name: string;
  type: ReportParamType;
  value: string | null;
}

const PARAM_CAST: Record<ReportParamType, RawBuilder<unknown>> = { text: sql.raw('text'), number: sql.raw('numeric'), date: sql.raw('date') };

/**
 * `param` (one row per value, default one row with value null; with the named parameters `args` as
 * columns of their types) joined laterally with the administrator's SELECT as `alias`; `name` (the
 * setting or list) is what a refusal names. Every value is a bound parameter: a search value never
 * becomes SQL text, whatever it holds.
 */
export function adminSqlRelation(
  name: string,
  adminSql: string,
  alias: string,
  caller: SqlCaller,
  values: (string | null)[] = [null],
  args: readonly BoundParam[] = [],
): RawBuilder<unknown> {
  checkReportParams(args);
  const rows = sql.join(values.map((value) => sql`(${value}::text)`));
  const named = args.map((arg) => sql`cast(${arg.value}::text as ${PARAM_CAST[arg.type]}) as ${sql.id(arg.name)}`);
  // Newlines: a trailing line comment ends before the closing parenthesis.
  const statement = sql.raw(`\n${confinedSqlText(name, adminSql)}\n`);
  return sql`(select ${sql.join([sql`v.value`, sql`${caller.orgId}::text as org_id`, sql`${caller.userName}::text as user_name`, ...named])} from (values ${rows}) as v(value)) as param
    cross join lateral (${statement}) as ${sql.id(alias)}`;
}

/**
 * The named parameters of an SQL source bound to a search's values (by parameter name; a missing
 * or empty value takes the declared default, else null).
 */
export function boundParams(route: ListRoute, values: Readonly<Record<string, string | null | undefined>> = {}): BoundParam[] {
  return (route.source_params ?? []).map((param) => {
    const given = values[param.name];
    const value = given === undefined || given === null || given === '' ? (param.defaultValue ?? null) : given;
    return { name: param.name, type: param.type, value: value === '' ? null : value };
  });
}

/** A SUB_SQL (of the setting `name`) as a SELECT of its column, run once per search value. */
export function subQuerySelect(name: string, subSql: string, caller: SqlCaller, values: string[]): RawBuilder<unknown> {
  return sql`select sub.* from ${adminSqlRelation(name, subSql, 'sub', caller, values)}`;
}

/** The FROM item(s) giving the list's source as `src`. */
export function sourceRelation(route: ListRoute, caller: SqlCaller, paramValues: Readonly<Record<string, string | null | undefined>> = {}): RawBuilder<unknown> {
  if (route.source_kind === 'sql') return adminSqlRelation(route.list_route, route.source_sql!, 'src', caller, [null], boundParams(route, paramValues));
  return sql`${sql.table(route.source_table!)} as src`;
}

/**
 * The rows of the source this caller may see: those of the organisation they act in and/or their
 * own, as the list is scoped, and those its fixed conditions name (a bill type's list of the bills view).
 */
export function sourceScope(route: ListRoute, caller: SqlCaller): RawBuilder<SqlBool> | undefined {
  const scopes = [
    route.org_scoped ? sql<SqlBool>`src.org_id = ${caller.orgId}` : undefined,
    route.user_scoped ? sql<SqlBool>`src.user_name = ${caller.userName}` : undefined,
    ...Object.entries(route.source_filter ?? {}).map(([column, value]) => sql<SqlBool>`${sourceColumnRef(column)} = ${value}`),
  ].filter((scope) => scope !== undefined);
  return scopes.length ? sql<SqlBool>`(${sql.join(scopes, sql` and `)})` : undefined;
}

export const sourceColumnRef = (column: string) => sql.id('src', column);

/** One row (or, for an empty relation, a null row) of any relation expression as `probe`. */
const probeRow = (relation: RawBuilder<unknown>, alias: string) =>
  // A lateral join on true yields one all-null row when the relation is empty; that row still has the columns and their types.
  sql`(select found.* from (select 1) as one left join lateral (select ${sql.id(alias)}.* from ${relation} limit 1) as found on true) as probe`;

/** The column names of any relation expression, in order, by reading its probe row as JSON. */
async function relationColumnNames(trx: ReadOnlyTransaction, relation: RawBuilder<unknown>, alias: string): Promise<string[]> {
  const { rows } = await sql<{ j: Record<string, unknown> }>`select to_json(probe) as j from ${probeRow(relation, alias)}`.execute(trx);
  return Object.keys(rows[0]?.j ?? {});
}

/** The columns of any relation expression with their types (pg_typeof works on the probe's typed nulls too). */
async function relationColumns(trx: ReadOnlyTransaction, relation: RawBuilder<unknown>, alias: string): Promise<{ name: string; type: SourceColumnType }[]> {
  const names = await relationColumnNames(trx, relation, alias);
  if (names.length === 0) return [];
  const typeList = sql.join(names.map((name) => sql`pg_typeof(probe.${sql.id(name)})::text`));
  const { rows } = await sql<{ types: string[] }>`select array[${typeList}] as types from ${probeRow(relation, alias)}`.execute(trx);
  return names.map((name, index) => ({ name, type: columnTypeOf(rows[0]?.types[index] ?? '') }));
}

/**
 * The source's columns with captions in the caller's language (the column comment of a table, else
 * the name), and their types (`withTypes` for an administrator's SELECT: QueryData needs only names).
 */
export async function sourceColumns(
  trx: ReadOnlyTransaction,
  route: ListRoute,
  caller: SqlCaller,
  language: Language = 'zh-chs',
  { withTypes = false }: { withTypes?: boolean } = {},
): Promise<SourceColumn[]> {
  if (route.source_kind === 'sql') {
    const relation = sourceRelation(route, caller);
    return runAsReportReader(trx, caller, { name: route.list_route }, async () =>
      withTypes
        ? (await relationColumns(trx, relation, 'src')).map(({ name, type }) => ({ name, caption: name, type }))
        : (await relationColumnNames(trx, relation, 'src')).map((name) => ({ name, caption: name })),
    );
  }
  const { rows } = await sql<{ name: string; caption: string | null; type: string }>`
    select a.attname as name, col_description(a.attrelid, a.attnum) as caption, a.atttypid::regtype::text as type
    from pg_attribute a
    where a.attrelid = to_regclass(${route.source_table}) and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(trx);
  if (rows.length === 0) throw new Problem(400, 'listSourceMissing', { route: route.list_route, source: route.source_table ?? '' });
  return rows.map((row) => ({ name: row.name, caption: row.caption ? captionIn(row.caption, language) : row.name, type: columnTypeOf(row.type) }));
}

/** The column names of the administrator's SELECT of the setting `name` (for checking a REFERENCE_SQL when it is saved). */
export function adminSqlColumnNames(trx: ReadOnlyTransaction, name: string, adminSql: string, caller: SqlCaller): Promise<string[]> {
  return runAsReportReader(trx, caller, { name }, () => relationColumnNames(trx, adminSqlRelation(name, adminSql, 'configured', caller), 'configured'));
}
