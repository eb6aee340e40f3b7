/**
 * FROZEN (version 1 of the master-table DDL): the migrations `npm run gen -- master` writes
 * (server/db/migrations/0020_NN_<entity>.ts and later) call it, so it is part of their history and
 * is never edited. A different DDL for new tables is a new file (master-table-v2.ts) that new
 * migrations import; the released ones keep this one and keep making the same schema. It imports
 * nothing but kysely (a live helper could change under it), see tests/server/migrations.test.ts.
 *
 * Each migration passes a literal snapshot of its entity as it was generated, so a later change
 * of the declaration does not rewrite history either (a new field is a new migration).
 *
 * It makes: the table (the fields, then id, org_id, version for optimistic concurrency, timestamps),
 * the unique key per organisation, foreign keys to referenced entities (ON DELETE RESTRICT: a
 * referenced record cannot be deleted; ON UPDATE CASCADE: renaming a code follows), a check for
 * positive numbers, column comments (the grid's captions), and the grid's list route with one
 * search setting per field. Once list_column_meta exists (migration 0075_01), also the grid's column
 * meaning: bookkeeping columns hidden by default, lookup fields labelled from 字典.
 */
import { sql, type Kysely } from 'kysely';

/** A column comment holding both captions (as server/db/column-captions.ts reads them when this was frozen). */
const bilingualCaption = (zh: string, en?: string) => (en && en !== zh ? `${zh}\n${en}` : zh);

export interface MasterColumnSnapshot {
  name: string;
  type: 'text' | 'int' | 'number' | 'bool' | 'date' | 'ref' | 'lookup';
  label: string;
  /** The English caption (snapshots written before it existed have none: Chinese then serves both). */
  labelEn?: string;
  required?: boolean;
  unique?: boolean;
  positive?: boolean;
  /** For ref: the referenced table and its key column. */
  refTable?: string;
  refColumn?: string;
  /** For lookup: the 字典 lookup type whose labels the grid shows (snapshots written before it existed have none). */
  lookupType?: string;
}

export interface MasterTableSnapshot {
  table: string;
  listRoute: string;
  menuCode: string;
  title: string;
  titleEn: string;
  orgScoped: boolean;
  columns: MasterColumnSnapshot[];
}

const SQL_TYPES = { text: 'text', ref: 'text', lookup: 'text', int: 'integer', number: 'numeric(18, 6)', bool: 'boolean', date: 'date' } as const;

/** Search settings: DATA_TYPE (1 text, 3 number, 4 date) and ACTION_TYPE (6 like, 1 equals). */
const SEARCH = {
  text: [1, 6],
  ref: [1, 6],
  lookup: [1, 6],
  int: [3, 1],
  number: [3, 1],
  date: [4, 1],
} as const;

export async function createMasterTable(db: Kysely<any>, t: MasterTableSnapshot): Promise<void> {
  const id = sql.id;
  // The fields come first: a user without a column configuration sees the source's columns in
  // table order (list-source.ts), and the part number matters more to them than the row id.
  const defs = [
    ...t.columns.map((c) => {
      const type = sql.raw(SQL_TYPES[c.type]);
      const notNull = c.type === 'bool' ? sql` not null default false` : c.required ? sql` not null` : sql``;
      const check = c.positive ? sql` check (${id(c.name)} > 0)` : sql``;
      return sql`${id(c.name)} ${type}${notNull}${check}`;
    }),
    sql`id text primary key`,
    ...(t.orgScoped ? [sql`org_id text not null references organizations (id)`] : []),
    sql`version integer not null default 1`,
    sql`created_at timestamptz not null default now()`,
    sql`updated_at timestamptz not null default now()`,
  ];
  const scope = t.orgScoped ? ['org_id'] : [];
  const key = t.columns.filter((c) => c.unique).map((c) => c.name);
  if (key.length) defs.push(sql`constraint ${id(`${t.table}_key`)} unique (${sql.join([...scope, ...key].map((c) => id(c)))})`);
  for (const c of t.columns.filter((col) => col.type === 'ref')) {
    const from = [...scope, c.name].map((n) => id(n));
    const to = [...scope, c.refColumn!].map((n) => id(n));
    defs.push(sql`constraint ${id(`${t.table}_${c.name}_fk`)} foreign key (${sql.join(from)})
      references ${id(c.refTable!)} (${sql.join(to)}) on update cascade on delete restrict`);
  }
  await sql`create table ${id(t.table)} (${sql.join(defs)})`.execute(db);
  // Indexes on the referencing side, so deleting or renaming a referenced record does not scan.
  for (const c of t.columns.filter((col) => col.type === 'ref')) {
    await sql`create index ${id(`${t.table}_${c.name}_idx`)} on ${id(t.table)} (${sql.join([...scope, c.name].map((n) => id(n)))})`.execute(db);
  }

  const captions: [string, string][] = [
    ['id', 'ID'],
    ['org_id', bilingualCaption('组织', 'Organisation')],
    ...t.columns.map((c): [string, string] => [c.name, bilingualCaption(c.label, c.labelEn)]),
    ['version', bilingualCaption('版本', 'Version')],
    ['created_at', bilingualCaption('创建时间', 'Created at')],
    ['updated_at', bilingualCaption('修改时间', 'Updated at')],
  ];
  for (const [column, caption] of captions.filter(([column]) => column !== 'org_id' || t.orgScoped)) {
    await sql`comment on column ${id(t.table, column)} is ${sql.lit(caption)}`.execute(db);
  }

  await db
    .insertInto('list_routes')
    .values({
      list_route: t.listRoute,
      title: t.title,
      title_en: t.titleEn,
      source_kind: 'table',
      source_table: t.table,
      key_field: 'id',
      org_scoped: t.orgScoped,
      menu_code: t.menuCode,
      // Records in their unique key's order (codes) until the user sorts.
      default_sort: t.columns.filter((c) => c.unique).map((c) => c.name).join(', ') || null,
    })
    .execute();
  // On a fresh database the 0020 migrations run before list_column_meta exists; 0075_01 fills it for them.
  const { rows: metaTable } = await sql<{ found: string | null }>`select to_regclass('list_column_meta')::text as found`.execute(db);
  if (metaTable[0]?.found) {
    const meta = [
      ...['id', ...(t.orgScoped ? ['org_id'] : []), 'version', 'created_at', 'updated_at'].map((column) => ({ list_route: t.listRoute, field_name: column, hidden: true })),
      ...t.columns.filter((c) => c.lookupType).map((c) => ({ list_route: t.listRoute, field_name: c.name, lookup_type: c.lookupType })),
    ];
    await db.insertInto('list_column_meta').values(meta).execute();
  }

  const searchable = t.columns.filter((c) => c.type !== 'bool');
  if (searchable.length) {
    await db
      .insertInto('list_params')
      .values(
        searchable.map((c, index) => ({
          id: `${t.table}-${c.name}`,
          list_route: t.listRoute,
          ord_idx: (index + 1) * 10,
          param_name: c.name,
          param_caption: c.label,
          field_name: c.name,
          data_type: SEARCH[c.type as keyof typeof SEARCH][0],
          action_type: SEARCH[c.type as keyof typeof SEARCH][1],
          // The key and the first fields are the quick search of the advanced-search dialog.
          is_fast_search: c.unique || index < 2 ? 'Y' : 'N',
          aggregation: '',
          is_paging: 'N',
        })),
      )
      .execute();
  }
}

export async function dropMasterTable(db: Kysely<any>, t: MasterTableSnapshot): Promise<void> {
  await db.deleteFrom('list_routes').where('list_route', '=', t.listRoute).execute();
  const { rows: metaTable } = await sql<{ found: string | null }>`select to_regclass('list_column_meta')::text as found`.execute(db);
  if (metaTable[0]?.found) await db.deleteFrom('list_column_meta').where('list_route', '=', t.listRoute).execute();
  await sql`drop table ${sql.id(t.table)}`.execute(db);
}
