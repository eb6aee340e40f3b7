/**
 * Put-to-light at receipt (issue 17; server/modules/shelves suggestCell, Shelf/SuggestCell): a reel of
 * a receiving bill is offered the first free cell (lowest code) of its line's storage location's racks,
 * lit blue and blinking in the simulator; Bill/ConfirmReceipt with ToLoc = that cell's locator puts it
 * there and the light goes off; a cell whose locator holds a reel, or is suggested already, is not free;
 * no free cell is a 409 in both languages; a storage location without racks answers no cell; two
 * suggestions racing on two servers (two queues) never get the same cell: the loser waits for the
 * winner's reservation (the unique locator) and takes the next cell; the call is the receipt's grant.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { ServerContext } from '../../server/context.ts';
import type { DB } from '../../server/db/database.ts';
import { SimulatedShelfLights } from '../../server/modules/shelves/lights.ts';
import { suggestCell } from '../../server/modules/shelves/shelves.ts';
import { adminToken, F01 } from './support/masterdata.ts';
import { tokenWith } from './support/roles.ts';
import { describeServer } from './support/test-server.ts';

const ORG = F01;
const PART = 'CAP-00392';
const SIC = 'PTL01';
const RACK = 'PTR';
// A second storage location with a rack of two cells: the race and the full rack.
const SIC_2 = 'PTL02';
const RACK_2 = 'PTS';

type Reply = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- contract-checked answers

const BLUE = { On: true, Color: 'blue', Blink: true };
const OFF = { On: false, Color: 'green', Blink: false };
const quiet = { warn() {} };

/** Storage locations PTL01 (rack PTR: C01..C03 on locators 01..03, C04 disabled on 04) and PTL02 (rack PTS: two cells). */
async function makeRacks(db: DB) {
  for (const [sic, rack, cells] of [
    [SIC, RACK, 4],
    [SIC_2, RACK_2, 2],
  ] as const) {
    await sql`insert into md_storage_location (id, org_id, code, name, factory_code, location_type, erp_sic_code, is_mrp, enabled)
      select ${`sl-${sic}`}, org_id, ${sic}, ${`亮灯上架 ${sic}`}, factory_code, location_type, null, false, true
      from md_storage_location where org_id = ${ORG} and code = 'WIP02'`.execute(db);
    await sql`insert into md_locator (id, org_id, code, name, storage_location_code, capacity, enabled)
      select ${sic} || '-loc-' || i, ${ORG}, ${sic} || '-0' || i, ${sic} || ' ' || i, ${sic}, 10, true from generate_series(1, ${cells}) i`.execute(db);
    await sql`insert into md_rack (id, org_id, code, name, storage_location_code, enabled) values (${`rack-${rack}`}, ${ORG}, ${rack}, ${`料架 ${rack}`}, ${sic}, true)`.execute(db);
    // Listed in reverse: the suggestion's order is the cell code's, not the rows'.
    await sql`insert into md_rack_cell (id, org_id, code, rack_code, row_no, column_no, light_address, locator_code, enabled)
      select ${rack} || '-cell-' || i, ${ORG}, ${rack} || '-C0' || i, ${rack}, 1, i, ${rack} || ':' || i, ${sic} || '-0' || i, i <> 4
      from generate_series(${cells}, 1, -1) i`.execute(db);
  }
}

describeServer('put-to-light at receipt', {}, (server) => {
  let token = '';
  beforeAll(async () => {
    token = await adminToken(server);
    await makeRacks(server.db);
  });

  const call = (path: string, body: unknown, options: { language?: 'en'; as?: string } = {}): Promise<Reply> =>
    server.call('POST', path, { token: options.as ?? token, body, ...(options.language ? { language: options.language } : {}) });
  const ok = async (path: string, body: unknown) => {
    const reply = await call(path, body);
    expect(reply.status, `${path}: ${reply.body.msg}`).toBe(200);
    return reply.body.data;
  };
  /** An ASN of `count` reels of 10 into the storage location; answers the bill and its reels. */
  const asn = async (count: number, sic = SIC) => {
    const bill = await ok('/Bill/Save', { BillType: 'ASN', VendorCode: 'V0001', Lines: [{ PartCode: PART, Qty: String(count * 10), Mpq: '10', ToSic: sic }] });
    const reels = (await ok('/Bill/CreateReels', { Id: bill.Id })).Reels.map((r: { ReelCode: string }) => r.ReelCode) as string[];
    return { bill: bill as { Id: string; BillCode: string }, reels };
  };
  const lights = async (rack = RACK) => {
    const reply = await server.call('GET', '/Shelf/Cells', { token, query: { rackCode: rack } });
    expect(reply.status, reply.body.msg).toBe(200);
    return Object.fromEntries((reply.body.data.Cells as { CellCode: string; Light: unknown }[]).map((c) => [c.CellCode, c.Light]));
  };
  const placeOf = async (reel: string) =>
    server.db.selectFrom('stock_reels').select(['status', 'sic', 'loc']).where('org_id', '=', ORG).where('reel_code', '=', reel).executeTakeFirstOrThrow();

  it('suggests the first free cell and lights it blue; the receipt at its locator puts the reel there and turns the light off', async () => {
    const { bill, reels } = await asn(3);
    expect(await lights()).toEqual({ 'PTR-C01': OFF, 'PTR-C02': OFF, 'PTR-C03': OFF, 'PTR-C04': OFF });
    const cell = await ok('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[0] });
    expect(cell).toEqual({ SicCode: SIC, RackCode: RACK, CellCode: 'PTR-C01', LocatorCode: 'PTL01-01' });
    expect(await lights()).toEqual({ 'PTR-C01': BLUE, 'PTR-C02': OFF, 'PTR-C03': OFF, 'PTR-C04': OFF });
    // Asked again for the same reel: the same cell, nothing more lit.
    expect(await ok('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[0] })).toEqual(cell);
    // Another reel meanwhile: the next cell (the first is reserved).
    expect((await ok('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[1] })).CellCode).toBe('PTR-C02');
    expect(await lights()).toEqual({ 'PTR-C01': BLUE, 'PTR-C02': BLUE, 'PTR-C03': OFF, 'PTR-C04': OFF });

    await ok('/Bill/ConfirmReceipt', { Id: bill.Id, ReelCode: reels[0], ToLoc: cell.LocatorCode });
    expect(await placeOf(reels[0])).toEqual({ status: 'IN_STOCK', sic: SIC, loc: 'PTL01-01' });
    expect(await lights()).toEqual({ 'PTR-C01': OFF, 'PTR-C02': BLUE, 'PTR-C03': OFF, 'PTR-C04': OFF });
    // By the label call too (our own reel code scanned).
    await ok('/Bill/ConfirmReceiptByLabel', { Id: bill.Id, Barcode: reels[1], ToLoc: 'PTL01-02' });
    expect(await placeOf(reels[1])).toEqual({ status: 'IN_STOCK', sic: SIC, loc: 'PTL01-02' });
    expect(await lights()).toEqual({ 'PTR-C01': OFF, 'PTR-C02': OFF, 'PTR-C03': OFF, 'PTR-C04': OFF });

    // C01 and C02 now hold reels in stock: the next suggestion (for the line, no reel named) is C03; C04 is disabled.
    expect((await ok('/Shelf/SuggestCell', { Id: bill.Id, LineNo: 1 })).CellCode).toBe('PTR-C03');
    expect((await ok('/Shelf/SuggestCell', { Id: bill.Id, LineNo: 1 })).CellCode).toBe('PTR-C03');
    // A line's suggestion ends with the receipt into its locator.
    await ok('/Bill/ConfirmReceipt', { Id: bill.Id, ReelCode: reels[2], ToLoc: 'PTL01-03' });
    expect(await lights()).toEqual({ 'PTR-C01': OFF, 'PTR-C02': OFF, 'PTR-C03': OFF, 'PTR-C04': OFF });
    const full = await call('/Shelf/SuggestCell', { Id: (await asn(1)).bill.Id, LineNo: 1 });
    expect([full.status, full.body.msg]).toEqual([409, '存储地点 PTL01 的电子料架没有空储位，无法指引上架']);
  });

  it('a ToLoc outside the line’s storage location is refused by the ledger; a receipt without one goes to the line’s place', async () => {
    const { bill, reels } = await asn(2);
    const wrong = await call('/Bill/ConfirmReceipt', { Id: bill.Id, ReelCode: reels[0], ToLoc: 'WIP02-01' }, { language: 'en' });
    expect([wrong.status, wrong.body.msg]).toEqual([400, 'The locator WIP02-01 does not belong to the storage location PTL01']);
    await ok('/Bill/ConfirmReceipt', { Id: bill.Id, ReelCode: reels[0] });
    expect(await placeOf(reels[0])).toEqual({ status: 'IN_STOCK', sic: SIC, loc: '' });
  });

  it('a storage location without smart racks answers no cell; a reel not on the bill, no line named and a line the bill has not are refused', async () => {
    const { bill, reels } = await asn(1, 'WIP01');
    expect(await ok('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[0] })).toEqual({ SicCode: 'WIP01', RackCode: null, CellCode: null, LocatorCode: null });
    const other = await call('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: 'NO-SUCH-REEL' });
    expect([other.status, other.body.msg]).toEqual([409, `条码 NO-SUCH-REEL 不属于单据 ${bill.BillCode}`]);
    const which = await call('/Shelf/SuggestCell', { Id: bill.Id }, { language: 'en' });
    expect([which.status, which.body.msg]).toEqual([400, `Name a line of the bill ${bill.BillCode} or one of its reels`]);
    const noLine = await call('/Shelf/SuggestCell', { Id: bill.Id, LineNo: 9 }, { language: 'en' });
    expect([noLine.status, noLine.body.msg]).toEqual([404, `The bill ${bill.BillCode} has no line 9`]);
  });

  it('two servers suggesting at once never get the same cell: the second waits for the first’s reservation and takes the next; then none is free', async () => {
    const a = await asn(1, SIC_2);
    const b = await asn(1, SIC_2);
    // Two servers: two contexts, each with its own queue and lights, on one database.
    const serverOn = (db: DB) => ({ db, config: server.config, clock: () => new Date(), shelfLights: new SimulatedShelfLights() }) as unknown as ServerContext;
    let suggested!: (cell: unknown) => void;
    const firstSuggested = new Promise((resolve) => (suggested = resolve));
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const first = server.db.transaction().execute(async (trx) => {
      const cell = await suggestCell(serverOn(trx), ORG, { Id: a.bill.Id, ReelCode: a.reels[0] }, quiet);
      suggested(cell);
      await committing;
      return cell;
    });
    expect(await firstSuggested).toMatchObject({ CellCode: 'PTS-C01' });
    let secondSettled = false;
    const second = suggestCell(serverOn(server.db), ORG, { Id: b.bill.Id, ReelCode: b.reels[0] }, quiet).finally(() => (secondSettled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // PostgreSQL: the second's insert waits on the first's uncommitted reservation of PTL02-01 (PGlite runs one at a time anyway).
    expect(secondSettled).toBe(false);
    commit();
    expect((await first).CellCode).toBe('PTS-C01');
    expect((await second).CellCode).toBe('PTS-C02');
    const rows = await server.db.selectFrom('shelf_lit_reels').select(['cell_code', 'locator_code']).where('org_id', '=', ORG).where('locator_code', 'like', 'PTL02-%').orderBy('cell_code').execute();
    expect(rows).toEqual([
      { cell_code: 'PTS-C01', locator_code: 'PTL02-01' },
      { cell_code: 'PTS-C02', locator_code: 'PTL02-02' },
    ]);
    const c = await asn(1, SIC_2);
    const zh = await call('/Shelf/SuggestCell', { Id: c.bill.Id, ReelCode: c.reels[0] });
    const en = await call('/Shelf/SuggestCell', { Id: c.bill.Id, ReelCode: c.reels[0] }, { language: 'en' });
    expect([zh.status, zh.body.msg, en.status, en.body.msg]).toEqual([
      409,
      '存储地点 PTL02 的电子料架没有空储位，无法指引上架',
      409,
      'The electronic racks of the storage location PTL02 have no free cell to put the reel in',
    ]);
  });

  it('is the receipt’s grant: the bill type’s Confirm receipt button', async () => {
    const { bill, reels } = await asn(1, 'WIP01');
    const receiver = await tokenWith(server, [{ menuCode: 'BillASN', buttonCode: 'ConfirmReceipt' }]);
    const menuOnly = await tokenWith(server, [{ menuCode: 'BillASN' }]);
    expect((await call('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[0] }, { as: menuOnly })).status).toBe(403);
    expect((await call('/Shelf/SuggestCell', { Id: bill.Id, ReelCode: reels[0] }, { as: receiver })).status).toBe(200);
  });
});
