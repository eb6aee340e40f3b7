/**
 * Solder paste and red glue containers (锡膏管理, 红胶管理): receive containers of a material of the
 * master data, look one up by its code to see its state, validity and exposure left (the server's clock,
 * counted down here while it is open), and record its next step (cold storage, thaw, open, use, return,
 * used up, scrap) with the Save button. The scan box is empty after each scan (the container shown
 * names its code), so the next code is looked up alone. In the receipt's fields Enter goes on to the next
 * field and receives on the last, as the stocktake count's fields do. A refusal (thaw too short, exposure or validity over) is the server's.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Input, InputNumber, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatHoursClock, formatTime } from '../../../core/format/time';
import { useAccess } from '../../../core/navigation/access';
import { useGridFeedback } from '../../../grid/hooks/useGridFeedback';
import { ScanInput } from '../../../grid/scan/ScanInput';
import { useEnterChain } from '../../../grid/scan/useEnterChain';
import { loadAuxContainer, receiveAuxContainers, recordAuxEvent, type AuxEventKind, type AuxStatus } from '../api';

const STEPS: AuxEventKind[] = ['STORE', 'THAW', 'OPEN', 'USE', 'RETURN', 'USED_UP', 'SCRAP'];

export function AuxContainerPanel({ onChanged }: { onChanged(): void }) {
  const { t } = useTranslation('auxiliary');
  const feedback = useGridFeedback();
  const { can } = useAccess();
  const [receipt, setReceipt] = useState({ part: '', lot: '', count: 1 });
  const [status, setStatus] = useState<AuxStatus | null>(null);
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    if (status?.State !== 'OPENED') return;
    const timer = window.setInterval(() => setElapsed((n) => n + 1), 1000);
    return () => window.clearInterval(timer);
  }, [status?.State]);

  const show = (loaded: AuxStatus) => {
    setStatus(loaded);
    setElapsed(0);
  };
  const receive = async () => {
    try {
      const codes = (await receiveAuxContainers(receipt.part.trim(), receipt.count, receipt.lot.trim())) ?? [];
      feedback.success(t('received', { count: codes.length }));
      onChanged();
      if (codes[0]) show(await loadAuxContainer(codes[0]));
    } catch {
      // The api layer showed why (not an auxiliary material, a bad count).
    }
  };
  // Part, lot, count: Enter goes on field by field and receives on the count.
  const receiptFields = useEnterChain(3, () => void receive());
  const look = async (code: string) => {
    try {
      show(await loadAuxContainer(code));
    } catch {
      setStatus(null);
    }
  };
  const step = async (kind: AuxEventKind) => {
    if (!status) return;
    try {
      show(await recordAuxEvent(status.Code, kind));
      onChanged();
    } catch {
      // Shown by the api layer (e.g. thawed too short).
    }
  };
  const exposureLeft = status ? Math.max(0, status.ExposureLeftHours - (status.State === 'OPENED' ? elapsed / 3600 : 0)) : 0;

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="aux-container-panel">
      {can('Save') && (
        <Space wrap>
          <Input {...receiptFields.field(0)} style={{ width: 180 }} placeholder={t('field.part')} aria-label={t('field.part')} value={receipt.part} onChange={(e) => setReceipt((r) => ({ ...r, part: e.target.value }))} />
          <Input {...receiptFields.field(1)} style={{ width: 140 }} placeholder={t('field.lot')} aria-label={t('field.lot')} value={receipt.lot} onChange={(e) => setReceipt((r) => ({ ...r, lot: e.target.value }))} />
          <InputNumber {...receiptFields.field(2)} min={1} max={100} precision={0} aria-label={t('field.count')} value={receipt.count} onChange={(v) => setReceipt((r) => ({ ...r, count: v ?? 1 }))} />
          <Button type="primary" onClick={() => void receive()}>{t('receive')}</Button>
        </Space>
      )}
      <ScanInput autoFocus placeholder={t('scanPlaceholder')} aria-label={t('scanPlaceholder')} onScan={look} data-testid="aux-scan" />
      {status && (
        <>
          {status.Blocked && <Alert type="error" showIcon message={t(`blocked.${status.Blocked}`)} />}
          {!status.Blocked && status.Warn && <Alert type="warning" showIcon message={t('warn')} />}
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('field.code')}>{status.Code}</Descriptions.Item>
            <Descriptions.Item label={t('field.material')}>{`${status.MaterialName} (${status.PartCode})`}</Descriptions.Item>
            <Descriptions.Item label={t('field.state')}><Tag data-testid="aux-state">{t(`state.${status.State}`)}</Tag></Descriptions.Item>
            <Descriptions.Item label={t('field.expires')}>{status.ExpiresAt ? formatTime(status.ExpiresAt, 'minute') : '-'}</Descriptions.Item>
            {/* Counted while thawing only: once opened, the exposure clock is the one that matters. */}
            <Descriptions.Item label={t('field.thawed')}>{status.State === 'THAWING' ? `${status.ThawedHours} h` : '-'}</Descriptions.Item>
            <Descriptions.Item label={t('field.exposureLeft')}>
              <span data-testid="aux-exposure-left">{formatHoursClock(exposureLeft)}</span>
            </Descriptions.Item>
          </Descriptions>
          {can('Save') && (
            <Space wrap>
              {STEPS.map((kind) => (
                <Button key={kind} danger={kind === 'SCRAP'} onClick={() => void step(kind)}>{t(`event.${kind}`)}</Button>
              ))}
            </Space>
          )}
          <Table
            size="small"
            rowKey={(e) => `${e.At}-${e.Kind}`}
            pagination={false}
            dataSource={status.Events}
            columns={[
              { title: t('field.time'), dataIndex: 'At', render: (v: string) => formatTime(v) },
              { title: t('field.event'), dataIndex: 'Kind', render: (v: string) => t(`event.${v}`) },
              { title: t('field.user'), dataIndex: 'UserName' },
            ]}
          />
        </>
      )}
    </Space>
  );
}
