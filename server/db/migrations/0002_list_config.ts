/**
 * The grid framework's list configuration (spec §3): the lists and their data sources
 * (list_routes), search-field settings (list_params), saved advanced searches per user
 * (list_saved_conditions) and column configuration per user (list_user_columns).
 */
import { sql, type Kysely } from 'kysely';

const yesNo = (column: string) => sql`${sql.ref(column)} in ('Y', 'N')`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('list_routes')
    .addColumn('list_route', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    // 'table': a table or view of the product; 'sql': an administrator's SELECT (report framework).
    .addColumn('source_kind', 'text', (c) => c.notNull().check(sql`source_kind in ('table', 'sql')`))
    .addColumn('source_table', 'text')
    .addColumn('source_sql', 'text')
    .addColumn('key_field', 'text')
    // The source has an org_id column and a caller sees only the rows of the organisation they act in.
    .addColumn('org_scoped', 'boolean', (c) => c.notNull().defaultTo(false))
    // The menu whose grid buttons (spec §6) govern this list's configuration calls.
    .addColumn('menu_code', 'text')
    .addCheckConstraint(
      'list_routes_source',
      sql`(source_kind = 'table' and source_table is not null) or (source_kind = 'sql' and source_sql is not null)`,
    )
    .execute();

  await db.schema
    .createTable('list_params')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('list_route', 'text', (c) => c.notNull().references('list_routes.list_route').onDelete('cascade'))
    .addColumn('ord_idx', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('param_name', 'text', (c) => c.notNull())
    .addColumn('param_caption', 'text', (c) => c.notNull())
    .addColumn('field_name', 'text', (c) => c.notNull())
    .addColumn('data_type', 'integer', (c) => c.notNull().check(sql`data_type between 1 and 8`))
    .addColumn('action_type', 'integer', (c) => c.notNull().check(sql`action_type between 1 and 10`))
    .addColumn('is_fast_search', 'text', (c) => c.notNull().defaultTo('N').check(yesNo('is_fast_search')))
    .addColumn('default_value', 'text')
    .addColumn('show_format', 'text')
    // Comma-separated: '', 'sum', 'avg' or 'sum,avg'.
    .addColumn('aggregation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_paging', 'text', (c) => c.notNull().defaultTo('N').check(yesNo('is_paging')))
    .addColumn('remark', 'text')
    .addColumn('param_value', 'text')
    .addColumn('reference_sql', 'text')
    .addColumn('sub_sql', 'text')
    // Checked at commit, so one save may swap two rows' names.
    .addUniqueConstraint('list_params_name_per_route', ['list_route', 'param_name'], (c) => c.deferrable().initiallyDeferred())
    .execute();

  await db.schema
    .createTable('list_saved_conditions')
    .addColumn('list_route', 'text', (c) => c.notNull().references('list_routes.list_route').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ord_id', 'integer', (c) => c.notNull())
    .addColumn('param_name', 'text', (c) => c.notNull())
    .addColumn('field_name', 'text', (c) => c.notNull())
    .addColumn('action_type', 'integer', (c) => c.notNull())
    .addColumn('data_type', 'integer', (c) => c.notNull())
    .addColumn('param_value', 'text')
    .addColumn('is_paging', 'text', (c) => c.notNull().defaultTo('N').check(yesNo('is_paging')))
    .addColumn('search_mode', 'text', (c) => c.notNull().defaultTo('advanced_search'))
    .addPrimaryKeyConstraint('list_saved_conditions_pk', ['list_route', 'user_id', 'ord_id'])
    .execute();

  await db.schema
    .createTable('list_user_columns')
    .addColumn('list_route', 'text', (c) => c.notNull().references('list_routes.list_route').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('field_name', 'text', (c) => c.notNull())
    .addColumn('ord_idx', 'integer', (c) => c.notNull())
    .addColumn('field_caption', 'text', (c) => c.notNull())
    .addColumn('field_width', 'integer', (c) => c.notNull().defaultTo(140))
    .addColumn('is_visible', 'text', (c) => c.notNull().defaultTo('Y').check(yesNo('is_visible')))
    .addPrimaryKeyConstraint('list_user_columns_pk', ['list_route', 'user_id', 'field_name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['list_user_columns', 'list_saved_conditions', 'list_params', 'list_routes']) {
    await db.schema.dropTable(table).execute();
  }
}
