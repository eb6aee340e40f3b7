/**
 * One reel's run card: scan its code (the scan box has the focus when the card opens, and is empty
 * after each scan so the next code is looked up alone) to see its MSL level, where its bag stands and the floor life
 * left (worked out by the server's clock, counted down here between reads), its events, and record
 * the next one (opened, into / out of the dry cabinet, baked) with the Save button.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../core/navigation/access';
import { ScanInput } from '../../../grid/scan/ScanInput';
import { loadRunCard, recordMsdEvent, type MsdEventKind, type MsdRunCard } from '../api';
import { formatHoursClock, formatTime } from '../../../core/format/time';

const EVENTS: MsdEventKind[] = ['OPEN', 'DRY_IN', 'DRY_OUT', 'BAKE'];
const STATE_COLOURS: Record<MsdRunCard['State'], string> = { SEALED: 'blue', OPEN: 'processing', DRY: 'cyan', EXPIRED: 'error', NEEDS_BAKE: 'error', UNLIMITED: 'default' };

/** Hours as h:mm. */

export function RunCardPanel({ onChanged }: { onChanged(): void }) {
  const { t } = useTranslation('msd');
  const { can } = useAccess();
  const [card, setCard] = useState<MsdRunCard | null>(null);
  /** Seconds since the card was read (the countdown between reads). */
  const [elapsed, setElapsed] = useState(0);

  // The countdown runs between reads while the bag is open (the server's figure is the truth at each read).
  useEffect(() => {
    if (card?.State !== 'OPEN') return;
    const timer = window.setInterval(() => setElapsed((n) => n + 1), 1000);
    return () => window.clearInterval(timer);
  }, [card?.State]);

  const show = (loaded: MsdRunCard) => {
    setCard(loaded);
    setElapsed(0);
  };
  const load = async (code: string) => {
    try {
      show(await loadRunCard(code));
    } catch {
      setCard(null);
    }
  };
  const record = async (kind: MsdEventKind) => {
    if (!card) return;
    try {
      show(await recordMsdEvent(card.ReelCode, kind));
      onChanged();
    } catch {
      // The api layer showed why (e.g. a bag opened twice).
    }
  };

  const elapsedHours = card?.State === 'OPEN' ? elapsed / 3600 : 0;
  const remaining = card?.RemainingHours === null || card?.RemainingHours === undefined ? null : Math.max(0, card.RemainingHours - elapsedHours);

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="msd-run-card">
      <ScanInput autoFocus placeholder={t('scanPlaceholder')} aria-label={t('scanPlaceholder')} onScan={load} data-testid="msd-scan" />
      {card && (
        <>
          {!card.Usable && <Alert type="error" showIcon message={t(`blocked.${card.State === 'NEEDS_BAKE' ? 'NEEDS_BAKE' : 'EXPIRED'}`)} />}
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('field.reel')}>{card.ReelCode}</Descriptions.Item>
            <Descriptions.Item label={t('field.part')}>{card.PartCode}</Descriptions.Item>
            <Descriptions.Item label={t('field.level')}>{card.Level ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('field.state')}>
              <Tag color={STATE_COLOURS[card.State]} data-testid="msd-state">{t(`state.${card.State}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.floorLife')}>{card.FloorLifeHours === null ? t('unlimited') : `${card.FloorLifeHours} h`}</Descriptions.Item>
            <Descriptions.Item label={t('field.exposed')}>{`${card.ExposedHours} h`}</Descriptions.Item>
            <Descriptions.Item label={t('field.remaining')} span={2}>
              <span data-testid="msd-remaining">{remaining === null ? t('unlimited') : formatHoursClock(remaining)}</span>
            </Descriptions.Item>
          </Descriptions>
          {can('Save') && (
            <Space wrap>
              {EVENTS.map((kind) => (
                <Button key={kind} onClick={() => void record(kind)}>
                  {t(`event.${kind}`)}
                </Button>
              ))}
            </Space>
          )}
          <Table
            size="small"
            rowKey={(e) => `${e.At}-${e.Kind}`}
            pagination={false}
            dataSource={card.Events}
            columns={[
              { title: t('field.time'), dataIndex: 'At', render: (v: string) => formatTime(v) },
              { title: t('field.event'), dataIndex: 'Kind', render: (v: MsdEventKind) => t(`event.${v}`) },
              { title: t('field.user'), dataIndex: 'UserName' },
            ]}
          />
        </>
      )}
    </Space>
  );
}
