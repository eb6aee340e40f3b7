/**
 * Live updates in the browser (issue 18): a notice published elsewhere while the home page is open
 * appears in its list without a reload; with PostgreSQL (DATABASE_URL), a warning inserted by plain
 * SQL — as the ERP delivery job writes it — appears in the warning list and raises the header's
 * warning bell without a reload (the embedded database of the shared e2e server belongs to its process,
 * so that test runs a server of its own on PostgreSQL).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SpawnedServer } from '../server/support/spawned-server';
import { launchBrowser, saveScreenshot } from './browser';
import { ADMIN, loggedInPage, startWithHomeOnly } from './shellPage';

const portalUrl = inject('portalUrl');
const portalDir = inject('portalDir');

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const home = (page: Page) => page.locator('.home-page');
const bell = (page: Page) => page.getByRole('button', { name: /^预警信息：\d+ 条未处理$/ });
const bellCount = async (page: Page) => Number(/：(\d+) 条/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1]);

async function tokenOf(page: Page, url: string) {
  const cookies = await page.context().cookies(url);
  return cookies.find((c) => c.name === 'Admin-Token')!.value;
}

test('a notice published elsewhere appears on the open home page without a reload', async () => {
  const page = await loggedInPage(browser, portalUrl, ADMIN);
  await startWithHomeOnly(page, portalUrl, ADMIN.id);
  const notices = home(page).getByLabel('通知公告', { exact: true });
  await notices.getByTestId('notice').first().waitFor();
  await bell(page).waitFor();
  let navigations = 0;
  page.on('framenavigated', () => navigations++);

  const title = `实时公告 ${randomBytes(3).toString('hex')}`;
  const answer = await fetch(`${portalUrl}/api/SysNotice/AddOrModifySave`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await tokenOf(page, portalUrl)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ TITLE: title, CONTENT: '<p>live</p>' }),
  });
  expect(answer.status).toBe(200);
  await notices.getByTestId('notice').filter({ hasText: title }).waitFor({ timeout: 5000 });
  expect(navigations).toBe(0);
  await page.context().close();
});

if (process.env.DATABASE_URL) {
  test('a warning inserted by SQL appears in the warning list and the header bell without a reload (PostgreSQL)', async () => {
    const name = `portal_e2e_live_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const databaseUrl = Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/${name}` }).toString();
    let server: SpawnedServer | undefined;
    const sql = new pg.Client({ connectionString: databaseUrl });
    try {
      server = await SpawnedServer.start({ databaseUrl, demoData: true, portalDir }, 300_000);
      await sql.connect();
      const page = await loggedInPage(browser, server.baseUrl, ADMIN);
      await startWithHomeOnly(page, server.baseUrl, ADMIN.id);
      await home(page).getByRole('tab', { name: /预警信息/ }).click();
      const warnings = home(page).getByLabel('预警信息', { exact: true });
      await warnings.getByTestId('warning').first().waitFor();
      await bell(page).waitFor();
      const before = await bellCount(page);
      let navigations = 0;
      page.on('framenavigated', () => navigations++);

      const title = `ERP 过账失败 ${randomBytes(3).toString('hex')}`;
      const org = (await sql.query<{ id: string }>(`select org_id as id from sessions order by created_at desc limit 1`)).rows[0]!.id;
      await sql.query(`insert into home_warnings (id, org_id, title, content, warning_level, call_status) values ($1, $2, $3, 'ERP posting failed', 'danger', 'failure')`, [
        randomUUID(),
        org,
        title,
      ]);
      await warnings.getByTestId('warning').filter({ hasText: title }).waitFor({ timeout: 5000 });
      await page.waitForFunction((count) => {
        const label = document.querySelector('[data-testid="warning-badge"] button')?.getAttribute('aria-label') ?? '';
        return label.includes(`：${count} 条`);
      }, before + 1, { timeout: 5000 });
      expect(navigations).toBe(0);
      await saveScreenshot(page, 'live-warning');
      await page.context().close();
    } finally {
      await sql.end().catch(() => {});
      await server?.stop();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 420_000);
}
