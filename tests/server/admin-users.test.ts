/**
 * User administration as an administrator sees it: duplicate users refused with '该用户已存在',
 * locking ends the locked user's session at once, generated passwords shown once and working,
 * passwords never returned, and organisation scope: an administrator cannot act in an
 * organisation they do not belong to by sending another OrganizeId.
 */
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { describeServer } from './support/test-server.ts';

describeServer('user administration', {}, (server) => {
  let admin: string;
  /** A system administrator of 一厂 only (F01). */
  let f01Admin: string;

  beforeAll(async () => {
    admin = (await server.login('ADMIN', 'admin123', 'org-f01')).Token;
    const user = await server.createUser({ roleId: 'role-system-admin', orgIds: ['org-f01'] });
    f01Admin = (await server.login(user.userName, user.password, 'org-f01')).Token;
  });

  const newUser = (userName: string, extra: Record<string, unknown> = {}) => ({
    USER_NAME: userName,
    NICK_NAME: `${userName} nick`,
    ROLE_IDS: ['role-operator'],
    ORGANIZE_IDS: ['org-f01'],
    PHONE: '13800000000',
    EMAIL: `${userName}@example.com`,
    WECHAT_ID: 'wx-1',
    DINGTALK_ID: 'dd-1',
    USER_TYPE: 'STAFF',
    REMARK: 'made by a test',
    IS_AVAILABLE: true,
    ...extra,
  });

  it('adds a user with every field and a generated password that works once shown', async () => {
    const saved = await server.call('POST', '/User/AddOrModifySave', { token: admin, body: newUser('alice') });
    expect(saved.status).toBe(200);
    const password = saved.body.data.Password as string;
    expect(password).toMatch(/^\S{12}$/);
    const listed = await server.call('GET', '/User/LoadData', { token: admin, query: { Key: 'alice' } });
    expect(listed.body.count).toBe(1);
    expect(listed.body.data[0]).toMatchObject({ USER_NAME: 'alice', ROLE_NAME: '仓库操作员', PHONE: '13800000000', ORGANIZE_IDS: ['org-f01'], IS_LOCKED: false });
    expect(JSON.stringify(listed.body)).not.toMatch(/password|scrypt/i);
    expect((await server.login('alice', password, 'org-f01')).Userinfo.USER_NAME).toBe('alice');
  });

  it("refuses a duplicate user name (any letter case) with '该用户已存在'", async () => {
    await server.call('POST', '/User/AddOrModifySave', { token: admin, body: newUser('bob', { Password: await server.encrypt('bob-pass') }) });
    const duplicate = await server.call('POST', '/User/AddOrModifySave', { token: admin, body: newUser('BOB') });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.msg).toBe('该用户已存在');
    // About the user name field, where the user form marks it.
    expect(duplicate.body.data).toEqual({ Field: 'USER_NAME' });
    expect((await server.call('POST', '/User/IsExistsName', { token: admin, body: { USER_NAME: 'Bob' } })).body.data).toBe(true);
    expect((await server.call('POST', '/User/IsExistsName', { token: admin, body: { USER_NAME: 'nobody-here' } })).body.data).toBe(false);
  });

  it("locking a user makes their existing token answer 401 at once; unlocking lets them log in again", async () => {
    const user = await server.createUser();
    const { Token } = await server.login(user.userName, user.password, 'org-f01');
    expect((await server.call('POST', '/Auth/GetUserInfoByToken', { token: Token })).status).toBe(200);

    const locked = await server.call('POST', '/User/ChangeLockStatus', { token: admin, body: { ID: user.id, IS_LOCKED: true } });
    expect(locked.status).toBe(200);
    const after = await server.call('POST', '/Auth/GetUserInfoByToken', { token: Token });
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('登录已过期，请重新登录');
    expect((await server.attemptLogin(user.userName, user.password, 'org-f01')).body.ErrorInfo.Status).toBe(true);

    await server.call('POST', '/User/ChangeLockStatus', { token: admin, body: { ID: user.id, IS_LOCKED: false } });
    expect((await server.login(user.userName, user.password, 'org-f01')).Token).toBeTruthy();
  });

  it('resets a password to the administrator\'s value or a generated one, ending the old sessions', async () => {
    const user = await server.createUser();
    const { Token } = await server.login(user.userName, user.password, 'org-f01');
    const chosen = await server.call('POST', '/User/ResetPassword', { token: admin, body: { ID: user.id, Password: await server.encrypt('chosen-1') } });
    expect(chosen.body.data.Password).toBeNull();
    expect((await server.call('POST', '/Auth/GetUserInfoByToken', { token: Token })).status).toBe(401);
    await server.login(user.userName, 'chosen-1', 'org-f01');

    const tooShort = await server.call('POST', '/User/ResetPassword', { token: admin, body: { ID: user.id, Password: await server.encrypt('abc') } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.msg).toBe('密码长度必须大于3且小于33');

    const generated = await server.call('POST', '/User/ResetPassword', { token: admin, body: { ID: user.id } });
    await server.login(user.userName, generated.body.data.Password, 'org-f01');
  });

  it('deletes a user, but never oneself', async () => {
    const user = await server.createUser();
    expect((await server.call('POST', '/User/Delete', { token: admin, query: { id: user.id } })).status).toBe(200);
    expect((await server.call('GET', '/User/LoadData', { token: admin, query: { Key: user.userName } })).body.count).toBe(0);
    const self = await server.call('POST', '/User/Delete', { token: admin, query: { id: 'user-admin' } });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('不能删除自己的账户');
  });

  it("keeps a user's own menu choice per terminal", async () => {
    const user = await server.createUser();
    const saved = await server.call('POST', '/User/SaveUserMenu', { token: admin, body: { USER_ID: user.id, APP_CODE: 'PC', MENU_IDS: ['menu-Admin', 'menu-AdminUser'] } });
    expect(saved.status).toBe(200);
    const tree = (await server.call('GET', '/User/GetUserMenuTree', { token: admin, query: { userId: user.id } })).body.data;
    expect(tree.CheckedIds).toEqual(['menu-Admin', 'menu-AdminUser']);
    expect(tree.Menus.map((m: { Menu_Code: string }) => m.Menu_Code)).toContain('Admin');
    expect((await server.call('GET', '/User/GetUserMenuTree', { token: admin, query: { userId: user.id, appCode: 'PDA' } })).body.data.CheckedIds).toEqual([]);
  });

  it('exports the searched users as an xlsx with the columns in the caller\'s language', async () => {
    const exported = await server.call('GET', '/User/ExportData', { token: admin, query: { Key: 'alice' }, language: 'en' });
    expect(exported.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawBody as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('User name');
    expect(sheet.getRow(2).getCell(1).value).toBe('alice');
    expect(sheet.rowCount).toBe(2);
  });

  it('an administrator cannot act in an organisation they do not belong to by sending another OrganizeId', async () => {
    // The header: 二厂 is not theirs.
    const header = await server.call('GET', '/User/LoadData', { token: f01Admin, orgId: 'org-f02' });
    expect(header.status).toBe(403);
    expect(header.body.msg).toBe('拒绝访问');
    // The query: the users of 二厂.
    expect((await server.call('GET', '/User/LoadData', { token: f01Admin, query: { ORGANIZE_ID: 'org-f02' } })).status).toBe(403);
    // The body: a user put into 二厂.
    const body = await server.call('POST', '/User/AddOrModifySave', { token: f01Admin, body: newUser('carol', { ORGANIZE_IDS: ['org-f02'] }) });
    expect(body.status).toBe(403);
    expect(body.body.msg).toBe('拒绝访问');
    expect((await server.call('POST', '/User/IsExistsName', { token: admin, body: { USER_NAME: 'carol' } })).body.data).toBe(false);
    // A user of 二厂 only is out of their reach.
    const f02User = await server.createUser({ orgIds: ['org-f02'] });
    expect((await server.call('POST', '/User/ChangeLockStatus', { token: f01Admin, body: { ID: f02User.id, IS_LOCKED: true } })).status).toBe(403);
    expect((await server.call('GET', '/User/GetUserMenuTree', { token: f01Admin, query: { userId: f02User.id } })).status).toBe(403);
    // Their own organisation works, and their list holds only its users.
    expect((await server.call('POST', '/User/AddOrModifySave', { token: f01Admin, body: newUser('dave') })).status).toBe(200);
    const listed = await server.call('GET', '/User/LoadData', { token: f01Admin, query: { Limit: 1000 } });
    expect(listed.body.data.every((u: { ORGANIZE_IDS: string[] }) => u.ORGANIZE_IDS.includes('org-f01'))).toBe(true);
  });
});
