/**
 * Bills on the mocks (issue 16; mocks/scenarios/bills.ts): a tester saves a bill, finds it in its type's
 * list, opens it and walks it through its life with the reference server's rules and messages (the
 * shared save checks, action table and transition table), through the portal's own fetchers
 * (src/features/bills/api.ts, src/grid/api/listParam.ts) and the contract's shapes; the bills persist
 * with the rest of the mock db and a reset starts them over.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getMockDb, replaceMockDb, resetMockDb } from '../../../mocks/db';
import { queryRows } from '../../../src/grid/api/listParam';
import { loadBill, runBillAction, saveBill, suggestCell, type BillSaveRequest } from '../../../src/features/bills/api';
import { partEntity } from '../../../src/shared/masterdata/entities/part';
import { storageLocationEntity } from '../../../src/shared/masterdata/entities/storage-location';
import { vendorEntity } from '../../../src/shared/masterdata/entities/vendor';
import { localDay } from '../../../src/shared/day-codes';
import type { EntityDeclaration } from '../../../src/shared/masterdata/declaration';
import { resetGridTestState, signIn } from '../grid/gridTestKit';
import { refusal } from './refusal';
import { watchAnswers } from './watchAnswers';

const allRowsOf = async (listRoute: string) => (await queryRows(listRoute, { conditions: [], Page: 1, Limit: 1000, wantAggregates: false })).rows;
/** The records a bill may name, as its form suggests them: enabled ones (the samples disable every seventh). */
const rowsOf = async (listRoute: string) => (await allRowsOf(listRoute)).filter((row) => row.enabled !== false);
const codesOf = async (entity: EntityDeclaration) => (await rowsOf(entity.listRoute)).map((row) => String(row.code));

/** An ASN of two lines (250 and 100, 100 a reel) of two enabled parts from the mocks' master data: the first without IQC, the second with. */
async function asnRequest(): Promise<BillSaveRequest> {
  const [vendor] = await codesOf(vendorEntity);
  const parts = await rowsOf(partEntity.listRoute);
  const partA = String(parts.find((row) => !row.iqc_required)!.code);
  const partB = String(parts.find((row) => row.iqc_required)!.code);
  const [sic] = await codesOf(storageLocationEntity);
  return {
    BillType: 'ASN',
    VendorCode: vendor,
    Description: '模拟送货',
    Lines: [
      { PartCode: partA, Qty: '250', Mpq: '100', ToSic: sic },
      { PartCode: partB, Qty: '100', Mpq: '100', ToSic: sic },
    ],
  };
}

beforeEach(async () => {
  resetMockDb({ captcha: false });
  await resetGridTestState();
  signIn('ADMIN', 'org-f01');
});

describe('bills on the mocks', () => {
  it('saves an ASN, lists it, opens it and walks it to closed; refusals carry the server’s messages and change nothing', async () => {
    const violations = watchAnswers();
    const request = await asnRequest();

    // Refused saves: a required header field, a line field its category requires, a quantity.
    expect(await refusal(saveBill({ ...request, VendorCode: null }))).toBe('请输入供应商');
    expect(await refusal(saveBill({ ...request, Lines: [request.Lines[0], { ...request.Lines[1], ToSic: null }] }))).toBe('第 2 行：请输入目标存储地点');
    expect(await refusal(saveBill({ ...request, Lines: [{ ...request.Lines[0], Qty: '0' }] }))).toBe('第 1 行：数量 0 无效，必须大于 0，最多 12 位整数和 6 位小数');
    expect(await refusal(saveBill({ ...request, Lines: [{ ...request.Lines[0], PartCode: 'NO-SUCH-PART' }] }))).toBe('第 1 行：料号 NO-SUCH-PART 不存在');
    // A disabled record, typed although the form does not suggest it: refused, as on the server.
    const disabledPart = String((await allRowsOf(partEntity.listRoute)).find((row) => row.enabled === false)!.code);
    const disabledVendor = String((await allRowsOf(vendorEntity.listRoute)).find((row) => row.enabled === false)!.code);
    expect(await refusal(saveBill({ ...request, Lines: [{ ...request.Lines[0], PartCode: disabledPart }] }))).toBe(`第 1 行：料号 ${disabledPart} 已停用`);
    expect(await refusal(saveBill({ ...request, VendorCode: disabledVendor }))).toBe(`供应商 ${disabledVendor} 已停用`);

    const saved = await saveBill(request);
    const today = localDay(new Date()).replaceAll('-', '');
    expect(saved.BillCode).toMatch(new RegExp(`^ASN${today}\\d{4}$`));
    expect(saved.Status).toBe('EDITING');
    const second = await saveBill(request);
    expect(Number(second.BillCode.slice(-4))).toBe(Number(saved.BillCode.slice(-4)) + 1);

    // In its type's list with its real status, and Bill/Get answers it.
    const listed = (await rowsOf('/bill/master/ASN')).find((row) => row.bill_code === saved.BillCode);
    expect(listed).toMatchObject({ id: Number(saved.Id), status: 'EDITING', vendor_code: request.VendorCode, created_by: 'ADMIN' });
    const bill = await loadBill(saved.Id);
    expect(bill).toMatchObject({ BillCode: saved.BillCode, BillType: 'ASN', Category: 'INBOUND', Status: 'EDITING', VendorCode: request.VendorCode, Description: '模拟送货', Boxes: [] });
    expect(bill.Lines.map((l) => [l.LineNo, l.PartCode, l.Qty, l.ActualQty, l.BalanceQty, l.Status])).toEqual([
      [1, request.Lines[0].PartCode, '250', '0', '250', 'OPEN'],
      [2, request.Lines[1].PartCode, '100', '0', '100', 'OPEN'],
    ]);

    // An edit while EDITING rewrites the header and lines.
    await saveBill({ ...request, Id: saved.Id, Description: '改过的送货' });
    expect((await loadBill(saved.Id)).Description).toBe('改过的送货');

    // Create reels: split by Mpq, the bill waits to be received.
    const reels = await runBillAction('CreateReels', saved.Id);
    expect(reels.Status).toBe('WAITING');
    expect(reels.Reels.map((r) => [r.ReelCode, r.LineNo, r.Qty, r.Status])).toEqual([
      [`${saved.BillCode}-1-1`, 1, '100', 'CREATED'],
      [`${saved.BillCode}-1-2`, 1, '100', 'CREATED'],
      [`${saved.BillCode}-1-3`, 1, '50', 'CREATED'],
      [`${saved.BillCode}-2-1`, 2, '100', 'CREATED'],
    ]);

    // A status the action does not accept: the server's 409 message, nothing changed.
    const before = await loadBill(saved.Id);
    expect(await refusal(runBillAction('ConfirmClose', saved.Id))).toBe(`单据 ${saved.BillCode} 的状态是“待收货”，不能确认关闭`);
    expect(await refusal(runBillAction('Pick', saved.Id, { ReelCode: 'X' }))).toBe('单据类型 ASN 不提供“拣货”');
    expect(await refusal(saveBill({ ...request, Id: saved.Id }))).toBe(`单据 ${saved.BillCode} 的状态是“待收货”，不能保存`);
    expect(await loadBill(saved.Id)).toEqual(before);

    // Receive one reel by its scan, then the rest in one go; a repeated scan changes nothing.
    const first = await runBillAction('ConfirmReceipt', saved.Id, { ReelCode: `${saved.BillCode}-1-1` });
    expect(first.Status).toBe('PROCESSING');
    expect(first.Lines).toEqual([{ LineNo: 1, Qty: '250', ActualQty: '100', BalanceQty: '150', Status: 'OPEN' }]);
    const logLength = (await loadBill(saved.Id)).Log.length;
    await runBillAction('ConfirmReceipt', saved.Id, { ReelCode: `${saved.BillCode}-1-1` });
    expect((await loadBill(saved.Id)).Log.length).toBe(logLength);
    expect(await refusal(runBillAction('ConfirmReceipt', saved.Id, { ReelCode: 'R-NOWHERE' }))).toBe('条码 R-NOWHERE 不存在');
    await runBillAction('OneKeyReceipt', saved.Id);
    const received = await loadBill(saved.Id);
    expect(received.Status).toBe('PROCESSING');
    expect(received.Boxes.every((b) => b.Status === 'RECEIVED')).toBe(true);
    // The ASN's type inspects: the IQC part's reels go to pending inspection.
    expect(received.Boxes.map((b) => [b.LineNo, b.IqcFlag])).toEqual([[1, false], [1, false], [1, false], [2, true]]);
    expect(received.Lines.map((l) => [l.ActualQty, l.BalanceQty])).toEqual([['250', '0'], ['100', '0']]);
    expect((await rowsOf('/bill/master/ASN')).find((row) => row.bill_code === saved.BillCode)?.status).toBe('PROCESSING');

    // Close; a repeat answers the closed bill and changes nothing; then every other action is refused.
    expect((await runBillAction('ConfirmClose', saved.Id)).Status).toBe('CLOSED');
    const closed = await loadBill(saved.Id);
    expect(closed.Lines.every((l) => l.Status === 'CLOSED')).toBe(true);
    expect((await runBillAction('ConfirmClose', saved.Id)).Status).toBe('CLOSED');
    expect(await loadBill(saved.Id)).toEqual(closed);
    expect(await refusal(runBillAction('CancelReceipt', saved.Id))).toBe(`单据 ${saved.BillCode} 的状态是“已关闭”，不能取消收货`);
    const moves = closed.Log.filter((row) => row.StatusBefore !== row.StatusAfter).map((row) => `${row.Action} ${row.StatusBefore} -> ${row.StatusAfter}`);
    expect([...new Set(moves)]).toEqual(['Save null -> EDITING', 'CreateReels EDITING -> WAITING', 'ConfirmReceipt WAITING -> PROCESSING', 'ConfirmClose PROCESSING -> CLOSED']);
    expect(await violations()).toEqual([]);
  });

  it('an issue bill reserves and picks the reels an ASN received, and a cancelled issue gives them back', async () => {
    const violations = watchAnswers();
    const asn = await saveBill(await asnRequest());
    await runBillAction('CreateReels', asn.Id);
    await runBillAction('OneKeyReceipt', asn.Id);
    const part = (await loadBill(asn.Id)).Lines[0].PartCode;

    expect(await refusal(saveBill({ BillType: 'WO', Mo: 'MO-1', Lines: [{ PartCode: part, Qty: '150' }] }))).toBe('请输入工单行号');
    const wo = await saveBill({ BillType: 'WO', Mo: 'MO-1', MoLine: '10', Lines: [{ PartCode: part, Qty: '150' }] });
    expect(wo.BillCode).toMatch(/^WO\d{12}$/);
    const reserved = await runBillAction('ReserveStock', wo.Id);
    expect(reserved.Status).toBe('PROCESSING');
    expect(reserved.Reels.map((r) => [r.ReelCode, r.Status])).toEqual([
      [`${asn.BillCode}-1-1`, 'RESERVED'],
      [`${asn.BillCode}-1-2`, 'RESERVED'],
    ]);
    const picked = await runBillAction('Pick', wo.Id, { ReelCode: `${asn.BillCode}-1-1` });
    expect(picked.Lines).toEqual([{ LineNo: 1, Qty: '150', ActualQty: '100', BalanceQty: '50', Status: 'OPEN' }]);
    // A reel pending inspection.
    expect(await refusal(runBillAction('Pick', wo.Id, { ReelCode: `${asn.BillCode}-2-1` }))).toBe(`条码 ${asn.BillCode}-2-1 的状态是“待检验”，不能拣货`);
    // The ASN cannot take back a receipt another bill holds.
    expect(await refusal(runBillAction('CancelReceipt', asn.Id, { ReelCode: `${asn.BillCode}-1-1` }))).toBe(`条码 ${asn.BillCode}-1-1 已被单据 ${wo.BillCode} 预留`);

    await runBillAction('CancelReelIssue', wo.Id, { ReelCode: `${asn.BillCode}-1-1` });
    expect((await loadBill(wo.Id)).Lines[0].ActualQty).toBe('0');
    expect((await runBillAction('CancelReelIssue', wo.Id, { ReelCode: `${asn.BillCode}-1-1` })).Status).toBe('PROCESSING');

    // Picked again, handed over and posted, each once however often it is sent.
    await runBillAction('Pick', wo.Id, { ReelCode: `${asn.BillCode}-1-1` });
    await runBillAction('HandoverConfirm', wo.Id);
    await runBillAction('PostLine', wo.Id, { LineNo: 1 });
    const once = await loadBill(wo.Id);
    await runBillAction('HandoverConfirm', wo.Id);
    await runBillAction('PostLine', wo.Id, { LineNo: 1 });
    expect(await loadBill(wo.Id)).toEqual(once);
    expect(once.Boxes.filter((b) => b.ReelCode === `${asn.BillCode}-1-1`).map((b) => b.Status)).toEqual(['PICKED']);
    expect((await runBillAction('OneKeyClose', wo.Id)).Status).toBe('CLOSED');
    expect((await loadBill(wo.Id)).Boxes.some((b) => b.Status === 'RESERVED')).toBe(false);
    expect(await violations()).toEqual([]);
  });

  it('put-to-light (Shelf/SuggestCell): the server’s checks in its order, each refusal before any cell is suggested', async () => {
    const violations = watchAnswers();
    const saved = await saveBill(await asnRequest());
    const reel = `${saved.BillCode}-1-1`;
    await runBillAction('CreateReels', saved.Id);
    expect(await refusal(suggestCell(saved.Id, {}))).toBe(`请给出单据 ${saved.BillCode} 的行号或它的一个条码`);
    expect(await refusal(suggestCell(saved.Id, { ReelCode: 'R-NOWHERE' }))).toBe(`条码 R-NOWHERE 不属于单据 ${saved.BillCode}`);
    expect(await refusal(suggestCell(saved.Id, { LineNo: 9 }))).toBe(`单据 ${saved.BillCode} 没有第 9 行`);
    const sic = (await loadBill(saved.Id)).Lines[0].ToSic;
    expect(await suggestCell(saved.Id, { ReelCode: reel })).toMatchObject({ SicCode: sic });
    // Closed: refused as a receipt would be, before the reel is looked at.
    await runBillAction('OneKeyReceipt', saved.Id);
    await runBillAction('ConfirmClose', saved.Id);
    expect(await refusal(suggestCell(saved.Id, { ReelCode: 'R-NOWHERE' }))).toBe(`单据 ${saved.BillCode} 的状态是“已关闭”，不能确认收货`);
    expect(await refusal(suggestCell('999999', { ReelCode: reel }))).toBe('单据 999999 不存在');
    expect(await violations()).toEqual([]);
  });

  it('keeps the bills with the mock db: a saved state brings them back, a reset starts over', async () => {
    const saved = await saveBill(await asnRequest());
    await runBillAction('CreateReels', saved.Id);
    // What mocks/persist.ts writes to IndexedDB and reads back: a structured clone of the db.
    const stored = structuredClone(getMockDb());

    resetMockDb({ captcha: false });
    signIn('ADMIN', 'org-f01');
    expect(await refusal(loadBill(saved.Id))).toBe(`单据 ${saved.Id} 不存在`);
    expect((await rowsOf('/bill/master/ASN')).some((row) => row.bill_code === saved.BillCode)).toBe(false);

    replaceMockDb(stored);
    signIn('ADMIN', 'org-f01');
    const back = await loadBill(saved.Id);
    expect(back).toMatchObject({ BillCode: saved.BillCode, Status: 'WAITING' });
    expect(back.Boxes).toHaveLength(4);
    expect((await rowsOf('/bill/master/ASN')).find((row) => row.bill_code === saved.BillCode)?.status).toBe('WAITING');
    // Numbering goes on after the restored bills.
    expect(Number((await saveBill(await asnRequest())).BillCode.slice(-4))).toBe(Number(saved.BillCode.slice(-4)) + 1);
  });
});
