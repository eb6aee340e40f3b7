/**
 * Issue 16: the interactive API reference renders in the browser under the portal's CSP, from this origin only,
 * and shows each call with who may call it (x-permission).
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { VIEWPORT } from './shellPage';

const portalUrl = inject('portalUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('/api-docs shows the calls with their x-permission, loading nothing from another origin and refused nothing', async () => {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const refusals: string[] = [];
  const foreign: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(portalUrl) && !request.url().startsWith('data:')) foreign.push(request.url());
  });
  try {
    await page.goto(`${portalUrl}/api-docs`);
    await page.getByText('bills', { exact: true }).first().click({ timeout: 60_000 });
    await page.getByText('/Bill/Save', { exact: true }).first().click();
    await page.getByText('billType(body.BillType)#Save', { exact: true }).first().waitFor();
    // Redoc's attribution logo is the one thing it fetches from elsewhere; the CSP refuses it and Redoc hides it.
    const logo = (text: string) => /cdn\.redoc\.ly\/redoc\/logo/.test(text);
    expect(refusals.filter((text) => !logo(text))).toEqual([]);
    expect(foreign.filter((url) => !logo(url))).toEqual([]);
  } finally {
    await context.close();
  }
});
