/**
 * The embedded database's thread (server/db/pglite-in-worker.ts) speaks PostgreSQL's wire protocol one
 * message at a time, as PGlite's node-postgres bridge sends them. An extended-query cycle cut short by the
 * time limit is answered like PostgreSQL answers an error inside one: the cycle's later messages are
 * discarded until its Sync, which gets ReadyForQuery; they never reach the reopened instance, where the
 * portal the old one had bound does not exist (a second error for one query, which node-postgres raised as
 * an unhandled one under load). The session goes on.
 */
import { serialize } from 'pg-protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PgliteInWorker } from '../../server/db/pglite-in-worker.ts';

let database: PgliteInWorker;

beforeAll(async () => {
  database = new PgliteInWorker({ dataDir: 'memory://', queryTimeoutMs: 1_000 });
  await database.waitReady;
}, 120_000);

afterAll(() => database?.close());

const names = async (message: Buffer) => (await database.execProtocolStream(message)).map((m) => m.name);

it('after a statement cut off by the time limit, the rest of its cycle is discarded up to its Sync, and the session goes on', async () => {
  expect(await names(serialize.parse({ text: 'select pg_sleep(5)' }))).toEqual(['parseComplete']);
  expect(await names(serialize.bind({}))).toEqual(['bindComplete']);
  const cutOff = await database.execProtocolStream(serialize.execute({}));
  expect(cutOff.map((m) => [m.name, (m as { code?: string }).code])).toEqual([['error', '57014']]);
  expect(database.restarts).toBe(1);

  // The same cycle's next messages (as node-postgres had queued them): nothing, then ReadyForQuery at its Sync.
  expect(await names(serialize.describe({ type: 'P' }))).toEqual([]);
  expect(await names(serialize.execute({}))).toEqual([]);
  expect(await names(serialize.sync())).toEqual(['readyForQuery']);

  // A new cycle reaches the reopened database.
  expect(await names(serialize.parse({ text: 'select 1 as one' }))).toEqual(['parseComplete']);
  expect(await names(serialize.bind({}))).toEqual(['bindComplete']);
  expect(await names(serialize.execute({}))).toEqual(['dataRow', 'commandComplete']);
  expect(await names(serialize.sync())).toEqual(['readyForQuery']);
  expect(await names(serialize.query('select 2'))).toEqual(['rowDescription', 'dataRow', 'commandComplete', 'readyForQuery']);
}, 120_000);
