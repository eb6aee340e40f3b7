/**
 * Issue 11 defect 2: a plant system administrator cannot make anyone (itself included) more than it
 * is. Nobody grants a role type, an organisation or a menu/button they do not hold; only a super
 * administrator acts on a super administrator or sets a role's type to super admin; the built-in
 * ADMIN cannot be locked, disabled, deleted or demoted by anyone else. Every refusal is a 403 with
 * its message and changes nothing; a super administrator still can.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeServer } from './support/test-server.ts';

const F01 = 'org-f01';
const F02 = 'org-f02';
const DENIED_ROLE_TYPE = '拒绝访问：不能授予高于自己的角色类型';
const DENIED_SUPER_ADMIN = '拒绝访问：只有超级管理员可以操作超级管理员及其角色';
const DENIED_BUILT_IN_ADMIN = '拒绝访问：内置管理员 ADMIN 不能被他人锁定、停用、删除或取消超级管理员角色';
const deniedMenu = (id: string) => `拒绝访问：不能授予自己没有的菜单或按钮 ${id}`;

describeServer('privilege rules', {}, (server) => {
  let admin: string;
  /** A system administrator of 一厂 (F01). */
  let sysAdmin: { id: string; userName: string; token: string };

  const userBody = (user: { id?: string; userName: string }, roleIds: string[], orgIds: string[], extra: Record<string, unknown> = {}) => ({
    ...(user.id ? { ID: user.id } : {}),
    USER_NAME: user.userName,
    NICK_NAME: user.userName,
    ROLE_IDS: roleIds,
    ORGANIZE_IDS: orgIds,
    ...extra,
  });
  const rolesOf = async (userId: string) =>
    (await server.db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute()).map((r) => r.role_id);
  const orgsOf = async (userId: string) =>
    (await server.db.selectFrom('user_organizations').select('org_id').where('user_id', '=', userId).orderBy('org_id').execute()).map((r) => r.org_id);
  const roleMenus = async (roleId: string) =>
    (await server.db.selectFrom('role_menus').select('menu_id').where('role_id', '=', roleId).where('app_code', '=', 'PC').orderBy('menu_id').execute()).map((r) => r.menu_id);
  const roleButtons = async (roleId: string) =>
    (await server.db.selectFrom('role_buttons').select('button_id').where('role_id', '=', roleId).orderBy('button_id').execute()).map((r) => r.button_id);
  const newRole = async (token: string, type: string) => {
    const saved = await server.call('POST', '/Role/AddOrModifySave', { token, body: { ROLE_NAME: `r-${randomBytes(3).toString('hex')}`, ROLE_TYPE: type } });
    expect(saved.status).toBe(200);
    return saved.body.data.ID as string;
  };
  const expectDenied = (answer: { status: number; body: { msg: string } }, msg: string) => {
    expect(answer.status).toBe(403);
    expect(answer.body.msg).toBe(msg);
  };

  beforeAll(async () => {
    admin = (await server.login('ADMIN', 'admin123', F01)).Token;
    const user = await server.createUser({ roleId: 'role-system-admin', orgIds: [F01] });
    sysAdmin = { ...user, token: (await server.login(user.userName, user.password, F01)).Token };
  });

  it('a system administrator cannot grant itself, or a new user, the super-administrator role', async () => {
    const self = await server.call('POST', '/User/AddOrModifySave', {
      token: sysAdmin.token,
      body: userBody(sysAdmin, ['role-system-admin', 'role-super-admin'], [F01]),
    });
    expectDenied(self, DENIED_ROLE_TYPE);
    expect(await rolesOf(sysAdmin.id)).toEqual(['role-system-admin']);

    const other = await server.call('POST', '/User/AddOrModifySave', { token: sysAdmin.token, body: userBody({ userName: 'would-be-super' }, ['role-super-admin'], [F01]) });
    expectDenied(other, DENIED_ROLE_TYPE);
    expect((await server.call('POST', '/User/IsExistsName', { token: admin, body: { USER_NAME: 'would-be-super' } })).body.data).toBe(false);

    // A role of its own type or a weaker one is its to give.
    const peer = await server.call('POST', '/User/AddOrModifySave', { token: sysAdmin.token, body: userBody({ userName: `peer-${randomBytes(2).toString('hex')}` }, ['role-system-admin', 'role-operator'], [F01]) });
    expect(peer.status).toBe(200);
  });

  it('a system administrator cannot add an organisation it is not in, nor take one away; the user keeps the others', async () => {
    const toSelf = await server.call('POST', '/User/AddOrModifySave', { token: sysAdmin.token, body: userBody(sysAdmin, ['role-system-admin'], [F01, F02]) });
    expectDenied(toSelf, '拒绝访问');
    expect(await orgsOf(sysAdmin.id)).toEqual([F01]);

    // A user of both plants: editing them keeps 二厂 (which the F01 administrator cannot give or take).
    const shared = await server.createUser({ orgIds: [F01, F02] });
    const keep = await server.call('POST', '/User/AddOrModifySave', { token: sysAdmin.token, body: userBody(shared, ['role-operator'], [F01, F02], { REMARK: 'edited' }) });
    expect(keep.status).toBe(200);
    const drop = await server.call('POST', '/User/AddOrModifySave', { token: sysAdmin.token, body: userBody(shared, ['role-operator'], [F01]) });
    expectDenied(drop, '拒绝访问');
    expect(await orgsOf(shared.id)).toEqual([F01, F02]);
  });

  it('a system administrator cannot give a role, or a user, a menu or button its own roles do not hold', async () => {
    const role = await newRole(sysAdmin.token, 'NORMAL');
    // 零件 (MasterPart) belongs to the operator role, not to the system administrator's.
    const menu = await server.call('POST', '/Role/SavePermissions', {
      token: sysAdmin.token,
      body: { ROLE_ID: role, APP_CODE: 'PC', MENU_IDS: ['menu-Admin', 'menu-AdminUser', 'menu-MasterData', 'menu-MasterPart'], BUTTON_IDS: [] },
    });
    expectDenied(menu, deniedMenu('menu-MasterData'));
    expect(await roleMenus(role)).toEqual([]);

    // Its own role cannot be widened either.
    const widenOwn = await server.call('POST', '/Role/SavePermissions', {
      token: sysAdmin.token,
      body: { ROLE_ID: 'role-system-admin', APP_CODE: 'PC', MENU_IDS: [...(await roleMenus('role-system-admin')), 'menu-MasterData'], BUTTON_IDS: await roleButtons('role-system-admin') },
    });
    expectDenied(widenOwn, deniedMenu('menu-MasterData'));

    // What a role had already may stay: re-saving the operator role as it is, plus a menu it holds, works.
    const operatorMenus = await roleMenus('role-operator');
    const operatorButtons = await roleButtons('role-operator');
    const resave = await server.call('POST', '/Role/SavePermissions', {
      token: sysAdmin.token,
      body: { ROLE_ID: 'role-operator', APP_CODE: 'PC', MENU_IDS: [...operatorMenus, 'menu-Admin', 'menu-AdminUser'], BUTTON_IDS: operatorButtons },
    });
    expect(resave.status).toBe(200);
    // A button the system administrator does not hold, of a menu the operator holds (物料 MasterPart: the operator
    // has only its search and column buttons).
    const notHeld = await server.db.selectFrom('menu_buttons').select('id').where('parent_menu_code', '=', 'MasterPart').where('id', 'not in', operatorButtons).executeTakeFirstOrThrow();
    const button = await server.call('POST', '/Role/SavePermissions', {
      token: sysAdmin.token,
      body: { ROLE_ID: 'role-operator', APP_CODE: 'PC', MENU_IDS: operatorMenus, BUTTON_IDS: [...operatorButtons, notHeld.id] },
    });
    expectDenied(button, deniedMenu(notHeld.id));
    expect(await roleButtons('role-operator')).toEqual(operatorButtons);

    // Menus given to a user directly follow the same rule.
    const user = await server.createUser({ orgIds: [F01] });
    const direct = await server.call('POST', '/User/SaveUserMenu', { token: sysAdmin.token, body: { USER_ID: user.id, APP_CODE: 'PC', MENU_IDS: ['menu-Admin', 'menu-MasterPart'] } });
    expectDenied(direct, deniedMenu('menu-MasterPart'));
    expect(await server.db.selectFrom('user_menus').select('menu_id').where('user_id', '=', user.id).execute()).toEqual([]);
    const held = await server.call('POST', '/User/SaveUserMenu', { token: sysAdmin.token, body: { USER_ID: user.id, APP_CODE: 'PC', MENU_IDS: ['menu-Admin', 'menu-AdminUser'] } });
    expect(held.status).toBe(200);
  });

  it('a system administrator cannot reset the password of, lock, edit or delete ADMIN, nor give ADMIN menus', async () => {
    const reset = await server.call('POST', '/User/ResetPassword', { token: sysAdmin.token, body: { ID: 'user-admin', Password: await server.encrypt('taken-over') } });
    expectDenied(reset, DENIED_SUPER_ADMIN);
    const lock = await server.call('POST', '/User/ChangeLockStatus', { token: sysAdmin.token, body: { ID: 'user-admin', IS_LOCKED: true } });
    expectDenied(lock, DENIED_SUPER_ADMIN);
    const edit = await server.call('POST', '/User/AddOrModifySave', { token: sysAdmin.token, body: userBody({ id: 'user-admin', userName: 'ADMIN' }, ['role-operator'], [F01, F02]) });
    expectDenied(edit, DENIED_SUPER_ADMIN);
    const menus = await server.call('POST', '/User/SaveUserMenu', { token: sysAdmin.token, body: { USER_ID: 'user-admin', APP_CODE: 'PC', MENU_IDS: [] } });
    expectDenied(menus, DENIED_SUPER_ADMIN);
    const remove = await server.call('POST', '/User/Delete', { token: sysAdmin.token, query: { id: 'user-admin' } });
    expectDenied(remove, DENIED_SUPER_ADMIN);

    // Nothing changed: ADMIN logs in with its password and is still super administrator, unlocked.
    const session = await server.login('ADMIN', 'admin123', F01);
    expect(session.Userinfo.ROLE_IDS).toEqual(['role-super-admin']);
  });

  it("a system administrator cannot set a role's type to super admin, nor touch a super-administrator role", async () => {
    const created = await server.call('POST', '/Role/AddOrModifySave', { token: sysAdmin.token, body: { ROLE_NAME: 'sneaky-super', ROLE_TYPE: 'SUPER_ADMIN' } });
    expectDenied(created, DENIED_ROLE_TYPE);
    expect(await server.db.selectFrom('roles').select('id').where('name', '=', 'sneaky-super').executeTakeFirst()).toBeUndefined();

    const own = await server.call('POST', '/Role/AddOrModifySave', {
      token: sysAdmin.token,
      body: { ID: 'role-system-admin', ROLE_NAME: '系统管理员', ROLE_TYPE: 'SUPER_ADMIN', IS_SYSTEM_DEFAULT: true },
    });
    expectDenied(own, DENIED_ROLE_TYPE);
    expect((await server.db.selectFrom('roles').select('role_type').where('id', '=', 'role-system-admin').executeTakeFirstOrThrow()).role_type).toBe('SYSTEM_ADMIN');

    const superRole = await newRole(admin, 'SUPER_ADMIN');
    const rename = await server.call('POST', '/Role/AddOrModifySave', { token: sysAdmin.token, body: { ID: superRole, ROLE_NAME: 'demoted', ROLE_TYPE: 'NORMAL' } });
    expectDenied(rename, DENIED_SUPER_ADMIN);
    const permissions = await server.call('POST', '/Role/SavePermissions', { token: sysAdmin.token, body: { ROLE_ID: superRole, APP_CODE: 'PC', MENU_IDS: [], BUTTON_IDS: [] } });
    expectDenied(permissions, DENIED_SUPER_ADMIN);
    const remove = await server.call('POST', '/Role/Delete', { token: sysAdmin.token, query: { id: superRole } });
    expectDenied(remove, DENIED_SUPER_ADMIN);
    expect((await server.db.selectFrom('roles').select('role_type').where('id', '=', superRole).executeTakeFirstOrThrow()).role_type).toBe('SUPER_ADMIN');
  });

  it('a super administrator still can: grant super admin, any organisation and any menu, set a role type to super admin, act on another super administrator', async () => {
    const user = await server.createUser({ orgIds: [F01] });
    const promoted = await server.call('POST', '/User/AddOrModifySave', { token: admin, body: userBody(user, ['role-super-admin'], [F01, F02]) });
    expect(promoted.status).toBe(200);
    expect(await rolesOf(user.id)).toEqual(['role-super-admin']);
    expect(await orgsOf(user.id)).toEqual([F01, F02]);

    const role = await newRole(admin, 'SUPER_ADMIN');
    const menus = await server.call('POST', '/Role/SavePermissions', { token: admin, body: { ROLE_ID: role, APP_CODE: 'PC', MENU_IDS: ['menu-MasterData', 'menu-MasterPart'], BUTTON_IDS: [] } });
    expect(menus.status).toBe(200);

    const other = await server.login(user.userName, user.password, F01);
    const target = await server.createUser({ roleId: 'role-super-admin', orgIds: [F01] });
    expect((await server.call('POST', '/User/ResetPassword', { token: other.Token, body: { ID: target.id } })).status).toBe(200);
    expect((await server.call('POST', '/User/ChangeLockStatus', { token: other.Token, body: { ID: target.id, IS_LOCKED: true } })).status).toBe(200);
    expect((await server.call('POST', '/User/Delete', { token: other.Token, query: { id: target.id } })).status).toBe(200);
  });

  it('another super administrator cannot lock, disable, delete or demote the built-in ADMIN', async () => {
    const peer = await server.createUser({ roleId: 'role-super-admin', orgIds: [F01, F02] });
    const token = (await server.login(peer.userName, peer.password, F01)).Token;
    expectDenied(await server.call('POST', '/User/ChangeLockStatus', { token, body: { ID: 'user-admin', IS_LOCKED: true } }), DENIED_BUILT_IN_ADMIN);
    expectDenied(await server.call('POST', '/User/Delete', { token, query: { id: 'user-admin' } }), DENIED_BUILT_IN_ADMIN);
    const admin = { id: 'user-admin', userName: 'ADMIN' };
    expectDenied(await server.call('POST', '/User/AddOrModifySave', { token, body: userBody(admin, ['role-super-admin'], [F01, F02], { IS_AVAILABLE: false }) }), DENIED_BUILT_IN_ADMIN);
    expectDenied(await server.call('POST', '/User/AddOrModifySave', { token, body: userBody(admin, ['role-system-admin'], [F01, F02]) }), DENIED_BUILT_IN_ADMIN);
    expect(await rolesOf('user-admin')).toEqual(['role-super-admin']);
    const row = await server.db.selectFrom('users').select(['is_locked', 'is_available']).where('id', '=', 'user-admin').executeTakeFirstOrThrow();
    expect(row).toEqual({ is_locked: false, is_available: true });
    // It may still edit ADMIN's other details.
    expect((await server.call('POST', '/User/AddOrModifySave', { token, body: userBody(admin, ['role-super-admin'], [F01, F02], { REMARK: 'the built-in one' }) })).status).toBe(200);
  });
});
