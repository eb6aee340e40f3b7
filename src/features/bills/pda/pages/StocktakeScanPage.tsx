/**
 * /pda/stocktake (盘点扫描): counting on the phone or PDA (issue 20). Pick the count plan being counted
 * (the only one is picked for you), then scan reels: each counts its whole quantity, or the quantity typed
 * first (an opened reel); while re-counting, only the variances count. The answer is big — counted, or the
 * server's refusal (not in scope, already counted by you while re-counting, ...) — with the plan's progress.
 */
import { useState } from 'react';
import { Empty, InputNumber, Progress, Segmented, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../core/i18n/localizedTitle';
import { STOCKTAKE_STATUS_LABELS } from '../../../../shared/stocktake/statuses';
import { refusalText } from '../../../../grid/scan/ScanBox';
import { countStocktakeOnTerminal, loadCountingStocktakes } from '../api';
import { ScanField } from '../components/ScanField';
import { ScanResult, type ScanResultView } from '../components/ScanResult';
import { signalScan } from '../scan/feedback';

const COUNTING_KEY = ['pda', 'stocktake', 'counting'] as const;

export default function StocktakeScanPage() {
  const { t } = useTranslation('pda');
  const language = useLanguage() === 'en' ? 'en' : 'zh-chs';
  const client = useQueryClient();
  const plans = useQuery({ queryKey: COUNTING_KEY, queryFn: loadCountingStocktakes });
  const [chosenId, setChosenId] = useState<string>();
  const [qty, setQty] = useState<string | null>(null);
  const [result, setResult] = useState<ScanResultView>();
  const [busy, setBusy] = useState(false);

  const list = plans.data ?? [];
  const plan = list.find((p) => p.Id === chosenId) ?? (list.length === 1 ? list[0] : undefined);

  const onScan = async (code: string) => {
    if (!plan) return;
    setBusy(true);
    try {
      const line = await countStocktakeOnTerminal({ Id: plan.Id, ReelCode: code, ...(qty ? { Qty: qty } : {}) });
      signalScan('success');
      const counted = plan.Status === 'RECOUNT' ? line?.RecountQty : line?.CountedQty;
      setResult({
        kind: 'done',
        title: t('stocktake.counted'),
        code,
        facts: [
          { label: t('result.part'), value: line?.PartCode ?? '' },
          { label: t('result.qty'), value: counted ?? '', testId: 'pda-stocktake-qty' },
        ],
      });
      setQty(null);
    } catch (error) {
      signalScan('refusal');
      setResult({ kind: 'refused', title: t('result.refused'), code, message: refusalText(error) });
    } finally {
      setBusy(false);
      void client.invalidateQueries({ queryKey: COUNTING_KEY });
    }
  };

  if (plans.isPending) return <Spin size="large" className="pda-spin" />;
  if (!list.length) return <Empty className="pda-page" description={t('stocktake.none')} />;

  return (
    <div className="pda-page" data-testid="pda-stocktake">
      {list.length > 1 && (
        <Segmented
          block
          value={plan?.Id}
          onChange={(id) => setChosenId(String(id))}
          options={list.map((p) => ({ value: p.Id, label: p.Code }))}
          aria-label={t('stocktake.plan')}
        />
      )}
      {!plan && <Empty description={t('stocktake.choose')} />}
      {plan && (
        <>
          <div className="pda-bill-head" data-testid="pda-stocktake-plan">
            <strong>{plan.Code}</strong> {STOCKTAKE_STATUS_LABELS[plan.Status][language]}
            {plan.Description ? ` · ${plan.Description}` : ''}
          </div>
          <Progress percent={plan.Total ? Math.round((plan.Counted * 100) / plan.Total) : 0} format={() => `${plan.Counted} / ${plan.Total}`} data-testid="pda-stocktake-progress" />
          <InputNumber
            style={{ width: '100%' }}
            size="large"
            min="0"
            stringMode
            value={qty}
            onChange={(value) => setQty(value === null || value === '' ? null : String(value))}
            placeholder={t('stocktake.qty')}
            aria-label={t('stocktake.qty')}
          />
          <ScanField label={plan.Status === 'RECOUNT' ? t('stocktake.scanRecount') : t('stocktake.scan')} onScan={(code) => void onScan(code)} disabled={busy} />
          {result && <ScanResult result={result} />}
        </>
      )}
    </div>
  );
}
