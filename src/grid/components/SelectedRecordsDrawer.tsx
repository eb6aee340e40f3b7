import { useMemo } from 'react';
import { Button, Drawer, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Key } from 'react';
import type { GridRow } from '../model/types';

interface SelectedRecordsDrawerProps {
  open: boolean;
  onClose(): void;
  /** Selected rows by row key, across pages. */
  selected: ReadonlyMap<Key, GridRow>;
  columns: TableColumnsType<GridRow>;
  onUnselect(keys: Key[]): void;
}

const DRAWER_WIDTH = '60%';
const BODY_HEIGHT = 520;

/** The selected-records drawer (spec §2): what is selected on every page, with a way to drop rows. */
export function SelectedRecordsDrawer({ open, onClose, selected, columns, onUnselect }: SelectedRecordsDrawerProps) {
  const { t } = useTranslation('grid');
  const entries = useMemo(() => [...selected], [selected]);
  const plainColumns = useMemo(
    () => columns.map((column) => ({ ...column, sorter: undefined, sortOrder: undefined })),
    [columns],
  );
  const width = useMemo(() => plainColumns.reduce((sum, c) => sum + (Number(c.width) || 0), 0), [plainColumns]);
  const rowKey = useMemo(() => {
    const keyOf = new Map(entries.map(([key, row]) => [row, key]));
    return (row: GridRow) => keyOf.get(row) as Key;
  }, [entries]);

  return (
    <Drawer open={open} title={t('selected.title', { count: selected.size })} width={DRAWER_WIDTH} onClose={onClose} destroyOnHidden>
      <Space style={{ marginBottom: 8 }}>
        <Button disabled={selected.size === 0} onClick={() => onUnselect(entries.map(([key]) => key))}>
          {t('selected.clear')}
        </Button>
      </Space>
      <Table<GridRow>
        size="small"
        virtual
        rowKey={rowKey}
        columns={plainColumns}
        dataSource={entries.map(([, row]) => row)}
        pagination={false}
        scroll={{ x: width, y: BODY_HEIGHT }}
        rowSelection={{
          selectedRowKeys: entries.map(([key]) => key),
          onChange: (keys) => {
            const kept = new Set(keys);
            onUnselect(entries.map(([key]) => key).filter((key) => !kept.has(key)));
          },
        }}
      />
    </Drawer>
  );
}
