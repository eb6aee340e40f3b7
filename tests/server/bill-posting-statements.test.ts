/**
 * The statements one posting call costs (issue 14's throughput goal, bench/bill-posting.ts): a scan
 * of a reel on a receipt (Bill/ConfirmReceipt) and on an issue bill (Bill/Pick), counted through the
 * same Kysely plugin the benchmark counts with, BEGIN and COMMIT not counted. Each call is a round
 * trip to the database: a change that adds one to the posting path fails here, not only in the
 * benchmark's numbers. The bounds are what the engine reaches now (access check included: the
 * cache generation read at every call; the caller's session, organisation and grants come from the
 * process's cache, and the bill's type is looked up once per bill).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { StatementCounter } from '../../bench/statement-counter.ts';
import { applyStockMoves, type StockCaller } from '../../server/modules/stock/ledger.ts';
import { adminToken } from './support/masterdata.ts';
import { stockDisagreements } from './support/stock.ts';
import { describeServer } from './support/test-server.ts';

/**
 * Statements per scan, measured: the access check 1 (the cache generation: session, organisation
 * and grants, the action's button included, come from the process's cache), then the bill locked
 * with its type 1, the action's reads 1, the ledger 2 (reels locked, one write), the finish with
 * the answer 1 (a pick's new box written in it), and, after the commit, the smart shelves' delete of
 * the scanned reels' lit rows 1 (server/modules/shelves, putOut; usually deleting nothing). That last
 * one was skipped by a per-process count of the lit rows, which another server process's LightOn
 * never reached, so its lights stayed on after a pick here (tests/server/shelves-replicas.test.ts):
 * lights right across server processes are worth the one round trip.
 */
const CONFIRM_RECEIPT_AT_MOST = 7;
const PICK_AT_MOST = 7;
/**
 * A bill's first scan also finds the bill's type, loads the action's grant into the cache (menu,
 * button) and moves the bill out of editing (measured: receipt 4 more, pick 5).
 */
const FIRST_SCAN_MORE = 5;

const ORG = 'org-f01';
const caller: StockCaller = { orgId: ORG, userId: 'user-statements-test', userName: 'statements-test' };
// Demo master data no demo stock uses (as tests/server/bills-outbound.test.ts).
const PART = 'CAP-00392';
const PLACE = { sic: 'WIP02', loc: 'WIP02-28' };

const counter = new StatementCounter();

describeServer('statements per posting call', { wrapDb: (db) => db.withPlugin(counter) }, (server) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(server);
  });

  const call = async (action: string, body: unknown) => {
    const reply = await server.call('POST', `/Bill/${action}`, { token, body });
    expect(reply.status, `${action}: ${reply.body.msg}`).toBe(200);
    return reply.body.data;
  };

  /** The statements the call makes, and its answer. */
  const counted = async (action: string, body: unknown) => {
    counter.reset();
    counter.on = true;
    try {
      const data = await call(action, body);
      return { statements: counter.statements, data };
    } finally {
      counter.on = false;
    }
  };

  it(`a Bill/ConfirmReceipt scan costs at most ${CONFIRM_RECEIPT_AT_MOST} statements`, async () => {
    const bill = await call('Save', { BillType: 'ASN', VendorCode: 'V0001', Lines: [{ PartCode: PART, Qty: '30', Mpq: '10', ToSic: PLACE.sic, ToLoc: PLACE.loc }] });
    const reels: string[] = (await call('CreateReels', { Id: bill.Id })).Reels.map((r: { ReelCode: string }) => r.ReelCode);
    expect(reels).toHaveLength(3);
    const scans = [];
    for (const reel of reels) scans.push(await counted('ConfirmReceipt', { Id: bill.Id, ReelCode: reel }));
    expect(scans.map((s) => s.data.Reels[0].Status)).toEqual(['RECEIVED', 'RECEIVED', 'RECEIVED']);
    expect(scans.at(-1)!.data.Lines[0]).toMatchObject({ ActualQty: '30', BalanceQty: '0' });
    // The first call on a bill may also find its type and its grant for the access check; the next ones do not.
    for (const scan of scans.slice(1)) expect(scan.statements).toBeLessThanOrEqual(CONFIRM_RECEIPT_AT_MOST);
    expect(scans[0].statements).toBeLessThanOrEqual(CONFIRM_RECEIPT_AT_MOST + FIRST_SCAN_MORE);
    expect(await stockDisagreements(server.db, ORG)).toEqual([]);
  });

  it(`a Bill/Pick scan costs at most ${PICK_AT_MOST} statements`, async () => {
    const lot = `LOT-${randomBytes(4).toString('hex')}`;
    const reels = Array.from({ length: 3 }, () => `ST-${randomBytes(5).toString('hex')}`);
    await applyStockMoves(
      server.db,
      caller,
      reels.map((code) => ({ kind: 'receive' as const, reelCode: code, to: PLACE, qty: '10', reel: { partCode: PART, lotCode: lot } })),
    );
    const bill = await call('Save', { BillType: 'WO', Mo: 'MO-1', MoLine: '1', Lines: [{ PartCode: PART, Qty: '30' }] });
    const scans = [];
    for (const reel of reels) scans.push(await counted('Pick', { Id: bill.Id, ReelCode: reel }));
    expect(scans.map((s) => s.data.Reels[0].Status)).toEqual(['PICKED', 'PICKED', 'PICKED']);
    for (const scan of scans.slice(1)) expect(scan.statements).toBeLessThanOrEqual(PICK_AT_MOST);
    expect(scans[0].statements).toBeLessThanOrEqual(PICK_AT_MOST + FIRST_SCAN_MORE);
    expect(await stockDisagreements(server.db, ORG)).toEqual([]);
  });
});
