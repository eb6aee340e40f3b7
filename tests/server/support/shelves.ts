/**
 * Smart-shelf test helpers (server/modules/shelves), shared by the shelves suites that build their own
 * racks: a storage location with a three-cell rack, and a harness of calls as an administrator, on the
 * suite's app or on another app on the same database (another server: its own shelves queue and device).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect } from 'vitest';
import type { DB } from '../../../server/db/database.ts';
import { applyStockMoves, type StockCaller } from '../../../server/modules/stock/ledger.ts';
import { translate } from '../../../src/shared/messages/catalogue.ts';
import { adminToken, F01 } from './masterdata.ts';
import type { TestServer } from './test-server.ts';

export const ORG = F01;
/** Demo master data no demo stock uses. */
export const PART = 'CAP-00392';

export type Reply = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- contract-checked answers

export const BLUE = { On: true, Color: 'blue', Blink: true };
export const GREEN = { On: true, Color: 'green', Blink: false };
export const OFF = { On: false, Color: 'green', Blink: false };

/** A storage location `sic` with locators <sic>-01..03 and a rack `rack` of three cells <rack>-C01..C03 on them. */
export async function makeRack(db: DB, sic: string, rack: string) {
  await sql`insert into md_storage_location (id, org_id, code, name, factory_code, location_type, erp_sic_code, is_mrp, enabled)
    select ${`sl-${sic}`}, org_id, ${sic}, ${`盘点亮灯 ${sic}`}, factory_code, location_type, null, false, true
    from md_storage_location where org_id = ${ORG} and code = 'WIP02'`.execute(db);
  await sql`insert into md_locator (id, org_id, code, name, storage_location_code, capacity, enabled)
    select ${sic} || '-loc-' || i, ${ORG}, ${sic} || '-0' || i, ${sic} || ' ' || i, ${sic}, 10, true from generate_series(1, 3) i`.execute(db);
  await sql`insert into md_rack (id, org_id, code, name, storage_location_code, enabled) values (${`rack-${rack}`}, ${ORG}, ${rack}, ${`料架 ${rack}`}, ${sic}, true)`.execute(db);
  await sql`insert into md_rack_cell (id, org_id, code, rack_code, row_no, column_no, light_address, locator_code, enabled)
    select ${rack} || '-cell-' || i, ${ORG}, ${rack} || '-C0' || i, ${rack}, 1, i, ${rack} || ':' || i, ${sic} || '-0' || i, true
    from generate_series(1, 3) i`.execute(db);
}

/** The calls and reads of a shelves suite; `user`: the name its stock moves are made by. */
export function shelvesHarness(server: TestServer, user: string) {
  const caller: StockCaller = { orgId: ORG, userId: `user-${user}`, userName: user };
  let token = '';
  const setUp = async (racks: [sic: string, rack: string][]) => {
    token = await adminToken(server);
    for (const [sic, rack] of racks) await makeRack(server.db, sic, rack);
  };
  const call = (path: string, body: unknown, language?: 'en'): Promise<Reply> => server.call('POST', path, { token, body, ...(language ? { language } : {}) });
  const ok = async (path: string, body: unknown) => {
    const reply = await call(path, body);
    expect(reply.status, `${path}: ${reply.body.msg}`).toBe(200);
    return reply.body.data;
  };
  /** An ASN of `count` reels of 10 into `sic` (its line's ToLoc `toLoc`); answers the bill and its reels. */
  const asn = async (count: number, sic: string, toLoc?: string) => {
    const bill = await ok('/Bill/Save', { BillType: 'ASN', VendorCode: 'V0001', Lines: [{ PartCode: PART, Qty: String(count * 10), Mpq: '10', ToSic: sic, ...(toLoc ? { ToLoc: toLoc } : {}) }] });
    const reels = (await ok('/Bill/CreateReels', { Id: bill.Id })).Reels.map((r: { ReelCode: string }) => r.ReelCode) as string[];
    return { bill: bill as { Id: string; BillCode: string }, reels };
  };
  const underWay = new Set<string>();
  /** A stock count of the scope, started (its scope frozen); answers its id and code. */
  const count = async (scope: { Sics?: string[]; Locs?: string[] }) => {
    const plan = await ok('/Stocktake/Create', { Description: 'shelves freeze', ...scope });
    await ok('/Stocktake/Start', { Id: plan.Id });
    underWay.add(plan.Id);
    return plan as { Id: string; Code: string };
  };
  const endCount = async (plan: { Id: string }) => {
    await ok('/Stocktake/Cancel', { Id: plan.Id });
    underWay.delete(plan.Id);
  };
  // A test that failed half-way leaves no count under way for the next (their scopes would overlap).
  afterEach(async () => {
    for (const id of underWay) await call('/Stocktake/Cancel', { Id: id });
    underWay.clear();
  });
  /** Each cell's light in the rack view (Shelf/Cells) of the suite's app, or of another app on the same database. */
  const lights = async (rack: string, app?: FastifyInstance) => {
    const reply = app ? await getOn(app, '/Shelf/Cells', { rackCode: rack }) : await server.call('GET', '/Shelf/Cells', { token, query: { rackCode: rack } });
    expect(reply.status, reply.body.msg).toBe(200);
    return Object.fromEntries((reply.body.data.Cells as { CellCode: string; Light: unknown }[]).map((c) => [c.CellCode, c.Light]));
  };
  const litRows = (billId: string) =>
    server.db.selectFrom('shelf_lit_reels').select(['reel_code', 'cell_code', 'locator_code']).where('org_id', '=', ORG).where('bill_id', '=', billId).orderBy('cell_code').execute();
  const frozenText = (language: 'zh-chs' | 'en', sic: string, loc: string, plan: string) => translate(language, 'stockPlaceFrozen', { sic, loc, part: PART, plan });
  /** A call to another app on the same database (another server: its own shelves queue), as the same user. */
  const callOn = async (app: FastifyInstance, path: string, body: unknown, language?: 'en'): Promise<Reply> => {
    const response = await app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: { authorization: `Bearer ${token}`, ...(language ? { 'accept-language': language } : {}) },
      payload: body as object,
    });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };
  /** A GET on another app on the same database, as the same user. */
  const getOn = async (app: FastifyInstance, path: string, query: Record<string, string>): Promise<Reply> => {
    const response = await app.inject({ method: 'GET', url: `/api${path}`, query, headers: { authorization: `Bearer ${token}` } });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };
  /** A stock count of the scope, not started yet; `started` once another server started it. */
  const draftCount = async (scope: { Sics?: string[]; Locs?: string[] }) => {
    const plan = (await ok('/Stocktake/Create', { Description: 'shelves freeze race', ...scope })) as { Id: string; Code: string };
    underWay.add(plan.Id);
    return plan;
  };
  /** A stock reel of 100 in stock at `sic`/`loc`. */
  const stockReel = async (sic: string, loc: string) => {
    const code = `SR-${randomBytes(5).toString('hex')}`;
    await applyStockMoves(server.db, caller, [{ kind: 'receive', reelCode: code, to: { sic, loc }, qty: '100', reel: { partCode: PART, lotCode: 'L1' } }]);
    return code;
  };
  /** Rows of shelf_lit_reels in the cells of `rack`. */
  const litInRack = async (rack: string) =>
    (
      await sql<{ reel_code: string; cell_code: string }>`
        select l.reel_code, l.cell_code from shelf_lit_reels l join md_rack_cell c on c.org_id = l.org_id and c.code = l.cell_code
        where l.org_id = ${ORG} and c.rack_code = ${rack} order by l.cell_code, l.reel_code`.execute(server.db)
    ).rows;
  return { setUp, call, ok, asn, count, endCount, lights, litRows, frozenText, callOn, getOn, draftCount, stockReel, litInRack, token: () => token };
}
