/**
 * The equipment ledger beyond its master table (issue 20; spec §3 equipment, §4 statuses, §5 image):
 * - md_status_history: every status change of a record whose declaration has a status flow (the
 *   CRUD mechanism writes it in the save's or import's transaction): who, when, from, to.
 * - md_equipment_image: the equipment's one image (jpeg/png/gif, checked by content on upload).
 * - md_equipment_list: the grid's source, the table plus the years of use, worked out by the database
 *   from the entry date to the scrap date (or today), and whether an image is stored.
 * Released migrations are never edited.
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from './frozen/caption-v1.ts';
import { grantReportRead } from './frozen/report-read-v1.ts';

const FIELDS = ['equipment_no', 'status', 'name', 'storage_location_code', 'serial_no', 'asset_code', 'model', 'department', 'voltage_power', 'maker', 'entry_date', 'scrap_date', 'valid'];

const LIST_CAPTIONS: Record<string, [string, string]> = {
  equipment_no: ['设备编号', 'Equipment number'],
  status: ['状态', 'Status'],
  name: ['设备名称', 'Name'],
  storage_location_code: ['存储地点', 'Storage location'],
  serial_no: ['序列号', 'Serial number'],
  asset_code: ['资产编码', 'Asset code'],
  model: ['型号', 'Model'],
  department: ['部门', 'Department'],
  voltage_power: ['电压/功率', 'Voltage/power'],
  maker: ['制造商', 'Maker'],
  entry_date: ['入厂日期', 'Entry date'],
  scrap_date: ['报废日期', 'Scrap date'],
  valid: ['有效', 'Valid'],
  years_of_use: ['使用年限', 'Years of use'],
  has_image: ['有图片', 'Has image'],
  id: ['ID', 'ID'],
  org_id: ['组织', 'Organisation'],
  version: ['版本', 'Version'],
  created_at: ['创建时间', 'Created at'],
  updated_at: ['修改时间', 'Updated at'],
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table md_status_history (
      id text primary key,
      org_id text,
      table_name text not null,
      record_id text not null,
      record_key text not null,
      field_name text not null,
      from_status text,
      to_status text not null,
      changed_by text not null,
      changed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index md_status_history_record_idx on md_status_history (table_name, record_id, changed_at)`.execute(db);

  await sql`
    create table md_equipment_image (
      equipment_id text primary key references md_equipment (id) on delete cascade,
      org_id text not null,
      file_name text not null,
      content_type text not null,
      file_size integer not null,
      content bytea not null,
      uploaded_by text not null,
      uploaded_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create view md_equipment_list as
    select ${sql.join(FIELDS.map((f) => sql.ref(`e.${f}`)))},
           round((coalesce(e.scrap_date, current_date) - e.entry_date)::numeric / 365.25, 1) as years_of_use,
           (i.equipment_id is not null) as has_image,
           e.id, e.org_id, e.version, e.created_at, e.updated_at
    from md_equipment e left join md_equipment_image i on i.equipment_id = e.id`.execute(db);
  for (const [column, [zh, en]] of Object.entries(LIST_CAPTIONS)) {
    await sql`comment on column ${sql.id('md_equipment_list', column)} is ${sql.lit(bilingualCaption(zh, en))}`.execute(db);
  }
  await sql`update list_routes set source_table = 'md_equipment_list' where list_route = '/warehouse/equipment'`.execute(db);
  await grantReportRead(db, 'md_status_history');
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update list_routes set source_table = 'md_equipment' where list_route = '/warehouse/equipment'`.execute(db);
  await sql`drop view md_equipment_list`.execute(db);
  await sql`drop table md_equipment_image`.execute(db);
  await sql`drop table md_status_history`.execute(db);
}
