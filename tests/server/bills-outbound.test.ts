/**
 * The outbound bill actions (issue 14; server/modules/bills/outbound.ts) over HTTP, on PGlite and
 * PostgreSQL: reserve (FEFO, never more than available), pick (wrong part, reserved by another bill,
 * expired, pending inspection refused; a smaller quantity splits the reel; a double scan is once),
 * cancel reel issue / line cancel pick / cancel whole issue (exact reversal, once, the stock of an
 * earlier instant unchanged), handover, close (reservations released), transfer bills (pick reserves,
 * one-key move-stock moves), scrap bills, post line and light on/off (once) — each action refused in
 * the statuses it does not accept with nothing changed, and the ledger summing to the balances and
 * the reels after each. On PostgreSQL two bills picking one reel at once: one wins, the other gets 409.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyStockMoves, type StockCaller } from '../../server/modules/stock/ledger.ts';
import { adminToken } from './support/masterdata.ts';
import { stockDisagreements } from './support/stock.ts';
import { describeServer } from './support/test-server.ts';

const ORG = 'org-f01';
const caller: StockCaller = { orgId: ORG, userId: 'user-outbound-test', userName: 'outbound-test' };
// Demo master data (server/db/seed/seed-masterdata.ts): parts and locators no demo stock uses, so the
// reels a reservation may take are the tests' own.
const PART = 'CAP-00392';
const OTHER_PART = 'RES-00393';
const RAW = { sic: 'WIP02', loc: 'WIP02-21' };
const RAW_2 = { sic: 'WIP02', loc: 'WIP02-22' };
const ELE = { sic: 'WIP02', loc: 'WIP02-23' };
const HANDOVER = { sic: 'WIP02', loc: 'WIP02-24' };
const CLOSE = { sic: 'WIP02', loc: 'WIP02-25' };
const CANCEL = { sic: 'WIP02', loc: 'WIP02-26' };
const CLOSE_2 = { sic: 'WIP02', loc: 'WIP02-27' };
const EMPTY = { sic: 'WIP02', loc: 'WIP02-30' };

const newLot = () => `LOT-${randomBytes(4).toString('hex')}`;
const newReelCode = () => `OB-${randomBytes(5).toString('hex')}`;

type Reply = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- contract-checked answers

describeServer('outbound bill actions', {}, (server) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(server);
  });

  const call = (action: string, body: unknown, language?: 'en'): Promise<Reply> => server.call('POST', `/Bill/${action}`, { token, body, language });
  const ok = async (action: string, body: unknown) => {
    const reply = await call(action, body);
    expect(reply.status, `${action}: ${reply.body.msg}`).toBe(200);
    // After every accepted action the ledger sums to the balances and the reels.
    expect(await stockDisagreements(server.db, ORG), action).toEqual([]);
    return reply.body.data;
  };

  /** Refused with this status and message in both languages. */
  async function refused(action: string, body: unknown, status: number, zh: unknown, en: unknown) {
    const reply = await call(action, body);
    expect({ status: reply.status, msg: reply.body.msg }).toEqual({ status, msg: zh });
    const english = await call(action, body, 'en');
    expect({ status: english.status, msg: english.body.msg }).toEqual({ status, msg: en });
  }

  /** A reel received into stock through the ledger. */
  async function stockReel(options: { part?: string; qty?: string; lot?: string; to?: { sic: string; loc: string }; expireDate?: string; pending?: boolean } = {}) {
    const code = newReelCode();
    await applyStockMoves(server.db, caller, [
      {
        kind: 'receive',
        reelCode: code,
        to: options.to ?? RAW,
        qty: options.qty ?? '100',
        pendingInspection: options.pending,
        reel: { partCode: options.part ?? PART, lotCode: options.lot ?? newLot(), expireDate: options.expireDate },
      },
    ]);
    return code;
  }

  async function saveBill(type: string, lines: Record<string, unknown>[], header: Record<string, unknown> = {}) {
    const required: Record<string, Record<string, unknown>> = { WO: { Mo: 'MO-1', MoLine: '1' }, DD: { Destination: 'Line 1' }, BB: { MoveReason: 'Damaged' } };
    const extra = required[type] ?? {};
    const saved = await ok('Save', { BillType: type, ...extra, ...header, Lines: lines });
    return saved as { Id: string; BillCode: string; Status: string };
  }

  const getBill = async (id: string) => (await server.call('GET', '/Bill/Get', { token, query: { id } })).body.data;

  const reelOf = (code: string) =>
    server.db
      .selectFrom('stock_reels')
      .select(['status', 'qty', 'sic', 'loc', 'reserved_qty', 'reserved_bill_code', 'parent_reel_code'])
      .where('org_id', '=', ORG)
      .where('reel_code', '=', code)
      .executeTakeFirstOrThrow()
      .then((r) => ({ ...r, qty: Number(r.qty), reserved_qty: Number(r.reserved_qty) }));

  const transactionCount = async () => Number((await sql<{ n: string }>`select count(*) as n from stock_transactions`.execute(server.db)).rows[0].n);

  /** Everything a refusal or a repeat must leave as it was. */
  const snapshot = async (billId: string) => ({
    bill: await getBill(billId),
    transactions: await transactionCount(),
    reels: await server.db.selectFrom('stock_reels').selectAll().where('org_id', '=', ORG).orderBy('reel_code').execute(),
  });

  const agrees = async () => expect(await stockDisagreements(server.db)).toEqual([]);

  const lineOf = async (id: string, lineNo = 1) => {
    const line = (await getBill(id)).Lines.find((l: { LineNo: number }) => l.LineNo === lineNo);
    return { Qty: line.Qty, ActualQty: line.ActualQty, BalanceQty: line.BalanceQty, Status: line.Status };
  };

  describe('reserve stock', () => {
    it('reserves first-expiring, then earliest-received reels, never more than available, and once', async () => {
      const lot = newLot();
      const later = await stockReel({ lot, qty: '100', expireDate: '2031-06-30' });
      const none = await stockReel({ lot, qty: '100' });
      const first = await stockReel({ lot, qty: '100', expireDate: '2031-01-31' });
      const expired = await stockReel({ lot, qty: '100', expireDate: '2001-01-01' });
      const bill = await saveBill('WO', [{ PartCode: PART, Qty: '150', FromSic: RAW.sic, FromLoc: RAW.loc }]);
      expect(bill.Status).toBe('EDITING');
      // Stock of the part elsewhere is not reserved: the line picks from its FromLoc.
      const result = await ok('ReserveStock', { Id: bill.Id });
      expect(result.Status).toBe('PROCESSING');
      expect(await reelOf(first)).toMatchObject({ reserved_qty: 100, reserved_bill_code: bill.BillCode });
      expect(await reelOf(later)).toMatchObject({ reserved_qty: 50, reserved_bill_code: bill.BillCode });
      expect(await reelOf(none)).toMatchObject({ reserved_qty: 0, reserved_bill_code: null });
      expect(await reelOf(expired)).toMatchObject({ reserved_qty: 0 });
      const boxes = (await getBill(bill.Id)).Boxes.filter((b: { Status: string }) => b.Status === 'RESERVED');
      expect(boxes.map((b: { ReelCode: string; Qty: string }) => [b.ReelCode, b.Qty]).sort()).toEqual([[first, '100'], [later, '50']].sort());

      const before = await snapshot(bill.Id);
      const again = await ok('ReserveStock', { Id: bill.Id });
      expect(again.Reels).toEqual([]);
      expect((await snapshot(bill.Id)).transactions).toBe(before.transactions);
      await agrees();
    });

    it('a type without FEFO reserves the earliest received first, whatever expires first', async () => {
      const FIFO = { sic: 'WIP02', loc: 'WIP02-28' };
      // The bill-type master's switch, as an administrator would turn it off.
      await sql`update md_bill_type set fefo = false where org_id = ${ORG} and code = 'OUT'`.execute(server.db);
      try {
        const lot = newLot();
        const older = await stockReel({ lot, qty: '10', to: FIFO, expireDate: '2032-01-01' });
        await new Promise((resolve) => setTimeout(resolve, 20));
        const younger = await stockReel({ lot, qty: '10', to: FIFO, expireDate: '2030-01-01' });
        const bill = await saveBill('OUT', [{ PartCode: PART, Qty: '10', FromSic: FIFO.sic, FromLoc: FIFO.loc }], { MoveReason: 'Sample' });
        await ok('ReserveStock', { Id: bill.Id });
        expect(await reelOf(older)).toMatchObject({ reserved_qty: 10 });
        expect(await reelOf(younger)).toMatchObject({ reserved_qty: 0 });
      } finally {
        await sql`update md_bill_type set fefo = true where org_id = ${ORG} and code = 'OUT'`.execute(server.db);
      }
    });

    it('reserves what there is when there is less than needed, and refuses when there is nothing', async () => {
      const lot = newLot();
      const only = await stockReel({ lot, qty: '30', to: ELE });
      const bill = await saveBill('WO', [{ PartCode: PART, Qty: '80', FromSic: ELE.sic, FromLoc: ELE.loc }]);
      await ok('ReserveStock', { Id: bill.Id });
      expect(await reelOf(only)).toMatchObject({ reserved_qty: 30 });
      const other = await saveBill('WO', [{ PartCode: OTHER_PART, Qty: '5', FromSic: ELE.sic, FromLoc: ELE.loc }]);
      const before = await snapshot(other.Id);
      await refused(
        'ReserveStock',
        { Id: other.Id },
        409,
        `单据 ${other.BillCode} 没有可预留的库存：${OTHER_PART} 5`,
        `There is no available stock to reserve for the bill ${other.BillCode}: ${OTHER_PART} 5`,
      );
      expect(await snapshot(other.Id)).toEqual(before);
      await agrees();
    });
  });

  describe('pick', () => {
    it('issues a whole reel, once however often it is scanned; the line counts it; the stock leaves', async () => {
      const reel = await stockReel({ qty: '40' });
      const bill = await saveBill('WO', [{ PartCode: PART, Qty: '100' }]);
      const picked = await ok('Pick', { Id: bill.Id, ReelCode: reel });
      expect(picked.Status).toBe('PROCESSING');
      expect(picked.Reels).toEqual([{ ReelCode: reel, PartCode: PART, Qty: '40', LineNo: 1, Status: 'PICKED', IqcFlag: false, LotCode: expect.any(String) }]);
      expect(await reelOf(reel)).toMatchObject({ status: 'ISSUED', sic: null });
      expect(await lineOf(bill.Id)).toEqual({ Qty: '100', ActualQty: '40', BalanceQty: '60', Status: 'OPEN' });
      const before = await snapshot(bill.Id);
      const again = await ok('Pick', { Id: bill.Id, ReelCode: reel });
      expect(again.Reels).toEqual(picked.Reels);
      expect((await snapshot(bill.Id)).transactions).toBe(before.transactions);
      expect(await lineOf(bill.Id)).toEqual({ Qty: '100', ActualQty: '40', BalanceQty: '60', Status: 'OPEN' });
      await agrees();
    });

    it('splits a reel for a smaller quantity: the split-off reel, with its own code, is issued; a repeat is once', async () => {
      const reel = await stockReel({ qty: '500' });
      const bill = await saveBill('WO', [{ PartCode: PART, Qty: '300' }]);
      const picked = await ok('Pick', { Id: bill.Id, ReelCode: reel, Qty: '120' });
      const split = picked.Reels[0].ReelCode;
      expect(split).not.toBe(reel);
      expect(await reelOf(split)).toMatchObject({ status: 'ISSUED', qty: 120, parent_reel_code: reel });
      expect(await reelOf(reel)).toMatchObject({ status: 'IN_STOCK', qty: 380, ...RAW });
      const before = await snapshot(bill.Id);
      const again = await ok('Pick', { Id: bill.Id, ReelCode: reel, Qty: '120' });
      expect(again.Reels[0].ReelCode).toBe(split);
      expect((await snapshot(bill.Id)).transactions).toBe(before.transactions);
      await ok('Pick', { Id: bill.Id, ReelCode: reel, Qty: '180' });
      expect(await lineOf(bill.Id)).toEqual({ Qty: '300', ActualQty: '300', BalanceQty: '0', Status: 'OPEN' });
      expect(await reelOf(reel)).toMatchObject({ qty: 200 });
      await agrees();
    });

    it('a pick retried with its RequestKey after another pick on the bill answers the first pick: the reel is split once', async () => {
      const reel = await stockReel({ qty: '500' });
      const other = await stockReel({ qty: '50' });
      const bill = await saveBill('WO', [{ PartCode: PART, Qty: '300' }]);
      const key = `pick-${randomBytes(4).toString('hex')}`;
      const first = await ok('Pick', { Id: bill.Id, ReelCode: reel, Qty: '120', RequestKey: key });
      const split = first.Reels[0].ReelCode;
      await ok('Pick', { Id: bill.Id, ReelCode: other });
      const before = await snapshot(bill.Id);
      // The retry is not the bill's latest pick any more: only the key tells it from a new scan.
      const again = await ok('Pick', { Id: bill.Id, ReelCode: reel, Qty: '120', RequestKey: key });
      expect(again.Reels).toEqual(first.Reels);
      expect(await snapshot(bill.Id)).toEqual(before);
      expect(await reelOf(reel)).toMatchObject({ status: 'IN_STOCK', qty: 380 });
      expect(await reelOf(split)).toMatchObject({ status: 'ISSUED', qty: 120 });
      expect(await lineOf(bill.Id)).toMatchObject({ ActualQty: '170', BalanceQty: '130' });
      // Another key is another scan: it splits the reel again.
      const next = await ok('Pick', { Id: bill.Id, ReelCode: reel, Qty: '120', RequestKey: `${key}-2` });
      expect(next.Reels[0].ReelCode).not.toBe(split);
      expect(await reelOf(reel)).toMatchObject({ qty: 260 });
      await agrees();
    });

    it('refuses a reel of a part no line asks for, one reserved by another bill, an expired one, one pending inspection, and a part already picked in full — nothing changed', async () => {
      const bill = await saveBill('WO', [{ PartCode: PART, Qty: '50' }]);
      const wrongPart = await stockReel({ part: OTHER_PART });
      const taken = await stockReel({ qty: '10' });
      const transfer = await saveBill('DD', [{ PartCode: PART, Qty: '10', ToSic: ELE.sic, ToLoc: ELE.loc }]);
      await ok('Pick', { Id: transfer.Id, ReelCode: taken });
      expect(await reelOf(taken)).toMatchObject({ reserved_bill_code: transfer.BillCode, status: 'IN_STOCK' });
      const reservedElsewhere = await stockReel({ qty: '10' });
      await applyStockMoves(server.db, caller, [{ kind: 'reserve', reelCode: reservedElsewhere, billCode: 'SO-ELSEWHERE', qty: '3' }]);
      const expired = await stockReel({ expireDate: '2001-02-03' });
      const pending = await stockReel({ pending: true });

      const before = await snapshot(bill.Id);
      await refused(
        'Pick',
        { Id: bill.Id, ReelCode: wrongPart },
        409,
        `条码 ${wrongPart} 的料号 ${OTHER_PART} 不在单据 ${bill.BillCode} 的任何行上`,
        `The reel ${wrongPart} holds the part ${OTHER_PART}, which no line of the bill ${bill.BillCode} asks for`,
      );
      await refused('Pick', { Id: bill.Id, ReelCode: taken }, 409, `条码 ${taken} 已被单据 ${transfer.BillCode} 预留`, `The reel ${taken} is reserved by the bill ${transfer.BillCode}`);
      await refused(
        'Pick',
        { Id: bill.Id, ReelCode: reservedElsewhere },
        409,
        `条码 ${reservedElsewhere} 已被单据 SO-ELSEWHERE 预留`,
        `The reel ${reservedElsewhere} is reserved by the bill SO-ELSEWHERE`,
      );
      await refused('Pick', { Id: bill.Id, ReelCode: expired }, 409, `条码 ${expired} 已于 2001-02-03 过期，不能拣货`, `The reel ${expired} expired on 2001-02-03: it cannot be picked`);
      await refused('Pick', { Id: bill.Id, ReelCode: pending }, 409, `条码 ${pending} 的状态是“待检验”，不能拣货`, `The reel ${pending} is pending inspection: it cannot be picked`);
      await refused('Pick', { Id: bill.Id, ReelCode: 'NO-SUCH-REEL' }, 404, '条码 NO-SUCH-REEL 不存在', 'The reel NO-SUCH-REEL does not exist');
      await refused(
        'Pick',
        { Id: bill.Id, ReelCode: taken.replace('OB-', 'XX-'), Qty: '0' },
        400,
        '数量 0 无效：必须大于 0，最多 12 位整数和 6 位小数',
        'The quantity 0 is invalid: it must be greater than 0, with at most 12 digits before and 6 after the decimal point',
      );
      const after = await snapshot(bill.Id);
      expect(after).toEqual(before);
      expect(after.bill).toMatchObject({ Status: 'EDITING', Boxes: [] });

      await ok('Pick', { Id: bill.Id, ReelCode: await stockReel({ qty: '50' }) });
      const more = await stockReel({ qty: '5' });
      await refused('Pick', { Id: bill.Id, ReelCode: more }, 409, `单据 ${bill.BillCode} 料号 ${PART} 的行已拣够，不能再拣`, `The bill ${bill.BillCode} has picked all it needs of the part ${PART}: nothing more can be picked`);
      expect(await reelOf(more)).toMatchObject({ status: 'IN_STOCK', reserved_qty: 0 });
      await agrees();
    });

    it('refuses a reel that is not where the line picks from', async () => {
      const reel = await stockReel({ qty: '5', to: RAW });
      const bill = await saveBill('WO', [{ PartCode: PART, Qty: '5', FromSic: EMPTY.sic, FromLoc: EMPTY.loc }]);
      const before = await snapshot(bill.Id);
      await refused(
        'Pick',
        { Id: bill.Id, ReelCode: reel },
        409,
        `条码 ${reel} 在 ${RAW.sic} ${RAW.loc}，单据 ${bill.BillCode} 料号 ${PART} 的行要求从 ${EMPTY.sic} ${EMPTY.loc} 拣货`,
        `The reel ${reel} is in ${RAW.sic} ${RAW.loc}, but the bill ${bill.BillCode} picks the part ${PART} from ${EMPTY.sic} ${EMPTY.loc}`,
      );
      expect(await snapshot(bill.Id)).toEqual(before);
    });

    it('picks a reel the bill reserved; a pick of another reel releases the reservation it made unnecessary', async () => {
      const lot = newLot();
      const reserved = await stockReel({ lot, qty: '60', to: RAW_2, expireDate: '2030-01-01' });
      const bill = await saveBill('WO', [{ PartCode: PART, Qty: '60', FromSic: RAW_2.sic, FromLoc: RAW_2.loc }]);
      await ok('ReserveStock', { Id: bill.Id });
      expect(await reelOf(reserved)).toMatchObject({ reserved_qty: 60, reserved_bill_code: bill.BillCode });
      const other = await stockReel({ lot, qty: '25', to: RAW_2, expireDate: '2030-06-01' });
      await ok('Pick', { Id: bill.Id, ReelCode: other });
      expect(await reelOf(reserved)).toMatchObject({ reserved_qty: 35, reserved_bill_code: bill.BillCode });
      await ok('Pick', { Id: bill.Id, ReelCode: reserved, Qty: '35' });
      expect(await reelOf(reserved)).toMatchObject({ qty: 25, reserved_qty: 0, reserved_bill_code: null, status: 'IN_STOCK' });
      expect(await lineOf(bill.Id)).toMatchObject({ ActualQty: '60', BalanceQty: '0' });
      await agrees();
    });

    it('a pick without Qty issues the whole reel even beyond what the line needs: for the line that takes it whole, else the first; nothing split off; reservations no longer needed released', async () => {
      const PLACE = { sic: 'WIP02', loc: 'WIP02-29' };
      const lot = newLot();
      const held = await stockReel({ lot, qty: '100', to: PLACE, expireDate: '2030-01-01' });
      const bill = await saveBill('WO', [
        { PartCode: PART, Qty: '100', FromSic: PLACE.sic, FromLoc: PLACE.loc },
        { PartCode: PART, Qty: '500', FromSic: PLACE.sic, FromLoc: PLACE.loc },
        { PartCode: PART, Qty: '50', FromSic: PLACE.sic, FromLoc: PLACE.loc },
      ]);
      await ok('ReserveStock', { Id: bill.Id });
      expect(await reelOf(held)).toMatchObject({ reserved_qty: 100, reserved_bill_code: bill.BillCode });
      const splitsOf = async (code: string) => (await server.db.selectFrom('stock_reels').select('reel_code').where('parent_reel_code', '=', code).execute()).length;

      // 500: line 2 takes it whole (line 1 needs only 100).
      const big = await stockReel({ lot, qty: '500', to: PLACE });
      const first = await ok('Pick', { Id: bill.Id, ReelCode: big });
      const pickOf = (answer: { Reels: { ReelCode: string; Status: string }[] }) => answer.Reels.filter((r) => r.Status === 'PICKED');
      expect(pickOf(first)).toEqual([expect.objectContaining({ ReelCode: big, Qty: '500', LineNo: 2 })]);
      expect(await lineOf(bill.Id, 2)).toEqual({ Qty: '500', ActualQty: '500', BalanceQty: '0', Status: 'OPEN' });
      expect(await lineOf(bill.Id, 1)).toMatchObject({ ActualQty: '0' });

      // 300: no line takes it whole; the first needing line, line 1 (100), gets all of it.
      const wide = await stockReel({ lot, qty: '300', to: PLACE });
      const second = await ok('Pick', { Id: bill.Id, ReelCode: wide });
      expect(pickOf(second)).toEqual([expect.objectContaining({ ReelCode: wide, Qty: '300', LineNo: 1 })]);
      expect(await reelOf(wide)).toMatchObject({ status: 'ISSUED', qty: 300, sic: null, reserved_qty: 0 });
      expect([await splitsOf(big), await splitsOf(wide)]).toEqual([0, 0]);
      expect(await lineOf(bill.Id, 1)).toEqual({ Qty: '100', ActualQty: '300', BalanceQty: '0', Status: 'OPEN' });
      // The excess counts for no other line: line 3 still needs its 50, and the bill keeps only that reserved.
      expect(await lineOf(bill.Id, 3)).toMatchObject({ ActualQty: '0', BalanceQty: '50' });
      expect(await reelOf(held)).toMatchObject({ status: 'IN_STOCK', reserved_qty: 50, reserved_bill_code: bill.BillCode });

      // With Qty only that much leaves: the reel is split.
      const third = await ok('Pick', { Id: bill.Id, ReelCode: held, Qty: '50' });
      expect(pickOf(third)).toEqual([expect.objectContaining({ Qty: '50', LineNo: 3 })]);
      expect(await reelOf(held)).toMatchObject({ status: 'IN_STOCK', qty: 50, reserved_qty: 0, reserved_bill_code: null });
      const more = await stockReel({ lot, qty: '10', to: PLACE });
      await refused('Pick', { Id: bill.Id, ReelCode: more }, 409, `单据 ${bill.BillCode} 料号 ${PART} 的行已拣够，不能再拣`, `The bill ${bill.BillCode} has picked all it needs of the part ${PART}: nothing more can be picked`);

      // Cancelling the over-picked reel brings all of it back and the line needs its 100 again.
      await ok('CancelReelIssue', { Id: bill.Id, ReelCode: wide });
      expect(await reelOf(wide)).toMatchObject({ status: 'IN_STOCK', qty: 300, ...PLACE });
      expect(await lineOf(bill.Id, 1)).toEqual({ Qty: '100', ActualQty: '0', BalanceQty: '100', Status: 'OPEN' });
      await agrees();
    });
  });

  describe('cancel', () => {
    it('cancel reel issue brings the reel back where it was, once; the stock at an earlier instant is unchanged', async () => {
      const lot = newLot();
      const reel = await stockReel({ lot, qty: '70', to: CANCEL });
      const bill = await saveBill('WO', [{ PartCode: PART, Qty: '70', FromSic: CANCEL.sic, FromLoc: CANCEL.loc }]);
      await ok('ReserveStock', { Id: bill.Id });
      const balance = async (asOf?: string) =>
        (await server.call('POST', '/Stock/Balance', { token, body: { LotCode: lot, ...(asOf ? { AsOf: asOf } : {}) } })).body.data.map(
          (r: { Sic: string; Loc: string; Qty: string; ReservedQty: string }) => `${r.Sic}/${r.Loc} ${r.Qty}/${r.ReservedQty}`,
        );
      expect(await balance()).toEqual(['WIP02/WIP02-26 70/70']);
      const instant = async () => {
        const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(server.db);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return rows[0].now.toISOString();
      };
      const beforePick = await instant();
      await ok('Pick', { Id: bill.Id, ReelCode: reel });
      expect(await balance()).toEqual([]);
      const afterPick = await instant();

      const cancelled = await ok('CancelReelIssue', { Id: bill.Id, ReelCode: reel });
      // Back in its place with the reservation it had before the pick: reserved for the bill again.
      expect(cancelled.Reels).toEqual([expect.objectContaining({ ReelCode: reel, Status: 'RESERVED' })]);
      expect(await reelOf(reel)).toMatchObject({ status: 'IN_STOCK', ...CANCEL, reserved_qty: 70, reserved_bill_code: bill.BillCode });
      expect(await balance()).toEqual(['WIP02/WIP02-26 70/70']);
      expect(await balance(beforePick)).toEqual(['WIP02/WIP02-26 70/70']);
      expect(await balance(afterPick)).toEqual([]);
      expect(await lineOf(bill.Id)).toMatchObject({ ActualQty: '0', BalanceQty: '70' });

      const before = await snapshot(bill.Id);
      await ok('CancelReelIssue', { Id: bill.Id, ReelCode: reel });
      expect((await snapshot(bill.Id)).transactions).toBe(before.transactions);
      expect(await balance()).toEqual(['WIP02/WIP02-26 70/70']);
      const never = await stockReel();
      await refused('CancelReelIssue', { Id: bill.Id, ReelCode: never }, 409, `条码 ${never} 未在单据 ${bill.BillCode} 上拣货`, `The reel ${never} has not been picked on the bill ${bill.BillCode}`);
      await agrees();
    });

    it('line cancel pick and cancel whole issue reverse every pick of the line / the bill, split-off reels included, once', async () => {
      const a = await stockReel({ qty: '100' });
      const b = await stockReel({ qty: '30', part: OTHER_PART });
      const bill = await saveBill('WO', [
        { PartCode: PART, Qty: '150' },
        { PartCode: OTHER_PART, Qty: '30' },
      ]);
      await ok('Pick', { Id: bill.Id, ReelCode: a, Qty: '60' });
      await ok('Pick', { Id: bill.Id, ReelCode: b });
      const line1 = await ok('LineCancelPick', { Id: bill.Id, LineNo: 1 });
      expect(line1.Reels).toEqual([expect.objectContaining({ ReelCode: `${a}-1`, Status: 'CANCELLED' })]);
      expect(await reelOf(`${a}-1`)).toMatchObject({ status: 'IN_STOCK', qty: 60, sic: RAW.sic });
      expect(await reelOf(b)).toMatchObject({ status: 'ISSUED' });
      const repeat = await ok('LineCancelPick', { Id: bill.Id, LineNo: 1 });
      expect(repeat.Reels).toEqual([]);
      await refused('LineCancelPick', { Id: bill.Id, LineNo: 9 }, 404, `单据 ${bill.BillCode} 没有第 9 行`, `The bill ${bill.BillCode} has no line 9`);
      const all = await ok('CancelIssue', { Id: bill.Id });
      expect(all.Reels.map((r: { ReelCode: string }) => r.ReelCode)).toEqual([b]);
      expect(await reelOf(b)).toMatchObject({ status: 'IN_STOCK' });
      // Everything undone: the bill is editing again. A retried cancel (any of the three) is done
      // already: answered with nothing undone, nothing changed; a reel never picked is still refused.
      const before = await snapshot(bill.Id);
      expect(before.bill.Status).toBe('EDITING');
      for (const [action, body] of [
        ['CancelIssue', { Id: bill.Id }],
        ['LineCancelPick', { Id: bill.Id, LineNo: 2 }],
        ['CancelReelIssue', { Id: bill.Id, ReelCode: b }],
      ] as const) {
        const again = await ok(action, body);
        expect({ action, Status: again.Status, Reels: again.Reels }).toEqual({ action, Status: 'EDITING', Reels: [] });
      }
      expect(await snapshot(bill.Id)).toEqual(before);
      const never = await stockReel();
      await refused('CancelReelIssue', { Id: bill.Id, ReelCode: never }, 409, `条码 ${never} 未在单据 ${bill.BillCode} 上拣货`, `The reel ${never} has not been picked on the bill ${bill.BillCode}`);
      await agrees();
    });
  });

  describe('handover, close, post, light', () => {
    it('hand over, post a line once, close: the reservations left are released and every action then refused', async () => {
      const lot = newLot();
      const picked = await stockReel({ lot, qty: '40', expireDate: '2030-01-01', to: HANDOVER });
      const spare = await stockReel({ lot, qty: '40', expireDate: '2030-02-01', to: HANDOVER });
      const bill = await saveBill('WO', [{ PartCode: PART, Qty: '80', FromSic: HANDOVER.sic, FromLoc: HANDOVER.loc }]);
      // Editing: handover is not accepted yet.
      await refused(
        'HandoverConfirm',
        { Id: bill.Id },
        409,
        `单据 ${bill.BillCode} 的状态是“编辑中”，不能交接确认`,
        `The bill ${bill.BillCode} is "Editing": "Confirm handover" is not possible in that status`,
      );
      await ok('ReserveStock', { Id: bill.Id });
      expect(await reelOf(spare)).toMatchObject({ reserved_bill_code: bill.BillCode });
      await refused('HandoverConfirm', { Id: bill.Id }, 409, `单据 ${bill.BillCode} 没有已拣货的条码`, `The bill ${bill.BillCode} has no picked reel`);
      await refused('PostLine', { Id: bill.Id, LineNo: 1 }, 409, `单据 ${bill.BillCode} 第 1 行没有可过账的数量`, `The line 1 of the bill ${bill.BillCode} has no quantity to post`);
      await ok('Pick', { Id: bill.Id, ReelCode: picked });
      const handed = await ok('HandoverConfirm', { Id: bill.Id });
      expect(handed.Reels).toEqual([expect.objectContaining({ ReelCode: picked, Status: 'PICKED' })]);
      expect((await ok('HandoverConfirm', { Id: bill.Id })).Reels).toEqual([]);

      const outbox = () => server.db.selectFrom('bill_post_outbox').select(['line_no', 'payload']).where('bill_id', '=', bill.Id).execute();
      await ok('PostLine', { Id: bill.Id, LineNo: 1 });
      await ok('PostLine', { Id: bill.Id, LineNo: 1 });
      const posted = await outbox();
      expect(posted).toHaveLength(1);
      expect(posted[0].payload).toMatchObject({ BillCode: bill.BillCode, LineNo: 1, PartCode: PART, Qty: '40', Reels: [{ ReelCode: picked, Qty: '40' }] });
      await refused(
        'CancelReelIssue',
        { Id: bill.Id, ReelCode: picked },
        409,
        `单据 ${bill.BillCode} 第 1 行已过账到 ERP，不能取消发料`,
        `The line 1 of the bill ${bill.BillCode} has been posted to the ERP: its issue cannot be cancelled`,
      );

      const lit = () => server.db.selectFrom('bill_light_requests').select(['light', 'reel_codes']).where('bill_id', '=', bill.Id).orderBy('id').execute();
      await ok('LightOn', { Id: bill.Id });
      await ok('LightOn', { Id: bill.Id });
      await ok('LightOff', { Id: bill.Id });
      await ok('LightOff', { Id: bill.Id });
      expect(await lit()).toEqual([
        { light: 'ON', reel_codes: [spare] },
        { light: 'OFF', reel_codes: [spare] },
      ]);
      const log = (await getBill(bill.Id)).Log.map((row: { Action: string }) => row.Action);
      expect(log.filter((a: string) => a === 'LightOn' || a === 'LightOff' || a === 'PostLine')).toEqual(['PostLine', 'LightOn', 'LightOff']);

      const closed = await ok('ConfirmClose', { Id: bill.Id });
      expect(closed.Status).toBe('CLOSED');
      expect(await reelOf(spare)).toMatchObject({ reserved_qty: 0, reserved_bill_code: null });
      expect(await reelOf(picked)).toMatchObject({ status: 'ISSUED' });
      expect(await lineOf(bill.Id)).toMatchObject({ Status: 'CLOSED', ActualQty: '40' });
      const before = await snapshot(bill.Id);
      for (const [action, body, zh, en] of [
        ['ReserveStock', { Id: bill.Id }, '预留库存', 'Reserve stock'],
        ['Pick', { Id: bill.Id, ReelCode: spare }, '拣货', 'Pick'],
        ['CancelReelIssue', { Id: bill.Id, ReelCode: picked }, '取消条码发料', 'Cancel reel issue'],
        ['CancelIssue', { Id: bill.Id }, '整单取消发料', 'Cancel whole issue'],
        ['LineCancelPick', { Id: bill.Id, LineNo: 1 }, '行取消拣货', 'Cancel line pick'],
        ['HandoverConfirm', { Id: bill.Id }, '交接确认', 'Confirm handover'],
        ['LightOn', { Id: bill.Id }, '亮灯', 'Light on'],
        ['LightOff', { Id: bill.Id }, '灭灯', 'Light off'],
      ] as const) {
        await refused(action, body, 409, `单据 ${bill.BillCode} 的状态是“已关闭”，不能${zh}`, `The bill ${bill.BillCode} is "Closed": "${en}" is not possible in that status`);
      }
      // An action the type does not offer has no button on its menu to grant.
      await refused('OneKeyMoveStock', { Id: bill.Id }, 403, '拒绝访问', 'Access denied');
      // Closing a closed bill again is a repeat: answered, nothing changed.
      expect((await ok('ConfirmClose', { Id: bill.Id })).Status).toBe('CLOSED');
      expect(await snapshot(bill.Id)).toEqual(before);
      await agrees();
    });

    it('closing the only line with stock reserved leaves the bill processing', async () => {
      const reel = await stockReel({ qty: '5', to: CLOSE_2, part: OTHER_PART });
      const bill = await saveBill('WO', [
        { PartCode: OTHER_PART, Qty: '5', FromSic: CLOSE_2.sic, FromLoc: CLOSE_2.loc },
        // Nothing in stock here: this line gets no reservation.
        { PartCode: PART, Qty: '5', FromSic: EMPTY.sic, FromLoc: EMPTY.loc },
      ]);
      await ok('ReserveStock', { Id: bill.Id });
      expect(await reelOf(reel)).toMatchObject({ reserved_qty: 5 });
      const closed = await ok('CloseLine', { Id: bill.Id, LineNo: 1 });
      expect(closed.Status).toBe('PROCESSING');
      expect(await reelOf(reel)).toMatchObject({ reserved_qty: 0 });
      expect((await ok('CloseLine', { Id: bill.Id, LineNo: 2 })).Status).toBe('CLOSED');
    });

    it('close line releases what the line no longer needs; one-key close closes the rest', async () => {
      const lot = newLot();
      const r1 = await stockReel({ lot, qty: '10', to: CLOSE });
      const r2 = await stockReel({ lot, qty: '10', to: CLOSE, part: OTHER_PART });
      const bill = await saveBill('WO', [
        { PartCode: PART, Qty: '10', FromSic: CLOSE.sic, FromLoc: CLOSE.loc },
        { PartCode: OTHER_PART, Qty: '10', FromSic: CLOSE.sic, FromLoc: CLOSE.loc },
      ]);
      await ok('ReserveStock', { Id: bill.Id });
      const closedLine = await ok('CloseLine', { Id: bill.Id, LineNo: 1 });
      expect(closedLine.Status).toBe('PROCESSING');
      expect(await reelOf(r1)).toMatchObject({ reserved_qty: 0 });
      expect(await reelOf(r2)).toMatchObject({ reserved_qty: 10 });
      expect(await lineOf(bill.Id, 1)).toMatchObject({ Status: 'CLOSED' });
      await refused('Pick', { Id: bill.Id, ReelCode: r1 }, 409, `单据 ${bill.BillCode} 料号 ${PART} 的行已拣够，不能再拣`, `The bill ${bill.BillCode} has picked all it needs of the part ${PART}: nothing more can be picked`);
      const closed = await ok('OneKeyClose', { Id: bill.Id });
      expect(closed.Status).toBe('CLOSED');
      expect(await reelOf(r2)).toMatchObject({ reserved_qty: 0 });
      await agrees();
    });
  });

  describe('other statuses and categories', () => {
    it('an invalidated bill accepts none of them', async () => {
      const reel = await stockReel();
      const bill = await saveBill('WO', [{ PartCode: PART, Qty: '10' }]);
      await ok('Invalidate', { Id: bill.Id });
      const before = await snapshot(bill.Id);
      await refused('Pick', { Id: bill.Id, ReelCode: reel }, 409, `单据 ${bill.BillCode} 的状态是“已作废”，不能拣货`, `The bill ${bill.BillCode} is "Cancelled": "Pick" is not possible in that status`);
      await refused('ReserveStock', { Id: bill.Id }, 409, `单据 ${bill.BillCode} 的状态是“已作废”，不能预留库存`, `The bill ${bill.BillCode} is "Cancelled": "Reserve stock" is not possible in that status`);
      await refused('ConfirmClose', { Id: bill.Id }, 409, `单据 ${bill.BillCode} 的状态是“已作废”，不能确认关闭`, `The bill ${bill.BillCode} is "Cancelled": "Confirm close" is not possible in that status`);
      expect(await snapshot(bill.Id)).toEqual(before);
    });

    it('a return-to-vendor bill issues what it picks; closing a line twice is once', async () => {
      const reel = await stockReel({ qty: '15' });
      const bill = await saveBill('RT', [{ PartCode: PART, Qty: '15' }], { VendorCode: 'V0001' });
      await ok('Pick', { Id: bill.Id, ReelCode: reel });
      expect(await reelOf(reel)).toMatchObject({ status: 'ISSUED', sic: null });
      const handed = await ok('HandoverConfirm', { Id: bill.Id });
      expect(handed.Reels.map((r: { ReelCode: string }) => r.ReelCode)).toEqual([reel]);
      const closed = await ok('CloseLine', { Id: bill.Id, LineNo: 1 });
      expect(closed.Status).toBe('CLOSED');
      const before = await snapshot(bill.Id);
      expect((await ok('CloseLine', { Id: bill.Id, LineNo: 1 })).Status).toBe('CLOSED');
      expect(await snapshot(bill.Id)).toEqual(before);
    });
  });

  describe('receiving bills', () => {
    it('lights the reels an ASN waits for, posts a received line, closes without touching stock', async () => {
      const bill = await saveBill('ASN', [{ PartCode: PART, Qty: '20', Mpq: '10', ToSic: RAW.sic, ToLoc: RAW.loc }], { VendorCode: 'V0001' });
      const reels = (await ok('CreateReels', { Id: bill.Id })).Reels.map((r: { ReelCode: string }) => r.ReelCode);
      expect(reels).toHaveLength(2);
      const lit = () => server.db.selectFrom('bill_light_requests').select(['light', 'reel_codes']).where('bill_id', '=', bill.Id).orderBy('id').execute();
      await ok('LightOn', { Id: bill.Id });
      await ok('ConfirmReceipt', { Id: bill.Id, ReelCode: reels[0] });
      await ok('LightOn', { Id: bill.Id });
      expect(await lit()).toEqual([
        { light: 'ON', reel_codes: reels },
        { light: 'ON', reel_codes: [reels[1]] },
      ]);
      await ok('PostLine', { Id: bill.Id, LineNo: 1 });
      const count = await transactionCount();
      const closed = await ok('ConfirmClose', { Id: bill.Id });
      expect(closed.Status).toBe('CLOSED');
      expect(await transactionCount()).toBe(count);
      expect(await reelOf(reels[0])).toMatchObject({ status: 'IN_STOCK', qty: 10 });
      expect(await lineOf(bill.Id)).toEqual({ Qty: '20', ActualQty: '10', BalanceQty: '10', Status: 'CLOSED' });
      // Posting is accepted on a closed bill too, and a line is posted once.
      await ok('PostLine', { Id: bill.Id, LineNo: 1 });
      const posted = await server.db.selectFrom('bill_post_outbox').select('payload').where('bill_id', '=', bill.Id).execute();
      expect(posted.map((r) => r.payload)).toEqual([expect.objectContaining({ BillCode: bill.BillCode, Category: 'INBOUND', Qty: '10', Reels: [{ ReelCode: reels[0], Qty: '10' }] })]);
    });
  });

  describe('transfer and scrap bills', () => {
    it('a transfer bill’s pick reserves the reel in place; one-key move-stock moves it to the line’s place; a cancel moves it back', async () => {
      const reel = await stockReel({ qty: '90' });
      const bill = await saveBill('DD', [{ PartCode: PART, Qty: '50', ToSic: ELE.sic, ToLoc: ELE.loc }]);
      const picked = await ok('Pick', { Id: bill.Id, ReelCode: reel, Qty: '50' });
      const split = picked.Reels[0].ReelCode;
      expect(await reelOf(split)).toMatchObject({ status: 'IN_STOCK', sic: RAW.sic, reserved_qty: 50, reserved_bill_code: bill.BillCode });
      expect(await reelOf(reel)).toMatchObject({ qty: 40, reserved_qty: 0 });
      const moved = await ok('OneKeyMoveStock', { Id: bill.Id });
      expect(moved.Reels).toEqual([expect.objectContaining({ ReelCode: split, Status: 'MOVED' })]);
      expect(await reelOf(split)).toMatchObject({ ...ELE, reserved_qty: 0, reserved_bill_code: null });
      const count = await transactionCount();
      expect((await ok('OneKeyMoveStock', { Id: bill.Id })).Reels).toEqual([]);
      expect(await transactionCount()).toBe(count);
      await ok('CancelReelIssue', { Id: bill.Id, ReelCode: split });
      expect(await reelOf(split)).toMatchObject({ ...RAW, reserved_qty: 0, reserved_bill_code: null, status: 'IN_STOCK' });
      await ok('Pick', { Id: bill.Id, ReelCode: split });
      const closed = await ok('ConfirmClose', { Id: bill.Id });
      expect(closed.Status).toBe('CLOSED');
      expect(await reelOf(split)).toMatchObject({ ...ELE, reserved_qty: 0 });
      await agrees();
    });

    it('a cancel is refused once the reel has moved since, and changes nothing', async () => {
      const reel = await stockReel({ qty: '8' });
      const bill = await saveBill('DD', [{ PartCode: PART, Qty: '8', ToSic: ELE.sic, ToLoc: ELE.loc }]);
      await ok('Pick', { Id: bill.Id, ReelCode: reel });
      await ok('OneKeyMoveStock', { Id: bill.Id });
      // Moved on from where the bill put it, by someone else.
      await applyStockMoves(server.db, caller, [{ kind: 'transfer', reelCode: reel, to: RAW_2 }]);
      const { txn_id: latest } = await server.db.selectFrom('bill_boxes').select('txn_id').where('bill_id', '=', bill.Id).where('reel_code', '=', reel).executeTakeFirstOrThrow();
      const before = await snapshot(bill.Id);
      await refused(
        'CancelReelIssue',
        { Id: bill.Id, ReelCode: reel },
        409,
        `条码 ${reel} 在库存交易 ${latest} 之后已有变动，不能冲销`,
        `The reel ${reel} has changed since the stock transaction ${latest}: it cannot be reversed`,
      );
      expect(await snapshot(bill.Id)).toEqual(before);
      expect(await reelOf(reel)).toMatchObject(RAW_2);
    });

    it('a scrap bill scraps what it picks, a reel pending inspection too', async () => {
      const reel = await stockReel({ qty: '12', pending: true });
      const bill = await saveBill('BB', [{ PartCode: PART, Qty: '12' }]);
      await ok('Pick', { Id: bill.Id, ReelCode: reel });
      expect(await reelOf(reel)).toMatchObject({ status: 'SCRAPPED', sic: null });
      await ok('CancelIssue', { Id: bill.Id });
      expect(await reelOf(reel)).toMatchObject({ status: 'INSPECTION', sic: RAW.sic });
      await agrees();
    });
  });

  // On PostgreSQL the two requests run at once on two connections (on PGlite's one session, one after the other).
  it('two bills picking one reel at once: exactly one wins, the other is refused with 409', async () => {
    for (let round = 0; round < 5; round++) {
      const reel = await stockReel({ qty: '10' });
      const one = await saveBill('WO', [{ PartCode: PART, Qty: '10' }]);
      const two = await saveBill('WO', [{ PartCode: PART, Qty: '10' }]);
      const replies = await Promise.all([call('Pick', { Id: one.Id, ReelCode: reel }), call('Pick', { Id: two.Id, ReelCode: reel })]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = replies[0].status === 200 ? one : two;
      const boxes = [...(await getBill(one.Id)).Boxes, ...(await getBill(two.Id)).Boxes];
      expect(boxes.map((b: { ReelCode: string; Status: string }) => [b.ReelCode, b.Status])).toEqual([[reel, 'PICKED']]);
      expect((await getBill(winner.Id)).Lines[0].ActualQty).toBe('10');
    }
    await agrees();
  });

  it('one bill sent the same pick twice at once (a retried request) picks once', async () => {
    for (let round = 0; round < 3; round++) {
      const reel = await stockReel({ qty: '10' });
      const bill = await saveBill('WO', [{ PartCode: PART, Qty: '30' }]);
      const replies = await Promise.all([call('Pick', { Id: bill.Id, ReelCode: reel }), call('Pick', { Id: bill.Id, ReelCode: reel })]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      expect(replies[0].body.data.Reels).toEqual(replies[1].body.data.Reels);
      const after = await getBill(bill.Id);
      expect(after.Lines[0].ActualQty).toBe('10');
      expect(after.Log.filter((row: { Action: string }) => row.Action === 'Pick')).toHaveLength(1);
      const issues = await server.db.selectFrom('stock_transactions').select('id').where('reel_code', '=', reel).where('kind', '=', 'ISSUE').execute();
      expect(issues).toHaveLength(1);
    }
    await agrees();
  });
});
