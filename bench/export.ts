/**
 * `npm run bench -- export`: the master-data export (Part/ExportData, the grid's search streamed into
 * an xlsx) of 10,000 and 100,000 rows, timed over HTTP against the real server process (server/main.ts),
 * with that process's resident memory sampled while it runs: peak RSS, and how far it rose above the
 * RSS before the export. On PostgreSQL (a scratch database) and on the embedded database file-backed
 * in a temporary data directory, as in production. Each figure next to its goal (issue 15: 100k rows
 * ≤ 5 s; memory flat, i.e. 100k rows need no more than 10k rows do).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { DEFAULT_SERVER_CONFIG } from '../server/config.ts';
import { openDatabase, type DB } from '../server/db/database.ts';
import { DEFAULT_ORGANIZATION } from '../server/db/seed/system-data.ts';
import { SpawnedServer } from '../tests/server/support/spawned-server.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { ms, printTable } from './stats.ts';

const ORG = DEFAULT_ORGANIZATION.Id;
const SIZES = [10_000, 100_000];
const RUNS = 3;
const GOAL_100K_MS = 5_000;
/** RSS is sampled this often while an export runs. */
const SAMPLE_MS = 20;

/** 100,000 parts: the first 10,000 with codes starting 'A-' (the 10k export searches for them), the rest 'B-'. */
async function insertParts(db: DB) {
  await sql`
    insert into md_part (id, org_id, code, name, spec, unit, shelf_life_days, min_pack_qty)
    select 'bench-' || i, ${ORG}, case when i < 10000 then 'A-' else 'B-' end || lpad(i::text, 6, '0'),
           '电容 ' || (i % 97), 'SPEC-' || (i % 13), 'PCS', i % 365, (i % 50) + 1
    from generate_series(0, ${SIZES[1] - 1}) as i`.execute(db);
  await sql`analyze md_part`.execute(db);
}

/** The process's resident set in bytes (/proc, Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** Downloads the export, reading as fast as it comes; resolves with the bytes received. */
function download(server: SpawnedServer, token: string, body: object): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.baseUrl}/api/Part/ExportData`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, organizeid: ORG, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

interface ExportFigures {
  timesMs: number[];
  bytes: number;
  /** RSS just before the first run and the highest seen during any run. */
  baseRss: number;
  peakRss: number;
}

async function measureExports(server: SpawnedServer): Promise<Record<number, ExportFigures>> {
  const token = await server.login('ADMIN', DEFAULT_SERVER_CONFIG.adminPassword, ORG);
  const searchOf = (size: number) => (size === SIZES[1] ? {} : { conditions: [{ FIELD_NAME: 'code', PARAM_NAME: 'code', ACTION_TYPE: 10, DATA_TYPE: 1, PARAM_VALUE: 'A-' }] });
  // One small export first, so lazy loading (exceljs, the route's code) is not counted in the first size.
  await download(server, token, { conditions: [{ FIELD_NAME: 'code', PARAM_NAME: 'code', ACTION_TYPE: 1, DATA_TYPE: 1, PARAM_VALUE: 'A-000001' }] });
  const results: Record<number, ExportFigures> = {};
  for (const size of SIZES) {
    const baseRss = await rssOf(server.pid);
    let peakRss = baseRss;
    const sampler = setInterval(() => {
      rssOf(server.pid).then((rss) => (peakRss = Math.max(peakRss, rss)), () => {});
    }, SAMPLE_MS);
    const timesMs: number[] = [];
    let bytes = 0;
    try {
      for (let run = 0; run < RUNS; run++) {
        const start = performance.now();
        bytes = await download(server, token, searchOf(size));
        timesMs.push(performance.now() - start);
      }
    } finally {
      clearInterval(sampler);
    }
    results[size] = { timesMs, bytes, baseRss, peakRss };
  }
  return results;
}

async function onPostgres(databaseUrl: string) {
  const scratch = await createScratchDatabase(databaseUrl);
  try {
    // The server makes the schema; the rows go in beside it.
    const server = await SpawnedServer.start({ databaseUrl: scratch.url });
    try {
      const database = await openDatabase({ databaseUrl: scratch.url });
      try {
        await insertParts(database.db);
      } finally {
        await database.close();
      }
      return await measureExports(server);
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}

async function onEmbeddedFile() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-export-'));
  try {
    // One process owns the data directory at a time: made by the server, filled here, then served.
    await (await SpawnedServer.start({ dataDir })).stop();
    const database = await openDatabase({ dataDir });
    try {
      await insertParts(database.db);
    } finally {
      await database.close();
    }
    const server = await SpawnedServer.start({ dataDir });
    try {
      return await measureExports(server);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const spread = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${ms(sorted[0])} / ${ms(sorted[Math.floor(sorted.length / 2)])} / ${ms(sorted[sorted.length - 1])}`;
};

export async function benchExport(databaseUrl: string | undefined) {
  const results: Record<string, Record<number, ExportFigures>> = {};
  if (databaseUrl) results.PostgreSQL = await onPostgres(databaseUrl);
  results['PGlite (file)'] = await onEmbeddedFile();
  const variants = Object.keys(results);
  const rows: [string, ...string[]][] = [];
  for (const size of SIZES) {
    const goal = size === SIZES[1] ? ` (goal ≤ ${GOAL_100K_MS / 1000} s)` : '';
    rows.push([`${size.toLocaleString('en')} rows: time min / median / max${goal}`, ...variants.map((v) => spread(results[v][size].timesMs))]);
    rows.push([`${size.toLocaleString('en')} rows: rows per second (median)`, ...variants.map((v) => {
      const sorted = [...results[v][size].timesMs].sort((a, b) => a - b);
      return `${Math.round(size / (sorted[Math.floor(sorted.length / 2)] / 1000)).toLocaleString('en')}`;
    })]);
    rows.push([`${size.toLocaleString('en')} rows: server RSS before → peak`, ...variants.map((v) => `${mb(results[v][size].baseRss)} → ${mb(results[v][size].peakRss)}`)]);
    rows.push([`${size.toLocaleString('en')} rows: xlsx size`, ...variants.map((v) => `${(results[v][size].bytes / 1024 / 1024).toFixed(1)} MB`)]);
  }
  rows.push([
    'RSS rise over before, 10k vs 100k (goal: flat)',
    ...variants.map((v) => {
      const rise = (size: number) => results[v][size].peakRss - results[v][size].baseRss;
      return `+${mb(rise(SIZES[0]))} vs +${mb(rise(SIZES[1]))}`;
    }),
  ]);
  rows.push([
    `100k within goal (≤ ${GOAL_100K_MS / 1000} s, median)`,
    ...variants.map((v) => {
      const sorted = [...results[v][SIZES[1]].timesMs].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)];
      return median <= GOAL_100K_MS ? 'yes' : `no (+${ms(median - GOAL_100K_MS)})`;
    }),
  ]);
  printTable(`Export (Part/ExportData over HTTP, real server process), ${RUNS} runs each`, variants, rows);
}
