import { expect, it } from 'vitest';
import { storeCaptchaAnswer } from '../../server/modules/auth/captcha.ts';
import { setUserLocked } from '../../server/modules/users/accounts.ts';
import { describeServer } from './support/test-server.ts';

const F01 = 'org-f01';
const F02 = 'org-f02';
const LOCK_MS = 15 * 60_000;

describeServer('login', { config: { loginLock: { maxFailures: 5, durationMs: LOCK_MS, maxDurationMs: 4 * LOCK_MS } } }, (server) => {
  it('ADMIN logs in with the demo password and gets a token, a ticket and the user info', async () => {
    const { body } = await server.attemptLogin('ADMIN', 'admin123', F01);
    expect(body.ErrorInfo).toEqual({ Status: false, Message: '' });
    expect(body.Result.Token).toMatch(/^[\w-]{43}$/);
    expect(body.Result.Ticket).toMatch(/^[\w-]{43}$/);
    expect(body.Result.Userinfo).toEqual({
      ID: 'user-admin',
      USER_NAME: 'ADMIN',
      NICK_NAME: '管理员',
      ROLE_ID: 'role-super-admin',
      ROLE_IDS: ['role-super-admin'],
      ORGANIZE_ID: F01,
    });
  });

  it('the login form lists the organisations of a user name, and none for an unknown name', async () => {
    const admin = await server.call('GET', '/User/GetOrgInfo', { query: { userName: 'admin' } });
    expect(admin.body.data).toEqual([
      { Id: F01, OrganizeName: '一厂', OrganizeCode: 'F01' },
      { Id: F02, OrganizeName: '二厂', OrganizeCode: 'F02' },
    ]);
    const unknown = await server.call('GET', '/User/GetOrgInfo', { query: { userName: 'nobody-here' } });
    expect(unknown.body).toEqual({ code: 200, msg: '', data: [] });
  });

  it('a wrong password is refused with errorCount counting up', async () => {
    const user = await server.createUser();
    const first = await server.attemptLogin(user.userName, 'wrong', F01);
    const second = await server.attemptLogin(user.userName, 'wrong', F01);
    expect(first.status).toBe(200);
    expect(first.body.ErrorInfo.Status).toBe(true);
    expect(first.body.Result).toEqual({ errorCount: 1, msg: '用户名或密码错误，再错4次账户将被锁定', code: 401 });
    expect(first.body.ErrorInfo.Message).toBe(first.body.Result.msg);
    expect(second.body.Result.errorCount).toBe(2);
    expect(first.body.Result.Token).toBeUndefined();
  });

  it('refusals are in the language of Accept-Language', async () => {
    const user = await server.createUser();
    const { body } = await server.attemptLogin(user.userName, 'wrong', F01, { language: 'en' });
    expect(body.Result.msg).toBe('Wrong user name or password; 4 more wrong attempts lock the account');
  });

  it('a successful login starts the wrong-password count again', async () => {
    const user = await server.createUser();
    await server.attemptLogin(user.userName, 'wrong', F01);
    await server.attemptLogin(user.userName, 'wrong', F01);
    await server.login(user.userName, user.password, F01);
    const { body } = await server.attemptLogin(user.userName, 'wrong', F01);
    expect(body.Result.errorCount).toBe(1);
  });

  it('the fifth wrong password locks the account for 15 minutes; even the right password is refused until then', async () => {
    const user = await server.createUser();
    for (let attempt = 1; attempt <= 4; attempt++) await server.attemptLogin(user.userName, 'wrong', F01);
    const fifth = await server.attemptLogin(user.userName, 'wrong', F01);
    expect(fifth.body.Result).toEqual({ errorCount: 5, msg: '密码连续错误5次，账户已锁定，请15分钟后再试', code: 423 });

    server.advanceClock(LOCK_MS - 60_000);
    const rightButLocked = await server.attemptLogin(user.userName, user.password, F01);
    expect(rightButLocked.body.ErrorInfo.Status).toBe(true);
    expect(rightButLocked.body.Result.msg).toBe('密码连续错误5次，账户已锁定，请1分钟后再试');

    // After the window the password alone is not enough (the captcha step-up); with a captcha it gets in.
    server.advanceClock(60_000);
    const withoutCaptcha = await server.attemptLogin(user.userName, user.password, F01);
    expect(withoutCaptcha.body.Result.msg).toBe('验证码错误或已过期');
    const captcha = { id: await storeCaptchaAnswer(server, 'K7PQ'), code: 'K7PQ' };
    const afterLock = await server.attemptLogin(user.userName, user.password, F01, { captcha });
    expect(afterLock.body.ErrorInfo.Status).toBe(false);
    expect(afterLock.body.Result.Token).toBeTruthy();
  });

  it('a user locked by an administrator cannot log in, and their tokens stop working', async () => {
    const user = await server.createUser();
    const { Token } = await server.login(user.userName, user.password, F01);
    await setUserLocked(server.db, user.id, true, server.clock());

    const refused = await server.attemptLogin(user.userName, user.password, F01);
    expect(refused.body.ErrorInfo.Status).toBe(true);
    expect(refused.body.Result.msg).toBe('账户已被管理员锁定，请联系管理员');
    const call = await server.call('POST', '/Auth/GetUserInfoByToken', { token: Token });
    expect(call.status).toBe(401);
  });

  it('the login organisation must be one of the user\'s organisations', async () => {
    const user = await server.createUser({ orgIds: [F01] });
    const foreign = await server.attemptLogin(user.userName, user.password, F02);
    expect(foreign.body.ErrorInfo.Status).toBe(true);
    expect(foreign.body.Result.msg).toBe('该用户不属于所选组织');
    const none = await server.attemptLogin(user.userName, user.password, undefined);
    expect(none.body.Result.msg).toBe('请选择组织');
  });

  // Issue 11 defect 7: a distinct answer for undecryptable ciphertext was a padding oracle.
  it('a password that is not ciphertext of the server key is answered as a wrong password, and counted', async () => {
    const user = await server.createUser();
    const { status, body } = await server.call('POST', '/Auth/GetToken', {
      orgId: F01,
      body: { UserName: user.userName, Password: 'bm90IGNpcGhlcnRleHQ=' },
    });
    expect(status).toBe(200);
    expect(body.Result).toEqual({ errorCount: 1, msg: '用户名或密码错误，再错4次账户将被锁定', code: 401 });
  });

  it('with captchas off, Captcha/Get says so and the login needs none', async () => {
    const { body } = await server.call('GET', '/Captcha/Get');
    expect(body.data).toEqual({ Enabled: false, CaptchaId: '', Image: '' });
  });
});
