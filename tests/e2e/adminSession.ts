/**
 * One ADMIN login for a whole test file, each test starting from Home alone, in Chinese: call it at
 * the top of the file; it registers the file's hooks. Its browser and page exist once they have run,
 * so read them inside tests and helpers, not when the file loads.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { ADMIN, loggedInPage, startWithHomeOnly } from './shellPage';

export interface AdminSession {
  readonly browser: Browser;
  readonly page: Page;
}

export function adminSessionPerFile(portalUrl: string): AdminSession {
  let browser: Browser | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await loggedInPage(browser, portalUrl, ADMIN);
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    await startWithHomeOnly(page!, portalUrl, ADMIN.id);
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the admin session starts in beforeAll: read it inside a test');
    return value;
  };
  return {
    get browser() {
      return started(browser);
    },
    get page() {
      return started(page);
    },
  };
}
