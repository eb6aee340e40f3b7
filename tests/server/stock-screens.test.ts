/**
 * The stock screens' menus (仓库管理: 库存查询, 条码查询与履历, 库存流水): seeded under Warehouse with
 * the links their pages are registered at, and each granting exactly the stock reads its screen
 * makes (x-permission of Stock/Balance, Stock/Ledger, Reel/Get): the stock query reads balances and
 * the ledger, the reel screen a reel and its history, the ledger screen only the ledger.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { PORTAL_APP_CODE, SYSTEM_MENUS } from '../../server/db/seed/system-data.ts';
import { F01 } from './support/masterdata.ts';
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
});
