/**
 * Issue 11 defect 7: one answer for every failed login (a bad RSA ciphertext, a wrong password and an
 * unknown user name look the same, and cost the same scrypt work); throttling per user name with a
 * lock that doubles, and a captcha step-up per user name and per client address — also with
 * CAPTCHA=off, as these suites run — so nobody can lock ADMIN out for good; ChangePassword counted
 * like a login; an SSO ticket exchanged once.
 */
import { beforeEach, expect, it, vi } from 'vitest';
import { storeCaptchaAnswer } from '../../server/modules/auth/captcha.ts';
import { verifyPassword } from '../../server/security/passwords.ts';
import { describeServer, type TestServer } from './support/test-server.ts';

// The real verifyPassword, watched: the test asserts the hashing work is done, not how long it takes.
vi.mock('../../server/security/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/security/passwords.ts')>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});
const verifySpy = vi.mocked(verifyPassword);

const F01 = 'org-f01';
const MINUTE = 60_000;
const LOCK_MS = 15 * MINUTE;
const wrong = (remaining: number, errorCount: number) => ({ errorCount, msg: `用户名或密码错误，再错${remaining}次账户将被锁定`, code: 401 });
const locked = (minutes: number) => ({ errorCount: 5, msg: `密码连续错误5次，账户已锁定，请${minutes}分钟后再试`, code: 423 });
const CAPTCHA_WRONG = '验证码错误或已过期';

let addressCount = 0;
/** Each test logs in from an address of its own, so the per-address step-up of one does not reach another. */
const newAddress = () => `10.0.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

const plantCaptcha = async (server: TestServer, answer = 'K7PQ') => ({ id: await storeCaptchaAnswer(server, answer), code: answer });
const captchaEnabled = async (server: TestServer, clientAddress: string, userName?: string) =>
  (await server.call('GET', '/Captcha/Get', { clientAddress, ...(userName ? { query: { userName } } : {}) })).body.data.Enabled as boolean;

describeServer(
  'login hardening',
  { config: { loginLock: { maxFailures: 5, durationMs: LOCK_MS, maxDurationMs: 4 * LOCK_MS }, addressStepUp: { maxFailures: 8, windowMs: LOCK_MS } } },
  (server) => {
    beforeEach(() => {
      verifySpy.mockClear();
    });

    it('a bad RSA ciphertext, a wrong password and an unknown user name get the same answer and the same errorCount', async () => {
      const clientAddress = newAddress();
      const a = await server.createUser();
      const b = await server.createUser();
      const unknown = `nobody-${a.userName}`;
      const answers = async () => [
        await server.attemptLogin(a.userName, 'wrong-password', F01, { clientAddress }),
        await server.call('POST', '/Auth/GetToken', { clientAddress, orgId: F01, body: { UserName: b.userName, Password: 'bm90IGNpcGhlcnRleHQ=' } }),
        await server.attemptLogin(unknown, 'whatever-1', F01, { clientAddress }),
      ];
      for (const [index, expected] of [wrong(4, 1), wrong(3, 2)].entries()) {
        const round = await answers();
        for (const answer of round) {
          expect(answer.status, `round ${index + 1}`).toBe(200);
          expect(answer.body).toEqual({ Result: expected, TotalCount: 0, ErrorInfo: { Status: true, Message: expected.msg } });
        }
      }
    });

    it('an unknown user name, and an undecryptable password, cost the same password hashing as a known user', async () => {
      const clientAddress = newAddress();
      const user = await server.createUser();
      await server.attemptLogin(`nobody-${user.userName}`, 'guess-1', F01, { clientAddress });
      expect(verifySpy).toHaveBeenCalledTimes(1);
      expect(verifySpy.mock.calls[0][1]).toMatch(/^scrypt\$16384\$8\$1\$/);

      await server.call('POST', '/Auth/GetToken', { clientAddress, orgId: F01, body: { UserName: user.userName, Password: 'bm90IGNpcGhlcnRleHQ=' } });
      expect(verifySpy).toHaveBeenCalledTimes(2);
      await server.attemptLogin(user.userName, 'wrong-password', F01, { clientAddress });
      expect(verifySpy).toHaveBeenCalledTimes(3);
    });

    it('unknown user names are locked like known ones', async () => {
      const clientAddress = newAddress();
      const user = await server.createUser();
      for (const name of [user.userName, `nobody-${user.userName}`]) {
        for (let attempt = 1; attempt <= 4; attempt++) await server.attemptLogin(name, 'wrong-password', F01, { clientAddress: newAddress() });
        const fifth = await server.attemptLogin(name, 'wrong-password', F01, { clientAddress });
        expect(fifth.body.Result).toEqual(locked(15));
      }
    });

    it('concurrent wrong passwords check no more passwords than the lock allows', async () => {
      const user = await server.createUser();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => server.attemptLogin(user.userName, 'wrong-password', F01, { clientAddress: newAddress() })),
      );
      expect(answers.every((a) => a.body.ErrorInfo.Status === true)).toBe(true);
      expect(verifySpy.mock.calls.length).toBeLessThanOrEqual(5);
      // Even the right password waits for the lock to end.
      const right = await server.attemptLogin(user.userName, user.password, F01, { clientAddress: newAddress() });
      expect(right.body.Result.code).toBe(423);
    });

    it('ADMIN is locked only for a while: after the window its password and a captcha get in, and guessers without captchas change nothing', async () => {
      const attacker = newAddress();
      const owner = newAddress();
      for (let attempt = 1; attempt <= 4; attempt++) await server.attemptLogin('ADMIN', `guess-${attempt}`, F01, { clientAddress: attacker });
      expect((await server.attemptLogin('ADMIN', 'guess-5', F01, { clientAddress: attacker })).body.Result).toEqual(locked(15));
      expect((await server.attemptLogin('ADMIN', 'admin123', F01, { clientAddress: owner })).body.Result).toEqual(locked(15));

      server.advanceClock(LOCK_MS);
      // The step-up: the login form is told to show a captcha for ADMIN (CAPTCHA is off in this suite).
      expect(await captchaEnabled(server, owner, 'ADMIN')).toBe(true);
      expect(await captchaEnabled(server, owner)).toBe(false);
      // Guesses without a captcha are refused before the password is looked at, and do not count.
      verifySpy.mockClear();
      for (let attempt = 1; attempt <= 10; attempt++) {
        const guess = await server.attemptLogin('ADMIN', `guess-${attempt}`, F01, { clientAddress: attacker });
        expect(guess.body.Result).toEqual({ errorCount: 0, msg: CAPTCHA_WRONG, code: 400 });
      }
      expect(verifySpy).not.toHaveBeenCalled();

      const session = await server.attemptLogin('ADMIN', 'admin123', F01, { clientAddress: owner, captcha: await plantCaptcha(server) });
      expect(session.body.ErrorInfo.Status).toBe(false);
      expect(session.body.Result.Userinfo.USER_NAME).toBe('ADMIN');
      // A successful login forgets the count, the lock and the step-up.
      expect(await captchaEnabled(server, owner, 'ADMIN')).toBe(false);
    });

    it('each further lock lasts twice as long, up to the maximum', async () => {
      const user = await server.createUser();
      const lockOnce = async () => {
        let last;
        for (let attempt = 1; attempt <= 5; attempt++) {
          last = await server.attemptLogin(user.userName, 'wrong-password', F01, { clientAddress: newAddress(), captcha: await plantCaptcha(server) });
        }
        return last!.body.Result;
      };
      expect(await lockOnce()).toEqual(locked(15));
      server.advanceClock(LOCK_MS);
      expect(await lockOnce()).toEqual(locked(30));
      server.advanceClock(2 * LOCK_MS);
      expect(await lockOnce()).toEqual(locked(60));
      server.advanceClock(4 * LOCK_MS);
      expect(await lockOnce()).toEqual(locked(60));
    });

    it('wrong passwords from one address make every login from it need a captcha; other addresses are not affected', async () => {
      const address = newAddress();
      // A spray over many names, none of which reaches its own lock.
      for (let n = 1; n <= 8; n++) await server.attemptLogin(`sprayed-${n}-${address}`, 'password1', F01, { clientAddress: address });
      expect(await captchaEnabled(server, address)).toBe(true);

      const user = await server.createUser();
      const refused = await server.attemptLogin(user.userName, user.password, F01, { clientAddress: address });
      expect(refused.body.Result).toEqual({ errorCount: 0, msg: CAPTCHA_WRONG, code: 400 });
      const withCaptcha = await server.attemptLogin(user.userName, user.password, F01, { clientAddress: address, captcha: await plantCaptcha(server) });
      expect(withCaptcha.body.ErrorInfo.Status).toBe(false);

      const elsewhere = newAddress();
      expect(await captchaEnabled(server, elsewhere)).toBe(false);
      expect((await server.attemptLogin(user.userName, user.password, F01, { clientAddress: elsewhere })).body.ErrorInfo.Status).toBe(false);
      // The address is forgotten once it has been quiet for the window.
      server.advanceClock(LOCK_MS + MINUTE);
      expect(await captchaEnabled(server, address)).toBe(false);
    });

    it('ChangePassword counts wrong old passwords like wrong logins and locks after five', async () => {
      const user = await server.createUser({ password: 'old-pass' });
      const { Token } = await server.login(user.userName, 'old-pass', F01);
      const change = async (old: string) => (await server.changePassword({ id: user.id, userName: user.userName, token: Token }, { old, new: 'new-pass' })).body;
      for (let attempt = 1; attempt <= 4; attempt++) expect(await change(`guess-${attempt}`)).toEqual({ code: 400, msg: '旧密码错误', data: null });
      expect(await change('guess-5')).toEqual({ code: 400, msg: locked(15).msg, data: null });
      // Locked: even the right old password is refused, and nothing changed.
      expect(await change('old-pass')).toEqual({ code: 400, msg: locked(15).msg, data: null });
      expect((await server.attemptLogin(user.userName, 'new-pass', F01, { clientAddress: newAddress() })).body.Result.code).toBe(423);
      server.advanceClock(LOCK_MS);
      expect(await change('old-pass')).toEqual({ code: 200, msg: '修改成功，请重新登录', data: null });
    });

    it('an SSO ticket is exchanged for a token once only, even by two exchanges at the same moment', async () => {
      const user = await server.createUser();
      const { Ticket } = await server.login(user.userName, user.password, F01);
      const first = await server.call('GET', '/Auth/SsoValidate', { query: { ticket: Ticket } });
      expect(first.status).toBe(200);
      const again = await server.call('GET', '/Auth/SsoValidate', { query: { ticket: Ticket } });
      expect(again.status).toBe(401);
      expect(again.body.msg).toBe('票据无效或已过期');
      // The token the first exchange gave keeps working.
      expect((await server.call('POST', '/Auth/GetUserInfoByToken', { token: first.body.data.Token })).status).toBe(200);

      const other = await server.login(user.userName, user.password, F01);
      const racing = await Promise.all([0, 1].map(() => server.call('GET', '/Auth/SsoValidate', { query: { ticket: other.Ticket } })));
      expect(racing.map((r) => r.status).sort()).toEqual([200, 401]);
    });
  },
);
