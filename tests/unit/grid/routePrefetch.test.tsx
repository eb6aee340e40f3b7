/**
 * The route's prefetch of a grid's data (src/grid/api/prefetch.ts) hands its requests to the grid that
 * mounts right after, which then does not ask again (issue 15). It must never leave a grid without its
 * rows or with rows older than its mount: react-query cancels a query whose request read its abort
 * signal (the rows request does) when the last grid watching it leaves — a tab shown and switched away
 * from, or refreshed, before the answer — and puts back what the query held before the request.
 */
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { queryRows, rowsRequestOf, type RowsPage } from '../../../src/grid/api/listParam';
import { prefetchGrid } from '../../../src/grid/api/prefetch';
import { gridKeys, useGridRows } from '../../../src/grid/api/queries';
import { DEFAULT_PAGE_SIZES } from '../../../src/core/settings/settingsStore';
import { INITIAL_ROUTE_SEARCH, searchConditionsOf } from '../../../src/grid/state/advancedSearchStore';

vi.mock('../../../src/grid/api/listParam', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/grid/api/listParam')>()),
  queryRows: vi.fn(),
  loadSearchFields: vi.fn(() => Promise.resolve([])),
  loadColumnConfig: vi.fn(() => Promise.resolve([])),
  loadTableColumns: vi.fn(() => Promise.resolve([])),
}));

const LIST = '/grid/route-prefetch';
const ROUTE = { listRoute: LIST, routePath: LIST };
/** The request the grid opens with, as the route's prefetch makes it. */
const REQUEST = rowsRequestOf(searchConditionsOf(INITIAL_ROUTE_SEARCH), 1, DEFAULT_PAGE_SIZES[0], []);
const page = (title: string): RowsPage => ({ rows: [{ TITLE: title }], total: 1, totalIsEstimate: false, keyField: null });

const rowsCall = vi.mocked(queryRows);
/** Each rows request waits until the test answers it. */
let answers: ((answer: RowsPage) => void)[];
let client: QueryClient;

beforeEach(() => {
  answers = [];
  rowsCall.mockReset();
  rowsCall.mockImplementation(() => new Promise<RowsPage>((resolve) => answers.push(resolve)));
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(() => client.clear());

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
/** The grid's rows hook, mounted as the grid mounts it. */
const mountGrid = () => renderHook(() => useGridRows(LIST, REQUEST), { wrapper });
const titleOf = (grid: ReturnType<typeof mountGrid>) => grid.result.current.data?.rows[0]?.TITLE;

test('the grid mounted after the route takes the route’s rows request and makes none of its own', async () => {
  prefetchGrid(client, ROUTE);
  const grid = mountGrid();
  expect(rowsCall).toHaveBeenCalledTimes(1);
  act(() => answers[0](page('fresh')));
  await waitFor(() => expect(titleOf(grid)).toBe('fresh'));
  expect(rowsCall).toHaveBeenCalledTimes(1);
});

test('a route request cancelled because its grid left: the grid, shown again, asks again and gets its rows', async () => {
  prefetchGrid(client, ROUTE);
  mountGrid().unmount();
  expect(client.getQueryState(gridKeys.rows(LIST, REQUEST))?.fetchStatus, 'cancelled').toBe('idle');

  const grid = mountGrid();
  await waitFor(() => expect(rowsCall).toHaveBeenCalledTimes(2));
  act(() => answers[1](page('fresh')));
  await waitFor(() => expect(titleOf(grid)).toBe('fresh'));
});

test('a route refetch cancelled because its grid left: the grid, shown again, asks again instead of keeping the old rows', async () => {
  client.setQueryData(gridKeys.rows(LIST, REQUEST), page('old'));
  prefetchGrid(client, ROUTE);
  expect(rowsCall).toHaveBeenCalledTimes(1);
  mountGrid().unmount();
  // react-query put back the rows from before the route's request.
  expect(client.getQueryData<RowsPage>(gridKeys.rows(LIST, REQUEST))?.rows[0]?.TITLE).toBe('old');

  const grid = mountGrid();
  await waitFor(() => expect(rowsCall).toHaveBeenCalledTimes(2));
  act(() => answers[1](page('fresh')));
  await waitFor(() => expect(titleOf(grid)).toBe('fresh'));
});

test('the route’s answer serves the one grid it was fetched for: a grid mounted again (a refreshed tab) asks afresh', async () => {
  prefetchGrid(client, ROUTE);
  const first = mountGrid();
  act(() => answers[0](page('first')));
  await waitFor(() => expect(titleOf(first)).toBe('first'));
  first.unmount();

  mountGrid();
  await waitFor(() => expect(rowsCall).toHaveBeenCalledTimes(2));
});

test('a second route prefetch for the grid about to mount (a page load’s early start, then the route’s loader) asks nothing again, under way or answered', async () => {
  prefetchGrid(client, ROUTE);
  prefetchGrid(client, ROUTE);
  expect(rowsCall).toHaveBeenCalledTimes(1);
  act(() => answers[0](page('early')));
  await waitFor(() => expect(client.getQueryData<RowsPage>(gridKeys.rows(LIST, REQUEST))?.rows[0]?.TITLE).toBe('early'));
  prefetchGrid(client, ROUTE);
  const grid = mountGrid();
  await waitFor(() => expect(titleOf(grid)).toBe('early'));
  expect(rowsCall).toHaveBeenCalledTimes(1);
});
