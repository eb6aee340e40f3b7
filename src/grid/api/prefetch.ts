/**
 * The route that opens a grid asks for the grid's data itself (issue 15 "first row fast"): its
 * configuration (search fields, the user's columns, the source's columns) and its first page of rows,
 * all at once and while the page's code is still loading, instead of the grid asking once it has
 * loaded and rendered. The grid then finds them in the query cache, answered or in flight
 * (queries.ts: the same query definitions, and no second request on its mount).
 */
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import i18n from '../../core/i18n';
import { toLanguage } from '../../core/i18n/localizedTitle';
import { useSessionStore } from '../../core/session/store';
import { pageSizesFor, useSettingsStore } from '../../core/settings/settingsStore';
import { INITIAL_ROUTE_SEARCH, searchConditionsOf, useAdvancedSearchStore } from '../state/advancedSearchStore';
import { rowsRequestOf } from './listParam';
import { gridQueries, markRouteFetched, routeFetchServes } from './queries';

export interface GridPrefetch {
  /** The LIST_ROUTE the grid shows. */
  listRoute: string;
  /** The page's route path, by which the grid keeps its search and page sizes. */
  routePath: string;
  /** Whose column configuration: the session's user unless given (a page load, before the session bootstrap). */
  userName?: string;
}

/** Starts the requests the grid of `listRoute` opens with, exactly as the grid will make them; returns at once. */
export function prefetchGrid(client: QueryClient, { listRoute, routePath, userName = useSessionStore.getState().userInfo?.USER_NAME ?? '' }: GridPrefetch): void {
  const search = useAdvancedSearchStore.getState().byPath[routePath] ?? INITIAL_ROUTE_SEARCH;
  const pageSize = pageSizesFor(useSettingsStore.getState(), routePath)[0];
  const start = <Data, Key extends readonly unknown[]>(options: FetchQueryOptions<Data, Error, Data, Key>) => {
    const query = client.getQueryCache().build(client, options);
    // A grid on screen (a kept tab shown again) has its data and its own refresh; a route fetched it
    // a moment ago for the grid about to mount (a page load's early start, then the route's loader).
    if (query.getObserversCount() > 0 || routeFetchServes(query)) return;
    markRouteFetched(client, query.queryHash);
    // A failure shows through the api layer (spec §8); the grid then asks again when it mounts.
    void client.prefetchQuery({ ...options, staleTime: 0 });
  };
  start(gridQueries.searchFields(listRoute));
  start(gridQueries.columnConfig(listRoute, userName));
  start(gridQueries.tableColumns(listRoute, toLanguage(i18n.language)));
  // Page 1 in the list's default order: what a grid shows when it opens.
  start(gridQueries.rows(listRoute, rowsRequestOf(searchConditionsOf(search), 1, pageSize, [])));
}
