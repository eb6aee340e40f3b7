/**
 * Put-to-light on the receiving scan (components/PutAway.tsx): a reel of the bill scanned the first time
 * gets a cell suggested (said big, in both languages, with rack and cell), scanned again it is received
 * into that cell's locator; a storage location without racks, or a scan that is not a waiting reel of the
 * bill, is received at once. The scan box says the suggestion without counting it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../src/core/i18n';
import { PutAwayPrompt, receiptScan, type PutToLightCalls } from '../../../src/features/bills/components/PutAway';
import { ScanBox } from '../../../src/features/bills/components/ScanBox';
import type { BillActionResult } from '../../../src/features/bills/api';
import { Providers, resetGridTestState } from '../grid/gridTestKit';

beforeEach(async () => {
  await resetGridTestState();
});

const RESULT = { Id: '1', BillCode: 'ASN1', Status: 'PROCESSING', Reels: [], Lines: [] } as unknown as BillActionResult;
const CELL = { RackCode: 'R01', CellCode: 'C03', LocatorCode: 'ELE01-03' };

function calls(cell: { RackCode: string | null; CellCode: string | null; LocatorCode: string | null } = CELL) {
  return {
    suggest: vi.fn<PutToLightCalls['suggest']>(async () => cell),
    receive: vi.fn<PutToLightCalls['receive']>(async () => RESULT),
  };
}

describe('receipt scan with put-to-light', () => {
  it('suggests a cell for a waiting reel, then receives it there when scanned again', async () => {
    const api = calls();
    const first = await receiptScan('REEL-1', null, true, api);
    const putAway = { reelCode: 'REEL-1', rackCode: 'R01', cellCode: 'C03', locatorCode: 'ELE01-03' };
    expect(first).toEqual({ kind: 'suggested', putAway });
    expect(api.suggest).toHaveBeenCalledWith('REEL-1');
    expect(api.receive).not.toHaveBeenCalled();

    const second = await receiptScan('REEL-1', putAway, true, api);
    expect(second).toEqual({ kind: 'received', result: RESULT, putAway });
    expect(api.receive).toHaveBeenCalledWith('REEL-1', 'ELE01-03');
    expect(api.suggest).toHaveBeenCalledTimes(1);
  });

  it('receives at once when the storage location has no rack, or the scan is not a waiting reel (a vendor label)', async () => {
    const noRack = calls({ RackCode: null, CellCode: null, LocatorCode: null });
    expect(await receiptScan('REEL-2', null, true, noRack)).toEqual({ kind: 'received', result: RESULT, putAway: null });
    expect(noRack.receive).toHaveBeenCalledWith('REEL-2');

    const label = calls();
    expect(await receiptScan('[)>␞06␝SLBL1', null, false, label)).toEqual({ kind: 'received', result: RESULT, putAway: null });
    expect(label.suggest).not.toHaveBeenCalled();
  });

  it('another reel scanned while one waits gets its own cell', async () => {
    const api = calls();
    const waiting = { reelCode: 'REEL-1', rackCode: 'R01', cellCode: 'C03', locatorCode: 'ELE01-03' };
    expect((await receiptScan('REEL-9', waiting, true, api)).kind).toBe('suggested');
    expect(api.suggest).toHaveBeenCalledWith('REEL-9');
  });
});

describe('put-away prompt', () => {
  const putAway = { reelCode: 'REEL-1', rackCode: 'R01', cellCode: 'C03', locatorCode: 'ELE01-03' };

  it('says big which rack and cell, in Chinese and English, and Done receives', async () => {
    const onDone = vi.fn();
    const { rerender } = render(
      <Providers>
        <PutAwayPrompt putAway={putAway} onDone={onDone} />
      </Providers>,
    );
    expect(screen.getByTestId('put-away-where').textContent).toBe('放入 货架 R01 格 C03');
    expect(screen.getByTestId('put-away').textContent).not.toContain('ELE01-03');
    await userEvent.setup({ delay: null }).click(screen.getByTestId('put-away-done'));
    expect(onDone).toHaveBeenCalledTimes(1);

    await changeLanguage('en');
    rerender(
      <Providers>
        <PutAwayPrompt putAway={putAway} onDone={onDone} />
      </Providers>,
    );
    await waitFor(() => expect(screen.getByTestId('put-away-where').textContent).toBe('Put it in rack R01, cell C03'));
    expect(screen.getByTestId('put-away-done').textContent).toBe('Done');
  });

  it('the scan box says a suggestion without counting it', async () => {
    const onScan = vi.fn(async (code: string) => (code === 'REEL-1' && onScan.mock.calls.length === 1 ? { message: '请放入 货架 R01 格 C03，放好后再扫一次。', pending: true } : { message: '已收货' }));
    render(
      <Providers>
        <ScanBox label="扫描条码收货" onScan={onScan} />
      </Providers>,
    );
    const count = () => screen.getByTestId('scan-count').querySelector('.ant-statistic-content-value')?.textContent;
    const input = screen.getByTestId('scan-input');
    await userEvent.setup({ delay: null }).type(input, 'REEL-1{Enter}');
    await waitFor(() => expect(screen.getByTestId('scan-feedback').textContent).toBe('REEL-1: 请放入 货架 R01 格 C03，放好后再扫一次。'));
    expect(screen.getByTestId('scan-feedback').className).toContain('ant-alert-warning');
    expect(count()).toBe('0');
    await userEvent.setup({ delay: null }).type(input, 'REEL-1{Enter}');
    await waitFor(() => expect(screen.getByTestId('scan-feedback').textContent).toBe('REEL-1: 已收货'));
    expect(count()).toBe('1');
  });
});
