/**
 * The rack view (menu WarehouseRackView, link /warehouse/rack-view; issue 17 smart shelves): scan or
 * type a rack code and Enter; its cells as a grid by row and column, each with its light (on/off,
 * colour, blinking; a send that failed is marked) and its reels (the lit ones first). Polled every
 * two seconds (Shelf/Cells), so a bill's light on/off, a pick or a receipt shows here live.
 */
import { useState } from 'react';
import { Badge, Card, Empty, Result, Space, Tag, Tooltip, Typography } from 'antd';
import { BarcodeOutlined, BulbFilled, BulbOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useQuantityText } from '../../../grid/stock/format';
import { ScanInput } from '../../../grid/scan/ScanInput';
import { useShelfCells, type ShelfCell } from '../api';

/**
 * A cell's narrowest: four cells of a rack fit side by side on a small laptop screen. Its code, reel codes
 * and quantities wrap inside it (the card's title would otherwise end in an ellipsis) rather than being cut off.
 */
const CELL_MIN_WIDTH = 136;
const WRAP_ANYWHERE = { whiteSpace: 'normal', overflowWrap: 'anywhere' } as const;

const LIGHT_COLORS: Record<ShelfCell['Light']['Color'], string> = {
  green: '#52c41a',
  blue: '#1677ff',
  red: '#ff4d4f',
  yellow: '#fadb14',
  white: '#d9d9d9',
};

function CellCard({ cell }: { cell: ShelfCell }) {
  const { t } = useTranslation('pages');
  const quantity = useQuantityText();
  const { On, Color, Blink } = cell.Light;
  const lightText = On ? `${t('RackView.on')} · ${t(`RackView.color.${Color}`)}${Blink ? ` · ${t('RackView.blink')}` : ''}` : t('RackView.off');
  return (
    <Card
      size="small"
      title={cell.CellCode}
      data-testid={`rack-cell-${cell.CellCode}`}
      data-light={On ? `${Color}${Blink ? '-blink' : ''}` : 'off'}
      style={{ opacity: cell.Enabled ? 1 : 0.5, borderColor: On ? LIGHT_COLORS[Color] : undefined, borderWidth: On ? 2 : 1 }}
      styles={{ header: { paddingInline: 8 }, title: WRAP_ANYWHERE, body: { padding: 8 } }}
      extra={
        <Space size={4}>
          {cell.SendStatus === 'FAILED' && (
            <Tooltip title={`${t('RackView.sendFailed')}: ${cell.SendError ?? ''}`}>
              <WarningOutlined style={{ color: '#faad14' }} aria-label={t('RackView.sendFailed')} />
            </Tooltip>
          )}
          <Tooltip title={lightText}>
            {On ? (
              <BulbFilled
                aria-label={lightText}
                className={Blink ? 'rack-light-blink' : undefined}
                style={{ color: LIGHT_COLORS[Color], fontSize: 18, animation: Blink ? 'rack-light-blink 1s steps(2, start) infinite' : undefined }}
              />
            ) : (
              <BulbOutlined aria-label={lightText} style={{ color: '#bfbfbf', fontSize: 18 }} />
            )}
          </Tooltip>
        </Space>
      }
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {cell.LocatorCode ?? t('RackView.noLocator')} · {cell.Address}
      </Typography.Text>
      {cell.Reels.length === 0 ? (
        <div style={{ fontSize: 12, color: '#bfbfbf' }}>{t('RackView.empty')}</div>
      ) : (
        <ul style={{ margin: '4px 0 0', paddingLeft: 16, fontSize: 12, ...WRAP_ANYWHERE }}>
          {cell.Reels.map((reel) => (
            <li key={reel.ReelCode} data-lit={reel.Lit ? 'true' : 'false'} style={{ fontWeight: reel.Lit ? 600 : 400 }}>
              {reel.Lit && <Badge color={LIGHT_COLORS[Color]} />} {reel.ReelCode} · {reel.PartCode} · {quantity(reel.Qty)}
            </li>
          ))}
          {cell.ReelCount > cell.Reels.length && <li>{t('RackView.more', { count: cell.ReelCount - cell.Reels.length })}</li>}
        </ul>
      )}
    </Card>
  );
}

export default function RackViewPage() {
  const { t } = useTranslation('pages');
  const [rackCode, setRackCode] = useState<string>();
  const rack = useShelfCells(rackCode);
  const view = rack.data;
  const columns = Math.max(1, ...(view?.Cells ?? []).map((c) => c.ColumnNo));

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="rack-view-page">
      <style>{'@keyframes rack-light-blink { to { visibility: hidden; } }'}</style>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('RackView.title')}
      </Typography.Title>
      {/* Empty after each Enter: the next rack scanned is looked up alone. */}
      <ScanInput
        autoFocus
        size="large"
        prefix={<BarcodeOutlined />}
        placeholder={t('RackView.rackPlaceholder')}
        aria-label={t('RackView.rackPlaceholder')}
        onScan={setRackCode}
        style={{ maxWidth: 360 }}
        data-testid="rack-code-input"
      />
      {!rackCode && <Empty description={t('RackView.prompt')} />}
      {rackCode && rack.isError && (
        <div data-testid="rack-not-found">
          <Result status="warning" title={rack.error.message} />
        </div>
      )}
      {view && (
        <Card
          title={`${view.RackCode} ${view.RackName}`}
          extra={<Tag>{t(`RackView.device.${view.Device}`)}</Tag>}
          data-testid="rack-grid"
        >
          <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(${CELL_MIN_WIDTH}px, 1fr))`, gap: 8, overflowX: 'auto' }}>
            {view.Cells.map((cell) => (
              <div key={cell.CellCode} style={{ gridRow: cell.RowNo, gridColumn: cell.ColumnNo }}>
                <CellCard cell={cell} />
              </div>
            ))}
          </div>
        </Card>
      )}
    </Space>
  );
}
