/** /pda/reel-query: scan a reel and see its part, quantity, status, place, lot and expiry (Reel/Get, the reel screen's call). */
import { useRef, useState } from 'react';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiSchema } from '../../../../api/client';

type Reel = ApiSchema<'Reel'>;
import { refusalText } from '../../components/ScanBox';
import { lookUpReel } from '../api';
import { ScanField } from '../components/ScanField';
import { ReelFacts } from '../components/ReelFacts';
import { ScanResult } from '../components/ScanResult';
import { signalScan } from '../scan/feedback';

type Answer = { code: string; reel: Reel } | { code: string; refusal: string };

export default function ReelQueryPage() {
  const { t } = useTranslation('pda');
  const [answer, setAnswer] = useState<Answer>();
  const [busy, setBusy] = useState(false);
  const last = useRef(0);

  const onScan = (code: string) => {
    const scan = ++last.current;
    setBusy(true);
    lookUpReel(code).then(
      (reel) => {
        if (scan !== last.current) return;
        signalScan('success');
        setAnswer({ code, reel });
      },
      (error: unknown) => {
        if (scan !== last.current) return;
        signalScan('refusal');
        setAnswer({ code, refusal: refusalText(error) });
      },
    ).finally(() => scan === last.current && setBusy(false));
  };

  return (
    <div className="pda-page" data-testid="pda-reel-query">
      <ScanField label={t('scan.reelToQuery')} onScan={onScan} />
      {busy && <Spin size="large" className="pda-spin" />}
      {!answer && !busy && <Empty description={t('reel.prompt')} />}
      {answer && 'refusal' in answer && <ScanResult result={{ kind: 'refused', title: t('result.refused'), code: answer.code, message: answer.refusal }} />}
      {answer && 'reel' in answer && <ReelFacts reel={answer.reel} />}
    </div>
  );
}
