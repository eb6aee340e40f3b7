/**
 * Incoming inspection documents over HTTP (issue 19; server/modules/quality/documents.ts): a receipt of
 * an IQC part makes the lot's document with its ISO 2859-1 plan and keeps the reels out of reach;
 * results with a measurement out of limit; a reject needs a description (spec §5); accept releases
 * exactly the lot's reels through the ledger; loose acceptance needs 放宽接收审批; two rejected lots
 * switch the vendor's part to tightened inspection.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { samplePlan } from '../../src/shared/quality/iso2859.ts';
import { PORTAL_APP_CODE } from '../../server/db/seed/system-data.ts';
import { applyStockMoves } from '../../server/modules/stock/ledger.ts';
import ExcelJS from 'exceljs';
import { adminToken, equalsCondition, F01 } from './support/masterdata.ts';
import { inspectionPart, type InspectionPart } from './support/quality.ts';
import { refusalOf, stockDisagreements } from './support/stock.ts';
import { describeServer } from './support/test-server.ts';

const suffix = randomBytes(3).toString('hex').toUpperCase();
const PART = `QC-PART-${suffix}`;
const VENDOR = `QV-${suffix}`;

describeServer('incoming inspection documents', {}, (server) => {
  let token: string;
  let qc: InspectionPart;
  const call = (path: string, body: unknown, language: 'zh-chs' | 'en' = 'zh-chs', as = token) => server.call('POST', path, { token: as, body, language });
  const ok = (path: string, body: unknown) => qc.ok(path, body);
  const receive = (lines: { Qty: string; LotCode?: string }[]) => qc.receive(lines);

  beforeAll(async () => {
    token = await adminToken(server);
    qc = await inspectionPart(server, token, suffix, (status, body) => expect(status, JSON.stringify(body)).toBe(200));
  });

  const reelStatuses = async (reels: readonly string[]) =>
    (await sql<{ status: string; iqc_concession: boolean }>`select status, iqc_concession from stock_reels where org_id = ${F01} and reel_code in (${sql.join([...reels])})`.execute(server.db)).rows;

  it('a receipt of an inspection part makes the lot’s document with its plan and sample reels; no reservation can take its reels', async () => {
    const [doc] = await receive([{ Qty: '1000' }]);
    // 1000 items at level II: J (80 items). Class B at AQL 0.65: 1/2; class C at 2.5: 5/6.
    expect(doc).toMatchObject({ LotSize: 1000, ReelCount: 10, Level: 'II', Severity: 'NORMAL', Status: 'PENDING', VendorCode: VENDOR, ComputedResult: null });
    expect(doc.Items.map((i: { CheckItemCode: string; SampleSize: number; Ac: number; Re: number }) => [i.CheckItemCode, i.SampleSize, i.Ac, i.Re])).toEqual([
      [`RES-${suffix}`, 80, 1, 2],
      [`VIS-${suffix}`, 80, 5, 6],
    ]);
    expect(doc.Reels).toHaveLength(10);
    expect(doc.Reels.filter((r: { Sample: boolean }) => r.Sample)).toHaveLength(1);
    expect(doc.Reels.every((r: { Status: string }) => r.Status === 'INSPECTION')).toBe(true);
    // Quantities the contract's way (stock.yaml#/Quantity), as the stock calls answer them: '100', not numeric's '100.000000'.
    expect(doc.Reels.map((r: { Qty: string }) => r.Qty)).toEqual(Array.from({ length: 10 }, () => '100'));

    const refused = await refusalOf(applyStockMoves(server.db, { orgId: F01, userId: 'u', userName: 'picker' }, [{ kind: 'reserve', reelCode: doc.Reels[0].ReelCode, billCode: 'OUT-X' }]));
    expect(refused.status).toBe(409);
    const balance = await sql<{ inspection: string }>`select sum(inspection_qty)::int::text as inspection from stock_balances where org_id = ${F01} and part_code = ${PART}`.execute(server.db);
    expect(balance.rows[0].inspection).toBe('1000');

    // The grids show the document's code (检验单号): Iqc/DocumentGet opens it by that too, in the caller's organisation only.
    expect(await ok('/Iqc/DocumentGet', { Id: doc.DocCode })).toEqual(doc);
    const unknown = await call('/Iqc/DocumentGet', { Id: `${doc.DocCode}-X` }, 'en');
    expect([unknown.status, unknown.body.msg]).toEqual([404, `The inspection document does not exist (${doc.DocCode}-X)`]);
  });

  it('results with a measurement out of limit; a reject needs a description (§5); the reject keeps the reels blocked', async () => {
    const [doc] = await receive([{ Qty: '1000', LotCode: 'L-REJ' }]);
    const [res, vis] = [`RES-${suffix}`, `VIS-${suffix}`];
    const tooMany = await call('/Iqc/SaveResults', { Id: doc.Id, Items: [{ CheckItemCode: res, Measurements: Array.from({ length: 51 }, () => 10) }] }, 'en');
    expect([tooMany.status, tooMany.body.msg, tooMany.body.data]).toEqual([400, `The check item ${res} takes at most 50 measurements`, { LineNo: 1, Field: 'Measurements' }]);
    const none = await call('/Iqc/SaveResults', { Id: doc.Id, Items: [{ CheckItemCode: vis, Defects: 0 }, { CheckItemCode: res, Measurements: [] }] }, 'en');
    expect([none.status, none.body.data]).toEqual([400, { LineNo: 2, Field: 'Measurements' }]);
    // A tool past its calibration date cannot be used.
    await sql`update md_quality_tool set calibration_due = '2020-01-31' where org_id = ${F01} and code = ${`OHM-${suffix}`}`.execute(server.db);
    const overdue = await call('/Iqc/SaveResults', { Id: doc.Id, Items: [{ CheckItemCode: res, Measurements: [10] }] });
    expect([overdue.status, overdue.body.msg]).toEqual([409, `检验工具 OHM-${suffix} 校准已过期（到期日：2020-01-31），不能用于检验`]);
    await sql`update md_quality_tool set calibration_due = '2099-12-31' where org_id = ${F01} and code = ${`OHM-${suffix}`}`.execute(server.db);

    const saved = await ok('/Iqc/SaveResults', {
      Id: doc.Id,
      Items: [{ CheckItemCode: res, Measurements: [10.02, 9.98, 10.61, 10.1] }, { CheckItemCode: vis, Defects: 6 }],
    });
    // One measurement out of 9.5–10.5: 1 < Re 2, class B accepted; 6 visual defects reach class C's Re 6.
    expect(saved.Classes).toEqual([
      { DefectClass: 'B', SampleSize: 80, Ac: 1, Re: 2, Defects: 1, Accepted: true },
      { DefectClass: 'C', SampleSize: 80, Ac: 5, Re: 6, Defects: 6, Accepted: false },
    ]);
    expect(saved.Items.map((i: { Defects: number; Judgment: string }) => [i.Defects, i.Judgment])).toEqual([[1, 'OK'], [6, 'NG']]);
    expect(saved.ComputedResult).toBe('REJECT');

    const noDescription = await call('/Iqc/Judge', { Id: doc.Id, Result: 'REJECT', Description: '  ' });
    expect([noDescription.status, noDescription.body.msg]).toEqual([400, '包含拒收时，描述不能为空']);
    expect((await call('/Iqc/Judge', { Id: doc.Id, Result: 'ACCEPT' }, 'en')).body.msg).toBe('The description cannot be empty when a reject is included');
    const override = await call('/Iqc/Judge', { Id: doc.Id, Result: 'ACCEPT', Description: '外观划伤' }, 'en');
    expect(override.body.msg).toBe('The result differs from the computed judgment: enter the reason for the override');

    const judged = await ok('/Iqc/Judge', { Id: doc.Id, Result: 'REJECT', Description: '外观划伤 6 pcs' });
    expect(judged).toMatchObject({ Status: 'REJECTED', Result: 'REJECT', Description: '外观划伤 6 pcs' });
    expect((await reelStatuses(doc.Reels.map((r: { ReelCode: string }) => r.ReelCode))).every((r) => r.status === 'INSPECTION')).toBe(true);
    expect((await call('/Iqc/Judge', { Id: doc.Id, Result: 'REJECT', Description: 'again' })).status).toBe(409);
  });

  it('loose acceptance is refused without 放宽接收审批; an approver with it releases the reels with the concession flag', async () => {
    const [doc] = await receive([{ Qty: '300', LotCode: 'L-LOOSE' }]);
    await ok('/Iqc/SaveResults', { Id: doc.Id, Items: [{ CheckItemCode: `RES-${suffix}`, Measurements: [8, 8, 8] }, { CheckItemCode: `VIS-${suffix}`, Defects: 0 }] });
    // The 放宽接收审批 grid lists the rejected documents (view iqc_documents_rejected), the 检验报告 grid the judged ones.
    const listed = async (view: 'iqc_documents_rejected' | 'iqc_documents_judged') =>
      (await sql<{ doc_code: string }>`select doc_code from ${sql.table(view)} where org_id = ${F01}`.execute(server.db)).rows.map((r) => r.doc_code);
    expect(await listed('iqc_documents_judged')).not.toContain(doc.DocCode);
    await ok('/Iqc/Judge', { Id: doc.Id, Result: 'REJECT', Description: '阻值偏低' });
    expect(await listed('iqc_documents_rejected')).toContain(doc.DocCode);

    const tokenWith = async (menuCode: string) => {
      const roleId = `role-iqc-${menuCode}-${randomBytes(3).toString('hex')}`;
      await server.db.insertInto('roles').values({ id: roleId, name: roleId, role_type: 'NORMAL' }).execute();
      const menu = await server.db.selectFrom('menus').select('id').where('menu_code', '=', menuCode).executeTakeFirstOrThrow();
      await server.db.insertInto('role_menus').values({ role_id: roleId, menu_id: menu.id, app_code: PORTAL_APP_CODE }).execute();
      const user = await server.createUser({ roleId });
      return { token: (await server.login(user.userName, user.password, F01)).Token, userName: user.userName };
    };
    const inspector = await tokenWith('QualityDocument');
    expect((await call('/Iqc/LooseAccept', { Id: doc.Id, Reason: '客户同意' }, 'zh-chs', inspector.token)).status).toBe(403);
    const approver = await tokenWith('QualityLooseApproval');
    expect((await call('/Iqc/LooseAccept', { Id: doc.Id, Reason: ' ' }, 'en', approver.token)).body.msg).toBe('Enter the reason for the loose acceptance');
    const loose = await call('/Iqc/LooseAccept', { Id: doc.Id, Reason: '客户同意让步接收' }, 'zh-chs', approver.token);
    expect(loose.status, JSON.stringify(loose.body)).toBe(200);
    expect(loose.body.data).toMatchObject({ Status: 'CONCESSION', LooseBy: approver.userName, LooseReason: '客户同意让步接收' });
    const reels = await reelStatuses(doc.Reels.map((r: { ReelCode: string }) => r.ReelCode));
    expect(reels).toHaveLength(3);
    expect(reels.every((r) => r.status === 'IN_STOCK' && r.iqc_concession)).toBe(true);
    expect(await stockDisagreements(server.db, F01)).toEqual([]);
    expect(await listed('iqc_documents_rejected')).not.toContain(doc.DocCode);
    expect(await listed('iqc_documents_judged')).toContain(doc.DocCode);

    // 检验报告's export: the grid's search as xlsx, captions and coded values in the caller's language; only with 检验报告.
    const exportOf = async (as: string, language: 'zh-chs' | 'en') => {
      const answer = await call('/Iqc/ListExport', { LIST_ROUTE: '/quality/report', conditions: [equalsCondition('doc_code', doc.DocCode)] }, language, as);
      if (answer.status !== 200) return { status: answer.status, rows: [] as unknown[][] };
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(answer.rawBody as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return { status: answer.status, rows };
    };
    const english = await exportOf(token, 'en');
    expect(english.rows[0].slice(0, 3)).toEqual(['Inspection no.', 'Receipt bill', 'Part']);
    expect(english.rows).toHaveLength(2);
    expect(english.rows[1].slice(0, 1)).toEqual([doc.DocCode]);
    expect(english.rows[1]).toEqual(expect.arrayContaining(['Concession', 'Reject', approver.userName]));
    const chinese = await exportOf(token, 'zh-chs');
    expect(chinese.rows[0][0]).toBe('检验单号');
    expect(chinese.rows[1]).toEqual(expect.arrayContaining(['放宽接收', '拒收']));
    expect((await exportOf(approver.token, 'en')).status).toBe(403);
  });

  it('after two rejected lots the vendor’s part is inspected tightened; accept releases exactly the lot’s reels in the ledger', async () => {
    const [first, second] = await receive([{ Qty: '200', LotCode: 'L-A' }, { Qty: '300', LotCode: 'L-B' }]);
    expect([first.LotCode, second.LotCode, first.Severity, second.Severity]).toEqual(['L-A', 'L-B', 'TIGHTENED', 'TIGHTENED']);
    // 200 items at level II: G; tightened, class B at 0.65 is G's own 0/1 (32 items), class C at 2.5 is 1/2.
    const plan = (aql: number) => samplePlan({ lotSize: 200, level: 'II', aql, severity: 'TIGHTENED' });
    expect([plan(0.65).sampleSize, plan(0.65).ac, plan(2.5).ac]).toEqual([32, 0, 1]);
    expect(first.Items.map((i: { SampleSize: number; Ac: number; Re: number }) => [i.SampleSize, i.Ac, i.Re])).toEqual([[32, 0, 1], [32, 1, 2]]);

    await ok('/Iqc/SaveResults', { Id: first.Id, Items: [{ CheckItemCode: `RES-${suffix}`, Measurements: [10, 10.1, 9.9] }, { CheckItemCode: `VIS-${suffix}`, Defects: 0 }] });
    const accepted = await ok('/Iqc/Judge', { Id: first.Id, Result: 'ACCEPT' });
    expect(accepted).toMatchObject({ Status: 'ACCEPTED', ComputedResult: 'ACCEPT' });

    const firstReels = first.Reels.map((r: { ReelCode: string }) => r.ReelCode).sort();
    const released = await sql<{ reel_code: string }>`
      select reel_code from stock_transactions where org_id = ${F01} and kind = 'RELEASE' and reel_code in (${sql.join([...firstReels, ...second.Reels.map((r: { ReelCode: string }) => r.ReelCode)])})
       order by reel_code`.execute(server.db);
    expect(released.rows.map((r) => r.reel_code)).toEqual(firstReels);
    expect((await reelStatuses(firstReels)).every((r) => r.status === 'IN_STOCK' && !r.iqc_concession)).toBe(true);
    expect((await reelStatuses(second.Reels.map((r: { ReelCode: string }) => r.ReelCode))).every((r) => r.status === 'INSPECTION')).toBe(true);
    expect(await stockDisagreements(server.db, F01)).toEqual([]);
  });

  it('SPC history: the measurements of a variable item across the vendor’s lots of the part, oldest first, the document’s own last', async () => {
    const [doc] = await receive([{ Qty: '200', LotCode: 'L-SPC' }]);
    await ok('/Iqc/SaveResults', { Id: doc.Id, Items: [{ CheckItemCode: `RES-${suffix}`, Measurements: [10.2, 10.3, 10.1] }] });
    const points: { DocCode: string; LotCode: string; At: string; Measurements: number[] }[] = await ok('/Iqc/SpcHistory', { Id: doc.DocCode, CheckItemCode: `RES-${suffix}` });
    // The lots measured earlier in this file (L-REJ, L-LOOSE, L-A), then this one; lots without measurements are left out.
    expect(points.map((p) => p.LotCode)).toEqual(['L-REJ', 'L-LOOSE', 'L-A', 'L-SPC']);
    expect(points.at(-1)).toMatchObject({ DocCode: doc.DocCode, Measurements: [10.2, 10.3, 10.1] });
    expect(points[1].Measurements).toEqual([8, 8, 8]);
    expect([...points].sort((a, b) => a.At.localeCompare(b.At))).toEqual(points);
    // An attribute item has no measurements; an unknown document is refused.
    expect(await ok('/Iqc/SpcHistory', { Id: doc.Id, CheckItemCode: `VIS-${suffix}` })).toEqual([]);
    expect((await call('/Iqc/SpcHistory', { Id: 'IQC-NONE', CheckItemCode: `RES-${suffix}` })).status).toBe(404);
  });

  // After the SPC test: the lot it measures would be one of the vendor's lots that test counts.
  it('a measurement that is not a number refuses the whole save (400), naming the item and the cell, placed on the item’s Measurements and that cell', async () => {
    const [doc] = await receive([{ Qty: '1000', LotCode: 'L-TYPO' }]);
    const [res, vis] = [`RES-${suffix}`, `VIS-${suffix}`];
    const typo = { Id: doc.Id, Items: [{ CheckItemCode: vis, Defects: 1 }, { CheckItemCode: res, Measurements: [10, '1o.2', 9.9] }] };
    const refused = await call('/Iqc/SaveResults', typo);
    expect([refused.status, refused.body.msg, refused.body.data]).toEqual([400, '检验项目 阻值 第 2 个测量值「1o.2」不是数字', { LineNo: 2, Field: 'Measurements', Cell: 2 }]);
    expect((await call('/Iqc/SaveResults', typo, 'en')).body.msg).toBe('Measurement 2 of the check item 阻值 is not a number: "1o.2"');
    // Nothing is half-written: the attribute item's defects sent with it were not recorded either.
    const after = await ok('/Iqc/DocumentGet', { Id: doc.Id });
    expect(after.Items.map((i: { Defects: number | null; Measurements: number[] | null }) => [i.Defects, i.Measurements])).toEqual([[null, null], [null, null]]);
    expect(after.Version).toBe(doc.Version);
    // Hex and blanks are not measurements either; a plain decimal as text is read as its number.
    expect((await call('/Iqc/SaveResults', { Id: doc.Id, Items: [{ CheckItemCode: res, Measurements: ['0x10'] }] })).body.data).toEqual({ LineNo: 1, Field: 'Measurements', Cell: 1 });
    expect((await call('/Iqc/SaveResults', { Id: doc.Id, Items: [{ CheckItemCode: res, Measurements: [10, ' '] }] })).status).toBe(400);
    const saved = await ok('/Iqc/SaveResults', { Id: doc.Id, Items: [{ CheckItemCode: res, Measurements: ['10.2', 9.9] }, { CheckItemCode: vis, Defects: 0 }] });
    expect(saved.Items.map((i: { Measurements: number[] | null }) => i.Measurements)).toEqual([[10.2, 9.9], null]);
  });

  it('a lot received reel by reel: each receipt plans the document again and rewrites only the reels whose sample mark changes', async () => {
    const saved = await ok('/Bill/Save', { BillType: 'ASN', VendorCode: VENDOR, Description: 'IQC one by one', Lines: [{ PartCode: PART, Qty: '1000', LotCode: 'L-ONE', ToSic: 'RAW01', ToLoc: 'RAW01-01' }] });
    const reels: string[] = (await ok('/Bill/CreateReels', { Id: saved.Id })).Reels.map((r: { ReelCode: string }) => r.ReelCode);
    expect(reels).toHaveLength(10);
    const rows = async () =>
      new Map(
        (
          await sql<{ reel_code: string; sample: boolean; version: string }>`
            select r.reel_code, r.sample, r.xmin::text as version from iqc_document_reels r join iqc_documents d on d.id = r.document_id
             where d.org_id = ${F01} and d.bill_code = ${saved.BillCode}`.execute(server.db)
        ).rows.map((r) => [r.reel_code, r]),
      );
    let before = await rows();
    for (const [index, reel] of reels.entries()) {
      await ok('/Bill/ConfirmReceipt', { Id: saved.Id, ReelCode: reel });
      const after = await rows();
      expect(after.size).toBe(index + 1);
      const rewritten = [...after.values()].filter((r) => before.get(r.reel_code)?.version !== r.version).map((r) => r.reel_code);
      const markChanged = [...after.values()].filter((r) => !before.has(r.reel_code) || before.get(r.reel_code)!.sample !== r.sample).map((r) => r.reel_code);
      expect(rewritten.sort()).toEqual(markChanged.sort());
      before = after;
    }
    // The marks a plan of the whole lot makes: the largest sample's reels (100 items each), spread evenly.
    const { rows: docs } = await sql<{ id: string }>`select id from iqc_documents where org_id = ${F01} and bill_code = ${saved.BillCode}`.execute(server.db);
    expect(docs).toHaveLength(1);
    const doc = await ok('/Iqc/DocumentGet', { Id: docs[0].id });
    const largest = Math.max(...doc.Items.map((i: { SampleSize: number }) => i.SampleSize));
    const count = Math.min(10, Math.ceil(largest / 100));
    const sorted = [...reels].sort();
    expect([...before.values()].filter((r) => r.sample).map((r) => r.reel_code).sort()).toEqual(Array.from({ length: count }, (_, i) => sorted[Math.floor((i * 10) / count)]));
  });

  it('receipts that make documents at the same moment each get a code of their own (the day counter, not a count)', async () => {
    const lots = Array.from({ length: 6 }, (_, i) => `L-RACE-${i}`);
    const docs = (await Promise.all(lots.map((LotCode) => receive([{ Qty: '100', LotCode }])))).flat();
    expect(docs.map((d: { LotCode: string }) => d.LotCode).sort()).toEqual(lots);
    const codes = docs.map((d: { DocCode: string }) => d.DocCode);
    expect(new Set(codes).size).toBe(lots.length);
    for (const code of codes) expect(code).toMatch(/^IQC\d{12}$/);
  });
});
