/**
 * 库龄查询 (Reel aging, src/shared/pages/reel-aging.ts): the reels in stock with how many days ago they were
 * received (the age first after the part: it is what the screen is for). A view, so the age is always today's and the list engine searches and pages it like a table.
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from './frozen/caption-v1.ts';

const CAPTIONS: Record<string, [string, string]> = {
  org_id: ['组织', 'Organisation'],
  reel_code: ['条码', 'Reel code'],
  part_code: ['料号', 'Part'],
  lot_code: ['批次', 'Lot'],
  date_code: ['周期码', 'Date code'],
  qty: ['数量', 'Quantity'],
  sic: ['存储地点', 'Storage location'],
  loc: ['库位', 'Locator'],
  age_days: ['库龄(天)', 'Age (days)'],
  received_at: ['收货时间', 'Received at'],
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create view stock_reel_ages as
    select org_id, reel_code, part_code, (current_date - received_at::date) as age_days, received_at,
           qty, lot_code, date_code, sic, loc
    from stock_reels
    where status in ('INSPECTION', 'IN_STOCK') and received_at is not null`.execute(db);
  for (const [column, [zh, en]] of Object.entries(CAPTIONS)) {
    await sql`comment on column ${sql.id('stock_reel_ages', column)} is ${sql.lit(bilingualCaption(zh, en))}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop view stock_reel_ages`.execute(db);
}
