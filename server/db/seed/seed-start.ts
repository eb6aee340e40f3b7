/**
 * What a server writes on start (server/app.ts): the system data always, and the demo plant on top
 * unless DEMO_DATA=off. A clean plant's ADMIN is a member of one default organisation
 * (system-data.ts DEFAULT_ORGANIZATION), made only when the database has no organisation yet.
 */
import { sql } from 'kysely';
import type { DB } from '../database.ts';
import { DEMO_ORGANIZATIONS } from './demo-data.ts';
import { seedDemoData } from './seed-demo.ts';
import { seedSystemData } from './seed-system.ts';
import { DEFAULT_ORGANIZATION } from './system-data.ts';

export interface SeedOptions {
  adminPassword: string;
  /** false (DEMO_DATA=off): only the system data, with ADMIN in one default organisation. */
  demoData: boolean;
  /**
   * false: leave out the demo rows dated relative to now (home notices, demo bills). An initial data
   * directory (initial-data-dir.ts) is made this way, possibly days before a server first starts on
   * it; that start adds them, dated then, as a start on an empty database would.
   */
  datedRows?: boolean;
}

export async function seedStartData(db: DB, options: SeedOptions): Promise<void> {
  if (!options.demoData) {
    await seedSystemData(db, { adminPassword: options.adminPassword, organizations: [DEFAULT_ORGANIZATION], onlyIntoEmpty: true });
    return;
  }
  await seedSystemData(db, { adminPassword: options.adminPassword, organizations: DEMO_ORGANIZATIONS });
  await seedDemoData(db, { adminPassword: options.adminPassword, datedRows: options.datedRows });
  await analyzeIfNeverAnalyzed(db);
}

/**
 * The planner's statistics of the demo reels, once, after the seed wrote them. Without them it takes
 * the 50,000 demo reels for ~100 and plans the grid's first page as a sort of an organisation's every
 * reel: 270 ms instead of 11 ms on PostgreSQL (bench throughput: 10 list calls a second). Only this
 * table, which nothing writes after the seed: the embedded database has no autovacuum, so statistics
 * taken now of the tables that grow in use (stock, bills) would stay those of a near-empty plant
 * (tests/server/stock-reads-paging.test.ts, 10,001 receipts and their checks: 296 s on the embedded
 * database with the whole seed analyzed, 49 s without). Tables without statistics are planned from
 * their size on disk.
 */
async function analyzeIfNeverAnalyzed(db: DB): Promise<void> {
  const { rows } = await sql`select 1 from pg_stats where schemaname = current_schema() and tablename = 'demo_reels' limit 1`.execute(db);
  if (!rows.length) await sql`analyze demo_reels`.execute(db);
}
