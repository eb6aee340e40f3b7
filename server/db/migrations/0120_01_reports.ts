/**
 * The report framework (issue 21, spec §2): custom reports and the audit of their changes.
 *
 * - reports: one custom report (code, names, its parent for a child / "sun" report and which
 *   columns of the parent's row feed its parameters, its SQL and named parameters, the grid's
 *   columns and footer figures, an optional chart, a help document). Its data is the list route
 *   `/report/loading/<code>` (source_kind 'sql'), so the DataGrid and the query engine serve it.
 * - report_audit: every change of a report, with the SQL before and after (append-only).
 * - list_routes.source_params: the named parameters an SQL source binds (as `param.<name>`).
 * - list_column_meta.caption / caption_en / width: a column's caption and default width as the list's configuration sets them.
 * - The configured-SQL role may read the stock balances (organisation-scoped by row-level security),
 *   so a stock report needs no grant of the ledger's tables.
 */
import { sql, type Kysely } from 'kysely';
import { grantReportRead, revokeReportRead } from './frozen/report-read-v1.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('list_routes').addColumn('source_params', 'jsonb').execute();
  // A column's caption and default width set by the list's configuration (a report's grid step), over the source's own (a table's comment, an SQL's column name).
  await db.schema.alterTable('list_column_meta').addColumn('caption', 'text').addColumn('caption_en', 'text').addColumn('width', 'integer').execute();

  await db.schema
    .createTable('reports')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code ~ '^[A-Za-z][A-Za-z0-9_]{0,39}$'`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('parent_code', 'text', (c) => c.references('reports.code').onDelete('restrict'))
    // The menu whose grant opens the report (a child report is opened under its root's menu).
    .addColumn('menu_code', 'text')
    .addColumn('sql_text', 'text')
    // [{ name, caption, captionEn, type: 'text' | 'number' | 'date', defaultValue }]
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // A child's parameters from its parent's row: { childParam: parentColumn }.
    .addColumn('drill_params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // [{ field, caption, captionEn, width, format, aggregation }]
    .addColumn('grid_columns', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // null, or { type: 'line' | 'bar' | 'pie', x, y: [columns] }
    .addColumn('chart', 'jsonb')
    .addColumn('help_html', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .execute();

  await db.schema
    .createTable('report_audit')
    .addColumn('id', 'bigint', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('report_code', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sql_before', 'text')
    .addColumn('sql_after', 'text')
    // What else changed: the fields before and after.
    .addColumn('detail', 'jsonb')
    .execute();
  await db.schema.createIndex('report_audit_report').on('report_audit').columns(['report_code', 'id']).execute();

  await grantReportRead(db, 'stock_balances');
}

export async function down(db: Kysely<any>): Promise<void> {
  await revokeReportRead(db, 'stock_balances');
  await db.schema.dropTable('report_audit').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.alterTable('list_column_meta').dropColumn('caption').dropColumn('caption_en').dropColumn('width').execute();
  await db.schema.alterTable('list_routes').dropColumn('source_params').execute();
}
