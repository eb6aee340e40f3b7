/** /pda/reel-query: scan a reel and see its part, quantity, status, place, lot and expiry (Reel/Get, the reel screen's call). */
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { lookUpReel } from '../api';
import { ScanField } from '../components/ScanField';
import { ReelFacts } from '../components/ReelFacts';
import { ScanResult } from '../components/ScanResult';
import { useScanLookup } from '../scan/useScanLookup';

export default function ReelQueryPage() {
  const { t } = useTranslation('pda');
  const { answer, busy, onScan } = useScanLookup(lookUpReel);

  return (
    <div className="pda-page" data-testid="pda-reel-query">
      <ScanField label={t('scan.reelToQuery')} onScan={onScan} />
      {busy && <Spin size="large" className="pda-spin" />}
      {!answer && !busy && <Empty description={t('reel.prompt')} />}
      {answer && 'refusal' in answer && <ScanResult result={{ kind: 'refused', title: t('result.refused'), code: answer.code, message: answer.refusal }} />}
      {answer && 'value' in answer && <ReelFacts reel={answer.value} />}
    </div>
  );
}
