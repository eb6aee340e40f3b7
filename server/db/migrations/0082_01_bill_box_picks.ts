/**
 * What a pick on an issuing bill needs on its box (issue 14; server/modules/bills/outbound.ts): the
 * bill_boxes row of a picked reel (status PICKED, MOVED, CANCELLED) also keeps
 * - txn_ids: every stock transaction its pick, move and handover wrote, oldest first: what cancelling
 *   the pick reverses, newest first (txn_id, the engine's, is the latest of them);
 * - split_from, split_txn_id: the reel a partial pick split it off, and that split (a repeated
 *   partial pick is recognised by it);
 * - picked_at, picked_by: when and by whom it was (last) picked (a cancelled pick keeps them);
 * - handed_over_at, handed_over_by: handover confirm.
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from './frozen/caption-v1.ts';

const CAPTIONS: Record<string, [string, string]> = {
  txn_ids: ['库存交易号', 'Stock transactions'],
  split_from: ['拆自条码', 'Split from reel'],
  split_txn_id: ['拆盘交易号', 'Split transaction'],
  picked_at: ['拣货时间', 'Picked at'],
  picked_by: ['拣货人', 'Picked by'],
  handed_over_at: ['交接时间', 'Handed over at'],
  handed_over_by: ['交接人', 'Handed over by'],
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table bill_boxes
      add column txn_ids bigint[] not null default '{}',
      add column split_from text,
      add column split_txn_id bigint references stock_transactions (id),
      add column picked_at timestamptz,
      add column picked_by text,
      add column handed_over_at timestamptz,
      add column handed_over_by text`.execute(db);
  for (const [column, [zh, en]] of Object.entries(CAPTIONS)) {
    await sql`comment on column ${sql.id('bill_boxes', column)} is ${sql.lit(bilingualCaption(zh, en))}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bill_boxes drop column txn_ids, drop column split_from, drop column split_txn_id, drop column picked_at, drop column picked_by, drop column handed_over_at, drop column handed_over_by`.execute(db);
}
