import { useCallback, useMemo, useState, type Key } from 'react';
import type { TableProps } from 'antd';
import { DEFAULT_PAGE_SIZES, useSettingsStore } from '../../core/settings/settingsStore';
import { useGridRows } from '../api/queries';
import { rowsRequestOf } from '../api/listParam';
import type { GridRow, QueryCondition } from '../model/types';
import type { LoadedPage } from './useGridSelection';

export type SortState = { field: string; order: 'asc' | 'desc' }[];

interface PagedRowsOptions {
  listRoute: string;
  /** Page sizes are kept per route path (spec §9). */
  routePath: string;
  /** Every condition the rows are searched with, in order. */
  conditions: readonly QueryCondition[];
}

/** Row keys for lists without a key column: stable per row object within the loaded page. */
const fallbackKeys = new WeakMap<GridRow, string>();
let fallbackKeyCount = 0;
const fallbackKeyOf = (row: GridRow) => {
  let key = fallbackKeys.get(row);
  if (!key) fallbackKeys.set(row, (key = `row-${++fallbackKeyCount}`));
  return key;
};

/**
 * The grid's rows, a page at a time (ListParam/QueryData): page, page size (from the route's
 * stored page sizes), sort, the request they make, its answer and the antd Table change handler
 * that moves them.
 */
export function useGridPagedRows({ listRoute, routePath, conditions }: PagedRowsOptions) {
  const storedPageSizes = useSettingsStore((s) => s.pageSizes[routePath]);
  const setStoredPageSizes = useSettingsStore((s) => s.setPageSizes);
  const pageSizes = useMemo(() => storedPageSizes ?? [...DEFAULT_PAGE_SIZES], [storedPageSizes]);
  const savePageSizes = useCallback((sizes: number[]) => setStoredPageSizes(routePath, sizes), [setStoredPageSizes, routePath]);

  // The size in use stays when the user edits the list of sizes, unless it was taken out.
  const [chosenPageSize, setChosenPageSize] = useState(() => pageSizes[0]);
  const pageSize = pageSizes.includes(chosenPageSize) ? chosenPageSize : pageSizes[0];
  const [sort, setSort] = useState<SortState>([]);
  // A new search, sort or page size starts again at page 1 (no effect, so no stray fetch of page N).
  const queryIdentity = JSON.stringify([conditions, sort, pageSize]);
  const [paging, setPaging] = useState({ identity: queryIdentity, page: 1 });
  const page = paging.identity === queryIdentity ? paging.page : 1;

  const request = useMemo(() => rowsRequestOf(conditions, page, pageSize, sort), [conditions, page, pageSize, sort]);
  const rowsQuery = useGridRows(listRoute, request);
  const rows = rowsQuery.data?.rows;
  const keyField = rowsQuery.data?.keyField;

  const rowKey = useCallback(
    (row: GridRow): Key => (keyField && row[keyField] != null ? String(row[keyField]) : fallbackKeyOf(row)),
    [keyField],
  );

  // The page as the server answered it (not the previous page shown while the next one loads).
  const loadedPage = useMemo<LoadedPage | undefined>(
    () => (rows && !rowsQuery.isPlaceholderData ? { request: JSON.stringify(request), rows } : undefined),
    [rows, rowsQuery.isPlaceholderData, request],
  );

  const onTableChange: TableProps<GridRow>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const list = (Array.isArray(sorter) ? sorter : [sorter]).filter((s) => s.order && s.columnKey != null);
      setSort(list.map((s) => ({ field: String(s.columnKey), order: s.order === 'ascend' ? 'asc' : 'desc' })));
      return;
    }
    if (extra.action === 'paginate') {
      if (pagination.pageSize && pagination.pageSize !== pageSize) setChosenPageSize(pagination.pageSize);
      else setPaging({ identity: queryIdentity, page: pagination.current ?? 1 });
    }
  };

  return {
    rows,
    total: rowsQuery.data?.total ?? 0,
    totalIsEstimate: rowsQuery.data?.totalIsEstimate ?? false,
    aggregates: rowsQuery.data?.aggregates,
    loading: rowsQuery.isFetching,
    loadedPage,
    rowKey,
    page,
    pageSize,
    pageSizes,
    savePageSizes,
    sort,
    onTableChange,
  };
}
