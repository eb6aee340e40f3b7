/**
 * Smart shelves (issue 17; server/modules/shelves): which reels light which rack cell, and the light
 * each cell was last sent. A rack cell's device address is its 灯地址 (md_rack_cell.light_address,
 * migration 0020_14), and its place is its locator (md_rack_cell.locator_code): a reel lies in the
 * cells whose locator is the reel's `loc`. Released migrations are never edited.
 *
 * - shelf_lit_reels: a bill's light-on request resolved to cells (one row per reel and cell); a cell
 *   is on while it has a row. Light off removes the bill's rows, a pick or a receipt the reel's.
 * - shelf_cell_lights: the last light sent to each cell's device, and whether the device took it
 *   (FAILED with the error: e.g. the MQTT broker was down; the next change of the cell sends again).
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from './frozen/caption-v1.ts';

const CAPTIONS: Record<string, Record<string, [string, string]>> = {
  shelf_lit_reels: {
    org_id: ['组织', 'Organisation'],
    bill_id: ['单据', 'Bill'],
    reel_code: ['条码', 'Reel code'],
    cell_code: ['储位编码', 'Cell code'],
    color: ['颜色', 'Colour'],
    blink: ['闪烁', 'Blink'],
    lit_at: ['亮灯时间', 'Lit at'],
  },
  shelf_cell_lights: {
    org_id: ['组织', 'Organisation'],
    cell_code: ['储位编码', 'Cell code'],
    light_on: ['亮灯', 'On'],
    color: ['颜色', 'Colour'],
    blink: ['闪烁', 'Blink'],
    device: ['设备', 'Device'],
    status: ['发送状态', 'Send status'],
    error: ['错误', 'Error'],
    updated_at: ['修改时间', 'Updated at'],
  },
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table shelf_lit_reels (
      org_id text not null references organizations (id),
      bill_id bigint not null references bill_headers (id) on delete cascade,
      reel_code text not null,
      cell_code text not null,
      color text not null,
      blink boolean not null default false,
      lit_at timestamptz not null default now(),
      primary key (org_id, bill_id, reel_code, cell_code),
      foreign key (org_id, cell_code) references md_rack_cell (org_id, code) on update cascade on delete cascade
    )`.execute(db);
  await sql`create index shelf_lit_reels_cell on shelf_lit_reels (org_id, cell_code)`.execute(db);
  await sql`create index shelf_lit_reels_reel on shelf_lit_reels (org_id, reel_code)`.execute(db);
  await sql`
    create table shelf_cell_lights (
      org_id text not null references organizations (id),
      cell_code text not null,
      light_on boolean not null,
      color text not null,
      blink boolean not null default false,
      device text not null check (device in ('simulator', 'mqtt')),
      status text not null check (status in ('SENT', 'FAILED')),
      error text,
      updated_at timestamptz not null default now(),
      primary key (org_id, cell_code),
      foreign key (org_id, cell_code) references md_rack_cell (org_id, code) on update cascade on delete cascade
    )`.execute(db);
  for (const [table, captions] of Object.entries(CAPTIONS)) {
    for (const [column, [zh, en]] of Object.entries(captions)) {
      await sql`comment on column ${sql.id(table, column)} is ${sql.lit(bilingualCaption(zh, en))}`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shelf_cell_lights').execute();
  await db.schema.dropTable('shelf_lit_reels').execute();
}
