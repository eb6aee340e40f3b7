/**
 * Bill/Save of a new bill may carry a key the client makes once per bill (RequestKey): a retried
 * save with the same key answers the bill the first one made instead of making a second (issue 14:
 * a retried request has the effect of once). Unique per organisation.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bill_headers add column request_key text`.execute(db);
  await sql`alter table bill_headers add constraint bill_headers_request_key unique (org_id, request_key)`.execute(db);
  await sql`comment on column bill_headers.request_key is ${sql.lit('请求键\nRequest key')}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bill_headers drop column request_key`.execute(db);
}
