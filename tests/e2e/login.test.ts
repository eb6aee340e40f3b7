/** Logging in to the real reference server through the login form (spec §2, §5, §8). */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './browser';
import { fillLoginForm, submitWithEnter } from './loginForm';
import { LOGIN_JS_BUDGET_BYTES, loginPageScripts } from './loginPageScripts';
import { DEFAULT_ADMIN_PASSWORD, DEMO_ORGANIZATIONS, DEMO_USERS } from '../../server/db/seed/demo-data';

const portalUrl = inject('portalUrl');
const [FIRST_PLANT, SECOND_PLANT] = DEMO_ORGANIZATIONS;
const adminUser = DEMO_USERS.find((user) => user.USER_NAME === 'ADMIN')!;
const operatorUser = DEMO_USERS.find((user) => user.USER_NAME === 'operator')!;
const ADMIN = { userName: adminUser.USER_NAME, password: DEFAULT_ADMIN_PASSWORD, organization: SECOND_PLANT.OrganizeName };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A fresh browser profile (no cookies, no storage) in the default language. */
async function openPage(path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(portalUrl + path);
  return page;
}

interface LoginAnswer {
  Result: { msg?: string; errorCount?: number };
}

const loginAnswer = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/Auth/GetToken')).then((r) => r.json() as Promise<LoginAnswer>);

test('an administrator who logs in through the form sees the home page greeting them by name', async () => {
  const page = await openPage('/login');
  await fillLoginForm(page, ADMIN);
  await saveScreenshot(page, 'login-filled');
  await submitWithEnter(page);

  await page.waitForURL(`${portalUrl}/index`);
  await page.locator('h3', { hasText: `您好，${adminUser.NICK_NAME}` }).waitFor();
  await saveScreenshot(page, 'home-after-login');
  await page.context().close();
});

test("a wrong password shows the server's message and the failed-attempt count in the form", async () => {
  const page = await openPage('/login');
  await fillLoginForm(page, { ...ADMIN, password: 'not-the-password' });
  const answer = loginAnswer(page);
  await submitWithEnter(page);

  const { msg, errorCount } = (await answer).Result;
  expect(msg).toBeTruthy();
  expect(errorCount).toBeGreaterThan(0);
  const alert = page.locator('.ant-alert-error');
  await alert.waitFor();
  expect(await alert.locator('.ant-alert-message').textContent()).toBe(msg);
  expect(await alert.locator('.ant-alert-description').textContent()).toBe(`已连续输错 ${errorCount} 次`);
  expect(new URL(page.url()).pathname).toBe('/login');
  await saveScreenshot(page, 'login-rejected');
  await page.context().close();
});

test('opening a page without a session goes to login and comes back to that page after login', async () => {
  const page = await openPage('/index?from=bookmark');
  await page.waitForURL(`${portalUrl}/login?redirect=${encodeURIComponent('/index?from=bookmark')}`);

  await fillLoginForm(page, ADMIN);
  await submitWithEnter(page);
  await page.waitForURL(`${portalUrl}/index?from=bookmark`);
  await page.locator('h3', { hasText: `您好，${adminUser.NICK_NAME}` }).waitFor();
  await page.context().close();
});

test('a user of a single organisation gets it chosen for them and can log in without picking', async () => {
  expect(operatorUser.ORGANIZE_IDS).toEqual([FIRST_PLANT.Id]);
  const page = await openPage('/login');
  await page.locator('#login_userName').fill(operatorUser.USER_NAME);
  await page.locator('#login_password').fill(operatorUser.PASSWORD!);
  const organizationChoice = page.locator('.ant-form-item', { has: page.locator('#login_organizeId') });
  await organizationChoice.locator('.ant-select-selection-item', { hasText: FIRST_PLANT.OrganizeName }).waitFor();
  await submitWithEnter(page);
  await page.locator('h3', { hasText: `您好，${operatorUser.NICK_NAME}` }).waitFor();
  await page.context().close();
});

test('the login form insists on user name, password and organisation', async () => {
  const page = await openPage('/login');
  await page.locator('#login_password').press('Enter');
  const errors = page.locator('.ant-form-item-explain-error');
  await errors.nth(2).waitFor();
  expect(await errors.allTextContents()).toEqual(['请输入用户名', '请输入密码', '请选择组织']);
  await page.context().close();
});

test('switching the login page to English shows it in English', async () => {
  const page = await openPage('/login');
  await page.getByText('English', { exact: true }).click();
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.locator('.ant-segmented-item-selected', { hasText: 'English' }).waitFor();
  await saveScreenshot(page, 'login-english');
  await page.context().close();
});

test('after a reload the home page still greets the user, and logging out needs a new login', async () => {
  const page = await openPage('/login');
  await fillLoginForm(page, ADMIN);
  await submitWithEnter(page);
  await page.waitForURL(`${portalUrl}/index`);

  await page.reload();
  await page.locator('h3', { hasText: `您好，${adminUser.NICK_NAME}` }).waitFor();

  await page.getByRole('button', { name: '退出登录' }).click();
  await page.waitForURL(`${portalUrl}/login`);
  await page.goto(`${portalUrl}/index`);
  await page.waitForURL(`${portalUrl}/login?redirect=${encodeURIComponent('/index')}`);
  await page.context().close();
});

test('the login page loads none of the data-grid and shell code (ProTable, ProLayout)', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto(`${portalUrl}/login`);
  await page.locator('#login_userName').waitFor();

  const loaded = await Promise.all(scripts);
  expect(loaded.length).toBeGreaterThan(0);
  // pro-components build their CSS class prefixes from these string literals, so their code carries them.
  const proComponentsCode = /[`'"]pro-(table|layout)/;
  expect(loaded.filter((code) => proComponentsCode.test(code))).toEqual([]);
  await context.close();
});

test('the login page loads at most 1.1 × the stack floor of JavaScript (gzip), and no shell texts or password encryption', async () => {
  const scripts = await loginPageScripts(browser, portalUrl);
  expect(scripts.files.length).toBeGreaterThan(0);
  expect(scripts.gzipBytes, `${Math.round(scripts.gzipBytes / 1024)} KB gzip`).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
  const code = scripts.files.map((file) => file.code).join('\n');
  // The shell's texts (core/i18n loads them after login) and jsencrypt (loaded on the first submit).
  expect(code).not.toContain('moduleNotFound');
  expect(code).not.toMatch(/JSEncrypt|RSAKey/);
});
