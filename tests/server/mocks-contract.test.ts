/**
 * The mock back end (`npm run dev:mock`, unit tests) keeps the contract: every answer of the
 * stateful scenarios — success and failure paths — and every generated fixture validates against
 * the operation's declared status and schema (openapi/generated/openapi.json, ajv 2020).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import forge from 'node-forge';
import { setupServer } from 'msw/node';
import { listContractOperations, loadContract } from '../../server/contract.ts';
import { getMockDb, resetMockDb } from '../../mocks/db';
import { generatedHandlers } from '../../mocks/generated/handlers';
import { mockHandlers } from '../../mocks/handlers';
import { createContractResponseChecker } from './support/contract-responses.ts';

const SCENARIO_BASE = 'http://mock.test/api';
const FIXTURE_BASE = 'http://fixtures.test/api';

const contract = loadContract();
const contractViolations = createContractResponseChecker(contract);
const server = setupServer(...mockHandlers(SCENARIO_BASE), ...generatedHandlers(FIXTURE_BASE));

let violations: string[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  violations = [];
  resetMockDb({ captcha: false });
});
afterEach(() => {
  expect(violations, 'mock answers that break the contract').toEqual([]);
});

interface Call {
  token?: string;
  organizeId?: string;
  query?: Record<string, string>;
  body?: unknown;
  language?: 'zh-chs' | 'en';
}

async function send(method: 'GET' | 'POST', path: string, call: Call = {}, base = SCENARIO_BASE) {
  const url = new URL(base + path);
  for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = { Device: 'PC', 'Accept-Language': call.language ?? 'zh-chs' };
  if (call.token) headers.Authorization = `Bearer ${call.token}`;
  if (call.organizeId) headers.OrganizeId = call.organizeId;
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, { method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) });
  const text = await response.text();
  violations.push(
    ...contractViolations({
      method,
      path,
      status: response.status,
      contentType: response.headers.get('content-type') ?? undefined,
      body: text,
    }),
  );
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, body: isJson ? JSON.parse(text) : text };
}

async function encrypt(plain: string): Promise<string> {
  const { body } = await send('GET', '/Auth/GetPublicKey');
  const publicKey = forge.pki.publicKeyFromPem(body.data.PublicKey) as forge.pki.rsa.PublicKey;
  return forge.util.encode64(publicKey.encrypt(forge.util.encodeUtf8(plain), 'RSAES-PKCS1-V1_5'));
}

async function logIn(UserName: string, password: string, organizeId: string, extra: Record<string, string> = {}) {
  return send('POST', '/Auth/GetToken', { organizeId, body: { UserName, Password: await encrypt(password), ...extra } });
}

async function tokenOf(UserName: string, password: string, organizeId = 'org-f01') {
  const { body } = await logIn(UserName, password, organizeId);
  return body.Result.Token as string;
}

describe('login', () => {
  it('with the right password gives a token, a ticket and the user', async () => {
    const { status, body } = await logIn('ADMIN', 'admin123', 'org-f02');

    expect(status).toBe(200);
    expect(body.ErrorInfo.Status).toBe(false);
    expect(body.Result).toMatchObject({ Userinfo: { USER_NAME: 'ADMIN', ORGANIZE_ID: 'org-f02' } });
  });

  it('with a wrong password counts the failures, then locks the account', async () => {
    const counts: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) counts.push((await logIn('operator', 'wrong', 'org-f01')).body.Result.errorCount);
    const lockedEvenWithTheRightPassword = await logIn('operator', 'operator123', 'org-f01');

    expect(counts).toEqual([1, 2, 3, 4, 5]);
    expect(lockedEvenWithTheRightPassword.body).toMatchObject({ ErrorInfo: { Status: true }, Result: { code: 423 } });
  });

  it('refuses an unknown user, a foreign organisation and a missing organisation', async () => {
    const unknown = await logIn('nobody', 'x', 'org-f01');
    const foreign = await logIn('operator', 'operator123', 'org-f02');
    const missing = await send('POST', '/Auth/GetToken', { body: { UserName: 'ADMIN', Password: await encrypt('admin123') } });

    expect(unknown.body.Result).toEqual({ errorCount: 0, msg: '用户名或密码错误', code: 401 });
    expect(foreign.body.Result).toMatchObject({ msg: '该用户不属于所选组织', code: 400 });
    expect(missing.body.Result).toMatchObject({ msg: '请选择组织', code: 400 });
  });

  it('checks the captcha when it is on, once per captcha', async () => {
    resetMockDb({ captcha: true });
    const { body: captcha } = await send('GET', '/Captcha/Get', { query: { width: '120', height: '40' } });
    const code = getMockDb().captchas.get(captcha.data.CaptchaId)!;

    const right = await logIn('ADMIN', 'admin123', 'org-f01', { CaptchaId: captcha.data.CaptchaId, CaptchaCode: code });
    const reused = await logIn('ADMIN', 'admin123', 'org-f01', { CaptchaId: captcha.data.CaptchaId, CaptchaCode: code });

    expect(right.body.ErrorInfo.Status).toBe(false);
    expect(reused.body.Result).toEqual({ errorCount: 0, msg: '验证码错误或已过期', code: 400 });
  });

  it('answers in English when asked to', async () => {
    const { body } = await send('POST', '/Auth/GetToken', {
      organizeId: 'org-f01',
      language: 'en',
      body: { UserName: 'nobody', Password: await encrypt('x') },
    });
    expect(body.Result.msg).toBe('Wrong user name or password');
  });

  it('without a password is a bad request', async () => {
    expect((await send('POST', '/Auth/GetToken', { body: { UserName: 'ADMIN', Password: '' } })).status).toBe(400);
  });
});

describe('login form data', () => {
  it('lists a user’s organisations, none for an unknown user, and needs a user name', async () => {
    const admin = await send('GET', '/User/GetOrgInfo', { query: { userName: 'ADMIN' } });
    const unknown = await send('GET', '/User/GetOrgInfo', { query: { userName: 'nobody' } });
    const missing = await send('GET', '/User/GetOrgInfo');

    expect(admin.body.data.map((org: { OrganizeCode: string }) => org.OrganizeCode)).toEqual(['F01', 'F02']);
    expect(unknown.body.data).toEqual([]);
    expect(missing.status).toBe(400);
  });

  it('serves a captcha, or says it is off', async () => {
    const off = await send('GET', '/Captcha/Get');
    resetMockDb({ captcha: true });
    const on = await send('GET', '/Captcha/Get');

    expect(off.body.data.Enabled).toBe(false);
    expect(on.body.data).toMatchObject({ Enabled: true, Image: expect.stringContaining('<svg') });
  });
});

describe('signed-in calls', () => {
  it('answer the token’s user, menus, buttons, child apps and configuration', async () => {
    const token = await tokenOf('ADMIN', 'admin123');

    const user = await send('POST', '/Auth/GetUserInfoByToken', { token, organizeId: 'org-f01' });
    const menus = await send('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: 'role-super-admin', appCode: 'PC' } });
    const buttons = await send('GET', '/Role/GetAllButtonByRoleId', { token, query: { appCode: 'PC' } });
    const apps = await send('GET', '/SysApp/GetAll', { token });
    const pathConfig = await send('GET', '/SysConfig/GetApiPathConfig', { token });
    const envVars = await send('GET', '/SysEnvConfig/GetEnvVars', { token });

    expect(user.body.data.USER_NAME).toBe('ADMIN');
    expect(menus.body.data.length).toBeGreaterThan(0);
    expect(Object.keys(buttons.body.data).length).toBeGreaterThan(0);
    expect(apps.body.Result.map((app: { Code: string }) => app.Code)).toContain('DEMO');
    expect(pathConfig.body.data).toHaveProperty('REPORT_HOST');
    expect(envVars.body.data.length).toBeGreaterThan(0);
  });

  it('give an operator only the granted menus, and not another role’s menus', async () => {
    const token = await tokenOf('operator', 'operator123');

    const own = await send('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: 'role-operator' } });
    const other = await send('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: 'role-super-admin' } });
    const noRole = await send('GET', '/Role/LoadMenusByRoleId', { token });

    const codes = JSON.stringify(own.body.data);
    expect(codes).toContain('"BillIN"');
    expect(codes).not.toContain('"AdminUser"');
    expect(other.status).toBe(403);
    expect(noRole.status).toBe(400);
  });

  it('without a valid token are refused with 401', async () => {
    const calls = [
      send('POST', '/Auth/GetUserInfoByToken'),
      send('POST', '/Auth/Logout', { token: 'forged' }),
      send('POST', '/Auth/NewTicket', { token: 'forged' }),
      send('GET', '/Role/LoadMenusByRoleId', { query: { roleId: 'role-operator' } }),
      send('GET', '/Role/GetAllButtonByRoleId'),
      send('GET', '/SysApp/GetAll'),
      send('GET', '/SysConfig/GetApiPathConfig'),
      send('GET', '/SysEnvConfig/GetEnvVars'),
      send('POST', '/User/ChangePassword', {
        body: { Id: 'user-admin', User_Name: 'ADMIN', OldPassword: 'x', NewPassword: 'y', NewPasswordRe: 'y' },
      }),
    ];
    expect((await Promise.all(calls)).map((answer) => answer.status)).toEqual(Array(calls.length).fill(401));
  });

  it('in an organisation the user does not belong to are refused with 403', async () => {
    const token = await tokenOf('operator', 'operator123');
    expect((await send('POST', '/Auth/GetUserInfoByToken', { token, organizeId: 'org-f02' })).status).toBe(403);
  });
});

describe('single sign-on and logout', () => {
  it('a ticket gives its session’s token until logout revokes it', async () => {
    const { body } = await logIn('ADMIN', 'admin123', 'org-f01');
    const { Token: token, Ticket: ticket } = body.Result;

    const valid = await send('GET', '/Auth/SsoValidate', { query: { ticket } });
    const logout = await send('POST', '/Auth/Logout', { token });
    const afterLogout = await send('GET', '/Auth/SsoValidate', { query: { ticket } });
    const tokenAfterLogout = await send('POST', '/Auth/GetUserInfoByToken', { token });
    const noTicket = await send('GET', '/Auth/SsoValidate');

    expect(valid.body.data.Token).toBe(token);
    expect(logout.status).toBe(200);
    expect(afterLogout.status).toBe(401);
    expect(tokenAfterLogout.status).toBe(401);
    expect(noTicket.status).toBe(400);
  });

  it('each ticket is good for one exchange; Auth/NewTicket gives a new one per child-app frame load', async () => {
    const { body } = await logIn('ADMIN', 'admin123', 'org-f01');
    const { Token: token, Ticket: loginTicket } = body.Result;

    const loginExchanges = [await send('GET', '/Auth/SsoValidate', { query: { ticket: loginTicket } }), await send('GET', '/Auth/SsoValidate', { query: { ticket: loginTicket } })];
    const frameTicket = (await send('POST', '/Auth/NewTicket', { token })).body.data.Ticket;
    const frameExchanges = [await send('GET', '/Auth/SsoValidate', { query: { ticket: frameTicket } }), await send('GET', '/Auth/SsoValidate', { query: { ticket: frameTicket } })];
    await send('POST', '/Auth/Logout', { token });
    const afterLogout = (await send('POST', '/Auth/NewTicket', { token })).status;

    expect(loginExchanges.map((answer) => answer.status)).toEqual([200, 401]);
    expect(frameTicket).not.toBe(loginTicket);
    expect(frameExchanges.map((answer) => answer.status)).toEqual([200, 401]);
    expect(frameExchanges[0].body.data.Token).toBe(token);
    expect(afterLogout).toBe(401);
  });
});

describe('password change', () => {
  const change = async (token: string, passwords: [string, string, string], who = { Id: 'user-operator', User_Name: 'operator' }) =>
    send('POST', '/User/ChangePassword', {
      token,
      body: {
        ...who,
        OldPassword: await encrypt(passwords[0]),
        NewPassword: await encrypt(passwords[1]),
        NewPasswordRe: await encrypt(passwords[2]),
      },
    });

  it('refuses a wrong old password, a bad length and a mismatch with code 400 and the rule’s message', async () => {
    const token = await tokenOf('operator', 'operator123');

    const answers = await Promise.all([
      change(token, ['guess', 'n3w-pass', 'n3w-pass']),
      change(token, ['operator123', 'abc', 'abc']),
      change(token, ['operator123', 'n3w-pass', 'other-pass']),
    ]);

    expect(answers.map((a) => [a.status, a.body.code, a.body.msg])).toEqual([
      [200, 400, '旧密码错误'],
      [200, 400, '密码长度必须大于3且小于33'],
      [200, 400, '两次输入的密码不一致!'],
    ]);
  });

  it('refuses to change someone else’s password', async () => {
    const token = await tokenOf('operator', 'operator123');
    expect((await change(token, ['admin123', 'n3w-pass', 'n3w-pass'], { Id: 'user-admin', User_Name: 'ADMIN' })).status).toBe(403);
  });

  it('changes it, ends the sessions and lets the new password in', async () => {
    const token = await tokenOf('operator', 'operator123');

    const changed = await change(token, ['operator123', 'n3w-pass', 'n3w-pass']);
    const oldToken = await send('POST', '/Auth/GetUserInfoByToken', { token });
    const newLogin = await logIn('operator', 'n3w-pass', 'org-f01');

    expect(changed.body).toMatchObject({ code: 200, msg: '修改成功，请重新登录' });
    expect(oldToken.status).toBe(401);
    expect(newLogin.body.ErrorInfo.Status).toBe(false);
  });
});

describe('generated fixtures', () => {
  const operations = listContractOperations(contract);

  it.each(operations.map((op) => [op.operationId, op] as const))('%s answers its example within the contract', async (_, op) => {
    const { status } = await send(op.method as 'GET' | 'POST', op.path, {}, FIXTURE_BASE);
    expect(status).toBe(200);
  });

  it('hold no schema placeholder: a screen on the mocks never shows "string" (issue 16)', async () => {
    const text = (await import('node:fs')).readFileSync(new URL('../../mocks/generated/fixtures.json', import.meta.url), 'utf8');
    expect(text.match(/"string"/g) ?? []).toEqual([]);
  });
});

describe('administration: users with several roles', () => {
  const saveUser = async (token: string, body: Record<string, unknown>) =>
    send('POST', '/User/AddOrModifySave', { token, organizeId: 'org-f01', body: { NICK_NAME: 'Two roles', ORGANIZE_IDS: ['org-f01'], ...body } });
  const codesOf = (items: { Menu_Code: string; children?: unknown[] }[]): string[] =>
    items.flatMap((m) => [m.Menu_Code, ...codesOf((m.children ?? []) as { Menu_Code: string }[])]);

  it('saves a user with two roles, who logs in with both and sees the union of their menus and buttons', async () => {
    const admin = await tokenOf('ADMIN', 'admin123');
    const roles = await send('GET', '/Role/GetAll', { token: admin });
    expect(roles.body.data.map((r: { ROLE_NAME: string }) => r.ROLE_NAME).sort()).toEqual(['仓库操作员', '系统管理员', '超级管理员'].sort());

    const saved = await saveUser(admin, { USER_NAME: 'twoRoles', ROLE_IDS: ['role-operator', 'role-system-admin'], Password: await encrypt('two-roles') });
    expect(saved.body).toMatchObject({ code: 200, msg: '保存成功', data: { Password: null } });
    const listed = await send('GET', '/User/LoadData', { token: admin, query: { Key: 'tworoles', Page: '1', Limit: '10' } });
    expect(listed.body).toMatchObject({
      count: 1,
      data: [{ ROLE_IDS: ['role-operator', 'role-system-admin'], ROLE_ID: 'role-operator,role-system-admin', ROLE_NAMES: ['仓库操作员', '系统管理员'] }],
    });
    const byRole = await send('GET', '/User/LoadData', { token: admin, query: { ROLE_ID: 'role-system-admin' } });
    expect(byRole.body.data.map((u: { USER_NAME: string }) => u.USER_NAME)).toEqual(['twoRoles']);

    const login = await logIn('twoRoles', 'two-roles', 'org-f01');
    expect(login.body.Result.Userinfo).toMatchObject({ ROLE_ID: 'role-operator,role-system-admin', ROLE_IDS: ['role-operator', 'role-system-admin'] });
    const token = login.body.Result.Token as string;
    const info = await send('POST', '/Auth/GetUserInfoByToken', { token });
    expect(info.body.data.ROLE_IDS).toEqual(['role-operator', 'role-system-admin']);

    const menus = codesOf((await send('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: info.body.data.ROLE_ID } })).body.data);
    expect(menus).toEqual(expect.arrayContaining(['BillIN', 'WarehouseReceiving', 'AdminUser', 'AdminToolsFile']));
    expect(menus.filter((code) => code === 'HomeArea')).toHaveLength(1);
    const pda = codesOf((await send('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: info.body.data.ROLE_ID, appCode: 'PDA' } })).body.data);
    expect(pda).toContain('PdaReceiveScan');
    const buttons = (await send('GET', '/Role/GetAllButtonByRoleId', { token })).body.data;
    expect(buttons['menu-AdminUser']).toContain('ResetPassword');
    expect(buttons['menu-MasterPart']).toEqual(['SeniorSearch', 'SeniorColumn']);
    // Only one's own roles, not a role one lacks.
    expect((await send('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: 'role-super-admin' } })).status).toBe(403);

    // Down to one role: the other role's menus are gone from the next call.
    const id = listed.body.data[0].ID;
    await saveUser(admin, { ID: id, USER_NAME: 'twoRoles', ROLE_IDS: ['role-operator'] });
    const after = await send('POST', '/Auth/GetUserInfoByToken', { token });
    expect(after.body.data.ROLE_IDS).toEqual(['role-operator']);
    expect(codesOf((await send('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: after.body.data.ROLE_ID } })).body.data)).not.toContain('AdminUser');
  });

  it('refuses a duplicate user, an unknown role and a missing organisation with the server’s messages', async () => {
    const admin = await tokenOf('ADMIN', 'admin123');
    const duplicate = await saveUser(admin, { USER_NAME: 'operator', ROLE_IDS: ['role-operator'] });
    const unknownRole = await saveUser(admin, { USER_NAME: 'someone', ROLE_IDS: ['role-nope'] });
    const noOrganization = await saveUser(admin, { USER_NAME: 'someone', ROLE_IDS: ['role-operator'], ORGANIZE_IDS: [] });
    const taken = await send('POST', '/User/IsExistsName', { token: admin, body: { USER_NAME: 'OPERATOR' } });

    expect([duplicate, unknownRole, noOrganization].map((a) => [a.status, a.body.msg, a.body.data])).toEqual([
      // As the server: about the user name field, which the user form marks.
      [409, '该用户已存在', { Field: 'USER_NAME' }],
      [400, '角色 role-nope 不存在', null],
      [400, '请至少选择一个组织', null],
    ]);
    expect(taken.body.data).toBe(true);
  });

  it('a new user without a typed password gets a generated one, shown once, that logs in', async () => {
    const admin = await tokenOf('ADMIN', 'admin123');
    const saved = await saveUser(admin, { USER_NAME: 'generated', ROLE_IDS: ['role-operator'] });
    expect(saved.body.data.Password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await logIn('generated', saved.body.data.Password, 'org-f01')).body.ErrorInfo.Status).toBe(false);
  });

  it('locking a user ends their session at once and refuses their login until unlocked', async () => {
    const admin = await tokenOf('ADMIN', 'admin123');
    const token = await tokenOf('operator', 'operator123');
    const lock = (IS_LOCKED: boolean) => send('POST', '/User/ChangeLockStatus', { token: admin, body: { ID: 'user-operator', IS_LOCKED } });

    await lock(true);
    expect((await send('POST', '/Auth/GetUserInfoByToken', { token })).status).toBe(401);
    expect((await logIn('operator', 'operator123', 'org-f01')).body.Result).toMatchObject({ code: 423, msg: '账户已被管理员锁定，请联系管理员' });
    expect((await send('POST', '/User/ChangeLockStatus', { token: admin, body: { ID: 'user-admin', IS_LOCKED: true } })).body.msg).toBe('不能锁定自己的账户');
    await lock(false);
    expect((await send('POST', '/Auth/GetUserInfoByToken', { token })).status).toBe(401);
    expect((await logIn('operator', 'operator123', 'org-f01')).body.ErrorInfo.Status).toBe(false);
  });

  it('menus given to a user directly add to their roles’ menus', async () => {
    const admin = await tokenOf('ADMIN', 'admin123');
    await send('POST', '/User/SaveUserMenu', { token: admin, body: { USER_ID: 'user-operator', APP_CODE: 'PAD', MENU_IDS: ['menu-PadBoards', 'menu-PadLineKanban'] } });
    const tree = await send('GET', '/User/GetUserMenuTree', { token: admin, query: { userId: 'user-operator', appCode: 'PAD' } });
    expect(tree.body.data).toMatchObject({ CheckedIds: ['menu-PadBoards', 'menu-PadLineKanban'], RoleMenuIds: ['menu-PadLineSide', 'menu-PadMaterialCall'] });

    const token = await tokenOf('operator', 'operator123');
    const pad = codesOf((await send('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: 'role-operator', appCode: 'PAD' } })).body.data);
    expect(pad.sort()).toEqual(['PadBoards', 'PadLineKanban', 'PadLineSide', 'PadMaterialCall']);
  });

  it('refuses administration calls without a valid token with 401', async () => {
    const calls = [
      send('GET', '/User/LoadData'),
      send('GET', '/Role/GetAll'),
      send('GET', '/Menu/LoadData2Tree', { query: { terminal: 'PDA' } }),
      send('GET', '/Role/GetPermissions', { query: { roleId: 'role-operator' } }),
    ];
    expect((await Promise.all(calls)).map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
  });
});

describe('administration: PDA and tablet menus', () => {
  interface TreeItem {
    Id: string;
    Menu_Code: string;
    Terminal?: string;
    children?: TreeItem[];
  }
  const flat = (items: TreeItem[]): TreeItem[] => items.flatMap((m) => [m, ...flat(m.children ?? [])]);
  const tree = async (token: string, terminal?: string) =>
    flat((await send('GET', '/Menu/LoadData2Tree', { token, query: terminal ? { terminal } : {} })).body.data);

  it('serve each terminal its own seeded tree', async () => {
    const admin = await tokenOf('ADMIN', 'admin123');
    const pda = await tree(admin, 'PDA');
    const pad = await tree(admin, 'PAD');
    const pc = await tree(admin, 'PC');

    expect(pda.map((m) => m.Menu_Code)).toEqual(expect.arrayContaining(['PdaInbound', 'PdaReceiveScan', 'PdaReelSplit']));
    expect(pda.every((m) => m.Terminal === 'PDA')).toBe(true);
    expect(pad.map((m) => m.Menu_Code)).toEqual(expect.arrayContaining(['PadLineKanban', 'PadMaterialCall']));
    expect(pc.some((m) => m.Terminal !== 'PC')).toBe(false);
    expect(pc.find((m) => m.Menu_Code === 'AdminToolsFile')).toMatchObject({ Buttons: expect.arrayContaining([expect.objectContaining({ Menu_Code: 'Save' })]) });
  });

  it('give a role PDA and tablet menus per terminal, which its users then see', async () => {
    const admin = await tokenOf('ADMIN', 'admin123');
    const before = await send('GET', '/Role/GetPermissions', { token: admin, query: { roleId: 'role-operator', appCode: 'PAD' } });
    expect(before.body.data).toEqual({ MenuIds: ['menu-PadLineSide', 'menu-PadMaterialCall'], ButtonIds: [] });

    const save = (APP_CODE: string, MENU_IDS: string[], BUTTON_IDS: string[] = []) =>
      send('POST', '/Role/SavePermissions', { token: admin, body: { ROLE_ID: 'role-system-admin', APP_CODE, MENU_IDS, BUTTON_IDS } });
    expect((await save('PDA', ['menu-PdaQuery', 'menu-PdaStockQuery'])).body.msg).toBe('保存成功');
    expect((await save('PAD', ['menu-PadBoards', 'menu-PadWarehouseKanban'])).status).toBe(200);
    // A portal menu is not one of the PDA tree's; a button needs its menu.
    expect((await save('PDA', ['menu-AdminUser'])).body).toMatchObject({ code: 400, msg: '菜单 menu-AdminUser 不存在或不属于该终端' });
    expect((await save('PDA', ['menu-PdaQuery'], ['button-AdminUser-Save'])).status).toBe(400);

    const portal = await send('GET', '/Role/GetPermissions', { token: admin, query: { roleId: 'role-system-admin', appCode: 'PC' } });
    expect(portal.body.data.MenuIds).toContain('menu-AdminToolsFile');
    expect(portal.body.data.ButtonIds).toContain('button-AdminToolsFile-Save');

    const saved = await send('POST', '/User/AddOrModifySave', {
      token: admin,
      body: { USER_NAME: 'sysadmin', NICK_NAME: 'Sys', ROLE_IDS: ['role-system-admin'], ORGANIZE_IDS: ['org-f01'], Password: await encrypt('sys-admin') },
    });
    expect(saved.status).toBe(200);
    const token = await tokenOf('sysadmin', 'sys-admin');
    const pda = (await send('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: 'role-system-admin', appCode: 'PDA' } })).body.data;
    expect(pda).toMatchObject([{ Menu_Code: 'PdaQuery', children: [{ Menu_Code: 'PdaStockQuery' }] }]);
    const pad = flat((await send('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: 'role-system-admin', appCode: 'PAD' } })).body.data);
    expect(pad.map((m) => m.Menu_Code)).toEqual(['PadBoards', 'PadWarehouseKanban']);
  });

  it('add, edit and delete a PDA menu and its button within the PDA tree, with the menu rules', async () => {
    const admin = await tokenOf('ADMIN', 'admin123');
    const saveMenu = (body: Record<string, unknown>) => send('POST', '/Menu/AddOrModifySave', { token: admin, body });
    const added = await saveMenu({ Terminal: 'PDA', Parent_Id: 'menu-PdaInventory', Menu_Code: 'PdaLabel', Menu_Name: '标签补打', Link_Url: '/pda/label' });
    expect(added.body.data).toMatchObject({ Terminal: 'PDA', Parent_Id: 'menu-PdaInventory', Buttons: [] });
    const id = added.body.data.Id as string;
    expect((await tree(admin, 'PDA')).map((m) => m.Menu_Code)).toContain('PdaLabel');
    expect((await tree(admin, 'PC')).map((m) => m.Menu_Code)).not.toContain('PdaLabel');

    const refusals = await Promise.all([
      saveMenu({ Terminal: 'PDA', Menu_Code: 'PdaOther', Menu_Name: 'x', Link_Url: '/pda/label' }),
      saveMenu({ Id: id, Parent_Id: id, Menu_Code: 'PdaLabel', Menu_Name: 'x' }),
      saveMenu({ Id: 'menu-PdaInventory', Parent_Id: id, Menu_Code: 'PdaInventory', Menu_Name: 'x' }),
      saveMenu({ Terminal: 'PDA', Parent_Id: 'menu-Admin', Menu_Code: 'PdaWrong', Menu_Name: 'x' }),
    ]);
    expect(refusals.map((a) => [a.status, a.body.msg, a.body.data])).toEqual([
      [409, '该路由地址已存在', { Field: 'Link_Url' }],
      [400, '菜单不能是自己的上级菜单', null],
      [400, '不能把菜单移到它自己的下级菜单之下', null],
      [400, '上级菜单属于其他终端', null],
    ]);

    const button = await send('POST', '/Menu/AddOrModifySubSave', { token: admin, body: { Parent_Id: id, Menu_Code: 'Print', Button_Name: '打印' } });
    expect(button.body.data).toMatchObject({ ParentMenuCode: 'PdaLabel', Menu_Code: 'Print' });
    const renamed = await saveMenu({ Id: id, Parent_Id: 'menu-PdaInventory', Menu_Code: 'PdaLabel2', Menu_Name: '标签重打', Link_Url: '/pda/label' });
    expect(renamed.body.data).toMatchObject({ Terminal: 'PDA', Buttons: [{ ParentMenuCode: 'PdaLabel2' }] });
    expect((await send('GET', '/Menu/LoadDataSub', { token: admin, query: { menuId: id } })).body.data).toHaveLength(1);

    // Deleting the parent takes the menu, its button and every grant of them with it.
    await send('POST', '/Role/SavePermissions', { token: admin, body: { ROLE_ID: 'role-operator', APP_CODE: 'PDA', MENU_IDS: ['menu-PdaInventory', id], BUTTON_IDS: [button.body.data.Id] } });
    expect((await send('POST', '/Menu/Delete', { token: admin, query: { id: 'menu-PdaInventory' } })).body.msg).toBe('删除成功');
    expect((await tree(admin, 'PDA')).map((m) => m.Menu_Code)).not.toContain('PdaLabel2');
    const left = await send('GET', '/Role/GetPermissions', { token: admin, query: { roleId: 'role-operator', appCode: 'PDA' } });
    expect(left.body.data).toEqual({ MenuIds: [], ButtonIds: [] });
    expect((await send('POST', '/Menu/DeleteSub', { token: admin, query: { id: button.body.data.Id } })).status).toBe(404);
  });

  it('let a caller with the PDA menu screen alone read and edit the PDA tree only', async () => {
    const admin = await tokenOf('ADMIN', 'admin123');
    const role = await send('POST', '/Role/AddOrModifySave', { token: admin, body: { ROLE_NAME: 'PDA editors', ROLE_TYPE: 'NORMAL' } });
    await send('POST', '/Role/SavePermissions', {
      token: admin,
      body: { ROLE_ID: role.body.data.ID, APP_CODE: 'PC', MENU_IDS: ['menu-Admin', 'menu-AdminPdaMenu'], BUTTON_IDS: ['button-AdminPdaMenu-Save'] },
    });
    await send('POST', '/User/AddOrModifySave', {
      token: admin,
      body: { USER_NAME: 'pdaEditor', NICK_NAME: 'PDA', ROLE_IDS: [role.body.data.ID], ORGANIZE_IDS: ['org-f01'], Password: await encrypt('pda-editor') },
    });
    const token = await tokenOf('pdaEditor', 'pda-editor');

    expect((await tree(token)).every((m) => m.Terminal === 'PDA')).toBe(true);
    expect((await send('GET', '/Menu/LoadData2Tree', { token, query: { terminal: 'PC' } })).status).toBe(403);
    const portalEdit = await send('POST', '/Menu/AddOrModifySave', { token, body: { Terminal: 'PC', Menu_Code: 'Sneaky', Menu_Name: 'x' } });
    expect([portalEdit.status, portalEdit.body.msg]).toEqual([403, '拒绝访问']);
    const pdaEdit = await send('POST', '/Menu/AddOrModifySave', { token, body: { Terminal: 'PDA', Parent_Id: 'menu-PdaQuery', Menu_Code: 'PdaNew', Menu_Name: 'x' } });
    expect(pdaEdit.status).toBe(200);
  });

  it('refuse deleting a system-default role or one in use, and a duplicate role name', async () => {
    const admin = await tokenOf('ADMIN', 'admin123');
    const systemDefault = await send('POST', '/Role/Delete', { token: admin, query: { id: 'role-super-admin' } });
    const inUse = await send('POST', '/Role/Delete', { token: admin, query: { id: 'role-operator' } });
    const duplicate = await send('POST', '/Role/AddOrModifySave', { token: admin, body: { ROLE_NAME: '仓库操作员', ROLE_TYPE: 'NORMAL' } });
    expect([systemDefault, inUse, duplicate].map((a) => [a.status, a.body.msg, a.body.data])).toEqual([
      [409, '系统默认角色不能删除', null],
      [409, '该记录正在使用中，不能删除', null],
      [409, '该角色名称已存在', { Field: 'ROLE_NAME' }],
    ]);
  });
});

describe('incoming inspection (mocks/scenarios/quality.ts)', () => {
  it('answers a document, its results, judgment, loose acceptance, SPC history, the grids’ exports and the return bill within the contract', async () => {
    const token = await tokenOf('ADMIN', 'admin123');
    const as = (body: unknown, language: 'zh-chs' | 'en' = 'zh-chs', who = token) => ({ token: who, organizeId: 'org-f01', body, language });

    const doc = await send('POST', '/Iqc/DocumentGet', as({ Id: 'IQC202611010001' }));
    expect([doc.status, doc.body.data.Status, doc.body.data.Items.length]).toEqual([200, 'PENDING', 2]);
    expect((await send('POST', '/Iqc/DocumentGet', as({ Id: 'IQC-NONE' }))).status).toBe(404);

    const tooMany = await send('POST', '/Iqc/SaveResults', as({ Id: doc.body.data.Id, Items: [{ CheckItemCode: 'RES', Measurements: Array.from({ length: 51 }, () => 10) }] }));
    expect(tooMany.status).toBe(400);
    const saved = await send('POST', '/Iqc/SaveResults', as({ Id: doc.body.data.Id, Items: [{ CheckItemCode: 'RES', Measurements: [10, 11, 12] }, { CheckItemCode: 'VIS', Defects: 0 }] }));
    expect([saved.status, saved.body.data.ComputedResult]).toEqual([200, 'REJECT']);

    const noDescription = await send('POST', '/Iqc/Judge', as({ Id: doc.body.data.Id, Result: 'REJECT' }, 'en'));
    expect([noDescription.status, noDescription.body.msg]).toEqual([400, 'The description cannot be empty when a reject is included']);
    const judged = await send('POST', '/Iqc/Judge', as({ Id: doc.body.data.Id, Result: 'REJECT', Description: '阻值超差' }));
    expect([judged.status, judged.body.data.Status]).toEqual([200, 'REJECTED']);

    const operator = await tokenOf('operator', 'operator123');
    expect((await send('POST', '/Iqc/LooseAccept', as({ Id: doc.body.data.Id, Reason: '让步' }, 'zh-chs', operator))).status).toBe(403);
    const loose = await send('POST', '/Iqc/LooseAccept', as({ Id: doc.body.data.Id, Reason: '客户同意让步接收' }));
    expect([loose.status, loose.body.data.Status, loose.body.data.Reels.every((r: { Concession: boolean }) => r.Concession)]).toEqual([200, 'CONCESSION', true]);

    const spc = await send('POST', '/Iqc/SpcHistory', as({ Id: doc.body.data.Id, CheckItemCode: 'RES' }));
    expect([spc.status, spc.body.data.at(-1).Measurements]).toEqual([200, [10, 11, 12]]);
    for (const LIST_ROUTE of ['/quality/report', '/quality/acceptance-rate', '/quality/defect-pareto']) {
      const exported = await send('POST', '/Iqc/ListExport', as({ LIST_ROUTE, conditions: [] }));
      expect(exported.status).toBe(200);
    }

    // The return bill of a rejected lot: only with 生成退货/报废单, once; then no loose acceptance.
    const rejected = await send('POST', '/Iqc/DocumentGet', as({ Id: 'IQC202611010004' }));
    expect(rejected.body.data.Status).toBe('REJECTED');
    expect((await send('POST', '/Iqc/MakeBill', as({ DocumentId: rejected.body.data.Id, BillType: 'RT' }, 'zh-chs', operator))).status).toBe(403);
    expect((await send('POST', '/Iqc/MakeBill', as({ DocumentId: doc.body.data.Id, BillType: 'RT' }))).status).toBe(409);
    const made = await send('POST', '/Iqc/MakeBill', as({ DocumentId: rejected.body.data.Id, BillType: 'BB' }));
    expect([made.status, made.body.data.BillCode.startsWith('BB')]).toEqual([200, true]);
    const again = await send('POST', '/Iqc/MakeBill', as({ DocumentId: rejected.body.data.Id, BillType: 'RT' }, 'en'));
    expect([again.status, again.body.msg]).toEqual([409, `The bill ${made.body.data.BillCode} has been made from the inspection document IQC202611010004 already`]);
    expect((await send('POST', '/Iqc/LooseAccept', as({ Id: rejected.body.data.Id, Reason: '让步' }))).status).toBe(409);
  });
});
