import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Table, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../core/session/store';
import { useSettingsStore } from '../core/settings/settingsStore';
import { QuickSearchBar } from './components/QuickSearchBar';
import { GridToolbar, type GridRowAction } from './components/GridToolbar';
import { useElementWidth } from './hooks/useElementWidth';
import { useFittedBodyHeight } from './hooks/useFittedBodyHeight';
import { useGridColumnModel } from './hooks/useGridColumnModel';
import { useGridFooterRows } from './hooks/useGridFooterRows';
import { useGridFullscreen } from './hooks/useGridFullscreen';
import { useGridPagedRows } from './hooks/useGridPagedRows';
import { useGridSelection } from './hooks/useGridSelection';
import { useGridTableColumns, type GridCellRenderers } from './hooks/useGridTableColumns';
import { useVirtualBody } from './hooks/useVirtualBody';
import type { GridButtonCode } from './model/codes';
import type { GridRow, QueryCondition } from './model/types';
import { searchConditionsOf, useAdvancedSearchStore, useRouteSearch } from './state/advancedSearchStore';
import './DataGrid.css';

export type { GridRowAction } from './components/GridToolbar';
export type { GridCellRenderers } from './hooks/useGridTableColumns';

export interface DataGridProps {
  /** The list the grid shows: its settings, columns and data are all keyed by it. */
  listRoute: string;
  /** The page's route path: advanced search and page sizes are kept per path (spec §4, §9). */
  routePath: string;
  /** The page title; names the exported configuration file. */
  title: string;
  /** The granted button codes (spec §6); each toolbar control shows only when its code is here. */
  buttonCodes: readonly GridButtonCode[];
  rowActions?: readonly GridRowAction[];
  /** The page's own toolbar controls that need no selection (e.g. add, import, export), left of the row actions. */
  toolbarExtra?: ReactNode;
  /** Height of the scrolling body in pixels (the virtual list needs a number); default: what fits the window. */
  bodyHeight?: number;
  /**
   * Conditions the page sets and the user cannot remove (a detail grid's master key): sent before
   * the user's search with every request. Each names a search setting of the list, as any condition
   * must (the server searches only configured fields).
   */
  fixedConditions?: readonly QueryCondition[];
  /** Called with the selected rows (of every page) whenever the selection changes. */
  onSelectionChange?(rows: GridRow[]): void;
  /** Called when a row is clicked outside its selection box (a master row showing its details). */
  onRowClick?(row: GridRow): void;
  /** A page's own cell content for some columns, by field (FIELD_NAME), in place of the grid's formatting. */
  cellRenderers?: GridCellRenderers;
  /** What the grid says when it has no rows; default 暂无数据 / No data. */
  emptyText?: string;
}

// Wide enough for the footer rows' labels (合计, 平均), which sit in this column.
const SELECTION_COLUMN_WIDTH = 60;
/** The body while the columns are not known: rows would show as empty lines under a header of no columns. */
const NO_ROWS: GridRow[] = [];
/** Until the grid has measured the room it has (and where it cannot, e.g. jsdom). */
const DEFAULT_BODY_HEIGHT = 560;
/** Toolbar, header, footer rows and pager around the body in full screen. */
const FULLSCREEN_CHROME_HEIGHT = 220;

/** The page's fixed conditions, then the user's search, numbered in that order. */
const allConditions = (fixed: readonly QueryCondition[], search: readonly QueryCondition[]): QueryCondition[] =>
  fixed.length ? [...fixed, ...search].map((condition, index) => ({ ...condition, ORD_ID: index + 1 })) : [...search];

/**
 * The data grid of a LIST_ROUTE (spec §2 data grid screen): antd Table (header with sorting and
 * select-all, fixed footer rows, pager) over a virtual body of fixed-height rows
 * (components/VirtualBody.tsx: antd's own `virtual` table re-rendered every visible cell on each
 * scrolled frame), the quick search above it and the toolbar with its panels (components/GridToolbar.tsx).
 * Each job is its own hook: the column model from the list's configuration, the paged rows,
 * the selection, the columns' widths and renderers, the footer rows, the virtual body, full screen.
 *
 * When a screen may be a plain ProTable instead: every list of the plant's data (master data, bills,
 * reels, stock, ledger, quality records) is a DataGrid of a LIST_ROUTE, so its users can search,
 * configure columns, total and export it. A plain ProTable (or antd Table) is for what has no such
 * list: the portal's own administration (users, roles, menus, organisations, child apps, environment
 * variables, tool files, its release versions), whose columns the portal fixes and whose rows its own calls serve; a few
 * rows of one record inside a dialog, drawer or form (a menu's buttons, an import's report, lines being
 * edited); and data that lives only in the browser (the request log). Such a table loads its rows whole
 * only while they stay few (roles, child apps, environment variables, tool files); one that grows with
 * use (users) pages on the server.
 */
export function DataGrid(props: DataGridProps) {
  const { listRoute, routePath, title, buttonCodes, rowActions, toolbarExtra, bodyHeight: givenBodyHeight } = props;
  const { fixedConditions, onSelectionChange, onRowClick, cellRenderers, emptyText } = props;
  const { token } = theme.useToken();
  const { t } = useTranslation('grid');
  const userName = useSessionStore((s) => s.userInfo?.USER_NAME ?? '');
  const toolbarVisible = useSettingsStore((s) => s.tableToolVisible);
  const routeSearch = useRouteSearch(routePath);
  const { fullscreen, toggle: toggleFullscreen } = useGridFullscreen();
  const gridElement = useRef<HTMLDivElement>(null);
  const fittedBodyHeight = useFittedBodyHeight(gridElement, givenBodyHeight === undefined);
  const gridWidth = useElementWidth(gridElement);
  const bodyHeight = givenBodyHeight ?? fittedBodyHeight ?? DEFAULT_BODY_HEIGHT;
  const tableBodyHeight = fullscreen ? Math.max(bodyHeight, window.innerHeight - FULLSCREEN_CHROME_HEIGHT) : bodyHeight;

  const model = useGridColumnModel(listRoute, userName);

  // A page may pass an equal new list on every render: it is the same search while its content is.
  const fixedJson = JSON.stringify(fixedConditions ?? []);
  const fixed = useMemo(() => JSON.parse(fixedJson) as QueryCondition[], [fixedJson]);
  const conditions = useMemo(() => allConditions(fixed, searchConditionsOf(routeSearch)), [fixed, routeSearch]);
  const paged = useGridPagedRows({ listRoute, routePath, conditions });

  const { selected, toggleRow, rowSelection, unselect } = useGridSelection(paged.rowKey, paged.loadedPage, SELECTION_COLUMN_WIDTH);
  const selectionListener = useRef(onSelectionChange);
  useEffect(() => {
    selectionListener.current = onSelectionChange;
  }, [onSelectionChange]);
  const reportedSelection = useRef(selected);
  useEffect(() => {
    if (reportedSelection.current === selected) return;
    reportedSelection.current = selected;
    selectionListener.current?.([...selected.values()]);
  }, [selected]);

  // Less the bordered table's left edge line: the header's table is then exactly as wide as its columns.
  const { columns, bodyColumns, columnsWidth, shownWidths } = useGridTableColumns({
    specs: model.specs,
    sort: paged.sort,
    available: (gridWidth ?? 0) - SELECTION_COLUMN_WIDTH - token.lineWidth,
    renderers: cellRenderers,
    rows: paged.rows ?? NO_ROWS,
    fontSize: token.fontSize,
  });
  const summary = useGridFooterRows({
    specs: model.specs,
    footerFields: model.footerFields,
    rows: paged.rows,
    aggregates: paged.aggregates,
    numberLocale: model.numberLocale,
  });
  const { components, rowColors } = useVirtualBody({
    columns: bodyColumns,
    rowKey: paged.rowKey,
    selectionWidth: SELECTION_COLUMN_WIDTH,
    height: tableBodyHeight,
    selected,
    onToggle: toggleRow,
    onRowClick,
    emptyText,
  });

  const fullscreenStyle = fullscreen
    ? { position: 'fixed' as const, inset: 0, zIndex: token.zIndexPopupBase - 1, background: token.colorBgContainer, padding: token.padding }
    : undefined;

  return (
    <div ref={gridElement} data-testid="data-grid" data-fullscreen={fullscreen ? 'true' : undefined} style={fullscreenStyle}>
      <QuickSearchBar
        listRoute={listRoute}
        settings={model.settingRows}
        applied={routeSearch.quick}
        onSearch={(quick) => useAdvancedSearchStore.getState().quickSearched(routePath, quick)}
        captionOf={model.quickSearchCaption}
      />
      <GridToolbar
        visible={toolbarVisible}
        listRoute={listRoute}
        routePath={routePath}
        title={title}
        userName={userName}
        buttonCodes={buttonCodes}
        routeSearch={routeSearch}
        settingRows={model.settingRows}
        configs={model.configs}
        columns={columns}
        shownWidths={shownWidths}
        selected={selected}
        onUnselect={unselect}
        pageSizes={paged.pageSizes}
        onPageSizesSave={paged.savePageSizes}
        fullscreen={fullscreen}
        onToggleFullscreen={toggleFullscreen}
        rowActions={rowActions}
        toolbarExtra={toolbarExtra}
      />
      {/*
        The table mounts once the grid's width is known (the commit after the grid's first, before
        anything is painted): a first render at width 0 rendered antd's Table again with the measured
        width, and a second render of a just-mounted antd Table copies and re-keys all its rows (new
        breakpoint screens, so new columns and sort states) and forces a layout (rc-table's scroll
        sync): about 8 ms and 10-30 ms at 10,000 rows in `npm run bench -- grid`.
      */}
      {gridWidth !== undefined && (
        <Table<GridRow>
          className="data-grid"
          style={rowColors}
          size="small"
          bordered
          rowKey={paged.rowKey}
          columns={columns}
          dataSource={model.loading ? NO_ROWS : paged.rows}
          loading={paged.loading || model.loading}
          rowSelection={rowSelection}
          components={components}
          scroll={{ x: columnsWidth + SELECTION_COLUMN_WIDTH, y: tableBodyHeight }}
          summary={summary}
          onChange={paged.onTableChange}
          pagination={{
            current: paged.page,
            pageSize: paged.pageSize,
            total: paged.total,
            pageSizeOptions: paged.pageSizes.map(String),
            showSizeChanger: true,
            showTotal: (total) => t(paged.totalIsEstimate ? 'pagination.totalAbout' : 'pagination.total', { count: total }),
          }}
        />
      )}
    </div>
  );
}
