/**
 * /pda/transfer: move one reel to a locator. There is no single-reel move call; the move goes through a
 * transfer bill (category TRANSFER, e.g. DD 调拨单), as the desktop does it, so the ledger books it:
 * Bill/Save (one line: the reel's part and quantity, from its place to the locator) → Bill/Pick (the
 * reel) → Bill/OneKeyMoveStock (to the line's place) → Bill/ConfirmClose. The locator's storage
 * location comes from the locator master list. Scan the reel, then the locator.
 */
import { useRef, useState } from 'react';
import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { saveBill, runBillAction } from '../../api';
import { refusalText } from '../../../../grid/scan/ScanBox';
import type { ApiSchema } from '../../../../api/client';

type Reel = ApiSchema<'Reel'>;
import { findLocator, lookUpReel } from '../api';
import { ScanField } from '../components/ScanField';
import { ReelFacts, placeOf } from '../components/ReelFacts';
import { ScanResult, type ScanResultView } from '../components/ScanResult';
import { signalScan } from '../scan/feedback';
import { useScanTypes } from './BillScanPage';
import { useQuantityText } from '../../../../grid/stock/format';

/** 128 random bits as hex (getRandomValues: unlike randomUUID, also on a plant's plain-http address), as the bill form makes it. */
const newRequestKey = () => [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');

export default function TransferPage() {
  const { t } = useTranslation('pda');
  const quantity = useQuantityText();
  const client = useQueryClient();
  const { types, has } = useScanTypes('Transfer');
  const [reel, setReelState] = useState<Reel>();
  /** The reel scanned, for the scans queued behind it (a state read in the handler would be the render's). */
  const reelRef = useRef<Reel | undefined>(undefined);
  const setReel = (next: Reel | undefined) => {
    reelRef.current = next;
    setReelState(next);
  };
  const [result, setResult] = useState<ScanResultView>();
  const [busy, setBusy] = useState(false);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const type = types[0];

  const refuse = (code: string, message: string) => {
    signalScan('refusal');
    setResult({ kind: 'refused', title: t('result.refused'), code, message });
  };

  const scanReel = async (code: string) => {
    try {
      const found = await lookUpReel(code);
      signalScan('success');
      setResult(undefined);
      setReel(found);
    } catch (error) {
      refuse(code, refusalText(error));
    }
  };

  const move = async (code: string, moving: Reel) => {
    const place = await findLocator(code).catch((error: unknown) => {
      refuse(code, refusalText(error));
      return null;
    });
    if (place === null) return;
    if (!place) return refuse(code, t('transfer.locatorUnknown', { locator: code }));
    let billId: string | undefined;
    try {
      const saved = await saveBill({
        BillType: type.code,
        RequestKey: newRequestKey(),
        Destination: place.loc,
        Description: t('transfer.billDescription', { reel: moving.ReelCode, locator: place.loc }),
        Lines: [{ PartCode: moving.PartCode, Qty: moving.Qty, ToSic: place.sic, ToLoc: place.loc, ...(moving.Sic ? { FromSic: moving.Sic, ...(moving.Loc ? { FromLoc: moving.Loc } : {}) } : {}) }],
      });
      billId = saved.Id;
      await runBillAction('Pick', saved.Id, { ReelCode: moving.ReelCode, Qty: moving.Qty }, { silent: true });
      await runBillAction('OneKeyMoveStock', saved.Id, {}, { silent: true });
      if (has(type.code, 'ConfirmClose')) await runBillAction('ConfirmClose', saved.Id, {}, { silent: true }).catch(() => undefined);
      signalScan('success');
      setResult({
        kind: 'done',
        title: t('result.moved'),
        code: moving.ReelCode,
        facts: [
          { label: t('result.part'), value: moving.PartCode, testId: 'pda-result-part' },
          { label: t('result.qty'), value: quantity(moving.Qty), testId: 'pda-result-qty' },
          { label: t('result.to'), value: placeOf({ Sic: place.sic, Loc: place.loc }), testId: 'pda-result-to' },
          { label: t('result.bill'), value: saved.BillCode, testId: 'pda-result-bill' },
        ],
      });
      setReel(undefined);
      void client.invalidateQueries({ queryKey: ['stock'] });
    } catch (error) {
      // The bill that could not move the reel is not left open.
      if (billId && has(type.code, 'Invalidate')) await runBillAction('Invalidate', billId, {}, { silent: true }).catch(() => undefined);
      refuse(code, refusalText(error));
    }
  };

  const onScan = (code: string) => {
    setBusy(true);
    queue.current = queue.current.then(() => (reelRef.current ? move(code, reelRef.current) : scanReel(code))).finally(() => setBusy(false));
  };

  if (!type) return <ScanResult result={{ kind: 'refused', title: t('result.refused'), message: t('transfer.noBillType') }} />;

  return (
    <div className="pda-page" data-testid="pda-transfer">
      <ScanField label={reel ? t('scan.locator') : t('scan.reelToMove')} onScan={onScan} />
      {busy && <div className="pda-working">{t('scan.working')}</div>}
      {result && <ScanResult result={result} />}
      {reel && (
        <>
          <div className="pda-step" data-testid="pda-transfer-step">
            {t('transfer.pickLocator')}
          </div>
          <ReelFacts reel={reel} />
          <Button size="large" block icon={<ReloadOutlined />} onClick={() => setReel(undefined)} data-testid="pda-transfer-restart">
            {t('transfer.restart')}
          </Button>
        </>
      )}
    </div>
  );
}
