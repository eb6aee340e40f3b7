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
    await user().click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(balanceRequests.at(-1)).toMatchObject({ PartCode: 'RES-00001', AsOf: new Date(2026, 10, 23, 8, 30).toISOString() }));
    expect(screen.getByTestId('stock-as-of').textContent).toBe('2026-11-23 08:30:00 时的库存');
  });

  it('suggests parts by code or name as the user types; a suggestion picked is searched for, a code typed and Enter as typed', async () => {
    renderAdminScreen(<StockQueryPage />, 'WarehouseStock');
    await waitFor(() => expect(balanceRequests).toHaveLength(1));
    const part = screen.getByLabelText('料号') as HTMLInputElement;
    expect(part.placeholder).toBe('代码或名称');
    await user().type(part, 'p00');
    // The mocks' parts (code, name and specification), asked for once the typing pauses.
    const optionTexts = () => [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.textContent ?? '');
    await waitFor(() => expect(optionTexts().length).toBeGreaterThan(0), { timeout: 5000 });
    await waitFor(() => expect(optionTexts().filter((text) => !/^P00\d+ \S+ · \S/.test(text))).toEqual([]));
    const suggestions = optionTexts();
    // The list may still be fading in (antd's motion sets pointer-events: none meanwhile): a person's click lands after it.
    await userEvent.setup({ delay: null, pointerEventsCheck: 0 }).click(document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')[0]);
    const picked = suggestions[0].split(' ')[0];
    await waitFor(() => expect(part.value).toBe(picked));
    await user().click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(balanceRequests.at(-1)).toMatchObject({ PartCode: picked }));
    // A scanner: the code and Enter search at once, for the code as typed.
    await user().clear(part);
    await user().type(part, 'CAP-00008{Enter}');
    await waitFor(() => expect(balanceRequests.at(-1)).toMatchObject({ PartCode: 'CAP-00008' }));
  });

  it('suggests the locators of the storage location typed beside them', async () => {
    const suggestionRequests: Record<string, unknown>[] = [];
    // Listens, then lets the mocks answer (a resolver that returns nothing passes the request on).
    mockServer.use(
      http.post(`${API}/Stock/RefOptions`, async ({ request }) => {
        suggestionRequests.push((await request.clone().json()) as Record<string, unknown>);
      }),
    );
    renderAdminScreen(<StockQueryPage />, 'WarehouseStock');
    const optionTexts = () => [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.textContent ?? '');
    await user().type(screen.getByLabelText('存储地点'), 'SL0001');
    // As a person does: the storage location's own list shows before the locator is clicked (a loaded machine
    // otherwise answers the storage location's list after the click, the two lists racing).
    await waitFor(() => expect(suggestionRequests).toContainEqual({ Field: 'Sic', Key: 'SL0001' }));
    await waitFor(() => expect(optionTexts().some((text) => text.startsWith('SL0001'))).toBe(true));
    await user().click(screen.getByLabelText('库位'));
    await waitFor(() => expect(suggestionRequests).toContainEqual({ Field: 'Loc', Key: '', Sic: 'SL0001' }));
    // The storage location's list closes as the locator's opens: wait for the locator's alone.
    await waitFor(() => expect(optionTexts().length).toBeGreaterThan(0));
    await waitFor(() => expect(optionTexts().filter((text) => !/^L\d+ \S+/.test(text))).toEqual([]));
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
    expect(rowTexts('stock-ledger-table')[0].slice(1, 4)).toEqual(['收货', 'RES-00001', '+5,000']);
    expect(rowTexts('stock-ledger-table')[0]).toContain('ASN202611240001');
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

describe('the stock screens\' search buttons', () => {
  it('say 搜索 and 重置 (Search and Reset), as the grids\' search button does', async () => {
    renderAdminScreen(<StockQueryPage />, 'WarehouseStock');
    const page = await screen.findByTestId('stock-query-page');
    expect(within(page).getByRole('button', { name: /搜\s*索/ })).toBeTruthy();
    expect(within(page).getByRole('button', { name: /重\s*置/ })).toBeTruthy();
    expect(within(page).queryByRole('button', { name: /查\s*询/ })).toBeNull();
  });
});
