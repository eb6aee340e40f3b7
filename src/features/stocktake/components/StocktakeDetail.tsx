/**
 * One count plan (a drawer over the plans' grid): its scope and progress (counted / expected), the
 * actions its status and the user's buttons allow (start, re-count, approve and post, cancel), the
 * count: where a reel was found and its quantity typed first (optional; Enter goes on to the next field,
 * the quantity's to the scan box), then the reel scanned into the shared scan box (empty after each scan,
 * its refusals said in place and among the last scans); loose stock typed by part and place (Enter goes
 * on field by field, the last one's counts it); and the lines with their variances (hidden from
 * counters in a blind count), quantities grouped as every stock screen writes them.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Input, Progress, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../core/navigation/access';
import { useLanguage } from '../../../core/i18n/localizedTitle';
import { useGridFeedback } from '../../../grid/hooks/useGridFeedback';
import { ScanBox, type ScanOutcome } from '../../../grid/scan/ScanBox';
import { useEnterChain } from '../../../grid/scan/useEnterChain';
import { useQuantityText } from '../../../grid/stock/format';
import { STOCKTAKE_STATUS_LABELS } from '../../../shared/stocktake/statuses';
import { countStocktake, loadStocktake, runStocktakeAction, type StocktakeAction, type StocktakeLine } from '../api';

const STATUS_COLOURS = { DRAFT: 'default', COUNTING: 'processing', RECOUNT: 'warning', POSTED: 'success', CANCELLED: 'default' } as const;

export interface StocktakeDetailProps {
  id: string | null;
  onClose(): void;
  /** Something changed: the plans' grid reloads. */
  onChanged(): void;
}

export function StocktakeDetail({ id, onClose, onChanged }: StocktakeDetailProps) {
  const { t } = useTranslation('stocktake');
  const language = useLanguage() === 'en' ? 'en' : 'zh-chs';
  const feedback = useGridFeedback();
  const { can } = useAccess();
  const client = useQueryClient();
  const queryKey = ['stocktake', 'detail', id ?? ''] as const;
  const detail = useQuery({ queryKey, queryFn: () => loadStocktake(id!), enabled: id !== null });
  const quantity = useQuantityText();
  const [scan, setScan] = useState({ sic: '', loc: '', qty: '' });
  const [loose, setLoose] = useState({ part: '', sic: '', loc: '', lot: '', qty: '' });
  const [busy, setBusy] = useState(false);
  // Enter in a field filled before the scan goes on to the next one, the quantity's to the scan box.
  const scanFields = useEnterChain(4);

  const plan = detail.data?.Plan;
  const counting = plan?.Status === 'COUNTING' || plan?.Status === 'RECOUNT';
  const refresh = () => {
    void client.invalidateQueries({ queryKey });
    onChanged();
  };

  const act = (action: StocktakeAction) => {
    const run = async () => {
      setBusy(true);
      try {
        const { message } = await runStocktakeAction(action, plan!.Id);
        feedback.success(message);
        refresh();
      } catch {
        // The api layer showed the server's reason.
      } finally {
        setBusy(false);
      }
    };
    if (action === 'Approve' || action === 'Cancel') feedback.confirm({ content: t(`confirm.${action}`), onOk: run });
    else void run();
  };

  // The place and quantity typed before the scan go with it; a refusal rejects and the scan box says it.
  const countReel = async (reel: string): Promise<ScanOutcome> => {
    const { sic, loc, qty } = scan;
    await countStocktake({ Id: plan!.Id, ReelCode: reel, ...(sic ? { Sic: sic, Loc: loc } : {}), ...(qty ? { Qty: qty } : {}) }, { silent: true });
    setScan((s) => ({ ...s, qty: '' }));
    refresh();
    return { message: t('scanned', { reel }) };
  };

  // Loose stock: part, place, lot, quantity; Enter in the quantity counts it (a function declaration: the
  // chain's Enter calls it, and it puts the focus back in the chain's quantity).
  const looseFields = useEnterChain(5, () => void submitLoose());
  async function submitLoose() {
    if (!plan) return;
    try {
      await countStocktake({ Id: plan.Id, PartCode: loose.part, Sic: loose.sic, Loc: loose.loc, LotCode: loose.lot, Qty: loose.qty });
      feedback.success(t('looseCounted', { part: loose.part }));
      setLoose((l) => ({ ...l, qty: '' }));
      refresh();
    } catch {
      // Shown by the api layer.
    }
    looseFields.focus(4);
  }

  const variance = (line: StocktakeLine) => {
    if (line.Variance === null) return '-';
    const moved = line.CountedSic !== null;
    const differs = line.Variance !== '0';
    if (!differs && !moved) return <Tag color="success">0</Tag>;
    return (
      <Space size={4}>
        {differs && <Tag color="error">{line.Variance.startsWith('-') ? quantity(line.Variance) : `+${quantity(line.Variance)}`}</Tag>}
        {moved && <Tag color="warning">{t('moved')}</Tag>}
      </Space>
    );
  };

  // A cycle count names its classes, not the (many) parts they stand for.
  const partsScope = plan?.AbcClasses.length ? plan.AbcClasses.map((abc) => t('abcClass', { abc })).join(',') : plan?.Parts.join(',');
  const scope = plan ? [plan.Sics.join(','), plan.Locs.join(','), partsScope].filter(Boolean).join('; ') || t('scopeWhole') : '';
  const data = detail.data;

  return (
    <Drawer open={id !== null} onClose={onClose} width="90%" destroyOnHidden title={plan ? `${t('title')} ${plan.Code}` : t('title')}>
      {plan && data && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="stocktake-detail">
          <Descriptions size="small" bordered column={3}>
            <Descriptions.Item label={t('field.status')}>
              <Tag color={STATUS_COLOURS[plan.Status]} data-testid="stocktake-status">{STOCKTAKE_STATUS_LABELS[plan.Status][language]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.scope')}>{scope}</Descriptions.Item>
            <Descriptions.Item label={t('field.description')}>{plan.Description ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('field.blind')}>{plan.Blind ? t('yes') : t('no')}</Descriptions.Item>
            <Descriptions.Item label={t('field.recountByOther')}>{plan.RecountByOther ? t('yes') : t('no')}</Descriptions.Item>
            <Descriptions.Item label={t('field.approvedBy')}>{plan.ApprovedBy ?? ''}</Descriptions.Item>
            <Descriptions.Item label={plan.Status === 'RECOUNT' ? t('progressRecount') : t('progress')} span={2}>
              <Space>
                <Progress style={{ width: 240 }} percent={data.Total ? Math.round((data.Counted * 100) / data.Total) : 0} size="small" />
                <span data-testid="stocktake-progress">{`${data.Counted} / ${data.Total}`}</span>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.variances')}>{data.ShowsExpected ? data.Variances : '-'}</Descriptions.Item>
          </Descriptions>

          <Space wrap>
            {plan.Status === 'DRAFT' && can('Save') && <Button type="primary" loading={busy} onClick={() => act('Start')}>{t('action.Start')}</Button>}
            {plan.Status === 'COUNTING' && can('Recount') && <Button loading={busy} onClick={() => act('Recount')}>{t('action.Recount')}</Button>}
            {counting && can('Approve') && <Button type="primary" loading={busy} onClick={() => act('Approve')}>{t('action.Approve')}</Button>}
            {(plan.Status === 'DRAFT' || counting) && can('Save') && <Button danger loading={busy} onClick={() => act('Cancel')}>{t('action.Cancel')}</Button>}
          </Space>

          {counting && can('Count') && (
            <Card size="small" title={plan.Status === 'RECOUNT' ? t('recountTitle') : t('countTitle')}>
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  <Input {...scanFields.field(0)} style={{ width: 140 }} placeholder={t('field.sic')} aria-label={t('field.sic')} value={scan.sic} onChange={(e) => setScan((s) => ({ ...s, sic: e.target.value }))} data-testid="stocktake-scan-sic" />
                  <Input {...scanFields.field(1)} style={{ width: 140 }} placeholder={t('field.loc')} aria-label={t('field.loc')} value={scan.loc} onChange={(e) => setScan((s) => ({ ...s, loc: e.target.value }))} data-testid="stocktake-scan-loc" />
                  <Input {...scanFields.field(2)} style={{ width: 160 }} placeholder={t('qtyPlaceholder')} aria-label={t('qtyPlaceholder')} value={scan.qty} onChange={(e) => setScan((s) => ({ ...s, qty: e.target.value }))} data-testid="stocktake-scan-qty" />
                </Space>
                {/* A new box for each round: a reel counted again in the re-count is counted, not "done already". */}
                <ScanBox key={plan.Status} ref={scanFields.ref(3)} label={t('scanPlaceholder')} onScan={countReel} countsOnce={false} />
                <Typography.Text type="secondary">{t('scanHint')}</Typography.Text>
                <Space wrap data-testid="stocktake-loose">
                  <Input {...looseFields.field(0)} style={{ width: 160 }} placeholder={t('field.part')} aria-label={t('field.part')} value={loose.part} onChange={(e) => setLoose((l) => ({ ...l, part: e.target.value }))} />
                  <Input {...looseFields.field(1)} style={{ width: 140 }} placeholder={t('field.sic')} aria-label={t('field.sic')} value={loose.sic} onChange={(e) => setLoose((l) => ({ ...l, sic: e.target.value }))} />
                  <Input {...looseFields.field(2)} style={{ width: 140 }} placeholder={t('field.loc')} aria-label={t('field.loc')} value={loose.loc} onChange={(e) => setLoose((l) => ({ ...l, loc: e.target.value }))} />
                  <Input {...looseFields.field(3)} style={{ width: 120 }} placeholder={t('field.lot')} aria-label={t('field.lot')} value={loose.lot} onChange={(e) => setLoose((l) => ({ ...l, lot: e.target.value }))} />
                  <Input {...looseFields.field(4)} style={{ width: 120 }} placeholder={t('field.qty')} aria-label={t('field.qty')} value={loose.qty} onChange={(e) => setLoose((l) => ({ ...l, qty: e.target.value }))} data-testid="stocktake-loose-qty" />
                  <Button onClick={() => void submitLoose()}>{t('countLoose')}</Button>
                </Space>
              </Space>
            </Card>
          )}

          <Table<StocktakeLine>
            data-testid="stocktake-lines"
            size="small"
            rowKey="Id"
            dataSource={data.Lines}
            pagination={{ pageSize: 50, showSizeChanger: false }}
            columns={[
              { title: t('field.reel'), dataIndex: 'ReelCode', render: (v: string | null, line) => v ?? <Tag>{t(`kind.${line.Kind}`)}</Tag> },
              { title: t('field.part'), dataIndex: 'PartCode' },
              { title: t('field.lot'), dataIndex: 'LotCode' },
              { title: t('field.place'), key: 'place', render: (_, line) => `${line.Sic} ${line.Loc}` },
              { title: t('field.expected'), dataIndex: 'ExpectedQty', align: 'right', render: (v: string | null) => (v === null ? '-' : quantity(v)) },
              {
                title: t('field.counted'),
                key: 'counted',
                align: 'right',
                render: (_, line) => (line.CountedQty === null ? <Tag>{t('notCounted')}</Tag> : `${quantity(line.CountedQty)}${line.CountedSic ? ` @ ${line.CountedSic} ${line.CountedLoc ?? ''}` : ''}`),
              },
              { title: t('field.countedBy'), dataIndex: 'CountedBy' },
              {
                title: t('field.recount'),
                key: 'recount',
                align: 'right',
                render: (_, line) => (line.NeedsRecount ? (line.RecountQty === null ? <Tag color="warning">{t('toRecount')}</Tag> : quantity(line.RecountQty)) : ''),
              },
              { title: t('field.recountBy'), dataIndex: 'RecountBy' },
              { title: t('field.variance'), key: 'variance', render: (_, line) => variance(line) },
              { title: t('field.transaction'), dataIndex: 'TransactionId' },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
