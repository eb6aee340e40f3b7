/**
 * Portal schemes and the homepage configuration (issue 21, spec §2 portal scheme management, homepage
 * configuration; index may redirect to a configured home path).
 *
 * - portal_schemes: a named layout of portal cards (md_portal_card codes with x, y, w, h on a 12-column
 *   grid), per organisation, with the roles and users it is assigned to (their home when no homepage
 *   configuration says otherwise).
 * - portal_home_config: per organisation, the home page of a user, of a role, or the default (target
 *   kind USER / ROLE / DEFAULT): either a scheme or a path. Resolution: user > role > default.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('portal_schemes')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 100`))
    // [{ card, x, y, w, h }], validated by src/shared/portal/cards.ts layoutProblem before it is stored.
    .addColumn('layout', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('role_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('user_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .addUniqueConstraint('portal_schemes_name_uq', ['org_id', 'name'])
    .execute();

  await db.schema
    .createTable('portal_home_config')
    .addColumn('id', 'text', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('target_kind', 'text', (c) => c.notNull().check(sql`target_kind in ('USER', 'ROLE', 'DEFAULT')`))
    // The user's or role's id; '' for the default.
    .addColumn('target_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scheme_id', 'text', (c) => c.references('portal_schemes.id').onDelete('restrict'))
    .addColumn('path', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .addUniqueConstraint('portal_home_config_target_uq', ['org_id', 'target_kind', 'target_id'])
    .addCheckConstraint('portal_home_config_one_home', sql`(scheme_id is null) <> (path is null)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('portal_home_config').execute();
  await db.schema.dropTable('portal_schemes').execute();
}
