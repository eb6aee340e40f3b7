/**
 * The home page (spec §2 Home): notices (rich text, pinned flag) and warnings (with the call status
 * of spec §4) per organisation; common functions, to-do items and memos per user; the version
 * master and detail; and the daily warehouse figures the data-show chart draws.
 */
import { sql, type Kysely } from 'kysely';

const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('home_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    // Sanitised HTML (server/modules/home/rich-text.ts) — never stored as sent.
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_top', 'text', (c) => c.notNull().defaultTo('N').check(sql`is_top in ('Y', 'N')`))
    .addColumn('publisher', 'text', (c) => c.notNull())
    .addColumn('publish_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('home_notices_org').on('home_notices').columns(['org_id', 'publish_time']).execute();

  await db.schema
    .createTable('home_warnings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('warning_level', 'text', (c) => c.notNull().check(sql`warning_level in ('info', 'warning', 'danger')`))
    .addColumn('call_status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`call_status in ('pending', 'processing', 'success', 'failure')`))
    .addColumn('call_time', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('home_warnings_org').on('home_warnings').columns(['org_id', 'created_at']).execute();

  await db.schema
    .createTable('user_common_functions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('menu_id', 'text', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('menu_path', 'text', (c) => c.notNull())
    .addColumn('sort_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('user_common_functions_user_menu', ['user_id', 'menu_id'])
    .execute();

  await db.schema
    .createTable('user_todos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo('normal').check(sql`priority in ('high', 'normal', 'low')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'done')`))
    .addColumn('due_time', 'timestamptz')
    .addColumn('menu_path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('user_todos_user').on('user_todos').columns(['user_id', 'org_id']).execute();

  await db.schema
    .createTable('version_masters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('version_no', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('release_date', 'date', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('version_details')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('master_id', 'text', (c) => c.notNull().references('version_masters.id').onDelete('cascade'))
    .addColumn('sort_num', 'integer', (c) => c.notNull())
    .addColumn('change_type', 'text', (c) => c.notNull().check(sql`change_type in ('feature', 'improvement', 'fix')`))
    .addColumn('content', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('version_details_master').on('version_details').column('master_id').execute();

  await db.schema
    .createTable('user_memos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('user_memos_user').on('user_memos').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('home_daily_throughput')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('stat_date', 'date', (c) => c.notNull())
    .addColumn('inbound_qty', 'integer', (c) => c.notNull().defaultTo(0).check(sql`inbound_qty >= 0`))
    .addColumn('outbound_qty', 'integer', (c) => c.notNull().defaultTo(0).check(sql`outbound_qty >= 0`))
    .addColumn('inspected_qty', 'integer', (c) => c.notNull().defaultTo(0).check(sql`inspected_qty >= 0`))
    .addPrimaryKeyConstraint('home_daily_throughput_pk', ['org_id', 'stat_date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'home_daily_throughput', 'user_memos', 'version_details', 'version_masters', 'user_todos', 'user_common_functions', 'home_warnings', 'home_notices',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
