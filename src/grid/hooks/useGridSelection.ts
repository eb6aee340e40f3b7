import { useCallback, useEffect, useMemo, useRef, useState, type Key } from 'react';
import type { TableProps } from 'antd';
import type { GridRow } from '../model/types';

/** The rows of one answer of the list, and which request it answered. */
export interface LoadedPage {
  /** The request's identity: the same request asked again is a reload of the same rows. */
  request: string;
  rows: readonly GridRow[];
}

/**
 * The grid's selected rows, kept across pages (antd preserveSelectedRowKeys), by row key.
 *
 * A reload of the same page (after a delete, an edit, an import) is the truth about those rows: a
 * selected row it no longer has is gone and leaves the selection (issue 12 defect 2: a deleted row
 * stayed in 已选记录 and could be edited), and a selected row it has again is replaced by its new
 * version, so an edit starts from what was saved (its current `version`, not a stale one).
 */
export function useGridSelection(rowKey: (row: GridRow) => Key, page: LoadedPage | undefined, columnWidth: number) {
  const [selected, setSelected] = useState<ReadonlyMap<Key, GridRow>>(new Map());
  const lastPage = useRef<LoadedPage>(undefined);

  useEffect(() => {
    if (!page) return;
    const before = lastPage.current;
    lastPage.current = page;
    setSelected((current) => {
      // Keyed only with a selection to check: a page of 10,000 rows is 10,000 keys.
      if (current.size === 0) return current;
      const reloaded = before?.request === page.request;
      let changed = false;
      const next = new Map(current);
      if (reloaded) {
        const keys = new Set(page.rows.map(rowKey));
        for (const row of before.rows) {
          const key = rowKey(row);
          if (!keys.has(key) && next.delete(key)) changed = true;
        }
      }
      for (const row of page.rows) {
        const key = rowKey(row);
        if (next.has(key) && next.get(key) !== row) {
          next.set(key, row);
          changed = true;
        }
      }
      return changed ? next : current;
    });
  }, [page, rowKey]);

  const toggleRow = useCallback(
    (row: GridRow, on: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        if (on) next.set(rowKey(row), row);
        else next.delete(rowKey(row));
        return next;
      }),
    [rowKey],
  );

  const rowSelection = useMemo<TableProps<GridRow>['rowSelection']>(
    () => ({
      fixed: true,
      columnWidth,
      preserveSelectedRowKeys: true,
      selectedRowKeys: [...selected.keys()],
      onChange: (keys, pickedRows) => {
        const next = new Map<Key, GridRow>();
        keys.forEach((key, index) => {
          const row = pickedRows[index] ?? selected.get(key);
          if (row) next.set(key, row);
        });
        setSelected(next);
      },
      // The body's rows draw their own native boxes (components/VirtualBody.tsx); antd draws the header's.
    }),
    [selected, columnWidth],
  );

  const unselect = useCallback(
    (keys: readonly Key[]) =>
      setSelected((current) => {
        const next = new Map(current);
        keys.forEach((key) => next.delete(key));
        return next;
      }),
    [],
  );

  return { selected, toggleRow, rowSelection, unselect };
}
