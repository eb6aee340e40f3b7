/**
 * A bill's lines, reels and action log as the detail tabs show them: a few rows of one record, so
 * plain antd tables (the DataGrid's rule), with the type's line columns, labelled statuses and
 * grouped quantities, and each row's own actions.
 */
import type { ReactNode } from 'react';
import { Button, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../core/i18n/localizedTitle';
import { instantText, useQuantityText } from '../../../grid/stock/format';
import { isBillAction, type BillAction } from '../../../shared/bills/actions';
import { BILL_LINE_COLUMNS, type BillLineColumn } from '../../../shared/bills/fields';
import type { BillTypeDeclaration } from '../../../shared/bills/declaration';
import type { BillBox, BillLine, BillLogRow } from '../api';
import { CONFIRMED_ACTIONS } from '../model/billActions';
import { actionLabel, boxStatusLabel, lineColumnLabel, lineStatusLabel, statusLabel } from '../model/labels';

/** Line columns that hold exact decimal text. */
const QUANTITY_COLUMNS: readonly BillLineColumn[] = ['Qty', 'ActualQty', 'BalanceQty', 'Mpq'];

/** A row's action buttons; undoing ones ask first. */
function RowActions<A extends BillAction>({ actions, onAction }: { actions: A[]; onAction(action: A): void }) {
  const { t } = useTranslation('bills');
  const language = useLanguage();
  return (
    <Space size={4} wrap>
      {actions.map((action) => {
        const label = actionLabel(action, language);
        return CONFIRMED_ACTIONS.includes(action) ? (
          <Popconfirm key={action} title={t('toolbar.confirm', { action: label })} onConfirm={() => onAction(action)}>
            <Button size="small" type="link">
              {label}
            </Button>
          </Popconfirm>
        ) : (
          <Button key={action} size="small" type="link" onClick={() => onAction(action)}>
            {label}
          </Button>
        );
      })}
    </Space>
  );
}

export function BillLinesTable({
  declaration,
  lines,
  actionsOf,
  onAction,
}: {
  declaration: BillTypeDeclaration;
  lines: BillLine[];
  actionsOf(line: BillLine): BillAction[];
  onAction(action: BillAction, line: BillLine): void;
}) {
  const { t } = useTranslation('bills');
  const language = useLanguage();
  const quantity = useQuantityText();
  const cell = (column: BillLineColumn) => (value: unknown): ReactNode => {
    if (value == null || value === '') return '';
    if (column === 'Status') return lineStatusLabel(value as BillLine['Status'], language);
    if (QUANTITY_COLUMNS.includes(column) || column === 'TotalBox') return quantity(String(value));
    return String(value);
  };
  const columns: TableColumnsType<BillLine> = declaration.lineColumns.map((column) => ({
    key: column,
    dataIndex: column,
    title: lineColumnLabel(column, language),
    width: column === 'LineNo' ? 64 : 120,
    align: BILL_LINE_COLUMNS[column].kind === 'number' ? 'right' : undefined,
    render: cell(column),
  }));
  const withActions = lines.some((line) => actionsOf(line).length > 0);
  if (withActions) {
    columns.push({
      key: 'actions',
      title: t('detail.rowActions'),
      fixed: 'right',
      width: 200,
      render: (_, line) => <RowActions actions={actionsOf(line)} onAction={(action) => onAction(action, line)} />,
    });
  }
  return (
    <Table<BillLine>
      data-testid="bill-lines"
      size="small"
      bordered
      rowKey="LineNo"
      columns={columns}
      dataSource={lines}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}

export function BillBoxesTable({
  boxes,
  actionsOf,
  onAction,
}: {
  boxes: BillBox[];
  actionsOf(box: BillBox): BillAction[];
  onAction(action: BillAction, box: BillBox): void;
}) {
  const { t } = useTranslation('bills');
  const language = useLanguage();
  const quantity = useQuantityText();
  const columns: TableColumnsType<BillBox> = [
    { key: 'ReelCode', dataIndex: 'ReelCode', title: t('box.ReelCode'), width: 190 },
    { key: 'LineNo', dataIndex: 'LineNo', title: t('box.LineNo'), width: 64, align: 'right' },
    { key: 'PartCode', dataIndex: 'PartCode', title: t('box.PartCode'), width: 140 },
    { key: 'LotCode', dataIndex: 'LotCode', title: t('box.LotCode'), width: 170 },
    { key: 'Qty', dataIndex: 'Qty', title: t('box.Qty'), width: 110, align: 'right', render: (value: string) => quantity(value) },
    { key: 'PrintCount', dataIndex: 'PrintCount', title: t('box.PrintCount'), width: 90, align: 'right' },
    {
      key: 'Status',
      dataIndex: 'Status',
      title: t('box.Status'),
      width: 160,
      render: (status: BillBox['Status'], box) => (
        <Space size={4}>
          {boxStatusLabel(status, language)}
          {box.IqcFlag && <Tag color="orange">{t('box.pendingInspection')}</Tag>}
        </Space>
      ),
    },
  ];
  if (boxes.some((box) => actionsOf(box).length > 0)) {
    columns.push({
      key: 'actions',
      title: t('detail.rowActions'),
      width: 160,
      render: (_, box) => <RowActions actions={actionsOf(box)} onAction={(action) => onAction(action, box)} />,
    });
  }
  return (
    <Table<BillBox>
      data-testid="bill-boxes"
      size="small"
      bordered
      rowKey="ReelCode"
      columns={columns}
      dataSource={boxes}
      pagination={boxes.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
    />
  );
}

export function BillLogTable({ log }: { log: BillLogRow[] }) {
  const { t } = useTranslation('bills');
  const language = useLanguage();
  const quantity = useQuantityText();
  const columns: TableColumnsType<BillLogRow> = [
    { key: 'Time', dataIndex: 'Time', title: t('log.Time'), width: 170, render: instantText },
    { key: 'UserName', dataIndex: 'UserName', title: t('log.UserName'), width: 110 },
    { key: 'Action', dataIndex: 'Action', title: t('log.Action'), width: 140, render: (action: string) => (isBillAction(action) ? actionLabel(action, language) : action) },
    {
      key: 'Status',
      title: t('log.Status'),
      width: 200,
      render: (_, row) => `${row.StatusBefore ? `${statusLabel(row.StatusBefore, language)} → ` : ''}${statusLabel(row.StatusAfter, language)}`,
    },
    { key: 'LineNo', dataIndex: 'LineNo', title: t('log.LineNo'), width: 64, align: 'right' },
    { key: 'ReelCode', dataIndex: 'ReelCode', title: t('log.ReelCode'), width: 190 },
    { key: 'Qty', dataIndex: 'Qty', title: t('log.Qty'), width: 110, align: 'right', render: (value: string | null) => quantity(value) },
  ];
  // Newest first on screen (the call sends the log oldest first).
  return (
    <Table<BillLogRow & { key: number }>
      data-testid="bill-log"
      size="small"
      bordered
      rowKey="key"
      columns={columns as TableColumnsType<BillLogRow & { key: number }>}
      dataSource={log.map((row, key) => ({ ...row, key })).reverse()}
      pagination={log.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
    />
  );
}
