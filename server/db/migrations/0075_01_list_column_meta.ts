/**
 * What a list's columns mean beyond their name, type and caption (issue 12 defects 5 and 6):
 * `list_column_meta` says which columns are bookkeeping (hidden for a user without a column
 * configuration; still offered in the column configuration) and which hold codes of a 字典 lookup
 * type (the grid shows the code's label in the user's language). GetIntiTableColumnList reads it
 * (server/query/column-meta.ts). Keyed by LIST_ROUTE and field without a foreign key: seeded lists
 * (the demo list) are created after the migrations run.
 *
 * Also captions `created_at` of every master table in both languages (createMasterTable captioned
 * every column but that one, so grids showed the raw name).
 *
 * A literal snapshot, like every released migration; master lists made later get their rows from
 * createMasterTable (migrations/frozen/master-table-v1.ts).
 */
import { sql, type Kysely } from 'kysely';

/** Both captions in one column comment, as server/db/column-captions.ts reads them (written out: a migration imports no live code). */
const bilingualCaption = (zh: string, en?: string) => (en && en !== zh ? `${zh}\n${en}` : zh);

/** Columns every master table has besides its fields; a plant user never needs them on screen. */
export const MASTER_BOOKKEEPING_COLUMNS = ['id', 'org_id', 'version', 'created_at', 'updated_at'] as const;

/** Coded columns: list route, field, 字典 lookup type. */
const CODED: [string, string, string][] = [
  ['/masterdata/part', 'unit', 'UNIT'],
  ['/masterdata/part', 'msl_level', 'MSL_LEVEL'],
  ['/masterdata/part-extension', 'abc_class', 'ABC_CLASS'],
  ['/masterdata/standard-pack', 'pack_unit', 'UNIT'],
  ['/masterdata/storage-location', 'location_type', 'SIC_TYPE'],
  ['/masterdata/unit-conversion', 'from_unit', 'UNIT'],
  ['/masterdata/unit-conversion', 'to_unit', 'UNIT'],
  ['/schedule/bill-type', 'category', 'BILL_CATEGORY'],
  ['/schedule/bill-type-extension', 'data_type', 'FIELD_TYPE'],
  ['/home/notice', 'is_top', 'YES_NO'],
  ['/grid/demo-reels', 'status', 'REEL_STATUS'],
  ['/home/warning', 'warning_level', 'WARNING_LEVEL'],
  ['/home/warning', 'call_status', 'CALL_STATUS'],
  ['/home/todo', 'priority', 'TODO_PRIORITY'],
  ['/home/todo', 'status', 'TODO_STATUS'],
];

/** Bookkeeping columns of lists that are not master lists. */
const HIDDEN: [string, string][] = [
  ['/grid/demo-reels', 'org_id'],
  ['/home/notice', 'org_id'],
  ['/home/warning', 'org_id'],
  ['/home/todo', 'org_id'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('list_column_meta')
    .addColumn('list_route', 'text', (c) => c.notNull())
    .addColumn('field_name', 'text', (c) => c.notNull())
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('lookup_type', 'text')
    .addPrimaryKeyConstraint('list_column_meta_pkey', ['list_route', 'field_name'])
    .execute();

  // The master lists made so far (by the 0020 migrations): their bookkeeping columns are hidden.
  const masterLists = await sql<{ list_route: string; source_table: string }>`
    select list_route, source_table from list_routes where source_kind = 'table' and source_table like 'md\\_%'`.execute(db);
  for (const { list_route: listRoute, source_table: table } of masterLists.rows) {
    const { rows } = await sql<{ name: string }>`
      select attname as name from pg_attribute
      where attrelid = to_regclass(${table}) and attnum > 0 and not attisdropped and attname in (${sql.join([...MASTER_BOOKKEEPING_COLUMNS])})`.execute(db);
    if (rows.length) {
      await db.insertInto('list_column_meta').values(rows.map((r) => ({ list_route: listRoute, field_name: r.name, hidden: true }))).execute();
    }
    if (rows.some((r) => r.name === 'created_at')) {
      await sql`comment on column ${sql.table(table)}.created_at is ${sql.lit(bilingualCaption('创建时间', 'Created at'))}`.execute(db);
    }
  }
  await db
    .insertInto('list_column_meta')
    .values(HIDDEN.map(([listRoute, field]) => ({ list_route: listRoute, field_name: field, hidden: true })))
    .execute();
  await db
    .insertInto('list_column_meta')
    .values(CODED.map(([listRoute, field, lookupType]) => ({ list_route: listRoute, field_name: field, lookup_type: lookupType })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('list_column_meta').execute();
}
