/**
 * Stock/Balance as of a past instant (server/modules/stock/reads.ts) against the ledger itself: after a
 * random run of receipts, transfers (whole and part), splits, reservations, issues and reversals over a
 * few parts, lots and places, the balances at each instant in the run (and between) are exactly the
 * ledger's postings up to that instant summed per key — for a lot, a part, a storage location and
 * everything, read in one page and page by page, with the same count on every page.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { applyStockMoves, type StockCaller, type StockMove } from '../../server/modules/stock/ledger.ts';
import { AS_OF_SET_BOUND } from '../../server/modules/stock/reads.ts';
import { quantityText } from '../../server/modules/stock/quantity.ts';
import { adminToken } from './support/masterdata.ts';
import { stockDisagreements } from './support/stock.ts';
import { describeServer } from './support/test-server.ts';

const ORG = 'org-f01';
const caller: StockCaller = { orgId: ORG, userId: 'user-as-of-test', userName: 'as-of-test' };
const PARTS = ['CAP-00008', 'RES-00001'];
const PLACES = [
  { sic: 'RAW01', loc: 'RAW01-07' },
  { sic: 'RAW01', loc: 'RAW01-08' },
  { sic: 'ELE01', loc: 'ELE01-07' },
  { sic: 'AUX01', loc: 'AUX01-07' },
];

/** A small seeded generator (mulberry32): a failing run can be replayed with its seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] };
}

type Row = { PartCode: string; PartName: string | null; Sic: string; Loc: string; LotCode: string; Qty: string; ReservedQty: string; InspectionQty: string };

describeServer('stock as of a past instant equals the ledger summed up to it', {}, (server) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(server);
  });
  const apply = (moves: StockMove[]) => applyStockMoves(server.db, caller, moves);
  const balance = async (body: object) => {
    const res = await server.call('POST', '/Stock/Balance', { token, body });
    expect(res.status).toBe(200);
    return res.body as { data: Row[]; count: number; countIsEstimate?: true };
  };
  const clock = async () => (await sql<{ now: Date }>`select clock_timestamp() as now`.execute(server.db)).rows[0].now;
  // A transaction's time is the database clock's at its start; PGlite's may tick in whole
  // milliseconds, so each change waits for a later instant than the one recorded before it.
  const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

  /** The ledger's postings up to `instant` summed per key, the keys with anything on hand or reserved, in the reads' order. */
  async function ledgerAt(instant: Date, filter: { partCode?: string; sic?: string; loc?: string; lotCodes?: string[] }): Promise<Row[]> {
    const { rows } = await sql<{ part_code: string; part_name: string | null; sic: string; loc: string; lot_code: string; qty: string; reserved: string; inspection: string }>`
      select part_code, (select name from md_part p where p.org_id = ${ORG} and p.code = part_code) as part_name,
             sic, loc, lot_code, sum(qty) as qty, sum(reserved_qty) as reserved, sum(inspection_qty) as inspection
        from stock_postings
       where org_id = ${ORG} and created_at <= ${instant}
         and (${filter.partCode ?? null}::text is null or part_code = ${filter.partCode ?? null})
         and (${filter.sic ?? null}::text is null or sic = ${filter.sic ?? null})
         and (${filter.loc ?? null}::text is null or loc = ${filter.loc ?? null})
         and (${filter.lotCodes ?? null}::text[] is null or lot_code = any(${filter.lotCodes ?? null}))
       group by part_code, sic, loc, lot_code
      having sum(qty) <> 0 or sum(reserved_qty) <> 0
       order by part_code, sic, loc, lot_code`.execute(server.db);
    return rows.map((r) => ({
      PartCode: r.part_code,
      PartName: r.part_name,
      Sic: r.sic,
      Loc: r.loc,
      LotCode: r.lot_code,
      Qty: quantityText(r.qty),
      ReservedQty: quantityText(r.reserved),
      InspectionQty: quantityText(r.inspection),
    }));
  }

  it('at random instants of a random run, for a lot, a part, a place and everything, whole and page by page', async () => {
    const seed = Number(process.env.STOCK_AS_OF_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const random = generator(seed);
    const tag = randomBytes(3).toString('hex');
    const lots = [0, 1, 2].map((i) => `LA-${tag}-${i}`);
    const reels: string[] = [];
    const transactions: string[] = [];
    const instants: Date[] = [await clock()];
    let reelNo = 0;
    const quantity = () => random.pick(['1', '2.5', '10', '40', '125.125']);
    const moveOf = (): StockMove => {
      const reel = reels.length ? random.pick(reels) : '';
      const roll = reels.length ? random.next() : 0;
      if (roll < 0.3) {
        const code = `RA-${tag}-${reelNo++}`;
        return {
          kind: 'receive', reelCode: code, to: random.pick(PLACES), qty: random.pick(['100', '250', '60.5']), pendingInspection: random.next() < 0.15,
          reel: { partCode: random.pick(PARTS), lotCode: random.pick(lots) }, billCode: `ASN-${tag}`,
        };
      }
      if (roll < 0.45) return { kind: 'transfer', reelCode: reel, to: random.pick(PLACES) };
      if (roll < 0.55) return { kind: 'transfer', reelCode: reel, to: random.pick(PLACES), qty: quantity() };
      if (roll < 0.62) return { kind: 'split', reelCode: reel, qty: quantity() };
      if (roll < 0.72) return { kind: 'reserve', reelCode: reel, billCode: `WO-${tag}`, qty: quantity() };
      if (roll < 0.77) return { kind: 'unreserve', reelCode: reel };
      if (roll < 0.82) return { kind: 'release', reelCode: reel };
      if (roll < 0.92) return { kind: 'issue', reelCode: reel, qty: random.next() < 0.5 ? quantity() : undefined, billCode: `WO-${tag}` };
      return { kind: 'reverse', transactionId: random.pick(transactions) };
    };
    let applied = 0;
    for (let step = 0; step < 60; step++) {
      const move = moveOf();
      if (move.kind === 'reverse' && !transactions.length) continue;
      await tick();
      // A move the ledger refuses (more than the reel holds, a reel issued already, ...) changes
      // nothing: the run goes on with the next.
      const done = await apply([move]).catch(() => undefined);
      if (!done) continue;
      applied++;
      for (const tx of done) transactions.push(String(tx.id));
      if (move.kind === 'receive') reels.push(move.reelCode);
      if ((move.kind === 'split' || move.kind === 'transfer' || move.kind === 'issue') && move.qty !== undefined) reels.push(`${move.reelCode}-1`);
      instants.push(await clock());
    }
    expect(applied, `seed ${seed}`).toBeGreaterThan(20);
    expect(await stockDisagreements(server.db, ORG)).toEqual([]);
    // Between the recorded instants too (a posting's own instant falls between two of them).
    const between = instants.slice(1).map((t, i) => new Date((t.getTime() + instants[i].getTime()) / 2));
    const checked = [...instants, ...between].filter((_, i) => i % 2 === 0 || random.next() < 0.5);

    // Both ways of reading the past (reads.ts asOfBalances): the few postings since the instant summed
    // as a set, and (the bound at 0) summed part by part as the page asks for them.
    const setBound = AS_OF_SET_BOUND.transactions;
    try {
      for (const bound of [setBound, 0]) {
        AS_OF_SET_BOUND.transactions = bound;
        const answers = new Set<string>();
        for (const instant of checked) {
          const asOf = instant.toISOString();
          for (const lot of lots) {
            const expected = await ledgerAt(instant, { lotCodes: [lot] });
            answers.add(JSON.stringify(expected));
            const whole = await balance({ LotCode: lot, AsOf: asOf, Limit: 1000 });
            expect(whole.data, `seed ${seed}, lot ${lot} as of ${asOf}`).toEqual(expected);
            expect(whole.count).toBe(expected.length);
          }
          for (const part of PARTS) {
            // The part's rows of this run's lots (others' rows of the part come from the demo stock).
            const expected = await ledgerAt(instant, { partCode: part, lotCodes: lots });
            const got = (await balance({ PartCode: part, AsOf: asOf, Limit: 10_000 })).data.filter((r) => lots.includes(r.LotCode));
            expect(got, `seed ${seed}, part ${part} as of ${asOf}`).toEqual(expected);
          }
          const place = random.pick(PLACES);
          const atPlace = await ledgerAt(instant, { sic: place.sic });
          const bySic = await balance({ Sic: place.sic, AsOf: asOf, Limit: 10_000 });
          expect(bySic.data, `seed ${seed}, ${place.sic} as of ${asOf}`).toEqual(atPlace);
        }

        // The run changed the stock from instant to instant (the comparisons were not all of empty answers).
        expect(answers.size, `seed ${seed}, bound ${bound}`).toBeGreaterThan(10);

        // Everything, page by page with a small page: the pages put together are the ledger's sums, each
        // page with the same total; at a few instants (each walk reads every key).
        for (const instant of [instants[0], instants[Math.floor(instants.length / 2)], instants.at(-1)!]) {
          const expected = await ledgerAt(instant, {});
          const limit = Math.max(7, Math.ceil(expected.length / 6));
          const all: Row[] = [];
          for (let page = 1; ; page++) {
            const { data, count } = await balance({ AsOf: instant.toISOString(), Page: page, Limit: limit });
            all.push(...data);
            expect(count, `seed ${seed}, page ${page}`).toBe(expected.length);
            if (data.length < limit) break;
          }
          expect(all, `seed ${seed}, everything as of ${instant.toISOString()}`).toEqual(expected);
        }
      }
    } finally {
      AS_OF_SET_BOUND.transactions = setBound;
    }
    // Over a thousand balance reads: 28 s on PostgreSQL and past vitest's 60 s on PGlite at load 8 on a slow 2-core host.
  }, 180_000);

  it('keys that changed since the instant past the first keys held now: each page and its count', async () => {
    // 12 lots at one locator, then after the instant the last two issued (held then, not now), one
    // more received (held now, not then) and part of one moved away: a small page reads the first
    // keys held now and must still count the changed keys past them (reads.ts asOfBalances, `beyond`).
    const place = { sic: 'ELE01', loc: 'ELE01-09' };
    const tag = randomBytes(3).toString('hex');
    const lot = (i: number) => `LB-${tag}-${String(i).padStart(2, '0')}`;
    const reel = (i: number) => `RB-${tag}-${String(i).padStart(2, '0')}`;
    await apply(Array.from({ length: 12 }, (_, i) => ({ kind: 'receive' as const, reelCode: reel(i), to: place, qty: '10', reel: { partCode: PARTS[0], lotCode: lot(i) } })));
    await tick();
    const instant = await clock();
    await tick();
    await apply([{ kind: 'issue', reelCode: reel(10), billCode: `WO-${tag}` }]);
    await apply([{ kind: 'issue', reelCode: reel(11), billCode: `WO-${tag}` }]);
    await apply([{ kind: 'receive', reelCode: reel(12), to: place, qty: '10', reel: { partCode: PARTS[0], lotCode: lot(12) } }]);
    await apply([{ kind: 'transfer', reelCode: reel(3), to: { sic: 'ELE01', loc: 'ELE01-10' }, qty: '4' }]);
    expect(await stockDisagreements(server.db, ORG)).toEqual([]);
    for (const asOf of [instant, await clock()]) {
      const expected = await ledgerAt(asOf, { loc: place.loc });
      expect(expected.length).toBe(asOf === instant ? 12 : 11);
      for (const limit of [1, 2, 3, 5, 12]) {
        const all: Row[] = [];
        for (let page = 1; ; page++) {
          const { data, count } = await balance({ Loc: place.loc, AsOf: asOf.toISOString(), Page: page, Limit: limit });
          all.push(...data);
          expect(count, `limit ${limit}, page ${page}`).toBe(expected.length);
          if (data.length < limit) break;
        }
        expect(all, `limit ${limit} as of ${asOf.toISOString()}`).toEqual(expected);
      }
    }
  });
});
