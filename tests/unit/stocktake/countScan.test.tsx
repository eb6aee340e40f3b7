/**
 * The stocktake count on the mocks, as a scanner user works it: the reel's code into the shared scan box
 * (empty after each scan, so a refused code is never prefixed to the next; the refusal said in place and
 * among the last scans in the user's language), the place and quantity typed first with Enter moving on
 * to the scan box, loose stock counted by Enter, and the lines' quantities grouped (2,000) as elsewhere.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { mockServer } from '../../../mocks/node';
import { changeLanguage } from '../../../src/core/i18n';
import { StocktakeDetail } from '../../../src/features/stocktake/components/StocktakeDetail';
import { API, grantButtons, renderAdminScreen, wrapped } from '../admin/adminTestKit';
import { resetGridTestState } from '../grid/gridTestKit';

const PLAN = {
  Id: 'P1', Code: 'ST-1', Status: 'COUNTING', Blind: false, RecountByOther: false, Sics: ['RAW02'], Locs: [], Parts: [], AbcClasses: [],
  Description: null, ApprovedAt: null, ApprovedBy: null, CreatedAt: '2026-12-01T00:00:00Z', CreatedBy: 'ADMIN', StartedAt: null, Version: 1,
};
const LINE = {
  Id: 'L1', Kind: 'SNAPSHOT', ReelCode: 'R-1', PartCode: 'CAP-00008', LotCode: 'L1', Sic: 'RAW02', Loc: 'RAW02-29', ExpectedQty: '2000',
  CountedQty: null, CountedBy: null, CountedSic: null, CountedLoc: null, NeedsRecount: false, RecountQty: null, RecountBy: null, Variance: null, TransactionId: null,
};

/** What the count calls sent, in order. */
let counts: Record<string, unknown>[] = [];
let counted = false;

beforeEach(async () => {
  await resetGridTestState();
  await changeLanguage('zh-chs');
  counts = [];
  counted = false;
  mockServer.use(
    http.post(`${API}/Stocktake/Get`, () =>
      wrapped({
        Plan: PLAN,
        Lines: [counted ? { ...LINE, CountedQty: '1960', CountedBy: 'ADMIN', Variance: '-40' } : LINE],
        Counted: counted ? 1 : 0, Total: 1, Variances: counted ? 1 : 0, ShowsExpected: true,
      }),
    ),
    http.post(`${API}/Stocktake/Count`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      counts.push(body);
      if (body.ReelCode === 'R-NOPE') {
        const text = request.headers.get('cookie')?.includes('language=en') ? `No reel ${String(body.ReelCode)}` : `条码 ${String(body.ReelCode)} 不存在`;
        return HttpResponse.json({ code: 404, msg: text, data: null }, { status: 404 });
      }
      if (body.PartCode === undefined) counted = true;
      return wrapped({ ...LINE, CountedQty: body.Qty ?? '2000' });
    }),
  );
  grantButtons('Stocktake', ['Count', 'Save', 'Approve', 'Recount'] as never);
});
afterEach(() => changeLanguage('zh-chs'));

const user = () => userEvent.setup({ delay: null });
const scanInput = () => within(screen.getByTestId('stocktake-detail')).getByTestId('scan-input') as HTMLInputElement;
const renderDetail = async () => {
  renderAdminScreen(<StocktakeDetail id="P1" onClose={() => undefined} onChanged={() => undefined} />, 'Stocktake');
  await screen.findByTestId('stocktake-detail');
};

describe('the stocktake count', () => {
  it('empties the scan box after a refused reel: the next scan is counted alone; the refusal is said in place and among the last scans', async () => {
    await renderDetail();
    await waitFor(() => expect(document.activeElement).toBe(scanInput()));
    // A scanner types into the focused box: no click, no clearing between scans.
    await user().keyboard('R-NOPE{Enter}');
    expect(scanInput().value).toBe('');
    await waitFor(() => expect(screen.getByTestId('scan-feedback').textContent).toBe('条码 R-NOPE 不存在'));
    expect(screen.getByTestId('scan-feedback').className).toContain('ant-alert-error');
    expect(document.activeElement).toBe(scanInput());
    await user().keyboard('R-1{Enter}');
    await waitFor(() => expect(screen.getByTestId('scan-feedback').textContent).toBe('R-1 已盘点'));
    expect(counts.map((body) => body.ReelCode)).toEqual(['R-NOPE', 'R-1']);
    const log = within(screen.getByTestId('scan-log')).getAllByRole('listitem').map((item) => item.textContent);
    expect(log).toEqual(['R-1R-1 已盘点', 'R-NOPE条码 R-NOPE 不存在']);
    expect(scanInput().value).toBe('');
  });

  it('says a refusal in English to an English user', async () => {
    await changeLanguage('en');
    await renderDetail();
    await user().type(scanInput(), 'R-NOPE{Enter}');
    await waitFor(() => expect(screen.getByTestId('scan-feedback').textContent).toBe('No reel R-NOPE'));
    expect(within(screen.getByTestId('scan-box')).getByText('Last scans')).toBeTruthy();
  });

  it('takes the place and quantity first: Enter moves on to the scan box, and the scan is counted with them', async () => {
    await renderDetail();
    const u = user();
    await u.click(screen.getByTestId('stocktake-scan-sic'));
    await u.keyboard('RAW02{Enter}');
    expect(document.activeElement).toBe(screen.getByTestId('stocktake-scan-loc'));
    await u.keyboard('RAW02-29{Enter}');
    expect(document.activeElement).toBe(screen.getByTestId('stocktake-scan-qty'));
    await u.keyboard('1960{Enter}');
    expect(document.activeElement).toBe(scanInput());
    // Enter in the quantity counts nothing by itself.
    expect(counts).toEqual([]);
    await u.keyboard('R-1{Enter}');
    await waitFor(() => expect(counts).toEqual([{ Id: 'P1', ReelCode: 'R-1', Sic: 'RAW02', Loc: 'RAW02-29', Qty: '1960' }]));
    // The quantity was this reel's: the next one is counted whole.
    await waitFor(() => expect((screen.getByTestId('stocktake-scan-qty') as HTMLInputElement).value).toBe(''));
  });

  it('counts loose stock by Enter, field by field to the last one', async () => {
    await renderDetail();
    const loose = within(screen.getByTestId('stocktake-loose'));
    const u = user();
    await u.click(loose.getByLabelText('料号'));
    await u.keyboard('CAP-00008{Enter}RAW02{Enter}RAW02-29{Enter}L9{Enter}');
    expect(document.activeElement).toBe(screen.getByTestId('stocktake-loose-qty'));
    expect(counts).toEqual([]);
    await u.keyboard('35{Enter}');
    await waitFor(() => expect(counts).toEqual([{ Id: 'P1', PartCode: 'CAP-00008', Sic: 'RAW02', Loc: 'RAW02-29', LotCode: 'L9', Qty: '35' }]));
  });

  it('writes the lines’ quantities grouped, as every stock screen does', async () => {
    await renderDetail();
    const row = () => within(screen.getByTestId('stocktake-lines')).getAllByRole('row')[1].textContent;
    await waitFor(() => expect(row()).toContain('2,000'));
    await user().type(scanInput(), 'R-1{Enter}');
    await waitFor(() => expect(row()).toContain('1,960'));
  });

  it('says the whole warehouse for a plan of no storage location, locator or part, as the plans\' list does', async () => {
    Object.assign(PLAN, { Sics: [] });
    try {
      await renderDetail();
      await waitFor(() => expect(screen.getByTestId('stocktake-detail').textContent).toContain('全仓'));
    } finally {
      Object.assign(PLAN, { Sics: ['RAW02'] });
    }
  });
});
