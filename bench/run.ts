/**
 * `npm run bench`: prints numbers, compared side by side in one run (never pass/fail; the machines
 * are shared and noisy, so read the ratios). Uses PostgreSQL as well when DATABASE_URL is set,
 * else the local server at 127.0.0.1:5432 when it answers. `npm run bench -- auth` runs one part.
 */
import pg from 'pg';
import { benchAuth } from './auth.ts';
import { benchBillPosting } from './bill-posting.ts';
import { benchExport } from './export.ts';
import { benchFirstRow } from './first-row.ts';
import { benchGrid } from './grid.ts';
import { benchLoginBytes } from './login-bytes.ts';
import { benchSearchLoad } from './search-load.ts';
import { benchReplicas } from './replicas.ts';
import { benchServerList } from './server-list.ts';
import { benchStartup } from './startup.ts';
import { benchStockQuery } from './stock-query.ts';
import { benchThroughput } from './throughput.ts';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

async function reachablePostgres(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL ?? LOCAL_POSTGRES;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return url;
  } catch {
    console.log(`(PostgreSQL at ${url} does not answer: PGlite only)`);
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

const parts: Record<string, (databaseUrl: string | undefined) => Promise<void>> = {
  auth: benchAuth,
  list: benchServerList,
  search: benchSearchLoad,
  grid: async () => {
    await benchGrid();
  },
  // The real portal behind the real server, from navigation start (issue 15): next to grid's bare antd tables.
  'first-row': benchFirstRow,
  stock: benchStockQuery,
  posting: benchBillPosting,
  // Issue 18: Bill/Pick throughput with 1, 2 and 3 server processes on one PostgreSQL, and where the CPU goes.
  replicas: benchReplicas,
  // autocannon: a light call and a list call at 10 and 50 connections on both databases (issue 15).
  throughput: benchThroughput,
  export: benchExport,
  startup: benchStartup,
  login: benchLoginBytes,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const databaseUrl = await reachablePostgres();
for (const [name, run] of Object.entries(parts)) {
  if (wanted.length && !wanted.includes(name)) continue;
  await run(databaseUrl);
}
