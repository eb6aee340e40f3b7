/**
 * Reel query and history (menu WarehouseReel, link /warehouse/reel): scan or type a reel code and
 * Enter; the reel (part, vendor, lot, quantity, status, place, reservation, printing) and its whole
 * history (the ledger of the reel, newest first). The input is cleared and keeps the focus, ready
 * for the next scan.
 */
import { useState } from 'react';
import { Card, Descriptions, Empty, Result, Space, Tag } from 'antd';
import { BarcodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { codeWithName } from '../../../core/format/master-code';
import { instantText, useQuantityText } from '../../../grid/stock/format';
import { StockLedgerTable } from '../../../grid/stock/StockLedgerTable';
import { ScanInput } from '../../../grid/scan/ScanInput';
import { useReel, type Reel } from '../api';

const STATUS_COLOR: Record<Reel['Status'], string> = {
  CREATED: 'default',
  INSPECTION: 'orange',
  IN_STOCK: 'green',
  ISSUED: 'blue',
  SCRAPPED: 'red',
};

export default function ReelQueryPage() {
  const { t } = useTranslation('stock');
  const quantity = useQuantityText();
  const [reelCode, setReelCode] = useState<string>();
  const reel = useReel(reelCode);

  const found = reel.data;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="reel-query-page">
      <ScanInput
        autoFocus
        size="large"
        prefix={<BarcodeOutlined />}
        placeholder={t('reel.scanPlaceholder')}
        aria-label={t('reel.scanPlaceholder')}
        onScan={setReelCode}
        style={{ maxWidth: 480 }}
        data-testid="reel-scan-input"
      />
      {!reelCode && <Empty description={t('reel.prompt')} />}
      {reelCode && reel.isError && (
        <div data-testid="reel-not-found">
          <Result status="warning" title={reel.error.message} />
        </div>
      )}
      {found && (
        <>
          <Card size="small" title={found.ReelCode} extra={<Tag color={STATUS_COLOR[found.Status]}>{t(`reelStatus.${found.Status}`)}</Tag>} data-testid="reel-card">
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
              <Descriptions.Item label={t('field.PartCode')}>{codeWithName(found.PartCode, found.PartName)}</Descriptions.Item>
              <Descriptions.Item label={t('field.VendorCode')}>{codeWithName(found.VendorCode, found.VendorName)}</Descriptions.Item>
              <Descriptions.Item label={t('field.LotCode')}>{found.LotCode}</Descriptions.Item>
              <Descriptions.Item label={t('field.DateCode')}>{found.DateCode}</Descriptions.Item>
              <Descriptions.Item label={t('field.ExpireDate')}>{found.ExpireDate}</Descriptions.Item>
              <Descriptions.Item label={t('field.Qty')}>{quantity(found.Qty)}</Descriptions.Item>
              <Descriptions.Item label={t('field.Sic')}>{found.Sic}</Descriptions.Item>
              <Descriptions.Item label={t('field.Loc')}>{found.Loc}</Descriptions.Item>
              <Descriptions.Item label={t('field.ReservedQty')}>{quantity(found.ReservedQty)}</Descriptions.Item>
              <Descriptions.Item label={t('field.ReservedBillCode')}>{found.ReservedBillCode}</Descriptions.Item>
              <Descriptions.Item label={t('field.ParentReelCode')}>{found.ParentReelCode}</Descriptions.Item>
              <Descriptions.Item label={t('field.ReceivedAt')}>{instantText(found.ReceivedAt)}</Descriptions.Item>
              <Descriptions.Item label={t('field.PrintCount')}>{quantity(String(found.PrintCount))}</Descriptions.Item>
              <Descriptions.Item label={t('field.PrintDate')}>{instantText(found.PrintDate)}</Descriptions.Item>
              <Descriptions.Item label={t('field.Printer')}>{found.Printer}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card size="small" title={t('reel.history')}>
            <StockLedgerTable filter={{ ReelCode: found.ReelCode }} hide={['ReelCode']} />
          </Card>
        </>
      )}
    </Space>
  );
}
