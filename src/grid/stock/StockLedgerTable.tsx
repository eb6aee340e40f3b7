/**
 * The stock ledger as a table (Stock/Ledger): each transaction once per place it changed, newest
 * first, paged on the server. The ledger screen, a reel's history and a bill's stock tab show it
 * with their filter. A call-backed list without a LIST_ROUTE (the as-of and per-reel reads are
 * computed), so a plain antd Table per the DataGrid's rule, paging on the server.
 */
import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { instantText, useQuantityText } from './format';
import { useServerPaging } from './serverPaging';
import { useCaptionFit } from '../hooks/useCaptionFit';
import { useStockLedger, type LedgerFilter, type LedgerRow } from './stockApi';

export interface StockLedgerTableProps {
  filter: LedgerFilter;
  /** Columns the context makes redundant (a reel's history needs no reel column). */
  hide?: readonly (keyof LedgerRow)[];
}

/** A signed change: green where stock came, red where it left; a zero change shows nothing. */
function SignedQuantity({ value, text }: { value: string; text: string }) {
  if (/^-?0+(\.0+)?$/.test(value)) return null;
  return <Typography.Text type={value.startsWith('-') ? 'danger' : 'success'}>{value.startsWith('-') ? text : `+${text}`}</Typography.Text>;
}

export function StockLedgerTable({ filter, hide = [] }: StockLedgerTableProps) {
  const { t } = useTranslation('stock');
  const quantity = useQuantityText();
  // Another reel, part or bill starts at its first page.
  const { page, limit, pagination } = useServerPaging(JSON.stringify(filter));
  const ledger = useStockLedger(filter, page, limit);

  const signed = (value: string) => <SignedQuantity value={value} text={quantity(value)} />;
  // What changed comes first (when, what, which part, by how much, where); the reel, lot, bill and who after it,
  // so the signed quantities are in view without a sideways scroll at 1280-1440 pixels.
  const columns: TableColumnsType<LedgerRow> = [
    { key: 'Time', dataIndex: 'Time', title: t('field.Time'), width: 160, render: instantText },
    { key: 'Kind', dataIndex: 'Kind', title: t('field.Kind'), width: 100, render: (kind: LedgerRow['Kind']) => t(`kind.${kind}`) },
    { key: 'PartCode', dataIndex: 'PartCode', title: t('field.PartCode'), width: 130 },
    { key: 'Qty', dataIndex: 'Qty', title: t('field.QtyChange'), width: 110, align: 'right', render: signed },
    { key: 'ReservedQty', dataIndex: 'ReservedQty', title: t('field.ReservedChange'), width: 110, align: 'right', render: signed },
    { key: 'InspectionQty', dataIndex: 'InspectionQty', title: t('field.InspectionChange'), width: 110, align: 'right', render: signed },
    { key: 'Sic', dataIndex: 'Sic', title: t('field.Sic'), width: 100 },
    { key: 'Loc', dataIndex: 'Loc', title: t('field.Loc'), width: 110 },
    { key: 'ReelCode', dataIndex: 'ReelCode', title: t('field.ReelCode'), width: 190 },
    { key: 'LotCode', dataIndex: 'LotCode', title: t('field.LotCode'), width: 150 },
    { key: 'BillCode', dataIndex: 'BillCode', title: t('field.BillCode'), width: 160 },
    { key: 'LineNo', dataIndex: 'LineNo', title: t('field.LineNo'), width: 70, align: 'right' },
    { key: 'UserName', dataIndex: 'UserName', title: t('field.UserName'), width: 100 },
    { key: 'Reason', dataIndex: 'Reason', title: t('field.Reason'), width: 160, ellipsis: true },
  ];
  // Each caption on one line in either language (the widths above are the Chinese captions').
  const shown = useCaptionFit(columns.filter((column) => !hide.includes(column.key as keyof LedgerRow)));

  return (
    <Table<LedgerRow>
      data-testid="stock-ledger-table"
      size="small"
      bordered
      rowKey={(row) => `${row.TransactionId}|${row.Sic}|${row.Loc}|${row.Qty}`}
      columns={shown}
      dataSource={ledger.data?.rows ?? []}
      loading={ledger.isFetching}
      scroll={{ x: shown.reduce((sum, column) => sum + Number(column.width ?? 100), 0) }}
      pagination={pagination(ledger.data?.total ?? 0)}
    />
  );
}
