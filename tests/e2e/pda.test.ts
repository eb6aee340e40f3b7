/**
 * The scanning page for phones and PDAs (issue 17 "Must show": on a 390×844 viewport the scanning page
 * receives and picks a reel with a hardware-scanner style input). A phone-sized browser logs in (the
 * portal's login, coming back to /pda), opens receipt from the PDA menus, "scans" an ASN's code and one
 * of its reels the way a keyboard-wedge scanner does (fast typing, then Enter), then picks that reel for
 * a work-order issue bill the same way; a transfer and a reel lookup follow. Each outcome is checked on
 * the screen and on the server. Screenshots of every screen go to tests/e2e/artifacts/pda-*.png.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import pdaZh from '../../src/core/i18n/locales/zh-chs/pda.json';
import pdaEn from '../../src/core/i18n/locales/en/pda.json';
import stockZh from '../../src/core/i18n/locales/zh-chs/stock.json';
import { launchBrowser } from './browser';
import { fillLoginForm, submitWithEnter } from './loginForm';
import { ADMIN, saveSettledScreenshot } from './shellPage';

const portalUrl = inject('portalUrl');

/** A phone: the must-show's viewport. */
const PHONE = { width: 390, height: 844 };
const RUN = Date.now().toString(36).toUpperCase();
/** server/db/seed/seed-masterdata.ts: a part without inspection, a storage location the demo bills leave empty, two of its locators. */
const PART = 'CAP-00008';
const SIC = 'AUX01';
const LOC = 'AUX01-03';
const OTHER_LOC = 'AUX01-07';
const LOT = `PDA-${RUN}`;

let browser: Browser;
let page: Page;

/** A call to the portal's API as the signed-in user (the browser's token), answering `data`. */
async function call<T = { Id: string; BillCode: string }>(path: string, body?: unknown): Promise<T> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'Admin-Token')!.value;
  const response = await fetch(`${portalUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', Authorization: `Bearer ${decodeURIComponent(token)}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

/** What a keyboard-wedge scanner does: the code typed fast, then Enter, into whatever has the focus. */
async function scan(code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

const result = () => page.getByTestId('pda-result');

/** The result of the scan of `code` (the last one shown). */
async function resultOf(code: string) {
  await result().filter({ hasText: code }).waitFor();
  return {
    kind: await result().getAttribute('data-kind'),
    title: (await page.getByTestId('pda-result-title').textContent())!.trim(),
    text: (await result().textContent())!,
  };
}

const boxOf = async (billId: string, reelCode: string) =>
  (await call<{ Boxes: { ReelCode: string; Status: string }[] }>(`/Bill/Get?id=${billId}`)).Boxes.find((box) => box.ReelCode === reelCode);
const reelOf = (reelCode: string) => call<{ Status: string; Sic: string | null; Loc: string | null; Qty: string; ReservedQty: string }>(`/Reel/Get?reelCode=${encodeURIComponent(reelCode)}`);

/** The scan input has the focus (the page gives it back after each scan), so the scanner's keys land in it. */
async function expectScanInputFocused() {
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('pda-scan-input');
}

/** Nothing sticks out sideways on the phone: no horizontal scrolling. */
async function expectNoSidewaysScroll() {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/**
 * A camera's picture of `text` as a Code 128 barcode: a Y4M clip (one 640×480 frame, 4:2:0) Chromium's
 * fake camera plays in a loop. Bars from bwip-js's bar/space widths, 2 px a module, black on white.
 */
function barcodeClip(text: string): string {
  const [{ sbs }] = bwipjs.raw('code128', text, '') as unknown as [{ sbs: number[] }];
  const width = 640;
  const height = 480;
  const module = 2;
  const luma = Buffer.alloc(width * height, 235);
  const total = sbs.reduce((sum, n) => sum + n, 0) * module;
  let x = Math.floor((width - total) / 2);
  sbs.forEach((modules, index) => {
    const span = modules * module;
    if (index % 2 === 0) for (let y = 140; y < 340; y++) luma.fill(16, y * width + x, y * width + x + span);
    x += span;
  });
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const file = join(mkdtempSync(join(tmpdir(), 'pda-camera-')), 'barcode.y4m');
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), Buffer.from('FRAME\n'), luma, chroma]));
  return file;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  page = await context.newPage();
  // The portal's login, and back to the scanning page.
  await page.goto(`${portalUrl}/pda`);
  await page.waitForURL(/\/login\?redirect=/);
  await fillLoginForm(page, ADMIN);
  await submitWithEnter(page);
  await page.waitForURL(`${portalUrl}/pda`);
});

afterAll(async () => {
  await browser?.close();
});

describe('the scanning page on a phone (390×844)', () => {
  let asn: { Id: string; BillCode: string };
  let reels: string[];

  test('its home lists the PDA menus, without the desktop shell', async () => {
    await page.getByTestId('pda-home').waitFor();
    await expect.poll(() => page.getByTestId('pda-menu-PdaReceiveScan').textContent()).toContain('收货扫描');
    for (const code of ['PdaPicking', 'PdaTransfer', 'PdaReelQuery']) await page.getByTestId(`pda-menu-${code}`).waitFor();
    expect(await page.locator('.shell-aside, .shell-tabs').count()).toBe(0);
    await expectNoSidewaysScroll();
    await saveSettledScreenshot(page, 'pda-home');
  });

  test('receipt: the ASN by its code, then a reel, both scanned', async () => {
    asn = await call('/Bill/Save', { BillType: 'ASN', VendorCode: 'V0001', Lines: [{ PartCode: PART, Qty: '20', Mpq: '10', ToSic: SIC, ToLoc: LOC, LotCode: LOT }] });
    reels = (await call<{ Reels: { ReelCode: string }[] }>('/Bill/CreateReels', { Id: asn.Id })).Reels.map((reel) => reel.ReelCode);
    expect(reels).toHaveLength(2);

    await page.getByTestId('pda-menu-PdaReceiveScan').click();
    await page.getByTestId('pda-receive').waitFor();
    expect((await page.getByTestId('pda-title').textContent())!.trim()).toBe('收货扫描');
    await expectScanInputFocused();
    await scan(asn.BillCode);
    await expect.poll(() => page.getByTestId('pda-bill-code').textContent()).toBe(asn.BillCode);
    const line = page.getByTestId('pda-lines').locator('tbody tr');
    await expect.poll(() => line.textContent()).toContain(PART);
    await expectScanInputFocused();

    await scan(reels[0]);
    const received = await resultOf(reels[0]);
    expect(received).toMatchObject({ kind: 'done', title: pdaZh.result.received });
    expect(await page.getByTestId('pda-result-part').textContent()).toBe(PART);
    expect(await page.getByTestId('pda-result-qty').textContent()).toBe('10');
    expect(await page.getByTestId('pda-result-remaining').textContent()).toBe('10');
    // The line shows it: 10 of 20 received, 10 to go.
    await expect.poll(() => line.locator('.pda-line-remaining').textContent()).toBe('10');
    expect(await boxOf(asn.Id, reels[0])).toMatchObject({ Status: 'RECEIVED' });
    expect(await reelOf(reels[0])).toMatchObject({ Status: 'IN_STOCK', Sic: SIC, Loc: LOC, Qty: '10' });
    await expectScanInputFocused();
    await expectNoSidewaysScroll();
    await saveSettledScreenshot(page, 'pda-receive');

    // A code that is not a reel of the bill nor a label: refused, the server's reason in Chinese.
    await scan(`NO-SUCH-${RUN}`);
    const refused = await resultOf(`NO-SUCH-${RUN}`);
    expect(refused.kind).toBe('refused');
    expect((await page.getByTestId('pda-result-message').textContent())!.trim()).not.toBe('');
    expect(await page.getByTestId('pda-result-message').textContent()).toMatch(/[\u4e00-\u9fff]/);
    await saveSettledScreenshot(page, 'pda-receive-refused');
    // The second reel too, for the transfer below.
    await scan(reels[1]);
    expect((await resultOf(reels[1])).kind).toBe('done');
    await expect.poll(() => line.locator('.pda-line-remaining').textContent()).toBe('0');
  });

  test('picking: a work-order issue bill by its code, then the received reel', async () => {
    const issue = await call<{ Id: string; BillCode: string }>('/Bill/Save', { BillType: 'WO', Mo: `MO-${RUN}`, MoLine: '1', Lines: [{ PartCode: PART, Qty: '10' }] });
    await page.getByTestId('pda-back').click();
    await page.getByTestId('pda-menu-PdaPicking').click();
    await page.getByTestId('pda-pick').waitFor();
    await expectScanInputFocused();
    await scan(issue.BillCode);
    await expect.poll(() => page.getByTestId('pda-bill-code').textContent()).toBe(issue.BillCode);
    await scan(reels[0]);
    const picked = await resultOf(reels[0]);
    expect(picked).toMatchObject({ kind: 'done', title: pdaZh.result.picked });
    expect(await page.getByTestId('pda-result-part').textContent()).toBe(PART);
    expect(await page.getByTestId('pda-result-qty').textContent()).toBe('10');
    expect(await page.getByTestId('pda-result-remaining').textContent()).toBe('0');
    expect(await boxOf(issue.Id, reels[0])).toMatchObject({ Status: 'PICKED' });
    const reel = await reelOf(reels[0]);
    expect(reel.Status === 'ISSUED' || reel.ReservedQty === '10').toBe(true);
    await expectScanInputFocused();
    await expectNoSidewaysScroll();
    await saveSettledScreenshot(page, 'pda-pick');
  });

  test('transfer: a reel, then the locator it goes to', async () => {
    await page.getByTestId('pda-back').click();
    await page.getByTestId('pda-menu-PdaTransfer').click();
    await page.getByTestId('pda-transfer').waitFor();
    await expectScanInputFocused();
    await scan(reels[1]);
    await expect.poll(() => page.getByTestId('pda-reel-code').textContent()).toBe(reels[1]);
    await expectNoSidewaysScroll();
    await saveSettledScreenshot(page, 'pda-transfer-reel');
    await scan(OTHER_LOC);
    const moved = await resultOf(reels[1]);
    expect(moved).toMatchObject({ kind: 'done', title: pdaZh.result.moved });
    expect(await page.getByTestId('pda-result-to').textContent()).toBe(`${SIC} / ${OTHER_LOC}`);
    expect(await reelOf(reels[1])).toMatchObject({ Status: 'IN_STOCK', Sic: SIC, Loc: OTHER_LOC, Qty: '10', ReservedQty: '0' });
    await saveSettledScreenshot(page, 'pda-transfer');
  });

  test('the camera reads a reel’s barcode (zxing-wasm where there is no BarcodeDetector, its wasm from the portal under its CSP)', async () => {
    const clip = barcodeClip(reels[1]);
    const cameraBrowser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${clip}`]);
    try {
      const context = await cameraBrowser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
      await context.grantPermissions(['camera'], { origin: portalUrl });
      // The same session: the token cookie and the stored organisation.
      await context.addCookies(await page.context().cookies());
      const storage = await page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
      await context.addInitScript((entries) => {
        for (const [key, value] of JSON.parse(entries) as [string, string][]) localStorage.setItem(key, value);
      }, storage);
      const phone = await context.newPage();
      const refusedByPolicy: string[] = [];
      phone.on('console', (message) => {
        if (/Content Security Policy|CompileError/i.test(message.text())) refusedByPolicy.push(message.text());
      });
      await phone.goto(`${portalUrl}/pda/reel-query`);
      await phone.getByTestId('pda-reel-query').waitFor();
      await phone.getByTestId('pda-camera-button').click();
      // Nothing is typed: the reel can only come from the camera (which may read it before its view is seen).
      await expect.poll(() => phone.getByTestId('pda-reel-code').textContent()).toBe(reels[1]);
      // The camera closed by itself, and the input has the focus again.
      expect(await phone.getByTestId('pda-camera').count()).toBe(0);
      expect(await phone.getByTestId('pda-reel-part').textContent()).toBe(PART);
      expect(refusedByPolicy).toEqual([]);
      await saveSettledScreenshot(phone, 'pda-camera-read');
    } finally {
      await cameraBrowser.close();
    }
  });

  test('reel lookup, and the page in English', async () => {
    await page.getByTestId('pda-back').click();
    await page.getByTestId('pda-menu-PdaReelQuery').click();
    await page.getByTestId('pda-reel-query').waitFor();
    await scan(reels[1]);
    await expect.poll(() => page.getByTestId('pda-reel-code').textContent()).toBe(reels[1]);
    expect(await page.getByTestId('pda-reel-part').textContent()).toBe(PART);
    expect(await page.getByTestId('pda-reel-lot').textContent()).toBe(LOT);
    expect(await page.getByTestId('pda-reel-place').textContent()).toBe(`${SIC} / ${OTHER_LOC}`);
    expect((await page.getByTestId('pda-reel-status').textContent())!.trim()).toBe(stockZh.reelStatus.IN_STOCK);
    await expectNoSidewaysScroll();
    await saveSettledScreenshot(page, 'pda-reel-query');

    await page.getByTestId('pda-language').click();
    await expect.poll(() => page.getByTestId('pda-title').textContent()).toBe('Reel lookup');
    await expectScanInputFocused();
    await scan(`NO-SUCH-${RUN}`);
    const refused = await resultOf(`NO-SUCH-${RUN}`);
    expect(refused).toMatchObject({ kind: 'refused', title: pdaEn.result.refused });
    expect(await page.getByTestId('pda-result-message').textContent()).toMatch(/[a-z]/i);
    await saveSettledScreenshot(page, 'pda-reel-query-en');
    await page.getByTestId('pda-back').click();
    await page.getByTestId('pda-home').waitFor();
    await saveSettledScreenshot(page, 'pda-home-en');
    // Back to Chinese for whoever uses this browser's cookies next.
    await page.getByTestId('pda-language').click();
  });

  test("stock lookup: a reel scanned shows its part's stock, by place and lot", async () => {
    await page.getByTestId('pda-menu-PdaStockQuery').click();
    await page.getByTestId('pda-stock-query').waitFor();
    await expectScanInputFocused();
    await scan(reels[1]);
    await expect.poll(() => page.getByTestId('pda-stock-part').textContent()).toBe(PART);
    const places = await page
      .getByTestId('pda-stock-places')
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => {
          const text = (selector: string) => (row.querySelector(selector)?.textContent ?? '').trim();
          return [text('.pda-line-part'), text('.pda-line-name'), text('td:nth-child(2)'), text('td:nth-child(3)')];
        }),
      );
    // This run's lot: the transferred reel at the other locator, available.
    expect(places.filter((row) => row[1] === LOT)).toEqual([[`${SIC} / ${OTHER_LOC}`, LOT, '10', '10']]);
    await expectNoSidewaysScroll();
    await saveSettledScreenshot(page, 'pda-stock-query');
  });
});
