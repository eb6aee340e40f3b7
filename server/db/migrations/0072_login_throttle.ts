/**
 * Login throttling (issue 11 defect 7): wrong passwords are counted per user name — known or not, so
 * the answers do not tell them apart — and per client address, in a table of their own. The old
 * per-user counter on users (0001_foundation) counted known users only and is dropped.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    // 'user:<lower-case user name>' or 'address:<client address>'.
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    // How many times the key was locked since it was last quiet: the next lock lasts twice as long.
    .addColumn('locks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Old quiet rows are purged by age.
  await db.schema.createIndex('login_throttle_last_failure_at').on('login_throttle').column('last_failure_at').execute();
  await db.schema.alterTable('users').dropColumn('failed_login_count').execute();
  await db.schema.alterTable('users').dropColumn('login_locked_until').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('login_locked_until', 'timestamptz').execute();
  await db.schema.dropTable('login_throttle').execute();
}
