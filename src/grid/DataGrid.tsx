import { useCallback, useMemo, useRef, useState, type CSSProperties, type Key, type MouseEvent, type ReactNode } from 'react';
import { Button, Empty, Flex, Space, Switch, Table, Typography, Upload, theme, type TableColumnsType, type TableProps } from 'antd';
import {
  ColumnHeightOutlined,
  DownloadOutlined,
  FilterOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  OrderedListOutlined,
  SettingOutlined,
  TableOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../app/session/store';
import { DEFAULT_PAGE_SIZES, useSettingsStore } from '../shell/settings/settingsStore';
import { exportSearchConfig, importSearchConfig, saveColumnConfig } from './api/listParam';
import { useColumnConfig, useGridRows, useInvalidateGrid, useSearchFields, useTableColumns } from './api/queries';
import { AdvancedSearchDialog } from './components/AdvancedSearchDialog';
import { ColumnConfigDrawer } from './components/ColumnConfigDrawer';
import { ColumnVisibilityPanel, type PanelAnchor } from './components/ColumnVisibilityPanel';
import { PageSizeDialog } from './components/PageSizeDialog';
import { SelectedRecordsDrawer } from './components/SelectedRecordsDrawer';
import { SettingsDrawer } from './components/SettingsDrawer';
import { VirtualBody, type BodyColumn, type ScrollBodyInfo } from './components/VirtualBody';
import { useGridFeedback } from './hooks/useGridFeedback';
import { useElementWidth } from './hooks/useElementWidth';
import { useFittedBodyHeight } from './hooks/useFittedBodyHeight';
import { useGridFullscreen } from './hooks/useGridFullscreen';
import { aggregatedFields, fitColumnWidths, gridColumnSpecs } from './logic/columns';
import { toQueryConditions } from './logic/conditions';
import { downloadJson } from './logic/download';
import { footerFromRows, footerFromServer } from './logic/footer';
import { columnsForSave } from './logic/rows';
import { GRID_BUTTON, type GridButtonCode } from './model/codes';
import type { ColumnConfig, FooterValues, GridRow } from './model/types';
import { useAdvancedSearchStore, useRouteSearch } from './state/advancedSearchStore';
import './DataGrid.css';

/** A page's own button that works on the selected rows (spec §5 row operations). */
export interface GridRowAction {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  danger?: boolean;
  onClick(selectedRows: GridRow[]): void;
}

export interface DataGridProps {
  /** The list the grid shows: its settings, columns and data are all keyed by it. */
  listRoute: string;
  /** The page's route path: advanced search and page sizes are kept per path (spec §4, §9). */
  routePath: string;
  /** The page title; names the exported configuration file. */
  title: string;
  /** The granted button codes (spec §6); each toolbar control shows only when its code is here. */
  buttonCodes: readonly string[];
  rowActions?: readonly GridRowAction[];
  /** The page's own toolbar controls that need no selection (e.g. add, import, export), left of the row actions. */
  toolbarExtra?: ReactNode;
  /** Height of the scrolling body in pixels (the virtual list needs a number); default: what fits the window. */
  bodyHeight?: number;
}

type SortState = { field: string; order: 'asc' | 'desc' }[];

// Wide enough for the footer rows' labels (合计, 平均), which sit in this column.
const SELECTION_COLUMN_WIDTH = 60;
/** Until the grid has measured the room it has (and where it cannot, e.g. jsdom). */
const DEFAULT_BODY_HEIGHT = 560;
/** Toolbar, header, footer rows and pager around the body in full screen. */
const FULLSCREEN_CHROME_HEIGHT = 220;

/** Row keys for lists without a key column: stable per row object within the loaded page. */
const fallbackKeys = new WeakMap<GridRow, string>();
let fallbackKeyCount = 0;
const fallbackKeyOf = (row: GridRow) => {
  let key = fallbackKeys.get(row);
  if (!key) fallbackKeys.set(row, (key = `row-${++fallbackKeyCount}`));
  return key;
};

/** A cell as is, but a yes/no value as Y/N (as the Excel export writes it): React renders true and false as nothing. */
const plainCell = (value: unknown) => (typeof value === 'boolean' ? (value ? 'Y' : 'N') : (value as ReactNode));

/**
 * The data grid of a LIST_ROUTE (spec §2 data grid screen): antd Table (header with sorting and
 * select-all, fixed footer rows, pager) over a virtual body of fixed-height rows
 * (components/VirtualBody.tsx: antd's own `virtual` table re-rendered every visible cell on each
 * scrolled frame), toolbar gated by the §6 button codes, advanced search, settings and column
 * drawers, column panel, selected records, full screen, configuration import/export, footer
 * totals and page sizes.
 *
 * Footer figures: the server's whole-result aggregates are used (QueryData wantAggregates), since
 * a total over all pages is what a user paging through a filtered list means; when a response
 * carries none, the figures are over the page's rows.
 */
export function DataGrid({ listRoute, routePath, title, buttonCodes, rowActions, toolbarExtra, bodyHeight: givenBodyHeight }: DataGridProps) {
  const { t } = useTranslation('grid');
  const { token } = theme.useToken();
  const feedback = useGridFeedback();
  const invalidate = useInvalidateGrid(listRoute);
  const userName = useSessionStore((s) => s.userInfo?.USER_NAME ?? '');
  const toolbarVisible = useSettingsStore((s) => s.tableToolVisible);
  const storedPageSizes = useSettingsStore((s) => s.pageSizes[routePath]);
  const setStoredPageSizes = useSettingsStore((s) => s.setPageSizes);
  const routeSearch = useRouteSearch(routePath);
  const { fullscreen, toggle: toggleFullscreen } = useGridFullscreen();
  const gridElement = useRef<HTMLDivElement>(null);
  const fittedBodyHeight = useFittedBodyHeight(gridElement, givenBodyHeight === undefined);
  const gridWidth = useElementWidth(gridElement);
  const bodyHeight = givenBodyHeight ?? fittedBodyHeight ?? DEFAULT_BODY_HEIGHT;

  const granted = useMemo(() => new Set(buttonCodes), [buttonCodes]);
  const can = (code: GridButtonCode) => granted.has(code);

  // ---- configuration -------------------------------------------------------------------------
  const settings = useSearchFields(listRoute);
  const columnConfig = useColumnConfig(listRoute, userName);
  const configs = useMemo(() => columnConfig.data ?? [], [columnConfig.data]);
  // Always read: besides being the columns of a user without configuration, they tell which
  // columns hold days and instants (shown formatted, not as the rows' ISO text).
  const tableColumns = useTableColumns(listRoute, true);
  const settingRows = useMemo(() => settings.data ?? [], [settings.data]);

  const specs = useMemo(() => gridColumnSpecs(configs, tableColumns.data ?? [], settingRows), [configs, tableColumns.data, settingRows]);
  const footerFields = useMemo(() => aggregatedFields(specs, settingRows), [specs, settingRows]);

  // ---- paging, sorting, search ---------------------------------------------------------------
  const pageSizes = useMemo(() => storedPageSizes ?? [...DEFAULT_PAGE_SIZES], [storedPageSizes]);
  // The size in use stays when the user edits the list of sizes, unless it was taken out.
  const [chosenPageSize, setChosenPageSize] = useState(() => pageSizes[0]);
  const pageSize = pageSizes.includes(chosenPageSize) ? chosenPageSize : pageSizes[0];
  const [sort, setSort] = useState<SortState>([]);
  const conditions = useMemo(
    () => (routeSearch.enabled ? toQueryConditions(routeSearch.conditions) : []),
    [routeSearch.enabled, routeSearch.conditions],
  );
  // A new search, sort or page size starts again at page 1 (no effect, so no stray fetch of page N).
  const queryIdentity = JSON.stringify([conditions, sort, pageSize]);
  const [paging, setPaging] = useState({ identity: queryIdentity, page: 1 });
  const page = paging.identity === queryIdentity ? paging.page : 1;

  const request = useMemo(
    () => ({ conditions, Page: page, Limit: pageSize, sort: sort.length ? sort : undefined, wantAggregates: footerFields.length > 0 }),
    [conditions, page, pageSize, sort, footerFields.length],
  );
  // Rows wait for the settings and the columns (whose aggregates the footer shows), so the request
  // (aggregates or not) is asked once. The source's columns load alongside (the same round trip).
  const configReady = settings.isFetched && columnConfig.isFetched && tableColumns.isFetched;
  const rowsQuery = useGridRows(listRoute, request, configReady);
  const rows = rowsQuery.data?.rows;
  const keyField = rowsQuery.data?.keyField;

  const rowKey = useCallback(
    (row: GridRow): Key => (keyField && row[keyField] != null ? String(row[keyField]) : fallbackKeyOf(row)),
    [keyField],
  );

  // ---- selection -----------------------------------------------------------------------------
  const [selected, setSelected] = useState<ReadonlyMap<Key, GridRow>>(new Map());
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
      columnWidth: SELECTION_COLUMN_WIDTH,
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
    [selected],
  );
  const unselect = (keys: Key[]) =>
    setSelected((current) => {
      const next = new Map(current);
      keys.forEach((key) => next.delete(key));
      return next;
    });

  // ---- columns and footer --------------------------------------------------------------------
  // Columns widened in proportion when together they are narrower than the grid, as antd's header is.
  // Less the bordered table's left edge line: the header's table is then exactly as wide as its columns.
  const available = gridWidth - SELECTION_COLUMN_WIDTH - token.lineWidth;
  const naturalWidth = specs.reduce((sum, spec) => sum + spec.width, 0);
  // Only a width that stretches the columns is a dependency: resizing a grid wider than its window changes nothing.
  const fillWidth = available > naturalWidth ? available : 0;
  const widths = useMemo(() => fitColumnWidths(specs.map((spec) => spec.width), fillWidth), [specs, fillWidth]);
  const columns = useMemo<TableColumnsType<GridRow>>(
    () =>
      specs.map((spec, index) => {
        const sorted = sort.find((s) => s.field === spec.field);
        const format = spec.format;
        return {
          key: spec.field,
          dataIndex: spec.field,
          title: spec.caption,
          width: widths[index],
          sorter: true,
          showSorterTooltip: false,
          sortOrder: sorted ? (sorted.order === 'asc' ? 'ascend' : 'descend') : null,
          render: format ? (value: unknown) => format(value) : plainCell,
        };
      }),
    [specs, sort, widths],
  );
  const scrollWidth = useMemo(() => widths.reduce((sum, width) => sum + width, SELECTION_COLUMN_WIDTH), [widths]);

  // ---- virtual body --------------------------------------------------------------------------
  // antd's row height for size="small" (InternalTable's listItemHeight); every row is exactly this.
  const rowHeight = token.paddingXS * 2 + Math.floor(token.fontSize * token.lineHeight) + token.lineWidth;
  const tableBodyHeight = fullscreen ? Math.max(bodyHeight, window.innerHeight - FULLSCREEN_CHROME_HEIGHT) : bodyHeight;
  const bodyColumns = useMemo<BodyColumn[]>(
    () =>
      specs.map((spec, index) => {
        const format = spec.format;
        return { field: spec.field, width: widths[index], render: format ? (value: unknown) => format(value) : plainCell };
      }),
    [specs, widths],
  );
  const checkboxLabel = t('selection.row');
  const components = useMemo<TableProps<GridRow>['components']>(
    () => ({
      body: ((data: readonly GridRow[], info: ScrollBodyInfo) => (
        <VirtualBody
          rows={data}
          columns={bodyColumns}
          rowKey={rowKey}
          selectionWidth={SELECTION_COLUMN_WIDTH}
          rowHeight={rowHeight}
          height={tableBodyHeight}
          info={info}
          selected={selected}
          onToggle={toggleRow}
          checkboxLabel={checkboxLabel}
          checkboxColor={token.colorPrimary}
          empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        />
      )) as unknown as NonNullable<TableProps<GridRow>['components']>['body'],
    }),
    [bodyColumns, rowKey, rowHeight, tableBodyHeight, selected, toggleRow, checkboxLabel, token.colorPrimary],
  );
  const rowColors = {
    '--data-grid-row-hover-bg': `linear-gradient(${token.colorFillAlter}, ${token.colorFillAlter}) ${token.colorBgContainer}`,
    '--data-grid-selected-row-hover-bg': token.controlItemBgActiveHover,
  } as CSSProperties;

  const footer = useMemo<FooterValues | undefined>(() => {
    if (!footerFields.length || !rows) return undefined;
    const aggregates = rowsQuery.data?.aggregates;
    return aggregates ? footerFromServer(aggregates, footerFields) : footerFromRows(rows, footerFields);
  }, [footerFields, rows, rowsQuery.data?.aggregates]);

  const summary = useMemo(() => {
    if (!footer) return undefined;
    const footerRow = (kind: 'sum' | 'avg') => (
      <Table.Summary.Row>
        <Table.Summary.Cell index={0}>
          <Typography.Text strong>{t(`footer.${kind}`)}</Typography.Text>
        </Table.Summary.Cell>
        {specs.map((spec, index) => (
          <Table.Summary.Cell key={spec.field} index={index + 1}>
            {footer[kind][spec.field] ?? ''}
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    );
    const hasSum = footerFields.some((f) => f.aggregations.includes('sum'));
    const hasAvg = footerFields.some((f) => f.aggregations.includes('avg'));
    return () => (
      <Table.Summary fixed>
        {hasSum && footerRow('sum')}
        {hasAvg && footerRow('avg')}
      </Table.Summary>
    );
  }, [footer, footerFields, specs, t]);

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

  // ---- toolbar actions -----------------------------------------------------------------------
  const [openPanel, setOpenPanel] = useState<'search' | 'settings' | 'columns' | 'selected' | 'pageSizes'>();
  const closePanel = useCallback(() => setOpenPanel(undefined), []);
  const [columnPanelAnchor, setColumnPanelAnchor] = useState<PanelAnchor>();
  const closeColumnPanel = useCallback(() => setColumnPanelAnchor(undefined), []);

  const clearSearch = (event: MouseEvent) => {
    event.preventDefault();
    useAdvancedSearchStore.getState().clear(routePath);
  };

  const openColumnPanel = (event: MouseEvent) => {
    if (!configs.length) return feedback.warning(t('columnPanel.noConfig'));
    setColumnPanelAnchor({ x: event.clientX, y: event.clientY });
  };
  const saveVisibleFlags = async (next: ColumnConfig[]) => {
    await saveColumnConfig(columnsForSave(next, listRoute));
    feedback.success(t('notice.saved'));
    void invalidate('columnConfig');
  };

  const runRowAction = (action: GridRowAction) => {
    if (selected.size === 0) return feedback.warning(t('rowAction.selectFirst'));
    action.onClick([...selected.values()]);
  };

  const exportConfig = async () => {
    try {
      const file = await exportSearchConfig(listRoute);
      downloadJson(file, t('exportFileName', { title: file.TITLE || title }));
    } catch {
      // The api layer showed the server's message.
    }
  };

  const importConfig = async (file: File) => {
    try {
      const imported = await importSearchConfig(listRoute, file);
      if (imported.length === 0) return feedback.error(t('notice.uploadFailed'));
      feedback.success(t('notice.imported'));
      void invalidate('all');
    } catch {
      // The api layer showed why.
    }
  };

  const hasPageButtons = Boolean(toolbarExtra) || Boolean(rowActions?.length);

  const fullscreenStyle = fullscreen
    ? { position: 'fixed' as const, inset: 0, zIndex: token.zIndexPopupBase - 1, background: token.colorBgContainer, padding: token.padding }
    : undefined;

  return (
    <div ref={gridElement} data-testid="data-grid" data-fullscreen={fullscreen ? 'true' : undefined} style={fullscreenStyle}>
      {toolbarVisible && (
        // A Flex, not a Space: Space wraps even an empty group in an item a line high, which became a
        // blank line above the tools once they wrapped (pages without their own buttons).
        <Flex wrap gap={token.marginXS} justify="space-between" style={{ marginBottom: token.marginXS }} data-grid-toolbar>
          {hasPageButtons && (
            <Space wrap>
              {toolbarExtra}
              {rowActions?.map((action) => (
                <Button key={action.key} icon={action.icon} danger={action.danger} onClick={() => runRowAction(action)}>
                  {action.label}
                </Button>
              ))}
            </Space>
          )}
          {/* Right-aligned whether it shares the line or wraps below the page's buttons. */}
          <Space wrap style={{ marginInlineStart: 'auto' }}>
            {can(GRID_BUTTON.advancedSearch) && (
              <>
                <Button
                  // A native hint: a Tooltip per toolbar button is a component tree for one sentence.
                  title={t('toolbar.advancedSearchHint')}
                  type={routeSearch.enabled ? 'primary' : 'default'}
                  icon={<FilterOutlined />}
                  onClick={() => setOpenPanel('search')}
                  onContextMenu={clearSearch}
                >
                  {t('toolbar.advancedSearch')}
                </Button>
                <Switch
                  aria-label={t('toolbar.advancedSearchEnabled')}
                  checked={routeSearch.enabled}
                  disabled={!routeSearch.searched}
                  onChange={(on) => useAdvancedSearchStore.getState().setEnabled(routePath, on)}
                />
              </>
            )}
            {can(GRID_BUTTON.settings) && (
              <Button icon={<SettingOutlined />} onClick={() => setOpenPanel('settings')}>
                {t('toolbar.settings')}
              </Button>
            )}
            {can(GRID_BUTTON.columnConfig) && (
              <Button icon={<TableOutlined />} onClick={() => setOpenPanel('columns')}>
                {t('toolbar.columnConfig')}
              </Button>
            )}
            <Button icon={<UnorderedListOutlined />} onClick={openColumnPanel}>
              {t('toolbar.columnPanel')}
            </Button>
            {can(GRID_BUTTON.importConfig) && (
              <Upload
                accept=".json,application/json"
                showUploadList={false}
                beforeUpload={(file) => {
                  void importConfig(file);
                  return Upload.LIST_IGNORE;
                }}
              >
                <Button icon={<UploadOutlined />}>{t('toolbar.importConfig')}</Button>
              </Upload>
            )}
            {can(GRID_BUTTON.exportConfig) && (
              <Button icon={<DownloadOutlined />} onClick={() => void exportConfig()}>
                {t('toolbar.exportConfig')}
              </Button>
            )}
            <Button icon={<OrderedListOutlined />} onClick={() => setOpenPanel('selected')}>
              {t('toolbar.selected', { count: selected.size })}
            </Button>
            <Button icon={<ColumnHeightOutlined />} onClick={() => setOpenPanel('pageSizes')}>
              {t('toolbar.pageSizes')}
            </Button>
            <Button icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggleFullscreen}>
              {t(fullscreen ? 'toolbar.exitFullscreen' : 'toolbar.fullscreen')}
            </Button>
          </Space>
        </Flex>
      )}

      <Table<GridRow>
        className="data-grid"
        style={rowColors}
        size="small"
        bordered
        rowKey={rowKey}
        columns={columns}
        dataSource={rows}
        loading={rowsQuery.isFetching}
        rowSelection={rowSelection}
        components={components}
        scroll={{ x: scrollWidth, y: tableBodyHeight }}
        summary={summary}
        onChange={onTableChange}
        pagination={{
          current: page,
          pageSize,
          total: rowsQuery.data?.total ?? 0,
          pageSizeOptions: pageSizes.map(String),
          showSizeChanger: true,
          showTotal: (total) => t('pagination.total', { total }),
        }}
      />

      {can(GRID_BUTTON.advancedSearch) && (
        <AdvancedSearchDialog
          open={openPanel === 'search'}
          onClose={closePanel}
          listRoute={listRoute}
          routePath={routePath}
          userName={userName}
          fields={settingRows}
        />
      )}
      {can(GRID_BUTTON.settings) && (
        <SettingsDrawer
          open={openPanel === 'settings'}
          onClose={closePanel}
          listRoute={listRoute}
          canDeleteOne={can(GRID_BUTTON.deleteOneSetting)}
          canDeleteAll={can(GRID_BUTTON.deleteAllSettings)}
        />
      )}
      {can(GRID_BUTTON.columnConfig) && (
        <ColumnConfigDrawer
          open={openPanel === 'columns'}
          onClose={closePanel}
          listRoute={listRoute}
          userName={userName}
          canDeleteAll={can(GRID_BUTTON.deleteAllColumnConfig)}
        />
      )}
      {columnPanelAnchor && (
        <ColumnVisibilityPanel anchor={columnPanelAnchor} configs={configs} onClose={closeColumnPanel} onConfirm={saveVisibleFlags} />
      )}
      <SelectedRecordsDrawer open={openPanel === 'selected'} onClose={closePanel} selected={selected} columns={columns} onUnselect={unselect} />
      <PageSizeDialog
        open={openPanel === 'pageSizes'}
        sizes={pageSizes}
        onClose={closePanel}
        onSave={(sizes) => setStoredPageSizes(routePath, sizes)}
      />
    </div>
  );
}
