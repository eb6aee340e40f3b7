/**
 * Stocktaking on the real server (issue 20 "Must show"), the way a storeman works: a count plan over
 * one locator and part → start → scan the reels as a keyboard-wedge scanner types them into the focused
 * scan box (an unknown code first: refused in place, and not prefixed to the next scan; one reel counted
 * short by typing its quantity first, Enter moving on to the scan box) → re-count
 * the variance → approve and post; the plan is 已过账, the short reel's line names its stock transaction,
 * and the reel holds the counted quantity in the ledger (Reel/Get). The stock is received for the test
 * through the bill calls, into a locator no other file uses.
 */
import { expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { pageApi } from './shellApi';
import stocktakeZh from '../../src/core/i18n/locales/zh-chs/stocktake.json';
import { STOCKTAKE_STATUS_LABELS } from '../../src/shared/stocktake/statuses';
import { STOCKTAKE_MESSAGES } from '../../src/shared/stocktake/messages';
import { adminSessionPerFile } from './adminSession';
import { answerConfirmation, buttonLabelled, grid } from './gridPage';
import { WALK_LEAVES, openLeaf } from './menuWalk';
import { saveSettledScreenshot } from './shellPage';

const portalUrl = inject('portalUrl');
const session = adminSessionPerFile(portalUrl);

/** A demo part without inspection (server/db/seed/seed-masterdata.ts), in a locator of the demo plant nobody else stocks. */
const PART = 'CAP-00008';
const SIC = 'RAW02';
const LOC = 'RAW02-29';

const api = pageApi(portalUrl);

/** Receives `reels` reels of 1,000 through an ASN (save, create reels, one-key receipt); their codes. */
async function receiveReels(page: Page, reels: number): Promise<string[]> {
  const bill = await api<{ Id: string }>(page, 'POST', '/Bill/Save', {
    BillType: 'ASN',
    VendorCode: 'V0001',
    Description: 'e2e 盘点',
    Lines: [{ PartCode: PART, Qty: String(reels * 1000), Mpq: '1000', ToSic: SIC, ToLoc: LOC }],
  });
  await api(page, 'POST', '/Bill/CreateReels', { Id: bill.Id });
  await api(page, 'POST', '/Bill/OneKeyReceipt', { Id: bill.Id });
  const received = await api<{ Boxes: { ReelCode: string }[] }>(page, 'GET', `/Bill/Get?id=${encodeURIComponent(bill.Id)}`);
  return received.Boxes.map((box) => box.ReelCode);
}

const detail = (page: Page) => page.getByTestId('stocktake-detail');
const status = (page: Page) => detail(page).getByTestId('stocktake-status').textContent();
const lineOf = (page: Page, reel: string) => detail(page).getByTestId('stocktake-lines').locator('.ant-table-row', { hasText: reel });

const scanInput = (page: Page) => detail(page).getByTestId('scan-input');
/** The scan box's answer to the last scan of `reel`. */
const feedbackOf = (page: Page, reel: string) => detail(page).locator(`[data-testid="scan-feedback"][data-code="${reel}"]`);

/** The reel's code typed as a scanner types it: into the box that has the focus, then Enter; the quantity first if any. */
async function scan(page: Page, reel: string, qty?: string) {
  if (qty !== undefined) {
    await detail(page).getByTestId('stocktake-scan-qty').fill(qty);
    await detail(page).getByTestId('stocktake-scan-qty').press('Enter');
  }
  await expect.poll(() => scanInput(page).evaluate((box) => box === document.activeElement)).toBe(true);
  await page.keyboard.type(reel);
  await page.keyboard.press('Enter');
  await feedbackOf(page, reel).waitFor();
  expect(await feedbackOf(page, reel).textContent()).toBe(stocktakeZh.scanned.replace('{{reel}}', reel));
}

test('a stocktake from plan to posted adjustment, with one re-count', async () => {
  const { page } = session;
  const [exact, short] = await receiveReels(page, 2);

  await openLeaf(page, WALK_LEAVES.find((leaf) => leaf.code === 'Stocktake')!, 'zh');
  await buttonLabelled(page, stocktakeZh.create).click();
  const form = page.getByRole('dialog', { name: stocktakeZh.create });
  await form.getByLabel(stocktakeZh.field.description).fill('e2e 年终盘点');
  // The storage location and locator as a scanner enters them (code, Enter); the part picked from the records
  // suggested for the start of its code.
  for (const [label, value] of [[stocktakeZh.field.sics, SIC], [stocktakeZh.field.locs, LOC]]) {
    const box = form.getByLabel(label, { exact: true });
    await box.fill(value);
    await box.press('Enter');
  }
  await form.getByLabel(stocktakeZh.field.parts, { exact: true }).fill(PART.slice(0, -1));
  const suggested = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: `${PART} 贴片电容` });
  await suggested.waitFor();
  await saveSettledScreenshot(page, 'stocktake-scope-suggestions');
  await suggested.click();
  await buttonLabelled(form, '确定').click();

  // Made and opened: a draft, its scope as chosen.
  await expect.poll(() => status(page)).toBe(STOCKTAKE_STATUS_LABELS.DRAFT['zh-chs']);
  expect(await detail(page).textContent()).toContain(`${SIC}; ${LOC}; ${PART}`);
  await buttonLabelled(detail(page), stocktakeZh.action.Start).click();
  await expect.poll(() => status(page)).toBe(STOCKTAKE_STATUS_LABELS.COUNTING['zh-chs']);
  await expect.poll(() => detail(page).getByTestId('stocktake-progress').textContent()).toBe('0 / 2');

  // A code the plan does not know, scanned first: refused in place, and the box empty for the next scan.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/Stocktake/Count')) sent.push((request.postDataJSON() as { ReelCode: string }).ReelCode);
  });
  await expect.poll(() => scanInput(page).evaluate((box) => box === document.activeElement)).toBe(true);
  await page.keyboard.type('R-E2E-NOPE');
  await page.keyboard.press('Enter');
  const refused = feedbackOf(page, 'R-E2E-NOPE');
  await refused.waitFor();
  expect(await refused.textContent()).toBe(STOCKTAKE_MESSAGES.stocktakeReelUnknown['zh-chs'].replace('{reel}', 'R-E2E-NOPE'));
  expect(await refused.getAttribute('class')).toContain('ant-alert-error');
  expect(await scanInput(page).inputValue()).toBe('');
  await saveSettledScreenshot(page, 'stocktake-scan-refused');

  // The count: one reel scanned whole (alone, not after the refused code), the other opened and counted short.
  await scan(page, exact);
  expect(sent).toEqual(['R-E2E-NOPE', exact]);
  await scan(page, short, '960');
  await expect.poll(() => detail(page).getByTestId('stocktake-progress').textContent()).toBe('2 / 2');
  await expect.poll(() => lineOf(page, short).textContent()).toContain('-40');
  await saveSettledScreenshot(page, 'stocktake-counted');

  // The re-count of the variance only: the short reel, counted again.
  await buttonLabelled(detail(page), stocktakeZh.action.Recount).click();
  await expect.poll(() => status(page)).toBe(STOCKTAKE_STATUS_LABELS.RECOUNT['zh-chs']);
  await expect.poll(() => detail(page).getByTestId('stocktake-progress').textContent()).toBe('0 / 1');
  expect(await lineOf(page, short).textContent()).toContain(stocktakeZh.toRecount);
  await scan(page, short, '960');
  await expect.poll(() => detail(page).getByTestId('stocktake-progress').textContent()).toBe('1 / 1');

  // Approved and posted: the difference goes through the ledger.
  await buttonLabelled(detail(page), stocktakeZh.action.Approve).click();
  const question = await answerConfirmation(page, stocktakeZh.confirm.Approve, '确定');
  await expect.poll(() => status(page)).toBe(STOCKTAKE_STATUS_LABELS.POSTED['zh-chs']);
  await question.closed();
  await saveSettledScreenshot(page, 'stocktake-posted');
  const cells = await lineOf(page, short).locator('td').allTextContents();
  expect(cells.at(-1)).toMatch(/\S/); // the stock transaction of the adjustment
  expect(await lineOf(page, exact).locator('td').last().textContent()).toBe('');

  expect((await api<{ Qty: string }>(page, 'GET', `/Reel/Get?reelCode=${short}`)).Qty).toBe('960');
  expect((await api<{ Qty: string }>(page, 'GET', `/Reel/Get?reelCode=${exact}`)).Qty).toBe('1000');
});

test('the plans’ grid: a whole-warehouse plan’s scope reads 全仓, and a row click opens the plan', async () => {
  const { page } = session;
  // A draft freezes nothing (only a started plan does), so a whole-warehouse one disturbs no other test; cancelled after.
  const plan = await api<{ Id: string; Code: string }>(page, 'POST', '/Stocktake/Create', { Description: 'e2e 全仓盘点' });
  try {
    await openLeaf(page, WALK_LEAVES.find((leaf) => leaf.code === 'Stocktake')!, 'zh');
    const row = grid(page).locator('.ant-table-row', { hasText: plan.Code });
    await row.waitFor({ timeout: 30_000 });
    await expect.poll(() => row.textContent()).toContain(stocktakeZh.scopeWhole);
    await saveSettledScreenshot(page, 'stocktake-list-whole-warehouse');
    await row.getByText(plan.Code, { exact: true }).click();
    // The drawer of that plan: its title names the plan's code.
    await page.locator('.ant-drawer-title').filter({ hasText: `${stocktakeZh.title} ${plan.Code}` }).waitFor({ timeout: 30_000 });
    expect(await status(page)).toBe(STOCKTAKE_STATUS_LABELS.DRAFT['zh-chs']);
    await saveSettledScreenshot(page, 'stocktake-row-click-opens');
  } finally {
    await api(page, 'POST', '/Stocktake/Cancel', { Id: plan.Id });
  }
});
