/**
 * Clocks on the real server (issue 20 "Must show"), on the demo plant's running clocks
 * (server/db/seed/seed-demo-clocks.ts): a solder paste container thawed long enough is opened on
 * 锡膏管理 and its exposure counts down on screen; an MSL 3 reel opened 200 h ago (floor life 168 h) is
 * refused when a storeman scans it to pick it on a work-order issue, with the reason; on the run card,
 * the scan box has the focus when the card opens and looks each scan up alone (an unknown code first).
 */
import { expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { pageApi } from './shellApi';
import auxZh from '../../src/core/i18n/locales/zh-chs/auxiliary.json';
import msdZh from '../../src/core/i18n/locales/zh-chs/msd.json';
import { DEMO_AUX_CONTAINERS, DEMO_MSD_PART, DEMO_MSD_PLACE, DEMO_MSD_REELS } from '../../server/db/seed/seed-demo-clocks';
import { adminSessionPerFile } from './adminSession';
import { buttonLabelled } from './gridPage';
import { WALK_LEAVES, openLeaf } from './menuWalk';
import { menuTitle, openScreen, saveSettledScreenshot } from './shellPage';

const portalUrl = inject('portalUrl');
const session = adminSessionPerFile(portalUrl);

const apiAsPage = pageApi(portalUrl);
const api = <T = Record<string, unknown>>(page: Page, path: string, body: unknown) => apiAsPage<T>(page, 'POST', path, body);

/** H:MM:SS on screen, in seconds. */
const secondsOf = (clock: string | null) => {
  const [h, m, s] = (clock ?? '').split(':').map(Number);
  return h * 3600 + m * 60 + s;
};

test('a solder paste container opened on 锡膏管理 shows its exposure counting down', async () => {
  const { page } = session;
  const ready = DEMO_AUX_CONTAINERS[0];
  await openLeaf(page, WALK_LEAVES.find((leaf) => leaf.code === 'WarehouseSolderPaste')!, 'zh');
  await buttonLabelled(page, auxZh.containers).filter({ visible: true }).click();
  const panel = page.getByTestId('aux-container-panel');
  await panel.getByTestId('aux-scan').fill(ready.code);
  await panel.getByTestId('aux-scan').press('Enter');
  await expect.poll(() => panel.getByTestId('aux-state').textContent()).toBe(auxZh.state.THAWING);

  await buttonLabelled(panel, auxZh.event.OPEN).click();
  await expect.poll(() => panel.getByTestId('aux-state').textContent()).toBe(auxZh.state.OPENED);
  const left = panel.getByTestId('aux-exposure-left');
  const first = secondsOf(await left.textContent());
  // The material's 24 h of exposure, just begun.
  expect(first).toBeGreaterThan(23.9 * 3600);
  expect(first).toBeLessThanOrEqual(24 * 3600);
  await expect.poll(async () => secondsOf(await left.textContent()), { timeout: 10_000 }).toBeLessThan(first);
  await saveSettledScreenshot(page, 'solder-paste-opened');
});

test('an MSL 3 reel past its floor life is refused at pick, with the reason', async () => {
  const { page } = session;
  const over = DEMO_MSD_REELS[1].reelCode;
  // A work-order issue of the part from where the demo reels are, reserved: ready to pick.
  const bill = await api<{ Id: string; BillCode: string }>(page, '/Bill/Save', {
    BillType: 'WO', Mo: 'MO-E2E-MSD', MoLine: '10', Description: 'e2e 湿敏发料',
    Lines: [{ PartCode: DEMO_MSD_PART, Qty: '250', FromSic: DEMO_MSD_PLACE.sic }],
  });
  await api(page, '/Bill/ReserveStock', { Id: bill.Id });

  await openScreen(page, menuTitle('Bill').zh, menuTitle('BillWO').zh);
  const row = page.getByTestId('data-grid').filter({ visible: true }).locator('.ant-table-row', { hasText: bill.BillCode });
  await row.getByText(bill.BillCode, { exact: true }).click();
  const input = page.getByTestId('scan-input').filter({ visible: true });
  await input.fill(over);
  await input.press('Enter');
  const feedback = page.locator(`[data-testid="scan-feedback"][data-code="${over}"]`).filter({ visible: true });
  await feedback.waitFor();
  expect(await feedback.getAttribute('class')).toContain('ant-alert-error');
  expect(await feedback.textContent()).toContain(`湿敏元件 ${over}（MSL 3）已超出车间寿命`);
  expect(await feedback.textContent()).toContain('上限 168 小时，须烘烤后才能发料');
  await saveSettledScreenshot(page, 'msd-pick-refused');
});

test('the run card’s scan box has the focus when the card opens, and looks each scanned reel up alone', async () => {
  const { page } = session;
  const reel = DEMO_MSD_REELS[1].reelCode;
  await openLeaf(page, WALK_LEAVES.find((leaf) => leaf.code === 'MsdRunCard')!, 'zh');
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/Msd/RunCard')) asked.push((request.postDataJSON() as { ReelCode: string }).ReelCode);
  });
  await buttonLabelled(page, msdZh.runCard).filter({ visible: true }).click();
  const panel = page.getByTestId('msd-run-card');
  const box = panel.getByTestId('msd-scan');
  await expect.poll(() => box.evaluate((input) => input === document.activeElement)).toBe(true);
  // A keyboard-wedge scanner types into whatever has the focus: an unknown code, then the reel.
  await page.keyboard.type('MSD-E2E-NOPE');
  await page.keyboard.press('Enter');
  await expect.poll(() => asked).toEqual(['MSD-E2E-NOPE']);
  expect(await box.inputValue()).toBe('');
  await page.keyboard.type(reel);
  await page.keyboard.press('Enter');
  await expect.poll(() => asked).toEqual(['MSD-E2E-NOPE', reel]);
  await panel.getByText(reel, { exact: true }).waitFor();
  expect(await panel.getByTestId('msd-state').textContent()).toBe(msdZh.state.EXPIRED);
  expect(await box.inputValue()).toBe('');
  await saveSettledScreenshot(page, 'msd-run-card-scanned');
});
