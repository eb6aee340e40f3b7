/**
 * Live updates (issue 18; server/modules/live, migration 0094_01): a warning or notice written by
 * anyone — plain SQL here, as the ERP delivery job or an administrator would — reaches the open
 * Live/Events streams of its organisation within a second, and only those; a lost LISTEN connection
 * (PostgreSQL: its backend terminated; the embedded database: its worker restarted after a time-out)
 * comes back and says resync (the embedded database's is shown on a database handle of its own: a restarted
 * in-memory worker starts again from its snapshot, without the suite's sessions); a logout ends the stream; the per-user limit refuses in both languages
 * and frees its place when a stream closes. PGlite runs in its worker thread, as the server runs it.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_LIMITS } from '../../server/db/database.ts';
import type { PostgresListener } from '../../server/db/notifications.ts';
import { adminToken } from './support/masterdata.ts';
import { openLiveStream, type LiveStream } from './support/live-stream.ts';
import { openSeededPgliteInWorker } from './support/pglite-snapshot.ts';
import { describeServer } from './support/test-server.ts';

const HEARTBEAT_MS = 300;
/** Short, so that the embedded database's worker restart can be provoked quickly. */
const TIME_LIMIT_MS = 4000;

describeServer(
  'live updates',
  {
    config: { live: { heartbeatMs: HEARTBEAT_MS, maxStreamsPerUser: 2, maxStreams: 100 } },
    pgliteInWorker: true,
    databaseLimits: { ...DEFAULT_DATABASE_LIMITS, statementTimeoutMs: TIME_LIMIT_MS },
  },
  (server, database) => {
    let baseUrl: string;
    let token: string;
    const opened: LiveStream[] = [];
    const open = async (options: { token: string; orgId?: string; language?: string }) => {
      const stream = await openLiveStream(baseUrl, options);
      opened.push(stream);
      return stream;
    };
    beforeAll(async () => {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
      token = await adminToken(server);
    });
    afterAll(() => opened.forEach((stream) => stream.close()));

    const insertWarning = async (orgId: string, title: string) => {
      const id = randomUUID();
      await sql`insert into home_warnings (id, org_id, title, content, warning_level, call_status)
                values (${id}, ${orgId}, ${title}, 'ERP posting failed', 'danger', 'failure')`.execute(server.db);
      return id;
    };

    it('a warning inserted by SQL reaches the stream of its organisation within a second, and not the other organisation', async () => {
      const f01 = await open({ token, orgId: 'org-f01' });
      const f02 = await open({ token, orgId: 'org-f02' });
      expect(f01.status).toBe(200);
      expect(f01.contentType).toMatch(/^text\/event-stream/);
      await f01.next((e) => e.event === 'ready');
      await f02.next((e) => e.event === 'ready');

      const sent = performance.now();
      const id = await insertWarning('org-f01', 'live warning');
      const event = await f01.next((e) => e.event === 'change' && e.data.id === id);
      expect(event.data).toEqual({ kind: 'warning', op: 'insert', id, count: 1 });
      expect(event.at - sent).toBeLessThan(1000);

      // An update and a delete of it are told too; a statement of many rows is one event per organisation.
      await sql`update home_warnings set call_status = 'success' where id = ${id}`.execute(server.db);
      await f01.next((e) => e.event === 'change' && e.data.op === 'update' && e.data.id === id);
      await sql`insert into home_warnings (id, org_id, title, content, warning_level)
                select gen_random_uuid()::text, 'org-f01', 'bulk ' || n, '', 'info' from generate_series(1, 50) n`.execute(server.db);
      const bulk = await f01.next((e) => e.event === 'change' && e.data.count === 50);
      expect(bulk.data).toEqual({ kind: 'warning', op: 'insert', id: null, count: 50 });

      // The other organisation's stream heard nothing of it (its own change arrives, so it is listening).
      const own = await insertWarning('org-f02', 'other plant');
      await f02.next((e) => e.event === 'change' && e.data.id === own);
      expect(f02.events.filter((e) => e.event === 'change').map((e) => e.data.id)).toEqual([own]);
      expect(f01.events.some((e) => e.data?.id === own)).toBe(false);
      // Heartbeats keep coming.
      await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 2.5));
      expect(f01.comments).toBeGreaterThanOrEqual(1);
      f01.close();
      f02.close();
    });

    it('a notice published through the API reaches the stream', async () => {
      const stream = await open({ token, orgId: 'org-f01' });
      await stream.next((e) => e.event === 'ready');
      const saved = await server.call('POST', '/SysNotice/AddOrModifySave', { token, orgId: 'org-f01', body: { TITLE: 'live notice', CONTENT: '<p>hi</p>' } });
      expect(saved.status).toBe(200);
      const event = await stream.next((e) => e.event === 'change' && e.data.kind === 'notice');
      expect(event.data).toEqual({ kind: 'notice', op: 'insert', id: saved.body.Result.ID, count: 1 });
      stream.close();
    });

    it('the header badge count is the open warnings (not yet called successfully) of the organisation', async () => {
      const before = (await server.call('GET', '/SysWarning/OpenCount', { token, orgId: 'org-f02' })).body.data.Open;
      await insertWarning('org-f02', 'open one');
      // Being called is not dealt with yet: it counts; a successful call does not.
      await sql`insert into home_warnings (id, org_id, title, content, warning_level, call_status) values (${randomUUID()}, 'org-f02', 'calling', '', 'info', 'processing')`.execute(server.db);
      await sql`insert into home_warnings (id, org_id, title, content, warning_level, call_status) values (${randomUUID()}, 'org-f02', 'done', '', 'info', 'success')`.execute(server.db);
      const after = await server.call('GET', '/SysWarning/OpenCount', { token, orgId: 'org-f02' });
      expect(after.status).toBe(200);
      expect(after.body.data.Open).toBe(before + 2);
    });

    it('a user gets at most the configured streams, refused in both languages, and a closed stream frees its place', async () => {
      const user = await server.createUser();
      const own = (await server.login(user.userName, user.password, 'org-f01')).Token;
      const first = await open({ token: own });
      const second = await open({ token: own });
      expect([first.status, second.status]).toEqual([200, 200]);
      const third = await open({ token: own });
      expect(third.status).toBe(429);
      expect(third.body.msg).toBe('实时更新连接过多（每个用户最多 2 个），请关闭一些页面后重试');
      const english = await open({ token: own, language: 'en' });
      expect(english.body.msg).toBe('Too many live-update connections (at most 2 per user); close some tabs and try again');
      first.close();
      // The server sees the close a moment later.
      let again: LiveStream | undefined;
      for (let attempt = 0; attempt < 20 && again?.status !== 200; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        again = await open({ token: own });
      }
      expect(again!.status).toBe(200);
      again!.close();
      second.close();
    });

    it('a logout ends the stream within a heartbeat or two', async () => {
      const user = await server.createUser();
      const own = (await server.login(user.userName, user.password, 'org-f01')).Token;
      const stream = await open({ token: own });
      await stream.next((e) => e.event === 'ready');
      let ended = false;
      void stream.ended.then(() => (ended = true));
      expect((await server.call('POST', '/Auth/Logout', { token: own })).status).toBe(200);
      await Promise.race([stream.ended, new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 6))]);
      expect(ended).toBe(true);
    });

    if (database.name === 'PostgreSQL') {
      it('a dropped LISTEN connection comes back: the stream is told to resync, and the next warning arrives', async () => {
        const stream = await open({ token, orgId: 'org-f01' });
        await stream.next((e) => e.event === 'ready');
        const listener = server.database.notifications as PostgresListener;
        const pid = listener.backendPid;
        expect(pid).toBeTypeOf('number');
        await sql`select pg_terminate_backend(${pid}::int)`.execute(server.db);
        await stream.next((e) => e.event === 'resync', 10_000);
        expect(listener.reconnects).toBe(1);
        expect(listener.backendPid).not.toBe(pid);
        const id = await insertWarning('org-f01', 'after the drop');
        await stream.next((e) => e.event === 'change' && e.data.id === id);
        stream.close();
      });
    }
  },
);

describe("the embedded database's notifications", () => {
  it('come back after its worker restarted (a query past the time limit): the new session LISTENs again and subscribers are told to resync', async () => {
    const database = await openSeededPgliteInWorker({ ...DEFAULT_DATABASE_LIMITS, statementTimeoutMs: TIME_LIMIT_MS });
    try {
      const heard: string[] = [];
      await database.notifications.subscribe('portal_live', {
        onNotification: (payload) => heard.push(JSON.parse(payload).id),
        onResync: () => heard.push('resync'),
      });
      const insert = async (id: string) =>
        sql`insert into home_warnings (id, org_id, title, content, warning_level) values (${id}, 'org-f01', 't', '', 'info')`.execute(database.db);
      await insert('before');
      expect(heard).toEqual(['before']);
      await expect(sql`select pg_sleep(${(TIME_LIMIT_MS + 1000) / 1000})`.execute(database.db)).rejects.toThrow(/limit/);
      for (let waited = 0; !heard.includes('resync') && waited < 30_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      // On a loaded machine a statement after the restart may pass the short time limit too: another restart, another resync.
      expect(database.notifications.reconnects).toBeGreaterThanOrEqual(1);
      await insert('after');
      // A notification is delivered after its statement's answer, not with it.
      for (let waited = 0; !heard.includes('after') && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      // What was heard, in order, with repeated resyncs (further restarts) folded into one.
      const told = heard.filter((event, i) => event !== 'resync' || heard[i - 1] !== 'resync');
      expect(told.slice(0, 3)).toEqual(['before', 'resync', 'after']);
      expect(told.slice(3).every((event) => event === 'resync'), JSON.stringify(heard)).toBe(true);
    } finally {
      await database.close();
    }
  }, 90_000);
});
