/**
 * Stock query (menu WarehouseStock, link /warehouse/stock): stock per part, storage location,
 * locator and lot — on hand, reserved, pending inspection and available — now, or as it was at a
 * past instant (Stock/Balance computes it from the ledger). Paged on the server. The code fields suggest
 * records by code or name as the user types.
 */
import { useState } from 'react';
import { Alert, DatePicker, Form, Input, Space, Table, type TableColumnsType } from 'antd';
import Decimal from 'decimal.js';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { instantText, useQuantityText } from '../../../grid/stock/format';
import { TIME_FORMAT } from '../../../core/format/time';
import { useServerPaging } from '../../../grid/stock/serverPaging';
import { SearchActions } from '../components/SearchActions';
import { StockCodeInput } from '../components/StockCodeInput';
import { useStockBalance, type BalanceFilter, type BalanceRow } from '../api';

const AS_OF_FORMAT = TIME_FORMAT.second;

interface SearchValues {
  PartCode?: string;
  Sic?: string;
  Loc?: string;
  LotCode?: string;
  AsOf?: Dayjs | null;
}

const trimmed = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** The form's values as the call's filter: blank fields match anything. */
function filterOf(values: SearchValues): BalanceFilter {
  return {
    PartCode: trimmed(values.PartCode),
    Sic: trimmed(values.Sic),
    Loc: trimmed(values.Loc),
    LotCode: trimmed(values.LotCode),
    AsOf: values.AsOf ? values.AsOf.toISOString() : undefined,
  };
}

/** On hand less what is reserved and what waits for inspection. */
const availableOf = (row: BalanceRow) => new Decimal(row.Qty).minus(row.ReservedQty).minus(row.InspectionQty).toString();

export default function StockQueryPage() {
  const { t } = useTranslation('stock');
  const quantity = useQuantityText();
  const [form] = Form.useForm<SearchValues>();
  // A locator's suggestions are those of the storage location typed beside it.
  const storageLocation = Form.useWatch('Sic', form);
  const [filter, setFilter] = useState<BalanceFilter>({});
  const { page, limit, setPage, pagination } = useServerPaging(JSON.stringify(filter));
  const balance = useStockBalance(filter, page, limit);

  /** Searching again for the same stock reads it again (it may have moved since). */
  const search = (values: SearchValues) => {
    const next = filterOf(values);
    if (JSON.stringify(next) === JSON.stringify(filter) && page === 1) void balance.refetch();
    setFilter(next);
    setPage(1);
  };
  const number = (value: string) => quantity(value);
  // Every column but the part's name has a width; the name takes what is left, so at a 1440-pixel screen
  // the quantities (Available last) are all in view without scrolling sideways.
  const quantityColumn = { width: 112, align: 'right' as const };
  const columns: TableColumnsType<BalanceRow> = [
    { key: 'PartCode', dataIndex: 'PartCode', title: t('field.PartCode'), width: 150 },
    { key: 'PartName', dataIndex: 'PartName', title: t('field.PartName'), ellipsis: true },
    { key: 'Sic', dataIndex: 'Sic', title: t('field.Sic'), width: 110 },
    { key: 'Loc', dataIndex: 'Loc', title: t('field.Loc'), width: 120 },
    { key: 'LotCode', dataIndex: 'LotCode', title: t('field.LotCode'), width: 150 },
    { key: 'Qty', dataIndex: 'Qty', title: t('field.OnHand'), ...quantityColumn, render: number },
    { key: 'ReservedQty', dataIndex: 'ReservedQty', title: t('field.ReservedQty'), ...quantityColumn, render: number },
    { key: 'InspectionQty', dataIndex: 'InspectionQty', title: t('field.InspectionQty'), ...quantityColumn, render: number },
    { key: 'Available', title: t('field.Available'), ...quantityColumn, render: (_, row) => number(availableOf(row)) },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="stock-query-page">
      <Form<SearchValues> form={form} layout="inline" colon={false} onFinish={search} style={{ rowGap: 8 }}>
        <Form.Item name="PartCode" label={t('field.PartCode')}>
          <StockCodeInput field="PartCode" allowClear autoFocus placeholder={t('search.codeOrName')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="Sic" label={t('field.Sic')}>
          <StockCodeInput field="Sic" allowClear placeholder={t('search.codeOrName')} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="Loc" label={t('field.Loc')}>
          <StockCodeInput field="Loc" sic={storageLocation} allowClear placeholder={t('search.codeOrName')} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="LotCode" label={t('field.LotCode')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="AsOf" label={t('search.asOf')}>
          <DatePicker
            showTime
            format={AS_OF_FORMAT}
            placeholder={t('search.now')}
            style={{ width: 200 }}
            presets={[
              { label: t('search.oneHourAgo'), value: () => dayjs().subtract(1, 'hour') },
              { label: t('search.yesterday'), value: () => dayjs().subtract(1, 'day') },
              { label: t('search.lastWeek'), value: () => dayjs().subtract(7, 'day') },
            ]}
          />
        </Form.Item>
        <SearchActions
          onReset={() => {
            form.resetFields();
            search({});
          }}
        />
      </Form>
      {filter.AsOf && <Alert type="info" showIcon message={t('search.showingAsOf', { time: instantText(filter.AsOf) })} data-testid="stock-as-of" />}
      <Table<BalanceRow>
        data-testid="stock-balance-table"
        // When the rows shown were read (a scanner-driven test waits for a new search's answer by it).
        data-updated-at={balance.isPlaceholderData ? undefined : balance.dataUpdatedAt}
        size="small"
        bordered
        rowKey={(row) => `${row.PartCode}|${row.Sic}|${row.Loc}|${row.LotCode}`}
        columns={columns}
        dataSource={balance.data?.rows ?? []}
        loading={balance.isFetching}
        scroll={{ x: 1100 }}
        pagination={pagination(balance.data?.total ?? 0, balance.data?.totalIsEstimate)}
      />
    </Space>
  );
}
