/**
 * Users have several roles (spec §3 User: roles): the single users.role_id becomes the user_roles
 * relation. Every existing user keeps the role they had (it becomes their first role), then the
 * column goes, so nothing can read a stale single role. `down` puts each user's first role back.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A role given to a user cannot be deleted (Role/Delete answers 'in use').
    .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id'))
    .addColumn('sort_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').column('role_id').execute();
  await sql`insert into user_roles (user_id, role_id, sort_num) select id, role_id, 0 from users where role_id is not null`.execute(db);
  await db.schema.alterTable('users').dropColumn('role_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('role_id', 'text', (c) => c.references('roles.id')).execute();
  await sql`
    update users set role_id = (
      select role_id from user_roles where user_roles.user_id = users.id order by sort_num, role_id limit 1
    )`.execute(db);
  // A user left without a role cannot keep the NOT NULL column of 0001: give them the first role made.
  await sql`update users set role_id = (select id from roles order by created_at, id limit 1) where role_id is null`.execute(db);
  await db.schema.alterTable('users').alterColumn('role_id', (c) => c.setNotNull()).execute();
  await db.schema.dropTable('user_roles').execute();
}
