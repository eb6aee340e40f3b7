/**
 * 盘点扫描 on the scanning terminal (issue 20): the count under way is picked for the counter (or chosen
 * among several), a scanned reel counts its whole quantity or the one typed first, the progress follows,
 * and a refusal shows the server's reason big; nothing under way says so.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { mockServer } from '../../../mocks/node';
import StocktakeScanPage from '../../../src/features/bills/pda/pages/StocktakeScanPage';
import { API, wrapped } from '../admin/adminTestKit';
import { renderInRouter, resetGridTestState, signIn } from '../grid/gridTestKit';

const user = () => userEvent.setup({ delay: null });
const PLAN = { Id: 'p1', Code: 'ST202611280001', Description: '年终盘点', Status: 'COUNTING', Counted: 0, Total: 2 };

let plans: (typeof PLAN)[];
let sent: Record<string, unknown>[];

beforeEach(async () => {
  await resetGridTestState();
  sent = [];
  plans = [{ ...PLAN }];
  mockServer.use(
    http.post(`${API}/Stocktake/Counting`, () => wrapped(plans)),
    http.post(`${API}/Stocktake/Count`, async ({ request }) => {
      const body = (await request.json()) as { Id: string; ReelCode: string; Qty?: string };
      sent.push(body);
      if (body.ReelCode === 'R-OUT') return HttpResponse.json({ code: 409, msg: 'RAW01 RAW01-01 的料号 CAP-00008 不在盘点 ST202611280001 的范围内', data: null }, { status: 409 });
      plans[0].Counted += 1;
      return wrapped({ Id: '1', Kind: 'SNAPSHOT', ReelCode: body.ReelCode, PartCode: 'CAP-00008', LotCode: 'L1', Sic: 'RAW02', Loc: 'RAW02-01', ExpectedQty: null, CountedQty: body.Qty ?? '1000', CountedSic: null, CountedLoc: null, CountedBy: 'ADMIN', NeedsRecount: false, RecountQty: null, RecountBy: null, Variance: null, TransactionId: null });
    }),
  );
  signIn('ADMIN');
});

describe('盘点扫描', () => {
  it('counts into the plan under way: a whole reel, then one typed short, with the progress; a refusal with its reason', async () => {
    renderInRouter(<StocktakeScanPage />, '/pda/stocktake');
    await waitFor(() => expect(screen.getByTestId('pda-stocktake-plan').textContent).toContain('ST202611280001 盘点中'));
    expect(screen.getByTestId('pda-stocktake-progress').textContent).toBe('0 / 2');
    const input = screen.getByTestId('pda-scan-input') as HTMLInputElement;
    expect(screen.getByTestId('pda-scan-hint').textContent).toBe('扫描要盘点的盘码');

    await user().type(input, 'R-1{Enter}');
    await waitFor(() => expect(screen.getByTestId('pda-result').getAttribute('data-kind')).toBe('done'));
    expect(sent.at(-1)).toEqual({ Id: 'p1', ReelCode: 'R-1' });
    expect(screen.getByTestId('pda-stocktake-qty').textContent).toBe('1000');
    await waitFor(() => expect(screen.getByTestId('pda-stocktake-progress').textContent).toBe('1 / 2'));

    await user().type(screen.getByLabelText('数量（空=整盘）'), '960');
    await user().type(input, 'R-2{Enter}');
    await waitFor(() => expect(sent.at(-1)).toEqual({ Id: 'p1', ReelCode: 'R-2', Qty: '960' }));
    await waitFor(() => expect(screen.getByTestId('pda-stocktake-qty').textContent).toBe('960'));
    // The typed quantity was for that reel: the next scan counts a whole reel again.
    expect((screen.getByLabelText('数量（空=整盘）') as HTMLInputElement).value).toBe('');

    await user().type(input, 'R-OUT{Enter}');
    await waitFor(() => expect(screen.getByTestId('pda-result').getAttribute('data-kind')).toBe('refused'));
    expect(screen.getByTestId('pda-result-message').textContent).toBe('RAW01 RAW01-01 的料号 CAP-00008 不在盘点 ST202611280001 的范围内');
  });

  it('says when no count is under way', async () => {
    plans = [];
    renderInRouter(<StocktakeScanPage />, '/pda/stocktake');
    await screen.findByText('没有进行中的盘点');
  });
});
