/**
 * Every row of a search, page after page, for an export: the same search as a grid page
 * (list-query.ts planList: the source, the caller's scope, the conditions, the order with the key
 * last), read by key instead of by OFFSET. Each page starts after the sort values of the previous
 * page's last row, so a page costs the same wherever it is in the list (OFFSET re-reads every row
 * before it: n² over an export) and nothing is counted. The list's key column ends the order, so
 * rows with equal sort values are still told apart and none is repeated or skipped between pages.
 *
 * Each page is its own short read-only transaction, so the export never holds a connection (or the
 * embedded database's one session) while the client downloads; the plan (configuration, columns,
 * conditions) is worked out once, with the first page, so a bad search fails before the first byte.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/database.ts';
import type { GenerationCache } from '../db/generation-cache.ts';
import type { SortKey } from '../../src/shared/search/list-search.ts';
import { cachedListConfig, orderBy, planList, type ListQuery, type PlannedList } from './list-query.ts';
import { sourceColumnRef, type SqlCaller } from './list-source.ts';
import { runReadOnly } from './read-only.ts';

/** A sort column's value in the last row read, as PostgreSQL's text of it (null for NULL). */
type KeyValue = string | null;

/**
 * Rows strictly after `last` in the order `sort`, as PostgreSQL orders them: ASC puts NULLs last,
 * DESC puts them first (the defaults ORDER BY uses). For keys k1..kn:
 * (k1 after) or (k1 same and k2 after) or ... The values are bound untyped, so PostgreSQL reads each
 * as its column's type (the text came from that type: `::text` round-trips dates, times and numbers).
 * The first key's own bound leads, so an index on it can start the scan at the previous page's end.
 */
export function afterKeySql(sort: readonly SortKey[], last: readonly KeyValue[]): RawBuilder<SqlBool> {
  const column = (index: number) => sourceColumnRef(sort[index].field);
  const same = (index: number) => (last[index] === null ? sql<SqlBool>`${column(index)} is null` : sql<SqlBool>`${column(index)} = ${last[index]}`);
  const after = (index: number): RawBuilder<SqlBool> | undefined => {
    const value = last[index];
    if (sort[index].order === 'asc') return value === null ? undefined : sql<SqlBool>`(${column(index)} > ${value} or ${column(index)} is null)`;
    return value === null ? sql<SqlBool>`${column(index)} is not null` : sql<SqlBool>`${column(index)} < ${value}`;
  };
  const alternatives: RawBuilder<SqlBool>[] = [];
  for (let index = 0; index < sort.length; index++) {
    const step = after(index);
    if (!step) continue;
    alternatives.push(sql<SqlBool>`(${sql.join([...sort.slice(0, index).map((_, before) => same(before)), step], sql` and `)})`);
  }
  if (!alternatives.length) return sql<SqlBool>`false`;
  const leading = leadingBound(sort[0], column(0), last[0]);
  const anyAfter = sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
  return leading ? sql<SqlBool>`${leading} and ${anyAfter}` : anyAfter;
}

/** A range on the first sort column alone that every later row satisfies (implied by the alternatives; it lets an index range scan start there). */
function leadingBound(key: SortKey, column: RawBuilder<unknown>, value: KeyValue): RawBuilder<SqlBool> | undefined {
  if (value === null) return key.order === 'asc' ? sql<SqlBool>`${column} is null` : undefined;
  return key.order === 'asc' ? undefined : sql<SqlBool>`${column} <= ${value}`;
}

/** The list's key column must end the order: without a unique last key, rows of equal sort values could repeat or go missing between pages. */
function checkKeyed(plan: PlannedList) {
  const keyField = plan.route.key_field;
  if (!keyField || !plan.sort.some((s) => s.field === keyField)) {
    throw new Error(`list ${plan.route.list_route} has no key column among its source's columns: it cannot be read page by page by key`);
  }
}

async function readPage(db: DB, timeoutMs: number, plan: PlannedList, pageRows: number, last: readonly KeyValue[] | undefined) {
  return runReadOnly(db, timeoutMs, (trx) => readPageIn(trx, plan, pageRows, last), plan.language);
}

async function readPageIn(trx: Parameters<PlannedList['run']>[0], plan: PlannedList, pageRows: number, last: readonly KeyValue[] | undefined) {
  const filters = last ? [...plan.filters, afterKeySql(plan.sort, last)] : plan.filters;
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const keyTexts = sql.join(plan.sort.map(({ field }) => sql`${sourceColumnRef(field)}::text`));
  const { rows } = await plan.run(trx, () =>
    sql<{ row: Record<string, unknown>; key: KeyValue[] }>`
      select row_to_json(src) as row, array[${keyTexts}]::text[] as key
      from ${plan.from} ${where} ${orderBy(plan.sort)} limit ${pageRows}`.execute(trx),
  );
  return rows;
}

/**
 * The rows of a search in the grid's order, a page at a time. The first page is read (and the
 * search planned) when this resolves, so its refusals come before anything is sent; the pages
 * after it are read as the returned iterable is consumed, one page ahead (a consumer that stops,
 * e.g. because the client went away, ends the reading).
 */
export async function readListByKey(
  db: DB,
  cache: GenerationCache,
  timeoutMs: number,
  caller: SqlCaller,
  query: Pick<ListQuery, 'listRoute' | 'conditions' | 'sort'>,
  pageRows: number,
): Promise<AsyncIterable<Record<string, unknown>[]>> {
  const config = await cachedListConfig(db, cache, timeoutMs, caller, query.listRoute);
  const { plan, first } = await runReadOnly(db, timeoutMs, async (trx) => {
    const planned = planList(config, caller, query);
    checkKeyed(planned);
    return { plan: planned, first: await readPageIn(trx, planned, pageRows, undefined) };
  }, caller.language);
  return (async function* pages() {
    let page = first;
    while (page.length) {
      // The next page is read while the caller writes this one (the database works while the
      // server formats), so at most two pages are held; a short page is the last.
      const next = page.length < pageRows ? undefined : readPage(db, timeoutMs, plan, pageRows, page[page.length - 1].key);
      // Failure is seen when awaited; a caller that stops early leaves it unawaited, and that is no error.
      next?.catch(() => {});
      yield page.map((r) => r.row);
      if (!next) return;
      page = await next;
    }
  })();
}

/**
 * Every row of a search of a list without a key (a report's SQL source), read once: a cursor over
 * the search in the grid's order inside one read-only transaction, fetched a page at a time. Reading
 * by key would run the report's SQL again for every page (its grouping and joins sit under the page's
 * condition): quadratic over a large report, where the cursor is linear. `write` is handed the first
 * page (read before it is called, so a bad search is refused before anything is written) and an
 * iterable of the pages after it, which it must consume before it resolves: the transaction lasts as
 * long as `write` takes, so callers write to a file, not to a client that may download slowly.
 */
export async function readListWithCursor(
  db: DB,
  cache: GenerationCache,
  timeoutMs: number,
  caller: SqlCaller,
  query: Pick<ListQuery, 'listRoute' | 'conditions' | 'sort'>,
  pageRows: number,
  write: (first: Record<string, unknown>[], rest: AsyncIterable<Record<string, unknown>[]>) => Promise<void>,
): Promise<void> {
  const config = await cachedListConfig(db, cache, timeoutMs, caller, query.listRoute);
  await runReadOnly(db, timeoutMs, async (trx) => {
    const plan = planList(config, caller, query);
    // Declared (planned, its grants and row security checked) and fetched as the report role, like any statement of configured SQL.
    await plan.run(trx, () => sql`declare list_export no scroll cursor for select row_to_json(src) as row from ${plan.from} ${plan.where} ${orderBy(plan.sort)}`.execute(trx));
    const fetchPage = async () =>
      (await plan.run(trx, () => sql<{ row: Record<string, unknown> }>`fetch forward ${sql.lit(pageRows)} from list_export`.execute(trx))).rows.map((r) => r.row);
    const first = await fetchPage();
    await write(
      first,
      (async function* rest() {
        if (first.length < pageRows) return;
        for (;;) {
          const page = await fetchPage();
          if (page.length) yield page;
          if (page.length < pageRows) return;
        }
      })(),
    );
  }, caller.language);
}
