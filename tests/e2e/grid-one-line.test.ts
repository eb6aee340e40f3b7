/**
 * At 1280×800 in English (the longest captions), on the real server: the grid toolbar's tools stand on
 * one line ("Full screen" wrapped onto a second), each button's text on one line, and the stock ledger's
 * column captions each fit on one line, and the aside's group titles ('Auxiliary materials' took two) each fit on one line,
 * uncut, at 1280×800 and 1440×900. One line: the text's range has one line box (Range.getClientRects counts one rectangle
 * per line). Screenshots grid-toolbar-en-1280x800 and stock-ledger-en-1280x800 go to tests/e2e/artifacts/.
 */
import { expect, inject, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { adminSessionPerFile } from './adminSession';
import { grid, waitForRows } from './gridPage';
import { expand, menuTitle, openScreen, panel, rootButtons, saveSettledScreenshot } from './shellPage';

const portalUrl = inject('portalUrl');
const session = adminSessionPerFile(portalUrl);

/** The texts under `elements` that take more than one line, with their line counts. */
const wrapped = (elements: Locator) =>
  elements.evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      const text = (node.textContent ?? '').trim();
      if (!text) return [];
      const range = document.createRange();
      range.selectNodeContents(node);
      // One rectangle per line box of each text piece: the distinct tops are the lines.
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return tops.size > 1 ? [`${text} (${tops.size} lines)`] : [];
    }),
  );

async function inEnglishAt1280(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.context().addCookies([{ name: 'language', value: 'en', url: portalUrl }]);
  await page.reload();
}

test('the grid toolbar’s tools stand on one line, each button’s text on one line, at 1280×800 in English', async () => {
  const { page } = session;
  await inEnglishAt1280(page);
  await openScreen(page, menuTitle('MasterData').en, menuTitle('MasterPart').en);
  await waitForRows(page);
  // The tools: the toolbar's right-hand group (the page's own buttons, Add ..., are the left one).
  const tools = grid(page).locator('[data-grid-toolbar] > .ant-space').last();
  const buttons = tools.locator('button.ant-btn');
  expect(await buttons.count()).toBeGreaterThan(5);
  await expect.poll(() => tools.getByRole('button', { name: 'Full screen' }).count()).toBe(1);
  await saveSettledScreenshot(page, 'grid-toolbar-en-1280x800');
  expect(await wrapped(buttons)).toEqual([]);
  // One line: every button at the same top and of the same (one line's) height.
  const boxes = await buttons.evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), height: Math.round(r.height) })));
  expect(new Set(boxes.map((b) => b.top)).size, JSON.stringify(boxes)).toBe(1);
  expect(new Set(boxes.map((b) => b.height)).size).toBe(1);
});

test('the stock ledger’s column captions each fit on one line at 1280×800 in English', async () => {
  const { page } = session;
  await inEnglishAt1280(page);
  await openScreen(page, menuTitle('Warehouse').en, menuTitle('WarehouseLedger').en);
  const table = page.getByTestId('stock-ledger-table').filter({ visible: true });
  await table.locator('.ant-table-tbody .ant-table-row').first().waitFor();
  await saveSettledScreenshot(page, 'stock-ledger-en-1280x800');
  expect(await wrapped(table.locator('.ant-table-thead th'))).toEqual([]);
});

test('the aside’s group titles each fit on one line, uncut, at 1280×800 and 1440×900 in English', async () => {
  const { page } = session;
  await inEnglishAt1280(page);
  for (const viewport of [{ width: 1280, height: 800 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(viewport);
    // After the reload, the aside's roots are there before they are listed.
    await rootButtons(page).first().waitFor();
    const groupTitles: string[] = [];
    const problems: string[] = [];
    for (const root of await rootButtons(page).all()) {
      if ((await root.getAttribute('aria-expanded')) === null) continue;
      await expand(root);
      const titles = panel(page).locator('.ant-menu-submenu-title .shell-group-title');
      const these = await titles.allTextContents();
      groupTitles.push(...these);
      problems.push(...(await wrapped(titles)));
      // Fits: not ended with an ellipsis either.
      problems.push(...(await titles.evaluateAll((nodes) => nodes.filter((n) => n.scrollWidth > n.clientWidth).map((n) => `${n.textContent} (cut)`))));
      if (these.includes('Auxiliary materials') && viewport.width === 1280) await saveSettledScreenshot(page, 'aside-groups-en-1280x800');
    }
    expect(groupTitles).toContain('Auxiliary materials');
    expect(problems, `${viewport.width}×${viewport.height}`).toEqual([]);
  }
});
