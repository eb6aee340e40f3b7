/**
 * The PDA and tablet (PAD) terminals' menus (spec §2 PDA menu configuration, §6 role assignment with
 * menus, PDA menus and tablet menus): seeded trees of their own, edited with the menu editor scoped
 * to the terminal, and assigned to roles per terminal.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeServer } from './support/test-server.ts';

interface TreeItem {
  Id: string;
  Menu_Code: string;
  Terminal?: string;
  children?: TreeItem[];
}
const codesOf = (items: TreeItem[]): string[] => items.flatMap((m) => [m.Menu_Code, ...codesOf(m.children ?? [])]);

describeServer('PDA and tablet menus', {}, (server) => {
  let admin: string;
  beforeAll(async () => {
    admin = (await server.login('ADMIN', 'admin123', 'org-f01')).Token;
  });
  const tree = async (terminal: string) =>
    (await server.call('GET', '/Menu/LoadData2Tree', { token: admin, query: { terminal } })).body.data as TreeItem[];
  const saveMenu = (body: Record<string, unknown>) => server.call('POST', '/Menu/AddOrModifySave', { token: admin, body });

  it('PDA and tablet menus are seeded in their own trees, not in the portal tree', async () => {
    const pda = codesOf(await tree('PDA'));
    expect(pda).toEqual(expect.arrayContaining(['PdaReceiveScan', 'PdaIssueScan', 'PdaTransfer', 'PdaStocktake', 'PdaReelSplit']));
    expect(pda.every((code) => code.startsWith('Pda'))).toBe(true);
    const pad = codesOf(await tree('PAD'));
    expect(pad).toEqual(expect.arrayContaining(['PadLineKanban', 'PadMaterialCall']));
    expect(pad.every((code) => code.startsWith('Pad'))).toBe(true);
    expect(codesOf(await tree('PC')).some((code) => code.startsWith('Pda') || code.startsWith('Pad'))).toBe(false);
  });

  it('a PDA menu added, edited and deleted stays in the PDA tree', async () => {
    const code = `PdaLabel${randomBytes(2).toString('hex')}`;
    const added = await saveMenu({ Terminal: 'PDA', Parent_Id: 'menu-PdaInventory', Menu_Code: code, Menu_Name: '标签补打', MENU_EN: 'Label reprint', Link_Url: `/pda/${code}` });
    expect(added.status).toBe(200);
    expect(added.body.data.Terminal).toBe('PDA');
    expect(codesOf(await tree('PDA'))).toContain(code);
    expect(codesOf(await tree('PC'))).not.toContain(code);

    // An edit that leaves Terminal out keeps the menu where it is.
    const edited = await saveMenu({ Id: added.body.data.Id, Parent_Id: 'menu-PdaInventory', Menu_Code: code, Menu_Name: '标签重打', Link_Url: `/pda/${code}` });
    expect(edited.body.data).toMatchObject({ Terminal: 'PDA', Menu_Name: '标签重打' });
    expect(codesOf(await tree('PC'))).not.toContain(code);

    expect((await server.call('POST', '/Menu/Delete', { token: admin, query: { id: added.body.data.Id } })).status).toBe(200);
    expect(codesOf(await tree('PDA'))).not.toContain(code);
  });

  it("refuses a parent of another terminal, and a link any terminal has with '该路由地址已存在'", async () => {
    const otherParent = await saveMenu({ Terminal: 'PDA', Parent_Id: 'menu-Admin', Menu_Code: `PdaX${randomBytes(2).toString('hex')}`, Menu_Name: 'X' });
    expect(otherParent.status).toBe(400);
    expect(otherParent.body.msg).toBe('上级菜单属于其他终端');
    const duplicate = await saveMenu({ Terminal: 'PAD', Menu_Code: `PadX${randomBytes(2).toString('hex')}`, Menu_Name: 'X', Link_Url: '/pda/receive-scan' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.msg).toBe('该路由地址已存在');
  });

  it("a role's PDA and tablet permissions are saved per terminal and are what its users get there", async () => {
    const role = (await server.call('POST', '/Role/AddOrModifySave', { token: admin, body: { ROLE_NAME: `pda-${randomBytes(3).toString('hex')}`, ROLE_TYPE: 'NORMAL' } })).body.data;
    const save = (APP_CODE: string, MENU_IDS: string[]) =>
      server.call('POST', '/Role/SavePermissions', { token: admin, body: { ROLE_ID: role.ID, APP_CODE, MENU_IDS, BUTTON_IDS: [] } });
    // A portal menu is not part of the PDA tree.
    const wrongTree = await save('PDA', ['menu-AdminUser']);
    expect(wrongTree.status).toBe(400);
    expect((await save('PDA', ['menu-PdaOutbound', 'menu-PdaIssueScan'])).status).toBe(200);
    expect((await save('PAD', ['menu-PadBoards', 'menu-PadLineKanban'])).status).toBe(200);
    expect((await save('PC', ['menu-HomeArea'])).status).toBe(200);

    const permissions = async (appCode: string) => (await server.call('GET', '/Role/GetPermissions', { token: admin, query: { roleId: role.ID, appCode } })).body.data.MenuIds;
    expect(await permissions('PDA')).toEqual(['menu-PdaIssueScan', 'menu-PdaOutbound']);
    expect(await permissions('PAD')).toEqual(['menu-PadBoards', 'menu-PadLineKanban']);
    expect(await permissions('PC')).toEqual(['menu-HomeArea']);

    const user = await server.createUser({ roleId: role.ID });
    const { Token } = await server.login(user.userName, user.password, 'org-f01');
    const menus = async (appCode: string) =>
      codesOf((await server.call('GET', '/Role/LoadMenusByRoleId', { token: Token, query: { roleId: role.ID, appCode } })).body.data);
    expect(await menus('PDA')).toEqual(['PdaOutbound', 'PdaIssueScan']);
    expect(await menus('PAD')).toEqual(['PadBoards', 'PadLineKanban']);
    expect(await menus('PC')).toEqual(['HomeArea']);
  });

  it('the PDA menu configuration screen alone edits PDA menus and nothing else', async () => {
    const role = (await server.call('POST', '/Role/AddOrModifySave', { token: admin, body: { ROLE_NAME: `pda-admin-${randomBytes(3).toString('hex')}`, ROLE_TYPE: 'NORMAL' } })).body.data;
    await server.call('POST', '/Role/SavePermissions', {
      token: admin,
      body: { ROLE_ID: role.ID, APP_CODE: 'PC', MENU_IDS: ['menu-Admin', 'menu-AdminPdaMenu'], BUTTON_IDS: ['button-AdminPdaMenu-Save', 'button-AdminPdaMenu-Delete'] },
    });
    const user = await server.createUser({ roleId: role.ID });
    const { Token: token } = await server.login(user.userName, user.password, 'org-f01');

    // Without a terminal the tree is the PDA one; the portal's is refused.
    expect(codesOf((await server.call('GET', '/Menu/LoadData2Tree', { token })).body.data)).toContain('PdaReceiveScan');
    expect((await server.call('GET', '/Menu/LoadData2Tree', { token, query: { terminal: 'PC' } })).status).toBe(403);

    const code = `PdaOwn${randomBytes(2).toString('hex')}`;
    const added = await server.call('POST', '/Menu/AddOrModifySave', { token, body: { Terminal: 'PDA', Parent_Id: 'menu-PdaQuery', Menu_Code: code, Menu_Name: '库位查询', Link_Url: `/pda/${code}` } });
    expect(added.status).toBe(200);
    const button = await server.call('POST', '/Menu/AddOrModifySubSave', { token, body: { Parent_Id: added.body.data.Id, Menu_Code: 'Print', Button_Name: '打印' } });
    expect(button.status).toBe(200);
    expect((await server.call('POST', '/Menu/DeleteSub', { token, query: { id: button.body.data.Id } })).status).toBe(200);
    expect((await server.call('POST', '/Menu/Delete', { token, query: { id: added.body.data.Id } })).status).toBe(200);

    const refused = [
      await server.call('POST', '/Menu/AddOrModifySave', { token, body: { Terminal: 'PC', Menu_Code: `${code}Pc`, Menu_Name: 'X' } }),
      await server.call('POST', '/Menu/AddOrModifySave', { token, body: { Id: 'menu-AdminUser', Menu_Code: 'AdminUser', Menu_Name: '用户', Link_Url: '/admin/user', Parent_Id: 'menu-Admin' } }),
      await server.call('POST', '/Menu/Delete', { token, query: { id: 'menu-PadSop' } }),
      await server.call('POST', '/Menu/AddOrModifySubSave', { token, body: { Parent_Id: 'menu-AdminUser', Menu_Code: 'X', Button_Name: 'X' } }),
      await server.call('POST', '/Menu/DeleteSub', { token, query: { id: 'button-AdminUser-Lock' } }),
      await server.call('GET', '/Menu/LoadDataSub', { token, query: { menuId: 'menu-AdminUser' } }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(refused[0].body.msg).toBe('拒绝访问');
  });

  it('the seeded operator scans on the PDA: receiving, issue, transfer, stocktaking and reel split', async () => {
    const { Token, Userinfo } = await server.login('operator', 'operator123', 'org-f01');
    const pda = await server.call('GET', '/Role/LoadMenusByRoleId', { token: Token, query: { roleId: Userinfo.ROLE_ID, appCode: 'PDA' } });
    expect(codesOf(pda.body.data)).toEqual(expect.arrayContaining(['PdaReceiveScan', 'PdaIssueScan', 'PdaTransfer', 'PdaStocktake', 'PdaReelSplit']));
    expect(codesOf(pda.body.data)).not.toContain('PdaScrapScan');
  });
});
