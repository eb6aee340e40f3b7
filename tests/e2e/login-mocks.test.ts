/** The mock build (`npm run dev:mock`): the portal on the MSW service worker, with no server at all. */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './browser';
import { fillLoginForm, logInOnMocks, submitWithEnter } from './loginForm';
import { DEFAULT_ADMIN_PASSWORD, DEMO_ORGANIZATIONS, DEMO_USERS } from '../../server/db/seed/demo-data';

const mockPortalUrl = inject('mockPortalUrl');
const adminUser = DEMO_USERS.find((user) => user.USER_NAME === 'ADMIN')!;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function logInAsAdmin(page: Page) {
  await logInOnMocks(page, mockPortalUrl, { userName: adminUser.USER_NAME, password: DEFAULT_ADMIN_PASSWORD, organization: DEMO_ORGANIZATIONS[0].OrganizeName }, async () => {
    await saveScreenshot(page, 'mocks-login-filled');
  });
  await page.locator('h3', { hasText: `您好，${adminUser.NICK_NAME}` }).waitFor();
}

test('with mocks, an administrator logs in through the form and sees the home page', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await logInAsAdmin(page);
  await saveScreenshot(page, 'mocks-home-after-login');
  await context.close();
});

test('with mocks, a reload and a second tab stay logged in; reset mock data starts over at the login page', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const toDevServer: string[] = [];
  // In mock mode no API call may reach the network (it went to the dev server and came back 网关错误).
  context.on('requestfinished', async (request) => {
    // A request that finishes as the context closes has no response to read any more.
    const response = await request.response().catch(() => null);
    if (new URL(request.url()).pathname.startsWith('/api/') && response && !response.fromServiceWorker()) toDevServer.push(request.url());
  });
  await logInAsAdmin(page);
  const greeting = page.locator('h3', { hasText: `您好，${adminUser.NICK_NAME}` });

  await page.reload();
  await greeting.waitFor();
  expect(new URL(page.url()).pathname).toBe('/index');

  const second = await context.newPage();
  await second.goto(`${mockPortalUrl}/index`);
  await second.locator('h3', { hasText: `您好，${adminUser.NICK_NAME}` }).waitFor();
  await second.close();

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: '重置模拟数据' }).click();
  // The login form, then its address: waitForURL fails on any navigation aborted while it waits, and the way to the
  // login page can hold two (calls refused 401 as the session went each send the page there; CI, a full run).
  const atLogin = async () => {
    await page.locator('#login_userName').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  };
  await atLogin();
  // Committed is enough: the page sends itself on to the login page, maybe before its own load event.
  await page.goto(`${mockPortalUrl}/index`, { waitUntil: 'commit' });
  await atLogin();
  expect(toDevServer).toEqual([]);
  await context.close();
});

test('with mocks, ?scenario= switches: captcha:off drops the verification code, expired sends the next call to the login page', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${mockPortalUrl}/login?scenario=captcha:on`);
  await page.locator('#login_captchaCode').waitFor();
  await page.goto(`${mockPortalUrl}/login?scenario=captcha:off`);
  await page.locator('#login_userName').waitFor();
  await expect.poll(() => page.locator('#login_captchaCode').count()).toBe(0);
  await page.getByRole('button', { name: '测试场景: captcha:off' }).waitFor();

  await fillLoginForm(page, { userName: adminUser.USER_NAME, password: DEFAULT_ADMIN_PASSWORD, organization: DEMO_ORGANIZATIONS[0].OrganizeName });
  await submitWithEnter(page);
  await page.waitForURL(`${mockPortalUrl}/index`);
  await page.goto(`${mockPortalUrl}/index?scenario=expired`);
  await page.waitForURL(/\/login/);
  await context.close();
});
