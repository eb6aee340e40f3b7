/**
 * 0077_sso_tickets on a database made when a login's ticket lived in sessions.ticket_hash: the unused
 * tickets of live sessions move to sso_tickets (good until their session expires), the column goes.
 */
import { PGlite } from '@electric-sql/pglite';
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pgliteDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrationProvider } from '../../server/db/migrations/index.ts';
import { scratchPostgres } from './support/test-server.ts';

const databases: (readonly [name: string, open: () => Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }>])[] = [
  ['PGlite', async () => ({ handle: pgliteDatabase(await PGlite.create()), dispose: async () => {} })],
  ...(process.env.DATABASE_URL
    ? [
        [
          'PostgreSQL',
          async () => {
            const database = scratchPostgres(process.env.DATABASE_URL!);
            return { handle: await database.open(), dispose: () => database.dispose() };
          },
        ] as const,
      ]
    : []),
];

const columnsOf = async (db: Kysely<unknown>, table: string) =>
  (await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = ${table}`.execute(db)).rows.map((r) => r.column_name);

describe('0077_sso_tickets', () => {
  it.each(databases)('moves the unused tickets of live sessions into sso_tickets (%s)', async (_name, open) => {
    const { handle, dispose } = await open();
    const db = handle.db as unknown as Kysely<unknown>;
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0072_login_throttle')).error).toBeUndefined();
      await sql`insert into organizations (id, code, name) values ('o-1', 'F1', 'One')`.execute(db);
      await sql`insert into users (id, user_name, nick_name, password_hash) values ('u-1', 'first', 'First', 'x')`.execute(db);
      const expires = new Date('2030-01-01T00:00:00Z');
      await sql`insert into sessions (id, user_id, org_id, token_hash, ticket_hash, created_at, expires_at, revoked_at) values
        ('s-unused', 'u-1', 'o-1', 'tok-1', 'tick-1', now(), ${expires}, null),
        ('s-used', 'u-1', 'o-1', 'tok-2', null, now(), ${expires}, null),
        ('s-revoked', 'u-1', 'o-1', 'tok-3', 'tick-3', now(), ${expires}, now())`.execute(db);

      await migrateToLatest(handle.db);
      expect(await columnsOf(db, 'sessions')).not.toContain('ticket_hash');
      const moved = await sql<{ ticket_hash: string; session_id: string; expires_at: Date }>`select ticket_hash, session_id, expires_at from sso_tickets`.execute(db);
      expect(moved.rows).toEqual([{ ticket_hash: 'tick-1', session_id: 's-unused', expires_at: expires }]);
    } finally {
      await handle.close();
      await dispose();
    }
  }, 60_000);
});
