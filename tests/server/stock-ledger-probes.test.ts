/**
 * A move of many reels (and any other read of a list of reel codes) reads the reels by their key, one probe per reel, however many reels the plant
 * holds, on a database without planner statistics (autovacuum off: the embedded database, CI's
 * PostgreSQL). As `reel_code in (...)` the reels' lock was planned as a read of the organisation's
 * every reel, each tested against the whole list: a move of 2,000 reels over 26,000 took 1.7 s, and
 * the posting bench's supply of reels ran into the statement timeout.
 *
 * Counted inside the move's own transaction (pg_stat_xact_user_tables: the rows its scans of
 * stock_reels read).
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { labelReels } from '../../server/modules/labels/handlers.ts';
import type { DB } from '../../server/db/database.ts';
import { applyStockMoves, type StockCaller } from '../../server/modules/stock/ledger.ts';
import { registerReels } from '../../server/modules/stock/reels.ts';
import { stockDisagreements } from './support/stock.ts';
import { describeServer } from './support/test-server.ts';

const ORG = 'org-f01';
const caller: StockCaller = { orgId: ORG, userId: 'user-probes-test', userName: 'probes-test' };
const PART = 'CAP-00008';
const RAW = { sic: 'RAW01', loc: 'RAW01-01' };
const RAW_2 = { sic: 'RAW01', loc: 'RAW01-02' };
/** Reels the plant holds, and how many one move takes. */
const HELD = 4000;
const MOVED = 200;

/** The rows that what `work` does in one transaction reads from stock_reels, by sequential scans and by index. */
async function stockReelsRead(db: DB, work: (trx: DB) => Promise<void>) {
  return db.transaction().execute(async (trx) => {
    // The view may hold counts of the connection's earlier transactions not yet reported: the work's are the difference.
    const counts = async () => {
      const { rows } = await sql<{ seq: string; idx: string }>`
        select coalesce(seq_tup_read, 0)::text as seq, coalesce(idx_tup_fetch, 0)::text as idx from pg_stat_xact_user_tables where relname = 'stock_reels'`.execute(trx);
      return { seq: Number(rows[0]?.seq ?? 0), idx: Number(rows[0]?.idx ?? 0) };
    };
    const before = await counts();
    await work(trx);
    const after = await counts();
    return { seq: after.seq - before.seq, idx: after.idx - before.idx };
  });
}

describeServer('many reels by their codes', {}, (server) => {
  const codes = Array.from({ length: HELD }, (_, i) => `PROBE-${String(i).padStart(5, '0')}`);
  beforeAll(async () => {
    await registerReels(server.db, ORG, codes.map((reelCode) => ({ reelCode, partCode: PART, qty: '10', lotCode: 'LOT-PROBE' })));
    for (let i = 0; i < HELD; i += 2000) {
      await applyStockMoves(server.db, caller, codes.slice(i, i + 2000).map((reelCode) => ({ kind: 'receive', reelCode, to: RAW, billCode: 'PROBE-ASN' })));
    }
  });

  it('reads the reels it moves by their key, not the organisation’s every reel', async () => {
    const moved = codes.filter((_, i) => i % (HELD / MOVED) === 0);
    const read = await stockReelsRead(server.db, async (trx) => {
      const written = await applyStockMoves(trx, caller, moved.map((reelCode) => ({ kind: 'transfer', reelCode, to: RAW_2, billCode: 'PROBE-TR' })));
      expect(written).toHaveLength(MOVED);
    });
    // The lock reads each moved reel once, the write changes each once; nothing reads the other 3,800.
    expect(read.seq).toBe(0);
    expect(read.idx).toBeLessThanOrEqual(3 * MOVED);
    const placed = await sql<{ n: string }>`select count(*)::text as n from stock_reels where org_id = ${ORG} and reel_code like 'PROBE-%' and loc = ${RAW_2.loc}`.execute(server.db);
    expect(placed.rows[0].n).toBe(String(MOVED));
    expect(await stockDisagreements(server.db, ORG)).toEqual([]);
  });

  // The same list of codes elsewhere (labels, inspection, stocktake, shelves) reads through reelsByCode.
  it('labels of many reels read each reel by its key', async () => {
    const wanted = codes.filter((_, i) => i % (HELD / MOVED) === 1);
    const read = await stockReelsRead(server.db, async (trx) => {
      const labels = await labelReels(trx, ORG, [...wanted, wanted[0]]);
      expect(labels.map((l) => l.reelCode)).toEqual([...wanted, wanted[0]]);
      expect(labels[0].partName).not.toBeNull();
    });
    expect(read.seq).toBe(0);
    expect(read.idx).toBeLessThanOrEqual(MOVED);
  });
});
