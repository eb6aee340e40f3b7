/** The home page on the reference server with its seeded demo data (spec §2 Home, favourites). */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TODOS } from '../../server/db/seed/home-data';
import { launchBrowser, saveScreenshot } from './browser';
import { activeTab, ADMIN, chooseInContextMenu, contextMenu, loggedInPage, menuTitle, openContextMenu, openScreen, panel, rootButton, startWithHomeOnly, tab } from './shellPage';

const portalUrl = inject('portalUrl');

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await loggedInPage(browser, portalUrl, ADMIN);
  await startWithHomeOnly(page, portalUrl, ADMIN.id);
});

afterAll(async () => {
  await browser?.close();
});

const home = () => page.locator('.home-page');

test('the home page shows the seeded notices, pinned first', async () => {
  const notices = home().getByLabel('通知公告', { exact: true });
  await notices.getByTestId('notice').first().waitFor();
  const pinned = await notices.getByTestId('notice').evaluateAll((items) => items.map((item) => item.textContent?.includes('置顶') ?? false));
  expect(pinned.length).toBeGreaterThanOrEqual(5);
  const firstUnpinned = pinned.indexOf(false);
  expect(firstUnpinned).toBeGreaterThan(0);
  expect(pinned.slice(firstUnpinned)).not.toContain(true);
  await expect(notices.getByTestId('notice').first().textContent()).resolves.toContain('关于五一假期仓库盘点安排的通知');
});

test('the warnings show their call status, and the data show draws its chart', async () => {
  await home().getByRole('tab', { name: /预警信息/ }).click();
  const warnings = home().getByLabel('预警信息', { exact: true });
  await warnings.getByTestId('warning').first().waitFor();
  const statuses = await warnings.getByTestId('warning').locator('.ant-badge-status-text').allTextContents();
  expect(new Set(statuses)).toEqual(new Set(['待呼叫', '呼叫中', '呼叫成功', '呼叫失败']));

  const chart = home().getByRole('img', { name: '近 7 天每日入库与出库数量' });
  await expect(chart.locator('rect').count()).resolves.toBe(14);
  await saveScreenshot(page, 'home-zh');
});

test('a memo can be added and removed', async () => {
  const memos = home().getByLabel('备忘录', { exact: true });
  await memos.getByTestId('memo').first().waitFor();
  const text = `e2e memo ${Date.now()}`;
  await home().getByPlaceholder('记一笔…').fill(text);
  await home().getByRole('button', { name: /添加/ }).click();
  await memos.getByTestId('memo').first().filter({ hasText: text }).waitFor();

  await page.reload();
  await memos.getByText(text).waitFor();
  await memos.getByRole('button', { name: `删除备忘：${text}` }).click();
  await memos.getByText(text).waitFor({ state: 'detached' });
  await page.reload();
  await memos.getByTestId('memo').first().waitFor();
  await expect(memos.getByText(text).count()).resolves.toBe(0);
});

test('a menu favourited by right-click is among the favourites after a reload, and can be removed again', async () => {
  const root = menuTitle('MasterData').zh;
  const screen = menuTitle('MasterPart').zh;
  const favourites = () => home().getByRole('navigation', { name: '我的收藏' });

  const item = () => panel(page).getByText(screen, { exact: true });
  await rootButton(page, root).click();
  await openContextMenu(page, item());
  // A retry after a failure half-way starts with the menu still favourited: remove it first.
  const menu = contextMenu(page);
  await menu.getByRole('menuitem', { name: /^(添加到收藏|取消收藏)$/ }).waitFor();
  if (await menu.getByRole('menuitem', { name: '取消收藏' }).isVisible()) {
    await menu.getByRole('menuitem', { name: '取消收藏' }).click();
    await page.getByText('取消收藏成功', { exact: true }).waitFor();
    await contextMenu(page).waitFor({ state: 'hidden' });
    await openContextMenu(page, item());
  }
  await contextMenu(page).getByRole('menuitem', { name: '添加到收藏' }).click();
  await page.getByText('收藏成功', { exact: true }).waitFor();

  await page.reload();
  await home().getByText('我的收藏', { exact: true }).click();
  await favourites().getByRole('button', { name: screen }).waitFor();

  await rootButton(page, root).click();
  await chooseInContextMenu(page, item(), '取消收藏');
  await page.getByText('取消收藏成功', { exact: true }).waitFor();
  await page.reload();
  await home().getByText('我的收藏', { exact: true }).click();
  await home().getByText('暂无收藏，在左侧菜单上右键即可收藏').waitFor();
});

test('a visited menu screen shows up among the most used common functions', async () => {
  const root = menuTitle('MasterData').zh;
  const screen = menuTitle('MasterVendor').zh;
  await openScreen(page, root, screen);
  // The list shows the 8 screens with the most visits, and the files before this one visit screens on the same
  // server (grid-layout opens 物料 and 单位换算 eight times): visiting this one more often than any of them keeps
  // the test independent of what ran before. Each arrival at the screen counts once.
  for (let visit = 1; visit < 10; visit++) {
    await tab(page, '首页').click();
    await activeTab(page).filter({ hasText: '首页' }).waitFor();
    await tab(page, screen).click();
    await activeTab(page).filter({ hasText: screen }).waitFor();
  }
  await tab(page, '首页').click();
  await home().getByText('最常使用', { exact: true }).click();
  const mostUsed = home().getByRole('navigation', { name: '最常使用' });
  await mostUsed.getByRole('button', { name: new RegExp(screen) }).waitFor();
});

test('in English the home page shows the same data with English labels', async () => {
  await page.context().addCookies([{ name: 'language', value: 'en', url: portalUrl }]);
  await page.reload();
  await home().getByLabel('Notices', { exact: true }).getByTestId('notice').first().waitFor();
  await home().getByText('Common functions').waitFor();
  await home().getByRole('img', { name: 'Daily inbound and outbound quantity, last 7 days' }).waitFor();
  await saveScreenshot(page, 'home-en');
});

test("the home area's to-do screen is a grid of the user's own to-do items", async () => {
  // The test before this one left the portal in English.
  await openScreen(page, menuTitle('HomeArea').en, menuTitle('HomeTodo').en);
  const grid = page.getByTestId('data-grid').filter({ visible: true });
  await grid.locator('.ant-table-tbody .ant-table-row').first().waitFor();
  // Captions in the page's language (the column comments carry both).
  expect(await grid.locator('.ant-table-thead th').allTextContents()).toEqual(expect.arrayContaining(['Title', 'Priority', 'Status', 'Due']));
  // Both demo users have the seeded to-do items; ADMIN's list holds only ADMIN's.
  await page.getByText(`${TODOS.length} rows`, { exact: true }).waitFor();
  // Times as every screen writes them, yyyy-MM-dd HH:mm:ss (the source says the column holds instants), not the rows' ISO text.
  const headers = await grid.locator('.ant-table-thead th').allTextContents();
  const dues = await grid
    .locator('.ant-table-tbody .ant-table-row')
    .evaluateAll((rows, column) => rows.map((row) => row.querySelectorAll('.ant-table-cell')[column]?.textContent ?? ''), headers.indexOf('Due'));
  expect(dues.filter(Boolean)).toHaveLength(TODOS.filter((todo) => todo.dueHours !== null).length);
  for (const due of dues.filter(Boolean)) expect(due).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await saveScreenshot(page, 'home-todo-list');
});
