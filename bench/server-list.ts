/**
 * The list engine at a million rows, on both databases, side by side: ListParam/QueryData on the
 * demo reels (multi-select status + date range, sorted by receipt time, page 3 of 200, with the
 * total count) next to the same two SQL statements run directly (node-postgres for PostgreSQL,
 * PGlite's own query for PGlite), so the gap is what the API adds: access check, configuration
 * lookup, read-only transaction, JSON. In-process (fastify inject). PostgreSQL runs in a temporary
 * database, dropped afterwards.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { buildApp } from '../server/app.ts';
import { DEFAULT_SERVER_CONFIG } from '../server/config.ts';
import { openDatabase, pgliteDatabase, type DatabaseHandle } from '../server/db/database.ts';
import { DEMO_REEL_COUNT, DEMO_REELS_LIST_ROUTE } from '../server/db/seed/demo-list-data.ts';
import { insertDemoReels } from '../server/db/seed/seed-demo-list.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { ms, printTable, time, type Timing } from './stats.ts';

const TOTAL_REELS = 1_000_000;
const ORG = 'org-f01';
const PAGE = 3;
const LIMIT = 200;
const STATUSES = ['IN_STOCK', 'FROZEN'];
const RECEIVED = { from: '2025-06-01', toExclusive: '2030-01-01' };

/** The list call: what the grid sends for a filtered, sorted page with its count. */
const QUERY_DATA = {
  LIST_ROUTE: DEMO_REELS_LIST_ROUTE,
  conditions: [
    { PARAM_NAME: 'status', FIELD_NAME: 'status', DATA_TYPE: 8, ACTION_TYPE: 1, PARAM_VALUE: STATUSES },
    { PARAM_NAME: 'receivedAt', FIELD_NAME: 'received_at', DATA_TYPE: 5, ACTION_TYPE: 1, PARAM_VALUE: [RECEIVED.from, '2029-12-31'] },
  ],
  sort: [{ field: 'received_at', order: 'desc' }],
  Page: PAGE,
  Limit: LIMIT,
};

/** The same statements the engine runs for QUERY_DATA (server/query/list-query.ts), with positional parameters. */
const FILTER = `from demo_reels as src where src.org_id = $1 and src.status in ($2, $3) and src.received_at >= $4 and src.received_at < $5`;
const COUNT_SQL = `select count(*)::text as count ${FILTER}`;
const PAGE_SQL = `select row_to_json(src) as row ${FILTER} order by src.received_at desc, src.reel_id asc limit ${LIMIT} offset ${(PAGE - 1) * LIMIT}`;
const PARAMS = [ORG, ...STATUSES, RECEIVED.from, RECEIVED.toExclusive];

type RunSql = (text: string, params: unknown[]) => Promise<unknown>;

async function measure(database: DatabaseHandle, runDirect: RunSql): Promise<{ timings: Record<string, Timing>; seedMs: number; count: number }> {
  const app = await buildApp({ db: database.db, config: { ...DEFAULT_SERVER_CONFIG, captchaEnabled: false } });
  try {
    const seedStart = performance.now();
    await insertDemoReels(database.db, { first: DEMO_REEL_COUNT + 1, count: TOTAL_REELS - DEMO_REEL_COUNT });
    await sql`analyze demo_reels`.execute(database.db);
    const seedMs = performance.now() - seedStart;

    const call = async (url: string, token: string | undefined, payload: object) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api${url}`,
        headers: { organizeid: ORG, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload,
      });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      return res.json();
    };
    const key = (await app.inject({ method: 'GET', url: '/api/Auth/GetPublicKey' })).json().data.PublicKey as string;
    const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEFAULT_SERVER_CONFIG.adminPassword)).toString('base64');
    const token = (await call('/Auth/GetToken', undefined, { UserName: 'ADMIN', Password: password })).Result.Token as string;

    const first = await call('/ListParam/QueryData', token, QUERY_DATA);
    if (first.data.rows.length !== LIMIT) throw new Error(`expected a full page, got ${first.data.rows.length} rows`);
    return {
      seedMs,
      count: first.count,
      timings: {
        'QueryData via the API': await time(() => call('/ListParam/QueryData', token, QUERY_DATA), { runs: 15, budgetMs: 25_000 }),
        'same SQL, direct': await time(
          async () => {
            await runDirect(COUNT_SQL, PARAMS);
            await runDirect(PAGE_SQL, PARAMS);
          },
          { runs: 15, budgetMs: 25_000 },
        ),
      },
    };
  } finally {
    await app.close();
  }
}

export async function benchServerList(databaseUrl: string | undefined) {
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};

  const pglite = await PGlite.create();
  const pgliteHandle = pgliteDatabase(pglite);
  try {
    results.PGlite = await measure(pgliteHandle, (text, params) => pglite.query(text, params));
  } finally {
    await pgliteHandle.close();
  }

  if (databaseUrl) {
    const scratch = await createScratchDatabase(databaseUrl);
    const postgres = await openDatabase({ databaseUrl: scratch.url });
    const direct = new pg.Client({ connectionString: scratch.url });
    try {
      await direct.connect();
      results.PostgreSQL = await measure(postgres, (text, params) => direct.query(text, params));
    } finally {
      await direct.end();
      await postgres.close();
      await scratch.drop();
    }
  }

  const variants = Object.keys(results);
  const operations = Object.keys(results[variants[0]].timings);
  printTable(
    `List engine, ${TOTAL_REELS.toLocaleString('en')} reels: 2 conditions, sorted, page ${PAGE} of ${LIMIT} + count; median (p95)`,
    variants,
    [
      ...operations.map((op): [string, ...string[]] => [
        op,
        ...variants.map((v) => `${ms(results[v].timings[op].median)} (${ms(results[v].timings[op].p95)})`),
      ]),
      ['matching rows', ...variants.map((v) => results[v].count.toLocaleString('en'))],
      [`seeding ${(TOTAL_REELS - DEMO_REEL_COUNT).toLocaleString('en')} reels`, ...variants.map((v) => ms(results[v].seedMs))],
    ],
  );
}
