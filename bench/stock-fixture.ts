/**
 * The stock at scale for bench/stock-query.ts: REELS reels (default 1,000,000) with 5 ledger rows each
 * (5,000,000), in a PostgreSQL database KEPT between bench runs (building it takes minutes on a
 * 2-core machine; nothing else of the bench writes to it). Its name says its size and the fixture's
 * version: `portal_bench_stock_<reels>_v<FIXTURE_VERSION>`; `npm run bench -- stock --fresh` (or
 * BENCH_STOCK_FRESH=1) builds it again; drop it with `dropdb` when done. A database whose build did
 * not finish (no `bench_fixture` table) is built again. The server's migrations run on it at every
 * bench (buildApp), so a new migration (an index) lands on the kept data; one merged in that sorts
 * before an applied one cannot, and the database is built again.
 *
 * BENCH FIXTURE ONLY: the rows are written with generate_series straight into stock_requests,
 * stock_transactions, stock_reels and stock_balances, around the ledger (server/modules/stock/ledger.ts),
 * which is the only way the product changes stock. That is fine here only because the result is what
 * the ledger would have written and is checked to be so: per balance key the ledger's postings sum
 * to the balance and to the reels in stock there (tests/server/support/stock.ts stockDisagreements),
 * before the fixture is marked done. For speed the load also skips the foreign-key triggers
 * (session_replication_role = replica: the keys are made consistent by construction) and rebuilds
 * the tables' secondary indexes after the load instead of maintaining them row by row.
 *
 * The story each reel tells (organisation org-f01, the demo parts, storage locations and locators): reels come in lots of
 * 50 of one part; a lot is received (RECEIVE, bill ASN…) into a locator of RAW01/RAW02/ELE01/AUX01,
 * put away (TRANSFER) into up to 3 locators of the same storage location, reserved and unreserved by a
 * work order (RESERVE, UNRESERVE), then 3 reels in 10 are issued (ISSUE), 1 in 10 is reserved again
 * by the next work order, and the rest move on (TRANSFER) to one of 2 locators of the next storage
 * location. Lots follow each other over the last two years (ids rise with time), so "stock as of
 * yesterday" has a day of postings to take back and "a year ago" half of them.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../server/app.ts';
import { DEFAULT_SERVER_CONFIG } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { MIGRATIONS_DIR, migrationNamesIn } from '../server/db/migrations/index.ts';
import { stockDisagreements } from '../tests/server/support/stock.ts';

/** Bump when the fixture's rows change: a kept database of another version is not reused. */
export const FIXTURE_VERSION = 1;
export const FIXTURE_ORG = 'org-f01';
export const REELS_PER_LOT = 50;
export const LEDGER_ROWS_PER_REEL = 5;
const HISTORY_DAYS = 730;
const TABLES = ['stock_requests', 'stock_transactions', 'stock_reels', 'stock_balances'] as const;

export interface StockFixture {
  url: string;
  name: string;
  reels: number;
  ledgerRows: number;
  /** How long the build took now; undefined when a kept database was reused. */
  builtMs?: number;
}

const dbUrl = (base: string, name: string) => Object.assign(new URL(base), { pathname: `/${name}` }).toString();

export const fixtureName = (reels: number) => `portal_bench_stock_${reels}_v${FIXTURE_VERSION}`;

/** The kept database of this size, built if missing or unfinished (or when `fresh`). */
export async function stockFixture(databaseUrl: string, options: { reels: number; fresh?: boolean; log?: (line: string) => void }): Promise<StockFixture> {
  const reels = Math.max(REELS_PER_LOT, Math.round(options.reels / REELS_PER_LOT) * REELS_PER_LOT);
  const name = fixtureName(reels);
  const url = dbUrl(databaseUrl, name);
  const log = options.log ?? ((line: string) => console.log(line));
  const result = { url, name, reels, ledgerRows: reels * LEDGER_ROWS_PER_REEL };

  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (exists && !options.fresh && (await finished(url, log))) return result;
    if (exists) await admin.query(`drop database ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }

  log(`(building the stock fixture ${name}: ${reels.toLocaleString('en')} reels, ${result.ledgerRows.toLocaleString('en')} ledger rows; kept for the next runs)`);
  const start = performance.now();
  // The server's own schema and seed (master data: parts, storage locations, locators).
  const database = await openDatabase({ databaseUrl: url });
  try {
    const app = await buildApp({ db: database.db, config: { ...DEFAULT_SERVER_CONFIG, captchaEnabled: false } });
    await app.close();
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await load(client, reels, log);
  } finally {
    await client.end();
  }
  const check = await openDatabase({ databaseUrl: url }, { statementTimeoutMs: 600_000, maxWaiting: 10, connectionWaitMs: 10_000, poolSize: 2 });
  try {
    const step = performance.now();
    const problems = await stockDisagreements(check.db, FIXTURE_ORG);
    if (problems.length) throw new Error(`the stock fixture is inconsistent (${problems.length} keys), e.g. ${problems.slice(0, 3).join('; ')}`);
    log(`  checked: ledger = balances = reels (${((performance.now() - step) / 1000).toFixed(1)} s)`);
    await sql`create table bench_fixture (version integer not null, reels integer not null, built_at timestamptz not null default now())`.execute(check.db);
    await sql`insert into bench_fixture (version, reels) values (${FIXTURE_VERSION}, ${reels})`.execute(check.db);
  } finally {
    await check.close();
  }
  return { ...result, builtMs: performance.now() - start };
}

/**
 * Whether the kept database is complete and the server can still migrate it: a migration merged in
 * since that sorts before one it has applied would be refused (server/db/migrate.ts), so then it is
 * built again.
 */
async function finished(url: string, log: (line: string) => void): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`select to_regclass('bench_fixture') is not null as done`);
    if (!rows[0].done) return false;
    const applied = new Set((await client.query<{ name: string }>('select name from kysely_migration')).rows.map((r) => r.name));
    const names = migrationNamesIn(MIGRATIONS_DIR);
    const lastApplied = names.findLastIndex((name) => applied.has(name));
    const behind = names.slice(0, lastApplied).find((name) => !applied.has(name));
    if (behind) log(`(the kept stock fixture cannot take the migration ${behind}: building it again)`);
    return !behind;
  } finally {
    await client.end();
  }
}

async function load(client: pg.Client, reels: number, log: (line: string) => void) {
  const lots = reels / REELS_PER_LOT;
  const timed = async (label: string, text: string, params: unknown[] = []) => {
    const start = performance.now();
    const res = await client.query(text, params);
    log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
    return res;
  };
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query(`set work_mem = '256MB'`);
  await client.query(`set synchronous_commit = off`);
  // Foreign keys are consistent by construction (checked after); skipping their per-row triggers is
  // most of the load's time saved. Needs a superuser; without one the load is only slower.
  await client.query(`set session_replication_role = replica`).catch(() => log('  (not a superuser: foreign keys checked row by row)'));

  // Secondary indexes are rebuilt after the load (constraint indexes stay: rows arrive in key order).
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = 'public' and i.tablename = any($1)
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [TABLES],
  );
  for (const index of indexes) await client.query(`drop index ${index.name}`);

  const { rows: who } = await client.query<{ id: string; user_name: string }>(`select id, user_name from users where user_name = 'ADMIN'`).catch(() => ({
    rows: [{ id: 'user-admin', user_name: 'ADMIN' }],
  }));
  const userId = who[0]?.id ?? 'user-admin';
  // After whatever the seed posted through the ledger (the demo stock): the fixture's ids come next.
  const { rows: bases } = await client.query<{ tx: string; req: string }>(
    `select coalesce((select max(id) from stock_transactions), 0)::text as tx, coalesce((select max(id) from stock_requests), 0)::text as req`,
  );
  const [txBase, reqBase] = [Number(bases[0].tx), Number(bases[0].req)];
  const params = [FIXTURE_ORG, lots, HISTORY_DAYS, userId];
  // One lot's slot of time; its 5 steps and 50 reels follow each other inside it, so ids rise with time.
  const grid = `
    with const as (
      select $1::text as org, $2::int as lots, (select array_agg(code order by code) from md_part where org_id = $1) as parts,
             array['RAW01', 'RAW02', 'ELE01', 'AUX01'] as sics,
             now() - make_interval(days => $3) as t0, $3 * 86400.0 / $2 as slot, $4::text as user_id)
    `;
  const reelColumns = `
      l * ${REELS_PER_LOT} + r as i, l, r,
      'BR' || lpad((l * ${REELS_PER_LOT} + r)::text, 8, '0') as reel_code,
      c.parts[1 + l % array_length(c.parts, 1)] as part_code,
      'BL' || lpad(l::text, 6, '0') as lot_code,
      (1000 + ((l * ${REELS_PER_LOT} + r) % 7) * 500)::numeric as qty,
      c.sics[1 + l % 4] as sic_a, c.sics[1 + l % 4] || '-' || lpad((1 + (l / 4) % 30)::text, 2, '0') as loc_a,
      c.sics[1 + l % 4] || '-' || lpad((1 + (l * 7 + r % 3) % 30)::text, 2, '0') as loc_b,
      c.sics[1 + (l + 1) % 4] as sic_c, c.sics[1 + (l + 1) % 4] || '-' || lpad((1 + (l * 11 + r % 2) % 30)::text, 2, '0') as loc_c,
      case when r % 10 < 3 then 'ISSUE' when r % 10 = 3 then 'RESERVE' else 'TRANSFER' end as last_step,
      c.t0 + make_interval(secs => l * c.slot) as lot_time, c.slot`;

  await timed(
    `stock_requests (${(lots * LEDGER_ROWS_PER_REEL).toLocaleString('en')}: one a lot and step)`,
    `${grid}
     insert into stock_requests (id, org_id, user_id, created_at)
     select ${reqBase} + l * 5 + s + 1, c.org, c.user_id, c.t0 + make_interval(secs => l * c.slot + s * c.slot / 5)
       from const c, generate_series(0, c.lots - 1) l, generate_series(0, 4) s`,
    params,
  );

  await timed(
    `stock_transactions (${(reels * LEDGER_ROWS_PER_REEL).toLocaleString('en')})`,
    `${grid}, reel as (select ${reelColumns} from const c, generate_series(0, c.lots - 1) l, generate_series(0, ${REELS_PER_LOT - 1}) r)
     insert into stock_transactions (id, org_id, request_id, kind, created_at, user_id, user_name, bill_code, bill_line_no, reel_code, part_code, lot_code,
                                     from_sic, from_loc, to_sic, to_loc, qty, reserved_qty, reserved_bill_code, reel_status_before, reel_status_after)
     select ${txBase} + x.l * 250 + st * 50 + x.r + 1, c.org, ${reqBase} + x.l * 5 + st + 1, step.kind,
            x.lot_time + make_interval(secs => st * x.slot / 5 + x.r * x.slot / 5 / ${REELS_PER_LOT + 1}), c.user_id, 'ADMIN',
            step.bill, 1 + x.r / 10, x.reel_code, x.part_code, x.lot_code,
            step.from_sic, step.from_loc, step.to_sic, step.to_loc, step.qty, step.reserved, step.reserved_bill, step.before, step.after
       from const c cross join reel x cross join generate_series(0, 4) st
       cross join lateral (
         select * from (values
           (0, 'RECEIVE', 'ASN' || lpad(x.l::text, 6, '0'), null, null, x.sic_a, x.loc_a, x.qty, 0::numeric, null, 'CREATED', 'IN_STOCK'),
           (1, 'TRANSFER', 'MV' || lpad(x.l::text, 6, '0'), x.sic_a, x.loc_a, x.sic_a, x.loc_b, x.qty, 0, null, 'IN_STOCK', 'IN_STOCK'),
           (2, 'RESERVE', 'WO' || lpad(x.l::text, 6, '0'), null, null, x.sic_a, x.loc_b, 0, x.qty, 'WO' || lpad(x.l::text, 6, '0'), 'IN_STOCK', 'IN_STOCK'),
           (3, 'UNRESERVE', 'WO' || lpad(x.l::text, 6, '0'), x.sic_a, x.loc_b, null, null, 0, x.qty, 'WO' || lpad(x.l::text, 6, '0'), 'IN_STOCK', 'IN_STOCK'),
           (4, 'ISSUE', 'WO' || lpad(x.l::text, 6, '0'), x.sic_a, x.loc_b, null, null, x.qty, 0, null, 'IN_STOCK', 'ISSUED'),
           (4, 'RESERVE', 'WO' || lpad((x.l + 1)::text, 6, '0'), null, null, x.sic_a, x.loc_b, 0, x.qty, 'WO' || lpad((x.l + 1)::text, 6, '0'), 'IN_STOCK', 'IN_STOCK'),
           (4, 'TRANSFER', 'MV' || lpad((x.l + 1)::text, 6, '0'), x.sic_a, x.loc_b, x.sic_c, x.loc_c, x.qty, 0, null, 'IN_STOCK', 'IN_STOCK')
         ) as v(s, kind, bill, from_sic, from_loc, to_sic, to_loc, qty, reserved, reserved_bill, before, after)
         where v.s = st and (st < 4 or v.kind = x.last_step)
       ) as step`,
    params,
  );

  await timed(
    `stock_reels (${reels.toLocaleString('en')})`,
    `${grid}, reel as (select ${reelColumns} from const c, generate_series(0, c.lots - 1) l, generate_series(0, ${REELS_PER_LOT - 1}) r)
     insert into stock_reels (org_id, reel_code, part_code, vendor_code, lot_code, date_code, expire_date, qty, status, sic, loc, reserved_qty, reserved_bill_code,
                              received_at, bill_code, bill_line_no, created_at, updated_at)
     select c.org, x.reel_code, x.part_code, 'V' || lpad((1 + x.l % 200)::text, 4, '0'), x.lot_code, to_char(x.lot_time, 'IYIW'),
            (x.lot_time + interval '2 years')::date, x.qty,
            case x.last_step when 'ISSUE' then 'ISSUED' else 'IN_STOCK' end,
            case x.last_step when 'ISSUE' then null when 'RESERVE' then x.sic_a else x.sic_c end,
            case x.last_step when 'ISSUE' then null when 'RESERVE' then x.loc_b else x.loc_c end,
            case x.last_step when 'RESERVE' then x.qty else 0 end,
            case x.last_step when 'RESERVE' then 'WO' || lpad((x.l + 1)::text, 6, '0') end,
            x.lot_time + make_interval(secs => x.r * x.slot / 5 / ${REELS_PER_LOT + 1}), 'ASN' || lpad(x.l::text, 6, '0'), 1 + x.r / 10,
            x.lot_time - interval '1 day', x.lot_time + make_interval(secs => 4 * x.slot / 5 + x.r * x.slot / 5 / ${REELS_PER_LOT + 1})
       from const c cross join reel x`,
    params,
  );

  // The balances are the fixture's postings summed per key (keys that went back to zero included, as
  // the ledger leaves them), added to the demo stock's.
  await timed(
    'stock_balances (the postings summed per key)',
    `insert into stock_balances (org_id, part_code, sic, loc, lot_code, on_hand, reserved_qty, inspection_qty)
     select org_id, part_code, sic, loc, lot_code, sum(qty), sum(reserved_qty), sum(inspection_qty)
       from stock_postings where org_id = $1 and transaction_id > $2 group by org_id, part_code, sic, loc, lot_code
     on conflict (org_id, part_code, sic, loc, lot_code) do update set on_hand = stock_balances.on_hand + excluded.on_hand,
       reserved_qty = stock_balances.reserved_qty + excluded.reserved_qty, inspection_qty = stock_balances.inspection_qty + excluded.inspection_qty`,
    [FIXTURE_ORG, txBase],
  );
  await client.query(`alter table stock_transactions alter column id restart with ${txBase + reels * LEDGER_ROWS_PER_REEL + 1}`);
  await client.query(`alter table stock_requests alter column id restart with ${reqBase + lots * LEDGER_ROWS_PER_REEL + 1}`);
  await client.query(`set session_replication_role = origin`).catch(() => {});

  const start = performance.now();
  for (const index of indexes) await client.query(index.def);
  log(`  ${indexes.length} secondary indexes rebuilt: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  // As autovacuum would leave them after a while: statistics, and a visibility map for index-only scans.
  await timed('vacuum analyze', `vacuum (analyze) ${TABLES.join(', ')}`);
}
