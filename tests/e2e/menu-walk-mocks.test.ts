/**
 * The mock build walked as a tester would (issue 16): logged in on the MSW mocks with no server at
 * all, every menu leaf opens without an error toast and with no "string" (a schema placeholder) on
 * screen; a master-data grid adds a record that is still there after a reload, and its export is a
 * real xlsx. Leaves whose page is not built yet ('模块未找到') are listed, not failed, as in the
 * server's walk (menu-walk.test.ts).
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { masterScreen, sheetRows } from './masterPage';
import { logInOnMocks } from './loginForm';
import { MODULE_NOT_FOUND, WALK_LEAVES, WALK_MOTION, inspectScreen, openLeaf, recordErrorToasts, settle, takeErrorToasts } from './menuWalk';
import { closeAllTabs, menuTitle, openScreen, saveSettledScreenshot } from './shellPage';
import { DEFAULT_ADMIN_PASSWORD, DEMO_ORGANIZATIONS, DEMO_USERS } from '../../server/db/seed/demo-data';

const mockPortalUrl = inject('mockPortalUrl');
const adminUser = DEMO_USERS.find((user) => user.USER_NAME === 'ADMIN')!;
const WALK_TIMEOUT_MS = 600_000;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true, ...WALK_MOTION });
  page = await context.newPage();
  await recordErrorToasts(page);
  await logInOnMocks(page, mockPortalUrl, { userName: adminUser.USER_NAME, password: DEFAULT_ADMIN_PASSWORD, organization: DEMO_ORGANIZATIONS[0].OrganizeName });
  await page.locator('h3', { hasText: `您好，${adminUser.NICK_NAME}` }).waitFor();
  await takeErrorToasts(page);
});

afterAll(async () => {
  await browser?.close();
});

/** Visible texts that are exactly a schema placeholder. */
const placeholdersOnScreen = (p: Page) =>
  p.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const element = node.parentElement;
      if (element && element.getClientRects().length > 0 && /(^|\W)string(\W|$)/.test(text)) found.push(text.slice(0, 80));
    }
    return found;
  });

test('every menu leaf opens on the mocks without an error toast or a "string" on screen', async () => {
  const problems: string[] = [];
  const notBuilt: string[] = [];
  let area = '';
  for (const leaf of WALK_LEAVES) {
    const name = leaf.trail.map((title) => title.zh).join(' › ');
    if (leaf.newWindow) continue;
    // Each root menu starts from Home alone: every open tab stays mounted, and 90 of them slow each screen down.
    if (leaf.trail[0].zh !== area) {
      area = leaf.trail[0].zh;
      await closeAllTabs(page, '首页', '关闭全部');
    }
    await openLeaf(page, leaf, 'zh');
    await settle(page).catch((error: Error) => {
      throw new Error(`${name}: ${error.message}`);
    });
    const findings = await inspectScreen(page, leaf.code);
    if (findings.moduleNotFound) {
      await takeErrorToasts(page);
      notBuilt.push(name);
      continue;
    }
    problems.push(
      ...(await takeErrorToasts(page)).map((toast) => `${name}: error toast "${toast}"`),
      ...(await placeholdersOnScreen(page)).map((text) => `${name}: placeholder "${text}"`),
    );
  }
  console.info(`mock walk: ${WALK_LEAVES.length} leaves, ${notBuilt.length} not built yet (${MODULE_NOT_FOUND.zh}): ${notBuilt.join('; ')}`);
  expect(problems, problems.join('\n')).toEqual([]);
}, WALK_TIMEOUT_MS);

test('a part added on the mocks is still there after a reload, and the export is a real xlsx that holds it', async () => {
  const screen = masterScreen(() => page);
  const parts = menuTitle('MasterPart').zh;
  await closeAllTabs(page, '首页', '关闭全部');
  await openScreen(page, menuTitle('MasterData').zh, parts);
  await screen.toolbarButton('新增').click();
  const form = screen.dialog(`${parts} - 新增`);
  await form.getByLabel('料号', { exact: true }).fill('MOCK-E2E-1');
  await form.getByLabel('品名', { exact: true }).fill('模拟测试电容');
  await screen.pickOption(form, '单位', '个');
  await screen.saveForm(form);

  await page.reload();
  await screen.grid().locator('.ant-table-row').first().waitFor();
  await screen.searchGrid('料号', 'MOCK-E2E-1');
  await expect.poll(() => screen.gridRows().count()).toBe(1);
  await saveSettledScreenshot(page, 'mocks-part-after-reload');

  const downloading = page.waitForEvent('download');
  await screen.toolbarButton('导出Excel').click();
  const rows = await sheetRows(await downloading);
  expect(rows[0].slice(0, 2)).toEqual(['料号', '品名']);
  expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual([['MOCK-E2E-1', '模拟测试电容']]);
}, WALK_TIMEOUT_MS);
