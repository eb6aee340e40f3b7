/**
 * Reel editing (issue 17, spec §2 "reel barcode generation and editing"): a reel's lot, date code and
 * expiry may be corrected; every change is kept.
 *
 * - stock_transactions gains the kind RELOT: the lot of a reel in stock changed through the ledger
 *   (server/modules/stock/ledger.ts), written as two rows of one request: the reel's quantity out of
 *   its old lot's balance (from_sic/from_loc, old lot) and into its new lot's (to_sic/to_loc, new lot),
 *   in the same place. Not reversible (a correction is corrected by another).
 * - stock_reel_history: every other field change of a reel (who, when, field, old → new); the lot of a
 *   reel in stock also names its RELOT transaction.
 * Released migrations are never edited.
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from './frozen/caption-v1.ts';

const CAPTIONS: Record<string, [string, string]> = {
  id: ['编号', 'Id'],
  org_id: ['组织', 'Organisation'],
  reel_code: ['条码', 'Reel code'],
  field: ['字段', 'Field'],
  old_value: ['原值', 'Old value'],
  new_value: ['新值', 'New value'],
  txn_id: ['库存流水', 'Stock transaction'],
  user_id: ['用户', 'User'],
  user_name: ['用户名', 'User name'],
  changed_at: ['修改时间', 'Changed at'],
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table stock_transactions drop constraint stock_transactions_kind_check`.execute(db);
  await sql`
    alter table stock_transactions add constraint stock_transactions_kind_check
      check (kind in ('RECEIVE', 'RELEASE', 'RESERVE', 'UNRESERVE', 'ISSUE', 'TRANSFER', 'SCRAP', 'SPLIT', 'REVERSAL', 'RELOT'))`.execute(db);
  await sql`
    create table stock_reel_history (
      id bigint generated always as identity primary key,
      org_id text not null references organizations (id),
      reel_code text not null,
      field text not null check (field in ('LotCode', 'DateCode', 'ExpireDate')),
      old_value text,
      new_value text,
      txn_id bigint references stock_transactions (id),
      user_id text not null,
      user_name text not null,
      changed_at timestamptz not null default now(),
      foreign key (org_id, reel_code) references stock_reels (org_id, reel_code) on update cascade on delete cascade
    )`.execute(db);
  await sql`create index stock_reel_history_reel on stock_reel_history (org_id, reel_code, id)`.execute(db);
  for (const [column, [zh, en]] of Object.entries(CAPTIONS)) {
    await sql`comment on column ${sql.id('stock_reel_history', column)} is ${sql.lit(bilingualCaption(zh, en))}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_reel_history').execute();
  await sql`alter table stock_transactions drop constraint stock_transactions_kind_check`.execute(db);
  await sql`
    alter table stock_transactions add constraint stock_transactions_kind_check
      check (kind in ('RECEIVE', 'RELEASE', 'RESERVE', 'UNRESERVE', 'ISSUE', 'TRANSFER', 'SCRAP', 'SPLIT', 'REVERSAL')) not valid`.execute(db);
}
