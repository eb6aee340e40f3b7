/**
 * kill -9 of the server (server/main.ts, a real process) while its 'erp-outbox-delivery' job sends
 * postings to the fake ERP, twice, on the embedded database (PGlite in a data directory) and on
 * PostgreSQL (DATABASE_URL): each kill comes while a posting is under way at the ERP (booked there
 * after the portal is gone, its answer lost). After the restarts every posted line is at the ERP
 * exactly once in effect (distinct postings = outbox rows, each with its row's key), in order per
 * bill; the one whose answer was lost was sent again with the same key, and the ERP kept it once.
 */
import { describe, it } from 'vitest';
import { FakeErp } from '../../fake-erp/fake-erp.ts';
import { crashTargets } from './support/crash-targets.ts';
import { outboxOf, pointErpAt, postAsn, sleep, until } from './support/erp.ts';
import { SpawnedServer } from './support/spawned-server.ts';

const ORG = 'org-f01';
const KILLS = 2;
const BILLS = 3;
const LINES = 4;

describe.concurrent('kill -9 during ERP delivery', () => {
  for (const [name, makeTarget] of crashTargets) it(
    `${name}: after ${KILLS} kills mid-call every posted line is at the ERP once, in order per bill`,
    async ({ expect }) => {
      const target = await makeTarget();
      const erp = await new FakeErp().start();
      let server: SpawnedServer | undefined;
      try {
        // The ERP of the organisation is the fake, with a short time limit (a claim's lease is that + 2 s; the other
        // organisations keep the demo ERP's 60 s, which is theirs alone).
        const handle = await target.open();
        await pointErpAt(handle.db, erp.url, { orgId: ORG, timeoutSeconds: 1 });
        await handle.close();

        server = await SpawnedServer.start(target.settings);
        const token = await server.login('ADMIN', 'admin123', ORG);
        const call = server.caller(token, ORG);
        // Posted lines, before delivery starts: BILLS receipts of LINES lines each.
        const codes: string[] = [];
        for (let b = 0; b < BILLS; b++) codes.push((await postAsn((action, body) => call(`/Bill/${action}`, body), LINES)).BillCode);
        // Each posting takes the ERP a while, so a kill finds one under way.
        erp.slow(250);
        const job = await call('/SysJob/AddOrModifySave', {
          Name: 'ERP delivery (crash test)',
          Address: 'erp-outbox-delivery',
          IntervalSeconds: 1,
          // SERIAL, as a plant runs it: the run cut by a kill is closed by the next start (jobs-crash.test.ts),
          // which frees the job's queue for the next run.
          ExecType: 'SERIAL',
          Params: { retryBaseMs: 100, retryMaxMs: 500, maxAttempts: 1000 },
        });
        await call('/SysJob/Start', undefined, { id: job.ID });

        const total = BILLS * LINES;
        const started = performance.now();
        for (let kill = 1; kill <= KILLS; kill++) {
          const before = erp.distinct;
          // Mid-delivery: something new booked since the start, and a call under way right now.
          await until(async () => erp.distinct > before && erp.inFlight > 0, 60_000, `a posting under way (kill ${kill})`);
          await server.kill();
          server = await SpawnedServer.start(target.settings);
        }
        await until(async () => erp.distinct === total, 90_000, 'every posting at the ERP');
        console.log(`${name}: ${KILLS} kills and restarts, all ${total} postings at the ERP after ${Math.round(performance.now() - started)} ms`);

        // The rows as the database holds them (the embedded database opens only with the server stopped). A row
        // whose call was cut by the stop is marked by the next start (it sends again; the ERP keeps it once).
        let rows: Awaited<ReturnType<typeof outboxOf>> = [];
        for (let round = 1; ; round++) {
          await server.stop();
          const handle = await target.open();
          rows = await outboxOf(handle.db, codes).finally(() => handle.close());
          if (rows.every((r) => r.status === 'SENT') || round === 10) break;
          server = await SpawnedServer.start(target.settings);
          // A claim cut by the stop runs out (time limit + 2 s) and the row is sent and marked again.
          await sleep(4000);
          await until(async () => erp.inFlight === 0, 30_000, 'the ERP idle');
        }
        expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'SENT'));
        expect(rows).toHaveLength(total);
        expect(erp.distinct).toBe(total);
        expect(erp.postings.map((p) => p.key).sort()).toEqual(rows.map((r) => r.idempotency_key).sort());
        // The calls under way at the kills were booked, their answers lost, and sent again: the ERP kept each once.
        expect(erp.total).toBeGreaterThan(erp.distinct);
        for (const code of codes) {
          expect(erp.postings.filter((p) => (p.body as { BillCode: string }).BillCode === code).map((p) => (p.body as { LineNo: number }).LineNo)).toEqual(
            Array.from({ length: LINES }, (_, i) => i + 1),
          );
        }
      } finally {
        await server?.stop();
        await erp.close();
        await target.dispose();
      }
    },
    300_000,
  );
});
