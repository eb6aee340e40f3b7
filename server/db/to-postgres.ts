/**
 * The path from the embedded database to PostgreSQL (`npm run db:to-postgres -- <postgres-url>`):
 * copies every row of the PGlite data directory into a new, empty PostgreSQL database. The schema is
 * made by the server's own migrations (the same ones a server started on that database would run),
 * then each table's rows are copied in batches as JSON (json_populate_recordset reads every column
 * by name with its own type), all in one transaction: the target ends up with all rows or none.
 * The data directory is locked meanwhile (stop the server first).
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { lockDataDir } from './data-dir-lock.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const BATCH_ROWS = 5000;

export interface CopyResult {
  tables: number;
  rows: number;
}

export async function copyToPostgres(dataDir: string, databaseUrl: string): Promise<CopyResult> {
  const unlock = await lockDataDir(dataDir);
  try {
    const source = await PGlite.create(dataDir);
    const target = await openDatabase({ databaseUrl });
    try {
      const existing = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = 'public'`.execute(target.db);
      if (existing.rows[0].n) throw new Error('the PostgreSQL database is not empty: copy into a new database (CREATE DATABASE ...)');
      await migrateToLatest(target.db);

      const tables = (
        await source.query<{ name: string }>(
          `select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%' order by 1`,
        )
      ).rows.map((t) => t.name);
      let rows = 0;
      await target.db.transaction().execute(async (trx) => {
        // Rows arrive table by table, not in foreign-key order: triggers (foreign-key checks) are off
        // for this transaction only; the rows were consistent in the source.
        await sql`set local session_replication_role = replica`.execute(trx);
        // What the migrations seeded (settings, menus) is replaced by the source's own rows.
        await sql`truncate ${sql.join(tables.map((t) => sql.id(t)))}`.execute(trx);
        for (const table of tables) {
          for (let offset = 0; ; offset += BATCH_ROWS) {
            // A locked, single-session source: the order of an unordered scan does not change between batches.
            const batch = await source.query<{ rows: unknown[] | null }>(
              `select json_agg(t) as rows from (select * from "${table.replaceAll('"', '""')}" limit ${BATCH_ROWS} offset ${offset}) t`,
            );
            const found = batch.rows[0].rows ?? [];
            if (!found.length) break;
            await sql`insert into ${sql.id(table)} select * from json_populate_recordset(null::${sql.id(table)}, ${JSON.stringify(found)}::json)`.execute(trx);
            rows += found.length;
          }
        }
        // Sequences (serial or identity columns) continue after the copied values.
        const sequenced = await sql<{ table_name: string; column_name: string }>`
          select table_name, column_name from information_schema.columns
           where table_schema = 'public' and (column_default like 'nextval(%' or is_identity = 'YES')`.execute(trx);
        for (const { table_name, column_name } of sequenced.rows) {
          await sql`select setval(pg_get_serial_sequence(${`"${table_name}"`}, ${column_name}), coalesce(max(${sql.id(column_name)}), 1), max(${sql.id(column_name)}) is not null) from ${sql.id(table_name)}`.execute(trx);
        }
      });
      return { tables: tables.length, rows };
    } finally {
      await target.close();
      await source.close();
    }
  } finally {
    await unlock();
  }
}
