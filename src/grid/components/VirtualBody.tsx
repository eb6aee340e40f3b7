import { memo, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type Key, type ReactNode, type Ref, type UIEvent } from 'react';
import { flushSync } from 'react-dom';
import type { GridRow } from '../model/types';

/** A data column of the body: its field, its final width in pixels and how a value shows. */
export interface BodyColumn {
  field: string;
  width: number;
  /** Numbers sit on the right, so their digits line up. */
  align?: 'right';
  render(value: unknown, row: GridRow): ReactNode;
}

/** What rc-table hands a `components.body` function (its scroll body ref and horizontal sync). */
export interface ScrollBodyInfo {
  scrollbarSize: number;
  ref: Ref<HTMLDivElement>;
  onScroll(info: { currentTarget?: HTMLElement; scrollLeft?: number }): void;
}

export interface VirtualBodyProps {
  rows: readonly GridRow[];
  columns: readonly BodyColumn[];
  rowKey(row: GridRow): Key;
  selectionWidth: number;
  /** Every row is exactly this high (cells are one line, cut with an ellipsis). */
  rowHeight: number;
  /** Height of the scrolling body in pixels. */
  height: number;
  info: ScrollBodyInfo;
  selected: ReadonlyMap<Key, GridRow>;
  onToggle(row: GridRow, on: boolean): void;
  /** A click on a row outside its selection box (e.g. a master row showing its details). */
  onRowClick?(row: GridRow): void;
  checkboxLabel: string;
  checkboxColor: string;
  empty: ReactNode;
}

/** Rows rendered beyond each edge of the visible ones, so a fast scroll never shows a gap. */
const OVERSCAN_ROWS = 8;

/** The text a cell shows, for its `title` (the full value of a cell cut with an ellipsis). */
const titleOf = (content: ReactNode): string | undefined =>
  typeof content === 'string' || typeof content === 'number' ? String(content) : undefined;

interface RowLayout {
  columns: readonly BodyColumn[];
  cellStyles: CSSProperties[];
  selectionStyle: CSSProperties;
  rowHeight: number;
  rowWidth: number;
  onToggle(row: GridRow, on: boolean): void;
  onRowClick?(row: GridRow): void;
  checkboxLabel: string;
  checkboxStyle: CSSProperties;
}

interface BodyRowProps {
  row: GridRow;
  index: number;
  rowKey: Key;
  selected: boolean;
  layout: RowLayout;
}

/**
 * One row: plain divs with antd's table classes, one line per cell. Memoised on its row object,
 * position and selection, so a scroll renders only the rows that come into view.
 */
const BodyRow = memo(function BodyRow({ row, index, rowKey, selected, layout }: BodyRowProps) {
  const { columns, cellStyles, selectionStyle, rowHeight, rowWidth, onToggle, onRowClick, checkboxLabel, checkboxStyle } = layout;
  return (
    <div
      className={selected ? 'ant-table-row ant-table-row-selected' : 'ant-table-row'}
      data-row-key={rowKey}
      style={{ top: index * rowHeight, height: rowHeight, width: rowWidth, cursor: onRowClick ? 'pointer' : undefined }}
      onClick={onRowClick && (() => onRowClick(row))}
    >
      {/* A click on the box selects the row; it is not a click on the row. */}
      <div
        className="ant-table-cell ant-table-selection-column ant-table-cell-fix-left ant-table-cell-fix-left-last"
        style={selectionStyle}
        onClick={onRowClick && ((event) => event.stopPropagation())}
      >
        <input
          type="checkbox"
          aria-label={checkboxLabel}
          checked={selected}
          style={checkboxStyle}
          onChange={(event) => onToggle(row, event.target.checked)}
        />
      </div>
      {columns.map((column, columnIndex) => {
        const content = column.render(row[column.field], row);
        return (
          <div key={column.field} className="ant-table-cell" style={cellStyles[columnIndex]} title={titleOf(content)}>
            {content}
          </div>
        );
      })}
    </div>
  );
});

/**
 * The DataGrid's scrolling body, given to antd Table as `components.body`, so antd keeps the
 * header (sorting, select all), the fixed footer rows and the pager. Rows have one fixed height:
 * which rows are in view follows from the scroll position alone (nothing is measured), and only
 * the rows entering the view render while scrolling. antd's own `virtual` table re-renders every
 * visible row and cell on each scrolled frame (rc-virtual-list passes each row a new style
 * object), about twice this body's main-thread time per frame in `npm run bench -- grid`.
 */
export function VirtualBody({
  rows,
  columns,
  rowKey,
  selectionWidth,
  rowHeight,
  height,
  info,
  selected,
  onToggle,
  onRowClick,
  checkboxLabel,
  checkboxColor,
  empty,
}: VirtualBodyProps) {
  const [firstVisible, setFirstVisible] = useState(0);
  const lastScrollLeft = useRef(0);
  const { ref: tableRef, onScroll: syncHorizontal, scrollbarSize } = info;
  // The rows come in the body's second commit, still before the first paint. In its first commit
  // antd's table measures the scrollbar (a forced layout of the page) and then renders again with
  // the size, which changes the last cell's width: rows there at mount were laid out in that forced
  // layout and rendered twice (`npm run bench -- grid`: 10,000 rows mounted with the table).
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- a second render before the first paint is the point.
  useLayoutEffect(() => setMounted(true), []);

  // The last column gives up the vertical scrollbar's width, as antd's header does above it.
  const lastIndex = columns.length - 1;
  const layout = useMemo<RowLayout>(() => {
    const cellStyles = columns.map((column, index) => {
      const width = index === lastIndex ? Math.max(column.width - scrollbarSize, 0) : column.width;
      return { width, flex: `0 0 ${width}px`, ...(column.align ? { textAlign: column.align } : {}) };
    });
    const rowWidth = cellStyles.reduce((sum, style) => sum + style.width, selectionWidth);
    return {
      columns,
      cellStyles,
      selectionStyle: { width: selectionWidth, flex: `0 0 ${selectionWidth}px`, left: 0 },
      rowHeight,
      rowWidth,
      onToggle,
      onRowClick,
      checkboxLabel,
      checkboxStyle: { accentColor: checkboxColor, cursor: 'pointer', margin: 0 },
    };
  }, [columns, lastIndex, scrollbarSize, selectionWidth, rowHeight, onToggle, onRowClick, checkboxLabel, checkboxColor]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    // Both read before any row changes, so reading them forces no layout.
    const { scrollTop, scrollLeft } = element;
    const first = Math.floor(scrollTop / rowHeight);
    // Rendered before this frame paints, so rows never lag the scroll position.
    if (first !== firstVisible) flushSync(() => setFirstVisible(first));
    if (scrollLeft !== lastScrollLeft.current) {
      lastScrollLeft.current = scrollLeft;
      syncHorizontal({ currentTarget: element, scrollLeft });
    }
  };

  const visibleCount = Math.ceil(height / rowHeight);
  // A shorter page leaves the scroll position past its end until the browser's clamped scroll
  // arrives: show its last rows meanwhile. (Nothing reads the DOM here: a read would force layout.)
  const first = Math.min(firstVisible, Math.max(0, rows.length - visibleCount));
  const start = Math.max(0, first - OVERSCAN_ROWS);
  const end = mounted ? Math.min(rows.length, first + visibleCount + OVERSCAN_ROWS) : start;
  const shown: ReactNode[] = [];
  for (let index = start; index < end; index++) {
    const row = rows[index];
    const key = rowKey(row);
    shown.push(<BodyRow key={key} row={row} index={index} rowKey={key} selected={selected.has(key)} layout={layout} />);
  }

  return (
    <div className="ant-table-tbody ant-table-tbody-virtual data-grid-body">
      <div
        ref={tableRef}
        className="ant-table-tbody-virtual-holder"
        style={{ height, overflowX: 'auto', overflowY: 'scroll' }}
        onScroll={onScroll}
      >
        {rows.length > 0 ? (
          <div className="ant-table-tbody-virtual-holder-inner" style={{ height: rows.length * rowHeight, width: layout.rowWidth }}>
            {shown}
          </div>
        ) : (
          <>
            {/* As wide as the columns, so the header still scrolls sideways; the message stays in view. */}
            <div style={{ width: layout.rowWidth, height: 1 }} />
            <div className="ant-table-placeholder data-grid-empty">{empty}</div>
          </>
        )}
      </div>
    </div>
  );
}
