/**
 * Issue 11 defect 3: what one search costs the others. Per database: how long the worst search the
 * bounds allow takes (SEARCH_BOUNDS: the most "like" values with all the pattern characters, over the
 * 50,000 demo reels), and the login latency on an idle server next to the login latency while that
 * search runs, sampled interleaved (idle, loaded, idle, ...) so machine noise hits both alike.
 * PGlite runs in its worker thread, as the server runs it. In-process (fastify inject).
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.ts';
import { DEFAULT_SERVER_CONFIG } from '../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/database.ts';
import { DEMO_REELS_LIST_ROUTE } from '../server/db/seed/demo-list-data.ts';
import { SEARCH_BOUNDS } from '../src/shared/search/conditions.ts';
import { adminClient } from './admin-client.ts';
import { onScratchPostgres } from './scratch-database.ts';
import { ms, printTable } from './stats.ts';

const SAMPLES = 12;

const worstAllowedSearch = {
  LIST_ROUTE: DEMO_REELS_LIST_ROUTE,
  conditions: [
    {
      FIELD_NAME: 'part_name',
      PARAM_NAME: 'partName',
      DATA_TYPE: 6,
      ACTION_TYPE: 6,
      // All but one match nothing; the last matches some reels, so the count and the page are both computed.
      PARAM_VALUE: [
        ...Array.from({ length: SEARCH_BOUNDS.textMatchValues - 1 }, (_, i) =>
          `zz${i}`.padEnd(Math.floor(SEARCH_BOUNDS.textMatchCharacters / SEARCH_BOUNDS.textMatchValues), 'q'),
        ),
        'STM32F103',
      ],
    },
  ],
  Limit: 10,
};

const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${ms(sorted[Math.floor(sorted.length / 2)])} (min ${ms(sorted[0])}, max ${ms(sorted.at(-1))})`;
};

async function measure(database: DatabaseHandle) {
  const app = await buildApp({ db: database.db, config: { ...DEFAULT_SERVER_CONFIG, captchaEnabled: false } });
  try {
    const { call, org, login } = await adminClient(app);
    const token = (await login()).Token;
    const search = () => call('POST', '/ListParam/QueryData', { token, org, body: worstAllowedSearch });
    const timed = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      await fn();
      return performance.now() - start;
    };
    await search(); // warm-up
    const searches: number[] = [];
    const idle: number[] = [];
    const loaded: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      idle.push(await timed(login));
      const running = timed(search);
      loaded.push(await timed(login));
      searches.push(await running);
    }
    return { searches, idle, loaded };
  } finally {
    await app.close();
  }
}

export async function benchSearchLoad(databaseUrl: string | undefined) {
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  const pglite = await openDatabase({ dataDir: 'memory://' });
  try {
    results['PGlite (worker)'] = await measure(pglite);
  } finally {
    await pglite.close();
  }
  if (databaseUrl) results.PostgreSQL = await onScratchPostgres(databaseUrl, measure);
  const variants = Object.keys(results);
  printTable(
    `Worst allowed search (${SEARCH_BOUNDS.textMatchValues} like values, ${SEARCH_BOUNDS.textMatchCharacters} characters, 50,000 reels) and login latency, ${SAMPLES} interleaved samples, median (min, max)`,
    variants,
    [
      ['worst allowed search', ...variants.map((v) => summary(results[v].searches))],
      ['login, idle server', ...variants.map((v) => summary(results[v].idle))],
      ['login during that search', ...variants.map((v) => summary(results[v].loaded))],
    ],
  );
}
