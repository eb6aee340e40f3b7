/** The mock build (`npm run dev:mock`): the portal on the MSW service worker, with no server at all. */
import { afterAll, beforeAll, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './browser';
import { fillLoginForm, readMockCaptchaCode, submitWithEnter } from './loginForm';
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

test('with mocks, an administrator logs in through the form and sees the home page', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${mockPortalUrl}/login`);
  await fillLoginForm(page, {
    userName: adminUser.USER_NAME,
    password: DEFAULT_ADMIN_PASSWORD,
    organization: DEMO_ORGANIZATIONS[0].OrganizeName,
  });
  await page.locator('#login_captchaCode').fill(await readMockCaptchaCode(page));
  await saveScreenshot(page, 'mocks-login-filled');
  await submitWithEnter(page);

  await page.waitForURL(`${mockPortalUrl}/index`);
  await page.locator('h3', { hasText: `您好，${adminUser.NICK_NAME}` }).waitFor();
  await saveScreenshot(page, 'mocks-home-after-login');
  await context.close();
});
