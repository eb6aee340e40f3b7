/**
 * Reels without a bill and reel editing (issue 17, spec §2 "reel barcode generation and editing";
 * Reel/Generate, Reel/Update, Reel/History; server/modules/stock/reels.ts). Generated reels are
 * CREATED with unique codes, bounded in number, of a known part, under the ReelGenerate permission;
 * a bill with a line of their part receives them (attached to the line when it still expects their
 * quantity, else refused). Editing a CREATED reel updates it; a reel in stock changes lot through the
 * ledger (RELOT rows, balances moved exactly between the lots); every change is in the history;
 * issued reels and reserved reels' lots are refused; a lot change racing an issue leaves the stock
 * agreeing with itself.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { PORTAL_APP_CODE } from '../../server/db/seed/system-data.ts';
import { applyStockMoves, type StockCaller } from '../../server/modules/stock/ledger.ts';
import { adminToken, F01 } from './support/masterdata.ts';
import { stockDisagreements } from './support/stock.ts';
import { describeServer, type TestServer } from './support/test-server.ts';

const RAW = { sic: 'RAW01', loc: 'RAW01-01' };
const suffix = randomBytes(3).toString('hex').toUpperCase();
const PART = `RG-${suffix}`;
const caller: StockCaller = { orgId: F01, userId: 'user-reel-edit', userName: 'reel-edit' };

async function tokenWithMenus(server: TestServer, menuCodes: readonly string[]): Promise<string> {
  const roleId = `role-reels-${randomUUID()}`;
  await server.db.insertInto('roles').values({ id: roleId, name: roleId, role_type: 'NORMAL' }).execute();
  for (const code of menuCodes) {
    const menu = await server.db.selectFrom('menus').select('id').where('menu_code', '=', code).executeTakeFirstOrThrow();
    await server.db.insertInto('role_menus').values({ role_id: roleId, menu_id: menu.id, app_code: PORTAL_APP_CODE }).onConflict((oc) => oc.doNothing()).execute();
  }
  const user = await server.createUser({ roleId });
  return (await server.login(user.userName, user.password, F01)).Token;
}

describeServer('reels: generation without a bill and editing', {}, (server) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(server);
    await sql`insert into md_part (id, org_id, code, name, unit, iqc_required, min_pack_qty, enabled)
      values (gen_random_uuid()::text, ${F01}, ${PART}, ${`Part ${PART}`}, 'PCS', false, 100, true)`.execute(server.db);
  });

  const reel = (name: string, body: unknown, language: 'zh-chs' | 'en' = 'zh-chs', as = token) => server.call('POST', `/Reel/${name}`, { token: as, body, language });
  const bill = (name: string, body: unknown, language: 'zh-chs' | 'en' = 'zh-chs') => server.call('POST', `/Bill/${name}`, { token, body, language });
  const generate = async (body: Record<string, unknown>) => {
    const answer = await reel('Generate', { PartCode: PART, Qty: '100', Count: 1, ...body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as string[];
  };
  const reelRow = async (code: string) =>
    (await sql<{ part_code: string; qty: string; lot_code: string; date_code: string | null; expire_date: string | null; status: string; sic: string | null; bill_code: string | null }>`
      select part_code, trim_scale(qty)::text as qty, lot_code, date_code, expire_date::text, status, sic, bill_code from stock_reels where org_id = ${F01} and reel_code = ${code}`.execute(server.db)).rows[0];
  const balance = async (lot: string) =>
    (await sql<{ on_hand: string }>`select trim_scale(on_hand)::text as on_hand from stock_balances where org_id = ${F01} and part_code = ${PART} and sic = ${RAW.sic} and loc = ${RAW.loc} and lot_code = ${lot}`.execute(server.db)).rows[0]?.on_hand;
  /** Both languages of a refusal, and the field of the request it is about (the answer's data, for the form to mark), or null. */
  async function refused(name: string, body: unknown) {
    const zh = await reel(name, body, 'zh-chs');
    const en = await reel(name, body, 'en');
    expect(en.body.data).toEqual(zh.body.data);
    return { status: zh.status, zh: zh.body.msg as string, en: en.body.msg as string, at: zh.body.data as { Field: string } | null };
  }
  const agree = async () => expect(await stockDisagreements(server.db, F01)).toEqual([]);
  /** A generated reel received into RAW01-01 through the ledger (as a bill would). */
  async function inStock(lot: string, qty = '100') {
    const [code] = await generate({ LotCode: lot, Qty: qty });
    await applyStockMoves(server.db, caller, [{ kind: 'receive', reelCode: code, to: RAW }]);
    return code;
  }

  it('generates Count CREATED reels with new unique codes, the lot, date code and expiry given', async () => {
    const codes = await generate({ Count: 5, Qty: '250.5', LotCode: 'L-GEN', DateCode: '2547', ExpireDate: '2027-03-31', VendorCode: 'V0001' });
    expect(codes).toHaveLength(5);
    expect(new Set(codes).size).toBe(5);
    expect(codes[0]).toMatch(/^REEL\d{8}\d{4}-1$/);
    const again = await generate({ Count: 3 });
    expect(again.some((code) => codes.includes(code))).toBe(false);
    const rows = await Promise.all(codes.map(reelRow));
    expect(rows.map((r) => [r.part_code, r.qty, r.lot_code, r.date_code, r.expire_date, r.status, r.sic, r.bill_code])).toEqual(
      codes.map(() => [PART, '250.5', 'L-GEN', '2547', '2027-03-31', 'CREATED', null, null]),
    );
    // Their labels print as any reel's.
    const label = await server.call('POST', '/Reel/Label', { token, body: { ReelCodes: codes, Format: 'zpl' } });
    expect(label.status).toBe(200);
    // Two calls at once get different codes.
    const together = await Promise.all([1, 2, 3].map(() => reel('Generate', { PartCode: PART, Qty: '1', Count: 2 })));
    const all = together.flatMap((t) => t.body.data as string[]);
    expect(new Set(all).size).toBe(6);
  });

  it('refuses a count out of 1..500, an unknown part, a bad quantity: nothing made', async () => {
    const count = async () => Number((await sql<{ n: string }>`select count(*)::text as n from stock_reels where org_id = ${F01} and part_code = ${PART}`.execute(server.db)).rows[0].n);
    const before = await count();
    expect(await refused('Generate', { PartCode: PART, Qty: '1', Count: 501 })).toEqual({
      status: 400,
      zh: '生成数量 501 无效：须为 1 到 500 的整数',
      en: 'The number of reels 501 is invalid: it must be a whole number from 1 to 500',
      at: { Field: 'Count' },
    });
    expect((await refused('Generate', { PartCode: PART, Qty: '1', Count: 0 })).status).toBe(400);
    expect(await refused('Generate', { PartCode: 'NO-SUCH-PART', Qty: '1', Count: 1 })).toEqual({ status: 400, zh: '料号 NO-SUCH-PART 不存在', en: 'The part NO-SUCH-PART does not exist', at: { Field: 'PartCode' } });
    expect((await refused('Generate', { PartCode: PART, Qty: '0', Count: 1 })).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('refuses a disabled part, an unknown vendor and a disabled vendor, as a bill\'s Save does: nothing made', async () => {
    const disabledPart = `${PART}-OFF`;
    await sql`insert into md_part (id, org_id, code, name, unit, iqc_required, min_pack_qty, enabled)
      values (gen_random_uuid()::text, ${F01}, ${disabledPart}, ${`Part ${disabledPart}`}, 'PCS', false, 100, false)`.execute(server.db);
    // The demo plant disables some vendors (seed-masterdata.ts).
    const { rows } = await sql<{ code: string }>`select code from md_vendor where org_id = ${F01} and not enabled order by code limit 1`.execute(server.db);
    const vendor = rows[0].code;
    const made = async () => Number((await sql<{ n: string }>`select count(*)::text as n from stock_reels where org_id = ${F01} and part_code in (${PART}, ${disabledPart})`.execute(server.db)).rows[0].n);
    const before = await made();
    expect(await refused('Generate', { PartCode: disabledPart, Qty: '1', Count: 1 })).toEqual({ status: 400, zh: `料号 ${disabledPart} 已停用`, en: `The part ${disabledPart} is disabled`, at: { Field: 'PartCode' } });
    expect(await refused('Generate', { PartCode: PART, VendorCode: 'NO-SUCH-VENDOR', Qty: '1', Count: 1 })).toEqual({
      status: 400, zh: '供应商 NO-SUCH-VENDOR 不存在', en: 'The vendor NO-SUCH-VENDOR does not exist', at: { Field: 'VendorCode' },
    });
    expect(await refused('Generate', { PartCode: PART, VendorCode: ` ${vendor} `, Qty: '1', Count: 1 })).toEqual({ status: 400, zh: `供应商 ${vendor} 已停用`, en: `The vendor ${vendor} is disabled`, at: { Field: 'VendorCode' } });
    expect(await made()).toBe(before);
  });

  it('needs the ReelGenerate (or WarehouseReel) permission', async () => {
    const without = await tokenWithMenus(server, []);
    expect((await reel('Generate', { PartCode: PART, Qty: '1', Count: 1 }, 'en', without)).status).toBe(403);
    expect((await reel('Update', { ReelCode: 'X', LotCode: 'Y' }, 'en', without)).status).toBe(403);
    const allowed = await tokenWithMenus(server, ['ReelGenerate']);
    expect((await reel('Generate', { PartCode: PART, Qty: '1', Count: 1 }, 'en', allowed)).status).toBe(200);
  });

  it('a bill with a line of the part receives a generated reel: attached to the line; more than the line expects is refused', async () => {
    const [small, big] = [(await generate({ Qty: '300', LotCode: 'L-ASN' }))[0], (await generate({ Qty: '900' }))[0]];
    const saved = await bill('Save', { BillType: 'ASN', VendorCode: 'V0001', Lines: [{ PartCode: PART, Qty: '500', ToSic: RAW.sic, ToLoc: RAW.loc }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { Id, BillCode } = saved.body.data as { Id: string; BillCode: string };
    const received = await bill('ConfirmReceipt', { Id, ReelCode: small });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(await reelRow(small)).toMatchObject({ status: 'IN_STOCK', sic: RAW.sic, bill_code: BillCode, lot_code: 'L-ASN' });
    const box = await server.db.selectFrom('bill_boxes').select(['line_no', 'status', 'qty']).where('reel_code', '=', small).executeTakeFirstOrThrow();
    expect([box.line_no, box.status, Number(box.qty)]).toEqual([1, 'RECEIVED', 300]);
    // Scanning it again is a repeat.
    expect((await bill('ConfirmReceipt', { Id, ReelCode: small })).status).toBe(200);
    const over = await bill('ConfirmReceipt', { Id, ReelCode: big }, 'en');
    expect([over.status, over.body.msg]).toEqual([409, `The reel ${big} holds 900, more than the 200 of the part ${PART} the bill ${BillCode} still expects`]);
    expect(await reelRow(big)).toMatchObject({ status: 'CREATED', bill_code: null });
    // A reel generated for another part is not the bill's.
    const other = (await reel('Generate', { PartCode: 'CAP-00008', Qty: '1', Count: 1 })).body.data[0];
    expect((await bill('ConfirmReceipt', { Id, ReelCode: other })).status).toBe(409);
    await agree();
  });

  it('edits a CREATED reel in place, every field in the history', async () => {
    const [code] = await generate({ LotCode: 'L-OLD', DateCode: '2501' });
    const edited = await reel('Update', { ReelCode: code, LotCode: 'L-NEW', DateCode: '2502', ExpireDate: '2028-01-31' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await reelRow(code)).toMatchObject({ lot_code: 'L-NEW', date_code: '2502', expire_date: '2028-01-31', status: 'CREATED', qty: '100' });
    const history = (await reel('History', { ReelCode: code })).body.data as { Field: string; OldValue: string | null; NewValue: string | null; TransactionId: string | null; UserName: string }[];
    expect(history.map((h) => [h.Field, h.OldValue, h.NewValue, h.TransactionId]).sort()).toEqual([
      ['DateCode', '2501', '2502', null],
      ['ExpireDate', null, '2028-01-31', null],
      ['LotCode', 'L-OLD', 'L-NEW', null],
    ]);
    expect(history[0].UserName).toBeTruthy();
    // No ledger row for a reel not in stock.
    expect(await server.db.selectFrom('stock_transactions').select('id').where('reel_code', '=', code).execute()).toEqual([]);
    expect(await refused('Update', { ReelCode: code, LotCode: 'L-NEW' })).toEqual({ status: 400, zh: '没有要修改的内容', en: 'Nothing to change', at: null });
  });

  it('changes the lot of a reel in stock through the ledger: its quantity moves exactly from the old lot to the new, same place', async () => {
    const oldLot = `LO-${suffix}-${randomBytes(2).toString('hex')}`;
    const newLot = `LN-${suffix}-${randomBytes(2).toString('hex')}`;
    const keep = await inStock(oldLot, '40');
    const code = await inStock(oldLot, '100.25');
    expect(await balance(oldLot)).toBe('140.25');
    const edited = await reel('Update', { ReelCode: code, LotCode: newLot, DateCode: '2610' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await balance(oldLot)).toBe('40');
    expect(await balance(newLot)).toBe('100.25');
    expect(await reelRow(code)).toMatchObject({ lot_code: newLot, date_code: '2610', status: 'IN_STOCK', sic: RAW.sic, qty: '100.25' });
    expect(await reelRow(keep)).toMatchObject({ lot_code: oldLot });
    const rows = await server.db
      .selectFrom('stock_transactions')
      .select(['id', 'kind', 'lot_code', 'from_sic', 'from_loc', 'to_sic', 'to_loc', 'qty', 'request_id', 'user_name'])
      .where('reel_code', '=', code)
      .where('kind', '=', 'RELOT')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.kind, r.lot_code, r.from_sic, r.from_loc, r.to_sic, r.to_loc, Number(r.qty)])).toEqual([
      ['RELOT', oldLot, RAW.sic, RAW.loc, null, null, 100.25],
      ['RELOT', newLot, null, null, RAW.sic, RAW.loc, 100.25],
    ]);
    expect(rows[0].request_id).toBe(rows[1].request_id);
    const history = (await reel('History', { ReelCode: code })).body.data as { Field: string; OldValue: string; NewValue: string; TransactionId: string | null }[];
    expect(history.find((h) => h.Field === 'LotCode')).toMatchObject({ OldValue: oldLot, NewValue: newLot, TransactionId: String(rows[1].id) });
    // The ledger shows the change; a RELOT is not reversible.
    const ledger = await server.call('POST', '/Stock/Ledger', { token, body: { ReelCode: code, Page: 1, Limit: 50 } });
    expect(ledger.status, JSON.stringify(ledger.body)).toBe(200);
    expect(ledger.body.data.filter((r: { Kind: string }) => r.Kind === 'RELOT')).toHaveLength(2);
    await agree();
  });

  it('refuses editing an issued reel, a reserved reel\'s lot, an unknown reel', async () => {
    const issued = await inStock(`LI-${suffix}`);
    await applyStockMoves(server.db, caller, [{ kind: 'issue', reelCode: issued }]);
    expect(await refused('Update', { ReelCode: issued, DateCode: '2601' })).toEqual({
      status: 409,
      zh: `条码 ${issued} 的状态是“${await statusZh('ISSUED')}”，不能修改`,
      en: `The reel ${issued} is ${await statusEn('ISSUED')}: it cannot be edited`,
      at: null,
    });
    const reserved = await inStock(`LR-${suffix}`);
    await applyStockMoves(server.db, caller, [{ kind: 'reserve', reelCode: reserved, billCode: 'BILL-X' }]);
    expect(await refused('Update', { ReelCode: reserved, LotCode: 'LR-OTHER' })).toEqual({
      status: 409,
      zh: `条码 ${reserved} 已被单据 BILL-X 预留，不能修改批次`,
      en: `The reel ${reserved} is reserved by the bill BILL-X: its lot cannot be changed`,
      at: null,
    });
    // Its date code may still be corrected.
    expect((await reel('Update', { ReelCode: reserved, DateCode: '2611' })).status).toBe(200);
    expect((await reel('Update', { ReelCode: 'NO-SUCH-REEL', LotCode: 'X' })).status).toBe(404);
    await agree();
  });

  it('a lot change racing an issue of the same reel: one after the other, the stock agreeing with itself', async () => {
    for (let round = 0; round < 3; round++) {
      const lot = `LC-${suffix}-${round}`;
      const code = await inStock(lot);
      const [edit, issue] = await Promise.allSettled([
        reel('Update', { ReelCode: code, LotCode: `${lot}-N` }),
        applyStockMoves(server.db, caller, [{ kind: 'issue', reelCode: code, qty: '30' }]),
      ]);
      expect(issue.status).toBe('fulfilled');
      const editStatus = edit.status === 'fulfilled' ? edit.value.status : 0;
      expect([200, 409]).toContain(editStatus);
      const lots = await sql<{ lot_code: string; sum: string }>`
        select lot_code, sum(qty)::float8::text as sum from stock_reels where org_id = ${F01} and (reel_code = ${code} or parent_reel_code = ${code}) group by lot_code order by lot_code`.execute(server.db);
      // The issued split-off keeps the lot it was issued from; the rest is in the lot the edit left.
      expect(lots.rows.reduce((sum, r) => sum + Number(r.sum), 0)).toBe(100);
      await agree();
    }
  });
});

async function statusZh(status: string) {
  const { translate } = await import('../../src/shared/messages/catalogue.ts');
  return translate('zh-chs', status === 'ISSUED' ? 'reelStatusIssued' : 'reelStatusInStock', {});
}
async function statusEn(status: string) {
  const { translate } = await import('../../src/shared/messages/catalogue.ts');
  return translate('en', status === 'ISSUED' ? 'reelStatusIssued' : 'reelStatusInStock', {});
}
