/**
 * DDL of a master-data table, used by the migrations `npm run gen -- master` writes
 * (server/db/migrations/0020_NN_<entity>.ts). Each migration passes a literal snapshot of its
 * entity as it was generated, so a later change of the declaration does not rewrite history
 * (a new field is a new migration). Keep this helper backwards compatible: released migrations call it.
 *
 * It makes: the table (the fields, then id, org_id, version for optimistic concurrency, timestamps),
 * the unique key per organisation, foreign keys to referenced entities (ON DELETE RESTRICT: a
 * referenced record cannot be deleted; ON UPDATE CASCADE: renaming a code follows), a check for
 * positive numbers, column comments (the grid's captions), and the grid's list route with one
 * search setting per field.
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from '../db/column-captions.ts';

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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- like every migration: it runs before the typed schema exists
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see createMasterTable
export async function dropMasterTable(db: Kysely<any>, t: MasterTableSnapshot): Promise<void> {
  await db.deleteFrom('list_routes').where('list_route', '=', t.listRoute).execute();
  await sql`drop table ${sql.id(t.table)}`.execute(db);
}
