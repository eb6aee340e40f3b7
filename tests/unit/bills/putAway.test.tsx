/**
 * Put-to-light on the receiving scan (components/PutAway.tsx): a reel of the bill scanned the first time
 * gets a cell suggested (said big, in both languages, with rack and cell), scanned again it is received
 * into that cell's locator; a storage location without racks, or a scan that is not a waiting reel of the
 * bill, is received at once. Several reels may wait at once, each for its own cell: a scan of another reel
 * does not drop the one waiting. The scan box says the suggestion without counting it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../src/core/i18n';
import { PutAwayPrompt, receiptScan, withoutPutAway, withPutAway, type PutToLightCalls } from '../../../src/features/bills/components/PutAway';
import { ScanBox } from '../../../src/grid/scan/ScanBox';
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
    const first = await receiptScan('REEL-1', [], true, api);
    const putAway = { reelCode: 'REEL-1', rackCode: 'R01', cellCode: 'C03', locatorCode: 'ELE01-03' };
    expect(first).toEqual({ kind: 'suggested', putAway });
    expect(api.suggest).toHaveBeenCalledWith('REEL-1');
    expect(api.receive).not.toHaveBeenCalled();

    const second = await receiptScan('REEL-1', [putAway], true, api);
    expect(second).toEqual({ kind: 'received', result: RESULT, putAway });
    expect(api.receive).toHaveBeenCalledWith('REEL-1', 'ELE01-03');
    expect(api.suggest).toHaveBeenCalledTimes(1);
  });

  it('receives at once when the storage location has no rack, or the scan is not a waiting reel (a vendor label)', async () => {
    const noRack = calls({ RackCode: null, CellCode: null, LocatorCode: null });
    expect(await receiptScan('REEL-2', [], true, noRack)).toEqual({ kind: 'received', result: RESULT, putAway: null });
    expect(noRack.receive).toHaveBeenCalledWith('REEL-2');

    const label = calls();
    expect(await receiptScan('[)>␞06␝SLBL1', [], false, label)).toEqual({ kind: 'received', result: RESULT, putAway: null });
    expect(label.suggest).not.toHaveBeenCalled();
  });

  it('another reel scanned while one waits gets its own cell; the first, scanned again, is still received into its own', async () => {
    const api = calls();
    const first = { reelCode: 'REEL-1', rackCode: 'R01', cellCode: 'C03', locatorCode: 'ELE01-03' };
    const ninth = { reelCode: 'REEL-9', rackCode: 'R01', cellCode: 'C04', locatorCode: 'ELE01-04' };
    api.suggest.mockResolvedValueOnce({ RackCode: 'R01', CellCode: 'C04', LocatorCode: 'ELE01-04' });
    const step = await receiptScan('REEL-9', [first], true, api);
    expect(step).toEqual({ kind: 'suggested', putAway: ninth });
    expect(api.suggest).toHaveBeenCalledWith('REEL-9');
    // Both wait, the newest first; a reel suggested again moves first, not twice.
    const waiting = withPutAway([first], ninth);
    expect(waiting).toEqual([ninth, first]);
    expect(withPutAway(waiting, first)).toEqual([first, ninth]);
    // The first reel, scanned again, goes into its own cell, and only it stops waiting.
    expect(await receiptScan('REEL-1', waiting, true, api)).toEqual({ kind: 'received', result: RESULT, putAway: first });
    expect(api.receive).toHaveBeenCalledWith('REEL-1', 'ELE01-03');
    expect(withoutPutAway(waiting, 'REEL-1')).toEqual([ninth]);
  });
});

describe('put-away prompt', () => {
  const putAway = { reelCode: 'REEL-1', rackCode: 'R01', cellCode: 'C03', locatorCode: 'ELE01-03' };

  it('says big which rack and cell, in Chinese and English, and Done receives', async () => {
    const onDone = vi.fn();
    const { rerender } = render(
      <Providers>
        <PutAwayPrompt putAways={[putAway]} onDone={onDone} />
      </Providers>,
    );
    expect(screen.getByTestId('put-away-where').textContent).toBe('放入 货架 R01 格 C03');
    expect(screen.queryByTestId('put-away-others')).toBeNull();
    expect(screen.getByTestId('put-away').textContent).not.toContain('ELE01-03');
    await userEvent.setup({ delay: null }).click(screen.getByTestId('put-away-done'));
    expect(onDone).toHaveBeenCalledTimes(1);

    await changeLanguage('en');
    rerender(
      <Providers>
        <PutAwayPrompt putAways={[putAway]} onDone={onDone} />
      </Providers>,
    );
    await waitFor(() => expect(screen.getByTestId('put-away-where').textContent).toBe('Put it in rack R01, cell C03'));
    expect(screen.getByTestId('put-away-done').textContent).toBe('Done');
  });

  it('lists the other reels still waiting, each with its cell, under the newest', async () => {
    const older = { reelCode: 'REEL-0', rackCode: 'R01', cellCode: 'C02', locatorCode: 'ELE01-02' };
    render(
      <Providers>
        <PutAwayPrompt putAways={[putAway, older]} onDone={vi.fn()} />
      </Providers>,
    );
    expect(screen.getByTestId('put-away-where').textContent).toBe('放入 货架 R01 格 C03');
    expect(screen.getByTestId('put-away-others').textContent).toBe('还有 1 盘等待上架，再扫一次即放入其储位：REEL-0：货架 R01 格 C02');
  });

  it('the scan box says a suggestion as a step, not as done', async () => {
    const onScan = vi.fn(async (code: string) => (code === 'REEL-1' && onScan.mock.calls.length === 1 ? { message: '请放入 货架 R01 格 C03，放好后再扫一次。', pending: true } : { message: '已收货' }));
    render(
      <Providers>
        <ScanBox label="扫描条码收货" onScan={onScan} />
      </Providers>,
    );
    const input = screen.getByTestId('scan-input');
    await userEvent.setup({ delay: null }).type(input, 'REEL-1{Enter}');
    await waitFor(() => expect(screen.getByTestId('scan-feedback').textContent).toBe('REEL-1: 请放入 货架 R01 格 C03，放好后再扫一次。'));
    expect(screen.getByTestId('scan-feedback').className).toContain('ant-alert-warning');
    await userEvent.setup({ delay: null }).type(input, 'REEL-1{Enter}');
    // Scanned again it is done, not "done already": the suggestion did not count as doing it.
    await waitFor(() => expect(screen.getByTestId('scan-feedback').textContent).toBe('REEL-1: 已收货'));
    expect(screen.getByTestId('scan-feedback').className).toContain('ant-alert-success');
  });
});
