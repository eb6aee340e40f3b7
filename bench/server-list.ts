/**
 * The list engine at a million reels on PostgreSQL (issue 15 "lean list calls"): ListParam/QueryData
 * over the demo reels list, through the real HTTP call (the app listening on 127.0.0.1, keep-alive
 * node:http, admin-client.ts), next to the same statements run raw through `pg` on one connection. The statements are
 * recorded from one warm API call at node-postgres (so BEGIN and COMMIT count): the raw replay is the
 * read-only transaction the call runs — BEGIN, its timeouts, the count (with the footer figures), the
 * page, COMMIT — without the API's own work (the access check, the cache-generation read, the list's
 * configuration), which is what the API adds. Samples are interleaved (API, raw, raw, API, ...), so
 * machine noise hits both alike; p95 is the nearest rank over ≥ 50 samples, the count printed.
 *
 * The calls are what the reels grid sends: its footer has sums and averages, so the grid asks for
 * them (wantAggregates) on every page; the same search without them is measured too (a grid without
 * footer figures, where the count may be the planner's estimate beyond 10,000 rows).
 *
 * The database `portal_bench_list_<reels>_v1` is kept between runs (seeding a million reels takes
 * minutes); BENCH_LIST_FRESH=1 builds it again, BENCH_LIST_REELS and BENCH_LIST_SAMPLES change the
 * size and the samples. The server migrates it at every run, so a new index lands on the kept data.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../server/app.ts';
import { DEFAULT_SERVER_CONFIG } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { DEMO_REEL_COUNT, DEMO_REELS_LIST_ROUTE } from '../server/db/seed/demo-list-data.ts';
import { insertDemoReels } from '../server/db/seed/seed-demo-list.ts';
import { adminClient } from './admin-client.ts';
import { ms, percentile, printTable } from './stats.ts';

const GOAL_P95_MS = 50;
const GOAL_RATIO = 1.2;
const ORG = 'org-f01';
const FIXTURE_VERSION = 1;

const status = (values: string[]) => ({ PARAM_NAME: 'status', FIELD_NAME: 'status', DATA_TYPE: 8, ACTION_TYPE: 1, PARAM_VALUE: values });
const received = (from: string, to: string) => ({ PARAM_NAME: 'receivedAt', FIELD_NAME: 'received_at', DATA_TYPE: 5, ACTION_TYPE: 1, PARAM_VALUE: [from, to] });

/** The grid's calls: label and body. */
const SHAPES: { label: string; body: Record<string, unknown> }[] = [
  { label: 'grid opened: no search, page 1 of 200, footer', body: { conditions: [], Page: 1, Limit: 200, wantAggregates: true } },
  {
    label: 'status + date range, by receipt desc, page 3, footer',
    body: { conditions: [status(['IN_STOCK', 'FROZEN']), received('2025-06-01', '2029-12-31')], sort: [{ field: 'received_at', order: 'desc' }], Page: 3, Limit: 200, wantAggregates: true },
  },
  {
    label: 'same search, no footer figures',
    body: { conditions: [status(['IN_STOCK', 'FROZEN']), received('2025-06-01', '2029-12-31')], sort: [{ field: 'received_at', order: 'desc' }], Page: 3, Limit: 200, wantAggregates: false },
  },
  {
    label: 'small list: frozen reels of one week, footer',
    body: { conditions: [status(['FROZEN']), received('2026-03-02', '2026-03-08')], sort: [{ field: 'received_at', order: 'desc' }], Page: 1, Limit: 200, wantAggregates: true },
  },
];

interface Recorded {
  text: string;
  values: unknown[];
}

/** The statements node-postgres sends while `run` runs (both the app's pool and any client). */
async function recordStatements(run: () => Promise<unknown>): Promise<Recorded[]> {
  const recorded: Recorded[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text: string; values?: unknown[] };
    recorded.push(typeof first === 'string' ? { text: first, values: (args[1] as unknown[]) ?? [] } : { text: first.text, values: first.values ?? [] });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return recorded;
}

/** The list's own statements: its read-only transaction, without the configuration lookups a hand-written query would not make. */
function listStatements(recorded: Recorded[]): Recorded[] {
  const begin = recorded.findIndex((r) => /^\s*(begin|start transaction)/i.test(r.text));
  const commit = recorded.findLastIndex((r) => /^\s*commit/i.test(r.text));
  return recorded.slice(begin, commit + 1).filter((r) => !/\b(list_routes|list_params|pg_attribute|list_column_meta)\b/.test(r.text));
}

/** The kept database with `reels` demo reels, built when missing (or asked). */
async function listFixture(serverUrl: string, reels: number): Promise<string> {
  const name = `portal_bench_list_${reels}_v${FIXTURE_VERSION}`;
  const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (exists && process.env.BENCH_LIST_FRESH !== '1') {
      const probe = new pg.Client({ connectionString: url });
      await probe.connect();
      const done = (await probe.query(`select to_regclass('bench_list_fixture') is not null as done`)).rows[0].done as boolean;
      await probe.end();
      if (done) return url;
    }
    if (exists) await admin.query(`drop database ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  console.log(`(building ${name}: ${reels.toLocaleString('en')} demo reels; kept for the next runs)`);
  const start = performance.now();
  const database = await openDatabase({ databaseUrl: url }, { statementTimeoutMs: 1_800_000, maxWaiting: 10, connectionWaitMs: 10_000, poolSize: 2 });
  try {
    const app = await buildApp({ db: database.db, config: { ...DEFAULT_SERVER_CONFIG, captchaEnabled: false } });
    await app.close();
    for (let first = DEMO_REEL_COUNT + 1; first <= reels; first += 200_000) {
      await insertDemoReels(database.db, { first, count: Math.min(200_000, reels - first + 1) });
    }
    await sql`vacuum analyze demo_reels`.execute(database.db);
    await sql`create table bench_list_fixture (reels integer not null)`.execute(database.db);
    await sql`insert into bench_list_fixture values (${reels})`.execute(database.db);
  } finally {
    await database.close();
  }
  console.log(`  built in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return url;
}

export async function benchServerList(databaseUrl: string | undefined) {
  if (!databaseUrl) {
    console.log('\n(list engine at a million reels: PostgreSQL only; skipped)');
    return;
  }
  const reels = Number(process.env.BENCH_LIST_REELS ?? 1_000_000);
  const samples = Math.max(50, Number(process.env.BENCH_LIST_SAMPLES ?? 60));
  const url = await listFixture(databaseUrl, reels);

  const database = await openDatabase({ databaseUrl: url });
  const app = await buildApp({ db: database.db, config: { ...DEFAULT_SERVER_CONFIG, captchaEnabled: false } });
  // The index landing with a migration: the visibility map the index-only reads need.
  await sql`vacuum analyze demo_reels`.execute(database.db);
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  try {
    const { call, login } = await adminClient(app, { overHttp: true });
    const token = (await login()).Token;

    const rows: [string, ...string[]][] = [];
    for (const shape of SHAPES) {
      const body = { LIST_ROUTE: DEMO_REELS_LIST_ROUTE, ...shape.body };
      const callApi = () => call('POST', '/ListParam/QueryData', { token, org: ORG, body });
      const first = (await callApi()) as { count: number; countIsEstimate?: boolean };
      const recorded = await recordStatements(callApi);
      const replay = listStatements(recorded);
      const runRaw = async () => {
        for (const statement of replay) await raw.query(statement.text, statement.values);
      };
      await runRaw();
      const api: number[] = [];
      const direct: number[] = [];
      for (let i = 0; i < samples; i++) {
        const pair: [number[], () => Promise<unknown>][] = i % 2 === 0 ? [[api, callApi], [direct, runRaw]] : [[direct, runRaw], [api, callApi]];
        for (const [into, run] of pair) {
          const start = performance.now();
          await run();
          into.push(performance.now() - start);
        }
      }
      const [apiMedian, apiP95, rawMedian, rawP95] = [percentile(api, 0.5), percentile(api, 0.95), percentile(direct, 0.5), percentile(direct, 0.95)];
      const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
      rows.push(
        [shape.label, '', '', '', ''],
        [`  matching rows${first.countIsEstimate ? ' (estimate)' : ''}; statements API / raw`, first.count.toLocaleString('en'), `${recorded.length} / ${replay.length}`, '', ''],
        [`  API median / p95 (n=${api.length})`, ms(apiMedian), ms(apiP95), `p95 ≤ ${GOAL_P95_MS} ms`, verdict(apiP95 <= GOAL_P95_MS)],
        [`  raw median / p95 (n=${direct.length})`, ms(rawMedian), ms(rawP95), '', ''],
        [`  API ÷ raw, median / p95`, `${(apiMedian / rawMedian).toFixed(2)}×`, `${(apiP95 / rawP95).toFixed(2)}×`, `≤ ${GOAL_RATIO}×`, verdict(apiMedian / rawMedian <= GOAL_RATIO)],
      );
    }
    printTable(`List engine over ${reels.toLocaleString('en')} demo reels on PostgreSQL: ListParam/QueryData via HTTP vs its statements raw through pg, interleaved`, ['', '', 'goal', ''], rows);
  } finally {
    await raw.end();
    await app.close();
    await database.close();
  }
}
