/**
 * The DataGrid against antd's own `virtual` Table and a plain antd Table (no virtual rows) on the same 20-column data, at 1,000
 * and 10,000 rows on one page, in headless Chromium: time until rows are visible, and frame times
 * while the body scrolls. The page (bench/grid-page) is built with Vite's API into a temp dir and
 * served from memory. SAMPLES samples (BENCH_GRID_SAMPLES, default 5) of each table, interleaved (DataGrid,
 * virtual, plain, DataGrid, ...), each in a new browser context (cold) and once more after a reload of
 * that page (warm); min / median / max, the JS heap once the rows show, and the ratios printed (DataGrid
 * ÷ virtual Table: goal ≤ 1.2×; plain Table ÷ DataGrid at 10,000 rows: goal ≥ 40×). The plain table
 * may take up to PLAIN_TABLE_CAP_MS to show its rows (STACK.md: 25–30 s at 10,000 rows), so its
 * speed-up is a number, not a cap. Scroll frames are measured on each table's first sample.
 * `node --import tsx bench/grid.ts` runs it alone.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { ms, printTable } from './stats.ts';

const ROW_COUNTS = [1_000, 10_000];
/** How long the DataGrid may take to show rows before the bench gives up on it. */
const DATA_GRID_CAP_MS = 60_000;
/** How long the plain table may take to show rows before it is reported as timed out. */
const PLAIN_TABLE_CAP_MS = 60_000;
const SAMPLES = Number(process.env.BENCH_GRID_SAMPLES ?? 5);
const GOAL_VS_VIRTUAL = 1.2;
const GOAL_VS_PLAIN = 40;
const SCROLL_FRAMES = 120;
const SCROLL_STEP_PX = 120;

type Mode = 'datagrid' | 'virtual' | 'plain';

interface Measurement {
  rowsVisibleMs?: number;
  frames?: { mean: number; p95: number; max: number; over50: number };
  /** Renderer main-thread time per scrolled frame (CDP Performance.getMetrics TaskDuration): less noisy than frame times. */
  busyPerFrameMs?: number;
  /** Used JS heap once the rows show (CDP Runtime.getHeapUsage). */
  heapMb?: number;
  /** The same page reloaded in its context (scripts in the browser's caches). */
  warmRowsVisibleMs?: number;
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

function frameStats(durations: number[]) {
  const sorted = [...durations].sort((a, b) => a - b);
  const mean = durations.reduce((sum, d) => sum + d, 0) / durations.length;
  return { mean, p95: sorted[Math.floor(0.95 * (sorted.length - 1))], max: sorted.at(-1)!, over50: durations.filter((d) => d > 50).length };
}

async function measure(browser: Browser, origin: string, mode: Mode, rows: number, scroll: boolean): Promise<Measurement> {
  const cap = mode === 'plain' ? PLAIN_TABLE_CAP_MS : DATA_GRID_CAP_MS;
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  const rowsVisible = async () => {
    await page.waitForFunction(() => window.__rowsVisibleMs !== undefined, undefined, { timeout: cap, polling: 100 });
    return page.evaluate(() => window.__rowsVisibleMs!);
  };
  try {
    await page.goto(`${origin}/index.html?mode=${mode}&rows=${rows}`, { waitUntil: 'load' });
    let rowsVisibleMs: number;
    try {
      rowsVisibleMs = await rowsVisible();
    } catch {
      return { timedOut: cap };
    }
    const cdp = await context.newCDPSession(page);
    const heapMb = (await cdp.send('Runtime.getHeapUsage')).usedSize / 1024 / 1024;
    let result: Measurement = { rowsVisibleMs, heapMb };
    if (scroll) {
      // Let the first paint settle (loading overlays, footer) before scrolling.
      await page.waitForTimeout(300);
      await cdp.send('Performance.enable');
      const taskSeconds = async () =>
        (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
      const busyBefore = await taskSeconds();
      const durations = await page.evaluate(
        ([frames, step]) => window.__scrollFrames!(frames, step),
        [SCROLL_FRAMES, SCROLL_STEP_PX] as const,
      );
      result = { ...result, frames: frameStats(durations), busyPerFrameMs: ((await taskSeconds()) - busyBefore) * 1000 / SCROLL_FRAMES };
    }
    if (mode !== 'plain') {
      await page.reload({ waitUntil: 'load' });
      result.warmRowsVisibleMs = await rowsVisible().catch(() => undefined);
    }
    return result;
  } finally {
    // A page stuck in a long render does not close politely; the caller replaces the browser then.
    await Promise.race([context.close(), new Promise((done) => setTimeout(done, 5_000))]);
  }
}

const framesText = (m: Measurement) =>
  m.frames
    ? `${ms(m.frames.mean)} / ${ms(m.frames.p95)} / ${ms(m.frames.max)} (${m.frames.over50} > 50 ms), busy ${ms(m.busyPerFrameMs)}`
    : '—';
/** The samples that finished, in order. */
const finished = (values: readonly (number | undefined)[]) => values.filter((v): v is number => v !== undefined).sort((a, b) => a - b);
const median = (values: readonly (number | undefined)[]) => {
  const done = finished(values);
  return done.length ? done[Math.floor((done.length - 1) / 2)] : undefined;
};
/** min / median / max of the samples that finished, and how many timed out. */
function spread(values: readonly (number | undefined)[], timedOut = 0): string {
  const done = finished(values);
  if (!done.length) return timedOut ? `all ${timedOut} timed out (> ${PLAIN_TABLE_CAP_MS / 1000} s)` : '—';
  const text = `${ms(done[0])} / ${ms(median(done))} / ${ms(done.at(-1))}`;
  return timedOut ? `${text} (${timedOut} timed out)` : text;
}
const ratioText = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined ? `${(a / b).toFixed(2)}×` : '—');

export interface GridBenchResult {
  rows: number;
  dataGrid: Measurement[];
  virtualTable: Measurement[];
  plainTable: Measurement[];
}

/** Builds the bench page, measures the three tables at 1,000 and 10,000 rows, interleaved, prints and returns the numbers. */
export async function benchGrid(): Promise<GridBenchResult[]> {
  const dir = await buildPage();
  const { server, origin } = await serve(dir);
  let browser = await launchBrowser();
  const results: GridBenchResult[] = [];
  try {
    for (const rows of ROW_COUNTS) {
      const result: GridBenchResult = { rows, dataGrid: [], virtualTable: [], plainTable: [] };
      for (let sample = 0; sample < SAMPLES; sample++) {
        const first = sample === 0;
        result.dataGrid.push(await measure(browser, origin, 'datagrid', rows, first));
        result.virtualTable.push(await measure(browser, origin, 'virtual', rows, first));
        const plain = await measure(browser, origin, 'plain', rows, first);
        result.plainTable.push(plain);
        if (plain.timedOut) {
          // The timed-out page may still hold the renderer's main thread: start clean.
          await browser.close().catch(() => {});
          browser = await launchBrowser();
        }
      }
      results.push(result);
    }
  } finally {
    await browser.close().catch(() => {});
    server.close();
    await rm(dir, { recursive: true, force: true });
  }
  const cold = (samples: Measurement[]) => samples.map((m) => m.rowsVisibleMs);
  const warm = (samples: Measurement[]) => samples.map((m) => m.warmRowsVisibleMs);
  const heap = (samples: Measurement[]) => {
    const mb = median(samples.map((m) => m.heapMb));
    return mb === undefined ? '—' : `${mb.toFixed(1)} MB`;
  };
  const timeouts = (samples: Measurement[]) => samples.filter((m) => m.timedOut).length;
  printTable(
    `Grid: rows × 20 columns on one page, headless Chromium, ${SAMPLES} interleaved samples each: rows visible from render start, min / median / max (cold: a new browser context; warm: that page reloaded); JS heap once the rows show (median)`,
    ['DataGrid cold', 'DataGrid warm', 'DataGrid heap', 'antd virtual cold', 'antd virtual warm', 'virtual heap', `plain Table (cap ${PLAIN_TABLE_CAP_MS / 1000} s)`, 'plain heap'],
    results.map((r) => [
      `${r.rows.toLocaleString('en')} rows`,
      spread(cold(r.dataGrid), timeouts(r.dataGrid)),
      spread(warm(r.dataGrid)),
      heap(r.dataGrid),
      spread(cold(r.virtualTable), timeouts(r.virtualTable)),
      spread(warm(r.virtualTable)),
      heap(r.virtualTable),
      spread(cold(r.plainTable), timeouts(r.plainTable)),
      heap(r.plainTable),
    ]),
  );
  printTable(
    'Grid ratios (medians, cold / warm)',
    [`DataGrid ÷ antd virtual (goal ≤ ${GOAL_VS_VIRTUAL}×)`, `plain Table ÷ DataGrid (goal ≥ ${GOAL_VS_PLAIN}× at 10,000 rows)`],
    results.map((r) => [
      `${r.rows.toLocaleString('en')} rows`,
      `${ratioText(median(cold(r.dataGrid)), median(cold(r.virtualTable)))} / ${ratioText(median(warm(r.dataGrid)), median(warm(r.virtualTable)))}`,
      timeouts(r.plainTable)
        ? `> ${ratioText(PLAIN_TABLE_CAP_MS, median(cold(r.dataGrid)))} (plain timed out ${timeouts(r.plainTable)}×)`
        : ratioText(median(cold(r.plainTable)), median(cold(r.dataGrid))),
    ]),
  );
  printTable(
    `Grid scroll frames (first sample): mean / p95 / max over ${SCROLL_FRAMES} frames of ${SCROLL_STEP_PX} px; busy: main-thread time per frame`,
    ['DataGrid', 'antd virtual Table', 'plain Table'],
    results.map((r) => [`${r.rows.toLocaleString('en')} rows`, framesText(r.dataGrid[0]), framesText(r.virtualTable[0]), framesText(r.plainTable[0])]),
  );
  return results;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchGrid();
}
