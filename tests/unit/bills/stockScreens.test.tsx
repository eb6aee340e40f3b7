/**
 * The stock screens as a person reads them: quantities grouped in the user's language with what is
 * available computed, the as-of instant sent and said, a reel's status by its name (never its code),
 * and the reel input ready for the next scan.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { mockServer } from '../../../mocks/node';
import { changeLanguage } from '../../../src/core/i18n';
import StockQueryPage from '../../../src/features/stock/pages/StockQueryPage';
import ReelQueryPage from '../../../src/features/stock/pages/ReelQueryPage';
import { API, renderAdminScreen, wrapped } from '../admin/adminTestKit';

const BALANCE = [
  { PartCode: 'RES-00001', PartName: '贴片电阻 10K', Sic: 'ELE01', Loc: 'ELE01-01', LotCode: 'L1', Qty: '12500', ReservedQty: '2500', InspectionQty: '0' },
  { PartCode: 'IND-00003', PartName: null, Sic: 'ELE01', Loc: '', LotCode: 'L1', Qty: '4000.5', ReservedQty: '0', InspectionQty: '4000.5' },
];
const REEL = {
  ReelCode: 'R-0001', PartCode: 'RES-00001', PartName: '贴片电阻 10K', VendorCode: 'V0001', VendorName: '国巨电子', LotCode: 'L1', DateCode: '2611', ExpireDate: '2027-11-24', Qty: '5000', Status: 'IN_STOCK',
  Sic: 'ELE01', Loc: 'ELE01-01', ReservedQty: '0', ReservedBillCode: null, ParentReelCode: null, ReceivedAt: '2026-11-24T08:00:00.000Z', PrintCount: 1, PrintDate: null, Printer: null,
};
const LEDGER = [
  { TransactionId: '7', Kind: 'RECEIVE', Time: '2026-11-24T08:00:00.000Z', UserName: 'ADMIN', BillCode: 'ASN202611240001', LineNo: 1, ReelCode: 'R-0001', PartCode: 'RES-00001', LotCode: 'L1', Sic: 'ELE01', Loc: 'ELE01-01', Qty: '5000', ReservedQty: '0', InspectionQty: '0', Reason: null },
];

let balanceRequests: Record<string, unknown>[];

beforeEach(() => {
  balanceRequests = [];
  mockServer.use(
    http.post(`${API}/Stock/Balance`, async ({ request }) => {
      balanceRequests.push((await request.json()) as Record<string, unknown>);
      return wrapped(BALANCE, { count: BALANCE.length });
    }),
    http.get(`${API}/Reel/Get`, ({ request }) =>
      new URL(request.url).searchParams.get('reelCode') === 'R-0001' ? wrapped(REEL) : HttpResponse.json({ code: 404, msg: '条码 R-9999 不存在', data: null }, { status: 404 }),
    ),
    http.post(`${API}/Stock/Ledger`, () => wrapped(LEDGER, { count: 1 })),
  );
});

const user = () => userEvent.setup({ delay: null });
const rowTexts = (testId: string) =>
  [...screen.getByTestId(testId).querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('stock query', () => {
  it('shows each part with its name, and on hand, reserved, pending inspection and available, grouped', async () => {
    renderAdminScreen(<StockQueryPage />, 'WarehouseStock');
    await waitFor(() => expect(rowTexts('stock-balance-table')).toHaveLength(2));
    expect(rowTexts('stock-balance-table')).toEqual([
      ['RES-00001', '贴片电阻 10K', 'ELE01', 'ELE01-01', 'L1', '12,500', '2,500', '0', '10,000'],
      ['IND-00003', '', 'ELE01', '', 'L1', '4,000.5', '0', '4,000.5', '0'],
    ]);
  });

  it('tells an exact total as it is, and an estimated one (more than the server counts) as "about"', async () => {
    const { unmount } = renderAdminScreen(<StockQueryPage />, 'WarehouseStock');
    await waitFor(() => expect(screen.getByTestId('stock-query-page').textContent).toContain('共 2 条'));
    unmount();
    mockServer.use(http.post(`${API}/Stock/Balance`, () => wrapped(BALANCE, { count: 123456, countIsEstimate: true })));
    renderAdminScreen(<StockQueryPage />, 'WarehouseStock');
    await waitFor(() => expect(screen.getByTestId('stock-query-page').textContent).toContain('约 123456 条'));
  });

  it('asks for the stock as of the instant chosen and says which instant it shows', async () => {
    renderAdminScreen(<StockQueryPage />, 'WarehouseStock');
    await waitFor(() => expect(balanceRequests).toHaveLength(1));
    await user().type(screen.getByLabelText('料号'), 'RES-00001');
    await user().type(screen.getByLabelText('截至时间'), '2026-11-23 08:30:00{Enter}');
    await user().click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(balanceRequests.at(-1)).toMatchObject({ PartCode: 'RES-00001', AsOf: new Date(2026, 10, 23, 8, 30).toISOString() }));
    expect(screen.getByTestId('stock-as-of').textContent).toBe('2026/11/23 08:30:00 时的库存');
  });
});

describe('reel query and history', () => {
  it('shows the scanned reel with its status by name and its history, the input empty for the next scan', async () => {
    renderAdminScreen(<ReelQueryPage />, 'WarehouseReel');
    const input = screen.getByTestId('reel-scan-input') as HTMLInputElement;
    await user().type(input, 'R-0001{Enter}');
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
    const card = await screen.findByTestId('reel-card');
    // The part and the vendor by code and name.
    expect(card.textContent).toContain('RES-00001 贴片电阻 10K');
    expect(card.textContent).toContain('V0001 国巨电子');
    expect(within(card).getByText('在库')).toBeTruthy();
    expect(card.textContent).not.toContain('IN_STOCK');
    expect(card.textContent).toContain('5,000');
    await waitFor(() => expect(rowTexts('stock-ledger-table')).toHaveLength(1));
    expect(rowTexts('stock-ledger-table')[0].slice(1, 3)).toEqual(['收货', 'ASN202611240001']);
    expect(rowTexts('stock-ledger-table')[0]).toContain('+5,000');
  });

  it('says so in place when the reel does not exist', async () => {
    renderAdminScreen(<ReelQueryPage />, 'WarehouseReel');
    await user().type(screen.getByTestId('reel-scan-input'), 'R-9999{Enter}');
    expect((await screen.findByTestId('reel-not-found')).textContent).toContain('条码 R-9999 不存在');
  });

  it('names statuses in English too', async () => {
    await changeLanguage('en');
    renderAdminScreen(<ReelQueryPage />, 'WarehouseReel');
    await user().type(screen.getByTestId('reel-scan-input'), 'R-0001{Enter}');
    expect(within(await screen.findByTestId('reel-card')).getByText('In stock')).toBeTruthy();
    await waitFor(() => expect(rowTexts('stock-ledger-table')[0]?.[1]).toBe('Receipt'));
  });
});
