/**
 * Per-user settings and what each user is offered (spec §2 header tools, §3 per-user settings,
 * §4 theme and element size, §6 environment selector). The administrator and the operator take
 * turns in one browser profile, as two people sharing a shop-floor PC would.
 */
import { afterAll, afterEach, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_MENUS, DEMO_ROLE_GRANTS } from '../../server/db/seed/demo-data';
import { launchBrowser } from './browser';
import { ADMIN, OPERATOR, arrived, logIn, logOutThroughUserMenu, openScreen, menuTitle, rootButton, rootButtons, VIEWPORT, type DemoLogin, saveSettledScreenshot } from './shellPage';

const portalUrl = inject('portalUrl');

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: VIEWPORT });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

// Every test starts in Chinese, whatever the one before it switched to and however it ended: the cookie is
// read when the page loads, and switchUser loads it again.
afterEach(async () => {
  await page.context().addCookies([{ name: 'language', value: 'zh-chs', url: portalUrl }]);
});

const shell = () => page.locator('.shell');
const homeLogoutButton = () => page.locator('.shell-content').getByRole('button', { name: '退出登录' });
const environmentSelector = () => page.getByRole('button', { name: '服务器环境' });

async function switchUser(user: DemoLogin) {
  if (await shell().count()) {
    // From a fresh load: a dialog that a failed test left open must not cover the user menu for the next one.
    // (Not a help for logout itself: shell-logout.test.ts logs out fifteen times without one.)
    await page.reload();
    await shell().waitFor();
    await logOutThroughUserMenu(page);
  }
  await logIn(page, portalUrl, user);
}

const themeDialog = () => page.getByRole('dialog', { name: '主题设置' });
/** antd's radio buttons hide the input itself: a person clicks the visible label. */
const sizeChoice = (label: string) => themeDialog().locator('.ant-radio-button-wrapper', { hasText: label });

async function chooseInThemeDialog(choose: () => Promise<void>) {
  await page.getByRole('button', { name: '主题设置' }).click();
  // Once it has zoomed in: a click on a choice that is still moving lands where it was a frame before (the theme
  // stayed classic once in a full run).
  const dialog = await arrived(themeDialog());
  await choose();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

test('the operator sees only the screens of the operator role, and no environment selector', async () => {
  await switchUser(OPERATOR);
  const granted = new Set(DEMO_ROLE_GRANTS['role-operator'].menuCodes);
  const operatorRoots = DEMO_MENUS.filter((m) => m.Parent_Id === null && m.ENABLED === 'Y' && granted.has(m.Menu_Code)).map((m) => m.Menu_Name);
  expect(await rootButtons(page).allTextContents()).toEqual(['首页', ...operatorRoots]);
  await openScreen(page, menuTitle('MasterData').zh, menuTitle('MasterPart').zh);
  await page.getByRole('button', { name: '主题设置' }).waitFor();
  expect(await environmentSelector().count()).toBe(0);
});

test('the administrator has the environment selector in the header', async () => {
  await switchUser(ADMIN);
  await environmentSelector().click();
  await page.getByRole('menuitem', { name: 'LOCAL' }).waitFor();
  expect(await page.getByRole('menu').getByRole('menuitem').allTextContents()).toEqual(['登录地址（默认）', 'LOCAL', 'TEST']);
  await page.keyboard.press('Escape');
});

test('choosing the dark blue theme changes how the shell looks, and it is still chosen after a reload', async () => {
  await switchUser(ADMIN);
  await rootButton(page, menuTitle('Admin').zh).click();
  const before = await page.screenshot();
  await chooseInThemeDialog(() => page.getByRole('radio', { name: '深蓝' }).click());

  expect(await shell().getAttribute('data-theme')).toBe('darkBlue');
  expect((await page.screenshot()).equals(before)).toBe(false);
  await saveSettledScreenshot(page, 'shell-zh-darkblue-aside-expanded');

  await page.reload();
  await shell().waitFor();
  expect(await shell().getAttribute('data-theme')).toBe('darkBlue');
});

test('choosing the large element size enlarges the page controls, and it is still chosen after a reload', async () => {
  await switchUser(ADMIN);
  expect(await homeLogoutButton().getAttribute('class')).toContain('ant-btn-sm');
  await chooseInThemeDialog(() => sizeChoice('大').click());
  await expect.poll(async () => homeLogoutButton().getAttribute('class')).toContain('ant-btn-lg');

  await page.reload();
  await shell().waitFor();
  expect(await homeLogoutButton().getAttribute('class')).toContain('ant-btn-lg');
});

test("another user logging in on the same browser gets the default theme and size, not the administrator's", async () => {
  await switchUser(ADMIN);
  await chooseInThemeDialog(async () => {
    await page.getByRole('radio', { name: '深蓝' }).click();
    await sizeChoice('大').click();
  });

  await switchUser(OPERATOR);
  expect(await shell().getAttribute('data-theme')).toBe('classic');
  expect(await homeLogoutButton().getAttribute('class')).toContain('ant-btn-sm');
  await saveSettledScreenshot(page, 'shell-zh-classic-operator-home');

  await switchUser(ADMIN);
  expect(await shell().getAttribute('data-theme')).toBe('darkBlue');
  expect(await homeLogoutButton().getAttribute('class')).toContain('ant-btn-lg');
});

test('the aside toggle folds the second-level panel away, leaving the 80 px icon column', async () => {
  await switchUser(ADMIN);
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await openScreen(page, menuTitle('Admin').en, menuTitle('AdminRole').en);
  const aside = page.getByRole('navigation', { name: 'Menu' });
  await expect.poll(async () => (await aside.boundingBox())?.width).toBe(280);

  await page.getByRole('button', { name: 'Expand or collapse the menu' }).click();
  await aside.getByRole('region').waitFor({ state: 'detached' });
  await expect.poll(async () => (await aside.boundingBox())?.width).toBe(80);
  await saveSettledScreenshot(page, 'shell-en-aside-collapsed');
});
