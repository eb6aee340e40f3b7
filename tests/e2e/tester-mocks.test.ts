/**
 * The mock build as a tester lives in it (issue 16), on one logged-in page: a user added with an
 * organisation from the picker and a memo added on the home card are still there after a reload (the
 * memo in the 备忘录 grid too: one state), and each `?scenario=` switch does what the README promises.
 * captcha:on/off and expired are checked in login-mocks.test.ts.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './browser';
import { logInOnMocks } from './loginForm';
import { WALK_LEAVES, openLeaf, recordErrorToasts, takeErrorToasts } from './menuWalk';
import { ADMIN, closeAllTabs, menuTitle, openScreen, pickInForm } from './shellPage';
import { DEMO_USERS, OPERATOR_ROLE } from '../../server/db/seed/demo-data';

const mockPortalUrl = inject('mockPortalUrl');
const greeting = `您好，${DEMO_USERS.find((user) => user.USER_NAME === 'ADMIN')!.NICK_NAME}`;
const OK = /^确\s*[定认]$|^OK$/;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await recordErrorToasts(page);
  await logInOnMocks(page, mockPortalUrl, ADMIN);
  await page.locator('h3', { hasText: greeting }).waitFor();
});

afterAll(async () => {
  await browser?.close();
});

/** The page at `path` with these scenario switches ('none' switches them off for the tab). */
async function withScenario(path: string, scenario: string) {
  await page.goto(`${mockPortalUrl}${path}?scenario=${encodeURIComponent(scenario)}`);
}

/** Waits for an error toast that contains `text`; the toasts seen meanwhile name what came instead. */
async function errorToastSaying(text: string) {
  const seen: string[] = [];
  await expect
    .poll(async () => {
      seen.push(...(await takeErrorToasts(page)));
      return seen.find((toast) => toast.includes(text)) ?? seen.join(' | ');
    }, { timeout: 15_000 })
    .toContain(text);
}

const memoList = () => page.getByLabel('备忘录', { exact: true });

test('a user added with an organisation from the picker is there after a reload', async () => {
  await openScreen(page, menuTitle('Admin').zh, menuTitle('AdminUser').zh);
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('用户名').fill('mock_tester');
  await form.getByLabel('姓名').fill('模拟测试员');
  await pickInForm(page, form, '角色', OPERATOR_ROLE.ROLE_NAME);
  await form.locator('.ant-modal-title').click();
  await pickInForm(page, form, '组织', '一厂 (F01)');
  await form.locator('.ant-modal-title').click();
  await form.getByLabel('密码').fill('Mock-tester-1');
  await form.getByRole('button', { name: OK }).click();
  await form.waitFor({ state: 'hidden' });
  await page.getByRole('cell', { name: 'mock_tester', exact: true }).waitFor();

  await page.reload();
  const row = page.getByRole('row', { name: /mock_tester/ });
  await row.waitFor();
  expect(await row.textContent()).toContain('模拟测试员');
  await saveScreenshot(page, 'mocks-user-after-reload');
  await closeAllTabs(page, '首页', '关闭全部');
});

test('a memo added on the home card is in the 备忘录 grid after a reload', async () => {
  await page.goto(`${mockPortalUrl}/index`);
  await page.getByLabel('记一笔…').fill('模拟模式备忘 E2E');
  await page.getByLabel('记一笔…').press('Enter');
  await memoList().getByText('模拟模式备忘 E2E').waitFor();

  await page.reload();
  await memoList().getByText('模拟模式备忘 E2E').waitFor();
  await openLeaf(page, WALK_LEAVES.find((leaf) => leaf.code === 'HomeMemo')!, 'zh');
  await page.locator('.shell-content .ant-table-row', { hasText: '模拟模式备忘 E2E' }).waitFor();
  await closeAllTabs(page, '首页', '关闭全部');
});

test('error:<status>@<call>: that call answers the status, and the portal says so', async () => {
  await withScenario('/index', 'error:503@/SysMemo/LoadData');
  await errorToastSaying('服务不可用');
});

test('wrapped-error@<call>: HTTP 200 with code 500, the portal shows its message', async () => {
  await withScenario('/index', 'wrapped-error@/SysEnvConfig/List');
  await openScreen(page, menuTitle('Admin').zh, menuTitle('AdminEnvConfig').zh);
  await errorToastSaying('模拟的错误（/SysEnvConfig/List）');
  await closeAllTabs(page, '首页', '关闭全部');
});

test('legacy-error@<call>: HTTP 200 with ErrorInfo.Status true, the portal shows its message', async () => {
  await withScenario('/index', 'legacy-error@/SysMemo/LoadData');
  await errorToastSaying('模拟的错误（/SysMemo/LoadData）');
});

test('empty: list calls answer no rows', async () => {
  await withScenario('/index', 'none');
  await memoList().locator('[data-testid="memo"]').first().waitFor();
  await withScenario('/index', 'empty');
  await memoList().getByText('暂无备忘').waitFor();
  expect(await memoList().locator('[data-testid="memo"]').count()).toBe(0);
});

test('slow:<ms>: every answer comes that much later', async () => {
  const callTime = () =>
    page.evaluate(async () => {
      const started = performance.now();
      await fetch('/api/Auth/GetPublicKey');
      return performance.now() - started;
    });
  await withScenario('/index', 'slow:1500');
  await page.locator('h3', { hasText: greeting }).waitFor();
  expect(await callTime()).toBeGreaterThanOrEqual(1500);
  await withScenario('/index', 'none');
  await page.locator('h3', { hasText: greeting }).waitFor();
  expect(await callTime()).toBeLessThan(1500);
});
