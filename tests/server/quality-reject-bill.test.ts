/**
 * A rejected lot leaves by a bill made from its inspection document (issue 19, Iqc/MakeBill;
 * server/modules/quality/documents.ts makeBill): "reject + RT bill returns them" — the return-to-vendor
 * bill's pick takes the blocked reels out of stock through the ledger; a scrap bill scraps them. Refused:
 * a document not rejected, a second bill of the same document (also two makes at once), a caller
 * without the 检验单 button 生成退货/报废单, another lot's reel on the bill (and a reel pending inspection on
 * a plain RT bill), a reservation on such a bill; once the
 * bill is made, loose acceptance of the lot is refused.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { adminToken, F01 } from './support/masterdata.ts';
import { inspectionPart, type InspectionPart } from './support/quality.ts';
import { tokenWith } from './support/roles.ts';
import { stockDisagreements } from './support/stock.ts';
import { describeServer } from './support/test-server.ts';

const suffix = randomBytes(3).toString('hex').toUpperCase();

describeServer('a rejected lot returned or scrapped by a bill made from its inspection document', {}, (server) => {
  let token: string;
  let qc: InspectionPart;
  const call = (path: string, body: unknown, language: 'zh-chs' | 'en' = 'zh-chs', as = token) => server.call('POST', path, { token: as, body, language });

  beforeAll(async () => {
    token = await adminToken(server);
    qc = await inspectionPart(server, token, suffix, (status, body) => expect(status, JSON.stringify(body)).toBe(200));
  });

  /** A received lot of 3 reels, judged rejected (阻值 far below its limit). */
  async function rejectedLot(lot: string) {
    const [doc] = await qc.receive([{ Qty: '300', LotCode: lot }]);
    await qc.ok('/Iqc/SaveResults', { Id: doc.Id, Items: [{ CheckItemCode: qc.res, Measurements: [8, 8, 8] }, { CheckItemCode: qc.vis, Defects: 0 }] });
    return qc.ok('/Iqc/Judge', { Id: doc.Id, Result: 'REJECT', Description: '阻值偏低' });
  }
  const reelsOf = (doc: { Reels: { ReelCode: string }[] }) => doc.Reels.map((r) => r.ReelCode).sort();
  const reelRows = async (codes: readonly string[]) =>
    (await sql<{ reel_code: string; status: string; sic: string | null }>`
      select reel_code, status, sic from stock_reels where org_id = ${F01} and reel_code in (${sql.join([...codes])}) order by reel_code`.execute(server.db)).rows;

  it('reject + RT bill returns them: the bill’s pick takes the lot’s blocked reels out of stock through the ledger', async () => {
    const [pending] = await qc.receive([{ Qty: '200', LotCode: 'L-PENDING' }]);
    const notRejected = await call('/Iqc/MakeBill', { DocumentId: pending.Id, BillType: 'RT' }, 'en');
    expect([notRejected.status, notRejected.body.msg]).toEqual([409, `The inspection document ${pending.DocCode} is not rejected: no return or scrap bill can be made from it`]);

    const doc = await rejectedLot('L-RT');
    const reels = reelsOf(doc);
    // The 检验单 menu alone is not enough: making the bill is the button 生成退货/报废单.
    const inspector = await tokenWith(server, [{ menuCode: 'QualityDocument' }]);
    expect((await call('/Iqc/MakeBill', { DocumentId: doc.Id, BillType: 'RT' }, 'zh-chs', inspector)).status).toBe(403);
    const maker = await tokenWith(server, [{ menuCode: 'QualityDocument', buttonCode: 'MakeBill' }]);

    // Two makes at once: one bill.
    const both = await Promise.all([1, 2].map(() => call('/Iqc/MakeBill', { DocumentId: doc.DocCode, BillType: 'RT' }, 'en', maker)));
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    const made = both.find((a) => a.status === 200)!.body.data;
    expect(made.BillCode).toMatch(/^RT\d{8}\d{4}$/);
    expect(both.find((a) => a.status === 409)!.body.msg).toBe(`The bill ${made.BillCode} has been made from the inspection document ${doc.DocCode} already`);
    const again = await call('/Iqc/MakeBill', { DocumentId: doc.Id, BillType: 'BB' });
    expect([again.status, again.body.msg]).toEqual([409, `检验单 ${doc.DocCode} 已生成单据 ${made.BillCode}，不能重复生成`]);
    const bills = await sql<{ n: number }>`select count(*)::int as n from bill_headers where org_id = ${F01} and evidence_no = ${doc.DocCode}`.execute(server.db);
    expect(bills.rows[0].n).toBe(1);
    expect(await qc.ok('/Iqc/DocumentGet', { Id: doc.Id })).toMatchObject({ MadeBillId: made.Id, MadeBillCode: made.BillCode, Status: 'REJECTED' });
    // The lot leaves by its bill: loose acceptance is refused from now on.
    const loose = await call('/Iqc/LooseAccept', { Id: doc.Id, Reason: '客户同意' }, 'en');
    expect([loose.status, loose.body.msg]).toEqual([409, `The return or scrap bill ${made.BillCode} has been made from the inspection document ${doc.DocCode}: it cannot be loosely accepted`]);

    const bill = (await server.call('GET', '/Bill/Get', { token, query: { id: made.Id } })).body.data;
    expect(bill).toMatchObject({ BillType: 'RT', Status: 'EDITING', VendorCode: qc.vendor, EvidenceNo: doc.DocCode });
    expect(bill.Lines.map((l: { PartCode: string; Qty: string; LotCode: string }) => [l.PartCode, Number(l.Qty), l.LotCode])).toEqual([[qc.part, 300, 'L-RT']]);

    // Another rejected lot's reel is not this bill's to return; nor is it a plain RT bill's.
    const other = await rejectedLot('L-OTHER');
    const foreign = await call('/Bill/Pick', { Id: made.Id, ReelCode: other.Reels[0].ReelCode }, 'en');
    expect([foreign.status, foreign.body.msg]).toEqual([
      409, `The reel ${other.Reels[0].ReelCode} is not of the lot of the inspection document ${doc.DocCode}: it cannot be picked on the bill ${made.BillCode}`,
    ]);
    // A plain RT bill cannot take a reel pending inspection either.
    const plain = await qc.ok('/Bill/Save', { BillType: 'RT', VendorCode: qc.vendor, Lines: [{ PartCode: qc.part, Qty: '100' }] });
    const blocked = await call('/Bill/Pick', { Id: plain.Id, ReelCode: other.Reels[0].ReelCode });
    expect(blocked.status).toBe(409);
    // Nor does a bill made from a document reserve other stock of the part: its lot's reels are scanned.
    const reserve = await call('/Bill/ReserveStock', { Id: made.Id });
    expect([reserve.status, reserve.body.msg]).toEqual([409, `单据 ${made.BillCode} 由检验单 ${doc.DocCode} 生成，请直接扫描该批条码，无需预留`]);

    for (const reel of reels) expect((await call('/Bill/Pick', { Id: made.Id, ReelCode: reel })).status).toBe(200);
    expect((await reelRows(reels)).map((r) => [r.status, r.sic])).toEqual(reels.map(() => ['ISSUED', null]));
    const issued = await sql<{ reel_code: string; qty: string; inspection_qty: string }>`
      select reel_code, qty::int::text as qty, inspection_qty::int::text as inspection_qty from stock_transactions
       where org_id = ${F01} and kind = 'ISSUE' and bill_code = ${made.BillCode} order by reel_code`.execute(server.db);
    expect(issued.rows).toEqual(reels.map((reel) => ({ reel_code: reel, qty: '100', inspection_qty: '100' })));
    const balance = await sql<{ on_hand: string; inspection: string }>`
      select coalesce(sum(on_hand), 0)::int::text as on_hand, coalesce(sum(inspection_qty), 0)::int::text as inspection
        from stock_balances where org_id = ${F01} and part_code = ${qc.part} and lot_code = 'L-RT'`.execute(server.db);
    expect(balance.rows[0]).toEqual({ on_hand: '0', inspection: '0' });
    expect((await call('/Bill/HandoverConfirm', { Id: made.Id })).status).toBe(200);
    const closed = await call('/Bill/ConfirmClose', { Id: made.Id });
    expect([closed.status, closed.body.data?.Status]).toEqual([200, 'CLOSED']);
    expect(await stockDisagreements(server.db, F01)).toEqual([]);
  });

  it('a scrap bill made from a rejected document scraps its reels; a document with no reel pending inspection makes no bill', async () => {
    const doc = await rejectedLot('L-BB');
    const made = await qc.ok('/Iqc/MakeBill', { DocumentId: doc.Id, BillType: 'BB' });
    expect(made.BillCode).toMatch(/^BB\d{12}$/);
    const bill = (await server.call('GET', '/Bill/Get', { token, query: { id: made.Id } })).body.data;
    expect(bill).toMatchObject({ BillType: 'BB', MoveReason: '阻值偏低', EvidenceNo: doc.DocCode });
    for (const reel of reelsOf(doc)) expect((await call('/Bill/Pick', { Id: made.Id, ReelCode: reel })).status).toBe(200);
    expect((await reelRows(reelsOf(doc))).every((r) => r.status === 'SCRAPPED')).toBe(true);
    // Nothing pending inspection is left for a second bill either.
    await sql`update iqc_documents set made_bill_id = null, made_bill_code = null where id = ${doc.Id}`.execute(server.db);
    const empty = await call('/Iqc/MakeBill', { DocumentId: doc.Id, BillType: 'RT' }, 'en');
    expect([empty.status, empty.body.msg]).toEqual([409, `The inspection document ${doc.DocCode} has no reel pending inspection: no bill can be made from it`]);
    expect(await stockDisagreements(server.db, F01)).toEqual([]);
  });
});
