/**
 * The first grid row in the real portal, from navigation start (issue 15 "first row fast"): the built
 * portal behind the reference server (embedded database, demo data), logged in as ADMIN, the demo
 * reels list (/grid/demo-reels) opened with a page of 1,000 and of 10,000 rows, two ways, interleaved:
 * - load: the list's address loaded in the tab (session bootstrap, lazy route, configuration, rows);
 * - click: its menu item clicked on Home (lazy route, configuration, rows).
 * Printed per case: min / median / max of the time until a row shows its cells, and when the rows
 * request left and its answer was in (all from navigation start, or from the click): what is after the
 * answer is the browser's. Numbers, not pass/fail.
 *
 *   node --import tsx bench/first-row.ts [--root <project dir>] [--samples N] [--rows 1000,10000]
 *
 * `--root` runs another checkout's build and server (e.g. the main branch, to compare before/after).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { DEFAULT_ADMIN_PASSWORD, DEMO_MENUS, DEMO_ORGANIZATIONS, DEMO_USERS } from '../server/db/seed/demo-data.ts';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { fillLoginForm, submitWithEnter } from '../tests/e2e/loginForm.ts';
import { ms, printTable } from './stats.ts';

const LIST = '/grid/demo-reels';
const ADMIN_ID = DEMO_USERS.find((user) => user.USER_NAME === 'ADMIN')!.ID;
const titleOf = (code: string) => DEMO_MENUS.find((menu) => menu.Menu_Code === code)!.Menu_Name;
const READY_LINE = 'Portal ready:';

const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const ROOT = resolve(argument('root') ?? resolve(fileURLToPath(new URL('.', import.meta.url)), '..'));
const SAMPLES = Number(argument('samples') ?? 5);
const ROW_COUNTS = (argument('rows') ?? '1000,10000').split(',').map(Number);

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')}: ${code}\n${output}`))));
  });
}

async function startServer(port: number, dataDir: string, portalDir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, PORTAL_DIR: portalDir, CAPTCHA: 'off' };
  delete env.DATABASE_URL;
  delete env.ADMIN_PASSWORD;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((ready, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(READY_LINE)) ready();
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.once('exit', (code) => fail(new Error(`server exited with ${code}\n${output}`)));
  });
  return server;
}

/** Logs in through the login form, as a person does (the e2e tests' form helpers). */
async function logIn(page: Page, origin: string) {
  await page.goto(`${origin}/login`);
  await fillLoginForm(page, { userName: 'ADMIN', password: DEFAULT_ADMIN_PASSWORD, organization: DEMO_ORGANIZATIONS[0].OrganizeName });
  await submitWithEnter(page);
  await page.waitForURL(`${origin}/index`);
}

/** The user's page size for the list, as the page-size dialog stores it. */
async function usePageSize(page: Page, rows: number) {
  await page.evaluate(
    ([key, list, size]) => {
      const saved = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":0}');
      saved.state.pageSizes = { ...saved.state.pageSizes, [list]: [size] };
      saved.state.openedTabs = [];
      localStorage.setItem(key, JSON.stringify(saved));
    },
    [`plant-portal-2.0.1-${ADMIN_ID}`, LIST, rows] as const,
  );
}

/** performance.now() when a body row of the grid first shows its cells' text (checked every frame). */
const firstRowShown = (page: Page) =>
  page
    .waitForFunction(
      () => {
        const cells = document.querySelectorAll('[data-testid="data-grid"] .ant-table-tbody-virtual .ant-table-row .ant-table-cell');
        return [...cells].some((cell) => (cell.textContent ?? '').trim() !== '') ? performance.now() : false;
      },
      undefined,
      { polling: 'raf', timeout: 120_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);

/** When the rows request left and when its answer had arrived (resource timing, from navigation start). */
const rowsRequestTimes = (page: Page) =>
  page.evaluate(() => {
    const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/ListParam/QueryData')) as PerformanceResourceTiming | undefined;
    return { left: entry?.startTime ?? NaN, answered: entry?.responseEnd ?? NaN };
  });

interface Sample {
  firstRow: number;
  rowsRequest: number;
  rowsAnswered: number;
}

async function sampleLoad(page: Page, origin: string): Promise<Sample> {
  await page.goto(`${origin}${LIST}`, { waitUntil: 'commit' });
  const shown = await firstRowShown(page);
  const times = await rowsRequestTimes(page);
  return { firstRow: shown, rowsRequest: times.left, rowsAnswered: times.answered };
}

async function sampleClick(page: Page, origin: string): Promise<Sample> {
  await page.goto(`${origin}/index`);
  await page.locator('.shell-tabs').waitFor();
  const root = page.getByRole('navigation', { name: /^(菜单|Menu)$/ }).getByRole('button', { name: titleOf('Reel'), exact: true });
  if ((await root.getAttribute('aria-expanded')) !== 'true') await root.click();
  const item = page.getByRole('menuitem', { name: titleOf('GridDemoReels'), exact: true });
  await item.waitFor();
  await page.evaluate(() => performance.clearResourceTimings());
  const clicked = await item.evaluate((element) => {
    const at = performance.now();
    (element as HTMLElement).click();
    return at;
  });
  const shown = await firstRowShown(page);
  const times = await rowsRequestTimes(page);
  return { firstRow: shown - clicked, rowsRequest: times.left - clicked, rowsAnswered: times.answered - clicked };
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${ms(sorted[0])} / ${ms(sorted[Math.floor(sorted.length / 2)])} / ${ms(sorted.at(-1)!)}`;
};

export async function benchFirstRow(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'first-row-bench-'));
  const portalDir = join(work, 'dist');
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  delete env.VITE_USE_MOCKS;
  await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', portalDir, '--emptyOutDir', '--logLevel', 'warn'], env);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server = await startServer(port, join(work, 'db'), portalDir);
  const origin = `http://127.0.0.1:${port}`;
  const browser = await launchBrowser();
  const results: Record<string, Sample[]> = {};
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await logIn(page, origin);
    for (const rows of ROW_COUNTS) {
      await usePageSize(page, rows);
      // One of each first, not counted: the server's and the browser's caches warm.
      await sampleLoad(page, origin);
      await sampleClick(page, origin);
      for (let i = 0; i < SAMPLES; i++) {
        (results[`${rows} load`] ??= []).push(await sampleLoad(page, origin));
        (results[`${rows} click`] ??= []).push(await sampleClick(page, origin));
      }
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    rmSync(work, { recursive: true, force: true });
  }
  printTable(
    `First grid row in the real portal (${ROOT}), ${LIST}, ${SAMPLES} samples each, min / median / max (goal: ≤ 500 ms at 1,000 rows, ≤ 600 ms at 10,000)`,
    ['first row shown', 'rows request left', 'rows answer in'],
    Object.entries(results).map(([name, samples]) => [
      name,
      summary(samples.map((s) => s.firstRow)),
      summary(samples.map((s) => s.rowsRequest)),
      summary(samples.map((s) => s.rowsAnswered)),
    ]),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchFirstRow();
}
