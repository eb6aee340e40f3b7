/**
 * 0031_user_roles on a database made before users had several roles: every user keeps the one role
 * they had (now their first of user_roles), the old column is gone, and `down` puts it back.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';
import * as userRoles from '../../server/db/migrations/0031_user_roles.ts';
import { migrationProvider } from '../../server/db/migrations/index.ts';
import { migrationDatabases } from './support/migration-databases.ts';

const columnsOf = async (db: Kysely<unknown>, table: string) =>
  (await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = ${table}`.execute(db)).rows.map((r) => r.column_name);

describe('0031_user_roles', () => {
  it.each(migrationDatabases)('moves each existing user\'s single role into user_roles, and back on down (%s)', async (_name, open) => {
    const { handle, dispose } = await open();
    const db = handle.db as unknown as Kysely<unknown>;
    try {
      // A database as it was before: migrated up to 0030_admin, users with one role_id each.
      const migrator = new Migrator({ db, provider: migrationProvider });
      const before = await migrator.migrateTo('0030_admin');
      expect(before.error).toBeUndefined();
      expect(await columnsOf(db, 'users')).toContain('role_id');
      await sql`insert into roles (id, name, role_type) values ('r-old-1', 'old one', 'NORMAL'), ('r-old-2', 'old two', 'SYSTEM_ADMIN')`.execute(db);
      await sql`insert into users (id, user_name, nick_name, role_id, password_hash) values
        ('u-1', 'first', 'First', 'r-old-1', 'x'), ('u-2', 'second', 'Second', 'r-old-2', 'x'), ('u-3', 'third', 'Third', 'r-old-1', 'x')`.execute(db);

      await migrateToLatest(handle.db);
      expect(await columnsOf(db, 'users')).not.toContain('role_id');
      const moved = await sql<{ user_id: string; role_id: string }>`select user_id, role_id from user_roles order by user_id`.execute(db);
      expect(moved.rows).toEqual([
        { user_id: 'u-1', role_id: 'r-old-1' },
        { user_id: 'u-2', role_id: 'r-old-2' },
        { user_id: 'u-3', role_id: 'r-old-1' },
      ]);

      // A second role, then down: each user gets their first role back in the single column.
      await sql`insert into user_roles (user_id, role_id, sort_num) values ('u-1', 'r-old-2', 1)`.execute(db);
      await userRoles.down(db);
      const restored = await sql<{ id: string; role_id: string }>`select id, role_id from users order by id`.execute(db);
      expect(restored.rows).toEqual([
        { id: 'u-1', role_id: 'r-old-1' },
        { id: 'u-2', role_id: 'r-old-2' },
        { id: 'u-3', role_id: 'r-old-1' },
      ]);
      expect(await columnsOf(db, 'user_roles')).toEqual([]);
    } finally {
      await handle.close();
      await dispose();
    }
  }, 60_000);
});
