/**
 * Administration (issue 5): organisation types, the terminal a menu belongs to (the portal, PDA or
 * tablet tree of the role permission screen) and a user's own menu selection (User/SaveUserMenu).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organization_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('remark', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // PC: the portal's menus; PDA and PAD: the handheld and tablet terminals' menus (spec §6).
  await db.schema
    .alterTable('menus')
    .addColumn('terminal', 'text', (c) => c.notNull().defaultTo('PC').check(sql`terminal in ('PC', 'PDA', 'PAD')`))
    .execute();

  await db.schema
    .createTable('user_menus')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('menu_id', 'text', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('app_code', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_menus_pk', ['user_id', 'menu_id', 'app_code'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_menus').execute();
  await db.schema.alterTable('menus').dropColumn('terminal').execute();
  await db.schema.dropTable('organization_types').execute();
}
