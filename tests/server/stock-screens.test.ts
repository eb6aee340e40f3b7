/**
 * The stock screens' menus (仓库管理: 库存查询, 条码查询与履历, 库存流水): seeded under Warehouse with
 * the links their pages are registered at, and each granting exactly the stock reads its screen
 * makes (x-permission of Stock/Balance, Stock/Ledger, Reel/Get): the stock query reads balances and
 * the ledger, the reel screen a reel and its history, the ledger screen only the ledger. Their code
 * fields' suggestions (Stock/RefOptions) are for any of the stock screens, the reel generator and a count
 * plan's scope.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { PORTAL_APP_CODE, SYSTEM_MENUS } from '../../server/db/seed/system-data.ts';
import { F01 } from './support/masterdata.ts';
import { tokenWith } from './support/roles.ts';
import { describeServer, type TestServer } from './support/test-server.ts';

const SCREENS = [
  { code: 'WarehouseStock', link: '/warehouse/stock', balance: 200, ledger: 200, reel: 403 },
  { code: 'WarehouseReel', link: '/warehouse/reel', balance: 403, ledger: 200, reel: 404 },
  { code: 'WarehouseLedger', link: '/warehouse/ledger', balance: 403, ledger: 200, reel: 403 },
] as const;

it('the stock screens are menus under 仓库管理 with their links', () => {
  const warehouse = SYSTEM_MENUS.find((m) => m.Menu_Code === 'Warehouse')!;
  for (const screen of SCREENS) {
    expect(SYSTEM_MENUS.find((m) => m.Menu_Code === screen.code)).toMatchObject({ Parent_Id: warehouse.Id, Link_Url: screen.link, ENABLED: 'Y' });
  }
});

async function tokenWithMenu(server: TestServer, menuCode: string): Promise<string> {
  const roleId = `role-stock-${randomUUID()}`;
  await server.db.insertInto('roles').values({ id: roleId, name: roleId, role_type: 'NORMAL' }).execute();
  const menu = await server.db.selectFrom('menus').select('id').where('menu_code', '=', menuCode).executeTakeFirstOrThrow();
  await server.db.insertInto('role_menus').values({ role_id: roleId, menu_id: menu.id, app_code: PORTAL_APP_CODE }).execute();
  const user = await server.createUser({ roleId });
  return (await server.login(user.userName, user.password, F01)).Token;
}

describeServer('the stock screens’ grants', {}, (server) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const screen of SCREENS) tokens[screen.code] = await tokenWithMenu(server, screen.code);
  });

  it.each(SCREENS)('$code reads what its screen shows and nothing else', async (screen) => {
    const token = tokens[screen.code];
    expect((await server.call('POST', '/Stock/Balance', { token, body: { Page: 1, Limit: 10 } })).status).toBe(screen.balance);
    expect((await server.call('POST', '/Stock/Ledger', { token, body: { Page: 1, Limit: 10 } })).status).toBe(screen.ledger);
    // Granted: an unknown reel is 404 (the read was allowed); not granted: 403 before any read.
    expect((await server.call('GET', '/Reel/Get', { token, query: { reelCode: 'NO-SUCH-REEL' } })).status).toBe(screen.reel);
  });

  it('the stock screens\', the reel generator\'s and a count plan\'s code fields suggest records by code or name; other callers get 403', async () => {
    const suggest = (token: string, body: Record<string, unknown>) => server.call('POST', '/Stock/RefOptions', { token, body });
    const generator = await tokenWithMenu(server, 'ReelGenerate');
    const other = await tokenWithMenu(server, 'MasterVendor');
    expect((await suggest(other, { Field: 'PartCode' })).status).toBe(403);
    // A new count plan's scope: whoever may save plans (the stocktake menu alone may not).
    const planner = await tokenWith(server, [{ menuCode: 'Stocktake', buttonCode: 'Save' }]);
    expect((await suggest(await tokenWith(server, [{ menuCode: 'Stocktake' }]), { Field: 'Sic' })).status).toBe(403);
    for (const token of [...Object.values(tokens), generator, planner]) expect((await suggest(token, { Field: 'PartCode', Key: 'RES' })).status).toBe(200);
    const token = tokens.WarehouseStock;
    // Enabled parts by code, at most 20; a part found by a piece of its name; the exact code first, whatever its case.
    const { rows: all } = await sql<{ code: string; name: string; spec: string | null; enabled: boolean | null }>`select code, name, spec, enabled from md_part where org_id = ${F01} order by code`.execute(server.db);
    const parts = all.filter((p) => p.enabled !== false);
    const first = await suggest(token, { Field: 'PartCode' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // A part's specification beside its name: the demo's parts, as a plant's, share names by kind.
    expect(first.body.data).toEqual(parts.slice(0, 20).map((p) => ({ Code: p.code, Name: p.name, Detail: p.spec ?? '' })));
    // Found by a piece of its specification, as by its name.
    const specified = parts.find((p) => p.spec)!;
    const bySpec = (await suggest(token, { Field: 'PartCode', Key: specified.spec!.slice(0, 6).toLowerCase() })).body.data as { Code: string; Detail: string }[];
    expect(bySpec.length).toBeGreaterThan(0);
    expect(bySpec.every((o) => o.Detail.toLowerCase().includes(specified.spec!.slice(0, 6).toLowerCase()))).toBe(true);
    const named = parts[5];
    const byName = (await suggest(token, { Field: 'PartCode', Key: named.name.slice(-4) })).body.data as { Code: string }[];
    expect(byName.map((o) => o.Code)).toContain(named.code);
    expect(((await suggest(token, { Field: 'PartCode', Key: parts[2].code.toLowerCase() })).body.data as { Code: string }[])[0].Code).toBe(parts[2].code);
    expect((await suggest(token, { Field: 'PartCode', Key: '_' })).body.data).toEqual([]);
    // A storage location; a locator of the storage location typed beside it; a vendor (the reel generator's).
    expect(((await suggest(token, { Field: 'Sic', Key: 'ELE01' })).body.data as { Code: string }[])[0].Code).toBe('ELE01');
    const locators = (await suggest(token, { Field: 'Loc', Sic: 'ELE01' })).body.data as { Code: string }[];
    expect(locators.length).toBeGreaterThan(0);
    expect(locators.every((o) => o.Code.startsWith('ELE01-'))).toBe(true);
    const vendors = (await suggest(generator, { Field: 'VendorCode', Key: 'V0001' })).body.data as { Code: string; Name: string }[];
    expect(vendors[0]).toMatchObject({ Code: 'V0001', Name: expect.any(String), Detail: '' });
    // A field no stock screen has is bad input; another organisation's records are never listed.
    expect((await suggest(token, { Field: 'CustomerCode' })).status).toBe(400);
    await sql`insert into md_vendor (id, org_id, code, name, enabled) values (${randomUUID()}, 'org-f02', 'VF02-STOCK', 'F02 only', true)`.execute(server.db);
    expect((await suggest(generator, { Field: 'VendorCode', Key: 'VF02' })).body.data).toEqual([]);
  });
});
