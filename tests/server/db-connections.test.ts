/**
 * The server's PostgreSQL connections: it must outlive PostgreSQL ending an idle one (a database
 * restart or an administrator's pg_terminate_backend), and closing the database must leave no
 * connection behind (the tests drop or copy a database right after closing it).
 * Only PostgreSQL has connections; PGlite runs in the process.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';

const serverUrl = process.env.DATABASE_URL;

/** The database URL with a connection name of its own, to find its connections in pg_stat_activity. */
function namedUrl() {
  const applicationName = `portal_test_${randomBytes(4).toString('hex')}`;
  const url = new URL(serverUrl!);
  url.searchParams.set('application_name', applicationName);
  return { applicationName, url: url.toString() };
}

async function asAdministrator<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const connectionsNamed = (admin: pg.Client, applicationName: string) =>
  admin.query('select pid from pg_stat_activity where application_name = $1', [applicationName]).then((r) => r.rows.length);

describe.runIf(serverUrl)('a lost idle PostgreSQL connection', () => {
  let database: DatabaseHandle | undefined;
  afterAll(() => database?.close());

  it('is noted, and the next query runs on a new connection', async () => {
    const { applicationName, url } = namedUrl();
    database = await openDatabase({ databaseUrl: url });
    const one = () => sql<{ one: number }>`select 1 as one`.execute(database!.db).then((r) => r.rows[0].one);
    expect(await one()).toBe(1);

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ended = await asAdministrator((admin) =>
      admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [applicationName]),
    );
    expect(ended.rows.length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringContaining('an idle connection was lost')));
    logged.mockRestore();

    expect(await one()).toBe(1);
  });

  it('closes only when every connection has ended', async () => {
    const { applicationName, url } = namedUrl();
    const closing = await openDatabase({ databaseUrl: url });
    // Several connections at once: pg_sleep keeps each busy until all are open.
    await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.2)`.execute(closing.db)));
    // The administrator's connection is opened before closing: opening it afterwards takes long enough to hide a leftover.
    await asAdministrator(async (admin) => {
      expect(await connectionsNamed(admin, applicationName)).toBe(4);
      await closing.close();
      expect(await connectionsNamed(admin, applicationName)).toBe(0);
    });
  });
});
