/**
 * Stock/Balance and Stock/Ledger page by page (server/modules/stock/reads.ts reads a page from an
 * index and counts only when the page is full, the ledger's page bounded to the newest transactions):
 * the pages, put together, are the whole list in order, and every page tells the same total — now,
 * as of a past instant, and past the last page.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { applyStockMoves, type StockCaller, type StockMove } from '../../server/modules/stock/ledger.ts';
import { adminToken } from './support/masterdata.ts';
import { stockDisagreements } from './support/stock.ts';
import { describeServer } from './support/test-server.ts';

const ORG = 'org-f01';
const caller: StockCaller = { orgId: ORG, userId: 'user-paging-test', userName: 'paging-test' };
const PART = 'RES-00001';
const PLACES = [
  { sic: 'RAW01', loc: 'RAW01-03' },
  { sic: 'RAW01', loc: 'RAW01-04' },
  { sic: 'ELE01', loc: 'ELE01-03' },
];

describeServer('stock reads page by page', {}, (server) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(server);
  });
  const apply = (moves: StockMove[]) => applyStockMoves(server.db, caller, moves);
  const call = async (path: string, body: object) => {
    const res = await server.call('POST', path, { token, body });
    expect(res.status).toBe(200);
    return res.body as { data: Record<string, string>[]; count: number };
  };

  /** Every page of `limit` rows up to one past the last; each page's count must be the total. */
  async function pages(path: string, body: object, limit: number) {
    const all: Record<string, string>[] = [];
    for (let page = 1; ; page++) {
      const { data, count } = await call(path, { ...body, Page: page, Limit: limit });
      all.push(...data);
      if (data.length < limit) {
        expect(count).toBe(all.length);
        return all;
      }
    }
  }

  it('the pages of a lot’s balances and of its ledger are the whole list, in order, each with the total', async () => {
    const lot = `LOT-${randomBytes(4).toString('hex')}`;
    const reels = Array.from({ length: 3 }, (_, i) => `RP-${randomBytes(4).toString('hex')}-${i}`);
    for (const [i, code] of reels.entries()) {
      await apply([{ kind: 'receive', reelCode: code, to: PLACES[0], qty: String(100 * (i + 1)), reel: { partCode: PART, lotCode: lot }, billCode: 'ASN-PG' }]);
    }
    const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(server.db);
    const past = rows[0].now.toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Transfers (two postings each), a split and an issue, spread over the places.
    await apply([{ kind: 'transfer', reelCode: reels[0], to: PLACES[1] }]);
    await apply([{ kind: 'transfer', reelCode: reels[1], to: PLACES[2], qty: '50' }]);
    await apply([{ kind: 'transfer', reelCode: reels[0], to: PLACES[2] }]);
    await apply([{ kind: 'issue', reelCode: reels[2], qty: '120', billCode: 'WO-PG' }]);
    expect(await stockDisagreements(server.db, ORG)).toEqual([]);

    const balances = (await call('/Stock/Balance', { LotCode: lot, Limit: 100 })).data;
    expect(balances.map((b) => [b.Sic, b.Loc, b.Qty])).toEqual([
      ['ELE01', 'ELE01-03', '150'],
      ['RAW01', 'RAW01-03', '330'],
    ]);
    for (const limit of [1, 2]) expect(await pages('/Stock/Balance', { LotCode: lot }, limit)).toEqual(balances);

    const then = (await call('/Stock/Balance', { LotCode: lot, AsOf: past, Limit: 100 })).data;
    expect(then.map((b) => [b.Sic, b.Loc, b.Qty])).toEqual([['RAW01', 'RAW01-03', '600']]);
    expect(await pages('/Stock/Balance', { LotCode: lot, AsOf: past }, 1)).toEqual(then);

    // The lot's part's ledger holds other tests' rows too: compare against this one's transactions.
    const ledger = (await call('/Stock/Ledger', { PartCode: PART, Page: 1, Limit: 10_000 })).data.filter((r) => reels.some((code) => r.ReelCode.startsWith(code)));
    // Newest first; a move of part of a reel is its split, then the move of the split-off reel.
    expect(ledger.map((r) => [r.Kind, r.Sic, r.Qty])).toEqual([
      ['ISSUE', 'RAW01', '-120'],
      ['SPLIT', 'RAW01', '120'],
      ['SPLIT', 'RAW01', '-120'],
      ['TRANSFER', 'ELE01', '100'],
      ['TRANSFER', 'RAW01', '-100'],
      ['TRANSFER', 'ELE01', '50'],
      ['TRANSFER', 'RAW01', '-50'],
      ['SPLIT', 'RAW01', '50'],
      ['SPLIT', 'RAW01', '-50'],
      ['TRANSFER', 'RAW01', '100'],
      ['TRANSFER', 'RAW01', '-100'],
      ['RECEIVE', 'RAW01', '300'],
      ['RECEIVE', 'RAW01', '200'],
      ['RECEIVE', 'RAW01', '100'],
    ]);
    for (const limit of [1, 2, 3]) {
      for (const reel of [reels[0], reels[1], `${reels[2]}-1`]) {
        const whole = (await call('/Stock/Ledger', { ReelCode: reel, Page: 1, Limit: 100 })).data;
        expect(await pages('/Stock/Ledger', { ReelCode: reel }, limit)).toEqual(whole);
      }
      const bill = await pages('/Stock/Ledger', { BillCode: 'ASN-PG' }, limit);
      expect(bill.filter((r) => reels.includes(r.ReelCode)).map((r) => r.Qty)).toEqual(['300', '200', '100']);
    }
  });

  it('past 10,000 balances the count is an estimate, said so (as the list calls count); the rows stay exact, now and as of before', async () => {
    const place = { sic: 'AUX01', loc: 'AUX01-29' };
    const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(server.db);
    const before = rows[0].now.toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const tag = randomBytes(3).toString('hex');
    const keys = 10_001;
    for (let from = 0; from < keys; from += 1000) {
      await apply(
        Array.from({ length: Math.min(1000, keys - from) }, (_, k) => {
          const i = String(from + k).padStart(5, '0');
          return { kind: 'receive' as const, reelCode: `RE-${tag}-${i}`, to: place, qty: '1', reel: { partCode: PART, lotCode: `LE-${tag}-${i}` } };
        }),
      );
    }
    const now = await server.call('POST', '/Stock/Balance', { token, body: { Loc: place.loc, Page: 2, Limit: 3 } });
    expect(now.status).toBe(200);
    expect(now.body.countIsEstimate).toBe(true);
    expect(now.body.count).toBeGreaterThan(10_000);
    expect(now.body.data.map((r: { LotCode: string; Qty: string }) => [r.LotCode, r.Qty])).toEqual([3, 4, 5].map((i) => [`LE-${tag}-${String(i).padStart(5, '0')}`, '1']));
    // As of an instant after the receipts: the same rows and the same kind of count (the past's own way, reads.ts asOfBalances).
    const { rows: later } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(server.db);
    const after = await server.call('POST', '/Stock/Balance', { token, body: { Loc: place.loc, AsOf: later[0].now.toISOString(), Page: 2, Limit: 3 } });
    expect(after.body).toMatchObject({ countIsEstimate: true, data: now.body.data });
    expect(after.body.count).toBeGreaterThan(10_000);
    // A lot of them: one row, counted exactly.
    const one = await call('/Stock/Balance', { Loc: place.loc, LotCode: `LE-${tag}-10000`, Limit: 1 });
    expect(one).toMatchObject({ count: 1, data: [{ Qty: '1' }] });
    expect(one).not.toHaveProperty('countIsEstimate');
    // Before the receipts there was nothing there: no rows, an exact 0.
    const then = await server.call('POST', '/Stock/Balance', { token, body: { Loc: place.loc, AsOf: before, Limit: 3 } });
    expect(then.body).toMatchObject({ count: 0, data: [] });
    expect(then.body).not.toHaveProperty('countIsEstimate');
    expect(await stockDisagreements(server.db, ORG)).toEqual([]);
    // 10,001 receipts in 11 ledger calls: about 5 s alone, several times that under a full run's load.
  }, 180_000);
});
