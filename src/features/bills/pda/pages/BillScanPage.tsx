/**
 * Receipt and picking on the scanning terminal (/pda/receive-scan, /pda/picking): scan the bill's code,
 * see its lines (done and remaining), then scan reels — for receipt our own reel codes or vendors'
 * GS1/ECIA labels (Bill/ConfirmReceiptByLabel), for picking reels in stock (Bill/Pick): the desktop
 * scan box's calls, with the same grants (the bill type's menu and the action's button). Each scan's
 * outcome shows big, with a tone and a vibration; a refusal says the server's reason. Receipt into a
 * storage location with smart racks is put-to-light, as on the desktop (components/PutAway.tsx): the
 * first scan of a reel says big which rack and cell (lit blue), the second receives it there.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ButtonCode, MenuCode } from '../../../../api/access-codes';
import { useAccess } from '../../../../core/navigation/access';
import { useLanguage } from '../../../../core/i18n/localizedTitle';
import { useQuantityText } from '../../../../grid/stock/format';
import type { BillAction } from '../../../../shared/bills/actions';
import { ISSUING_CATEGORIES, RECEIVING_CATEGORIES, type BillStatus } from '../../../../shared/bills/statuses';
import { BILL_TYPE_DECLARATIONS } from '../../../../shared/bills/types';
import type { BillTypeDeclaration } from '../../../../shared/bills/declaration';
import { receiveByLabel, runBillAction, suggestCell, useBill, useRefreshBill, type Bill, type BillActionResult } from '../../api';
import { receiptScan, withoutPutAway, withPutAway, type PutAway } from '../../components/PutAway';
import { scanAction } from '../../model/billActions';
import { actionLabel, statusLabel } from '../../model/labels';
import { refusalText } from '../../../../grid/scan/ScanBox';
import { findBillByCode } from '../../model/billList';
import { ScanField } from '../components/ScanField';
import { ScanResult, type ScanResultView } from '../components/ScanResult';
import { signalScan } from '../scan/feedback';

export type BillScanMode = 'ConfirmReceipt' | 'Pick';

const CATEGORIES = { ConfirmReceipt: RECEIVING_CATEGORIES, Pick: ISSUING_CATEGORIES } as const;
/** The reel statuses a bill's reel has once the mode's action was done on it. */
const DONE_STATUSES = { ConfirmReceipt: ['RECEIVED'], Pick: ['PICKED', 'MOVED'] } as const;

/** The bill types the user may do the action on. */
export function useScanTypes(mode: BillScanMode | 'Transfer'): { types: BillTypeDeclaration[]; has: (type: string, action: BillAction) => boolean } {
  const { has } = useAccess();
  const hasButton = useCallback((type: string, action: BillAction) => has(`Bill${type}` as MenuCode, action as ButtonCode as never), [has]);
  const types = useMemo(() => {
    if (mode === 'Transfer') {
      return BILL_TYPE_DECLARATIONS.filter(
        (type) => type.category === 'TRANSFER' && (['Save', 'Pick', 'OneKeyMoveStock'] as const).every((action) => type.actions.includes(action) && hasButton(type.code, action)),
      );
    }
    return BILL_TYPE_DECLARATIONS.filter((type) => CATEGORIES[mode].includes(type.category) && type.actions.includes(mode) && hasButton(type.code, mode));
  }, [mode, hasButton]);
  return { types, has: hasButton };
}

interface Chosen {
  id: string;
  type: BillTypeDeclaration;
}

export function BillScanPage({ mode }: { mode: BillScanMode }) {
  const { t } = useTranslation('pda');
  const { t: tBills } = useTranslation('bills');
  /** Put-to-light: the reels waiting for their put-away, the newest first (a ref: scans are worked in a queue, after their render). */
  const putAways = useRef<readonly PutAway[]>([]);
  const language = useLanguage();
  const quantity = useQuantityText();
  const { types, has } = useScanTypes(mode);
  const [chosen, setChosen] = useState<Chosen>();
  const [result, setResult] = useState<ScanResultView>();
  const [busy, setBusy] = useState(0);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const bill = useBill(chosen?.id);
  const refresh = useRefreshBill();
  const current = chosen && bill.data?.Id === chosen.id ? bill.data : undefined;

  const refuse = (title: string, code: string, message?: string) => {
    signalScan('refusal');
    setResult({ kind: 'refused', title, code, message });
  };

  const scanBill = async (code: string) => {
    const found = await findBillByCode(code, types);
    if (!found) return refuse(t('result.refused'), code, t('scan.billNotFound', { bill: code }));
    setResult(undefined);
    putAways.current = [];
    setChosen({ id: found.entry.id, type: found.type });
  };

  const scanReel = async (code: string, target: Bill) => {
    const doneAlready = target.Boxes.some((box) => box.ReelCode === code && (DONE_STATUSES[mode] as readonly string[]).includes(box.Status));
    let answer: BillActionResult;
    let putInto: PutAway | null = null;
    try {
      if (mode === 'ConfirmReceipt') {
        const waiting = target.Boxes.some((box) => box.ReelCode === code && box.Status === 'CREATED');
        const step = await receiptScan(code, putAways.current, waiting, {
          suggest: (reel) => suggestCell(target.Id, { ReelCode: reel }, { silent: true }),
          receive: (reel, toLoc) => receiveByLabel(target.Id, reel, { silent: true }, toLoc),
        });
        if (step.kind === 'suggested') {
          putAways.current = withPutAway(putAways.current, step.putAway);
          signalScan('success');
          setResult({
            kind: 'repeat',
            title: tBills('putAway.where', { rack: step.putAway.rackCode, cell: step.putAway.cellCode }),
            code,
            message: tBills('putAway.thenScan', { reel: code }),
          });
          return;
        }
        answer = step.result;
        putInto = step.putAway;
        if (putInto) putAways.current = withoutPutAway(putAways.current, putInto.reelCode);
      } else {
        answer = await runBillAction('Pick', target.Id, { ReelCode: code }, { silent: true });
      }
    } catch (error) {
      return refuse(t('result.refused'), code, refusalText(error));
    } finally {
      void refresh(target.Id);
    }
    const reel = answer.Reels.find((r) => r.ReelCode === code) ?? answer.Reels[0];
    const line = reel && answer.Lines.find((l) => l.LineNo === reel.LineNo);
    signalScan('success');
    setResult({
      kind: doneAlready ? 'repeat' : 'done',
      title: doneAlready ? t('scan.again') : t(mode === 'ConfirmReceipt' ? 'result.received' : 'result.picked'),
      code: reel?.ReelCode ?? code,
      facts: reel
        ? [
            { label: t('result.part'), value: reel.PartCode, testId: 'pda-result-part' },
            { label: t('result.qty'), value: quantity(reel.Qty), testId: 'pda-result-qty' },
            ...(line ? [{ label: t('result.remaining'), value: quantity(line.BalanceQty), testId: 'pda-result-remaining' }] : []),
          ]
        : [],
      message: [putInto ? tBills('putAway.putInto', { rack: putInto.rackCode, cell: putInto.cellCode }) : '', reel?.IqcFlag ? t('result.toInspection') : '']
        .filter(Boolean)
        .join(' ') || undefined,
    });
  };

  const onScan = (code: string) => {
    setBusy((n) => n + 1);
    queue.current = queue.current
      .then(() => (current && chosen ? scanReel(code, current) : scanBill(code)))
      .catch((error: unknown) => refuse(t('result.refused'), code, refusalText(error)))
      .finally(() => setBusy((n) => n - 1));
  };

  const offered = current && chosen ? scanAction(chosen.type, current.Status as BillStatus, (action) => has(chosen.type.code, action)) === mode : false;
  const scanningReels = Boolean(current && offered);
  const label = !chosen ? t('scan.bill') : t(mode === 'ConfirmReceipt' ? 'scan.reelToReceive' : 'scan.reelToPick');

  return (
    <div className="pda-page" data-testid={mode === 'ConfirmReceipt' ? 'pda-receive' : 'pda-pick'}>
      <ScanField label={label} onScan={onScan} disabled={Boolean(chosen) && !scanningReels} />
      {busy > 0 && <div className="pda-working">{t('scan.working')}</div>}
      {result && <ScanResult result={result} />}
      {chosen && !current && <Spin size="large" className="pda-spin" />}
      {current && chosen && (
        <section className="pda-bill" data-testid="pda-bill">
          <div className="pda-bill-head">
            <div>
              <div className="pda-bill-code" data-testid="pda-bill-code">
                {current.BillCode}
              </div>
              <div className="pda-bill-status">
                {chosen.type.name[language]} · {statusLabel(current.Status as BillStatus, language)}
              </div>
            </div>
            <Button size="large" icon={<SwapOutlined />} onClick={() => setChosen(undefined)} data-testid="pda-change-bill">
              {t('scan.changeBill')}
            </Button>
          </div>
          {!offered && (
            <div className="pda-result pda-result--refused" data-testid="pda-no-action">
              {t('scan.noAction', { bill: current.BillCode, status: statusLabel(current.Status as BillStatus, language), action: actionLabel(mode, language) })}
            </div>
          )}
          <div className="pda-reel-count">{t('bill.reels', { count: current.Boxes.filter((box) => (DONE_STATUSES[mode] as readonly string[]).includes(box.Status)).length })}</div>
          <table className="pda-lines" data-testid="pda-lines">
            <thead>
              <tr>
                <th>{t('bill.part')}</th>
                <th>{t('bill.qty')}</th>
                <th>{t(mode === 'ConfirmReceipt' ? 'bill.received' : 'bill.picked')}</th>
                <th>{t('bill.remaining')}</th>
              </tr>
            </thead>
            <tbody>
              {current.Lines.map((line) => (
                <tr key={line.LineNo} className={Number(line.BalanceQty) > 0 ? undefined : 'pda-line--done'}>
                  <td>
                    <div className="pda-line-part">{line.PartCode}</div>
                    {line.PartName && <div className="pda-line-name">{line.PartName}</div>}
                  </td>
                  <td>{quantity(line.Qty)}</td>
                  <td>{quantity(line.ActualQty)}</td>
                  <td className="pda-line-remaining">{quantity(line.BalanceQty)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

export const ReceiveScanPage = () => <BillScanPage mode="ConfirmReceipt" />;
export const PickingPage = () => <BillScanPage mode="Pick" />;
