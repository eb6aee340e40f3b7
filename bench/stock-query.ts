/**
 * Issue 14: stock query latency at scale (default 1,000,000 reels / 5,000,000 ledger rows, the kept
 * fixture of bench/stock-fixture.ts), PostgreSQL only. Each query shape runs through the real HTTP call
 * (Stock/Balance, Stock/Ledger; the app listening on 127.0.0.1, keep-alive fetch) and as the same SQL
 * run raw through `pg` — the very statements and parameters the call runs, recorded from
 * server/modules/stock/reads.ts through a logging Kysely, replayed as it runs them (in turn, or at once
 * where the call overlaps them). The statements the API call runs in all (access check included) are
 * counted too. Samples are interleaved (API, raw, raw, API, ...) over different parts, storage
 * locations and reels, so machine noise and the cache hit both alike. Goal: p95 ≤ 50 ms.
 *
 * `npm run bench -- stock`; BENCH_STOCK_REELS (default 1000000; ledger rows are 5 a reel),
 * BENCH_STOCK_SAMPLES (default 60 per shape and variant), `--fresh` builds the fixture again.
 */
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { DEFAULT_SERVER_CONFIG } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import type { Database } from '../server/db/schema.ts';
import { stockBalance, stockLedger } from '../server/modules/stock/reads.ts';
import { adminClient } from './admin-client.ts';
import { FIXTURE_ORG, REELS_PER_LOT, stockFixture } from './stock-fixture.ts';
import { StatementCounter } from './statement-counter.ts';
import { ms, percentile, printTable } from './stats.ts';

const GOAL_P95_MS = 50;
// The first page the stock and ledger screens ask for (their page sizes are every list's: 200, 500, 1000).
const BALANCE_LIMIT = 200;
const LEDGER_LIMIT = 200;
const DAY_MS = 86_400_000;

interface Shape {
  label: string;
  /** The call's body for sample k. */
  body(k: number): Record<string, unknown>;
  url: '/Stock/Balance' | '/Stock/Ledger';
}

export async function benchStockQuery(databaseUrl: string | undefined) {
  if (!databaseUrl) {
    console.log('\n(stock query latency: PostgreSQL only; skipped)');
    return;
  }
  const reels = Number(process.env.BENCH_STOCK_REELS ?? 1_000_000);
  const samples = Math.max(20, Number(process.env.BENCH_STOCK_SAMPLES ?? 60));
  const fresh = process.argv.includes('--fresh') || process.env.BENCH_STOCK_FRESH === '1';
  const fixture = await stockFixture(databaseUrl, { reels, fresh });

  const database = await openDatabase({ databaseUrl: fixture.url });
  const counter = new StatementCounter();
  const app = await buildApp({ db: database.db.withPlugin(counter), config: { ...DEFAULT_SERVER_CONFIG, captchaEnabled: false } });
  const raw = new pg.Pool({ connectionString: fixture.url, max: 2 });
  const recording = new pg.Pool({ connectionString: fixture.url, max: 2 });
  let recorded: { query: CompiledQuery; start: number; end: number }[] = [];
  const recorder = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: recording }),
    log: (event) => {
      if (event.level === 'query') recorded.push({ query: event.query, start: performance.now() - event.queryDurationMillis, end: performance.now() });
    },
  });
  try {
    const { call, login } = await adminClient(app, { overHttp: true });
    const token = (await login()).Token;
    const lookups = await raw.query<{ parts: string[]; sics: string[]; places: string[][]; now: Date }>(
      `select (select array_agg(distinct part_code order by part_code) from stock_balances where org_id = $1) as parts,
              (select array_agg(distinct sic order by sic) from stock_balances where org_id = $1) as sics,
              (select array_agg(array[part_code, sic] order by part_code, sic) from (select distinct part_code, sic from stock_balances where org_id = $1 and on_hand > 0) p) as places,
              now() as now`,
      [FIXTURE_ORG],
    );
    const { parts, sics, places } = lookups.rows[0];
    const now = lookups.rows[0].now.getTime();
    const part = (k: number) => parts[(k * 37) % parts.length];
    const sic = (k: number) => sics[k % sics.length];
    const reel = (k: number) => `BR${String((k * 7919 * REELS_PER_LOT + (k % REELS_PER_LOT)) % fixture.reels).padStart(8, '0')}`;
    const asOf = (daysAgo: number, k: number) => new Date(now - daysAgo * DAY_MS - k * 60_000).toISOString();

    const shapes: Shape[] = [
      { label: 'Balance by part', url: '/Stock/Balance', body: (k) => ({ PartCode: part(k) }) },
      { label: 'Balance by part + storage location', url: '/Stock/Balance', body: (k) => ({ PartCode: places[(k * 37) % places.length][0], Sic: places[(k * 37) % places.length][1] }) },
      { label: 'Balance by storage location (page 1)', url: '/Stock/Balance', body: (k) => ({ Sic: sic(k), Limit: BALANCE_LIMIT }) },
      { label: 'Balance, everything (page 1)', url: '/Stock/Balance', body: () => ({ Limit: BALANCE_LIMIT }) },
      { label: 'as of yesterday, by part', url: '/Stock/Balance', body: (k) => ({ PartCode: part(k), AsOf: asOf(1, k) }) },
      { label: 'as of 30 days ago, by part', url: '/Stock/Balance', body: (k) => ({ PartCode: part(k), AsOf: asOf(30, k) }) },
      { label: 'as of a year ago, by part', url: '/Stock/Balance', body: (k) => ({ PartCode: part(k), AsOf: asOf(365, k) }) },
      { label: 'as of yesterday, by storage location', url: '/Stock/Balance', body: (k) => ({ Sic: sic(k), AsOf: asOf(1, k), Limit: BALANCE_LIMIT }) },
      { label: 'as of yesterday, everything (page 1)', url: '/Stock/Balance', body: (k) => ({ AsOf: asOf(1, k), Limit: BALANCE_LIMIT }) },
      { label: 'Ledger by part (page 1 of 200)', url: '/Stock/Ledger', body: (k) => ({ PartCode: part(k), Page: 1, Limit: LEDGER_LIMIT }) },
      { label: 'Ledger by reel', url: '/Stock/Ledger', body: (k) => ({ ReelCode: reel(k), Page: 1, Limit: LEDGER_LIMIT }) },
    ];

    /** The statements the call runs for this body: reads.ts on the recording Kysely (as the handler calls it). */
    const statementsOf = async (shape: Shape, body: Record<string, unknown>) => {
      recorded = [];
      if (shape.url === '/Stock/Balance') {
        await stockBalance(recorder, FIXTURE_ORG, {
          partCode: body.PartCode as string | undefined,
          sic: body.Sic as string | undefined,
          asOf: body.AsOf === undefined ? undefined : new Date(body.AsOf as string),
          page: 1,
          limit: (body.Limit as number | undefined) ?? BALANCE_LIMIT,
        });
      } else {
        await stockLedger(recorder, FIXTURE_ORG, {
          partCode: body.PartCode as string | undefined,
          reelCode: body.ReelCode as string | undefined,
          page: body.Page as number,
          limit: body.Limit as number,
        });
      }
      // Steps: statements the call ran at once (each started before all of the step's had ended) form
      // one step; steps run in turn.
      const steps: CompiledQuery[][] = [];
      let firstEnd = -Infinity;
      for (const { query, start, end } of [...recorded].sort((a, b) => a.start - b.start)) {
        if (start < firstEnd) {
          steps[steps.length - 1].push(query);
          firstEnd = Math.min(firstEnd, end);
        } else {
          steps.push([query]);
          firstEnd = end;
        }
      }
      return steps;
    };
    const timed = async (work: () => Promise<unknown>) => {
      const start = performance.now();
      await work();
      return performance.now() - start;
    };

    const results = [];
    for (const shape of shapes) {
      const api: number[] = [];
      const direct: number[] = [];
      let rows = 0;
      let count = 0;
      let statements = 0;
      let steps = 0;
      let apiStatements = 0;
      // One untimed round first (plans, connections, the shape's pages in the cache).
      for (let k = -1; k < samples; k++) {
        const body = shape.body(k + 1);
        const sql = await statementsOf(shape, body);
        if (k < 0) {
          counter.on = true;
          counter.reset();
          await call('POST', shape.url, { token, org: FIXTURE_ORG, body });
          counter.on = false;
          apiStatements = counter.statements;
        }
        const viaApi = async () => {
          const res = await call('POST', shape.url, { token, org: FIXTURE_ORG, body });
          rows = res.data.length;
          count = res.count;
        };
        const viaPg = async () => {
          for (const step of sql) await Promise.all(step.map((q) => raw.query(q.sql, q.parameters as unknown[])));
        };
        statements = sql.flat().length;
        steps = sql.length;
        // Interleaved, alternating which goes first.
        const first = k % 2 === 0 ? [viaApi, viaPg] : [viaPg, viaApi];
        const [a, b] = [await timed(first[0]), await timed(first[1])];
        if (k < 0) continue;
        api.push(k % 2 === 0 ? a : b);
        direct.push(k % 2 === 0 ? b : a);
      }
      results.push({ shape, api, direct, rows, count, statements, steps, apiStatements });
    }

    const fmt = (values: number[]) => `${ms(percentile(values, 0.5))} / ${ms(percentile(values, 0.95))}`;
    const ratio = (a: number[], b: number[], q: number) => (percentile(a, q) / percentile(b, q)).toFixed(2);
    printTable(
      `Stock reads over ${fixture.reels.toLocaleString('en')} reels / ${fixture.ledgerRows.toLocaleString('en')} ledger rows (PostgreSQL, ${fixture.name}), ` +
        `${samples} interleaved samples each, p50 / p95; goal p95 ≤ ${GOAL_P95_MS} ms through the API`,
      ['API over HTTP', 'same SQL via pg', 'API/pg p50, p95', `p95 ≤ ${GOAL_P95_MS} ms`, 'statements API / SQL', 'rows (count)'],
      results.map((r): [string, ...string[]] => [
        r.shape.label,
        fmt(r.api),
        fmt(r.direct),
        `${ratio(r.api, r.direct, 0.5)}×, ${ratio(r.api, r.direct, 0.95)}×`,
        percentile(r.api, 0.95) <= GOAL_P95_MS ? 'yes' : 'NO',
        `${r.apiStatements} / ${r.statements}${r.statements > r.steps ? ` (in ${r.steps} steps)` : ''}`,
        `${r.rows} (${r.count.toLocaleString('en')})`,
      ]),
    );
    console.log(
      'Anchors (STACK.md): list call over 1,000,000 reels, API 1.04–1.25× the same statements through pg, p95 123–180 ms.' +
        (fixture.builtMs === undefined ? ' (fixture kept from an earlier run)' : ` Fixture built in ${(fixture.builtMs / 1000).toFixed(0)} s.`),
    );
  } finally {
    await app.close();
    await recorder.destroy();
    await raw.end();
    await database.close();
  }
}
