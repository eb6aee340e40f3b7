/**
 * Per-bill-type permissions (issue 14): one family of Bill/* calls, one x-permission check naming
 * the menu from the request — `bill(body.Id)#<Action>` (the bill's type), `bill(query.id)`,
 * `billType(body.BillType)#Save` — so granting a role the button ConfirmReceipt of BillASN lets it
 * receive ASNs and nothing else. Also: the seeded menus carry one button per offered action, the
 * demo roles have them, and the demo bills' stock was made through the engine and the ledger.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { formatPermission, listContractOperations, parsePermission } from '../../server/contract.ts';
import { SYSTEM_MENU_BUTTONS } from '../../server/db/seed/system-data.ts';
import { BILL_HEADER_FIELDS, BILL_LINE_COLUMNS, BILL_REF_FIELDS, type BillFieldInfo } from '../../src/shared/bills/fields.ts';
import { BILL_TYPE_DECLARATIONS } from '../../src/shared/bills/types/index.ts';
import { adminToken, F01 } from './support/masterdata.ts';
import { stockDisagreements } from './support/stock.ts';
import { tokenWith } from './support/roles.ts';
import { contract, describeServer } from './support/test-server.ts';

it('the declaration language reads bill grants, and every Bill/* call but Get names its action as the button (a label scan that of Confirm receipt)', () => {
  expect(parsePermission('bill(body.Id)#ConfirmReceipt', 'x')).toEqual({ kind: 'bill', by: 'id', from: 'body', field: 'Id', buttonCode: 'ConfirmReceipt' });
  expect(parsePermission('billType(body.BillType)#Save', 'x')).toEqual({ kind: 'bill', by: 'type', from: 'body', field: 'BillType', buttonCode: 'Save' });
  expect(parsePermission('bill(query.id)', 'x')).toEqual({ kind: 'bill', by: 'id', from: 'query', field: 'id' });
  const bills = listContractOperations(contract).filter((op) => op.path.startsWith('/Bill/'));
  expect(bills.length).toBe(23);
  for (const op of bills) {
    // Receiving by a label's scan is Confirm receipt, under its button.
    const action = op.path.slice('/Bill/'.length).replace(/^ConfirmReceiptByLabel$/, 'ConfirmReceipt');
    expect(formatPermission(op.permission)).toBe(
      action === 'Get'
        ? 'bill(query.id)'
        : // Sync-create from the ERP makes bills of a type: the type's Save button, like a bill saved by hand.
          // A form's suggestions are for whoever may save the type's bills.
          action === 'Save' || action === 'SyncFromErp' || action === 'RefOptions'
          ? 'billType(body.BillType)#Save'
          : `bill(body.Id)#${action}`,
    );
  }
});

it('the fields a bill form suggests records for are exactly the master-code fields of the shared field tables', () => {
  // BILL_REF_FIELDS is written out for its type; a master-code column added later without it would lose its suggestions.
  const masterCodeWires = [...Object.values(BILL_HEADER_FIELDS), ...Object.values(BILL_LINE_COLUMNS)]
    .filter((info: BillFieldInfo) => info.kind === 'ref')
    .map((info) => info.wire);
  expect([...BILL_REF_FIELDS].sort()).toEqual(masterCodeWires.sort());
});

it('each bill type\'s menu has one button per action it offers', () => {
  for (const type of BILL_TYPE_DECLARATIONS) {
    const buttons = SYSTEM_MENU_BUTTONS.filter((b) => b.ParentMenuCode === `Bill${type.code}`).map((b) => b.Menu_Code);
    expect(buttons).toEqual(expect.arrayContaining([...type.actions]));
  }
});

describeServer('bill permissions per type', {}, (server) => {
  let admin: string;
  let asn: { Id: string; BillCode: string };
  let reels: string[];
  beforeAll(async () => {
    admin = await adminToken(server);
    const saved = await server.call('POST', '/Bill/Save', {
      token: admin,
      body: { BillType: 'ASN', VendorCode: 'V0001', Lines: [{ PartCode: 'RES-00001', Qty: '30', Mpq: '10', ToSic: 'ELE01', ToLoc: 'ELE01-02' }] },
    });
    asn = saved.body.data;
    reels = (await server.call('POST', '/Bill/CreateReels', { token: admin, body: { Id: asn.Id } })).body.data.Reels.map((r: { ReelCode: string }) => r.ReelCode);
  });

  it('the type\'s button opens the action; the menu alone, or another type\'s button, does not', async () => {
    const receiver = await tokenWith(server, [{ menuCode: 'BillASN', buttonCode: 'ConfirmReceipt' }]);
    const menuOnly = await tokenWith(server, [{ menuCode: 'BillASN' }]);
    const otherType = await tokenWith(server, [{ menuCode: 'BillIN', buttonCode: 'ConfirmReceipt' }]);
    for (const token of [menuOnly, otherType]) {
      const refused = await server.call('POST', '/Bill/ConfirmReceipt', { token, body: { Id: asn.Id, ReelCode: reels[0] } });
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe('拒绝访问');
    }
    const received = await server.call('POST', '/Bill/ConfirmReceipt', { token: receiver, body: { Id: asn.Id, ReelCode: reels[0] } });
    expect(received.status).toBe(200);
    expect(received.body.data.Status).toBe('PROCESSING');
    // The button is that action's only: the same role may not cancel.
    expect((await server.call('POST', '/Bill/CancelReceipt', { token: receiver, body: { Id: asn.Id, ReelCode: reels[0] } })).status).toBe(403);
  });

  it('reading a bill needs its type\'s menu; saving one needs the type\'s Save button', async () => {
    const reader = await tokenWith(server, [{ menuCode: 'BillASN' }]);
    expect((await server.call('GET', '/Bill/Get', { token: reader, query: { id: asn.Id } })).status).toBe(200);
    const inReader = await tokenWith(server, [{ menuCode: 'BillIN' }]);
    expect((await server.call('GET', '/Bill/Get', { token: inReader, query: { id: asn.Id } })).status).toBe(403);
    const body = { BillType: 'ASN', VendorCode: 'V0001', Lines: [{ PartCode: 'RES-00001', Qty: '1', ToSic: 'ELE01' }] };
    expect((await server.call('POST', '/Bill/Save', { token: reader, body })).status).toBe(403);
    const saver = await tokenWith(server, [{ menuCode: 'BillASN', buttonCode: 'Save' }]);
    const saved = await server.call('POST', '/Bill/Save', { token: saver, body });
    expect(saved.status).toBe(200);
    expect(saved.body.data.Status).toBe('EDITING');
  });

  it('a bill form suggests the organisation\'s records for its master-code fields, to whoever may save the type\'s bills', async () => {
    const suggest = (token: string, body: Record<string, unknown>, language: 'zh-chs' | 'en' = 'zh-chs') => server.call('POST', '/Bill/RefOptions', { token, body, language });
    const reader = await tokenWith(server, [{ menuCode: 'BillASN' }]);
    const saver = await tokenWith(server, [{ menuCode: 'BillASN', buttonCode: 'Save' }]);
    expect((await suggest(reader, { BillType: 'ASN', Field: 'VendorCode' })).status).toBe(403);
    // Enabled records by code; a vendor's name found by a part of it; the exact code first.
    const { rows: all } = await sql<{ code: string; name: string; enabled: boolean }>`select code, name, enabled from md_vendor where org_id = ${F01} order by code`.execute(server.db);
    const vendors = all.filter((v) => v.enabled);
    expect(vendors.length).toBeLessThan(all.length);
    const first = await suggest(saver, { BillType: 'ASN', Field: 'VendorCode' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual(vendors.slice(0, 20).map((v) => ({ Code: v.code, Name: v.name, Detail: '' })));
    const named = vendors[3];
    const byName = (await suggest(saver, { BillType: 'ASN', Field: 'VendorCode', Key: named.name.slice(-6) })).body.data as { Code: string }[];
    expect(byName.map((o) => o.Code)).toContain(named.code);
    const exact = (await suggest(saver, { BillType: 'ASN', Field: 'VendorCode', Key: vendors[1].code.toLowerCase() })).body.data as { Code: string }[];
    expect(exact[0].Code).toBe(vendors[1].code);
    // What the user types is text, not a pattern.
    expect((await suggest(saver, { BillType: 'ASN', Field: 'VendorCode', Key: '%' })).body.data).toEqual([]);
    // A line's locator: the locators of the line's storage location only.
    const locators = (await suggest(saver, { BillType: 'ASN', Field: 'ToLoc', Sic: 'ELE01' })).body.data as { Code: string }[];
    expect(locators.length).toBeGreaterThan(0);
    expect(locators.every((o) => o.Code.startsWith('ELE01-'))).toBe(true);
    const parts = (await suggest(saver, { BillType: 'ASN', Field: 'PartCode', Key: 'RES-00001' })).body.data as { Code: string; Name: string }[];
    expect(parts[0]).toMatchObject({ Code: 'RES-00001' });
    // A field the type's form does not show suggests nothing: the form has no use for it.
    const woSaver = await tokenWith(server, [{ menuCode: 'BillWO', buttonCode: 'Save' }]);
    const refused = { zh: await suggest(woSaver, { BillType: 'WO', Field: 'VendorCode' }), en: await suggest(woSaver, { BillType: 'WO', Field: 'VendorCode' }, 'en') };
    expect([refused.zh.status, refused.zh.body.msg, refused.en.body.msg]).toEqual([400, '单据类型 WO 的表单没有“供应商”', 'The form of the bill type WO has no "Vendor"']);
    // Another organisation's records are not suggested.
    await sql`insert into md_vendor (id, org_id, code, name, enabled) values ('ref-options-f02', 'org-f02', 'VF02-ONLY', 'F02 only', true)`.execute(server.db);
    expect((await suggest(saver, { BillType: 'ASN', Field: 'VendorCode', Key: 'VF02' })).body.data).toEqual([]);
  });

  it('a bill unknown in the caller\'s organisation is 404, an unknown bill type 400, before any right is looked at', async () => {
    const token = await tokenWith(server, []);
    const noType = await server.call('POST', '/Bill/Save', { token, body: { BillType: 'NOPE', Lines: [{ PartCode: 'RES-00001', Qty: '1' }] }, language: 'en' });
    expect([noType.status, noType.body.msg]).toEqual([400, 'The bill type NOPE does not exist']);
    const noTypeZh = await server.call('POST', '/Bill/RefOptions', { token, body: { BillType: 'NOPE', Field: 'PartCode' } });
    expect([noTypeZh.status, noTypeZh.body.msg]).toEqual([400, '单据类型 NOPE 不存在']);
    const unknown = await server.call('POST', '/Bill/OneKeyReceipt', { token, body: { Id: '987654321' }, language: 'en' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('The bill 987654321 does not exist');
    const adminF02 = await server.call('GET', '/Bill/Get', { token: admin, orgId: 'org-f02', query: { id: asn.Id } });
    expect(adminF02.status).toBe(404);
  });

  it('the demo operator has the warehouse bills\' action buttons', async () => {
    const operator = (await server.login('operator', 'operator123', F01)).Token;
    const read = await server.call('GET', '/Bill/Get', { token: operator, query: { id: asn.Id } });
    expect(read.status).toBe(200);
    const cancelled = await server.call('POST', '/Bill/CancelReceipt', { token: operator, body: { Id: asn.Id, ReelCode: reels[0] } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.Status).toBe('WAITING');
  });

  it('the demo bills belong to the demo company, and their stock was received through the engine and the ledger', async () => {
    const demo = await server.db.selectFrom('bill_headers').select(['id', 'bill_code', 'status']).where('org_id', '=', F01).where('description', '=', '演示：已收货的送货通知').executeTakeFirstOrThrow();
    expect(demo.status).toBe('PROCESSING');
    const read = (await server.call('GET', '/Bill/Get', { token: admin, query: { id: demo.id } })).body.data;
    // The demo company (seed-masterdata.ts): the lists' 公司 columns are not empty in the demo.
    expect(read.CompanyCode).toBe('C100');
    expect(read.Boxes.map((b: { Status: string; IqcFlag: boolean; PartCode: string }) => [b.PartCode, b.Status, b.IqcFlag])).toEqual([
      ['RES-00001', 'RECEIVED', false], ['RES-00001', 'RECEIVED', false], ['IND-00003', 'RECEIVED', true], ['IND-00003', 'RECEIVED', true],
    ]);
    const ledger = await server.call('POST', '/Stock/Ledger', { token: admin, body: { BillCode: demo.bill_code, Page: 1, Limit: 100 } });
    expect(ledger.body.data).toHaveLength(4);
    expect(await stockDisagreements(server.db)).toEqual([]);
  });
});
