/**
 * The return-to-vendor (RT) or scrap (BB) bill made from a rejected inspection document (issue 19,
 * Iqc/MakeBill): its id and code on the document. One per document: the document's row lock
 * serialises two makes, the second finds the first's bill; the unique index backs it.
 * Released migrations are never edited.
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from './frozen/caption-v1.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table iqc_documents add column made_bill_id text, add column made_bill_code text`.execute(db);
  await sql`create unique index iqc_documents_made_bill on iqc_documents (org_id, made_bill_id) where made_bill_id is not null`.execute(db);
  await sql`comment on column iqc_documents.made_bill_id is ${sql.lit(bilingualCaption('退货/报废单编号', 'Return / scrap bill id'))}`.execute(db);
  await sql`comment on column iqc_documents.made_bill_code is ${sql.lit(bilingualCaption('退货/报废单号', 'Return / scrap bill'))}`.execute(db);
  await sql`insert into list_column_meta (list_route, field_name, hidden, lookup_type) values ('/quality/document', 'made_bill_id', true, null) on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from list_column_meta where list_route = '/quality/document' and field_name = 'made_bill_id'`.execute(db);
  await sql`alter table iqc_documents drop column made_bill_code, drop column made_bill_id`.execute(db);
}
