/**
 * Sync-create from the ERP (issue 18; server/modules/erp/sync.ts, the 'erp-sync' task and
 * Bill/SyncFromErp): the fake ERP's purchase orders become ASN / IN bills and its work orders WO
 * bills, with their lines, through Bill/Save's rules; each document once, however often the sync
 * runs, also two syncs at once; a document the rules refuse is reported and the others imported.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeErp, type PurchaseOrder, type WorkOrder } from '../../fake-erp/fake-erp.ts';
import { syncAll } from '../../server/modules/erp/sync.ts';
import { translate } from '../../src/shared/messages/catalogue.ts';
import { PART, PLACE, pointErpAt, VENDOR } from './support/erp.ts';
import { adminToken, F01 } from './support/masterdata.ts';
import { tokenWith } from './support/roles.ts';
import { describeServer } from './support/test-server.ts';

describeServer('sync-create from the ERP', {}, (server) => {
  const erp = new FakeErp();
  let token: string;
  let run = 0;
  beforeAll(async () => {
    await erp.start();
    token = await adminToken(server);
    await pointErpAt(server.db, erp.url);
    // Only this organisation's ERP is reachable in the test: the others' would answer nothing.
    await sql`update md_service_config set enabled = false where code = 'ERP' and org_id <> ${F01}`.execute(server.db);
  });
  afterAll(() => erp.close());

  /** Documents no earlier test used (their numbers are unique per test). */
  function documents() {
    const tag = `${Date.now().toString(36)}-${++run}`;
    const po = (no: string, kind: 'ASN' | 'IN', lines: PurchaseOrder['Lines']): PurchaseOrder => ({ PoNo: `PO-${tag}-${no}`, Kind: kind, VendorCode: VENDOR, Lines: lines });
    const line = (lineNo: number, qty: string, partCode = PART) => ({
      LineNo: lineNo, PartCode: partCode, Qty: qty, Price: '0.12', Tax: '0.13', Currency: 'CNY', Unit: 'PCS', DueDate: '2026-12-31', Urgent: lineNo === 2, ToSic: PLACE.sic, ToLoc: PLACE.loc,
    });
    const purchaseOrders = [po('1', 'ASN', [line(10, '100'), line(20, '50')]), po('2', 'IN', [line(1, '30')]), po('BAD', 'ASN', [line(1, '5', 'NO-SUCH-PART')])];
    const workOrders: WorkOrder[] = [{ MoNo: `MO-${tag}`, MoLine: '10', Lines: [{ LineNo: 1, PartCode: PART, Qty: '40' }] }];
    return { purchaseOrders, workOrders, tag };
  }

  const billsFrom = async (tag: string) =>
    (
      await sql<{ bill_type: string; erp_source: string; n: number; lines: string }>`
        select h.bill_type, h.erp_source, count(*) over (partition by h.erp_source)::int as n,
               (select string_agg(l.line_no || ':' || l.part_code || ':' || l.qty::numeric(18, 0), ',' order by l.line_no) from bill_lines l where l.bill_id = h.id) as lines
        from bill_headers h where h.org_id = ${F01} and h.erp_source like ${`%${tag}%`} order by h.erp_source`.execute(server.db)
    ).rows;

  it('imports purchase orders as ASN / IN bills and work orders as WO bills with their lines, once however often it runs', async () => {
    const { purchaseOrders, workOrders, tag } = documents();
    erp.documents = { purchaseOrders, workOrders };
    const first = await syncAll(server.db, server.clock);
    expect(first.created.map((c) => c.source).filter((s) => s.includes(tag)).sort()).toEqual([`MO:MO-${tag}/10`, `PO:PO-${tag}-1`, `PO:PO-${tag}-2`]);
    // The refused document is named with Bill/Save's reason; the others came in all the same.
    // In the reader's language, both of them.
    expect(first.problems.map((p) => translate('en', p.message, p.params))).toEqual([expect.stringMatching(new RegExp(`^${F01}: PO:PO-${tag}-BAD: .*NO-SUCH-PART`))]);
    expect(first.problems.map((p) => translate('zh-chs', p.message, p.params))).toEqual([expect.stringMatching(new RegExp(`^${F01}：PO:PO-${tag}-BAD：.*NO-SUCH-PART`))]);

    const second = await syncAll(server.db, server.clock);
    expect(second.created).toEqual([]);
    expect(second.existing).toBeGreaterThanOrEqual(3);
    expect(await billsFrom(tag)).toEqual([
      { bill_type: 'WO', erp_source: `MO:MO-${tag}/10`, n: 1, lines: `1:${PART}:40` },
      { bill_type: 'ASN', erp_source: `PO:PO-${tag}-1`, n: 1, lines: `10:${PART}:100,20:${PART}:50` },
      { bill_type: 'IN', erp_source: `PO:PO-${tag}-2`, n: 1, lines: `1:${PART}:30` },
    ]);
    // The bill reads as any other: the PO number is its evidence number, the work order its Mo/MoLine.
    const asn = (await sql<{ id: string }>`select id::text as id from bill_headers where erp_source = ${`PO:PO-${tag}-1`}`.execute(server.db)).rows[0];
    const bill = (await server.call('GET', '/Bill/Get', { token, query: { id: asn.id } })).body.data;
    expect(bill).toMatchObject({ BillType: 'ASN', Status: 'EDITING', VendorCode: VENDOR, EvidenceNo: `PO-${tag}-1` });
  });

  it('two syncs at once create each document once', async () => {
    const { purchaseOrders, workOrders, tag } = documents();
    erp.documents = { purchaseOrders, workOrders };
    erp.slow(30);
    try {
      const reports = await Promise.all([syncAll(server.db, server.clock), syncAll(server.db, server.clock), syncAll(server.db, server.clock)]);
      const created = reports.flatMap((r) => r.created.map((c) => c.source)).filter((s) => s.includes(tag));
      expect(created.sort()).toEqual([`MO:MO-${tag}/10`, `PO:PO-${tag}-1`, `PO:PO-${tag}-2`]);
      expect((await billsFrom(tag)).map((b) => [b.erp_source, b.n])).toEqual([
        [`MO:MO-${tag}/10`, 1],
        [`PO:PO-${tag}-1`, 1],
        [`PO:PO-${tag}-2`, 1],
      ]);
    } finally {
      erp.slow(0);
    }
  });

  it('Bill/SyncFromErp imports the documents of one bill type for a user who may make such bills, and says how many', async () => {
    const { purchaseOrders, workOrders, tag } = documents();
    erp.documents = { purchaseOrders, workOrders };
    const answer = await server.call('POST', '/Bill/SyncFromErp', { token, body: { BillType: 'WO' }, language: 'en' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.Created).toEqual([{ Source: `MO:MO-${tag}/10`, BillCode: expect.stringMatching(/^WO\d{12}$/) }]);
    expect(answer.body.msg).toMatch(/^Documents imported from the ERP: 1; already there: \d+$/);
    expect((await server.call('POST', '/Bill/SyncFromErp', { token, body: { BillType: 'WO' } })).body.data.Created).toEqual([]);
    expect((await billsFrom(tag)).map((b) => b.bill_type)).toEqual(['WO']);

    // The Save button of the type's menu is what it takes.
    const asnOnly = await tokenWith(server, [{ menuCode: 'BillASN' }, { menuCode: 'BillASN', buttonCode: 'Save' }]);
    expect((await server.call('POST', '/Bill/SyncFromErp', { token: asnOnly, body: { BillType: 'WO' } })).status).toBe(403);
    expect((await server.call('POST', '/Bill/SyncFromErp', { token: asnOnly, body: { BillType: 'ASN' } })).status).toBe(200);

    // The ERP down: a clear error, nothing made.
    erp.fail({ count: 2 });
    const down = await server.call('POST', '/Bill/SyncFromErp', { token, body: { BillType: 'IN' }, language: 'en' });
    // Once, in the caller's language (it was 'The ERP call failed: ERP调用失败：…').
    expect([down.status, down.body.msg]).toEqual([502, expect.stringMatching(/^The ERP call failed: GET \/purchase-orders: HTTP 500\b/)]);
    const downZh = await server.call('POST', '/Bill/SyncFromErp', { token, body: { BillType: 'IN' } });
    expect([downZh.status, downZh.body.msg]).toEqual([502, expect.stringMatching(/^ERP调用失败：GET \/purchase-orders：HTTP 500\b/)]);
    expect((await billsFrom(tag)).map((b) => b.bill_type)).toEqual(['WO', 'ASN']);

    // No ERP configured for the organisation.
    const other = await server.call('POST', '/Bill/SyncFromErp', { token, orgId: 'org-f02', body: { BillType: 'IN' }, language: 'en' });
    expect([other.status, other.body.msg]).toEqual([400, 'No ERP service is configured: enable the service with code "ERP" in the service configuration']);
  });
});
