import { useMemo, type CSSProperties, type Key } from 'react';
import { Empty, theme, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { VirtualBody, type BodyColumn, type ScrollBodyInfo } from '../components/VirtualBody';
import type { GridRow } from '../model/types';

interface VirtualBodyOptions {
  columns: readonly BodyColumn[];
  rowKey(row: GridRow): Key;
  selectionWidth: number;
  /** Height of the scrolling body in pixels. */
  height: number;
  selected: ReadonlyMap<Key, GridRow>;
  onToggle(row: GridRow, on: boolean): void;
  onRowClick?(row: GridRow): void;
  /** What the empty body says; default antd's 暂无数据 / No data. */
  emptyText?: string;
}

/**
 * antd Table's `components` with the grid's virtual body (components/VirtualBody.tsx) in place of
 * its own, and the colours of hovered and selected rows, which the body's plain rows take from the theme.
 */
export function useVirtualBody({ columns, rowKey, selectionWidth, height, selected, onToggle, onRowClick, emptyText }: VirtualBodyOptions) {
  const { t } = useTranslation('grid');
  const { token } = theme.useToken();
  // antd's row height for size="small" (InternalTable's listItemHeight); every row is exactly this.
  const rowHeight = token.paddingXS * 2 + Math.floor(token.fontSize * token.lineHeight) + token.lineWidth;
  const checkboxLabel = t('selection.row');
  const components = useMemo<TableProps<GridRow>['components']>(
    () => ({
      body: ((data: readonly GridRow[], info: ScrollBodyInfo) => (
        <VirtualBody
          rows={data}
          columns={columns}
          rowKey={rowKey}
          selectionWidth={selectionWidth}
          rowHeight={rowHeight}
          height={height}
          info={info}
          selected={selected}
          onToggle={onToggle}
          onRowClick={onRowClick}
          checkboxLabel={checkboxLabel}
          checkboxColor={token.colorPrimary}
          empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} {...(emptyText ? { description: emptyText } : {})} />}
        />
      )) as unknown as NonNullable<TableProps<GridRow>['components']>['body'],
    }),
    [columns, rowKey, selectionWidth, rowHeight, height, selected, onToggle, onRowClick, checkboxLabel, token.colorPrimary, emptyText],
  );
  const rowColors = {
    '--data-grid-row-hover-bg': `linear-gradient(${token.colorFillAlter}, ${token.colorFillAlter}) ${token.colorBgContainer}`,
    '--data-grid-selected-row-hover-bg': token.controlItemBgActiveHover,
  } as CSSProperties;

  return { components, rowColors };
}
