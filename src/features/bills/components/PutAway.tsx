/**
 * Put-to-light at receipt (issue 17): on the goods-receiving scan box, a reel of the bill scanned the
 * first time asks the server for a free cell of its line's storage location (Shelf/SuggestCell), which
 * lights it blue and blinking; the screen says big where to put the reel ("Put it in rack R01, cell
 * C03"). Scanning the reel again (or Done) receives it into that cell's locator (Bill/ConfirmReceipt…
 * ToLoc), and the light goes off. A storage location without smart racks, or a scan that is not a
 * reel of the bill waiting (a vendor's label), is received at once as before.
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

/**
 * What one receipt scan does: the reel waiting for its put-away scanned again is received into its
 * cell; a reel of the bill not received yet (`waiting`) gets a cell suggested and lit; anything else
 * (or a storage location without smart racks) is received as before.
 */
export async function receiptScan(code: string, pending: PutAway | null, waiting: boolean, calls: PutToLightCalls): Promise<ReceiptScan> {
  if (pending && pending.reelCode === code) return { kind: 'received', result: await calls.receive(code, pending.locatorCode), putAway: pending };
  if (waiting) {
    const cell = await calls.suggest(code);
    if (cell.RackCode && cell.CellCode && cell.LocatorCode) {
      return { kind: 'suggested', putAway: { reelCode: code, rackCode: cell.RackCode, cellCode: cell.CellCode, locatorCode: cell.LocatorCode } };
    }
  }
  return { kind: 'received', result: await calls.receive(code), putAway: null };
}

export interface PutAwayPromptProps {
  putAway: PutAway;
  busy?: boolean;
  onDone(): void;
}

/** The put-away in big letters: rack and cell, what lights, and Done. */
export function PutAwayPrompt({ putAway, busy = false, onDone }: PutAwayPromptProps) {
  const { t } = useTranslation('bills');
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
      description={t('putAway.then', { reel: putAway.reelCode })}
      action={
        <Button type="primary" size="large" loading={busy} onClick={onDone} data-testid="put-away-done">
          {t('putAway.done')}
        </Button>
      }
    />
  );
}
