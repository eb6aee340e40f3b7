/**
 * SQL configuration (issue 21, spec §2 SQL配置): every configured SQL in one place, and its audit.
 * - list_param_sql_audit: each change of a search field's REFERENCE_SQL or SUB_SQL, with the SQL before and
 *   after and who made it (append-only; a report's SQL has report_audit).
 * - sql_config_list: what SQL配置 shows — each report's SQL and each search field's REFERENCE_SQL / SUB_SQL,
 *   with its last change. Not granted to the configured-SQL role: SQL text is for the administrators.
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from './frozen/caption-v1.ts';

/** The list's captions (its grid's column headers), as the page declaration says them. */
const CAPTIONS: Record<string, [string, string]> = {
  id: ['编号', 'Key'],
  kind: ['类型', 'Kind'],
  subject: ['对象代码', 'Used by (code)'],
  subject_name: ['对象', 'Used by'],
  param_name: ['搜索字段', 'Search field'],
  sql_text: ['SQL', 'SQL'],
  changed_by: ['修改人', 'Changed by'],
  changed_at: ['修改时间', 'Changed at'],
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('list_param_sql_audit')
    .addColumn('id', 'bigint', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('list_route', 'text', (c) => c.notNull())
    .addColumn('param_name', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull().check(sql`field in ('REFERENCE_SQL', 'SUB_SQL')`))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sql_before', 'text')
    .addColumn('sql_after', 'text')
    .execute();
  await db.schema.createIndex('list_param_sql_audit_subject').on('list_param_sql_audit').columns(['list_route', 'param_name', 'field', 'id']).execute();

  await sql`
    create view sql_config_list as
    select 'REPORT:' || r.code as id, 'REPORT' as kind, r.code as subject, r.name as subject_name, null::text as param_name,
           r.sql_text, r.updated_by as changed_by, r.updated_at as changed_at
      from reports r
     where r.sql_text is not null
    union all
    select 'LIST:' || p.list_route || ':' || p.param_name || ':' || f.field, f.field, p.list_route, coalesce(lr.title, p.list_route), p.param_name,
           f.sql_text, last.user_name, last.at
      from list_params p
      join list_routes lr on lr.list_route = p.list_route
      cross join lateral (values ('REFERENCE_SQL', p.reference_sql), ('SUB_SQL', p.sub_sql)) as f(field, sql_text)
      left join lateral (
        select a.user_name, a.at from list_param_sql_audit a
         where a.list_route = p.list_route and a.param_name = p.param_name and a.field = f.field
         order by a.id desc limit 1
      ) last on true
     where coalesce(f.sql_text, '') <> ''
  `.execute(db);
  for (const [column, [zh, en]] of Object.entries(CAPTIONS)) {
    await sql`comment on column ${sql.id('sql_config_list', column)} is ${sql.lit(bilingualCaption(zh, en))}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop view sql_config_list`.execute(db);
  await db.schema.dropTable('list_param_sql_audit').execute();
}
