/**
 * Issue 15: HTTP throughput with autocannon, a light call and a list call at 10 and 50 connections,
 * on both databases side by side: the embedded database file-backed as in production (a data
 * directory, the database in its worker thread) and PostgreSQL (a scratch database).
 * - light: Auth/GetUserInfoByToken (the session check every call pays, and its answer);
 * - list: ListParam/QueryData of the demo reels grid, page 1 of 20 rows, as the grid asks it.
 * autocannon runs as its own process (its clients must not share the server's event loop), both
 * servers listen at once, and the runs are interleaved over ROUNDS rounds; req/s and latency
 * p50 / p99 per run, medians over the rounds.
 *
 * `npm run bench -- throughput`; BENCH_THROUGHPUT_SECONDS (5), BENCH_THROUGHPUT_ROUNDS (2).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { DEFAULT_SERVER_CONFIG } from '../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/database.ts';
import { startFromTemplate } from '../server/db/initial-data-dir.ts';
import { DEMO_REELS_LIST_ROUTE } from '../server/db/seed/demo-list-data.ts';
import { adminClient } from './admin-client.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { ms, percentile, printTable } from './stats.ts';

const run = promisify(execFile);
const AUTOCANNON = path.resolve(import.meta.dirname, '../node_modules/autocannon/autocannon.js');
const CONNECTIONS = [10, 50];
/** STACK.md's anchor: a light authenticated call with 50 connections on PostgreSQL, on this machine. */
const ANCHOR = 'a light authenticated call, 50 connections, PostgreSQL: ~1,600–1,900 req/s (STACK.md)';

interface Target {
  name: string;
  app: FastifyInstance;
  baseUrl: string;
  headers: Record<string, string>;
  dispose(): Promise<void>;
  memory?: DatabaseHandle['memory'];
}

const mb = (bytes: number | null) => (bytes === null ? '—' : `${(bytes / 1024 / 1024).toFixed(0)} MB`);

const CALLS = {
  light: { label: 'Auth/GetUserInfoByToken (light)', path: '/api/Auth/GetUserInfoByToken', body: {} },
  list: { label: `ListParam/QueryData ${DEMO_REELS_LIST_ROUTE}, 20 rows (list)`, path: '/api/ListParam/QueryData', body: { LIST_ROUTE: DEMO_REELS_LIST_ROUTE, Page: 1, Limit: 20 } },
};

async function target(name: string, database: DatabaseHandle, dispose: () => Promise<void>): Promise<Target> {
  const app = await buildApp({ db: database.db, config: { ...DEFAULT_SERVER_CONFIG, captchaEnabled: false } });
  const { login, org } = await adminClient(app, { overHttp: true });
  const token = (await login()).Token;
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    name,
    app,
    baseUrl,
    headers: { authorization: `Bearer ${token}`, organizeid: org, 'content-type': 'application/json' },
    memory: database.memory,
    dispose: async () => {
      await app.close();
      await database.close();
      await dispose();
    },
  };
}

/** One autocannon run: req/s, latency p50 and p99, and the answers that were not 2xx. */
async function cannon(t: Target, call: (typeof CALLS)[keyof typeof CALLS], connections: number, seconds: number) {
  const args = [AUTOCANNON, '--json', '-c', String(connections), '-d', String(seconds), '-m', 'POST', '-b', JSON.stringify(call.body)];
  for (const [key, value] of Object.entries(t.headers)) args.push('-H', `${key}=${value}`);
  args.push(`${t.baseUrl}${call.path}`);
  const { stdout } = await run(process.execPath, args, { maxBuffer: 20_000_000 });
  const result = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
  if (result.non2xx || result.errors) throw new Error(`${t.name} ${call.label}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export async function benchThroughput(databaseUrl: string | undefined) {
  const seconds = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_THROUGHPUT_ROUNDS ?? 2);
  const targets: Target[] = [];
  try {
    // As `npm start` makes a fresh data directory: a copy of the prepared initial one (demo data included).
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'portal-bench-throughput-')), 'data');
    await startFromTemplate(dataDir, { demoData: true });
    targets.push(await target('PGlite (file)', await openDatabase({ dataDir }), () => rm(path.dirname(dataDir), { recursive: true, force: true })));
    if (databaseUrl) {
      const scratch = await createScratchDatabase(databaseUrl);
      targets.push(await target('PostgreSQL', await openDatabase({ databaseUrl: scratch.url }), () => scratch.drop()));
    }
    const runs = new Map<string, { rps: number[]; p50: number[]; p99: number[] }>();
    const keyOf = (t: Target, call: string, connections: number) => `${call}|${connections}|${t.name}`;
    for (let round = 0; round < rounds; round++) {
      for (const [callName, call] of Object.entries(CALLS)) {
        for (const connections of CONNECTIONS) {
          for (const t of targets) {
            const result = await cannon(t, call, connections, seconds);
            const key = keyOf(t, callName, connections);
            const entry = runs.get(key) ?? { rps: [], p50: [], p99: [] };
            entry.rps.push(result.rps);
            entry.p50.push(result.p50);
            entry.p99.push(result.p99);
            runs.set(key, entry);
          }
        }
      }
    }
    const rows: [string, ...string[]][] = [];
    for (const [callName, call] of Object.entries(CALLS)) {
      for (const connections of CONNECTIONS) {
        rows.push([
          `${call.label}, ${connections} connections`,
          ...targets.flatMap((t) => {
            const entry = runs.get(keyOf(t, callName, connections))!;
            return [`${percentile(entry.rps, 0.5).toFixed(0)} (${entry.rps.map((r) => r.toFixed(0)).join(' / ')})`, `${ms(percentile(entry.p50, 0.5))} / ${ms(percentile(entry.p99, 0.5))}`];
          }),
        ]);
      }
    }
    printTable(
      `HTTP throughput (autocannon, ${seconds} s runs, ${rounds} interleaved rounds): req/s median (each round), latency p50 / p99`,
      targets.flatMap((t) => [`${t.name} req/s`, `${t.name} p50 / p99`]),
      rows,
    );
    for (const t of targets) {
      const memory = await t.memory?.();
      if (memory) console.log(`${t.name}: after the runs, the embedded database's WebAssembly memory is ${mb(memory.wasmBytes)} and its thread's JS heap ${mb(memory.heapBytes)}; the server process's RSS ${mb(process.memoryUsage().rss)} (both servers).`);
    }
    console.log(`Anchor: ${ANCHOR}. PGlite has one session: its calls queue for it (the pool of 1), so connections past a few add only waiting.`);
  } finally {
    for (const t of targets) await t.dispose();
  }
}
