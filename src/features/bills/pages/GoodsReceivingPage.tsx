/**
 * Goods receiving (spec §2 warehouse; menu WarehouseReceiving, link /warehouse/receiving): the
 * inbound scan screen. Scan a bill's code (found among all the inbound types the user may receive,
 * the type chosen with it, as the PDA finds it), or choose a type and one of its open bills, then
 * scan its reels into the scan box. Receipt is the bill's own
 * action (Bill/ConfirmReceipt, the button ConfirmReceipt of the type's menu).
 */
import { useCallback, useMemo, useState } from 'react';
import { Card, Empty, Form, Result, Select, Space } from 'antd';
import { BarcodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ButtonCode, MenuCode } from '../../../api/access-codes';
import { useAccess } from '../../../core/navigation/access';
import { useLanguage } from '../../../core/i18n/localizedTitle';
import { ScanInput } from '../../../grid/scan/ScanInput';
import type { BillAction } from '../../../shared/bills/actions';
import { RECEIVING_CATEGORIES } from '../../../shared/bills/statuses';
import { BILL_TYPE_DECLARATIONS } from '../../../shared/bills/types';
import { BillDetail } from '../components/BillDetail';
import { findBillByCode, useOpenBills } from '../model/billList';
import { statusLabel } from '../model/labels';
import { useCanReadLedger } from '../model/access';
import type { BillStatus } from '../../../shared/bills/statuses';

export default function GoodsReceivingPage() {
  const { t } = useTranslation('bills');
  const language = useLanguage();
  const { has } = useAccess();
  const canReadLedger = useCanReadLedger();
  const hasButton = useCallback((billType: string, action: BillAction) => has(`Bill${billType}` as MenuCode, action as ButtonCode as never), [has]);
  const types = useMemo(
    () => BILL_TYPE_DECLARATIONS.filter((type) => RECEIVING_CATEGORIES.includes(type.category) && type.actions.includes('ConfirmReceipt') && hasButton(type.code, 'ConfirmReceipt')),
    [hasButton],
  );
  const [billType, setBillType] = useState<string | undefined>(types[0]?.code);
  const [billId, setBillId] = useState<string>();
  const [notFound, setNotFound] = useState<string>();
  const openBills = useOpenBills(billType);
  const declaration = types.find((type) => type.code === billType);

  if (!types.length) return <Result status="info" title={t('receiving.noBillType')} />;

  const scanBill = async (code: string) => {
    // A clerk scans the paper in hand: its code names the bill whatever type is chosen at the moment.
    const found = await findBillByCode(code, types);
    setNotFound(found ? undefined : code);
    if (!found) return;
    setBillType(found.type.code);
    setBillId(found.entry.id);
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="goods-receiving-page">
      <Card size="small">
        <Form layout="inline" colon={false} style={{ rowGap: 8 }}>
          <Form.Item label={t('receiving.billType')}>
            <Select
              aria-label={t('receiving.billType')}
              style={{ width: 220 }}
              value={billType}
              onChange={(value: string) => {
                setBillType(value);
                setBillId(undefined);
              }}
              options={types.map((type) => ({ value: type.code, label: type.name[language] }))}
            />
          </Form.Item>
          <Form.Item label={t('receiving.billCode')}>
            <ScanInput
              autoFocus
              prefix={<BarcodeOutlined />}
              placeholder={t('receiving.scanBill')}
              aria-label={t('receiving.scanBill')}
              onScan={scanBill}
              style={{ width: 280 }}
              data-testid="bill-scan-input"
            />
          </Form.Item>
          <Form.Item label={t('receiving.openBills')}>
            <Select
              aria-label={t('receiving.openBills')}
              style={{ width: 320 }}
              showSearch
              loading={openBills.isFetching}
              value={billId}
              onChange={(value: string) => {
                setBillId(value);
                setNotFound(undefined);
              }}
              optionFilterProp="label"
              options={(openBills.data ?? []).map((bill) => ({
                value: bill.id,
                label: `${bill.billCode} · ${statusLabel(bill.status as BillStatus, language)}`,
              }))}
            />
          </Form.Item>
        </Form>
        {notFound && (
          <div data-testid="bill-not-found">
            <Result status="warning" title={t('receiving.notFound', { bill: notFound })} style={{ padding: 8 }} />
          </div>
        )}
      </Card>
      {declaration && billId ? (
        <BillDetail
          key={billId}
          compact
          declaration={declaration}
          billId={billId}
          has={(action) => hasButton(declaration.code, action)}
          canReadLedger={canReadLedger}
          onChanged={() => void openBills.refetch()}
        />
      ) : (
        <Empty description={t('receiving.pickBill')} />
      )}
    </Space>
  );
}
