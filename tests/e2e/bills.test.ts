/**
 * The warehouse's bills on the real server (issue 14 "Must show"), the way a storeman works, in
 * Chinese and again in English: an ASN with two lines → create reels → receive them by typing the
 * codes into the goods-receiving scan box (the IQC part goes to pending inspection) → the stock
 * screen shows them → a work-order issue bill → reserve → pick by scanning (a reel of another part
 * is refused with its reason) → cancel one reel's issue and see its stock come back → handover →
 * close; the stock as of yesterday does not have any of it. Each run uses a lot of its own, so its
 * stock rows are its own. Screenshots of every screen go to tests/e2e/artifacts/.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, test } from 'vitest';
import { DEFAULT_ADMIN_PASSWORD, DEMO_ORGANIZATIONS } from '../../server/db/seed/demo-data';
import type { Locator, Page } from 'playwright-core';
import billsZh from '../../src/core/i18n/locales/zh-chs/bills.json';
import billsEn from '../../src/core/i18n/locales/en/bills.json';
import stockZh from '../../src/core/i18n/locales/zh-chs/stock.json';
import stockEn from '../../src/core/i18n/locales/en/stock.json';
import gridZh from '../../src/core/i18n/locales/zh-chs/grid.json';
import gridEn from '../../src/core/i18n/locales/en/grid.json';
import printerZh from '../../src/core/i18n/locales/zh-chs/printer.json';
import printerEn from '../../src/core/i18n/locales/en/printer.json';
import { BILL_ACTION_RULES, type BillAction } from '../../src/shared/bills/actions';
import { BILL_HEADER_FIELDS, BILL_LINE_COLUMNS, type BillHeaderField, type BillLineColumn } from '../../src/shared/bills/fields';
import { billTypeDeclaration } from '../../src/shared/bills/types/index';
import { BILL_BOX_STATUS_LABELS, BILL_STATUS_LABELS, type BillBoxStatus, type BillStatus } from '../../src/shared/bills/statuses';
import { CONFIRMED_ACTIONS } from '../../src/features/bills/model/billActions';
import { translate } from '../../src/shared/messages/catalogue';
import { adminSessionPerFile } from './adminSession';
import { buttonLabelled, chooseOption, notice } from './gridPage';
import { fillLoginForm, readMockCaptchaCode, submitWithEnter } from './loginForm';
import { arrived, activateTab, menuTitle, openScreen, saveSettledScreenshot, VIEWPORT } from './shellPage';

const portalUrl = inject('portalUrl');
const mockPortalUrl = inject('mockPortalUrl');
const printAgentUrl = inject('printAgentUrl');
const printSpoolDir = inject('printSpoolDir');
const [labelPrinter] = inject('printAgentPrinters');
const session = adminSessionPerFile(portalUrl);

const LANGUAGES = ['zh-chs', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

/** Codes unique to this run, so a rerun against the same database starts clean. */
const RUN = Date.now().toString(36).toUpperCase();

/**
 * Demo parts (server/db/seed/seed-masterdata.ts): CAP-00008 needs no IQC, IND-00003 does; received
 * into a storage location the demo bills leave empty. The demo plant's received RES-00001 reels
 * (server/db/seed/seed-demo-bills.ts) are the reels of another part a storeman may scan by mistake.
 */
const PLAIN_PART = 'CAP-00008';
const IQC_PART = 'IND-00003';
const OTHER_PART = 'RES-00001';
const STORAGE_LOCATION = 'AUX01';
const LOCATOR = 'AUX01-01';

/** What the screens say, in each language (the portal's own texts, so a changed text changes the test). */
function textsOf(language: Language) {
  const en = language === 'en';
  const bills = en ? billsEn : billsZh;
  const stock = en ? stockEn : stockZh;
  const labels = (en ? printerEn : printerZh).labels;
  const lng = en ? 'en' : 'zh-chs';
  return {
    language,
    bills,
    stock,
    /** The stock screens' search button says what the grids' does. */
    searchButton: (en ? gridEn : gridZh).quickSearch.search,
    labels,
    menu: (code: string) => menuTitle(code)[en ? 'en' : 'zh'],
    action: (action: BillAction) => BILL_ACTION_RULES[action].label[lng],
    status: (status: BillStatus) => BILL_STATUS_LABELS[status][lng],
    boxStatus: (status: BillBoxStatus) => BILL_BOX_STATUS_LABELS[status][lng],
    header: (field: BillHeaderField) => BILL_HEADER_FIELDS[field].label[lng],
    column: (column: BillLineColumn) => BILL_LINE_COLUMNS[column].label[lng],
    ok: en ? 'OK' : '确定',
    fill: (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key])),
  };
}
type Texts = ReturnType<typeof textsOf>;

// ---- driving the screens ---------------------------------------------------------------------------

const visible = (locator: Locator) => locator.filter({ visible: true });
/** The columns of a bill's 条码 (reels) tab. */
const BOX = { reel: 0, part: 2, qty: 4, printed: 5, status: 6 } as const;
/** The print agent's jobs so far (files in its spool folder). */
const spooledJobs = () => readdir(printSpoolDir).catch(() => [] as string[]);
const detail = (page: Page) => visible(page.getByTestId('bill-detail'));
const billCode = async (page: Page) => (await detail(page).getByTestId('bill-code').textContent())!.trim();
const billStatus = (page: Page) => detail(page).getByTestId('bill-status');
const tableRows = (scope: Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
async function rowsOf(scope: Locator): Promise<string[][]> {
  return tableRows(scope).evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim())));
}
/** Where the stock ledger screen's table (src/grid/stock/StockLedgerTable.tsx) shows what a test reads; the reel history hides ReelCode, after these. */
const LEDGER = { Kind: 1, PartCode: 2, ReelCode: 8 } as const;

/** Clicks an action (toolbar, row) and, for one that undoes or ends work, answers its question. */
async function runAction(page: Page, scope: Locator, texts: Texts, action: BillAction) {
  await buttonLabelled(scope, texts.action(action)).first().click();
  if (!CONFIRMED_ACTIONS.includes(action)) return;
  const question = await arrived(page.locator('.ant-popconfirm').filter({ visible: true }));
  await buttonLabelled(question, texts.ok).click();
  await question.waitFor({ state: 'hidden' });
}

async function waitForStatus(page: Page, texts: Texts, status: BillStatus) {
  await expect.poll(() => billStatus(page).textContent()).toBe(texts.status(status));
}

type BillHeaderValues = Partial<Record<BillHeaderField, string>>;
type BillLineValues = Partial<Record<BillLineColumn, string>>;
/** A line's cell in the bill form, by its label (第 2 行 料号). */
const lineCell = (form: Locator, texts: Texts, line: number, column: BillLineColumn) =>
  form.getByLabel(texts.fill(texts.bills.form.lineCell, { line, field: texts.column(column) }), { exact: true });

/** Opens the bill type's screen and its new-bill form, and fills it (header, lines); the form, unsaved. */
async function fillNewBill(page: Page, texts: Texts, typeCode: string, header: BillHeaderValues, lines: BillLineValues[]) {
  await openScreen(page, texts.menu('Bill'), texts.menu(`Bill${typeCode}`));
  await buttonLabelled(visible(page.getByTestId('bill-master-page')), texts.bills.page.newBill).click();
  const form = page.locator('.ant-drawer').filter({ visible: true });
  await form.waitFor();
  // The form opens with the caret in its first header field (the drawer used to take it for itself).
  const firstField = form.getByLabel(texts.header(billTypeDeclaration(typeCode)!.headerFields[0]), { exact: true });
  await expect.poll(() => firstField.evaluate((element) => element === document.activeElement)).toBe(true);
  for (const [field, value] of Object.entries(header)) await form.getByLabel(texts.header(field as BillHeaderField), { exact: true }).fill(value);
  for (const [index, line] of lines.entries()) {
    if (index > 0) await buttonLabelled(form, texts.bills.form.addLine).click();
    for (const [column, value] of Object.entries(line)) await lineCell(form, texts, index + 1, column as BillLineColumn).fill(value);
  }
  return form;
}

/** Fills the new-bill form (fillNewBill) and saves; the saved bill shows below the grid. */
async function createBill(page: Page, texts: Texts, typeCode: string, header: BillHeaderValues, lines: BillLineValues[]) {
  const form = await fillNewBill(page, texts, typeCode, header, lines);
  await saveSettledScreenshot(page, `bills-${typeCode}-form-${texts.language}`);
  await buttonLabelled(form, texts.bills.form.save).click();
  await form.waitFor({ state: 'hidden' });
  await detail(page).waitFor();
  await waitForStatus(page, texts, 'EDITING');
  return billCode(page);
}

async function openTab(page: Page, name: string) {
  await detail(page).getByRole('tab', { name: new RegExp(`^${name.replace(/[()（）]/g, '.').replace(/\{\{count\}\}/, '\\d+')}$`) }).click();
}

/** Types a code into the visible scan box and Enter, as a wedge scanner does; resolves with the feedback shown for it. */
async function scan(page: Page, code: string): Promise<{ text: string; kind: 'success' | 'info' | 'error' }> {
  const input = visible(page.getByTestId('scan-input'));
  await input.fill(code);
  await input.press('Enter');
  const feedback = visible(page.locator(`[data-testid="scan-feedback"][data-code="${code}"]`));
  await feedback.waitFor();
  // The box is empty and has the focus again, for the next scan.
  expect(await input.inputValue()).toBe('');
  expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
  const className = (await feedback.getAttribute('class')) ?? '';
  const kind = className.includes('ant-alert-success') ? 'success' : className.includes('ant-alert-info') ? 'info' : 'error';
  return { text: ((await feedback.textContent()) ?? '').trim(), kind };
}

/** The stock screen's rows for a lot, now or as of an instant (typed as a person types it), once the search has answered. */
async function stockRows(page: Page, texts: Texts, lot: string, asOf?: string): Promise<string[][]> {
  await openScreen(page, texts.menu('Warehouse'), texts.menu('WarehouseStock'));
  const screen = visible(page.getByTestId('stock-query-page'));
  const table = screen.getByTestId('stock-balance-table');
  await expect.poll(() => table.getAttribute('data-updated-at')).not.toBeNull();
  const before = await table.getAttribute('data-updated-at');
  await screen.getByLabel(texts.stock.field.LotCode, { exact: true }).fill(lot);
  const asOfInput = screen.getByLabel(texts.stock.search.asOf, { exact: true });
  await asOfInput.click();
  await asOfInput.fill(asOf ?? '');
  if (asOf) await asOfInput.press('Enter');
  await page.keyboard.press('Escape');
  await buttonLabelled(screen, texts.searchButton).click();
  // A new answer, not the rows of the search before.
  await expect.poll(() => table.getAttribute('data-updated-at')).not.toBe(before);
  await expect.poll(() => table.getAttribute('data-updated-at')).not.toBeNull();
  if (asOf) await screen.getByTestId('stock-as-of').waitFor();
  else await screen.getByTestId('stock-as-of').waitFor({ state: 'detached' });
  const rows = await rowsOf(table);
  // Each part with its name from the master data (its text is the server tests'), then the row's other columns.
  for (const [code, name] of rows) expect(name, `the name of ${code}`).toMatch(/\S/);
  return rows.map(([code, , ...rest]) => [code, ...rest]);
}

// ---- the flow ------------------------------------------------------------------------------------------

describe.each(LANGUAGES)('bills in %s', (language) => {
  const texts = textsOf(language);
  const lot = `LOT-${RUN}-${language === 'en' ? 'E' : 'Z'}`;
  const state: { asn?: string; wo?: string; plainReels: string[]; iqcReels: string[] } = { plainReels: [], iqcReels: [] };

  async function inLanguage(page: Page) {
    await page.context().addCookies([{ name: 'language', value: language, url: portalUrl }]);
    await page.reload();
  }

  test('an ASN with two lines gets its reels', async () => {
    const { page } = session;
    await inLanguage(page);
    const line = { ToSic: STORAGE_LOCATION, ToLoc: LOCATOR, LotCode: lot };
    state.asn = await createBill(page, texts, 'ASN', { vendor_code: 'V0001', description: `e2e ${RUN}` }, [
      { PartCode: PLAIN_PART, Qty: '10000', Mpq: '5000', ...line },
      { PartCode: IQC_PART, Qty: '4000', Mpq: '2000', ...line },
    ]);
    expect(state.asn).toMatch(/^ASN\d{8}\d+$/);

    await runAction(page, detail(page), texts, 'CreateReels');
    await waitForStatus(page, texts, 'WAITING');
    await openTab(page, texts.bills.detail.tabs.boxes);
    const reels = await rowsOf(detail(page).getByTestId('bill-boxes'));
    // Each line split by its quantity per reel: 2 + 2 reels, none received yet.
    expect(reels.map((reel) => [reel[BOX.part], reel[BOX.qty], reel[BOX.status]])).toEqual([
      [PLAIN_PART, '5,000', texts.boxStatus('CREATED')],
      [PLAIN_PART, '5,000', texts.boxStatus('CREATED')],
      [IQC_PART, '2,000', texts.boxStatus('CREATED')],
      [IQC_PART, '2,000', texts.boxStatus('CREATED')],
    ]);
    state.plainReels = reels.filter((reel) => reel[2] === PLAIN_PART).map((reel) => reel[0]);
    state.iqcReels = reels.filter((reel) => reel[2] === IQC_PART).map((reel) => reel[0]);
    await saveSettledScreenshot(page, `bills-asn-reels-${language}`);
    // The page from its top: the type's grid of bills, the new one among them, above the bill.
    await visible(page.getByTestId('data-grid')).scrollIntoViewIfNeeded();
    await expect.poll(() => visible(page.getByTestId('data-grid')).locator('.ant-table-row', { hasText: state.asn }).count()).toBe(1);
    await saveSettledScreenshot(page, `bills-asn-page-${language}`);
  });

  test('a save refused for one line marks that line\'s cell with the reason and puts the cursor in it', async () => {
    const { page } = session;
    await inLanguage(page);
    const line = { Qty: '10', ToSic: STORAGE_LOCATION };
    const form = await fillNewBill(page, texts, 'ASN', { vendor_code: 'V0001' }, [{ PartCode: PLAIN_PART, ...line }, { PartCode: 'NO-SUCH-PART', ...line }]);
    await buttonLabelled(form, texts.bills.form.save).click();
    const cell = lineCell(form, texts, 2, 'PartCode');
    const reason = translate(language, 'billLinePartUnknown', { line: 2, part: 'NO-SUCH-PART' });
    await expect.poll(() => cell.locator('xpath=ancestor::div[contains(@class,"ant-form-item ")][1]').locator('.ant-form-item-explain-error').allTextContents()).toEqual([reason]);
    await expect.poll(() => cell.evaluate((element) => element === document.activeElement)).toBe(true);
    // The form stays open with what was typed.
    expect(await lineCell(form, texts, 1, 'PartCode').inputValue()).toBe(PLAIN_PART);
    await saveSettledScreenshot(page, `bills-save-refused-cell-${language}`);
    await buttonLabelled(form, texts.bills.form.cancel).click();
    await form.waitFor({ state: 'hidden' });
  });

  test('goods receiving: the reels typed into the scan box are received, the IQC part into pending inspection', async () => {
    const { page } = session;
    await inLanguage(page);
    await openScreen(page, texts.menu('Warehouse'), texts.menu('WarehouseReceiving'));
    const screen = visible(page.getByTestId('goods-receiving-page'));
    await chooseOption(page, screen, texts.bills.receiving.billType, texts.menu('BillASN'));
    const billInput = screen.getByTestId('bill-scan-input');
    await billInput.fill(state.asn!);
    await billInput.press('Enter');
    await expect.poll(() => detail(page).getByTestId('bill-code').textContent()).toBe(state.asn);

    for (const reel of state.plainReels) {
      const outcome = await scan(page, reel);
      expect(outcome).toEqual({ kind: 'success', text: `${reel}: ${texts.fill(texts.bills.scan.done.ConfirmReceipt, { qty: '5,000', part: PLAIN_PART, line: 1 })}` });
    }
    for (const reel of state.iqcReels) {
      const outcome = await scan(page, reel);
      expect(outcome).toEqual({
        kind: 'success',
        text: `${reel}: ${texts.fill(texts.bills.scan.done.ConfirmReceipt, { qty: '2,000', part: IQC_PART, line: 2 })} ${texts.bills.scan.toInspection}`,
      });
    }
    // The same reel again: received once (the repeat changes nothing), said so; the bill's count stays.
    expect(await scan(page, state.plainReels[0])).toEqual({ kind: 'info', text: `${state.plainReels[0]}: ${texts.bills.scan.again}` });
    const progress = visible(page.getByTestId('scan-progress'));
    expect(await progress.locator('.ant-statistic-title').textContent()).toBe(texts.bills.scan.received);
    await expect.poll(() => progress.locator('.ant-statistic-content-value').textContent()).toBe('4 / 4');
    expect(await visible(page.getByTestId('scan-all-received')).textContent()).toBe(texts.bills.scan.allReceived);
    await waitForStatus(page, texts, 'PROCESSING');
    await saveSettledScreenshot(page, `bills-receiving-scanned-${language}`);
  });

  test("goods receiving by the vendor's labels: an ECIA and a GS1 label scanned into the box become received reels of the line", async () => {
    const { page } = session;
    await inLanguage(page);
    const labelLot = `LBL-${RUN}-${language === 'en' ? 'E' : 'Z'}`;
    const asn = await createBill(page, texts, 'ASN', { vendor_code: 'V0001', description: `e2e labels ${RUN}` }, [
      { PartCode: PLAIN_PART, Qty: '300', ToSic: STORAGE_LOCATION, ToLoc: LOCATOR, LotCode: labelLot },
    ]);
    await openScreen(page, texts.menu('Warehouse'), texts.menu('WarehouseReceiving'));
    const screen = visible(page.getByTestId('goods-receiving-page'));
    await chooseOption(page, screen, texts.bills.receiving.billType, texts.menu('BillASN'));
    const billInput = screen.getByTestId('bill-scan-input');
    await billInput.fill(asn);
    await billInput.press('Enter');
    await expect.poll(() => detail(page).getByTestId('bill-code').textContent()).toBe(asn);

    // A wedge scanner cannot type GS/RS/EOT into a browser; set up to send <GS> <RS> <EOT> (or ␝ ␞ ␄) instead.
    const ecia = `[)><RS>06<GS>P${PLAIN_PART}<GS>Q100<GS>1T${labelLot}<GS>SE${RUN}${language === 'en' ? 'E' : 'Z'}<RS><EOT>`;
    const gs1 = `]C1240${PLAIN_PART}␝30200␝21G${RUN}${language === 'en' ? 'E' : 'Z'}`;
    const done = (qty: string) => texts.fill(texts.bills.scan.done.ConfirmReceipt, { qty, part: PLAIN_PART, line: 1 });
    expect(await scan(page, ecia)).toEqual({ kind: 'success', text: `${ecia}: ${done('100')}` });
    expect(await scan(page, gs1)).toEqual({ kind: 'success', text: `${gs1}: ${done('200')}` });
    expect(await scan(page, ecia)).toEqual({ kind: 'info', text: `${ecia}: ${texts.bills.scan.again}` });
    await waitForStatus(page, texts, 'PROCESSING');
    await openTab(page, texts.bills.detail.tabs.boxes);
    const reels = await rowsOf(detail(page).getByTestId('bill-boxes'));
    expect(reels.map((reel) => [reel[BOX.part], reel[BOX.qty], reel[BOX.status]])).toEqual([
      [PLAIN_PART, '100', texts.boxStatus('RECEIVED')],
      [PLAIN_PART, '200', texts.boxStatus('RECEIVED')],
    ]);
    await saveSettledScreenshot(page, `bills-receiving-labels-${language}`);

    // The bill's reels' labels: the preview shows the PDF (a blob: frame the page's policy allows).
    const refused: string[] = [];
    const listen = (message: { text(): string }) => {
      if (/Content Security Policy|Refused to frame/i.test(message.text())) refused.push(message.text());
    };
    page.on('console', listen);
    await visible(detail(page).getByTestId('bill-print-labels')).click();
    const preview = visible(page.getByTestId('label-preview'));
    await preview.waitFor();
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^blob:/);
    await saveSettledScreenshot(page, `bills-label-preview-${language}`);
    page.off('console', listen);
    expect(refused).toEqual([]);

    // 打印: the PDF goes through the local print agent to the chosen printer, and each reel counts the print.
    const chosen = await fetch(`${printAgentUrl}/Printer/SetPrintName`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ PrintName: labelPrinter }),
    });
    expect(((await chosen.json()) as { Code: number }).Code).toBe(1);
    const spooledBefore = new Set(await spooledJobs());
    await buttonLabelled(page.getByRole('dialog'), texts.labels.print).click();
    await notice(page, texts.fill(texts.labels.printed, { count: 2, printer: labelPrinter })).waitFor();
    await preview.waitFor({ state: 'hidden' });
    const spooled = (await spooledJobs()).filter((name) => !spooledBefore.has(name));
    expect(spooled).toHaveLength(1);
    expect(spooled[0]).toMatch(/\.pdf$/);
    expect((await readFile(join(printSpoolDir, spooled[0]!))).subarray(0, 5).toString()).toBe('%PDF-');
    await expect.poll(async () => (await rowsOf(detail(page).getByTestId('bill-boxes'))).map((reel) => reel[BOX.printed])).toEqual(['1', '1']);
  });

  test('the stock screen shows the received reels: the IQC part pending inspection, not available', async () => {
    const { page } = session;
    await inLanguage(page);
    const rows = await stockRows(page, texts, lot);
    // Part, storage location, locator, lot, on hand, reserved, pending inspection, available.
    expect(rows).toEqual([
      [PLAIN_PART, STORAGE_LOCATION, LOCATOR, lot, '10,000', '0', '0', '10,000'],
      [IQC_PART, STORAGE_LOCATION, LOCATOR, lot, '4,000', '0', '4,000', '0'],
    ]);
    await saveSettledScreenshot(page, `bills-stock-received-${language}`);
  });

  test('a work-order issue: reserve, pick by scanning (another part refused), cancel one reel issue, handover, close', async () => {
    const { page } = session;
    await inLanguage(page);
    // A reel of another part in stock, as the stock ledger shows it: what a storeman might scan by mistake.
    await openScreen(page, texts.menu('Warehouse'), texts.menu('WarehouseLedger'));
    const ledgerScreen = visible(page.getByTestId('stock-ledger-page'));
    await ledgerScreen.getByLabel(texts.stock.field.PartCode, { exact: true }).fill(OTHER_PART);
    await buttonLabelled(ledgerScreen, texts.searchButton).click();
    const ledgerTable = ledgerScreen.getByTestId('stock-ledger-table');
    // The row itself is waited for: a receipt of another part, left from before the search, satisfied a looser wait
    // (CI-like load, the English pass), and the search's own rows were still loading when the reel was read.
    const otherPartReceipt = async () => (await rowsOf(ledgerTable)).find((row) => row[LEDGER.Kind] === texts.stock.kind.RECEIVE && row[LEDGER.PartCode] === OTHER_PART);
    await expect.poll(otherPartReceipt).toBeTruthy();
    const otherReel = (await otherPartReceipt())![LEDGER.ReelCode];

    state.wo = await createBill(page, texts, 'WO', { mo: `MO-${RUN}`, mo_line: '10' }, [{ PartCode: PLAIN_PART, Qty: '10000', FromSic: STORAGE_LOCATION }]);

    await runAction(page, detail(page), texts, 'ReserveStock');
    await waitForStatus(page, texts, 'PROCESSING');

    // A reel of another part is refused with its reason, and nothing is picked.
    const wrong = await scan(page, otherReel);
    expect(wrong.kind).toBe('error');
    expect(wrong.text).toContain(OTHER_PART);
    expect(wrong.text).toContain(state.wo);
    expect(await visible(page.getByTestId('scan-progress')).locator('.ant-statistic-content-value').textContent()).toBe('0');
    await saveSettledScreenshot(page, `bills-pick-refused-${language}`);

    for (const reel of state.plainReels) {
      const outcome = await scan(page, reel);
      expect(outcome).toEqual({ kind: 'success', text: `${reel}: ${texts.fill(texts.bills.scan.done.Pick, { qty: '5,000', part: PLAIN_PART, line: 1 })}` });
    }

    // Cancel the issue of one reel: its stock comes back.
    await openTab(page, texts.bills.detail.tabs.boxes);
    const boxes = detail(page).getByTestId('bill-boxes');
    const cancelled = tableRows(boxes).filter({ hasText: state.plainReels[1] });
    await runAction(page, cancelled, texts, 'CancelReelIssue');
    // Back as it was before the pick: reserved for the bill again if the reservation had taken it.
    const cancelledStatus = async () => (await rowsOf(boxes)).find((row) => row[BOX.reel] === state.plainReels[1])?.[BOX.status];
    await expect.poll(cancelledStatus).not.toBe(texts.boxStatus('PICKED'));
    expect([texts.boxStatus('RESERVED'), texts.boxStatus('CANCELLED')]).toContain(await cancelledStatus());
    await saveSettledScreenshot(page, `bills-wo-detail-${language}`);
    // Its 5,000 are on hand again (still reserved for the bill when the reservation had taken it).
    const afterCancel = await stockRows(page, texts, lot);
    expect(afterCancel.map((row) => row.slice(0, 5))).toEqual([
      [PLAIN_PART, STORAGE_LOCATION, LOCATOR, lot, '5,000'],
      [IQC_PART, STORAGE_LOCATION, LOCATOR, lot, '4,000'],
    ]);
    await activateTab(page, texts.menu('BillWO'));

    await runAction(page, detail(page), texts, 'HandoverConfirm');
    await notice(page, texts.action('HandoverConfirm')).first().waitFor();
    await runAction(page, detail(page), texts, 'ConfirmClose');
    await waitForStatus(page, texts, 'CLOSED');
    // A closed bill offers no action.
    await expect.poll(() => detail(page).getByTestId('bill-action-toolbar').count()).toBe(0);

    const rows = await stockRows(page, texts, lot);
    expect(rows).toEqual([
      [PLAIN_PART, STORAGE_LOCATION, LOCATOR, lot, '5,000', '0', '0', '5,000'],
      [IQC_PART, STORAGE_LOCATION, LOCATOR, lot, '4,000', '0', '4,000', '0'],
    ]);
  });

  test('the stock as of yesterday has none of it; the reel shows its whole history', async () => {
    const { page } = session;
    await inLanguage(page);
    const yesterday = new Date(Date.now() - 24 * 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const typed = `${yesterday.getFullYear()}-${pad(yesterday.getMonth() + 1)}-${pad(yesterday.getDate())} ${pad(yesterday.getHours())}:${pad(yesterday.getMinutes())}:00`;
    expect(await stockRows(page, texts, lot, typed)).toEqual([]);
    await saveSettledScreenshot(page, `bills-stock-as-of-yesterday-${language}`);

    await openScreen(page, texts.menu('Warehouse'), texts.menu('WarehouseReel'));
    const reelScreen = visible(page.getByTestId('reel-query-page'));
    const input = reelScreen.getByTestId('reel-scan-input');
    await input.fill(state.plainReels[1]);
    await input.press('Enter');
    await reelScreen.getByTestId('reel-card').getByText(texts.stock.reelStatus.IN_STOCK, { exact: true }).waitFor();
    const history = reelScreen.getByTestId('stock-ledger-table');
    // Newest first: received first of all, issued, the issue reversed (reservations in between as FEFO chose).
    await expect.poll(async () => (await rowsOf(history)).map((row) => row[LEDGER.Kind]).at(-1)).toBe(texts.stock.kind.RECEIVE);
    const kinds = (await rowsOf(history)).map((row) => row[LEDGER.Kind]);
    expect(kinds.indexOf(texts.stock.kind.REVERSAL)).toBeLessThan(kinds.indexOf(texts.stock.kind.ISSUE));
    expect(kinds.indexOf(texts.stock.kind.REVERSAL)).toBeGreaterThanOrEqual(0);
    await saveSettledScreenshot(page, `bills-reel-history-${language}`);

    await openScreen(page, texts.menu('Warehouse'), texts.menu('WarehouseLedger'));
    const ledgerScreen = visible(page.getByTestId('stock-ledger-page'));
    await ledgerScreen.getByLabel(texts.stock.field.BillCode, { exact: true }).fill(state.wo!);
    await buttonLabelled(ledgerScreen, texts.searchButton).click();
    await expect.poll(async () => (await rowsOf(ledgerScreen.getByTestId('stock-ledger-table'))).length).toBeGreaterThan(0);
    await saveSettledScreenshot(page, `bills-ledger-${language}`);
  });
});

test('in mock mode (no server) a bill type lists its generated bills and a clicked one shows its lines, reels and actions', async () => {
  const texts = textsOf('zh-chs');
  const context = await session.browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(`${mockPortalUrl}/login`);
  await fillLoginForm(page, { userName: 'ADMIN', password: DEFAULT_ADMIN_PASSWORD, organization: DEMO_ORGANIZATIONS[0].OrganizeName });
  await page.locator('#login_captchaCode').fill(await readMockCaptchaCode(page));
  await submitWithEnter(page);
  await page.waitForURL(`${mockPortalUrl}/index`);

  await openScreen(page, texts.menu('Bill'), texts.menu('BillWO'));
  const row = visible(page.getByTestId('data-grid')).locator('.ant-table-row', { hasText: 'WO202611240003' });
  await row.getByText(texts.status('PROCESSING'), { exact: true }).waitFor();
  await row.getByText('WO202611240003', { exact: true }).click();
  await expect.poll(() => billStatus(page).textContent()).toBe(texts.status('PROCESSING'));
  await buttonLabelled(detail(page), texts.action('ReserveStock')).waitFor();
  await visible(page.getByTestId('scan-input')).waitFor();
  expect(await tableRows(detail(page).getByTestId('bill-lines')).count()).toBe(1);
  await saveSettledScreenshot(page, 'bills-mock-mode');
  await context.close();
});
