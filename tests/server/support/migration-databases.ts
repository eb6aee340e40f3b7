/**
 * The empty databases a migration test runs on: a fresh PGlite, and a scratch PostgreSQL database when
 * DATABASE_URL is set. Each test gets its own and `withDatabase` closes and drops it, whatever the test did.
 */
import { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import { pgliteDatabase, type DatabaseHandle } from '../../../server/db/database.ts';
import { scratchPostgres } from './test-server.ts';

export type OpenDatabase = () => Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }>;

export const migrationDatabases: (readonly [name: string, open: OpenDatabase])[] = [
  ['PGlite', async () => ({ handle: pgliteDatabase(await PGlite.create()), dispose: async () => {} })],
  ...(process.env.DATABASE_URL
    ? [['PostgreSQL', async () => {
      const database = scratchPostgres(process.env.DATABASE_URL!);
      return { handle: await database.open(), dispose: () => database.dispose() };
    }] as const]
    : []),
];

/** Runs `body` on a database `open` gives, untyped (a migration test sees tables of any version), then closes and drops it. */
export async function withDatabase(open: OpenDatabase, body: (db: Kysely<unknown>, handle: DatabaseHandle) => Promise<void>) {
  const { handle, dispose } = await open();
  try {
    await body(handle.db as unknown as Kysely<unknown>, handle);
  } finally {
    await handle.close();
    await dispose();
  }
}
