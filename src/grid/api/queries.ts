/**
 * Query keys and hooks over the ListParam fetchers (./listParam.ts). Everything a grid reads is
 * keyed by its LIST_ROUTE, so a save invalidates exactly that grid's caches.
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient, type Query, type QueryCache, type QueryClient } from '@tanstack/react-query';
import {
  loadColumnConfig,
  loadDropdownOptions,
  loadDropdownPage,
  loadSearchFields,
  loadTableColumns,
  queryRows,
  type DropdownPageRequest,
  type RowsRequest,
} from './listParam';
import type { Language } from '../../core/i18n';
import { useLanguage } from '../../core/i18n/localizedTitle';

export const gridKeys = {
  all: (listRoute: string) => ['grid', listRoute] as const,
  searchFields: (listRoute: string) => ['grid', listRoute, 'searchFields'] as const,
  columnConfig: (listRoute: string, userName: string) => ['grid', listRoute, 'columnConfig', userName] as const,
  // The server gives the captions in the caller's language: a language switch asks again.
  tableColumns: (listRoute: string, language: Language) => ['grid', listRoute, 'tableColumns', language] as const,
  dropdown: (listRoute: string, paramName: string) => ['grid', listRoute, 'dropdown', paramName] as const,
  dropdownPage: (listRoute: string, request: DropdownPageRequest) => ['grid', listRoute, 'dropdownPage', request] as const,
  rows: (listRoute: string, request?: RowsRequest) =>
    (request ? ['grid', listRoute, 'rows', request] : ['grid', listRoute, 'rows']) as readonly unknown[],
};

/**
 * Queries the route that opens a grid has just fetched (./prefetch.ts), by query hash, with when: the
 * grid that mounts right after (and its drawers, which read the same queries) take them as they are
 * instead of asking again. Any other mount (a grid opened without a route loader) reads its data
 * afresh as before; a tab shown again goes through its route again, which fetches anew.
 */
const routeFetched = new Map<string, number>();
/** The longest a route's fetch counts as fresh for the grid it opens: from the route's loader to the grid's mount. */
const ROUTE_FETCH_HANDOFF_MS = 10_000;
/** The query caches whose observers end the hand-off when they leave (handOffEndsWhenGridLeaves). */
const watchedCaches = new WeakSet<QueryCache>();

/**
 * The route's fetch serves the grid it was made for, once: when a grid watching one of these queries
 * leaves (its tab switched away from or refreshed, its page or search changed), the next mount reads
 * afresh. react-query also cancels a request that read its abort signal (the rows request) when its
 * last observer leaves, and puts back what the query held before: rows from before the route's fetch.
 */
function handOffEndsWhenGridLeaves(cache: QueryCache) {
  if (watchedCaches.has(cache)) return;
  watchedCaches.add(cache);
  cache.subscribe((event) => {
    if (event.type === 'observerRemoved') routeFetched.delete(event.query.queryHash);
  });
}

export function markRouteFetched(client: QueryClient, queryHash: string) {
  handOffEndsWhenGridLeaves(client.getQueryCache());
  routeFetched.set(queryHash, Date.now());
}

/**
 * react-query's refetchOnMount: no second request for what the route fetched for this mount — while
 * the route's request is under way or once it has answered, never when it failed or was cancelled
 * (the query then holds nothing, an error, or what it held before the route asked).
 */
function refetchUnlessRouteFetched(query: Pick<Query, 'queryHash' | 'state'>): boolean {
  if (routeFetchServes(query)) return false;
  routeFetched.delete(query.queryHash);
  return true;
}

/**
 * Whether a route fetched this query for a grid that has not mounted yet, and that fetch is under way
 * or has answered: the next route loader (a page load prefetches before the session bootstrap and
 * again in the route's own loader) and the grid take it as it is.
 */
export function routeFetchServes(query: Pick<Query, 'queryHash' | 'state'>): boolean {
  const at = routeFetched.get(query.queryHash);
  const { fetchStatus, status, dataUpdatedAt } = query.state;
  return at !== undefined && Date.now() - at <= ROUTE_FETCH_HANDOFF_MS && (fetchStatus === 'fetching' || (status === 'success' && dataUpdatedAt >= at));
}

/** What a grid reads before it can show its rows: one definition for the grid's hooks and the route's prefetch. */
export const gridQueries = {
  searchFields: (listRoute: string) =>
    queryOptions({ queryKey: gridKeys.searchFields(listRoute), queryFn: () => loadSearchFields(listRoute), refetchOnMount: refetchUnlessRouteFetched }),
  columnConfig: (listRoute: string, userName: string) =>
    queryOptions({
      queryKey: gridKeys.columnConfig(listRoute, userName),
      queryFn: () => loadColumnConfig(listRoute, userName),
      refetchOnMount: refetchUnlessRouteFetched,
    }),
  tableColumns: (listRoute: string, language: Language) =>
    queryOptions({
      queryKey: gridKeys.tableColumns(listRoute, language),
      queryFn: () => loadTableColumns(listRoute),
      refetchOnMount: refetchUnlessRouteFetched,
    }),
  rows: (listRoute: string, request: RowsRequest) =>
    queryOptions({
      queryKey: gridKeys.rows(listRoute, request),
      queryFn: ({ signal }) => queryRows(listRoute, request, signal),
      refetchOnMount: refetchUnlessRouteFetched,
    }),
};

export const useSearchFields = (listRoute: string) => useQuery(gridQueries.searchFields(listRoute));

export const useColumnConfig = (listRoute: string, userName: string) => useQuery(gridQueries.columnConfig(listRoute, userName));

export function useTableColumns(listRoute: string, enabled: boolean) {
  const language = useLanguage();
  return useQuery({ ...gridQueries.tableColumns(listRoute, language), enabled });
}

export const useDropdownOptions = (listRoute: string, paramName: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: gridKeys.dropdown(listRoute, paramName ?? ''),
    queryFn: () => loadDropdownOptions(listRoute, paramName ?? ''),
    enabled: enabled && Boolean(paramName),
    staleTime: 60_000,
  });

export const useDropdownPage = (listRoute: string, request: DropdownPageRequest, enabled: boolean) =>
  useQuery({
    queryKey: gridKeys.dropdownPage(listRoute, request),
    queryFn: () => loadDropdownPage(listRoute, request),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useGridRows = (listRoute: string, request: RowsRequest) =>
  useQuery({
    ...gridQueries.rows(listRoute, request),
    // The previous page stays on screen while the next one loads, instead of an empty table.
    placeholderData: keepPreviousData,
  });

/** Re-read one grid's settings, columns and rows after a change to its configuration. */
export function useInvalidateGrid(listRoute: string) {
  const client = useQueryClient();
  return (what: 'searchFields' | 'columnConfig' | 'rows' | 'all' = 'all') =>
    client.invalidateQueries({ queryKey: what === 'all' ? gridKeys.all(listRoute) : [...gridKeys.all(listRoute), what] });
}
