/**
 * `DEMO_DATA=off` (README "Run it"): a second reference server on the run's build, with its own
 * empty data folder and port, starts a clean plant. ADMIN logs in through the form into the one
 * organisation it offers (本厂), finds every menu there, and the 物料 grid has no rows.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ADMIN_USER, DEFAULT_ADMIN_PASSWORD, DEFAULT_ORGANIZATION, SYSTEM_MENUS } from '../../server/db/seed/system-data';
import { launchBrowser } from './browser';
import { freePort, startReferenceServer, stopProcess } from './global-setup';
import { fillLoginForm, submitWithEnter } from './loginForm';
import { menuTitle, openScreen, rootButtons, tabsBar, VIEWPORT } from './shellPage';

const portalDir = inject('portalDir');

let dataDir: string;
let server: ChildProcess | undefined;
let portalUrl: string;
let browser: Browser | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-clean-'));
  const port = await freePort();
  server = await startReferenceServer(port, join(dataDir, 'db'), portalDir, { DEMO_DATA: 'off' });
  portalUrl = `http://127.0.0.1:${port}`;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (server) await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
});

test('ADMIN logs into 本厂 and finds every menu, with no parts in the 物料 grid', async () => {
  const page = await (await browser!.newContext({ viewport: VIEWPORT })).newPage();
  await page.goto(`${portalUrl}/login`);
  await fillLoginForm(page, { userName: ADMIN_USER.USER_NAME, password: DEFAULT_ADMIN_PASSWORD, organization: DEFAULT_ORGANIZATION.OrganizeName });
  await submitWithEnter(page);
  await page.waitForURL(`${portalUrl}/index`);
  await tabsBar(page).waitFor();

  const roots = SYSTEM_MENUS.filter((m) => m.Parent_Id === null && m.ENABLED === 'Y').map((m) => m.Menu_Name);
  expect(await rootButtons(page).allTextContents()).toEqual(['首页', ...roots]);

  // The grid's rows come from one list query; its answer decides what the grid shows.
  const rowsAnswer = page.waitForResponse((response) => response.url().includes('/ListParam/QueryData') && response.request().method() === 'POST');
  await openScreen(page, menuTitle('MasterData').zh, menuTitle('MasterPart').zh);
  expect((await (await rowsAnswer).json()).count).toBe(0);
  const grid = page.getByTestId('data-grid').filter({ visible: true });
  await grid.locator('.ant-table-placeholder .ant-empty').waitFor();
  await grid.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  expect(await grid.locator('.ant-table-tbody .ant-table-row').count()).toBe(0);
}, 120_000);
