/**
 * Logout through the user menu (spec §4 "Logout with confirm"): one click on OK of the question
 * must reach the login page every time, from Home and from an open screen, with no reload to
 * help it along. Fifteen rounds in one browser profile, as a shop-floor PC shared by shifts.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { ADMIN, OPERATOR, logIn, logOutThroughUserMenu, menuTitle, openScreen, VIEWPORT } from './shellPage';

const portalUrl = inject('portalUrl');
const ROUNDS = 15;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
});

afterAll(async () => {
  await browser?.close();
});

// No retry (the e2e project has none): a lost click fails the run. The time allowed grows with the rounds, not
// the project's 120 s per test: one round (form login, menus, logout) took up to 15 s on a loaded 2-core machine.
const ROUND_TIMEOUT_MS = 20_000;

test(`logging in and out ${ROUNDS} times in a row takes one OK click each time`, { timeout: ROUNDS * ROUND_TIMEOUT_MS }, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    await logIn(page, portalUrl, round % 2 ? OPERATOR : ADMIN);
    // Every third round from an open screen, whose tab and page go on logout.
    if (round % 3 === 2) await openScreen(page, menuTitle('MasterData').zh, menuTitle('MasterPart').zh);
    await logOutThroughUserMenu(page);

    const cookies = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(cookies).not.toContain('Admin-Token');
    expect(await page.locator('.shell').count()).toBe(0);
  }
});
