/**
 * The stock ledger (issue 14; server/modules/stock/ledger.ts): every operation accepted and refused
 * with the exact message and nothing changed on a refusal, the ledger summing to the balances and
 * the reels after each, reversals exact and once, repeats with the effect of once, stock at a past
 * instant, and the reads Stock/Balance, Stock/Ledger and Reel/Get.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyStockMoves, type StockCaller, type StockMove } from '../../server/modules/stock/ledger.ts';
import { positiveQuantity } from '../../server/modules/stock/quantity.ts';
import { registerReels } from '../../server/modules/stock/reels.ts';
import { adminToken } from './support/masterdata.ts';
import { refusalOf, stockDisagreements } from './support/stock.ts';
import { describeServer } from './support/test-server.ts';

const ORG = 'org-f01';
const caller: StockCaller = { orgId: ORG, userId: 'user-ledger-test', userName: 'ledger-test' };
// Demo master data (server/db/seed/seed-masterdata.ts): parts, storage locations and their locators.
const PART = 'CAP-00008';
const OTHER_PART = 'RES-00001';
const RAW = { sic: 'RAW01', loc: 'RAW01-01' };
const RAW_2 = { sic: 'RAW01', loc: 'RAW01-02' };
const ELE = { sic: 'ELE01', loc: 'ELE01-01' };

/** Each test has its own lot, so its balance keys are its own. */
const newLot = () => `LOT-${randomBytes(4).toString('hex')}`;
const reelCode = () => `R-${randomBytes(5).toString('hex')}`;

describe('stock quantities', () => {
  it('are exact decimals: positive, at most 6 decimals, below 10^12', () => {
    expect(positiveQuantity('0.1').plus(positiveQuantity('0.2')).toFixed()).toBe('0.3');
    for (const bad of ['0', '-1', '1.1234567', '1e12', 'abc', Number.NaN]) expect(() => positiveQuantity(bad)).toThrow();
  });
});

describeServer('the stock ledger', {}, (server) => {
  const apply = (moves: StockMove[], idempotencyKey?: string) => applyStockMoves(server.db, caller, moves, { idempotencyKey });

  /** A reel received into RAW01-01 (new, with its own lot unless given). */
  async function receive(options: { qty?: string; lot?: string; pendingInspection?: boolean; to?: { sic: string; loc: string }; bill?: string } = {}) {
    const code = reelCode();
    const lot = options.lot ?? newLot();
    const [tx] = await apply([
      {
        kind: 'receive',
        reelCode: code,
        to: options.to ?? RAW,
        qty: options.qty ?? '500',
        pendingInspection: options.pendingInspection,
        reel: { partCode: PART, lotCode: lot, vendorCode: 'V0001' },
        billCode: options.bill,
      },
    ]);
    return { code, lot, tx };
  }

  const reelOf = (code: string) =>
    server.db
      .selectFrom('stock_reels')
      .select(['status', 'qty', 'sic', 'loc', 'reserved_qty', 'reserved_bill_code', 'parent_reel_code'])
      .where('org_id', '=', ORG)
      .where('reel_code', '=', code)
      .executeTakeFirstOrThrow();

  const balanceOf = async (lot: string) =>
    (
      await server.db
        .selectFrom('stock_balances')
        .select(['sic', 'loc', 'on_hand', 'reserved_qty', 'inspection_qty'])
        .where('org_id', '=', ORG)
        .where('lot_code', '=', lot)
        .where((eb) => eb.or([eb('on_hand', '<>', '0'), eb('reserved_qty', '<>', '0')]))
        .orderBy('sic')
        .orderBy('loc')
        .execute()
    ).map((b) => ({ place: `${b.sic}/${b.loc}`, onHand: Number(b.on_hand), reserved: Number(b.reserved_qty), inspection: Number(b.inspection_qty) }));

  /** Everything a refusal must leave as it was: the lot's balances, its reels, the ledger's length. */
  const snapshot = async (lot: string) => ({
    balances: await balanceOf(lot),
    reels: await server.db.selectFrom('stock_reels').selectAll().where('org_id', '=', ORG).where('lot_code', '=', lot).orderBy('reel_code').execute(),
    transactions: (await sql<{ n: string }>`select count(*) as n from stock_transactions`.execute(server.db)).rows[0].n,
  });

  /** Refused with this message, and nothing changed. */
  async function expectRefused(lot: string, moves: StockMove[], expected: { status: number; zh: string; en: string }) {
    const before = await snapshot(lot);
    expect(await refusalOf(apply(moves))).toEqual(expected);
    expect(await snapshot(lot)).toEqual(before);
  }

  const agrees = async () => expect(await stockDisagreements(server.db)).toEqual([]);

  describe('receive', () => {
    it('puts a new reel into stock at its place; the ledger, the balance and the reel agree', async () => {
      const { code, lot, tx } = await receive({ qty: '500', bill: 'ASN-1' });
      expect(tx).toMatchObject({ kind: 'RECEIVE', reel_code: code, part_code: PART, lot_code: lot, to_sic: 'RAW01', to_loc: 'RAW01-01', from_sic: null, bill_code: 'ASN-1' });
      expect(await reelOf(code)).toMatchObject({ status: 'IN_STOCK', sic: 'RAW01', loc: 'RAW01-01' });
      expect(await balanceOf(lot)).toEqual([{ place: 'RAW01/RAW01-01', onHand: 500, reserved: 0, inspection: 0 }]);
      await agrees();
    });

    it('puts an inspection part into pending inspection, not available stock, until it is released', async () => {
      const { code, lot } = await receive({ pendingInspection: true });
      expect(await reelOf(code)).toMatchObject({ status: 'INSPECTION' });
      expect(await balanceOf(lot)).toEqual([{ place: 'RAW01/RAW01-01', onHand: 500, reserved: 0, inspection: 500 }]);
      await expectRefused(lot, [{ kind: 'reserve', reelCode: code, billCode: 'WO-1' }], {
        status: 409,
        zh: `条码 ${code} 的状态是“待检验”，不能预留`,
        en: `The reel ${code} is pending inspection: it cannot be reserved`,
      });
      await expectRefused(lot, [{ kind: 'issue', reelCode: code }], {
        status: 409,
        zh: `条码 ${code} 的状态是“待检验”，不能发料`,
        en: `The reel ${code} is pending inspection: it cannot be issued`,
      });
      await apply([{ kind: 'release', reelCode: code }]);
      expect(await balanceOf(lot)).toEqual([{ place: 'RAW01/RAW01-01', onHand: 500, reserved: 0, inspection: 0 }]);
      await apply([{ kind: 'reserve', reelCode: code, billCode: 'WO-1' }]);
      await agrees();
    });

    it('receives a registered reel, and refuses one of another part than the receipt expects', async () => {
      const code = reelCode();
      const lot = newLot();
      await registerReels(server.db, ORG, [{ reelCode: code, partCode: PART, qty: '250', lotCode: lot }]);
      expect(await reelOf(code)).toMatchObject({ status: 'CREATED', sic: null });
      await expectRefused(lot, [{ kind: 'receive', reelCode: code, to: RAW, partCode: OTHER_PART }], {
        status: 409,
        zh: `条码 ${code} 的料号是 ${PART}，不是 ${OTHER_PART}`,
        en: `The reel ${code} holds the part ${PART}, not ${OTHER_PART}`,
      });
      await apply([{ kind: 'receive', reelCode: code, to: RAW, partCode: PART }]);
      expect(await balanceOf(lot)).toEqual([{ place: 'RAW01/RAW01-01', onHand: 250, reserved: 0, inspection: 0 }]);
      await agrees();
    });

    it('refuses an unknown storage location, a locator of another one, an unknown part, an unregistered reel without its part, a bad quantity', async () => {
      const lot = newLot();
      const code = reelCode();
      const reel = { partCode: PART, lotCode: lot };
      await expectRefused(lot, [{ kind: 'receive', reelCode: code, to: { sic: 'NOPE' }, qty: '1', reel }], {
        status: 400,
        zh: '存储地点 NOPE 不存在',
        en: 'The storage location NOPE does not exist',
      });
      await expectRefused(lot, [{ kind: 'receive', reelCode: code, to: { sic: 'RAW01', loc: 'ELE01-01' }, qty: '1', reel }], {
        status: 400,
        zh: '库位 ELE01-01 不属于存储地点 RAW01',
        en: 'The locator ELE01-01 does not belong to the storage location RAW01',
      });
      await expectRefused(lot, [{ kind: 'receive', reelCode: code, to: RAW, qty: '1', reel: { partCode: 'NO-SUCH-PART', lotCode: lot } }], {
        status: 400,
        zh: '料号 NO-SUCH-PART 不存在',
        en: 'The part NO-SUCH-PART does not exist',
      });
      await expectRefused(lot, [{ kind: 'receive', reelCode: code, to: RAW, qty: '1' }], {
        status: 400,
        zh: `条码 ${code} 未登记，收货时须给出料号`,
        en: `The reel ${code} is not registered: its receipt must name the part`,
      });
      await expectRefused(lot, [{ kind: 'receive', reelCode: code, to: RAW, qty: '1.1234567', reel }], {
        status: 400,
        zh: '数量 1.1234567 无效：必须大于 0，最多 12 位整数和 6 位小数',
        en: 'The quantity 1.1234567 is invalid: it must be greater than 0, with at most 12 digits before and 6 after the decimal point',
      });
    });

    it('a repeated scan by the same bill has the effect of once; a second receipt of a received reel is refused', async () => {
      const { code, lot, tx } = await receive({ bill: 'ASN-2' });
      const [again] = await apply([{ kind: 'receive', reelCode: code, to: RAW, billCode: 'ASN-2' }]);
      expect(again.id).toBe(tx.id);
      expect(await balanceOf(lot)).toEqual([{ place: 'RAW01/RAW01-01', onHand: 500, reserved: 0, inspection: 0 }]);
      await expectRefused(lot, [{ kind: 'receive', reelCode: code, to: RAW, billCode: 'ASN-3' }], {
        status: 409,
        zh: `条码 ${code} 的状态是“在库”，不能收货`,
        en: `The reel ${code} is in stock: it cannot be received`,
      });
    });

    it('keeps quantities exact: 0.1 and 0.2 make 0.3', async () => {
      const lot = newLot();
      await receive({ lot, qty: '0.1' });
      await receive({ lot, qty: '0.2' });
      const row = await server.db.selectFrom('stock_balances').select('on_hand').where('lot_code', '=', lot).executeTakeFirstOrThrow();
      expect(Number(row.on_hand)).toBe(0.3);
      expect(String(row.on_hand)).toMatch(/^0\.30*$/);
    });
  });

  describe('reserve and unreserve', () => {
    it('reserves for a bill never more than the reel has unreserved, and never for two bills', async () => {
      const { code, lot } = await receive({ qty: '500' });
      await apply([{ kind: 'reserve', reelCode: code, billCode: 'WO-10', qty: '300' }]);
      expect(await balanceOf(lot)).toEqual([{ place: 'RAW01/RAW01-01', onHand: 500, reserved: 300, inspection: 0 }]);
      await expectRefused(lot, [{ kind: 'reserve', reelCode: code, billCode: 'WO-10', qty: '201' }], {
        status: 409,
        zh: `条码 ${code} 可预留数量为 200，不足 201`,
        en: `The reel ${code} has 200 that can be reserved, less than 201`,
      });
      await expectRefused(lot, [{ kind: 'reserve', reelCode: code, billCode: 'WO-11', qty: '1' }], {
        status: 409,
        zh: `条码 ${code} 已被单据 WO-10 预留`,
        en: `The reel ${code} is reserved by the bill WO-10`,
      });
      await apply([{ kind: 'reserve', reelCode: code, billCode: 'WO-10' }]);
      expect((await reelOf(code)).reserved_qty).toMatch(/^500(\.0*)?$/);
      await apply([{ kind: 'unreserve', reelCode: code, qty: '100' }]);
      expect(await balanceOf(lot)).toEqual([{ place: 'RAW01/RAW01-01', onHand: 500, reserved: 400, inspection: 0 }]);
      await apply([{ kind: 'unreserve', reelCode: code }]);
      expect(await reelOf(code)).toMatchObject({ reserved_bill_code: null });
      await expectRefused(lot, [{ kind: 'unreserve', reelCode: code }], {
        status: 409,
        zh: `条码 ${code} 可取消预留数量为 0，不足 500`,
        en: `The reel ${code} has 0 that can be unreserved, less than 500`,
      });
      await agrees();
    });

    it('refuses a reservation without a bill and a reel that does not exist', async () => {
      const lot = newLot();
      expect(await refusalOf(apply([{ kind: 'reserve', reelCode: 'X', billCode: '' }]))).toEqual({
        status: 400,
        zh: '预留库存须指明单据',
        en: 'A reservation must name its bill',
      });
      await expectRefused(lot, [{ kind: 'reserve', reelCode: 'NO-SUCH-REEL', billCode: 'WO-1' }], {
        status: 404,
        zh: '条码 NO-SUCH-REEL 不存在',
        en: 'The reel NO-SUCH-REEL does not exist',
      });
    });
  });

  describe('issue, scrap, split and transfer', () => {
    it('a partial issue splits the reel: the issued part gets its own code and takes the bill’s reservation', async () => {
      const { code, lot } = await receive({ qty: '500' });
      await apply([{ kind: 'reserve', reelCode: code, billCode: 'WO-20', qty: '400' }]);
      const [split, issue] = await apply([{ kind: 'issue', reelCode: code, qty: '300', billCode: 'WO-20' }]);
      expect(split).toMatchObject({ kind: 'SPLIT', reel_code: code, split_reel_code: `${code}-1` });
      expect(issue).toMatchObject({ kind: 'ISSUE', reel_code: `${code}-1`, from_sic: 'RAW01', to_sic: null, reel_status_after: 'ISSUED' });
      expect(await reelOf(`${code}-1`)).toMatchObject({ status: 'ISSUED', sic: null, parent_reel_code: code });
      expect(await reelOf(code)).toMatchObject({ status: 'IN_STOCK', reserved_bill_code: 'WO-20' });
      expect(await balanceOf(lot)).toEqual([{ place: 'RAW01/RAW01-01', onHand: 200, reserved: 100, inspection: 0 }]);
      await agrees();
    });

    it('refuses to issue a reel reserved by another bill, more than the reel holds, or one already issued', async () => {
      const { code, lot } = await receive({ qty: '500' });
      await apply([{ kind: 'reserve', reelCode: code, billCode: 'WO-30', qty: '1' }]);
      await expectRefused(lot, [{ kind: 'issue', reelCode: code, billCode: 'WO-31' }], {
        status: 409,
        zh: `条码 ${code} 已被单据 WO-30 预留`,
        en: `The reel ${code} is reserved by the bill WO-30`,
      });
      await expectRefused(lot, [{ kind: 'issue', reelCode: code, qty: '501', billCode: 'WO-30' }], {
        status: 409,
        zh: `条码 ${code} 可发料数量为 500，不足 501`,
        en: `The reel ${code} has 500 that can be issued, less than 501`,
      });
      const [issued] = await apply([{ kind: 'issue', reelCode: code, billCode: 'WO-30' }]);
      const [again] = await apply([{ kind: 'issue', reelCode: code, billCode: 'WO-30' }]);
      expect(again.id).toBe(issued.id);
      await expectRefused(lot, [{ kind: 'issue', reelCode: code, billCode: 'WO-32' }], {
        status: 409,
        zh: `条码 ${code} 的状态是“已发料”，不能发料`,
        en: `The reel ${code} is issued: it cannot be issued`,
      });
      expect(await balanceOf(lot)).toEqual([]);
      await agrees();
    });

    it('scraps a reel pending inspection, and splits a reel with its own code', async () => {
      const { code, lot } = await receive({ qty: '100', pendingInspection: true });
      const [split] = await apply([{ kind: 'split', reelCode: code, qty: '40', splitReelCode: `${code}-A` }]);
      expect(split).toMatchObject({ kind: 'SPLIT', split_reel_code: `${code}-A` });
      expect(await reelOf(`${code}-A`)).toMatchObject({ status: 'INSPECTION', parent_reel_code: code });
      await expectRefused(lot, [{ kind: 'split', reelCode: code, qty: '60' }], {
        status: 409,
        zh: `条码 ${code} 数量为 60，拆出数量 60 必须小于它`,
        en: `The reel ${code} holds 60: the quantity split off, 60, must be less`,
      });
      await expectRefused(lot, [{ kind: 'split', reelCode: code, qty: '10', splitReelCode: `${code}-A` }], {
        status: 409,
        zh: `条码 ${code}-A 已存在`,
        en: `The reel ${code}-A already exists`,
      });
      await apply([{ kind: 'scrap', reelCode: `${code}-A`, reason: 'IQC reject' }]);
      expect(await balanceOf(lot)).toEqual([{ place: 'RAW01/RAW01-01', onHand: 60, reserved: 0, inspection: 60 }]);
      await agrees();
    });

    it('transfers a whole reel with its reservation, a part of one under a new code, and refuses the place it is in', async () => {
      const { code, lot } = await receive({ qty: '500' });
      await apply([{ kind: 'reserve', reelCode: code, billCode: 'WO-40', qty: '50' }]);
      await apply([{ kind: 'transfer', reelCode: code, to: ELE, billCode: 'WO-40' }]);
      expect(await balanceOf(lot)).toEqual([{ place: 'ELE01/ELE01-01', onHand: 500, reserved: 50, inspection: 0 }]);
      await expectRefused(lot, [{ kind: 'transfer', reelCode: code, to: ELE }], {
        status: 409,
        zh: `条码 ${code} 已在 ELE01 ELE01-01`,
        en: `The reel ${code} is in ELE01 ELE01-01 already`,
      });
      await apply([{ kind: 'transfer', reelCode: code, to: RAW_2, qty: '120' }]);
      expect(await reelOf(`${code}-1`)).toMatchObject({ sic: 'RAW01', loc: 'RAW01-02', reserved_bill_code: 'WO-40' });
      expect(await balanceOf(lot)).toEqual([
        { place: 'ELE01/ELE01-01', onHand: 380, reserved: 0, inspection: 0 },
        { place: 'RAW01/RAW01-02', onHand: 120, reserved: 50, inspection: 0 },
      ]);
      await agrees();
    });

    it('applies a list of moves all or nothing', async () => {
      const { code, lot } = await receive({ qty: '500' });
      await expectRefused(
        lot,
        [
          { kind: 'transfer', reelCode: code, to: ELE },
          { kind: 'issue', reelCode: code, qty: '600' },
        ],
        { status: 409, zh: `条码 ${code} 可发料数量为 500，不足 600`, en: `The reel ${code} has 500 that can be issued, less than 600` },
      );
    });
  });

  describe('reverse', () => {
    it('reverses an issue exactly, once: the reel is back in its place with its reservation', async () => {
      const { code, lot } = await receive({ qty: '500' });
      await apply([{ kind: 'reserve', reelCode: code, billCode: 'WO-50' }]);
      const [issue] = await apply([{ kind: 'issue', reelCode: code, billCode: 'WO-50' }]);
      const [reversal] = await apply([{ kind: 'reverse', transactionId: issue.id }]);
      expect(reversal).toMatchObject({ kind: 'REVERSAL', reverses_id: issue.id, from_sic: 'RAW01', qty: expect.stringMatching(/^-500(\.0*)?$/) });
      expect(await reelOf(code)).toMatchObject({ status: 'IN_STOCK', sic: 'RAW01', loc: 'RAW01-01', reserved_bill_code: 'WO-50' });
      expect(await balanceOf(lot)).toEqual([{ place: 'RAW01/RAW01-01', onHand: 500, reserved: 500, inspection: 0 }]);
      const [again] = await apply([{ kind: 'reverse', transactionId: issue.id }]);
      expect(again.id).toBe(reversal.id);
      expect(await balanceOf(lot)).toEqual([{ place: 'RAW01/RAW01-01', onHand: 500, reserved: 500, inspection: 0 }]);
      await agrees();
    });

    it('cancels a receipt only while the reel has not moved since; never a split or a reversal', async () => {
      const { code, lot, tx: receipt } = await receive({ qty: '500' });
      const [transfer] = await apply([{ kind: 'transfer', reelCode: code, to: ELE }]);
      await expectRefused(lot, [{ kind: 'reverse', transactionId: receipt.id }], {
        status: 409,
        zh: `条码 ${code} 在库存交易 ${receipt.id} 之后已有变动，不能冲销`,
        en: `The reel ${code} has changed since the stock transaction ${receipt.id}: it cannot be reversed`,
      });
      const [back] = await apply([{ kind: 'reverse', transactionId: transfer.id }]);
      await expectRefused(lot, [{ kind: 'reverse', transactionId: back.id }], {
        status: 409,
        zh: `库存交易 ${back.id}（REVERSAL）不能冲销`,
        en: `The stock transaction ${back.id} (REVERSAL) cannot be reversed`,
      });
      await apply([{ kind: 'reverse', transactionId: receipt.id }]);
      expect(await reelOf(code)).toMatchObject({ status: 'CREATED', sic: null });
      expect(await balanceOf(lot)).toEqual([]);
      const [split] = await apply([
        { kind: 'receive', reelCode: code, to: RAW },
        { kind: 'split', reelCode: code, qty: '1' },
      ]).then((txs) => txs.slice(1));
      await expectRefused(lot, [{ kind: 'reverse', transactionId: split.id }], {
        status: 409,
        zh: `库存交易 ${split.id}（SPLIT）不能冲销`,
        en: `The stock transaction ${split.id} (SPLIT) cannot be reversed`,
      });
      await expectRefused(lot, [{ kind: 'reverse', transactionId: '999999999999' }], {
        status: 404,
        zh: '库存交易 999999999999 不存在',
        en: 'The stock transaction 999999999999 does not exist',
      });
      await agrees();
    });
  });

  it('a request repeated with its idempotency key returns what the first did and changes nothing', async () => {
    const { code, lot } = await receive({ qty: '500' });
    const key = `pick-${code}`;
    const first = await apply([{ kind: 'issue', reelCode: code, qty: '100', billCode: 'WO-60' }], key);
    const again = await apply([{ kind: 'issue', reelCode: code, qty: '100', billCode: 'WO-60' }], key);
    expect(again.map((t) => t.id)).toEqual(first.map((t) => t.id));
    expect(await balanceOf(lot)).toEqual([{ place: 'RAW01/RAW01-01', onHand: 400, reserved: 0, inspection: 0 }]);
    await agrees();
  });

  describe('the database backs the rules', () => {
    it('refuses a negative balance, a reservation beyond what is on hand, a reel in stock without a place, a duplicate reel code', async () => {
      const lot = newLot();
      const balance = (onHand: string, reserved: string) =>
        sql`insert into stock_balances (org_id, part_code, sic, loc, lot_code, on_hand, reserved_qty) values (${ORG}, ${PART}, 'RAW01', '', ${lot}, ${onHand}, ${reserved})`.execute(server.db);
      await expect(balance('-1', '0')).rejects.toMatchObject({ code: '23514', constraint: 'stock_balances_not_negative' });
      await expect(balance('1', '2')).rejects.toMatchObject({ code: '23514', constraint: 'stock_balances_reserved_within_on_hand' });
      const reel = (code: string, status: string, sic: string | null) =>
        sql`insert into stock_reels (org_id, reel_code, part_code, qty, status, sic, loc) values (${ORG}, ${code}, ${PART}, 1, ${status}, ${sic}, ${sic && ''})`.execute(server.db);
      await expect(reel(reelCode(), 'IN_STOCK', null)).rejects.toMatchObject({ code: '23514', constraint: 'stock_reels_one_place' });
      await expect(reel(reelCode(), 'ISSUED', 'RAW01')).rejects.toMatchObject({ code: '23514', constraint: 'stock_reels_one_place' });
      const code = reelCode();
      await reel(code, 'CREATED', null);
      await expect(reel(code, 'CREATED', null)).rejects.toMatchObject({ code: '23505' });
    });

    it('keeps the ledger append-only', async () => {
      await receive();
      await expect(sql`update stock_transactions set qty = 0`.execute(server.db)).rejects.toThrow(/append-only/);
      await expect(sql`delete from stock_transactions`.execute(server.db)).rejects.toThrow(/append-only/);
    });
  });

  describe('reads', () => {
    let token: string;
    beforeAll(async () => {
      token = await adminToken(server);
    });
    const call = (path: string, body: unknown, language?: 'en') => server.call('POST', path, { token, body, language });

    it('Stock/Balance gives the stock now and as it was at a past instant', async () => {
      const lot = newLot();
      const { code } = await receive({ lot, qty: '500' });
      await receive({ lot, qty: '0.25', to: ELE, pendingInspection: true });
      const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(server.db);
      const past = rows[0].now.toISOString();
      // A transaction's time is the database clock's at its start; PGlite's clock may tick in whole
      // milliseconds, so the next change waits for a later instant than the one asked about.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await apply([{ kind: 'reserve', reelCode: code, billCode: 'WO-70', qty: '100' }]);
      await apply([{ kind: 'transfer', reelCode: code, to: RAW_2 }]);
      await apply([{ kind: 'issue', reelCode: code, qty: '50', billCode: 'WO-70' }]);

      // Each row names its part too, from the organisation's master data.
      const partName = (await sql<{ name: string }>`select name from md_part where org_id = ${ORG} and code = ${PART}`.execute(server.db)).rows[0].name;
      const now = await call('/Stock/Balance', { LotCode: lot });
      expect(now.status).toBe(200);
      expect(now.body).toMatchObject({ code: 200, count: 2 });
      expect(now.body.data).toEqual([
        { PartCode: PART, PartName: partName, Sic: 'ELE01', Loc: 'ELE01-01', LotCode: lot, Qty: '0.25', ReservedQty: '0', InspectionQty: '0.25' },
        { PartCode: PART, PartName: partName, Sic: 'RAW01', Loc: 'RAW01-02', LotCode: lot, Qty: '450', ReservedQty: '50', InspectionQty: '0' },
      ]);
      const then = await call('/Stock/Balance', { LotCode: lot, AsOf: past });
      expect(then.body.data).toEqual([
        { PartCode: PART, PartName: partName, Sic: 'ELE01', Loc: 'ELE01-01', LotCode: lot, Qty: '0.25', ReservedQty: '0', InspectionQty: '0.25' },
        { PartCode: PART, PartName: partName, Sic: 'RAW01', Loc: 'RAW01-01', LotCode: lot, Qty: '500', ReservedQty: '0', InspectionQty: '0' },
      ]);
      const before = await call('/Stock/Balance', { LotCode: lot, AsOf: '2000-01-01T00:00:00Z' });
      expect(before.body).toMatchObject({ data: [], count: 0 });
      const onePlace = await call('/Stock/Balance', { LotCode: lot, Sic: 'RAW01', Loc: 'RAW01-02', PartCode: PART });
      expect(onePlace.body.data.map((r: { Qty: string }) => r.Qty)).toEqual(['450']);
    });

    it('Stock/Ledger gives a reel’s whole history with signed quantities per place, and a bill’s', async () => {
      const { code } = await receive({ qty: '500', bill: 'ASN-80' });
      await apply([{ kind: 'transfer', reelCode: code, to: ELE, billCode: 'DD-80' }]);
      await apply([{ kind: 'issue', reelCode: code, qty: '200', billCode: 'WO-80' }]);
      const history = await call('/Stock/Ledger', { ReelCode: code, Page: 1, Limit: 50 });
      expect(history.body.count).toBe(4);
      expect(history.body.data.map((r: { Kind: string; Sic: string; Qty: string; ReelCode: string }) => [r.Kind, r.Sic, r.Qty, r.ReelCode])).toEqual([
        ['SPLIT', 'ELE01', '-200', code],
        ['TRANSFER', 'ELE01', '500', code],
        ['TRANSFER', 'RAW01', '-500', code],
        ['RECEIVE', 'RAW01', '500', code],
      ]);
      expect(history.body.data[3]).toMatchObject({ BillCode: 'ASN-80', UserName: 'ledger-test', PartCode: PART });
      const split = await call('/Stock/Ledger', { ReelCode: `${code}-1`, Page: 1, Limit: 50 });
      expect(split.body.data.map((r: { Kind: string; Qty: string }) => [r.Kind, r.Qty])).toEqual([
        ['ISSUE', '-200'],
        ['SPLIT', '200'],
      ]);
      const bill = await call('/Stock/Ledger', { BillCode: 'WO-80', Page: 1, Limit: 50 });
      expect(bill.body.data.map((r: { Kind: string }) => r.Kind)).toEqual(['ISSUE', 'SPLIT', 'SPLIT']);
    });

    it('Reel/Get gives a reel; an unknown one is a 404 in the caller’s language; the stock menus guard the reads', async () => {
      const { code, lot } = await receive({ qty: '12.5' });
      const found = await server.call('GET', '/Reel/Get', { token, query: { reelCode: code } });
      expect(found.body.data).toMatchObject({ ReelCode: code, PartCode: PART, VendorCode: 'V0001', LotCode: lot, Qty: '12.5', Status: 'IN_STOCK', Sic: 'RAW01', Loc: 'RAW01-01', PrintCount: 0 });
      // The part's and the vendor's names beside their codes.
      const names = await sql<{ part: string; vendor: string }>`
        select (select name from md_part where org_id = ${ORG} and code = ${PART}) as part, (select name from md_vendor where org_id = ${ORG} and code = 'V0001') as vendor`.execute(server.db);
      expect(found.body.data).toMatchObject({ PartName: names.rows[0].part, VendorName: names.rows[0].vendor });
      expect(names.rows[0].part && names.rows[0].vendor).toBeTruthy();
      const missing = await server.call('GET', '/Reel/Get', { token, query: { reelCode: 'NO-SUCH-REEL' }, language: 'en' });
      expect(missing.status).toBe(404);
      expect(missing.body.msg).toBe('The reel NO-SUCH-REEL does not exist');

      // The operator has the PDA stock and reel lookups; the system administrator has no stock menu.
      const operator = await server.createUser({ roleId: 'role-operator' });
      const operatorToken = (await server.login(operator.userName, operator.password, ORG)).Token;
      expect((await server.call('POST', '/Stock/Balance', { token: operatorToken, body: { LotCode: lot } })).status).toBe(200);
      const admin = await server.createUser({ roleId: 'role-system-admin' });
      const adminOnly = (await server.login(admin.userName, admin.password, ORG)).Token;
      expect((await server.call('POST', '/Stock/Balance', { token: adminOnly, body: {} })).status).toBe(403);
      expect((await server.call('POST', '/Stock/Ledger', { token: adminOnly, body: { Page: 1, Limit: 10 } })).status).toBe(403);
      expect((await server.call('GET', '/Reel/Get', { token: adminOnly, query: { reelCode: code } })).status).toBe(403);
    });

    it('reads only the organisation the caller acts in', async () => {
      const { code } = await receive();
      const other = await server.call('GET', '/Reel/Get', { token, orgId: 'org-f02', query: { reelCode: code } });
      expect(other.status).toBe(404);
    });
  });
});
