/**
 * Menus, roles, organisations and environment config as an administrator edits them: the menu
 * rules of spec §5 (unique link '该路由地址已存在', no self-parent, no cycle), buttons of a menu,
 * role permissions that change what the role's users see and may call, the organisation tree's
 * same parent rule, and the API address rule of environment rows.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeServer } from './support/test-server.ts';

describeServer('menu, role, organisation and environment administration', {}, (server) => {
  let admin: string;
  beforeAll(async () => {
    admin = (await server.login('ADMIN', 'admin123', 'org-f01')).Token;
  });

  const saveMenu = (body: Record<string, unknown>) => server.call('POST', '/Menu/AddOrModifySave', { token: admin, body });

  it("refuses a link another menu has with '该路由地址已存在'", async () => {
    const taken = await saveMenu({ Menu_Code: 'DupLink', Menu_Name: '重复', Link_Url: '/admin/user' });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('该路由地址已存在');
    // About the link field, where the menu form marks it.
    expect(taken.body.data).toEqual({ Field: 'Link_Url' });
    expect((await server.call('POST', '/Menu/IsExistsLinkUrl', { token: admin, body: { Link_Url: '/admin/user' } })).body.data).toBe(true);
    // A menu keeps its own link when edited.
    expect((await server.call('POST', '/Menu/IsExistsLinkUrl', { token: admin, body: { Link_Url: '/admin/user', Id: 'menu-AdminUser' } })).body.data).toBe(false);
  });

  it('refuses a code, a role name, an organisation code and a type code another has, each about its field of the save', async () => {
    const refused = async (path: string, body: Record<string, unknown>) => {
      const answer = await server.call('POST', path, { token: admin, body });
      return { status: answer.status, msg: answer.body.msg as string, at: answer.body.data as unknown };
    };
    await saveMenu({ Menu_Code: 'TakenCode', Menu_Name: '占用', Link_Url: '/taken/code' });
    expect(await refused('/Menu/AddOrModifySave', { Menu_Code: 'TakenCode', Menu_Name: '再来' })).toEqual({ status: 409, msg: '菜单编码 TakenCode 已存在', at: { Field: 'Menu_Code' } });
    await refused('/Role/AddOrModifySave', { ROLE_NAME: '占用的角色', ROLE_TYPE: 'NORMAL' });
    expect(await refused('/Role/AddOrModifySave', { ROLE_NAME: '占用的角色', ROLE_TYPE: 'NORMAL' })).toEqual({ status: 409, msg: '该角色名称已存在', at: { Field: 'ROLE_NAME' } });
    await refused('/Organize/AddOrModifySave', { OrganizeName: '占用的组织', OrganizeCode: 'TAKEN-ORG' });
    expect(await refused('/Organize/AddOrModifySave', { OrganizeName: '再来', OrganizeCode: 'TAKEN-ORG' })).toEqual({ status: 409, msg: '组织编码 TAKEN-ORG 已存在', at: { Field: 'OrganizeCode' } });
    await refused('/OrganizeType/AddOrModifySave', { Name: '占用的类型', Code: 'TAKEN-TYPE' });
    expect(await refused('/OrganizeType/AddOrModifySave', { Name: '再来', Code: 'TAKEN-TYPE' })).toMatchObject({ status: 409, at: { Field: 'Code' } });
  });

  it('refuses a menu as its own parent and under its own descendant, in both languages', async () => {
    const parent = (await saveMenu({ Menu_Code: 'CycleA', Menu_Name: 'A', MENU_EN: 'A' })).body.data;
    const child = (await saveMenu({ Menu_Code: 'CycleB', Menu_Name: 'B', Parent_Id: parent.Id, Link_Url: '/cycle/b' })).body.data;
    const grandChild = (await saveMenu({ Menu_Code: 'CycleC', Menu_Name: 'C', Parent_Id: child.Id, Link_Url: '/cycle/c' })).body.data;

    const self = await saveMenu({ Id: parent.Id, Menu_Code: 'CycleA', Menu_Name: 'A', Parent_Id: parent.Id });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('菜单不能是自己的上级菜单');
    const cycle = await server.call('POST', '/Menu/AddOrModifySave', {
      token: admin,
      language: 'en',
      body: { Id: parent.Id, Menu_Code: 'CycleA', Menu_Name: 'A', Parent_Id: grandChild.Id },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.msg).toBe('A menu cannot be moved under one of its own submenus');

    const tree = (await server.call('GET', '/Menu/LoadData2Tree', { token: admin })).body.data as { Menu_Code: string; children?: unknown[] }[];
    const root = tree.find((m) => m.Menu_Code === 'CycleA') as { children: { Menu_Code: string; children: { Menu_Code: string }[] }[] };
    expect(root.children[0].Menu_Code).toBe('CycleB');
    expect(root.children[0].children[0].Menu_Code).toBe('CycleC');
  });

  it('keeps the buttons of a menu, unique per menu', async () => {
    const menu = (await saveMenu({ Menu_Code: 'WithButtons', Menu_Name: '带按钮', Link_Url: '/with/buttons' })).body.data;
    const saved = await server.call('POST', '/Menu/AddOrModifySubSave', { token: admin, body: { Parent_Id: menu.Id, Menu_Code: 'Approve', Button_Name: '审批' } });
    expect(saved.body.data).toMatchObject({ Parent_Id: menu.Id, Menu_Code: 'Approve', ParentMenuCode: 'WithButtons' });
    const again = await server.call('POST', '/Menu/AddOrModifySubSave', { token: admin, body: { Parent_Id: menu.Id, Menu_Code: 'Approve', Button_Name: '审批2' } });
    expect(again.status).toBe(409);
    expect(again.body.data).toEqual({ Field: 'Menu_Code' });
    expect((await server.call('GET', '/Menu/LoadDataSub', { token: admin, query: { menuId: menu.Id } })).body.data).toHaveLength(1);
    expect((await server.call('POST', '/Menu/DeleteSub', { token: admin, query: { id: saved.body.data.Id } })).status).toBe(200);
    expect((await server.call('GET', '/Menu/LoadDataSub', { token: admin, query: { menuId: menu.Id } })).body.data).toHaveLength(0);
  });

  it("a role's saved permissions are what its users see and may call", async () => {
    const role = (await server.call('POST', '/Role/AddOrModifySave', { token: admin, body: { ROLE_NAME: '两菜单角色', ROLE_TYPE: 'NORMAL' } })).body.data;
    const saved = await server.call('POST', '/Role/SavePermissions', {
      token: admin,
      body: {
        ROLE_ID: role.ID,
        APP_CODE: 'PC',
        MENU_IDS: ['menu-Admin', 'menu-AdminUser', 'menu-MasterPart'],
        BUTTON_IDS: ['button-AdminUser-Lock'],
      },
    });
    expect(saved.status).toBe(200);
    expect((await server.call('GET', '/Role/GetPermissions', { token: admin, query: { roleId: role.ID } })).body.data).toEqual({
      MenuIds: ['menu-Admin', 'menu-AdminUser', 'menu-MasterPart'],
      ButtonIds: ['button-AdminUser-Lock'],
    });

    const user = await server.createUser({ roleId: role.ID });
    const { Token } = await server.login(user.userName, user.password, 'org-f01');
    const menus = (await server.call('GET', '/Role/LoadMenusByRoleId', { token: Token, query: { roleId: role.ID } })).body.data as { Menu_Code: string }[];
    expect(menus.map((m) => m.Menu_Code)).toEqual(['Admin']);
    expect((await server.call('GET', '/Role/GetAllButtonByRoleId', { token: Token })).body.data).toEqual({ 'menu-AdminUser': ['Lock'] });
    expect((await server.call('GET', '/User/LoadData', { token: Token })).status).toBe(200);
    const other = await server.createUser();
    expect((await server.call('POST', '/User/ChangeLockStatus', { token: Token, body: { ID: other.id, IS_LOCKED: true } })).status).toBe(200);
    // No Delete button, no role screen.
    expect((await server.call('POST', '/User/Delete', { token: Token, query: { id: other.id } })).status).toBe(403);
    expect((await server.call('POST', '/Role/SavePermissions', { token: Token, body: { ROLE_ID: role.ID, APP_CODE: 'PC', MENU_IDS: [], BUTTON_IDS: [] } })).status).toBe(403);

    // A button only comes with its menu.
    const orphan = await server.call('POST', '/Role/SavePermissions', {
      token: admin,
      body: { ROLE_ID: role.ID, APP_CODE: 'PC', MENU_IDS: ['menu-Admin'], BUTTON_IDS: ['button-AdminUser-Lock'] },
    });
    expect(orphan.status).toBe(400);
    // A role users still have, and a system-default role, stay.
    expect((await server.call('POST', '/Role/Delete', { token: admin, query: { id: role.ID } })).body.msg).toBe('该记录正在使用中，不能删除');
    expect((await server.call('POST', '/Role/Delete', { token: admin, query: { id: 'role-super-admin' } })).body.msg).toBe('系统默认角色不能删除');
  });

  it('keeps the organisation tree free of cycles and types in use', async () => {
    const type = (await server.call('POST', '/OrganizeType/AddOrModifySave', { token: admin, body: { Name: '车间', Code: 'WS', SORT_NUM: 1, IsActive: true, Remark: 'r' } })).body.data;
    const saveOrg = (body: Record<string, unknown>) => server.call('POST', '/Organize/AddOrModifySave', { token: admin, body });
    const plant = (await saveOrg({ OrganizeName: '三厂', OrganizeCode: 'F03', OrgType: 'WS' })).body.data;
    const line = (await saveOrg({ OrganizeName: '三厂一线', OrganizeCode: 'F03-L1', Parent_Id: plant.Id })).body.data;
    const cycle = await saveOrg({ Id: plant.Id, OrganizeName: '三厂', OrganizeCode: 'F03', Parent_Id: line.Id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.msg).toBe('不能把组织移到它自己的下级组织之下');
    expect((await saveOrg({ Id: plant.Id, OrganizeName: '三厂', OrganizeCode: 'F03', Parent_Id: plant.Id })).body.msg).toBe('组织不能是自己的上级组织');
    expect((await server.call('POST', '/OrganizeType/Delete', { token: admin, query: { id: type.Id } })).status).toBe(409);
    expect((await server.call('POST', '/Organize/Delete', { token: admin, query: { id: plant.Id } })).status).toBe(409);
    const tree = (await server.call('GET', '/Organize/LoadTree', { token: admin })).body.data as { OrganizeCode: string; UserCount: number; children?: { OrganizeCode: string }[] }[];
    expect(tree.find((o) => o.OrganizeCode === 'F03')?.children?.map((c) => c.OrganizeCode)).toEqual(['F03-L1']);
    expect(tree.find((o) => o.OrganizeCode === 'F01')!.UserCount).toBeGreaterThan(0);
  });

  it("refuses an API address that is not an http(s) URL with 'API address configuration format is wrong'", async () => {
    for (const url of ['ftp://host/api', 'localhost:8080/api', 'not a url']) {
      const refused = await server.call('POST', '/SysEnvConfig/Add', { token: admin, language: 'en', body: { EnvName: 'UAT', VarName: 'API_BASE', UrlPrefix: url } });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('API address configuration format is wrong');
    }
    const added = await server.call('POST', '/SysEnvConfig/Add', { token: admin, body: { EnvName: 'UAT', VarName: 'API_BASE', UrlPrefix: 'https://uat.example.com/api', Enabled: 'Y' } });
    expect(added.status).toBe(200);
    const updated = await server.call('POST', '/SysEnvConfig/Update', { token: admin, body: { ...added.body.data, UrlPrefix: 'http://uat2.example.com/api' } });
    expect(updated.body.data.UrlPrefix).toBe('http://uat2.example.com/api');
    const listed = await server.call('POST', '/SysEnvConfig/List', { token: admin, body: { Page: 1, Limit: 10000, Data: { EnvName: 'UAT' } } });
    expect(listed.body.count).toBe(1);
    expect((await server.call('GET', '/SysEnvConfig/Delete', { token: admin, query: { id: added.body.data.ID } })).status).toBe(200);
    expect((await server.call('POST', '/SysEnvConfig/List', { token: admin, body: { Page: 1, Limit: 10000, Data: { EnvName: 'UAT' } } })).body.count).toBe(0);
  });

  it('lists the system apps in the legacy shape', async () => {
    const apps = await server.call('POST', '/SysApp/List', { token: admin, body: { Page: 1, Limit: 100000 } });
    expect(apps.body.Result.map((a: { Code: string }) => a.Code)).toEqual(['DEMO', 'SCM']);
    expect(apps.body.TotalCount).toBe(2);
  });
});
