/**
 * The server names its data statements so each is parsed and planned once per database session
 * (server/db/prepared-statements.ts). These tests hold one connection (a pool of 1 on PostgreSQL; the
 * embedded database has one session) and look at the session's own list of prepared statements. A
 * table that gains a column under a prepared `select *` must not break the next call, nor may the
 * embedded database's worker restarting behind the same client (a new session without them).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_LIMITS, openDatabase, type DatabaseHandle, type DatabaseLocation } from '../../server/db/database.ts';

const serverUrl = process.env.DATABASE_URL;
const limits = { ...DEFAULT_DATABASE_LIMITS, poolSize: 1, statementTimeoutMs: 1500 };
const databases: { name: string; location: DatabaseLocation }[] = [
  { name: 'PGlite', location: { dataDir: 'memory://' } },
  ...(serverUrl ? [{ name: 'PostgreSQL', location: { databaseUrl: serverUrl } }] : []),
];

describe.each(databases)('named statements on $name', ({ location }) => {
  let database: DatabaseHandle;
  const table = `prepared_test_${randomBytes(4).toString('hex')}`;
  const prepared = () =>
    sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(database.db).then((r) => r.rows.map((row) => row.statement));
  const byId = (id: number, db = database.db) =>
    db.selectFrom(table as never).select(sql<string>`name`.as('name')).where(sql.ref('id'), '=', id).execute();

  beforeAll(async () => {
    database = await openDatabase(location, limits);
    await sql`create table ${sql.table(table)} (id int primary key, name text)`.execute(database.db);
    await sql`insert into ${sql.table(table)} values (1, 'one')`.execute(database.db);
  });
  afterAll(async () => {
    await sql`drop table if exists ${sql.table(table)}`.execute(database.db);
    await database.close();
  });

  it('prepares a data statement once and runs it again by name, with new values each time', async () => {
    expect(await byId(1)).toEqual([{ name: 'one' }]);
    expect(await byId(2)).toEqual([]);
    const text = (await prepared()).filter((statement) => statement.includes(`from "${table}"`));
    expect(text).toHaveLength(1);
  });

  it('does not name statements that are not data statements, nor texts without parameters (they may hold several statements)', async () => {
    await database.db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = 1000`.execute(trx);
      await sql`select 1`.execute(trx);
    });
    await sql.raw(`select 2; update ${table} set name = name where false`).execute(database.db);
    const statements = await prepared();
    expect(statements.some((statement) => /^\s*(set|begin|commit)/i.test(statement))).toBe(false);
    expect(statements.some((statement) => /select [12]\b/.test(statement))).toBe(false);
  });

  it('keeps answering a prepared select * after its table gains a column, outside and inside a transaction', async () => {
    const all = (db = database.db) => sql<Record<string, unknown>>`select * from ${sql.table(table)} where id = ${1}`.execute(db).then((r) => r.rows[0]);
    expect(await all()).toEqual({ id: 1, name: 'one' });

    await sql`alter table ${sql.table(table)} add column qty int default 5`.execute(database.db);
    // Outside a transaction the call is run again under a new name at once.
    expect(await all()).toEqual({ id: 1, name: 'one', qty: 5 });

    await sql`alter table ${sql.table(table)} add column lot text default 'L1'`.execute(database.db);
    // Inside one, the database's error ends that transaction (as any error does) and the next one works.
    await expect(database.db.transaction().execute((trx) => all(trx))).rejects.toThrow('cached plan must not change result type');
    expect(await database.db.transaction().execute((trx) => all(trx))).toEqual({ id: 1, name: 'one', qty: 5, lot: 'L1' });
  });

});

describe('named statements on PGlite across a restart of its worker', () => {
  let database: DatabaseHandle;
  const table = `prepared_test_${randomBytes(4).toString('hex')}`;
  const byId = (id: number, db = database.db) =>
    db.selectFrom(table as never).select(sql<string>`name`.as('name')).where(sql.ref('id'), '=', id).execute();
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' }, limits);
    await sql`create table ${sql.table(table)} (id int primary key, name text)`.execute(database.db);
    await sql`insert into ${sql.table(table)} values (1, 'one')`.execute(database.db);
  });
  afterAll(() => database.close());

  it('prepares again in the new session after the embedded database restarts past its time limit, inside a transaction too', async () => {
    expect(await byId(1)).toEqual([{ name: 'one' }]);
    await expect(sql`select pg_sleep(5)`.execute(database.db)).rejects.toThrow(/longer than the embedded database's limit/);
    // memory:// starts again empty: the table is made again, then the statement prepared before the restart runs in a transaction.
    await sql`create table ${sql.table(table)} (id int primary key, name text)`.execute(database.db);
    await sql`insert into ${sql.table(table)} values (1, 'again')`.execute(database.db);
    expect(await database.db.transaction().execute((trx) => byId(1, trx))).toEqual([{ name: 'again' }]);
  });
});
