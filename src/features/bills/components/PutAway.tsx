/**
 * Put-to-light at receipt (issue 17): on the goods-receiving scan box, a reel of the bill scanned the
 * first time asks the server for a free cell of its line's storage location (Shelf/SuggestCell), which
 * lights it blue and blinking; the screen says big where to put the reel ("Put it in rack R01, cell
 * C03"). Scanning the reel again (or Done) receives it into that cell's locator (Bill/ConfirmReceipt…
 * ToLoc), and the light goes off. A storage location without smart racks, or a scan that is not a
 * reel of the bill waiting (a vendor's label), is received at once as before.
 *
 * Several reels may wait at once (an operator scans a cart of reels, then puts each away): each keeps
 * its cell, and scanning any of them again receives it there. A reel that waits is never dropped by the
 * next scan; its cell stays lit and reserved for it until it is received (or the bill closes).
 */
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiSchema } from '../../../api/client';
import type { BillActionResult } from '../api';

/** Where the reel waiting for its put-away goes. */
export interface PutAway {
  reelCode: string;
  rackCode: string;
  cellCode: string;
  locatorCode: string;
}

/** Shelf/SuggestCell's answer (the contract's): null cell fields when the storage location has no smart rack. */
export type SuggestedCell = Pick<ApiSchema<'SuggestedCell'>, 'RackCode' | 'CellCode' | 'LocatorCode'>;

export interface PutToLightCalls {
  suggest(reelCode: string): Promise<SuggestedCell>;
  receive(scan: string, toLoc?: string): Promise<BillActionResult>;
}

export type ReceiptScan =
  | { kind: 'suggested'; putAway: PutAway }
  /** Received; `putAway`: into the cell suggested before. */
  | { kind: 'received'; result: BillActionResult; putAway: PutAway | null };

/** The reels waiting for their put-away, the newest first: `putAway` added (or moved first). */
export const withPutAway = (waiting: readonly PutAway[], putAway: PutAway): PutAway[] => [putAway, ...waiting.filter((p) => p.reelCode !== putAway.reelCode)];

/** The reels waiting for their put-away without the reel received. */
export const withoutPutAway = (waiting: readonly PutAway[], reelCode: string): PutAway[] => waiting.filter((p) => p.reelCode !== reelCode);

/**
 * What one receipt scan does: a reel waiting for its put-away scanned again is received into its
 * cell; a reel of the bill not received yet (`waiting`) gets a cell suggested and lit; anything else
 * (or a storage location without smart racks) is received as before.
 */
export async function receiptScan(code: string, pending: readonly PutAway[], waiting: boolean, calls: PutToLightCalls): Promise<ReceiptScan> {
  const putAway = pending.find((p) => p.reelCode === code);
  if (putAway) return { kind: 'received', result: await calls.receive(code, putAway.locatorCode), putAway };
  if (waiting) {
    const cell = await calls.suggest(code);
    if (cell.RackCode && cell.CellCode && cell.LocatorCode) {
      return { kind: 'suggested', putAway: { reelCode: code, rackCode: cell.RackCode, cellCode: cell.CellCode, locatorCode: cell.LocatorCode } };
    }
  }
  return { kind: 'received', result: await calls.receive(code), putAway: null };
}

export interface PutAwayPromptProps {
  /** The reels waiting, the newest first: it is said big, and Done is for it. */
  putAways: readonly PutAway[];
  busy?: boolean;
  onDone(): void;
}

/** The newest put-away in big letters (rack and cell, what lights, and Done), and the other reels still waiting. */
export function PutAwayPrompt({ putAways, busy = false, onDone }: PutAwayPromptProps) {
  const { t } = useTranslation('bills');
  const [putAway, ...others] = putAways;
  if (!putAway) return null;
  return (
    <Alert
      type="info"
      data-testid="put-away"
      role="status"
      aria-live="assertive"
      message={
        <Typography.Title level={2} style={{ margin: 0 }} data-testid="put-away-where">
          {t('putAway.where', { rack: putAway.rackCode, cell: putAway.cellCode })}
        </Typography.Title>
      }
      description={
        <>
          {t('putAway.then', { reel: putAway.reelCode })}
          {others.length > 0 && (
            <div data-testid="put-away-others">
              {t('putAway.alsoWaiting', { count: others.length })}
              <ul style={{ margin: 0 }}>
                {others.map((other) => (
                  <li key={other.reelCode}>{t('putAway.waitingReel', { reel: other.reelCode, rack: other.rackCode, cell: other.cellCode })}</li>
                ))}
              </ul>
            </div>
          )}
        </>
      }
      action={
        <Button type="primary" size="large" loading={busy} onClick={onDone} data-testid="put-away-done">
          {t('putAway.done')}
        </Button>
      }
    />
  );
}
