/**
 * Live updates (issue 18; server/modules/live): every change to the home page's warnings and notices
 * tells the server processes through PostgreSQL's NOTIFY on the channel `portal_live`, whoever makes
 * it — a handler, the ERP delivery job, a seed, an administrator's psql — so each process can pass it
 * on to the open portals of that organisation (server-sent events).
 *
 * The payload is small JSON: {"org": <org_id>, "kind": "warning" | "notice", "op": "insert" |
 * "update" | "delete", "id": <the row's id when the statement changed one row of that organisation,
 * else null>, "count": <rows>}. Statement-level triggers over the transition table send one
 * notification per organisation a statement touched, so a bulk insert of 10,000 warnings is a few
 * notifications, not 10,000. NOTIFY is delivered at commit (nothing for a rolled-back change), and
 * PostgreSQL folds identical payloads of one transaction into one.
 *
 * A transition table is allowed for one event per trigger only, hence three triggers per table.
 * Released migrations are never edited.
 */
import { sql, type Kysely } from 'kysely';

const TABLES: [table: string, kind: string][] = [
  ['home_warnings', 'warning'],
  ['home_notices', 'notice'],
];

const EVENTS = [
  ['insert', sql`insert`, sql`new table as changed_rows`],
  ['update', sql`update`, sql`new table as changed_rows`],
  ['delete', sql`delete`, sql`old table as changed_rows`],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function live_update_notify() returns trigger language plpgsql as $$
    declare
      changed record;
    begin
      for changed in select org_id, min(id) as id, count(*) as n from changed_rows group by org_id loop
        perform pg_notify('portal_live', json_build_object(
          'org', changed.org_id, 'kind', tg_argv[0], 'op', lower(tg_op),
          'id', case when changed.n = 1 then left(changed.id, 200) end, 'count', changed.n)::text);
      end loop;
      return null;
    end $$`.execute(db);
  for (const [table, kind] of TABLES) {
    for (const [event, keyword, referencing] of EVENTS) {
      await sql`
        create trigger ${sql.id(`${table}_live_${event}`)} after ${keyword} on ${sql.table(table)}
        referencing ${referencing} for each statement execute function live_update_notify(${sql.lit(kind)})`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of TABLES) {
    for (const [event] of EVENTS) await sql`drop trigger ${sql.id(`${table}_live_${event}`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function live_update_notify()`.execute(db);
}
