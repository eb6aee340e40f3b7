/**
 * Bill/Pick may carry a key the client makes once per scan (RequestKey): a retried pick with it
 * answers the pick the first one made instead of picking again (issue 14: a partial pick repeated
 * after another pick on the bill would otherwise split the reel a second time). The key is kept on
 * the box the pick made, unique per bill.
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from './frozen/caption-v1.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bill_boxes add column request_key text`.execute(db);
  await sql`alter table bill_boxes add constraint bill_boxes_request_key unique (bill_id, request_key)`.execute(db);
  await sql`comment on column bill_boxes.request_key is ${sql.lit(bilingualCaption('请求键', 'Request key'))}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bill_boxes drop column request_key`.execute(db);
}
