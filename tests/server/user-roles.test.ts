/**
 * Users with several roles (spec §3 User: roles): what they see and may call is the union over their
 * roles, plus the menus given to them directly (User/SaveUserMenu), and nothing else. The legacy
 * single-role calls keep working: UserInfo.ROLE_ID names all the roles (comma-separated), and
 * Role/LoadMenusByRoleId takes it back.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeServer } from './support/test-server.ts';

interface TreeItem {
  Id: string;
  Menu_Code: string;
  children?: TreeItem[];
}
const codesOf = (items: TreeItem[]): string[] => items.flatMap((m) => [m.Menu_Code, ...codesOf(m.children ?? [])]);

describeServer('users with several roles', {}, (server) => {
  let admin: string;
  /** Role A: environment config with its Save button; role B: system apps. */
  let roleA: string;
  let roleB: string;

  const newRole = async (menuIds: string[], buttonIds: string[] = [], appCode = 'PC') => {
    const role = await server.call('POST', '/Role/AddOrModifySave', {
      token: admin,
      body: { ROLE_NAME: `role-${randomBytes(3).toString('hex')}`, ROLE_TYPE: 'NORMAL' },
    });
    const saved = await server.call('POST', '/Role/SavePermissions', { token: admin, body: { ROLE_ID: role.body.data.ID, APP_CODE: appCode, MENU_IDS: menuIds, BUTTON_IDS: buttonIds } });
    expect(saved.status).toBe(200);
    return role.body.data.ID as string;
  };

  const loginAs = async (roleIds: string[]) => {
    const user = await server.createUser({ roleIds });
    const session = await server.login(user.userName, user.password, 'org-f01');
    return { ...user, token: session.Token, info: session.Userinfo };
  };

  beforeAll(async () => {
    admin = (await server.login('ADMIN', 'admin123', 'org-f01')).Token;
    roleA = await newRole(['menu-Admin', 'menu-AdminEnvConfig'], ['button-AdminEnvConfig-Save']);
    roleB = await newRole(['menu-Admin', 'menu-AdminSysApp']);
  });

  it("a user with roles A and B sees both roles' menus and buttons, and ROLE_ID names both roles", async () => {
    const user = await loginAs([roleA, roleB]);
    expect(user.info.ROLE_IDS).toEqual([roleA, roleB]);
    expect(user.info.ROLE_ID).toBe(`${roleA},${roleB}`);

    const menus = await server.call('GET', '/Role/LoadMenusByRoleId', { token: user.token, query: { roleId: user.info.ROLE_ID } });
    expect(menus.status).toBe(200);
    expect(codesOf(menus.body.data)).toEqual(['Admin', 'AdminSysApp', 'AdminEnvConfig']);
    // The shared parent appears once.
    expect(menus.body.data).toHaveLength(1);

    const buttons = await server.call('GET', '/Role/GetAllButtonByRoleId', { token: user.token });
    expect(buttons.body.data).toEqual({ 'menu-AdminEnvConfig': ['Save'] });
  });

  it('a user with roles A and B can call the endpoints of both, and not those of other menus', async () => {
    const { token } = await loginAs([roleA, roleB]);
    expect((await server.call('POST', '/SysEnvConfig/List', { token, body: { Page: 1, Limit: 10 } })).status).toBe(200);
    expect((await server.call('POST', '/SysApp/List', { token, body: { Page: 1, Limit: 10 } })).status).toBe(200);
    // Role A's button: the call is let through to validation (400 for the empty row), not refused.
    expect((await server.call('POST', '/SysEnvConfig/Add', { token, body: {} })).status).toBe(400);

    const otherMenu = await server.call('GET', '/Menu/LoadDataSub', { token, query: { menuId: 'menu-AdminUser' } });
    expect(otherMenu.status).toBe(403);
    expect(otherMenu.body.msg).toBe('拒绝访问');
    expect((await server.call('GET', '/Role/GetPermissions', { token, query: { roleId: roleA } })).status).toBe(403);
    // Neither role has the delete button of environment config.
    expect((await server.call('GET', '/SysEnvConfig/Delete', { token, query: { id: 'env-LOCAL-API_BASE' } })).status).toBe(403);
  });

  it("a user with role B alone gets none of role A's menus or buttons", async () => {
    const { token, info } = await loginAs([roleB]);
    expect(info.ROLE_ID).toBe(roleB);
    expect((await server.call('POST', '/SysEnvConfig/List', { token, body: { Page: 1, Limit: 10 } })).status).toBe(403);
    expect((await server.call('POST', '/SysApp/List', { token, body: { Page: 1, Limit: 10 } })).status).toBe(200);
    const menus = await server.call('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: info.ROLE_ID } });
    expect(codesOf(menus.body.data)).toEqual(['Admin', 'AdminSysApp']);
    expect((await server.call('GET', '/Role/GetAllButtonByRoleId', { token })).body.data).toEqual({});
  });

  it("only a super administrator may read roles that are not the caller's", async () => {
    const { token } = await loginAs([roleB]);
    expect((await server.call('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: roleA } })).status).toBe(403);
    expect((await server.call('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: `${roleB},${roleA}` } })).status).toBe(403);
    const byAdmin = await server.call('GET', '/Role/LoadMenusByRoleId', { token: admin, query: { roleId: `${roleA},${roleB}` } });
    expect(codesOf(byAdmin.body.data)).toEqual(['Admin', 'AdminSysApp', 'AdminEnvConfig']);
  });

  it('taking a role away takes its menus and calls away at the next request', async () => {
    const user = await loginAs([roleA, roleB]);
    expect((await server.call('POST', '/SysEnvConfig/List', { token: user.token, body: { Page: 1, Limit: 10 } })).status).toBe(200);
    const saved = await server.call('POST', '/User/AddOrModifySave', {
      token: admin,
      body: { ID: user.id, USER_NAME: user.userName, NICK_NAME: user.userName, ROLE_IDS: [roleB], ORGANIZE_IDS: ['org-f01'] },
    });
    expect(saved.status).toBe(200);
    expect((await server.call('POST', '/SysEnvConfig/List', { token: user.token, body: { Page: 1, Limit: 10 } })).status).toBe(403);
    expect((await server.call('POST', '/Auth/GetUserInfoByToken', { token: user.token })).body.data.ROLE_ID).toBe(roleB);
  });

  it('the user screen saves and lists several roles, searches by any of them and needs at least one', async () => {
    const userName = `multi_${randomBytes(3).toString('hex')}`;
    const body = { USER_NAME: userName, NICK_NAME: '多角色', ROLE_IDS: ['role-operator', roleA], ORGANIZE_IDS: ['org-f01'] };
    const saved = await server.call('POST', '/User/AddOrModifySave', { token: admin, body });
    expect(saved.status).toBe(200);
    const listed = (await server.call('GET', '/User/LoadData', { token: admin, query: { Key: userName } })).body.data[0];
    expect(listed.ROLE_IDS).toEqual(['role-operator', roleA]);
    expect(listed.ROLE_NAMES[0]).toBe('仓库操作员');
    expect(listed.ROLE_NAME).toBe(listed.ROLE_NAMES.join(','));
    for (const roleId of ['role-operator', roleA]) {
      const found = await server.call('GET', '/User/LoadData', { token: admin, query: { Key: userName, ROLE_ID: roleId } });
      expect(found.body.count).toBe(1);
    }
    expect((await server.call('GET', '/User/LoadData', { token: admin, query: { Key: userName, ROLE_ID: roleB } })).body.count).toBe(0);

    expect((await server.call('POST', '/User/AddOrModifySave', { token: admin, body: { ...body, ID: saved.body.data.ID, ROLE_IDS: [] } })).status).toBe(400);
    const unknown = await server.call('POST', '/User/AddOrModifySave', { token: admin, body: { ...body, ID: saved.body.data.ID, ROLE_IDS: ['no-such-role'] } });
    expect(unknown.status).toBe(400);
    // A role some user has cannot be deleted.
    const inUse = await server.call('POST', '/Role/Delete', { token: admin, query: { id: roleA } });
    expect(inUse.status).toBe(409);
  });

  it('menus given to a user directly add to their roles: seen and callable, but without buttons', async () => {
    const user = await loginAs([roleB]);
    const tree = await server.call('GET', '/User/GetUserMenuTree', { token: admin, query: { userId: user.id } });
    expect(tree.body.data.RoleMenuIds).toEqual(['menu-Admin', 'menu-AdminSysApp']);
    expect(tree.body.data.CheckedIds).toEqual([]);
    expect((await server.call('GET', '/Menu/LoadDataSub', { token: user.token, query: { menuId: 'menu-AdminMenu' } })).status).toBe(403);

    const saved = await server.call('POST', '/User/SaveUserMenu', { token: admin, body: { USER_ID: user.id, APP_CODE: 'PC', MENU_IDS: ['menu-AdminMenu'] } });
    expect(saved.status).toBe(200);
    const menus = await server.call('GET', '/Role/LoadMenusByRoleId', { token: user.token, query: { roleId: user.info.ROLE_ID } });
    expect(codesOf(menus.body.data)).toEqual(['Admin', 'AdminMenu', 'AdminSysApp']);
    expect((await server.call('GET', '/Menu/LoadDataSub', { token: user.token, query: { menuId: 'menu-AdminMenu' } })).status).toBe(200);
    // Buttons come from roles only.
    const button = await server.call('POST', '/Menu/AddOrModifySubSave', { token: user.token, body: { Parent_Id: 'menu-AdminMenu', Menu_Code: 'X', Button_Name: 'X' } });
    expect(button.status).toBe(403);
    // A super administrator reading the user's role sees the role's menus only.
    const roleOnly = await server.call('GET', '/Role/LoadMenusByRoleId', { token: admin, query: { roleId: roleB } });
    expect(codesOf(roleOnly.body.data)).toEqual(['Admin', 'AdminSysApp']);

    await server.call('POST', '/User/SaveUserMenu', { token: admin, body: { USER_ID: user.id, APP_CODE: 'PC', MENU_IDS: [] } });
    expect((await server.call('GET', '/Menu/LoadDataSub', { token: user.token, query: { menuId: 'menu-AdminMenu' } })).status).toBe(403);
  });

  it('the PDA and tablet trees are the union over the roles too', async () => {
    const pdaA = await newRole(['menu-PdaInbound', 'menu-PdaReceiveScan'], [], 'PDA');
    const pdaB = await newRole(['menu-PdaInventory', 'menu-PdaReelSplit'], [], 'PDA');
    const user = await loginAs([pdaA, pdaB]);
    const pda = await server.call('GET', '/Role/LoadMenusByRoleId', { token: user.token, query: { roleId: user.info.ROLE_ID, appCode: 'PDA' } });
    expect(codesOf(pda.body.data)).toEqual(['PdaInbound', 'PdaReceiveScan', 'PdaInventory', 'PdaReelSplit']);
    const pc = await server.call('GET', '/Role/LoadMenusByRoleId', { token: user.token, query: { roleId: user.info.ROLE_ID } });
    expect(pc.body.data).toEqual([]);
  });
});
