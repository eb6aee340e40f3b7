/**
 * The DataGrid against antd's own `virtual` Table and a plain antd Table (no virtual rows) on the same 20-column data, at 1,000
 * and 10,000 rows on one page, in headless Chromium: time until rows are visible, and frame times
 * while the body scrolls. The page (bench/grid-page) is built with Vite's API into a temp dir and
 * served from memory. A plain table that has shown no row within PLAIN_TABLE_CAP_MS is reported
 * as timed out (STACK.md: 25–30 s at 10,000 rows). `node --import tsx bench/grid.ts` runs it alone.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { ms, printTable } from './stats.ts';

const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const ROW_COUNTS = [1_000, 10_000];
/** How long the DataGrid may take to show rows before the bench gives up on it. */
const DATA_GRID_CAP_MS = 60_000;
/** How long the plain table may take to show rows before it is reported as timed out. */
const PLAIN_TABLE_CAP_MS = 20_000;
const SCROLL_FRAMES = 120;
const SCROLL_STEP_PX = 120;

type Mode = 'datagrid' | 'virtual' | 'plain';

interface Measurement {
  rowsVisibleMs?: number;
  frames?: { mean: number; p95: number; max: number; over50: number };
  /** Renderer main-thread time per scrolled frame (CDP Performance.getMetrics TaskDuration): less noisy than frame times. */
  busyPerFrameMs?: number;
  timedOut?: number;
}

const pageDir = resolve(fileURLToPath(new URL('.', import.meta.url)), 'grid-page');

async function buildPage(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'grid-bench-'));
  await build({
    configFile: false,
    root: pageDir,
    base: './',
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
  });
  return outDir;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Serves the built page (module scripts do not load from file://). */
async function serve(dir: string): Promise<{ server: Server; origin: string }> {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://bench').pathname;
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir)) return void response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, origin: `http://127.0.0.1:${port}` };
}

const launch = () => chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });

function frameStats(durations: number[]) {
  const sorted = [...durations].sort((a, b) => a - b);
  const mean = durations.reduce((sum, d) => sum + d, 0) / durations.length;
  return { mean, p95: sorted[Math.floor(0.95 * (sorted.length - 1))], max: sorted.at(-1)!, over50: durations.filter((d) => d > 50).length };
}

async function measure(browser: Browser, origin: string, mode: Mode, rows: number): Promise<Measurement> {
  const cap = mode === 'plain' ? PLAIN_TABLE_CAP_MS : DATA_GRID_CAP_MS;
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/index.html?mode=${mode}&rows=${rows}`, { waitUntil: 'load' });
    try {
      await page.waitForFunction(() => window.__rowsVisibleMs !== undefined, undefined, { timeout: cap, polling: 100 });
    } catch {
      return { timedOut: cap };
    }
    const rowsVisibleMs = await page.evaluate(() => window.__rowsVisibleMs!);
    // Let the first paint settle (loading overlays, footer) before scrolling.
    await page.waitForTimeout(300);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const taskSeconds = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
    const busyBefore = await taskSeconds();
    const durations = await page.evaluate(
      ([frames, step]) => window.__scrollFrames!(frames, step),
      [SCROLL_FRAMES, SCROLL_STEP_PX] as const,
    );
    const busyPerFrameMs = ((await taskSeconds()) - busyBefore) * 1000 / SCROLL_FRAMES;
    return { rowsVisibleMs, frames: frameStats(durations), busyPerFrameMs };
  } finally {
    // A page stuck in a long render does not close politely; the caller replaces the browser then.
    await Promise.race([context.close(), new Promise((done) => setTimeout(done, 5_000))]);
  }
}

const framesText = (m: Measurement) =>
  m.frames
    ? `${ms(m.frames.mean)} / ${ms(m.frames.p95)} / ${ms(m.frames.max)} (${m.frames.over50} > 50 ms), busy ${ms(m.busyPerFrameMs)}`
    : '—';
const visibleText = (m: Measurement) => (m.timedOut ? `timed out (> ${m.timedOut / 1000} s)` : ms(m.rowsVisibleMs));

export interface GridBenchResult {
  rows: number;
  dataGrid: Measurement;
  virtualTable: Measurement;
  plainTable: Measurement;
}

/** Builds the bench page, measures both tables at 1,000 and 10,000 rows, prints and returns the numbers. */
export async function benchGrid(): Promise<GridBenchResult[]> {
  const dir = await buildPage();
  const { server, origin } = await serve(dir);
  let browser = await launch();
  const results: GridBenchResult[] = [];
  try {
    for (const rows of ROW_COUNTS) {
      const dataGrid = await measure(browser, origin, 'datagrid', rows);
      const virtualTable = await measure(browser, origin, 'virtual', rows);
      const plainTable = await measure(browser, origin, 'plain', rows);
      if (plainTable.timedOut || dataGrid.timedOut) {
        // The timed-out page may still hold the renderer's main thread: start clean.
        await browser.close().catch(() => {});
        browser = await launch();
      }
      results.push({ rows, dataGrid, virtualTable, plainTable });
    }
  } finally {
    await browser.close().catch(() => {});
    server.close();
    await rm(dir, { recursive: true, force: true });
  }
  printTable(
    `Grid: ${ROW_COUNTS.map((n) => n.toLocaleString('en')).join(' and ')} rows × 20 columns on one page, headless Chromium (scroll frames: mean / p95 / max over ${SCROLL_FRAMES} frames of ${SCROLL_STEP_PX} px; busy: main-thread time per frame)`,
    [
      'DataGrid rows visible',
      'DataGrid scroll frames',
      'antd virtual Table rows visible',
      'antd virtual Table scroll frames',
      'plain Table rows visible',
      'plain Table scroll frames',
    ],
    results.map((r) => [
      `${r.rows.toLocaleString('en')} rows`,
      visibleText(r.dataGrid),
      framesText(r.dataGrid),
      visibleText(r.virtualTable),
      framesText(r.virtualTable),
      visibleText(r.plainTable),
      framesText(r.plainTable),
    ]),
  );
  return results;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchGrid();
}
