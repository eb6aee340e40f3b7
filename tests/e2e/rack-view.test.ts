/**
 * The rack view driven by the built-in shelf simulator, on the real server in Chromium (issue 17 "Must
 * show": cells turn on, a pick turns one off). Set up through the calls, as a plant would have it: a
 * rack of four cells (three on locators, one without), a receipt putting one reel in each located
 * cell, an issuing bill reserving the three. The screen (/warehouse/rack-view) shows every cell off;
 * Bill/LightOn turns the three on (the screen polls); Bill/Pick of one reel turns its cell off while
 * the other two stay lit. At 960 px the cells fit and the header's breadcrumb stays on one line. Screenshots go
 * to tests/e2e/artifacts/.
 */
import { beforeAll, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import pagesZh from '../../src/core/i18n/locales/zh-chs/pages.json';
import { adminSessionPerFile } from './adminSession';
import { addRack, apiSession } from './shellApi';
import { ADMIN, menuTitle, openScreen, saveSettledScreenshot, VIEWPORT } from './shellPage';

const portalUrl = inject('portalUrl');
const session = adminSessionPerFile(portalUrl);

/** Codes unique to this run. */
const RUN = Date.now().toString(36).toUpperCase().slice(-5);
const RACK = `E2E${RUN}`;
/** A demo part and locators no demo stock and no demo rack cell uses (as tests/server/shelves.test.ts). */
const PART = 'CAP-00392';
const SIC = 'WIP02';
const LOCATORS = ['WIP02-24', 'WIP02-25', 'WIP02-26'];
const CELLS = [`${RACK}-01`, `${RACK}-02`, `${RACK}-03`, `${RACK}-04`];

type Api = Awaited<ReturnType<typeof apiSession>>;
let api: Api;
let bill: { Id: string; BillCode: string };
let reels: string[];

beforeAll(async () => {
  api = await apiSession(portalUrl, ADMIN);
  await addRack(api, { code: RACK, name: `E2E 料架 ${RUN}`, sic: SIC, addressPrefix: 'E2E' }, CELLS.map((code, index) => ({ code, locator: LOCATORS[index] ?? null })));
  // One reel of 100 received into each located cell.
  const asn = await api<{ Id: string }>('/Bill/Save', {
    BillType: 'ASN',
    VendorCode: 'V0001',
    Description: `rack view ${RUN}`,
    Lines: LOCATORS.map((loc) => ({ PartCode: PART, Qty: '100', Mpq: '100', ToSic: SIC, ToLoc: loc, LotCode: `RV-${RUN}` })),
  });
  const created = await api<{ Reels: { ReelCode: string; LineNo: number }[] }>('/Bill/CreateReels', { Id: asn.Id });
  await api('/Bill/OneKeyReceipt', { Id: asn.Id });
  reels = [...created.Reels].sort((a, b) => a.LineNo - b.LineNo).map((r) => r.ReelCode);
  // An issuing bill that reserves exactly those three reels.
  bill = await api<{ Id: string; BillCode: string }>('/Bill/Save', {
    BillType: 'WO',
    Mo: `MO-${RUN}`,
    MoLine: '1',
    Lines: LOCATORS.map((loc) => ({ PartCode: PART, Qty: '100', FromSic: SIC, FromLoc: loc })),
  });
  await api('/Bill/ReserveStock', { Id: bill.Id });
}, 60_000);

const cell = (page: Page, code: string) => page.getByTestId(`rack-cell-${code}`).filter({ visible: true });
const lightsOf = (page: Page) => Promise.all(CELLS.map((code) => cell(page, code).getAttribute('data-light')));

test('the simulator drives the rack view: LightOn turns the reserved reels’ cells on, a pick turns one off', async () => {
  const { page } = session;
  await openScreen(page, menuTitle('Warehouse').zh, menuTitle('WarehouseRackView').zh);
  const screen = page.getByTestId('rack-view-page').filter({ visible: true });
  await screen.getByTestId('rack-code-input').fill(RACK);
  await screen.getByTestId('rack-code-input').press('Enter');
  await screen.getByTestId('rack-grid').waitFor();
  await expect(screen.getByTestId('rack-grid').textContent()).resolves.toContain(pagesZh.RackView.device.simulator);
  // Each located cell shows its reel; all are off.
  for (const [index, reel] of reels.entries()) await expect.poll(() => cell(page, CELLS[index]).textContent()).toContain(reel);
  expect(await lightsOf(page)).toEqual(['off', 'off', 'off', 'off']);
  await saveSettledScreenshot(page, 'rack-view-off');

  await api('/Bill/LightOn', { Id: bill.Id });
  await expect.poll(() => lightsOf(page), { timeout: 10_000 }).toEqual(['green', 'green', 'green', 'off']);
  for (const code of CELLS.slice(0, 3)) {
    expect(await cell(page, code).getByRole('img', { name: new RegExp(`^${pagesZh.RackView.on}`) }).count()).toBe(1);
    expect(await cell(page, code).locator('li[data-lit="true"]').count()).toBe(1);
  }
  await saveSettledScreenshot(page, 'rack-view-lit');

  // A small laptop screen: the four cells fit side by side, none cut off by the grid's edge, each at least
  // 136 px wide, and every cell code, reel code and quantity shown whole.
  await page.setViewportSize({ width: 960, height: VIEWPORT.height });
  const grid = screen.getByTestId('rack-grid');
  await expect
    .poll(() =>
      grid.evaluate((element) => {
        const cells = [...element.querySelectorAll('[data-testid^="rack-cell-"]')];
        const scroller = cells[0]!.parentElement!.parentElement!.getBoundingClientRect();
        return cells.map((cellElement) => {
          const box = cellElement.getBoundingClientRect();
          return box.width >= 136 && box.left >= scroller.left && box.right <= scroller.right;
        });
      }),
    )
    .toEqual([true, true, true, true]);
  const clipped = await grid.evaluate((element) =>
    [...element.querySelectorAll('[data-testid^="rack-cell-"] :is(li, .ant-card-head-title)')].filter((text) => text.scrollWidth > text.clientWidth).map((text) => text.textContent),
  );
  expect(clipped).toEqual([]);
  // The header's breadcrumb, beside the open menu panel, stays on one line (it wrapped a word or a character to a
  // line), the screen's name whole; the full path is its tooltip.
  const crumbs = page.locator('.shell-breadcrumb');
  await expect
    .poll(() =>
      crumbs.evaluate((nav) => {
        const items = [...nav.querySelectorAll('li')];
        const last = items.at(-1)!;
        return {
          oneLine: nav.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(nav).lineHeight),
          lastWhole: last.scrollWidth <= last.clientWidth,
          text: last.textContent,
        };
      }),
    )
    .toEqual({ oneLine: true, lastWhole: true, text: menuTitle('WarehouseRackView').zh });
  expect(await crumbs.getAttribute('title')).toBe(`${menuTitle('Warehouse').zh} / ${menuTitle('WarehouseRackView').zh}`);
  await saveSettledScreenshot(page, 'rack-view-small-screen');
  await page.setViewportSize(VIEWPORT);

  await api('/Bill/Pick', { Id: bill.Id, ReelCode: reels[1] });
  await expect.poll(() => lightsOf(page), { timeout: 10_000 }).toEqual(['green', 'off', 'green', 'off']);
  // The picked reel has left its cell; the others are still there, lit.
  await expect.poll(() => cell(page, CELLS[1]).textContent()).not.toContain(reels[1]);
  expect(await cell(page, CELLS[1]).getByRole('img', { name: pagesZh.RackView.off }).count()).toBe(1);
  expect(await cell(page, CELLS[0]).textContent()).toContain(reels[0]);
  expect(await cell(page, CELLS[2]).textContent()).toContain(reels[2]);
  await saveSettledScreenshot(page, 'rack-view-picked');

  await api('/Bill/LightOff', { Id: bill.Id });
  await expect.poll(() => lightsOf(page), { timeout: 10_000 }).toEqual(['off', 'off', 'off', 'off']);
});
