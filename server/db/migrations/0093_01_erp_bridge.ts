/**
 * The ERP bridge (issue 18; server/modules/erp):
 * - md_service_config gains the credentials of a service (auth_user, auth_secret). The grid, its
 *   search and its export read the view md_service_config_list, which shows a stored secret only as
 *   the mask '******': the secret never leaves the database through the list engine.
 * - bill_post_outbox gains what delivery needs: a stable idempotency key per row (sent with every
 *   attempt, so the ERP applies a posting once however often it is sent), the time of the next
 *   attempt (back-off), and a lease (claimed_until, claim_token) so two processes never send a row
 *   at once.
 * - bill_headers gains erp_source: the ERP document a bill was sync-created from, unique per
 *   organisation, so a document is imported once however often, and however concurrently, the sync runs.
 * - home_warnings gains source: what raised the warning (e.g. 'erp-outbox:42'), unique per
 *   organisation, so a stuck posting raises one warning, not one per attempt.
 * Released migrations are never edited.
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from './frozen/caption-v1.ts';

const LIST_CAPTIONS: Record<string, [string, string]> = {
  code: ['服务代码', 'Service code'],
  name: ['服务名称', 'Service name'],
  service_url: ['服务地址', 'Service URL'],
  timeout_seconds: ['超时(秒)', 'Timeout (seconds)'],
  enabled: ['启用', 'Enabled'],
  remark: ['备注', 'Remark'],
  auth_user: ['认证用户', 'Auth user'],
  auth_secret: ['认证密钥', 'Auth secret'],
  id: ['ID', 'ID'],
  org_id: ['组织', 'Organisation'],
  version: ['版本', 'Version'],
  created_at: ['创建时间', 'Created at'],
  updated_at: ['修改时间', 'Updated at'],
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table md_service_config add column auth_user text, add column auth_secret text`.execute(db);
  await sql`comment on column md_service_config.auth_user is ${sql.lit(bilingualCaption('认证用户', 'Auth user'))}`.execute(db);
  await sql`comment on column md_service_config.auth_secret is ${sql.lit(bilingualCaption('认证密钥', 'Auth secret'))}`.execute(db);
  await sql`
    create view md_service_config_list as
    select code, name, service_url, timeout_seconds, enabled, remark, auth_user,
           case when coalesce(auth_secret, '') = '' then null else '******' end as auth_secret,
           id, org_id, version, created_at, updated_at
    from md_service_config`.execute(db);
  for (const [column, [zh, en]] of Object.entries(LIST_CAPTIONS)) {
    await sql`comment on column ${sql.id('md_service_config_list', column)} is ${sql.lit(bilingualCaption(zh, en))}`.execute(db);
  }
  await sql`update list_routes set source_table = 'md_service_config_list' where list_route = '/schedule/service-config'`.execute(db);
  await sql`
    insert into list_params (id, list_route, ord_idx, param_name, param_caption, field_name, data_type, action_type, is_fast_search, aggregation, is_paging)
    values ('md_service_config-auth_user', '/schedule/service-config', 70, 'auth_user', '认证用户', 'auth_user', 1, 6, 'N', '', 'N')`.execute(db);

  await sql`
    alter table bill_post_outbox
      add column idempotency_key uuid not null default gen_random_uuid(),
      add column next_attempt_at timestamptz not null default now(),
      add column claimed_until timestamptz,
      add column claim_token text`.execute(db);
  await sql`alter table bill_post_outbox add constraint bill_post_outbox_idempotency_key unique (idempotency_key)`.execute(db);
  await sql`comment on column bill_post_outbox.idempotency_key is ${sql.lit(bilingualCaption('幂等键', 'Idempotency key'))}`.execute(db);
  await sql`comment on column bill_post_outbox.next_attempt_at is ${sql.lit(bilingualCaption('下次尝试', 'Next attempt'))}`.execute(db);

  await sql`alter table bill_headers add column erp_source text`.execute(db);
  await sql`alter table bill_headers add constraint bill_headers_erp_source unique (org_id, erp_source)`.execute(db);
  await sql`comment on column bill_headers.erp_source is ${sql.lit(bilingualCaption('ERP来源单据', 'ERP source document'))}`.execute(db);

  await sql`alter table home_warnings add column source text`.execute(db);
  await sql`alter table home_warnings add constraint home_warnings_source unique (org_id, source)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table home_warnings drop column source`.execute(db);
  await sql`alter table bill_headers drop column erp_source`.execute(db);
  await sql`alter table bill_post_outbox drop column idempotency_key, drop column next_attempt_at, drop column claimed_until, drop column claim_token`.execute(db);
  await sql`delete from list_params where id = 'md_service_config-auth_user'`.execute(db);
  await sql`update list_routes set source_table = 'md_service_config' where list_route = '/schedule/service-config'`.execute(db);
  await sql`drop view md_service_config_list`.execute(db);
  await sql`alter table md_service_config drop column auth_user, drop column auth_secret`.execute(db);
}
