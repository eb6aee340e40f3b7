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
});
