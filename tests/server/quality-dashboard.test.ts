/**
 * The quality dashboard's grids (issue 19 reports; views of migration 0160_02): the lot acceptance rate
 * per vendor and month and the defect Pareto by class and item, read through the list engine as the
 * screens read them, and exported with Iqc/ListExport (only with the grid's menu).
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { adminToken, equalsCondition } from './support/masterdata.ts';
import { inspectionPart, type InspectionPart } from './support/quality.ts';
import { tokenWith } from './support/roles.ts';
import { describeServer } from './support/test-server.ts';

const suffix = randomBytes(3).toString('hex').toUpperCase();

describeServer('the quality dashboard: lot acceptance rate and defect Pareto', {}, (server) => {
  let token: string;
  let qc: InspectionPart;
  const month = new Date().toISOString().slice(0, 7);

  beforeAll(async () => {
    token = await adminToken(server);
    qc = await inspectionPart(server, token, suffix, (status, body) => expect(status, JSON.stringify(body)).toBe(200));
    // Three lots of the vendor this month: one accepted (1 measurement out of limit), one rejected (6 visual defects),
    // one rejected (3 measurements out of limit) then loosely accepted.
    const [accepted, rejected, loose] = await qc.receive([{ Qty: '1000', LotCode: 'D-1' }, { Qty: '1000', LotCode: 'D-2' }, { Qty: '1000', LotCode: 'D-3' }]);
    await qc.ok('/Iqc/SaveResults', { Id: accepted.Id, Items: [{ CheckItemCode: qc.res, Measurements: [10, 10.6, 9.9] }, { CheckItemCode: qc.vis, Defects: 0 }] });
    await qc.ok('/Iqc/Judge', { Id: accepted.Id, Result: 'ACCEPT' });
    await qc.ok('/Iqc/SaveResults', { Id: rejected.Id, Items: [{ CheckItemCode: qc.res, Measurements: [10, 10.1] }, { CheckItemCode: qc.vis, Defects: 6 }] });
    await qc.ok('/Iqc/Judge', { Id: rejected.Id, Result: 'REJECT', Description: '外观不良' });
    await qc.ok('/Iqc/SaveResults', { Id: loose.Id, Items: [{ CheckItemCode: qc.res, Measurements: [8, 8, 8] }, { CheckItemCode: qc.vis, Defects: 0 }] });
    await qc.ok('/Iqc/Judge', { Id: loose.Id, Result: 'REJECT', Description: '阻值偏低' });
    await qc.ok('/Iqc/LooseAccept', { Id: loose.Id, Reason: '客户同意' });
  });

  const rowsOf = async (listRoute: string, conditions: unknown[] = []) => {
    const answer = await server.call('POST', '/ListParam/QueryData', { token, body: { LIST_ROUTE: listRoute, Page: 1, Limit: 100, conditions } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.rows as Record<string, unknown>[];
  };

  it('the lot acceptance rate of the vendor this month: 3 lots, 1 accepted, 2 rejected of which 1 loosely accepted', async () => {
    const rows = await rowsOf('/quality/acceptance-rate', [equalsCondition('vendor_code', qc.vendor)]);
    expect(rows.map((r) => [r.month, r.lots, r.accepted, r.rejected, r.concession, Number(r.acceptance_rate)])).toEqual([[month, 3, 1, 2, 1, 33.33]]);
  });

  it('the defect Pareto: each class and item with its defects, most first, share and cumulative share', async () => {
    const rows = (await rowsOf('/quality/defect-pareto')).filter((r) => [qc.res, qc.vis].includes(String(r.check_item_code)));
    // 阻值: 1 + 0 + 3 measurements out of 9.5–10.5; 外观: 6 counted. This organisation's other tests' lots may add to the totals,
    // so the shares are checked against each other: the order, and the cumulative share growing by the row's share.
    const byItem = Object.fromEntries(rows.map((r) => [r.check_item_code, r]));
    expect([byItem[qc.vis].defect_class, byItem[qc.vis].defects, byItem[qc.vis].lots]).toEqual(['C', 6, 3]);
    expect([byItem[qc.res].defect_class, byItem[qc.res].defects, byItem[qc.res].lots]).toEqual(['B', 4, 3]);
    const all = await rowsOf('/quality/defect-pareto');
    const ordered = [...all].sort((a, b) => Number(a.rank) - Number(b.rank));
    expect(ordered.map((r) => Number(r.defects))).toEqual([...ordered.map((r) => Number(r.defects))].sort((a, b) => b - a));
    let cumulative = 0;
    for (const row of ordered) {
      cumulative += Number(row.share);
      expect(Number(row.cumulative_share)).toBeCloseTo(cumulative, 1);
    }
    expect(Number(ordered.at(-1)!.cumulative_share)).toBeCloseTo(100, 1);
  });

  it('exports each grid’s search as xlsx in the caller’s language; only with the grid’s menu', async () => {
    const exportOf = async (listRoute: string, as = token, conditions = [equalsCondition('vendor_code', qc.vendor)]) => {
      const answer = await server.call('POST', '/Iqc/ListExport', { token: as, language: 'en', body: { LIST_ROUTE: listRoute, conditions } });
      if (answer.status !== 200) return { status: answer.status, rows: [] as unknown[][] };
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(answer.rawBody as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return { status: answer.status, rows, sheet: workbook.worksheets[0].name };
    };
    const rates = await exportOf('/quality/acceptance-rate');
    expect(rates.rows[0]).toEqual(['Vendor', 'Vendor name', 'Month', 'Lots judged', 'Lots accepted', 'Lots rejected', 'Acceptance rate (%)']);
    expect(rates.rows.slice(1).map((r) => [r[0], r[2], r[3], r[4], r[5], Number(r[6])])).toEqual([[qc.vendor, month, 3, 1, 2, 33.33]]);
    const pareto = await exportOf('/quality/defect-pareto', token, [equalsCondition('check_item_code', qc.vis)]);
    expect(pareto.rows[0].slice(0, 3)).toEqual(['Rank', 'Defect class', 'Check item']);
    expect(pareto.rows.slice(1).map((r) => [r[1], r[2], r[4]])).toEqual([['C', qc.vis, 6]]);

    const reportOnly = await tokenWith(server, [{ menuCode: 'QualityReport' }]);
    expect((await exportOf('/quality/acceptance-rate', reportOnly)).status).toBe(403);
    expect((await exportOf('/quality/report', reportOnly)).status).toBe(200);
    const other = await server.call('POST', '/Iqc/ListExport', { token, body: { LIST_ROUTE: '/masterdata/part' } });
    expect(other.status).toBe(400);
  });
});
