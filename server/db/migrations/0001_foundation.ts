/**
 * Foundation tables: organisations, users, roles, menus and buttons with their role grants,
 * sessions, captchas, the login RSA key, child apps and configuration variables.
 * Migrations take Kysely<any>: they describe the schema as it was then, not as schema.ts is now.
 */
import { sql, type Kysely } from 'kysely';

const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.references('organizations.id'))
    .addColumn('org_type', 'text')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('remark', 'text')
    .addColumn('sort_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role_type', 'text', (c) => c.notNull().check(sql`role_type in ('SUPER_ADMIN', 'SYSTEM_ADMIN', 'NORMAL')`))
    .addColumn('is_system_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('remark', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('nick_name', 'text', (c) => c.notNull())
    .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('wechat_id', 'text')
    .addColumn('dingtalk_id', 'text')
    .addColumn('user_type', 'text')
    .addColumn('remark', 'text')
    .addColumn('is_available', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('login_locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // User names are matched case-insensitively at login, so they must be unique that way too.
  await db.schema.createIndex('users_user_name_unique').on('users').expression(sql`lower(user_name)`).unique().execute();

  await db.schema
    .createTable('user_organizations')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_organizations_pk', ['user_id', 'org_id'])
    .execute();

  await db.schema
    .createTable('menus')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.references('menus.id').onDelete('cascade'))
    .addColumn('menu_code', 'text', (c) => c.notNull().unique())
    .addColumn('menu_name', 'text', (c) => c.notNull())
    .addColumn('menu_en', 'text', (c) => c.notNull())
    .addColumn('call_alias', 'text')
    .addColumn('icon_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('target', 'text', (c) => c.notNull().defaultTo('').check(sql`target in ('', '_self', '_blank')`))
    .addColumn('is_system_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_expanded', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_shown', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('param_config', 'text')
    .addColumn('parent_route', 'text')
    .addColumn('enabled', 'text', (c) => c.notNull().defaultTo('Y').check(sql`enabled in ('Y', 'N')`))
    .addColumn('app_code', 'text')
    .addColumn('app_url', 'text')
    .execute();
  // Spec §5: a menu's link address is unique (groups have none).
  await db.schema.createIndex('menus_link_url_unique').on('menus').column('link_url').unique().where(sql.ref('link_url'), '<>', '').execute();

  await db.schema
    .createTable('menu_buttons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('menu_code', 'text', (c) => c.notNull())
    .addColumn('parent_menu_code', 'text', (c) => c.notNull())
    .addColumn('button_name', 'text', (c) => c.notNull())
    .addColumn('button_name_en', 'text', (c) => c.notNull())
    .addColumn('sort_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('menu_buttons_code_per_menu', ['parent_id', 'menu_code'])
    .execute();

  await db.schema
    .createTable('role_menus')
    .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('menu_id', 'text', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('app_code', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_menus_pk', ['role_id', 'menu_id', 'app_code'])
    .execute();

  await db.schema
    .createTable('role_buttons')
    .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('button_id', 'text', (c) => c.notNull().references('menu_buttons.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_buttons_pk', ['role_id', 'button_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('ticket_hash', 'text', (c) => c.unique())
    .addColumn('parent_session_id', 'text', (c) => c.references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_parent_session_id').on('sessions').column('parent_session_id').execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rsa_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('public_pem', 'text', (c) => c.notNull())
    .addColumn('private_pem', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('child_apps')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sort_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requires_login', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('api_path_config')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('environment_variables')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('env_name', 'text', (c) => c.notNull())
    .addColumn('var_name', 'text', (c) => c.notNull())
    .addColumn('url_prefix', 'text', (c) => c.notNull())
    .addColumn('enabled', 'text', (c) => c.notNull().defaultTo('Y').check(sql`enabled in ('Y', 'N')`))
    .addUniqueConstraint('environment_variables_env_var', ['env_name', 'var_name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'environment_variables', 'api_path_config', 'child_apps', 'rsa_keys', 'captchas', 'sessions',
    'role_buttons', 'role_menus', 'menu_buttons', 'menus', 'user_organizations', 'users', 'roles', 'organizations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
