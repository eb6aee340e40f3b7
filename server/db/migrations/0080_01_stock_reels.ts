/**
 * Reels (spec §3 Reel; DESIGN.md "Warehouse"): a reel is a package, one row with its quantity and its
 * one place. Only the stock ledger (server/modules/stock/ledger.ts) changes a reel's quantity, place,
 * status or reservation, in the same transaction as the balances and the ledger rows; the checks
 * here back its rules. Codes are unique per organisation.
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from './frozen/caption-v1.ts';

const CAPTIONS: Record<string, [string, string]> = {
  org_id: ['组织', 'Organisation'],
  reel_code: ['条码', 'Reel code'],
  part_code: ['料号', 'Part'],
  vendor_code: ['供应商代码', 'Vendor'],
  lot_code: ['批次', 'Lot'],
  date_code: ['周期码', 'Date code'],
  expire_date: ['有效期', 'Expiry date'],
  qty: ['数量', 'Quantity'],
  status: ['状态', 'Status'],
  sic: ['存储地点', 'Storage location'],
  loc: ['库位', 'Locator'],
  reserved_qty: ['预留数量', 'Reserved quantity'],
  reserved_bill_code: ['预留单据', 'Reserved by bill'],
  received_at: ['收货时间', 'Received at'],
  parent_reel_code: ['拆自条码', 'Split from reel'],
  bill_code: ['来源单据', 'Source bill'],
  bill_line_no: ['来源单据行号', 'Source bill line'],
  print_count: ['打印次数', 'Print count'],
  print_date: ['打印时间', 'Print date'],
  printer: ['打印机', 'Printer'],
  created_at: ['创建时间', 'Created at'],
  updated_at: ['修改时间', 'Updated at'],
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table stock_reels (
      org_id text not null references organizations (id),
      reel_code text not null check (reel_code <> ''),
      part_code text not null,
      vendor_code text,
      lot_code text not null default '',
      date_code text,
      expire_date date,
      qty numeric(18, 6) not null check (qty > 0),
      -- CREATED: labelled, not received; INSPECTION: in stock, pending inspection; IN_STOCK: available;
      -- ISSUED and SCRAPPED: gone from stock.
      status text not null check (status in ('CREATED', 'INSPECTION', 'IN_STOCK', 'ISSUED', 'SCRAPPED')),
      sic text,
      loc text,
      reserved_qty numeric(18, 6) not null default 0,
      reserved_bill_code text,
      received_at timestamptz,
      parent_reel_code text,
      bill_code text,
      bill_line_no integer,
      print_count integer not null default 0 check (print_count >= 0),
      print_date timestamptz,
      printer text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (org_id, reel_code),
      -- A reel is in exactly one place while it is in stock, and in none otherwise.
      constraint stock_reels_one_place check ((status in ('INSPECTION', 'IN_STOCK')) = (sic is not null and loc is not null)),
      -- Only available stock is reserved, never more than the reel holds, always for a named bill.
      constraint stock_reels_reserved check (
        reserved_qty >= 0 and reserved_qty <= qty
        and (reserved_qty = 0 or status = 'IN_STOCK')
        and ((reserved_qty > 0) = (reserved_bill_code is not null))
      )
    )`.execute(db);
  // The stock queries' and FEFO's ways in: reels of a part in a place, a bill's reels, a reel's splits.
  await sql`create index stock_reels_place on stock_reels (org_id, part_code, sic, loc, lot_code) where sic is not null`.execute(db);
  await sql`create index stock_reels_reserved_bill on stock_reels (org_id, reserved_bill_code) where reserved_bill_code is not null`.execute(db);
  await sql`create index stock_reels_bill on stock_reels (org_id, bill_code) where bill_code is not null`.execute(db);
  await sql`create index stock_reels_parent on stock_reels (org_id, parent_reel_code) where parent_reel_code is not null`.execute(db);
  for (const [column, [zh, en]] of Object.entries(CAPTIONS)) {
    await sql`comment on column ${sql.id('stock_reels', column)} is ${sql.lit(bilingualCaption(zh, en))}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_reels').execute();
}
