/**
 * The demo list's data source: component reels with their parts and vendors (filled by
 * server/db/seed/seed-demo-reels.ts). Column comments are the captions the grid shows for them
 * (ListParam/GetIntiTableColumnList).
 */
import { sql, type Kysely } from 'kysely';

const COLUMN_CAPTIONS: Record<string, Record<string, string>> = {
  demo_parts: { part_code: '料号', part_name: '品名', spec: '规格' },
  demo_vendors: { vendor_code: '供应商代码', vendor_name: '供应商名称' },
  demo_reels: {
    reel_id: '料盘号',
    org_id: '组织',
    part_code: '料号',
    part_name: '品名',
    vendor_code: '供应商代码',
    vendor_name: '供应商名称',
    lot_code: '批次',
    date_code: '周期码',
    qty: '数量',
    unit_price: '单价',
    storage_location: '库位',
    status: '状态',
    received_at: '收货时间',
    expiry_date: '有效期',
    remark: '备注',
  },
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('demo_parts')
    .addColumn('part_code', 'text', (c) => c.primaryKey())
    .addColumn('part_name', 'text', (c) => c.notNull())
    .addColumn('spec', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('demo_vendors')
    .addColumn('vendor_code', 'text', (c) => c.primaryKey())
    .addColumn('vendor_name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('demo_reels')
    .addColumn('reel_id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('part_code', 'text', (c) => c.notNull())
    .addColumn('part_name', 'text', (c) => c.notNull())
    .addColumn('vendor_code', 'text', (c) => c.notNull())
    .addColumn('vendor_name', 'text', (c) => c.notNull())
    .addColumn('lot_code', 'text', (c) => c.notNull())
    .addColumn('date_code', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('unit_price', sql`numeric(12, 4)`)
    .addColumn('storage_location', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expiry_date', 'date')
    .addColumn('remark', 'text')
    .execute();
  // The grid's usual searches and sorts: by organisation and receipt time, part, status.
  await db.schema.createIndex('demo_reels_org_received').on('demo_reels').columns(['org_id', 'received_at']).execute();
  await db.schema.createIndex('demo_reels_part_code').on('demo_reels').column('part_code').execute();
  await db.schema.createIndex('demo_reels_status').on('demo_reels').column('status').execute();

  for (const [table, captions] of Object.entries(COLUMN_CAPTIONS)) {
    for (const [column, caption] of Object.entries(captions)) {
      await sql`comment on column ${sql.table(table)}.${sql.id(column)} is ${sql.lit(caption)}`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['demo_reels', 'demo_vendors', 'demo_parts']) {
    await db.schema.dropTable(table).execute();
  }
}
