/**
 * Issue 14's crash test: the real server process (server/main.ts) is killed with SIGKILL in the middle
 * of a burst of receipts (Bill/ConfirmReceipt) and picks (Bill/Pick) from concurrent clients, again and
 * again, on the embedded database (PGlite in a data directory) and on PostgreSQL (DATABASE_URL). After
 * every kill:
 * - the database, as the next start finds it, holds every reel fully received / issued (ledger row,
 *   balance, reel row, bill reel, bill line, action log) or not at all (support/crash-checks.ts);
 * - every call that was answered before the kill is there (durability of an answered commit);
 * - the portal starts again on it (ready line, login, the bills read) and the next burst goes on.
 * CRASH_KILLS (default 20) sets the number of kills per database.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../server/db/database.ts';
import { crashInvariantProblems } from './support/crash-checks.ts';
import { crashTargets } from './support/crash-targets.ts';
import { adminToken, F01 } from './support/masterdata.ts';
import { SpawnedServer } from './support/spawned-server.ts';
import { describeServer } from './support/test-server.ts';

const KILLS = Number(process.env.CRASH_KILLS || 20);
/** Concurrent clients in a burst (scanners at work). */
const CLIENTS = 4;
/** Reels each cycle's ASN brings to receive: more than a burst gets through before the kill. */
const REELS_PER_CYCLE = 40;
/** The kill comes this long after the burst starts (uniformly at random). */
const KILL_AFTER_MS: [number, number] = [150, 900];

const ORG = 'org-f01';
// Demo master data (server/db/seed/seed-masterdata.ts): a part without incoming inspection, a vendor, a place.
const PART = 'CAP-00008';
const VENDOR = 'V0001';
const PLACE = { sic: 'RAW01', loc: 'RAW01-01' };

/** The checks see every kind of half-done work (so a crash run that passes them means something). */
describeServer('the crash checks', {}, (server) => {
  const lot = `CHK-${randomBytes(4).toString('hex')}`;
  let bill: { Id: number; BillCode: string };
  let wo: { Id: number; BillCode: string };
  let reel: string;
  let picked: string;
  beforeAll(async () => {
    const token = await adminToken(server);
    const call = async (name: string, body: unknown) => {
      const { status, body: answer } = await server.call('POST', `/Bill/${name}`, { token, body });
      expect(status, JSON.stringify(answer)).toBe(200);
      return answer.data;
    };
    bill = await call('Save', { BillType: 'ASN', VendorCode: VENDOR, Lines: [{ PartCode: PART, Qty: '20', Mpq: '10', ToSic: PLACE.sic, ToLoc: PLACE.loc, LotCode: lot }] });
    [reel, picked] = (await call('CreateReels', { Id: bill.Id, LotCode: lot })).Reels.map((r: { ReelCode: string }) => r.ReelCode);
    await call('ConfirmReceipt', { Id: bill.Id, ReelCode: reel });
    await call('ConfirmReceipt', { Id: bill.Id, ReelCode: picked });
    wo = await call('Save', { BillType: 'WO', Mo: 'MO-CHK', MoLine: '10', Lines: [{ PartCode: PART, Qty: '100' }] });
    await call('Pick', { Id: wo.Id, ReelCode: picked });
  });

  /** The problems the checks find after `damage`, which is then undone. */
  async function problemsAfter(damage: (trx: DB) => Promise<unknown>): Promise<string[]> {
    let problems: string[] = [];
    await server.db
      .transaction()
      .execute(async (trx) => {
        await damage(trx);
        problems = await crashInvariantProblems(trx, lot, [bill.BillCode, wo.BillCode]);
        throw new Error('undo');
      })
      .catch((error: Error) => {
        if (error.message !== 'undo') throw error;
      });
    return problems;
  }

  it('find nothing in work done whole, and each half of a receipt or a pick without the rest', async () => {
    expect(await crashInvariantProblems(server.db, lot, [bill.BillCode, wo.BillCode])).toEqual([]);
    // The reel row without its ledger row and balance.
    expect(await problemsAfter((trx) => sql`update stock_reels set status = 'CREATED', sic = null, loc = null where reel_code = ${reel}`.execute(trx))).toEqual(
      expect.arrayContaining([expect.stringContaining(`reel ${reel} at ${PLACE.sic}/${PLACE.loc}: ledger 10.000000, reel 0`)]),
    );
    // The bill's reel not marked received although the ledger received it.
    expect(await problemsAfter((trx) => sql`update bill_boxes set status = 'CREATED' where reel_code = ${reel}`.execute(trx))).toEqual(
      expect.arrayContaining([expect.stringContaining(`bill ${bill.BillCode} reel ${reel} is CREATED, but its ledger has 1 unreversed RECEIVE`)]),
    );
    // The issuing bill's reel not marked picked although the ledger issued it.
    expect(await problemsAfter((trx) => sql`update bill_boxes set status = 'RESERVED' where bill_id = ${wo.Id} and reel_code = ${picked}`.execute(trx))).toEqual(
      expect.arrayContaining([expect.stringContaining(`bill ${wo.BillCode} reel ${picked} is RESERVED, but its ledger has 1 unreversed ISSUE`)]),
    );
    // The line's quantity, the action log.
    expect(await problemsAfter((trx) => sql`update bill_lines set actual_qty = 0 where bill_id = ${bill.Id}`.execute(trx))).toEqual([
      `bill ${bill.BillCode} line 1: actual quantity 0.000000, its done reels 20.000000`,
    ]);
    expect(await problemsAfter((trx) => sql`delete from bill_action_log where bill_id = ${bill.Id} and reel_code = ${reel}`.execute(trx))).toEqual([
      `bill ${bill.BillCode} reel ${reel} is RECEIVED, but the action log has 0 ConfirmReceipt for it`,
    ]);
    // A balance without its postings.
    expect(await problemsAfter((trx) => sql`update stock_balances set on_hand = on_hand + 1 where org_id = ${F01} and part_code = ${PART} and lot_code = ${lot}`.execute(trx))).toHaveLength(1);
  });
});

const randomBetween = ([low, high]: [number, number]) => low + Math.floor(Math.random() * (high - low));

/** What the burst's clients were told before the kill. */
interface BurstRecord {
  received: string[];
  picked: string[];
  /** Calls under way when the kill came (their outcome is either, never half). */
  inFlight: number;
  /** Answers that were neither success nor the lost connection. */
  unexpected: string[];
}

// Both databases at once: a kill cycle mostly waits for a server to start, so the two overlap well.
describe.concurrent('kill -9 during a burst of receipts and picks', () => {
  for (const [name, makeTarget] of crashTargets) it(
    `${name}: every reel is fully received / issued or not at all after each of ${KILLS} kills, every answered call is kept, and the portal starts again`,
    async ({ expect }) => {
      const target = await makeTarget();
      const lot = `CRASH-${randomBytes(4).toString('hex')}`;
      const billCodes: string[] = [];
      const answered = { received: new Set<string>(), picked: new Set<string>() };
      /** Received reels not yet picked, as the last check found them. */
      let inStock: string[] = [];
      let wo: { Id: number; BillCode: string } | undefined;
      const timings = { start: [] as number[], burst: [] as number[], check: [] as number[] };
      let inFlightAtKill = 0;
      let server: SpawnedServer | undefined;
      try {
        for (let cycle = 1; cycle <= KILLS; cycle++) {
          let started = performance.now();
          server = await SpawnedServer.start(target.settings);
          const token = await server.login('ADMIN', 'admin123', ORG);
          timings.start.push(performance.now() - started);
          const call = server.caller(token, ORG);
          // The portal works on what the last kill left: the bills read as they are.
          for (const id of [wo?.Id].filter((x) => x !== undefined)) {
            expect((await server.call('GET', '/Bill/Get', { token, orgId: ORG, query: { id: String(id) } })).status).toBe(200);
          }

          // This cycle's goods: an ASN whose reels the burst receives; one work-order issue bill for all picks.
          const asn = await call('/Bill/Save', {
            BillType: 'ASN',
            VendorCode: VENDOR,
            Lines: [{ PartCode: PART, Qty: String(REELS_PER_CYCLE * 10), Mpq: '10', ToSic: PLACE.sic, ToLoc: PLACE.loc, LotCode: lot }],
          });
          billCodes.push(asn.BillCode);
          const reels: string[] = (await call('/Bill/CreateReels', { Id: asn.Id, LotCode: lot })).Reels.map((r: { ReelCode: string }) => r.ReelCode);
          if (!wo) {
            wo = await call('/Bill/Save', { BillType: 'WO', Mo: 'MO-CRASH', MoLine: '10', Lines: [{ PartCode: PART, Qty: '1000000' }] });
            billCodes.push(wo!.BillCode);
          }

          // The burst: each client receives or picks, one call at a time, until the kill.
          started = performance.now();
          const record: BurstRecord = { received: [], picked: [], inFlight: 0, unexpected: [] };
          let killed = false;
          const toReceive = [...reels];
          const toPick = [...inStock];
          const client = async () => {
            while (!killed) {
              const pick = toPick.length > 0 && (toReceive.length === 0 || Math.random() < 0.5);
              const reel = pick ? toPick.shift()! : toReceive.shift();
              if (!reel) return;
              record.inFlight++;
              try {
                const answer = await server!.call('POST', pick ? '/Bill/Pick' : '/Bill/ConfirmReceipt', { body: { Id: pick ? wo!.Id : asn.Id, ReelCode: reel }, token, orgId: ORG });
                if (answer.status === 200) {
                  (pick ? record.picked : record.received).push(reel);
                  if (!pick) toPick.push(reel);
                } else if (!killed) record.unexpected.push(`${pick ? 'Pick' : 'ConfirmReceipt'} ${reel}: ${answer.status} ${JSON.stringify(answer.body)}`);
              } catch (error) {
                // The connection ended: only the kill may do that.
                if (!killed) record.unexpected.push(`${reel}: ${(error as Error).message}`);
              } finally {
                record.inFlight--;
              }
            }
          };
          const clients = Array.from({ length: CLIENTS }, client);
          await new Promise((resolve) => setTimeout(resolve, randomBetween(KILL_AFTER_MS)));
          killed = true;
          inFlightAtKill += record.inFlight;
          const kill = server.kill();
          await Promise.all(clients);
          await kill;
          timings.burst.push(performance.now() - started);
          expect(record.unexpected, `cycle ${cycle}`).toEqual([]);
          record.received.forEach((reel) => answered.received.add(reel));
          record.picked.forEach((reel) => answered.picked.add(reel));

          // As the next start finds it (for PGlite this open is the recovery after the kill).
          started = performance.now();
          const database = await target.open();
          try {
            expect(await crashInvariantProblems(database.db, lot, billCodes), `after kill ${cycle}`).toEqual([]);
            const reelsNow = await database.db
              .selectFrom('stock_reels')
              .select(['reel_code', 'status', 'reserved_qty'])
              .where('org_id', '=', ORG)
              .where('lot_code', '=', lot)
              .execute();
            const status = new Map(reelsNow.map((r) => [r.reel_code, r.status]));
            // Every answered receipt and pick is there.
            expect([...answered.received].filter((reel) => !['IN_STOCK', 'ISSUED'].includes(status.get(reel) ?? '')), `received, after kill ${cycle}`).toEqual([]);
            expect([...answered.picked].filter((reel) => status.get(reel) !== 'ISSUED'), `picked, after kill ${cycle}`).toEqual([]);
            inStock = reelsNow.filter((r) => r.status === 'IN_STOCK' && Number(r.reserved_qty) === 0).map((r) => r.reel_code);
          } finally {
            await database.close();
          }
          timings.check.push(performance.now() - started);
        }

        // After the last kill: the portal starts, and every reel the bursts touched is accounted for.
        server = await SpawnedServer.start(target.settings);
        await server.login('ADMIN', 'admin123', ORG);
        await server.stop();
        const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / 1000);
        console.log(
          `${target.name}: ${KILLS} kills, ${answered.received.size} receipts and ${answered.picked.size} picks answered, ${inFlightAtKill} calls in flight at the kills; ` +
            `starts ${sum(timings.start)} s, bursts ${sum(timings.burst)} s, checks ${sum(timings.check)} s`,
        );
        // The kills came in the middle of the work: calls were under way, and work got done.
        expect(inFlightAtKill).toBeGreaterThanOrEqual(KILLS);
        expect(answered.received.size).toBeGreaterThan(0);
        expect(answered.picked.size).toBeGreaterThan(0);
      } finally {
        await server?.kill().catch(() => {});
        await target.dispose();
      }
    },
    900_000,
  );
});
