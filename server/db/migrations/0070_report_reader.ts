/**
 * Configured SQL's own database role (server/db/report-reader.ts; granted through migrations/frozen/report-read-v1.ts) and the report tables it may
 * read: the plant's master data (every md_* table; tables `npm run gen -- master` adds later grant
 * themselves in their own migration) and the demo list's parts, vendors and reels.
 */
import { sql, type Kysely } from 'kysely';
import { ensureReportReader, grantReportRead, revokeReportRead } from './frozen/report-read-v1.ts';

const DEMO_REPORT_TABLES = ['demo_parts', 'demo_vendors', 'demo_reels'];

async function reportTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and c.relname like 'md\\_%' order by 1`.execute(db);
  return [...rows.map((row) => row.name), ...DEMO_REPORT_TABLES];
}

export async function up(db: Kysely<any>): Promise<void> {
  await ensureReportReader(db);
  for (const table of await reportTables(db)) await grantReportRead(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of await reportTables(db)) await revokeReportRead(db, table);
}
