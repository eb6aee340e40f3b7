/**
 * Stock ledger (menu WarehouseLedger, link /warehouse/ledger): every stock transaction of a part, a
 * reel or a bill (or all of them), newest first, each once per place it changed, the quantity signed.
 */
import { useState } from 'react';
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { StockLedgerTable } from '../../../grid/stock/StockLedgerTable';
import type { LedgerFilter } from '../../../grid/stock/stockApi';
import { SearchActions } from '../components/SearchActions';
import { StockCodeInput } from '../components/StockCodeInput';

const trimmed = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

export default function StockLedgerPage() {
  const { t } = useTranslation('stock');
  const [form] = Form.useForm<LedgerFilter>();
  const [filter, setFilter] = useState<LedgerFilter>({});
  const search = (values: LedgerFilter) =>
    setFilter({ PartCode: trimmed(values.PartCode), ReelCode: trimmed(values.ReelCode), BillCode: trimmed(values.BillCode) });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="stock-ledger-page">
      <Form<LedgerFilter> form={form} layout="inline" colon={false} onFinish={search} style={{ rowGap: 8 }}>
        <Form.Item name="PartCode" label={t('field.PartCode')}>
          <StockCodeInput field="PartCode" allowClear autoFocus placeholder={t('search.codeOrName')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="ReelCode" label={t('field.ReelCode')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="BillCode" label={t('field.BillCode')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <SearchActions
          onReset={() => {
            form.resetFields();
            setFilter({});
          }}
        />
      </Form>
      <StockLedgerTable filter={filter} />
    </Space>
  );
}
