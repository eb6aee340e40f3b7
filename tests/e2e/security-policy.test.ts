/**
 * Issue 11 defect 9 in the browser: the portal runs under its Content-Security-Policy with nothing
 * refused (login, a grid screen, the demo child app in its frame), and the production build does not
 * ship MSW's worker script while the mock build still does.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { ADMIN, logIn, menuTitle, openScreen, VIEWPORT } from './shellPage';

const portalUrl = inject('portalUrl');
const mockPortalUrl = inject('mockPortalUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('login, a grid screen and the demo child app run under the CSP with nothing refused', async () => {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const refusals: string[] = [];
  // Chromium reports every CSP refusal on the console of the frame it happened in.
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  try {
    const response = await page.goto(`${portalUrl}/login`);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    await logIn(page, portalUrl, ADMIN);
    await openScreen(page, menuTitle('MasterData').zh, menuTitle('MasterPart').zh);
    await page.locator('.ant-table-row').first().waitFor();
    await openScreen(page, menuTitle('ChildApps').zh, menuTitle('DemoChildHome').zh);
    const frame = page.frameLocator('iframe.shell-child-app-frame');
    await expect.poll(() => frame.locator('#sso-user').textContent(), { timeout: 15_000 }).toContain('ADMIN');
    expect(refusals).toEqual([]);
  } finally {
    await context.close();
  }
});

test('the production build has no mockServiceWorker.js; the mock build has it', async () => {
  const mock = await fetch(`${mockPortalUrl}/mockServiceWorker.js`);
  expect(mock.status).toBe(200);
  expect(await mock.text()).toContain('Mock Service Worker');
  // The server answers unknown paths with the portal page (client routing), never with the worker.
  const production = await fetch(`${portalUrl}/mockServiceWorker.js`);
  expect(await production.text()).not.toContain('Mock Service Worker');
});
