/**
 * Several replicas (issue 18): two real server processes (server/main.ts) on one PostgreSQL database
 * behave as one. A token from one works on the other; a logout or a user lock on one is refused by the
 * other at its next call (the process caches drop through cache_generation, migration 0086_01); a
 * notice published through one reaches a live-update stream open on the other; receipts and picks
 * racing through both leave exact stock (the ledger sums to the balances and the reels, each reel
 * received and issued once); an interval job runs once per interval across both and goes on when one
 * stops. PostgreSQL only: the embedded database belongs to one process.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { crashInvariantProblems } from './support/crash-checks.ts';
import { openLiveStream } from './support/live-stream.ts';
import { SpawnedServer } from './support/spawned-server.ts';
import { describeServer } from './support/test-server.ts';

const ORG = 'org-f01';
// Demo master data: a part without incoming inspection, a vendor, a place.
const PART = 'CAP-00008';
const VENDOR = 'V0001';
const PLACE = { sic: 'RAW01', loc: 'RAW01-01' };
const REELS = 40;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeServer('several replicas', {}, (server, database) => {
  it('two apps on one database handle (replicas in one process): a token of one works on the other, and a logout on one ends it on both', async () => {
    const second = await buildApp({ db: server.db, config: server.config });
    try {
      const user = await server.createUser();
      const { Token } = await server.login(user.userName, user.password, ORG);
      const info = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/Auth/GetUserInfoByToken', headers: { authorization: `Bearer ${Token}` } });
      expect((await info(second)).statusCode).toBe(200);
      expect((await server.call('POST', '/Auth/Logout', { token: Token })).status).toBe(200);
      expect((await info(second)).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  // PostgreSQL only: the embedded database has one process's session.
  if (database.name !== 'PostgreSQL') return;

  describe('two server processes on one PostgreSQL database', () => {
    let a: SpawnedServer;
    let b: SpawnedServer;
    beforeAll(async () => {
      [a, b] = await Promise.all([
        SpawnedServer.start({ databaseUrl: server.databaseUrl, demoData: true }),
        SpawnedServer.start({ databaseUrl: server.databaseUrl, demoData: true }),
      ]);
    }, 240_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
    });

    const userInfo = (on: SpawnedServer, token: string) => on.call('POST', '/Auth/GetUserInfoByToken', { token });

    it('a token from one process works on the other', async () => {
      const user = await server.createUser();
      const token = await a.login(user.userName, user.password, ORG);
      const answer = await userInfo(b, token);
      expect(answer.status).toBe(200);
      expect(answer.body.data.USER_NAME).toBe(user.userName);
    });

    it('a logout on one process is refused by the other at its next call', async () => {
      const user = await server.createUser();
      const token = await a.login(user.userName, user.password, ORG);
      // The other process has the session in its cache.
      expect((await userInfo(b, token)).status).toBe(200);
      expect((await a.call('POST', '/Auth/Logout', { token })).status).toBe(200);
      expect((await userInfo(b, token)).status).toBe(401);
      expect((await userInfo(a, token)).status).toBe(401);
    });

    it('a user locked on one process is refused by the other at its next call', async () => {
      const admin = await server.createUser({ roleId: 'role-super-admin' });
      const adminToken = await a.login(admin.userName, admin.password, ORG);
      const user = await server.createUser();
      const token = await b.login(user.userName, user.password, ORG);
      expect((await userInfo(b, token)).status).toBe(200);
      const locked = await a.call('POST', '/User/ChangeLockStatus', { token: adminToken, body: { ID: user.id, IS_LOCKED: true } });
      expect(locked.status, JSON.stringify(locked.body)).toBe(200);
      expect((await userInfo(b, token)).status).toBe(401);
    });

    it('a notice published through one process reaches a live-update stream open on the other, and a warning written by SQL reaches both', async () => {
      const user = await server.createUser({ roleId: 'role-super-admin' });
      const token = await a.login(user.userName, user.password, ORG);
      const onB = await openLiveStream(b.baseUrl, { token, orgId: ORG });
      const onA = await openLiveStream(a.baseUrl, { token, orgId: ORG });
      try {
        await onB.next((e) => e.event === 'ready');
        await onA.next((e) => e.event === 'ready');
        const sent = performance.now();
        const saved = await a.call('POST', '/SysNotice/AddOrModifySave', { token, orgId: ORG, body: { TITLE: 'from A', CONTENT: '<p>x</p>' } });
        expect(saved.status).toBe(200);
        const event = await onB.next((e) => e.event === 'change' && e.data.id === saved.body.Result.ID);
        expect(event.data.kind).toBe('notice');
        expect(event.at - sent).toBeLessThan(1000);
        const id = `W-${randomBytes(4).toString('hex')}`;
        await sql`insert into home_warnings (id, org_id, title, content, warning_level) values (${id}, ${ORG}, 'by SQL', '', 'danger')`.execute(server.db);
        await Promise.all([onA, onB].map((stream) => stream.next((e) => e.event === 'change' && e.data.id === id, 1000)));
      } finally {
        onA.close();
        onB.close();
      }
    });

    it('receipts and picks racing through both processes leave exact stock: each reel received once, issued once', async () => {
      const token = await a.login('ADMIN', 'admin123', ORG);
      const lot = `REPL-${randomBytes(4).toString('hex')}`;
      const call = async (on: SpawnedServer, apiPath: string, body: unknown) => on.call('POST', apiPath, { body, token, orgId: ORG });
      const data = async (apiPath: string, body: unknown) => {
        const answer = await call(a, apiPath, body);
        expect(answer.status, `${apiPath} ${JSON.stringify(answer.body)}`).toBe(200);
        return answer.body.data;
      };
      const asn = await data('/Bill/Save', { BillType: 'ASN', VendorCode: VENDOR, Lines: [{ PartCode: PART, Qty: String(REELS * 10), Mpq: '10', ToSic: PLACE.sic, ToLoc: PLACE.loc, LotCode: lot }] });
      const reels: string[] = (await data('/Bill/CreateReels', { Id: asn.Id, LotCode: lot })).Reels.map((r: { ReelCode: string }) => r.ReelCode);
      const wo = await data('/Bill/Save', { BillType: 'WO', Mo: 'MO-REPL', MoLine: '10', Lines: [{ PartCode: PART, Qty: String(REELS * 10) }] });

      // Every reel sent to both processes at the same moment: first received, then picked.
      const race = async (apiPath: string, id: number) =>
        Promise.all(reels.map(async (reel) => Promise.all([a, b].map((on) => call(on, apiPath, { Id: id, ReelCode: reel })))));
      for (const [apiPath, id] of [['/Bill/ConfirmReceipt', asn.Id], ['/Bill/Pick', wo.Id]] as const) {
        const answers = await race(apiPath, id);
        // Each pair: at least one done; the other done too (a repeat has the effect of once) or refused in words, never a crash.
        for (const pair of answers) {
          expect(pair.some((answer) => answer.status === 200), JSON.stringify(pair.map((x) => x.body))).toBe(true);
          for (const answer of pair) expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
        }
      }

      expect(await crashInvariantProblems(server.db, lot, [asn.BillCode, wo.BillCode])).toEqual([]);
      const { rows } = await sql<{ kind: string; reels: string; postings: string }>`
        select kind, count(distinct reel_code) as reels, count(*) as postings from stock_transactions
         where bill_code in (${asn.BillCode}, ${wo.BillCode}) group by kind order by kind`.execute(server.db);
      expect(rows.map((r) => [r.kind, Number(r.reels), Number(r.postings)])).toEqual([
        ['ISSUE', REELS, REELS],
        ['RECEIVE', REELS, REELS],
      ]);
      const statuses = await server.db.selectFrom('stock_reels').select(['status']).where('org_id', '=', ORG).where('lot_code', '=', lot).execute();
      expect(statuses.map((r) => r.status)).toEqual(Array(REELS).fill('ISSUED'));
    }, 120_000);

    // Last: it stops one of the processes.
    it('an interval job runs once per interval across both processes, and goes on when the one it was started on stops', async () => {
      const admin = await server.createUser({ roleId: 'role-super-admin' });
      const token = await a.login(admin.userName, admin.password, ORG);
      const saved = await a.call('POST', '/SysJob/AddOrModifySave', { token, body: { Name: `replica job ${randomBytes(3).toString('hex')}`, Address: 'echo', ExecType: 'SERIAL', IntervalSeconds: 2 } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const id: string = saved.body.data.ID;
      expect((await a.call('POST', '/SysJob/Start', { token, query: { id } })).status).toBe(200);
      const runs = async () =>
        (await server.db.selectFrom('job_runs').select(['queue_job_id', 'started_at', 'status']).where('schedule_id', '=', id).orderBy('started_at').execute());
      const waitForRuns = async (count: number, ms: number) => {
        const deadline = Date.now() + ms;
        while ((await runs()).filter((r) => r.status === 'SUCCESS').length < count) {
          if (Date.now() > deadline) throw new Error(`fewer than ${count} runs within ${ms} ms: ${JSON.stringify(await runs())}`);
          await sleep(200);
        }
      };
      await waitForRuns(3, 30_000);
      const stopping = performance.now();
      await a.stop();
      console.log(`replicas: the first process stopped in ${Math.round(performance.now() - stopping)} ms`);
      const before = (await runs()).length;
      // Only the other process is left to run it.
      await waitForRuns(before + 3, 40_000);
      expect((await b.call('POST', '/SysJob/Stop', { token, query: { id } })).status).toBe(200);
      await sleep(1000);
      const all = await runs();
      expect(new Set(all.map((r) => r.queue_job_id)).size).toBe(all.length);
      const starts = all.map((r) => r.started_at.getTime());
      for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThan(1000);
    }, 120_000);
  });
});
