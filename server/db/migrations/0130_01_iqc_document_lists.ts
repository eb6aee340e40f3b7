/**
 * The quality screens' grids over the inspection documents (issue 19): 放宽接收审批
 * (/quality/loose-approval) lists the rejected documents a concession may release, 检验报告
 * (/quality/report) the judged ones (accepted, rejected, concession). Two views of iqc_documents with
 * its column captions; their list routes come from the page declarations (src/shared/pages).
 * Released migrations are never edited.
 */
import { sql, type Kysely } from 'kysely';

const VIEWS = {
  iqc_documents_rejected: sql`select * from iqc_documents where status = 'REJECTED'`,
  iqc_documents_judged: sql`select * from iqc_documents where status <> 'PENDING'`,
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [view, query] of Object.entries(VIEWS)) {
    await sql`create view ${sql.id(view)} as ${query}`.execute(db);
    // The grids caption a column by its comment: the view's columns take the table's.
    const { rows } = await sql<{ column: string; caption: string }>`
      select a.attname as column, col_description(a.attrelid, a.attnum) as caption
        from pg_attribute a
       where a.attrelid = 'iqc_documents'::regclass and a.attnum > 0 and not a.attisdropped and col_description(a.attrelid, a.attnum) is not null`.execute(db);
    for (const { column, caption } of rows) await sql`comment on column ${sql.id(view, column)} is ${sql.lit(caption)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const view of Object.keys(VIEWS)) await sql`drop view if exists ${sql.id(view)}`.execute(db);
}
