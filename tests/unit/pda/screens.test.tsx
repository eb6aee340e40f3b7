/**
 * The scanning pages on the mocks (issue 17): the home lists the user's PDA menus; receipt and picking
 * find the bill by its scanned code, show its lines, and answer each reel scan big — part, quantity,
 * what is left — or with the server's refusal; the reel lookup shows a reel's facts by name, never
 * its codes. Every scan goes through the one input (keyboard-wedge style: type, Enter).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { mockServer } from '../../../mocks/node';
import { changeLanguage } from '../../../src/core/i18n';
import { ReceiveScanPage, PickingPage } from '../../../src/features/bills/pda/pages/BillScanPage';
import ReelQueryPage from '../../../src/features/bills/pda/pages/ReelQueryPage';
import StockQueryPage from '../../../src/features/bills/pda/pages/StockQueryPage';
import PdaHomePage from '../../../src/features/bills/pda/pages/PdaHomePage';
import { API, wrapped } from '../admin/adminTestKit';
import { renderInRouter, resetGridTestState, signIn } from '../grid/gridTestKit';
import { GS } from '../../../src/grid/scan/scanInput';
import stockZh from '../../../src/core/i18n/locales/zh-chs/stock.json';

/** The mocks' bills (mocks/scenarios/bills.ts): one per status and type, dated 2026-11-24; 0002 is WAITING. */
const WAITING_ASN = 'ASN202611240002';
const EDITING_WO = 'WO202611240001';

const user = () => userEvent.setup({ delay: null });
const scan = async (code: string) => user().keyboard(`${code}{Enter}`);
const resultKind = () => screen.getByTestId('pda-result').getAttribute('data-kind');

const reelAnswer = (ReelCode: string, Status: string) => ({
  Id: '1',
  BillCode: 'X',
  Status: 'PROCESSING',
  Reels: [{ ReelCode, PartCode: 'CAP-00008', Qty: '10000', LineNo: 1, Status, IqcFlag: false }],
  Lines: [{ LineNo: 1, Qty: '30000', ActualQty: '10000', BalanceQty: '20000', Status: 'OPEN' }],
});

let sent: Record<string, unknown>[];

beforeEach(async () => {
  await resetGridTestState();
  sent = [];
  const action = (status: string) => async ({ request }: { request: Request }) => {
    const body = (await request.json()) as { ReelCode?: string; Barcode?: string };
    sent.push(body);
    const code = body.ReelCode ?? body.Barcode ?? '';
    if (code.startsWith('R-BAD')) return HttpResponse.json({ code: 409, msg: `条码 ${code} 的料号是 RES-00001，不是本单的料号`, data: null }, { status: 409 });
    return wrapped(reelAnswer(code, status));
  };
  mockServer.use(
    http.post(`${API}/Bill/ConfirmReceiptByLabel`, action('RECEIVED')),
    http.post(`${API}/Bill/Pick`, action('PICKED')),
  );
  signIn('ADMIN');
});

describe('receipt on the scanning page', () => {
  it('finds the ASN by its scanned code, shows its lines, and answers a reel scan big', async () => {
    renderInRouter(<ReceiveScanPage />, '/pda/receive-scan');
    const input = screen.getByTestId('pda-scan-input') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(screen.getByTestId('pda-scan-hint').textContent).toBe('扫描或输入单号');
    await scan(WAITING_ASN);
    await waitFor(() => expect(screen.getByTestId('pda-bill-code').textContent).toBe(WAITING_ASN));
    expect(screen.getByTestId('pda-lines').querySelectorAll('tbody tr').length).toBeGreaterThan(0);
    // The bill's status and type by name.
    expect(screen.getByTestId('pda-bill').textContent).toContain('待收货');
    await waitFor(() => expect(screen.getByTestId('pda-scan-hint').textContent).toBe('扫描盘码或供应商标签'));
    expect(document.activeElement).toBe(input);

    await scan('R-0001');
    await waitFor(() => expect(resultKind()).toBe('done'));
    expect(screen.getByTestId('pda-result-title').textContent).toBe('已收货');
    expect(screen.getByTestId('pda-result-part').textContent).toBe('CAP-00008');
    expect(screen.getByTestId('pda-result-qty').textContent).toBe('10,000');
    expect(screen.getByTestId('pda-result-remaining').textContent).toBe('20,000');
    expect(sent.at(-1)).toMatchObject({ Barcode: 'R-0001' });
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
  });

  it('sends a vendor label whole, separators included, and shows a refusal with the server’s reason', async () => {
    renderInRouter(<ReceiveScanPage />, '/pda/receive-scan');
    await scan(WAITING_ASN);
    await screen.findByTestId('pda-bill');
    await waitFor(() => expect(screen.getByTestId('pda-scan-hint').textContent).toBe('扫描盘码或供应商标签'));
    // A GS1 label as a scanner sends it: the GS arrives as a character.
    await scan(`0109501234567890${GS}10LOT1${GS}30500`);
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ Barcode: `0109501234567890${GS}10LOT1${GS}30500` }));

    await scan('R-BAD-1');
    await waitFor(() => expect(resultKind()).toBe('refused'));
    expect(screen.getByTestId('pda-result-title').textContent).toBe('未通过');
    expect(screen.getByTestId('pda-result-message').textContent).toBe('条码 R-BAD-1 的料号是 RES-00001，不是本单的料号');
  });

  it('put-to-light: a waiting reel of the bill is told its rack and cell big, and received there when scanned again', async () => {
    renderInRouter(<ReceiveScanPage />, '/pda/receive-scan');
    await scan(WAITING_ASN);
    await screen.findByTestId('pda-bill');
    await waitFor(() => expect(screen.getByTestId('pda-scan-hint').textContent).toBe('扫描盘码或供应商标签'));
    // The mock bill's reel R000000001 waits to be received; the mocks' Shelf/SuggestCell answers rack R01, cell R01-C03.
    await scan('R000000001');
    await waitFor(() => expect(screen.getByTestId('pda-result-title').textContent).toBe('放入 货架 R01 格 R01-C03'));
    expect(sent).toEqual([]);
    await scan('R000000001');
    await waitFor(() => expect(resultKind()).toBe('done'));
    expect(sent.at(-1)).toMatchObject({ Barcode: 'R000000001', ToLoc: 'RAW01-01' });
    expect(screen.getByTestId('pda-result-message').textContent).toBe('已放入 货架 R01 格 R01-C03。');
  });

  it('says so when no open bill has the scanned code', async () => {
    renderInRouter(<ReceiveScanPage />, '/pda/receive-scan');
    await scan('ASN209901010001');
    await waitFor(() => expect(resultKind()).toBe('refused'));
    expect(screen.getByTestId('pda-result-message').textContent).toBe('没有找到可处理的单据 ASN209901010001');
    expect(screen.queryByTestId('pda-bill')).toBeNull();
  });
});

describe('picking on the scanning page', () => {
  it('finds the issue bill by its code and picks a scanned reel, in English too', async () => {
    await changeLanguage('en');
    renderInRouter(<PickingPage />, '/pda/picking');
    await scan(EDITING_WO);
    await waitFor(() => expect(screen.getByTestId('pda-bill-code').textContent).toBe(EDITING_WO));
    await waitFor(() => expect(screen.getByTestId('pda-scan-hint').textContent).toBe('Scan a reel to pick'));
    await scan('R-0002');
    await waitFor(() => expect(resultKind()).toBe('done'));
    expect(screen.getByTestId('pda-result-title').textContent).toBe('Picked');
    expect(screen.getByTestId('pda-result-remaining').textContent).toBe('20,000');
    expect(sent.at(-1)).toMatchObject({ ReelCode: 'R-0002' });
  });
});

describe('reel lookup on the scanning page', () => {
  const REEL = {
    ReelCode: 'R-0001', PartCode: 'RES-00001', PartName: '贴片电阻 10K', VendorCode: 'V0001', VendorName: '国巨供应商1有限公司', LotCode: 'L1', DateCode: '2611', ExpireDate: '2027-11-24', Qty: '5000', Status: 'INSPECTION',
    Sic: 'ELE01', Loc: 'ELE01-01', ReservedQty: '0', ReservedBillCode: null, ParentReelCode: null, ReceivedAt: '2026-11-24T08:00:00.000Z', PrintCount: 1, PrintDate: null, Printer: null,
  };
  beforeEach(() => {
    mockServer.use(
      http.get(`${API}/Reel/Get`, ({ request }) =>
        new URL(request.url).searchParams.get('reelCode') === 'R-0001' ? wrapped(REEL) : HttpResponse.json({ code: 404, msg: '条码 R-9999 不存在', data: null }, { status: 404 }),
      ),
    );
  });

  it('shows a part’s stock in all and by place and lot; a reel scanned gives its part’s; no stock is said', async () => {
    const asked: unknown[] = [];
    mockServer.use(
      http.post(`${API}/Stock/Balance`, async ({ request }) => {
        const body = (await request.json()) as { PartCode?: string };
        asked.push(body.PartCode);
        const rows =
          body.PartCode === 'RES-00001'
            ? [
                { PartCode: 'RES-00001', Sic: 'ELE01', Loc: 'ELE01-01', LotCode: 'L1', Qty: '5000', ReservedQty: '1000', InspectionQty: '0' },
                { PartCode: 'RES-00001', Sic: 'ELE01', Loc: 'ELE01-02', LotCode: 'L2', Qty: '2500', ReservedQty: '0', InspectionQty: '2500' },
              ]
            : [];
        return HttpResponse.json({ code: 200, msg: '', data: rows, count: rows.length });
      }),
    );
    renderInRouter(<StockQueryPage />, '/pda/stock-query');
    await scan('RES-00001');
    await waitFor(() => expect(screen.getByTestId('pda-stock-part').textContent).toBe('RES-00001'));
    expect(screen.getByTestId('pda-stock-onhand').textContent).toBe('7,500');
    expect(screen.getByTestId('pda-stock-available').textContent).toBe('4,000');
    const places = [...screen.getByTestId('pda-stock-places').querySelectorAll('tbody tr')].map((row) =>
      ['.pda-line-part', '.pda-line-name', 'td:nth-child(2)', 'td:nth-child(3)'].map((selector) => row.querySelector(selector)?.textContent),
    );
    expect(places).toEqual([
      ['ELE01 / ELE01-01', 'L1', '5,000', '4,000'],
      ['ELE01 / ELE01-02', 'L2', '2,500', '0'],
    ]);

    // A reel's code: no part has it, so the reel's part (R-0001 is of RES-00001 here).
    await scan('R-0001');
    await waitFor(() => expect(asked).toEqual(['RES-00001', 'R-0001', 'RES-00001']));
    expect(screen.getByTestId('pda-stock-part').textContent).toBe('RES-00001');

    await scan('NO-SUCH');
    await waitFor(() => expect(resultKind()).toBe('refused'));
    expect(screen.getByText('料号 NO-SUCH 没有库存')).toBeTruthy();
  });

  it('shows the scanned reel’s part, quantity, status by name, place, lot and expiry; an unknown one is refused', async () => {
    renderInRouter(<ReelQueryPage />, '/pda/reel-query');
    await scan('R-0001');
    await waitFor(() => expect(screen.getByTestId('pda-reel-code').textContent).toBe('R-0001'));
    expect(screen.getByTestId('pda-reel-part').textContent).toBe('RES-00001');
    // The names under the codes: the code alone does not say which material it is.
    expect(screen.getByTestId('pda-reel-part-name').textContent).toBe('贴片电阻 10K');
    expect(screen.getByTestId('pda-reel-vendor').textContent).toBe('V0001');
    expect(screen.getByTestId('pda-reel-vendor-name').textContent).toBe('国巨供应商1有限公司');
    expect(screen.getByTestId('pda-reel-qty').textContent).toBe('5,000');
    expect(screen.getByTestId('pda-reel-status').textContent).toBe(stockZh.reelStatus.INSPECTION);
    expect(screen.getByTestId('pda-reel-place').textContent).toBe('ELE01 / ELE01-01');
    expect(screen.getByTestId('pda-reel-lot').textContent).toBe('L1');
    expect(screen.getByTestId('pda-reel-expiry').textContent).toBe('2027-11-24');
    expect(screen.queryByText('INSPECTION')).toBeNull();

    await scan('R-9999');
    await waitFor(() => expect(resultKind()).toBe('refused'));
    expect(screen.getByTestId('pda-result-message').textContent).toBe('条码 R-9999 不存在');
  });
});

describe('the scanning home', () => {
  it('lists the user’s PDA menus (asked with the PDA app code), those with a page as links', async () => {
    const asked: (string | null)[] = [];
    mockServer.use(
      http.get(`${API}/Role/LoadMenusByRoleId`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('appCode'));
        const page = (Id: string, Menu_Code: string, Menu_Name: string, MENU_EN: string, Link_Url: string) => ({ Id, Menu_Code, Menu_Name, MENU_EN, Link_Url, ENABLED: 'Y', Parent_Id: 'g1', Icon_Url: 'ScanOutlined' });
        return wrapped([
          {
            Id: 'g1', Menu_Code: 'PdaInbound', Menu_Name: '入库作业', MENU_EN: 'Inbound', Link_Url: '', ENABLED: 'Y', Parent_Id: null,
            children: [page('m1', 'PdaReceiveScan', '收货扫描', 'Receiving scan', '/pda/receive-scan'), page('m2', 'PdaPutaway', '上架', 'Put-away', '/pda/putaway')],
          },
        ]);
      }),
    );
    renderInRouter(<PdaHomePage />, '/pda');
    const receive = await screen.findByTestId('pda-menu-PdaReceiveScan');
    expect(receive.getAttribute('href')).toBe('/pda/receive-scan');
    expect(screen.getByText('入库作业')).toBeTruthy();
    expect(screen.getByText('上架').closest('a')).toBeNull();
    expect(screen.getByText('暂未提供')).toBeTruthy();
    expect(asked).toEqual(['PDA']);
  });
});
