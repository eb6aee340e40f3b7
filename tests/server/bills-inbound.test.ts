/**
 * The bill engine's inbound side over HTTP (issue 14; server/modules/bills): Save, Get, CreateReels,
 * ConfirmReceipt, OneKeyReceipt, CancelReceipt and Invalidate — each in the statuses it accepts,
 * refused in the others with the exact message in both languages and nothing changed, repeats with
 * the effect of once, and the ledger summing to the balances and reels after each.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { BILL_ACTION_RULES } from '../../src/shared/bills/actions.ts';
import { BILL_STATUSES } from '../../src/shared/bills/statuses.ts';
import { transitionAllowed } from '../../src/shared/bills/transitions.ts';
import { createReels } from '../../server/modules/bills/inbound.ts';
import { saveBill } from '../../server/modules/bills/save.ts';
import { applyStockMoves } from '../../server/modules/stock/ledger.ts';
import { adminToken, F01 } from './support/masterdata.ts';
import { refusalOf, stockDisagreements } from './support/stock.ts';
import { describeServer, type TestServer } from './support/test-server.ts';

const RAW = { sic: 'RAW01', loc: 'RAW01-01' };

/** Parts of this suite's own: one needing incoming inspection, one not; both packed 100 a reel. */
const suffix = randomBytes(3).toString('hex').toUpperCase();
const IQC_PART = `BT-IQC-${suffix}`;
const PLAIN_PART = `BT-PLN-${suffix}`;

async function addParts(server: TestServer) {
  for (const [code, iqc] of [[IQC_PART, true], [PLAIN_PART, false]] as const) {
    await sql`insert into md_part (id, org_id, code, name, unit, iqc_required, min_pack_qty, enabled)
      values (gen_random_uuid()::text, ${F01}, ${code}, ${`Part ${code}`}, 'PCS', ${iqc}, 100, true)`.execute(server.db);
  }
}

describe('the shared bill tables', () => {
  it('every action result a fixed status names is an edge of the transition table from each status it accepts', () => {
    for (const [action, rule] of Object.entries(BILL_ACTION_RULES)) {
      if (rule.leadsTo === 'unchanged' || rule.leadsTo === 'computed') continue;
      for (const from of rule.accepts) expect(transitionAllowed(from, rule.leadsTo, action as keyof typeof BILL_ACTION_RULES), `${action} ${from}`).toBe(true);
    }
  });
  it('no action is accepted in LOCKED, CLOSED bills take only posting, cancelled ones nothing', () => {
    for (const rule of Object.values(BILL_ACTION_RULES)) {
      expect(rule.accepts).not.toContain('LOCKED');
      expect(rule.accepts).not.toContain('CANCELLED');
      for (const status of rule.accepts) expect(BILL_STATUSES).toContain(status);
    }
  });
});

describeServer('bills: save and inbound actions', {}, (server) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(server);
    await addParts(server);
  });

  const call = (name: string, body: unknown, language: 'zh-chs' | 'en' = 'zh-chs') => server.call('POST', `/Bill/${name}`, { token, body, language });
  const get = async (id: string) => {
    const { status, body } = await server.call('GET', '/Bill/Get', { token, query: { id } });
    expect(status).toBe(200);
    return body.data;
  };
  const agree = async () => expect(await stockDisagreements(server.db, F01)).toEqual([]);

  type LineInput = { PartCode: string; Qty: string; ToSic?: string; ToLoc?: string; Mpq?: string; LotCode?: string };
  async function saveAsn(lines: LineInput[] = [{ PartCode: IQC_PART, Qty: '250', ToSic: RAW.sic, ToLoc: RAW.loc }, { PartCode: PLAIN_PART, Qty: '100', ToSic: RAW.sic, ToLoc: RAW.loc }]) {
    const { status, body } = await call('Save', { BillType: 'ASN', VendorCode: 'V0001', Description: 'test', Lines: lines });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data as { Id: string; BillCode: string; Status: string };
  }

  it('saves a new bill in EDITING with a code numbered per type and day, and reads it back', async () => {
    const first = await saveAsn();
    const second = await saveAsn();
    expect(first.Status).toBe('EDITING');
    expect(first.BillCode).toMatch(/^ASN\d{8}\d{4}$/);
    expect(Number(second.BillCode.slice(-4))).toBe(Number(first.BillCode.slice(-4)) + 1);
    const bill = await get(first.Id);
    expect(bill).toMatchObject({ BillCode: first.BillCode, BillType: 'ASN', Category: 'INBOUND', Status: 'EDITING', VendorCode: 'V0001', Description: 'test' });
    // The vendor's name beside its code, from the organisation's master data; no customer or company, no name.
    const vendor = await sql<{ name: string }>`select name from md_vendor where org_id = ${F01} and code = 'V0001'`.execute(server.db);
    expect(vendor.rows[0]?.name).toBeTruthy();
    expect(bill).toMatchObject({ VendorName: vendor.rows[0]!.name, CustomerName: null, CompanyName: null });
    expect(bill.Lines.map((l: { LineNo: number; PartCode: string; Qty: string; ActualQty: string; BalanceQty: string }) => [l.LineNo, l.PartCode, l.Qty, l.ActualQty, l.BalanceQty])).toEqual([
      [1, IQC_PART, '250', '0', '250'],
      [2, PLAIN_PART, '100', '0', '100'],
    ]);
    expect(bill.Log.map((r: { Action: string; StatusAfter: string }) => [r.Action, r.StatusAfter])).toEqual([['Save', 'EDITING']]);
  });

  it('creates reels by pack, receives them by scan (the IQC part into pending inspection), repeats changing nothing', async () => {
    const bill = await saveAsn();
    const created = await call('CreateReels', { Id: bill.Id });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.Status).toBe('WAITING');
    const reels = created.body.data.Reels as { ReelCode: string; PartCode: string; Qty: string; LineNo: number; Status: string }[];
    expect(reels.map((r) => [r.LineNo, r.Qty, r.Status])).toEqual([
      [1, '100', 'CREATED'],
      [1, '100', 'CREATED'],
      [1, '50', 'CREATED'],
      [2, '100', 'CREATED'],
    ]);
    // Creating again makes no more reels and answers the same ones.
    const again = await call('CreateReels', { Id: bill.Id });
    expect(again.body.data.Reels).toEqual(created.body.data.Reels);

    const iqcReel = reels[0].ReelCode;
    const received = await call('ConfirmReceipt', { Id: bill.Id, ReelCode: iqcReel });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.data).toMatchObject({ Status: 'PROCESSING', Reels: [{ ReelCode: iqcReel, Status: 'RECEIVED', IqcFlag: true }], Lines: [{ LineNo: 1, ActualQty: '100', BalanceQty: '150' }] });
    const reel = await server.call('GET', '/Reel/Get', { token, query: { reelCode: iqcReel } });
    expect(reel.body.data).toMatchObject({ Status: 'INSPECTION', Sic: RAW.sic, Loc: RAW.loc, Qty: '100' });
    await agree();

    // A double scan: the same answer, one ledger row, one log row.
    const repeat = await call('ConfirmReceipt', { Id: bill.Id, ReelCode: iqcReel });
    expect(repeat.body.data).toEqual(received.body.data);
    const ledger = await sql<{ n: string }>`select count(*) as n from stock_transactions where reel_code = ${iqcReel}`.execute(server.db);
    expect(Number(ledger.rows[0].n)).toBe(1);
    expect((await get(bill.Id)).Log.filter((r: { Action: string }) => r.Action === 'ConfirmReceipt')).toHaveLength(1);

    const plain = reels[3].ReelCode;
    await call('ConfirmReceipt', { Id: bill.Id, ReelCode: plain });
    expect((await server.call('GET', '/Reel/Get', { token, query: { reelCode: plain } })).body.data.Status).toBe('IN_STOCK');
    await agree();
  });

  /** Everything a refusal must leave as it was: the bill, its lines, reels and log, the stock. */
  const snapshot = async (id: string) => ({
    header: await server.db.selectFrom('bill_headers').selectAll().where('id', '=', id).executeTakeFirst(),
    lines: await server.db.selectFrom('bill_lines').selectAll().where('bill_id', '=', id).orderBy('line_no').execute(),
    boxes: await server.db.selectFrom('bill_boxes').selectAll().where('bill_id', '=', id).orderBy('reel_code').execute(),
    log: (await sql<{ n: string }>`select count(*) as n from bill_action_log where bill_id = ${id}`.execute(server.db)).rows[0].n,
    transactions: (await sql<{ n: string }>`select count(*) as n from stock_transactions`.execute(server.db)).rows[0].n,
    reels: await server.db.selectFrom('stock_reels').select(['reel_code', 'status', 'sic', 'loc', 'qty']).where('bill_code', '=', (await server.db.selectFrom('bill_headers').select('bill_code').where('id', '=', id).executeTakeFirstOrThrow()).bill_code).orderBy('reel_code').execute(),
  });

  /** Refused with this status and message in both languages, and nothing changed. */
  async function expectRefused(id: string, action: string, body: Record<string, unknown>, expected: { status: number; zh: string; en: string }) {
    const before = await snapshot(id);
    const zh = await call(action, body, 'zh-chs');
    const en = await call(action, body, 'en');
    expect({ status: zh.status, zh: zh.body.msg, en: en.body.msg }).toEqual(expected);
    expect(en.status).toBe(expected.status);
    expect(await snapshot(id)).toEqual(before);
  }

  const setStatus = (id: string, status: string) => sql`update bill_headers set status = ${status} where id = ${id}`.execute(server.db);
  const STATUS_TEXT: Record<string, [string, string]> = {
    EDITING: ['编辑中', 'Editing'],
    WAITING: ['待收货', 'Waiting to be received'],
    PROCESSING: ['处理中', 'Processing'],
    CLOSED: ['已关闭', 'Closed'],
    LOCKED: ['已锁定', 'Locked'],
    CANCELLED: ['已作废', 'Cancelled'],
  };
  const ACTION_TEXT: Record<string, [string, string]> = {
    Save: ['保存', 'Save'],
    CreateReels: ['生成条码', 'Create reels'],
    ConfirmReceipt: ['确认收货', 'Confirm receipt'],
    OneKeyReceipt: ['一键收货', 'One-key receipt'],
    CancelReceipt: ['取消收货', 'Cancel receipt'],
    Invalidate: ['作废', 'Invalidate'],
  };
  const wrongStatus = (code: string, status: string, action: string) => ({
    status: 409,
    zh: `单据 ${code} 的状态是“${STATUS_TEXT[status][0]}”，不能${ACTION_TEXT[action][0]}`,
    en: `The bill ${code} is "${STATUS_TEXT[status][1]}": "${ACTION_TEXT[action][1]}" is not possible in that status`,
  });

  /** An ASN with its reels created: [bill, reels]. */
  async function asnWithReels() {
    const bill = await saveAsn();
    const { body } = await call('CreateReels', { Id: bill.Id });
    return { bill, reels: body.data.Reels as { ReelCode: string; LineNo: number; Qty: string; PartCode: string }[] };
  }

  describe('each inbound action is refused, with nothing changed, in every status it does not accept', () => {
    const cases: [string, (bill: { Id: string }, reels: { ReelCode: string }[]) => Record<string, unknown>][] = [
      ['CreateReels', (bill) => ({ Id: bill.Id })],
      ['ConfirmReceipt', (bill, reels) => ({ Id: bill.Id, ReelCode: reels[1].ReelCode })],
      ['OneKeyReceipt', (bill) => ({ Id: bill.Id })],
      ['CancelReceipt', (bill, reels) => ({ Id: bill.Id, ReelCode: reels[0].ReelCode })],
      ['Invalidate', (bill) => ({ Id: bill.Id, LineNo: 2 })],
    ];
    for (const [action, body] of cases) {
      it(action, async () => {
        const { bill, reels } = await asnWithReels();
        await call('ConfirmReceipt', { Id: bill.Id, ReelCode: reels[0].ReelCode });
        const accepted = BILL_ACTION_RULES[action as keyof typeof BILL_ACTION_RULES];
        const refusedIn = BILL_STATUSES.filter((s) => !accepted.accepts.includes(s) && !accepted.repeatDoneIn?.includes(s));
        expect(refusedIn.length).toBeGreaterThan(0);
        for (const status of refusedIn) {
          await setStatus(bill.Id, status);
          await expectRefused(bill.Id, action, body(bill, reels), wrongStatus(bill.BillCode, status, action));
        }
        await agree();
      });
    }
    it('Save (editing an existing bill)', async () => {
      const { bill } = await asnWithReels();
      await expectRefused(bill.Id, 'Save', { Id: bill.Id, BillType: 'ASN', VendorCode: 'V0001', Lines: [{ PartCode: PLAIN_PART, Qty: '1', ToSic: 'RAW01' }] }, wrongStatus(bill.BillCode, 'WAITING', 'Save'));
    });
  });

  describe('create reels', () => {
    it('is accepted while editing, waiting and processing; a line is made up to its quantity once', async () => {
      const bill = await saveAsn();
      const first = await call('CreateReels', { Id: bill.Id, LineNo: 2 });
      expect(first.body.data).toMatchObject({ Status: 'WAITING', Reels: [{ LineNo: 2, Qty: '100' }] });
      const second = await call('CreateReels', { Id: bill.Id });
      expect(second.body.data.Reels.map((r: { LineNo: number }) => r.LineNo)).toEqual([1, 1, 1, 2]);
      await call('ConfirmReceipt', { Id: bill.Id, ReelCode: second.body.data.Reels[3].ReelCode });
      // Processing: nothing more to make, the same reels answered.
      const third = await call('CreateReels', { Id: bill.Id });
      expect(third.status).toBe(200);
      expect(third.body.data.Status).toBe('PROCESSING');
      expect(third.body.data.Reels.map((r: { ReelCode: string }) => r.ReelCode)).toEqual(second.body.data.Reels.map((r: { ReelCode: string }) => r.ReelCode));
      const reel = await server.call('GET', '/Reel/Get', { token, query: { reelCode: second.body.data.Reels[0].ReelCode } });
      expect(reel.body.data).toMatchObject({ PartCode: IQC_PART, VendorCode: 'V0001', Qty: '100', Status: 'CREATED' });
    });

    it('takes the lot, date code and expiry from the request before the line, and the line\'s Mpq before the part\'s pack', async () => {
      const bill = await saveAsn([{ PartCode: PLAIN_PART, Qty: '90', Mpq: '40', ToSic: RAW.sic, LotCode: 'LINE-LOT' }]);
      const { body } = await call('CreateReels', { Id: bill.Id, LotCode: 'REQ-LOT', ExpireDate: '2027-06-30' });
      expect(body.data.Reels.map((r: { Qty: string; LotCode: string }) => [r.Qty, r.LotCode])).toEqual([['40', 'REQ-LOT'], ['40', 'REQ-LOT'], ['10', 'REQ-LOT']]);
      const reel = await server.call('GET', '/Reel/Get', { token, query: { reelCode: body.data.Reels[0].ReelCode } });
      expect(reel.body.data).toMatchObject({ LotCode: 'REQ-LOT', ExpireDate: '2027-06-30' });
    });

    it('refuses a part without pack quantity, and a line that would make too many reels', async () => {
      const nopack = `BT-NOPACK-${suffix}`;
      await sql`insert into md_part (id, org_id, code, name, unit, enabled) values (gen_random_uuid()::text, ${F01}, ${nopack}, 'no pack', 'PCS', true)`.execute(server.db);
      const bill = await saveAsn([{ PartCode: nopack, Qty: '10', ToSic: RAW.sic }]);
      await expectRefused(bill.Id, 'CreateReels', { Id: bill.Id }, {
        status: 400,
        zh: `第 1 行：料号 ${nopack} 没有最小包装量或标准包装，无法生成条码`,
        en: `Line 1: the part ${nopack} has no MPQ or standard pack: its reels cannot be made`,
      });
      const many = await saveAsn([{ PartCode: PLAIN_PART, Qty: '100000', Mpq: '1', ToSic: RAW.sic }]);
      await expectRefused(many.Id, 'CreateReels', { Id: many.Id }, {
        status: 400,
        zh: '第 1 行将生成 100000 个条码，超过一次最多 5000 个',
        en: 'Line 1 would make 100000 reels, more than the 5000 allowed at once',
      });
    });
  });

  describe('confirm receipt', () => {
    it('refuses a reel of a part the bill does not ask for, of another bill, an unknown reel', async () => {
      const { bill } = await asnWithReels();
      const other = await asnWithReels();
      const stranger = `BT-STRANGER-${suffix}`;
      await sql`insert into md_part (id, org_id, code, name, unit, min_pack_qty, enabled) values (gen_random_uuid()::text, ${F01}, ${stranger}, 'stranger', 'PCS', 5, true)`.execute(server.db);
      const strangerBill = await saveAsn([{ PartCode: stranger, Qty: '5', ToSic: RAW.sic }]);
      const strangerReel = (await call('CreateReels', { Id: strangerBill.Id })).body.data.Reels[0].ReelCode;
      await expectRefused(bill.Id, 'ConfirmReceipt', { Id: bill.Id, ReelCode: strangerReel }, {
        status: 409,
        zh: `条码 ${strangerReel} 的料号 ${stranger} 不在单据 ${bill.BillCode} 中`,
        en: `The reel ${strangerReel} holds the part ${stranger}, which the bill ${bill.BillCode} does not ask for`,
      });
      await expectRefused(bill.Id, 'ConfirmReceipt', { Id: bill.Id, ReelCode: other.reels[0].ReelCode }, {
        status: 409,
        zh: `条码 ${other.reels[0].ReelCode} 不属于单据 ${bill.BillCode}`,
        en: `The reel ${other.reels[0].ReelCode} does not belong to the bill ${bill.BillCode}`,
      });
      await expectRefused(bill.Id, 'ConfirmReceipt', { Id: bill.Id, ReelCode: 'NO-SUCH-REEL' }, {
        status: 404,
        zh: '条码 NO-SUCH-REEL 不存在',
        en: 'The reel NO-SUCH-REEL does not exist',
      });
    });

    it('answers an unknown bill with 404', async () => {
      const { status, body } = await call('ConfirmReceipt', { Id: '999999999', ReelCode: 'X' }, 'en');
      expect(status).toBe(404);
      expect(body.msg).toBe('The bill 999999999 does not exist');
    });
  });

  it('concurrent scans of one reel and a one-key receipt together receive each reel once', async () => {
    const { bill, reels } = await asnWithReels();
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => call('ConfirmReceipt', { Id: bill.Id, ReelCode: reels[0].ReelCode })),
      call('OneKeyReceipt', { Id: bill.Id }),
      call('ConfirmReceipt', { Id: bill.Id, ReelCode: reels[3].ReelCode }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const { rows } = await sql<{ reel_code: string; n: string }>`
      select reel_code, count(*) as n from stock_transactions where bill_code = ${bill.BillCode} group by reel_code order by reel_code`.execute(server.db);
    expect(rows.map((r) => [r.reel_code, Number(r.n)])).toEqual(reels.map((r) => [r.ReelCode, 1]).sort());
    expect((await get(bill.Id)).Lines.map((l: { BalanceQty: string }) => l.BalanceQty)).toEqual(['0', '0']);
    await agree();
  });

  it('reads the type\'s rules from the bill-type master at run time: required fields, inspection', async () => {
    try {
      await sql`update md_bill_type set required_header_fields = 'vendor_code,evidence_no', inspection = false where org_id = ${F01} and code = 'ASN'`.execute(server.db);
      const refused = await call('Save', { BillType: 'ASN', VendorCode: 'V0001', Lines: [{ PartCode: IQC_PART, Qty: '100', ToSic: RAW.sic }] }, 'en');
      expect([refused.status, refused.body.msg]).toEqual([400, 'Evidence number is required']);
      const saved = await call('Save', { BillType: 'ASN', VendorCode: 'V0001', EvidenceNo: 'EV-1', Lines: [{ PartCode: IQC_PART, Qty: '100', ToSic: RAW.sic }] });
      const reel = (await call('CreateReels', { Id: saved.body.data.Id })).body.data.Reels[0].ReelCode;
      const received = await call('ConfirmReceipt', { Id: saved.body.data.Id, ReelCode: reel });
      // No inspection for the type any more: the IQC part goes to available stock.
      expect(received.body.data.Reels[0]).toMatchObject({ IqcFlag: false });
      expect((await server.call('GET', '/Reel/Get', { token, query: { reelCode: reel } })).body.data.Status).toBe('IN_STOCK');
    } finally {
      await sql`update md_bill_type set required_header_fields = 'vendor_code', inspection = true where org_id = ${F01} and code = 'ASN'`.execute(server.db);
    }
    await agree();
  });

  it('an action the type\'s category does not offer is refused by the engine too (its menu has no such button)', async () => {
    const saved = await call('Save', { BillType: 'QD', Lines: [{ PartCode: PLAIN_PART, Qty: '5' }] });
    expect(saved.status).toBe(200);
    expect((await call('CreateReels', { Id: saved.body.data.Id })).status).toBe(403);
    expect(await refusalOf(createReels(server.db, { orgId: F01, userId: 'u', userName: 'u' }, { Id: saved.body.data.Id }))).toEqual({
      status: 409, zh: '单据类型 QD 不提供“生成条码”', en: 'The bill type QD does not offer "Create reels"',
    });
  });

  describe('one-key receipt', () => {
    it('receives every reel not received yet, in one go; a repeat changes nothing', async () => {
      const { bill, reels } = await asnWithReels();
      await call('ConfirmReceipt', { Id: bill.Id, ReelCode: reels[0].ReelCode });
      const done = await call('OneKeyReceipt', { Id: bill.Id });
      expect(done.status).toBe(200);
      expect(done.body.data.Status).toBe('PROCESSING');
      expect(done.body.data.Reels.map((r: { ReelCode: string }) => r.ReelCode)).toEqual(reels.slice(1).map((r) => r.ReelCode));
      expect(done.body.data.Lines.map((l: { LineNo: number; ActualQty: string; BalanceQty: string }) => [l.LineNo, l.ActualQty, l.BalanceQty])).toEqual([[1, '250', '0'], [2, '100', '0']]);
      await agree();
      const before = await snapshot(bill.Id);
      const repeat = await call('OneKeyReceipt', { Id: bill.Id });
      expect(repeat.status).toBe(200);
      expect(repeat.body.data.Status).toBe('PROCESSING');
      expect(await snapshot(bill.Id)).toEqual(before);
      // The ledger shows the bill's stock: 350 received, 250 of it pending inspection.
      const { rows } = await sql<{ qty: string; inspection: string }>`
        select sum(qty) as qty, sum(inspection_qty) as inspection from stock_postings where bill_code = ${bill.BillCode}`.execute(server.db);
      expect([Number(rows[0].qty), Number(rows[0].inspection)]).toEqual([350, 250]);
    });

    it('refuses a bill without reels to receive', async () => {
      const bill = await saveAsn();
      await expectRefused(bill.Id, 'OneKeyReceipt', { Id: bill.Id }, {
        status: 409,
        zh: `单据 ${bill.BillCode} 没有待收货的条码`,
        en: `The bill ${bill.BillCode} has no reel waiting to be received`,
      });
    });
  });

  describe('cancel receipt', () => {
    it('reverses one reel exactly (back to waiting when none is left received); a repeat changes nothing', async () => {
      const { bill, reels } = await asnWithReels();
      const code = reels[3].ReelCode;
      await call('ConfirmReceipt', { Id: bill.Id, ReelCode: code });
      const cancelled = await call('CancelReceipt', { Id: bill.Id, ReelCode: code });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data).toMatchObject({ Status: 'WAITING', Reels: [{ ReelCode: code, Status: 'CREATED' }], Lines: [{ LineNo: 2, ActualQty: '0', BalanceQty: '100' }] });
      expect((await server.call('GET', '/Reel/Get', { token, query: { reelCode: code } })).body.data).toMatchObject({ Status: 'CREATED', Sic: null });
      const { rows } = await sql<{ qty: string }>`select coalesce(sum(qty), 0) as qty from stock_postings where reel_code = ${code}`.execute(server.db);
      expect(Number(rows[0].qty)).toBe(0);
      await agree();
      const before = await snapshot(bill.Id);
      const repeat = await call('CancelReceipt', { Id: bill.Id, ReelCode: code });
      expect(repeat.status).toBe(200);
      expect(await snapshot(bill.Id)).toEqual(before);
      // Received again after the cancel.
      expect((await call('ConfirmReceipt', { Id: bill.Id, ReelCode: code })).body.data.Status).toBe('PROCESSING');
      await agree();
    });

    it('without a reel reverses every reel received; refuses, changing nothing, a reel that has moved since', async () => {
      const { bill, reels } = await asnWithReels();
      await call('OneKeyReceipt', { Id: bill.Id });
      // The IQC reel is released from inspection: it has moved since its receipt.
      const moved = reels[0].ReelCode;
      await applyStockMoves(server.db, { orgId: F01, userId: 'qc', userName: 'qc' }, [{ kind: 'release', reelCode: moved }]);
      const release = await server.db.selectFrom('stock_transactions').select('id').where('reel_code', '=', moved).where('kind', '=', 'RECEIVE').executeTakeFirstOrThrow();
      await expectRefused(bill.Id, 'CancelReceipt', { Id: bill.Id }, {
        status: 409,
        zh: `条码 ${moved} 在库存交易 ${release.id} 之后已有变动，不能冲销`,
        en: `The reel ${moved} has changed since the stock transaction ${release.id}: it cannot be reversed`,
      });
      const others = await call('CancelReceipt', { Id: bill.Id, ReelCode: reels[3].ReelCode });
      expect(others.body.data.Status).toBe('PROCESSING');
      await agree();
    });
  });

  describe('invalidate', () => {
    it('a line: its reels waiting are cancelled on the bill and can no longer be received; a repeat changes nothing', async () => {
      const { bill, reels } = await asnWithReels();
      const done = await call('Invalidate', { Id: bill.Id, LineNo: 2 });
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ Status: 'WAITING', Reels: [{ ReelCode: reels[3].ReelCode, Status: 'CANCELLED' }], Lines: [{ LineNo: 2, Status: 'CANCELLED' }] });
      await expectRefused(bill.Id, 'ConfirmReceipt', { Id: bill.Id, ReelCode: reels[3].ReelCode }, {
        status: 409,
        zh: `条码 ${reels[3].ReelCode} 在单据 ${bill.BillCode} 中已取消`,
        en: `The reel ${reels[3].ReelCode} is cancelled on the bill ${bill.BillCode}`,
      });
      const before = await snapshot(bill.Id);
      expect((await call('Invalidate', { Id: bill.Id, LineNo: 2 })).status).toBe(200);
      expect(await snapshot(bill.Id)).toEqual(before);
    });

    it('the bill: cancelled, and a repeat is answered with it as it is; refused once stock moved for it', async () => {
      const { bill } = await asnWithReels();
      const done = await call('Invalidate', { Id: bill.Id });
      expect(done.body.data.Status).toBe('CANCELLED');
      const before = await snapshot(bill.Id);
      const repeat = await call('Invalidate', { Id: bill.Id });
      expect(repeat.status).toBe(200);
      expect(repeat.body.data.Status).toBe('CANCELLED');
      expect(await snapshot(bill.Id)).toEqual(before);

      const received = await asnWithReels();
      await call('ConfirmReceipt', { Id: received.bill.Id, ReelCode: received.reels[0].ReelCode });
      await setStatus(received.bill.Id, 'WAITING');
      await expectRefused(received.bill.Id, 'Invalidate', { Id: received.bill.Id }, {
        status: 409,
        zh: `单据 ${received.bill.BillCode} 已有库存变动，不能作废；请先取消`,
        en: `Stock has moved for the bill ${received.bill.BillCode}: it cannot be invalidated; cancel those moves first`,
      });
    });
  });

  describe('save', () => {
    /** `at`: the place of the request the refusal is about (the answer's data), for the form to mark; none, data null. */
    const refusedSave = async (body: Record<string, unknown>, expected: { status: number; zh: string; en: string; at?: { LineNo?: number; Field: string } }) => {
      const before = (await sql<{ n: string }>`select count(*) as n from bill_headers`.execute(server.db)).rows[0].n;
      const zh = await call('Save', body, 'zh-chs');
      const en = await call('Save', body, 'en');
      expect({ status: zh.status, zh: zh.body.msg, en: en.body.msg, at: zh.body.data }).toEqual({ ...expected, at: expected.at ?? null });
      expect(en.body.data).toEqual(zh.body.data);
      expect((await sql<{ n: string }>`select count(*) as n from bill_headers`.execute(server.db)).rows[0].n).toBe(before);
    };
    const line = { PartCode: PLAIN_PART, Qty: '10', ToSic: RAW.sic };

    it('refuses what the type requires but is missing, in both languages', async () => {
      await refusedSave({ BillType: 'ASN', Lines: [line] }, { status: 400, zh: '请输入供应商', en: 'Vendor is required', at: { Field: 'VendorCode' } });
      await refusedSave({ BillType: 'WO', Mo: 'MO-1', Lines: [{ PartCode: PLAIN_PART, Qty: '1' }] }, { status: 400, zh: '请输入工单行号', en: 'Work-order line is required', at: { Field: 'MoLine' } });
      await refusedSave({ BillType: 'OD', CustomerCode: 'K0001', So: '  ', Lines: [{ PartCode: PLAIN_PART, Qty: '1' }] }, { status: 400, zh: '请输入销售订单号', en: 'Sales order is required', at: { Field: 'So' } });
      await refusedSave({ BillType: 'ASN', VendorCode: 'V0001', Lines: [{ PartCode: PLAIN_PART, Qty: '10' }] }, { status: 400, zh: '第 1 行：请输入目标存储地点', en: 'Line 1: To storage location is required', at: { LineNo: 1, Field: 'ToSic' } });
      await refusedSave({ BillType: 'ASN', VendorCode: 'V0001', Lines: [] }, { status: 400, zh: '单据至少需要一行', en: 'A bill needs at least one line', at: { Field: 'Lines' } });
    });

    it('refuses unknown codes, bad quantities and places, naming the line', async () => {
      // A type no declaration makes is bad input, refused before any right is looked at.
      await refusedSave({ BillType: 'NOPE', Lines: [line] }, { status: 400, zh: '单据类型 NOPE 不存在', en: 'The bill type NOPE does not exist' });
      expect(await refusalOf(saveBill(server.db, { orgId: F01, userId: 'u', userName: 'u' }, { BillType: 'NOPE', Lines: [line] }, new Date()))).toEqual({
        status: 400, zh: '单据类型 NOPE 不存在', en: 'The bill type NOPE does not exist',
      });
      await refusedSave({ BillType: 'ASN', VendorCode: 'V-NONE', Lines: [line] }, { status: 400, zh: '供应商 V-NONE 不存在', en: 'Vendor V-NONE does not exist', at: { Field: 'VendorCode' } });
      await refusedSave({ BillType: 'ASN', VendorCode: 'V0001', Lines: [line, { ...line, PartCode: 'NO-PART' }] }, {
        status: 400, zh: '第 2 行：料号 NO-PART 不存在', en: 'Line 2: the part NO-PART does not exist', at: { LineNo: 2, Field: 'PartCode' },
      });
      await refusedSave({ BillType: 'ASN', VendorCode: 'V0001', Lines: [{ ...line, Qty: '0' }] }, {
        status: 400,
        zh: '第 1 行：数量 0 无效，必须大于 0，最多 12 位整数和 6 位小数',
        en: 'Line 1: the quantity 0 is invalid: it must be greater than 0, with at most 12 digits before and 6 after the decimal point',
        at: { LineNo: 1, Field: 'Qty' },
      });
      await refusedSave({ BillType: 'ASN', VendorCode: 'V0001', Lines: [{ ...line, Qty: '1.1234567' }] }, {
        status: 400,
        zh: '第 1 行：数量 1.1234567 无效，必须大于 0，最多 12 位整数和 6 位小数',
        en: 'Line 1: the quantity 1.1234567 is invalid: it must be greater than 0, with at most 12 digits before and 6 after the decimal point',
        at: { LineNo: 1, Field: 'Qty' },
      });
      await refusedSave({ BillType: 'ASN', VendorCode: 'V0001', Lines: [{ ...line, LineNo: 3 }, { ...line, LineNo: 3 }] }, { status: 400, zh: '行号 3 重复', en: 'The line number 3 appears twice', at: { LineNo: 3, Field: 'LineNo' } });
      await refusedSave({ BillType: 'ASN', VendorCode: 'V0001', Lines: [{ ...line, ToSic: 'NOWHERE' }] }, {
        status: 400, zh: '第 1 行：存储地点 NOWHERE 不存在', en: 'Line 1: the storage location NOWHERE does not exist', at: { LineNo: 1, Field: 'ToSic' },
      });
      await refusedSave({ BillType: 'ASN', VendorCode: 'V0001', Lines: [{ ...line, ToLoc: 'ELE01-01' }] }, {
        status: 400, zh: '第 1 行：库位 ELE01-01 不属于存储地点 RAW01', en: 'Line 1: the locator ELE01-01 does not belong to the storage location RAW01',
        at: { LineNo: 1, Field: 'ToLoc' },
      });
    });

    it('points at the refused line by the number it is saved under, and at the field', async () => {
      // A line sent without a number takes the next after the highest given: the second here is line 6.
      await refusedSave({ BillType: 'ASN', VendorCode: 'V0001', Lines: [{ ...line, LineNo: 5 }, { ...line, PartCode: 'NO-PART' }] }, {
        status: 400, zh: '第 6 行：料号 NO-PART 不存在', en: 'Line 6: the part NO-PART does not exist', at: { LineNo: 6, Field: 'PartCode' },
      });
      await refusedSave({ BillType: 'ASN', VendorCode: 'V0001', Lines: [line, { ...line, Mpq: '0' }] }, {
        status: 400, zh: '第 2 行：最小包装量 0 无效，必须大于 0', en: 'Line 2: the MPQ 0 is invalid: it must be greater than 0', at: { LineNo: 2, Field: 'Mpq' },
      });
      // A locator without its storage location points at the storage location's field.
      await refusedSave({ BillType: 'ASN', VendorCode: 'V0001', Lines: [{ ...line, FromLoc: RAW.loc }] }, {
        status: 400, zh: '第 1 行：请输入来源存储地点', en: 'Line 1: From storage location is required', at: { LineNo: 1, Field: 'FromSic' },
      });
    });

    it('a retried save of a new bill with its request key answers the first bill, also when both arrive together', async () => {
      const key = `key-${suffix}-${Date.now()}`;
      const body = { BillType: 'ASN', VendorCode: 'V0001', RequestKey: key, Lines: [line] };
      const first = await call('Save', body);
      const again = await call('Save', body);
      expect(again.body.data).toEqual(first.body.data);
      const together = await Promise.all([1, 2, 3].map(() => call('Save', { ...body, RequestKey: `${key}-b` })));
      expect(new Set(together.map((r) => r.body.data.Id)).size).toBe(1);
      const { rows } = await sql<{ n: string }>`select count(*) as n from bill_headers where request_key in (${key}, ${`${key}-b`})`.execute(server.db);
      expect(Number(rows[0].n)).toBe(2);
    });

    it('refuses a disabled type', async () => {
      await sql`update md_bill_type set enabled = false where org_id = ${F01} and code = 'RX'`.execute(server.db);
      try {
        await refusedSave({ BillType: 'RX', Lines: [line] }, { status: 400, zh: '单据类型 RX 已停用', en: 'The bill type RX is disabled' });
      } finally {
        await sql`update md_bill_type set enabled = true where org_id = ${F01} and code = 'RX'`.execute(server.db);
      }
    });

    it('refuses a disabled master record (a code typed although the form does not suggest it), naming the line', async () => {
      // The demo plant disables some vendors (seed-masterdata.ts).
      const { rows: vendors } = await sql<{ code: string }>`select code from md_vendor where org_id = ${F01} and not enabled order by code limit 1`.execute(server.db);
      const vendor = vendors[0].code;
      await refusedSave({ BillType: 'ASN', VendorCode: vendor, Lines: [line] }, { status: 400, zh: `供应商 ${vendor} 已停用`, en: `Vendor ${vendor} is disabled`, at: { Field: 'VendorCode' } });
      const { rows: units } = await sql<{ code: string }>`select code from md_business_unit where org_id = ${F01} order by code limit 1`.execute(server.db);
      const bu = units[0].code;
      const disabled = [
        sql`update md_part set enabled = false where org_id = ${F01} and code = ${IQC_PART}`,
        sql`update md_storage_location set enabled = false where org_id = ${F01} and code = 'ELE01'`,
        sql`update md_locator set enabled = false where org_id = ${F01} and code = ${RAW.loc}`,
        sql`update md_business_unit set enabled = false where org_id = ${F01} and code = ${bu}`,
      ];
      for (const statement of disabled) await statement.execute(server.db);
      try {
        await refusedSave({ BillType: 'ASN', VendorCode: 'V0001', Lines: [line, { ...line, PartCode: IQC_PART }] }, {
          status: 400, zh: `第 2 行：料号 ${IQC_PART} 已停用`, en: `Line 2: the part ${IQC_PART} is disabled`, at: { LineNo: 2, Field: 'PartCode' },
        });
        await refusedSave({ BillType: 'ASN', VendorCode: 'V0001', Lines: [{ ...line, ToSic: 'ELE01' }] }, {
          status: 400, zh: '第 1 行：存储地点 ELE01 已停用', en: 'Line 1: the storage location ELE01 is disabled', at: { LineNo: 1, Field: 'ToSic' },
        });
        await refusedSave({ BillType: 'ASN', VendorCode: 'V0001', Lines: [{ ...line, ToLoc: RAW.loc }] }, {
          status: 400, zh: `第 1 行：库位 ${RAW.loc} 已停用`, en: `Line 1: the locator ${RAW.loc} is disabled`, at: { LineNo: 1, Field: 'ToLoc' },
        });
        await refusedSave({ BillType: 'ASN', VendorCode: 'V0001', Lines: [{ ...line, FromBu: bu }] }, {
          status: 400, zh: `第 1 行：业务单元 ${bu} 已停用`, en: `Line 1: the business unit ${bu} is disabled`, at: { LineNo: 1, Field: 'FromBu' },
        });
        // An edit is checked as a new bill is, and a refused one changes nothing.
        const bill = await saveAsn([line]);
        await refusedSave({ Id: bill.Id, BillType: 'ASN', VendorCode: vendor, Lines: [line] }, { status: 400, zh: `供应商 ${vendor} 已停用`, en: `Vendor ${vendor} is disabled`, at: { Field: 'VendorCode' } });
        const { rows: kept } = await sql<{ vendor_code: string }>`select vendor_code from bill_headers where id = ${bill.Id}`.execute(server.db);
        expect(kept[0].vendor_code).toBe('V0001');
      } finally {
        await sql`update md_part set enabled = true where org_id = ${F01} and code = ${IQC_PART}`.execute(server.db);
        await sql`update md_storage_location set enabled = true where org_id = ${F01} and code = 'ELE01'`.execute(server.db);
        await sql`update md_locator set enabled = true where org_id = ${F01} and code = ${RAW.loc}`.execute(server.db);
        await sql`update md_business_unit set enabled = true where org_id = ${F01} and code = ${bu}`.execute(server.db);
      }
    });

    it('edits a bill while it is being edited: header and lines replaced, numbered lines kept', async () => {
      const bill = await saveAsn();
      const edited = await call('Save', { Id: bill.Id, BillType: 'ASN', VendorCode: 'V0002', Lines: [{ LineNo: 5, PartCode: PLAIN_PART, Qty: '7.5', ToSic: RAW.sic }, { PartCode: IQC_PART, Qty: '1', ToSic: RAW.sic }] });
      expect(edited.body.data).toEqual({ Id: bill.Id, BillCode: bill.BillCode, Status: 'EDITING' });
      const read = await get(bill.Id);
      expect(read.VendorCode).toBe('V0002');
      expect(read.Lines.map((l: { LineNo: number; PartCode: string; Qty: string }) => [l.LineNo, l.PartCode, l.Qty])).toEqual([[5, PLAIN_PART, '7.5'], [6, IQC_PART, '1']]);
      const other = await call('Save', { Id: bill.Id, BillType: 'IN', VendorCode: 'V0002', Lines: [{ PartCode: PLAIN_PART, Qty: '1', ToSic: RAW.sic }] }, 'en');
      expect(other.status).toBe(400);
      expect(other.body.msg).toBe(`The bill ${bill.BillCode} is of the type ASN, not IN`);
    });
  });

  it('lists each type\'s bills in its own grid, with captions in both languages and statuses by their labels', async () => {
    const bill = await saveAsn();
    const listed = await server.call('POST', '/ListParam/QueryData', { token, body: { LIST_ROUTE: '/bill/master/ASN', Page: 1, Limit: 1000 } });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const rows = listed.body.data.rows as { bill_code: string; bill_type: string; org_id: string; status: string }[];
    expect(rows.some((r) => r.bill_code === bill.BillCode)).toBe(true);
    expect(new Set(rows.map((r) => r.bill_type))).toEqual(new Set(['ASN']));
    expect(new Set(rows.map((r) => r.org_id))).toEqual(new Set([F01]));
    const inList = await server.call('POST', '/ListParam/QueryData', { token, body: { LIST_ROUTE: '/bill/master/IN', Page: 1, Limit: 1000 } });
    expect(inList.body.data.rows.some((r: { bill_code: string }) => r.bill_code === bill.BillCode)).toBe(false);
    const columns = await server.call('GET', '/ListParam/GetIntiTableColumnList', { token, language: 'en', query: { LIST_ROUTE: '/bill/master/ASN' } });
    const byName = new Map((columns.body.data as { COLUMN_NAME: string; COLUMN_CAPTION: string; IS_VISIBLE?: string; LABELS?: { CODE: string; NAME: string }[] }[]).map((c) => [c.COLUMN_NAME, c]));
    expect(byName.get('bill_code')?.COLUMN_CAPTION).toBe('Bill code');
    expect(byName.get('status')?.LABELS).toEqual(expect.arrayContaining([{ CODE: 'EDITING', NAME: 'Editing' }, { CODE: 'WAITING', NAME: 'Waiting to be received' }]));
    expect(byName.get('org_id')?.IS_VISIBLE).toBe('N');
    // Only the header fields the type's form shows: an ASN has a vendor and no work order, a work-order issue the reverse.
    const visible = async (billType: string) => {
      const list = await server.call('GET', '/ListParam/GetIntiTableColumnList', { token, query: { LIST_ROUTE: `/bill/master/${billType}` } });
      return (list.body.data as { COLUMN_NAME: string; IS_VISIBLE?: string }[]).filter((c) => c.IS_VISIBLE !== 'N').map((c) => c.COLUMN_NAME);
    };
    const asnColumns = await visible('ASN');
    expect(asnColumns).toEqual(expect.arrayContaining(['bill_code', 'status', 'description', 'vendor_code', 'vendor_name', 'line_count', 'created_at']));
    expect(asnColumns.indexOf('vendor_name')).toBe(asnColumns.indexOf('vendor_code') + 1);
    expect(asnColumns.filter((c) => ['customer_code', 'customer_name', 'mo', 'mo_line', 'so', 'destination', 'move_reason'].includes(c))).toEqual([]);
    const woColumns = await visible('WO');
    expect(woColumns).toEqual(expect.arrayContaining(['bill_code', 'status', 'mo', 'mo_line', 'company_code', 'company_name']));
    expect(woColumns.filter((c) => ['vendor_code', 'vendor_name', 'customer_code', 'customer_name', 'so', 'destination', 'move_reason'].includes(c))).toEqual([]);
    // The list reads the vendor's name beside its code, captioned in the reader's language.
    expect(byName.get('vendor_name')?.COLUMN_CAPTION).toBe('Vendor name');
    const named = (listed.body.data.rows as { bill_code: string; vendor_code: string; vendor_name: string | null }[]).find((r) => r.bill_code === bill.BillCode);
    const vendor = await sql<{ name: string }>`select name from md_vendor where org_id = ${F01} and code = 'V0001'`.execute(server.db);
    expect(named).toMatchObject({ vendor_code: 'V0001', vendor_name: vendor.rows[0]!.name });
  });
});
