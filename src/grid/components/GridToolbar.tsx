import { useCallback, useMemo, useRef, useState, type Key, type MouseEvent, type ReactNode } from 'react';
import { Button, Flex, Space, Switch, theme, type TableColumnsType } from 'antd';
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
import { saveColumnConfig } from '../api/listParam';
import { useInvalidateGrid } from '../api/queries';
import { useGridConfigFile } from '../hooks/useGridConfigFile';
import { useGridFeedback } from '../hooks/useGridFeedback';
import { columnsForSave } from '../logic/rows';
import { GRID_BUTTON, type GridButtonCode } from '../model/codes';
import type { ColumnConfig, GridRow, SearchFieldSetting } from '../model/types';
import { useAdvancedSearchStore, type RouteSearchState } from '../state/advancedSearchStore';
import { AdvancedSearchDialog } from './AdvancedSearchDialog';
import { ColumnConfigDrawer } from './ColumnConfigDrawer';
import { ColumnVisibilityPanel, type PanelAnchor } from './ColumnVisibilityPanel';
import { PageSizeDialog } from './PageSizeDialog';
import { SelectedRecordsDrawer } from './SelectedRecordsDrawer';
import { SettingsDrawer } from './SettingsDrawer';

/** A page's own button that works on the selected rows (spec §5 row operations). */
export interface GridRowAction {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  danger?: boolean;
  onClick(selectedRows: GridRow[]): void;
}

export interface GridToolbarProps {
  /** The toolbar's row of buttons shows (the header's 表格工具 switch); the panels it opened stay. */
  visible: boolean;
  listRoute: string;
  routePath: string;
  title: string;
  userName: string;
  /** The granted button codes (spec §6); each tool shows only when its code is here. */
  buttonCodes: readonly string[];
  routeSearch: RouteSearchState;
  settingRows: readonly SearchFieldSetting[];
  configs: readonly ColumnConfig[];
  /** The grid's columns, as the selected-records drawer lists them. */
  columns: TableColumnsType<GridRow>;
  /** The width the grid shows each column in, by field (the column configuration starts from it). */
  shownWidths?: ReadonlyMap<string, number>;
  selected: ReadonlyMap<Key, GridRow>;
  onUnselect(keys: readonly Key[]): void;
  pageSizes: readonly number[];
  onPageSizesSave(sizes: number[]): void;
  fullscreen: boolean;
  onToggleFullscreen(): void;
  rowActions?: readonly GridRowAction[];
  toolbarExtra?: ReactNode;
}

type Panel = 'search' | 'settings' | 'columns' | 'selected' | 'pageSizes';

/**
 * The grid's toolbar (spec §4, §5) and the dialogs and drawers its buttons open: the page's own
 * buttons on the left, the grid's tools on the right (advanced search and its switch, settings,
 * column config, column panel, configuration import and export, selected records, page sizes,
 * full screen), each tool gated by its §6 button code.
 */
export function GridToolbar(props: GridToolbarProps) {
  const { visible, listRoute, routePath, title, userName, buttonCodes, routeSearch, settingRows, configs, columns, selected, onUnselect } = props;
  const { pageSizes, onPageSizesSave, fullscreen, onToggleFullscreen, rowActions, toolbarExtra, shownWidths } = props;
  const { t } = useTranslation('grid');
  const { token } = theme.useToken();
  const feedback = useGridFeedback();
  const invalidate = useInvalidateGrid(listRoute);
  const { exportConfig, importConfig } = useGridConfigFile(listRoute, title);
  const configFileInput = useRef<HTMLInputElement>(null);

  const granted = useMemo(() => new Set(buttonCodes), [buttonCodes]);
  const can = (code: GridButtonCode) => granted.has(code);

  const [openPanel, setOpenPanel] = useState<Panel>();
  // A dialog or drawer mounts when first opened, and then stays (its closing animation, its state):
  // closed, each still registered its antd styles and ran its hooks before the grid's first rows.
  const [panelsOpened, setPanelsOpened] = useState<ReadonlySet<Panel>>(() => new Set());
  const showPanel = (panel: Panel) => {
    setOpenPanel(panel);
    setPanelsOpened((opened) => (opened.has(panel) ? opened : new Set(opened).add(panel)));
  };
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

  const hasPageButtons = Boolean(toolbarExtra) || Boolean(rowActions?.length);

  return (
    <>
      {visible && (
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
                  onClick={() => showPanel('search')}
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
              <Button icon={<SettingOutlined />} onClick={() => showPanel('settings')}>
                {t('toolbar.settings')}
              </Button>
            )}
            {can(GRID_BUTTON.columnConfig) && (
              <Button icon={<TableOutlined />} onClick={() => showPanel('columns')}>
                {t('toolbar.columnConfig')}
              </Button>
            )}
            <Button icon={<UnorderedListOutlined />} onClick={openColumnPanel}>
              {t('toolbar.columnPanel')}
            </Button>
            {/*
              The rarely used tools (a configuration's import and export, the page sizes) show their icon,
              named by aria-label and hinted by title: with every label the English toolbar took a second
              line at 1280 px ("Full screen" wrapped below the rest).
            */}
            {can(GRID_BUTTON.importConfig) && (
              <Button icon={<UploadOutlined />} aria-label={t('toolbar.importConfig')} title={t('toolbar.importConfig')} onClick={() => configFileInput.current?.click()} />
            )}
            {can(GRID_BUTTON.exportConfig) && (
              <Button icon={<DownloadOutlined />} aria-label={t('toolbar.exportConfig')} title={t('toolbar.exportConfig')} onClick={() => void exportConfig()} />
            )}
            <Button icon={<OrderedListOutlined />} onClick={() => showPanel('selected')}>
              {t('toolbar.selected', { count: selected.size })}
            </Button>
            <Button icon={<ColumnHeightOutlined />} aria-label={t('toolbar.pageSizes')} title={t('toolbar.pageSizes')} onClick={() => showPanel('pageSizes')} />
            <Button icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={onToggleFullscreen}>
              {t(fullscreen ? 'toolbar.exitFullscreen' : 'toolbar.fullscreen')}
            </Button>
          </Space>
        </Flex>
      )}

      {can(GRID_BUTTON.importConfig) && (
        // The 导入配置 button's file input. Not antd's Upload: its styles were 13 ms of the grid's first render (`npm run bench -- grid`).
        <input
          ref={configFileInput}
          type="file"
          accept=".json,application/json"
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Emptied, so that choosing the same file again is a change too.
            event.target.value = '';
            if (file) void importConfig(file);
          }}
        />
      )}
      {can(GRID_BUTTON.advancedSearch) && panelsOpened.has('search') && (
        <AdvancedSearchDialog
          open={openPanel === 'search'}
          onClose={closePanel}
          listRoute={listRoute}
          routePath={routePath}
          userName={userName}
          fields={settingRows}
        />
      )}
      {can(GRID_BUTTON.settings) && panelsOpened.has('settings') && (
        <SettingsDrawer
          open={openPanel === 'settings'}
          onClose={closePanel}
          listRoute={listRoute}
          canDeleteOne={can(GRID_BUTTON.deleteOneSetting)}
          canDeleteAll={can(GRID_BUTTON.deleteAllSettings)}
        />
      )}
      {can(GRID_BUTTON.columnConfig) && panelsOpened.has('columns') && (
        <ColumnConfigDrawer
          open={openPanel === 'columns'}
          onClose={closePanel}
          listRoute={listRoute}
          userName={userName}
          canDeleteAll={can(GRID_BUTTON.deleteAllColumnConfig)}
          shownWidths={shownWidths}
        />
      )}
      {columnPanelAnchor && (
        <ColumnVisibilityPanel anchor={columnPanelAnchor} configs={configs} onClose={closeColumnPanel} onConfirm={saveVisibleFlags} />
      )}
      {panelsOpened.has('selected') && (
        <SelectedRecordsDrawer open={openPanel === 'selected'} onClose={closePanel} selected={selected} columns={columns} onUnselect={onUnselect} />
      )}
      {panelsOpened.has('pageSizes') && (
        <PageSizeDialog open={openPanel === 'pageSizes'} sizes={pageSizes} onClose={closePanel} onSave={onPageSizesSave} />
      )}
    </>
  );
}
