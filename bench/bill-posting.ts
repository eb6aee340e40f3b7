/**
 * Issue 14: bill posting throughput on PostgreSQL — receipt and pick calls per second over HTTP with
 * CLIENTS (default 8) concurrent clients, next to `pgbench` TPS (built-in tpcb-like, the same client
 * count, the same database server, in its own scratch database) as a ratio; goal ≥ 0.5.
 *
 * Measured side by side, interleaved in ROUNDS rounds (pgbench, then each workload, SECONDS each):
 * - Bill/ConfirmReceipt and Bill/Pick over HTTP (the product's calls, when the build has them);
 * - the same calls' writes alone as pgbench scripts on the same bills and reels (posting-floor.ts):
 *   the database floor of a call over this schema, with no server in between; a pick's writes as one
 *   database function call, by pgbench and over HTTP behind the product's access check (the ceiling
 *   of a design in which each bill action is one round trip);
 * - the ledger alone (applyStockMoves receive / issue), through a bench-only HTTP route on the same app
 *   (no access check, no bill) and in-process with no HTTP at all, and a bench-only call that does
 *   nothing (the HTTP floor of this machine), so the gaps say where time goes.
 * The HTTP clients run in a worker thread (http-load.ts); every client has its own part and lot, so
 * the clients do not queue on one balance row (pgbench's scale is ≥ the client count for the same reason).
 * A short warm-up round sizes each window's supply of reels. A profile pass (one client, sequential)
 * then counts the statements per call and the time spent waiting for the database.
 *
 * `npm run bench -- posting`; BENCH_POSTING_CLIENTS (8), BENCH_POSTING_SECONDS (10), BENCH_POSTING_ROUNDS (3);
 * BENCH_POSTING_ONLY=regexp keeps the workloads whose label it matches (pgbench always runs), e.g. 'Pick|no-op'.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../server/app.ts';
import { DEFAULT_SERVER_CONFIG } from '../server/config.ts';
import { openDatabase, type DB } from '../server/db/database.ts';
import { applyStockMoves, type StockCaller, type StockMove } from '../server/modules/stock/ledger.ts';
import { registerReels } from '../server/modules/stock/reels.ts';
import { adminClient, type BenchCall } from './admin-client.ts';
import { runHttpLoad, type HttpJob, type HttpLoadResult } from './http-load.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { StatementCounter } from './statement-counter.ts';
import { ms, percentile, printTable } from './stats.ts';
import { billWorkloads } from './bill-workloads.ts';
import { floorWorkloads, registerCeilingRoute, runFloor, type FloorWindow } from './posting-floor.ts';
import { pgbenchTarget, pgbenchTps, pgbenchWindow } from './pgbench.ts';

const run = promisify(execFile);
const GOAL_RATIO = 0.5;
const ORG = 'org-f01';
const PLACE = { sic: 'RAW01', loc: 'RAW01-01' };
const REEL_QTY = '1000';
const WARMUP_SECONDS = 2;
const PROFILE_CALLS = 100;

/** What one window of a workload needs: its calls per client, made before the window opens. */
export interface Workload {
  label: string;
  kind: 'receipt' | 'pick';
  /** HTTP workloads: the calls per client. In-process: the thunks per client. */
  prepare(perClient: number, round: string): Promise<{ http: HttpJob[][] } | { inProcess: (() => Promise<unknown>)[][] } | { pgbench: FloorWindow }>;
  /** A floor or ceiling of a call (posting-floor.ts), not the call: no goal. */
  floor?: true;
}

export interface PostingContext {
  db: DB;
  app: FastifyInstance;
  call: BenchCall;
  token: string;
  org: string;
  clients: number;
  /** One part per client (demo master data), so clients never share a balance row. */
  parts: string[];
  place: { sic: string; loc: string };
  /** Who the ledger-only workloads and the stock supply post as. */
  caller: StockCaller;
}

export async function benchBillPosting(databaseUrl: string | undefined) {
  if (!databaseUrl) {
    console.log('\n(bill posting throughput: PostgreSQL only; skipped)');
    return;
  }
  const clients = Number(process.env.BENCH_POSTING_CLIENTS ?? 8);
  const seconds = Number(process.env.BENCH_POSTING_SECONDS ?? 10);
  const rounds = Number(process.env.BENCH_POSTING_ROUNDS ?? 3);

  const pgbenchDb = await createScratchDatabase(databaseUrl);
  const scratch = await createScratchDatabase(databaseUrl);
  const database = await openDatabase({ databaseUrl: scratch.url });
  const counter = new StatementCounter();
  const db = database.db.withPlugin(counter);
  const app = await buildApp({ db, config: { ...DEFAULT_SERVER_CONFIG, captchaEnabled: false } });
  try {
    const pgbench = await pgbenchRunner(pgbenchDb.url, clients);
    const caller: StockCaller = { orgId: ORG, userId: 'user-bench', userName: 'bench' };
    registerLedgerRoutes(app, db, caller);
    await registerCeilingRoute(app, db);
    const { call, login, org } = await adminClient(app, { overHttp: true });
    if (org !== ORG) throw new Error(`ADMIN logs into ${org}, the bench posts in ${ORG}`);
    const token = (await login()).Token;
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // Master-data tables are declared by server/crud, not in the typed schema.
    const parts = (await sql<{ code: string }>`select code from md_part where org_id = ${ORG} order by code limit ${clients}`.execute(db)).rows.map((r) => r.code);
    const ctx: PostingContext = { db, app, call, token, org: ORG, clients, parts, place: PLACE, caller };

    const ledger = ledgerWorkloads(ctx);
    const bills = await billWorkloads(ctx);
    if (!bills.length) console.log('\n(Bill/ConfirmReceipt and Bill/Pick are not in this build yet: the ledger alone is measured)');
    const only = process.env.BENCH_POSTING_ONLY ? new RegExp(process.env.BENCH_POSTING_ONLY) : undefined;
    const workloads = [...bills, ...floorWorkloads(ctx, bills), ...ledger].filter((w) => !only || only.test(w.label));
    const headers = { authorization: `Bearer ${token}`, organizeid: ORG };

    /** Reels per client for a window: three times what this result's rate would use. */
    const supplyFor = (result: HttpLoadResult) => Math.ceil(((result.done / (result.elapsedMs / 1000)) * seconds * 3) / clients) + 50;
    const windowOf = async (workload: Workload, perClient: number, round: string, windowSeconds: number): Promise<HttpLoadResult> => {
      const prepared = await workload.prepare(perClient, round);
      if ('http' in prepared) return runHttpLoad({ baseUrl, headers, clients: prepared.http, seconds: windowSeconds });
      if ('pgbench' in prepared) return runFloor(scratch.url, ORG, clients, prepared.pgbench, windowSeconds);
      return runInProcess(prepared.inProcess, windowSeconds);
    };

    // Warm-up: plans, JIT, connections; and each workload's rate, to size its windows' supply of reels.
    const supply = new Map<Workload, number>();
    for (const workload of workloads) {
      const warm = await windowOf(workload, 100, `w${randomBytes(2).toString('hex')}`, WARMUP_SECONDS);
      failOn(workload, warm);
      supply.set(workload, supplyFor(warm));
    }

    const tps: number[] = [];
    const rates = new Map<Workload, number[]>(workloads.map((w) => [w, []]));
    const latencies = new Map<Workload, number[]>(workloads.map((w) => [w, []]));
    const ranOut = new Set<Workload>();
    for (let r = 0; r < rounds; r++) {
      tps.push(await pgbench(seconds));
      for (const workload of workloads) {
        const result = await windowOf(workload, supply.get(workload)!, `r${r}${randomBytes(2).toString('hex')}`, seconds);
        failOn(workload, result);
        if (result.ranOut) ranOut.add(workload);
        rates.get(workload)!.push(result.done / (result.elapsedMs / 1000));
        // The machine's speed drifts: the next window gets enough for this one's rate too.
        supply.set(workload, Math.max(supply.get(workload)!, supplyFor(result)));
        // A loop, not push(...): a fast window's hundreds of thousands of latencies overflow the call stack as arguments.
        const seen = latencies.get(workload)!;
        for (const latency of result.latencies) seen.push(latency);
      }
    }

    // Profile: one client, sequential, statements counted.
    const profile = new Map<Workload, { statements: number; dbMs: number; callMs: number }>();
    for (const workload of workloads) {
      const prepared = await workload.prepare(PROFILE_CALLS, `p${randomBytes(2).toString('hex')}`);
      // pgbench's floors are not the server's calls: nothing to count.
      if ('pgbench' in prepared) continue;
      counter.reset();
      counter.on = true;
      const start = performance.now();
      const result =
        'http' in prepared
          ? await runHttpLoad({ baseUrl, headers, clients: [prepared.http[0]], seconds: 60 })
          : await runInProcess([prepared.inProcess[0]], 60);
      const elapsed = performance.now() - start;
      counter.on = false;
      failOn(workload, result);
      profile.set(workload, { statements: counter.statements / result.done, dbMs: counter.dbMs / result.done, callMs: elapsed / result.done });
    }

    const median = (values: number[]) => percentile(values, 0.5);
    const pgbenchMedian = median(tps);
    const rows: [string, ...string[]][] = [
      [
        `pgbench tpcb-like, ${clients} clients (anchor)`,
        tps.map((t) => t.toFixed(0)).join(' / '),
        pgbenchMedian.toFixed(0),
        '1.00',
        '',
        '',
        '',
      ],
    ];
    for (const workload of workloads) {
      const values = rates.get(workload)!;
      // Each round's rate against the same round's pgbench run.
      const ratio = median(values.map((v, i) => v / tps[i]));
      const p = profile.get(workload);
      rows.push([
        `${workload.label}${ranOut.has(workload) ? ' (its prepared calls ran out: a lower bound)' : ''}`,
        values.map((v) => v.toFixed(0)).join(' / '),
        median(values).toFixed(0),
        ratio.toFixed(2),
        `${workload.label.startsWith('Bill/') && !workload.floor ? (ratio >= GOAL_RATIO ? 'yes' : 'NO') : '—'}`,
        `${ms(percentile(latencies.get(workload)!, 0.5))} / ${ms(percentile(latencies.get(workload)!, 0.95))}`,
        p ? `${p.statements.toFixed(1)} stmts, db ${ms(p.dbMs)} of ${ms(p.callMs)}` : '—',
      ]);
    }
    printTable(
      `Bill posting throughput, PostgreSQL, ${clients} concurrent clients, ${rounds} interleaved rounds of ${seconds} s; calls (transactions) per second; goal: Bill calls ≥ ${GOAL_RATIO} × pgbench`,
      ['per round', 'median', '× pgbench', `≥ ${GOAL_RATIO}`, 'latency p50 / p95', 'one client, sequential: per call'],
      rows,
    );
    console.log(
      'Anchors (STACK.md): autocannon, 50 connections, a light authenticated call ~1,600–1,900 req/s on PostgreSQL. ' +
        'The statements count excludes BEGIN/COMMIT; "db" is the time from a statement\'s compilation to its result.',
    );
  } finally {
    await app.close();
    await database.close();
    await scratch.drop();
    await pgbenchDb.drop();
  }
}

function failOn(workload: Workload, result: HttpLoadResult) {
  if (result.failed) throw new Error(`${workload.label}: ${result.failed} calls failed, e.g. ${result.failures.join('\n')}`);
  if (!result.done) throw new Error(`${workload.label}: no call completed`);
}

/** The in-process counterpart of runHttpLoad: the same clients-each-in-turn loop, with no HTTP. */
async function runInProcess(clients: (() => Promise<unknown>)[][], seconds: number): Promise<HttpLoadResult> {
  const result: HttpLoadResult = { done: 0, failed: 0, failures: [], ranOut: 0, elapsedMs: 0, latencies: [] };
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    clients.map(async (jobs) => {
      for (const job of jobs) {
        if (performance.now() >= end) return;
        const sent = performance.now();
        try {
          await job();
        } catch (error) {
          result.failed++;
          if (result.failures.length < 3) result.failures.push(String(error));
          continue;
        }
        const answered = performance.now();
        if (answered > end) return;
        result.done++;
        result.latencies.push(answered - sent);
      }
      result.ranOut++;
    }),
  );
  result.elapsedMs = Math.min(performance.now(), end) - start;
  return result;
}

/** `pgbench -i` once (scale ≥ clients), then a function running it for N seconds and answering its TPS. */
async function pgbenchRunner(url: string, clients: number) {
  const { connection, dbName } = pgbenchTarget(url);
  const scale = Math.max(10, clients);
  await run('pgbench', ['-i', '-q', '-s', String(scale), ...connection, dbName], { maxBuffer: 10_000_000 });
  return async (seconds: number) => {
    const { stdout } = await run('pgbench', [...pgbenchWindow(clients, seconds), ...connection, dbName], { maxBuffer: 10_000_000 });
    return pgbenchTps(stdout);
  };
}

/** Bench-only routes on the app (outside /api): the ledger call alone, no access check, no bill. */
function registerLedgerRoutes(app: FastifyInstance, db: DB, caller: StockCaller) {
  const post = (path: string, moves: (body: { ReelCode: string; PartCode: string }) => StockMove[]) =>
    app.post(path, async (request) => {
      const body = request.body as { ReelCode: string; PartCode: string };
      await applyStockMoves(db, caller, moves(body));
      return { ok: true };
    });
  // The HTTP floor: the same app and clients, a call that does nothing.
  app.post('/bench/noop', async () => ({ ok: true }));
  post('/bench/ledger/receive', (b) => [{ kind: 'receive', reelCode: b.ReelCode, partCode: b.PartCode, to: PLACE, billCode: 'BENCH-ASN', billLineNo: 1 }]);
  post('/bench/ledger/issue', (b) => [{ kind: 'issue', reelCode: b.ReelCode, billCode: 'BENCH-WO', billLineNo: 1 }]);
}

/** Reels per client: registered (CREATED, for receipts) or received in bulk through the ledger (IN_STOCK, for picks). */
export async function reelsFor(ctx: PostingContext, perClient: number, round: string, inStock: boolean): Promise<{ code: string; part: string; qty: string }[][]> {
  const lists = ctx.parts.slice(0, ctx.clients).map((part, c) =>
    Array.from({ length: perClient }, (_, i) => ({ code: `BP${round}-${c}-${String(i).padStart(6, '0')}`, part, lot: `BL${round}-${c}` })),
  );
  const all = lists.flat();
  for (let i = 0; i < all.length; i += 5000) {
    await registerReels(
      ctx.db,
      ctx.org,
      all.slice(i, i + 5000).map((r) => ({ reelCode: r.code, partCode: r.part, qty: REEL_QTY, lotCode: r.lot })),
    );
  }
  if (inStock) {
    for (let i = 0; i < all.length; i += 2000) {
      await applyStockMoves(
        ctx.db,
        ctx.caller,
        all.slice(i, i + 2000).map((r) => ({ kind: 'receive', reelCode: r.code, to: ctx.place, billCode: 'BENCH-SUPPLY' })),
      );
    }
  }
  return lists.map((list) => list.map((r) => ({ code: r.code, part: r.part, qty: REEL_QTY })));
}

function ledgerWorkloads(ctx: PostingContext): Workload[] {
  const { caller } = ctx;
  return [
    {
      label: 'no-op call, bench HTTP route (the HTTP floor)',
      kind: 'receipt',
      prepare: async (n) => ({ http: Array.from({ length: ctx.clients }, () => Array.from({ length: n }, () => ({ url: '/bench/noop', body: {} }))) }),
    },
    {
      label: 'ledger receive, bench HTTP route',
      kind: 'receipt',
      prepare: async (n, round) => ({
        http: (await reelsFor(ctx, n, round, false)).map((list) => list.map((r) => ({ url: '/bench/ledger/receive', body: { ReelCode: r.code, PartCode: r.part } }))),
      }),
    },
    {
      label: 'ledger receive, in-process',
      kind: 'receipt',
      prepare: async (n, round) => ({
        inProcess: (await reelsFor(ctx, n, round, false)).map((list) =>
          list.map((r) => () => applyStockMoves(ctx.db, caller, [{ kind: 'receive', reelCode: r.code, partCode: r.part, to: ctx.place, billCode: 'BENCH-ASN', billLineNo: 1 }])),
        ),
      }),
    },
    {
      label: 'ledger issue, bench HTTP route',
      kind: 'pick',
      prepare: async (n, round) => ({
        http: (await reelsFor(ctx, n, round, true)).map((list) => list.map((r) => ({ url: '/bench/ledger/issue', body: { ReelCode: r.code, PartCode: r.part } }))),
      }),
    },
    {
      label: 'ledger issue, in-process',
      kind: 'pick',
      prepare: async (n, round) => ({
        inProcess: (await reelsFor(ctx, n, round, true)).map((list) =>
          list.map((r) => () => applyStockMoves(ctx.db, caller, [{ kind: 'issue', reelCode: r.code, billCode: 'BENCH-WO', billLineNo: 1 }])),
        ),
      }),
    },
  ];
}
