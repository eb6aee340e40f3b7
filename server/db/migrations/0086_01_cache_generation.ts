/**
 * The generation of what server processes cache (server/db/generation-cache.ts): sessions and their
 * users, roles and grants, organisation membership, and list configuration. One row, one counter,
 * raised at the commit of every transaction that wrote any table those caches are read from, by
 * whatever wrote it (a handler, a seed, an administrator's psql). A process reads the counter once per
 * request and drops its caches when it has moved, so a change takes effect on the next call in every
 * process on the database.
 *
 * Why a counter row and not LISTEN/NOTIFY: a notification reaches the other processes some time
 * after the commit (and not at all while a listening connection is down), so a logout or a lock could
 * still be honoured by another process for a moment; the row is read in the request's own order, so
 * a committed change is always seen by the next request. It also works the same on PGlite.
 *
 * Why a deferred constraint trigger: it runs at commit, after all the transaction's other row locks,
 * so the counter row is locked only for the commit itself (no transaction waits on it while holding
 * other rows: no deadlock), and a transaction-local flag makes one bump per transaction however many
 * rows it wrote. A new session (an INSERT into sessions) and a new user stale nothing, so those do
 * not bump.
 */
import { sql, type Kysely } from 'kysely';

/** Tables whose every change may stale a cache, and tables where only updates and deletes may. */
const ANY_CHANGE = [
  'roles',
  'user_roles',
  'menus',
  'menu_buttons',
  'role_menus',
  'role_buttons',
  'user_menus',
  'organizations',
  'user_organizations',
  'list_routes',
  'list_params',
  'list_column_meta',
];
const UPDATE_OR_DELETE = ['sessions', 'users'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table cache_generation (id smallint primary key check (id = 1), generation bigint not null)`.execute(db);
  await sql`insert into cache_generation (id, generation) values (1, 1)`.execute(db);
  await sql`
    create function cache_generation_bump() returns trigger language plpgsql as $$
    begin
      if current_setting('portal.cache_generation_bumped', true) = 'y' then return null; end if;
      perform set_config('portal.cache_generation_bumped', 'y', true);
      update cache_generation set generation = generation + 1 where id = 1;
      return null;
    end $$`.execute(db);
  for (const [tables, events] of [
    [ANY_CHANGE, sql`insert or update or delete`],
    [UPDATE_OR_DELETE, sql`update or delete`],
  ] as const) {
    for (const table of tables) {
      await sql`
        create constraint trigger ${sql.id(`${table}_cache_generation`)} after ${events} on ${sql.table(table)}
        deferrable initially deferred for each row execute function cache_generation_bump()`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...ANY_CHANGE, ...UPDATE_OR_DELETE]) {
    await sql`drop trigger ${sql.id(`${table}_cache_generation`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function cache_generation_bump()`.execute(db);
  await sql`drop table cache_generation`.execute(db);
}
