/**
 * A user's favourite screens (spec §3 Favourite, SysFavorites) and menu click statistics (spec §3
 * Menu click statistics). Both belong to one user and one menu, and go with either; one row per
 * user and screen path, so adding a favourite twice or counting a visit is an upsert.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_favourites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('menu_id', 'text', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('menu_path', 'text', (c) => c.notNull())
    .addColumn('enable', 'text', (c) => c.notNull().defaultTo('Y').check(sql`enable in ('Y', 'N')`))
    .addColumn('sort_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('user_favourites_user_path', ['user_id', 'menu_path'])
    .execute();

  await db.schema
    .createTable('menu_click_stats')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('menu_id', 'text', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('menu_path', 'text', (c) => c.notNull())
    // The titles and icon as the portal showed them at the last visit (spec §3 fields).
    .addColumn('menu_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('menu_en_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('menu_icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('num_of_click', 'integer', (c) => c.notNull().defaultTo(0).check(sql`num_of_click >= 0`))
    .addColumn('last_click_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('menu_click_stats_user_path', ['user_id', 'menu_path'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('menu_click_stats').execute();
  await db.schema.dropTable('user_favourites').execute();
}
