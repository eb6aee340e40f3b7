import { useMemo, type ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import type { BodyColumn } from '../components/VirtualBody';
import { fitColumnWidths, textFittedWidths, type GridColumnSpec } from '../logic/columns';
import type { GridRow } from '../model/types';
import type { SortState } from './useGridPagedRows';

/** How a page shows one column's cells instead of the grid's own formatting: by the column's field (FIELD_NAME). */
export type GridCellRenderers = Readonly<Record<string, (value: unknown, row: GridRow) => ReactNode>>;

interface TableColumnsOptions {
  specs: readonly GridColumnSpec[];
  sort: SortState;
  /** The room the data columns have (the grid's width less the selection column and the table's edge). */
  available: number;
  renderers?: GridCellRenderers;
  /** The rows loaded: a column nobody sized grows to fit their text (src/grid/logic/columns.ts). */
  rows: readonly GridRow[];
  /** The cells' font size in pixels (the theme's). */
  fontSize: number;
}

/** A cell as is, but a yes/no value as Y/N (as the Excel export writes it): React renders true and false as nothing. */
const plainCell = (value: unknown) => (typeof value === 'boolean' ? (value ? 'Y' : 'N') : (value as ReactNode));

/**
 * The grid's columns twice over, in the same widths: antd's (the header with its sorting, the
 * selected-records drawer) and the virtual body's. A page's renderer for a field replaces the
 * grid's formatting of that field in both.
 */
export function useGridTableColumns({ specs, sort, available, renderers, rows, fontSize }: TableColumnsOptions) {
  const textWidths = useMemo(() => textFittedWidths(specs, rows, fontSize, (field) => renderers?.[field] !== undefined), [specs, rows, fontSize, renderers]);
  // Columns widened in proportion when together they are narrower than the grid, as antd's header is.
  const naturalWidth = textWidths.reduce((sum, width) => sum + width, 0);
  // Only a width that stretches the columns is a dependency: resizing a grid wider than its window changes nothing.
  const fillWidth = available > naturalWidth ? available : 0;
  const widths = useMemo(() => fitColumnWidths(textWidths, fillWidth), [textWidths, fillWidth]);

  const cellRenders = useMemo(
    () =>
      specs.map((spec): ((value: unknown, row: GridRow) => ReactNode) => {
        const own = renderers?.[spec.field];
        if (own) return own;
        const format = spec.format;
        return format ? (value: unknown) => format(value) : plainCell;
      }),
    [specs, renderers],
  );

  const columns = useMemo<TableColumnsType<GridRow>>(
    () =>
      specs.map((spec, index) => {
        const sorted = sort.find((s) => s.field === spec.field);
        return {
          key: spec.field,
          dataIndex: spec.field,
          title: spec.caption,
          width: widths[index],
          align: spec.align,
          sorter: true,
          showSorterTooltip: false,
          sortOrder: sorted ? (sorted.order === 'asc' ? 'ascend' : 'descend') : null,
          render: (value: unknown, row: GridRow) => cellRenders[index](value, row),
        };
      }),
    [specs, sort, widths, cellRenders],
  );
  const bodyColumns = useMemo<BodyColumn[]>(
    () => specs.map((spec, index) => ({ field: spec.field, width: widths[index], align: spec.align, render: cellRenders[index] })),
    [specs, widths, cellRenders],
  );
  const columnsWidth = useMemo(() => widths.reduce((sum, width) => sum + width, 0), [widths]);
  // Before the stretch to the grid's width: what a column configuration would keep.
  const shownWidths = useMemo(() => new Map(specs.map((spec, index) => [spec.field, textWidths[index]])), [specs, textWidths]);

  return { columns, bodyColumns, columnsWidth, shownWidths };
}
