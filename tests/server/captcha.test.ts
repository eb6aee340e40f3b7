import { expect, it } from 'vitest';
import { storeCaptchaAnswer } from '../../server/modules/auth/captcha.ts';
import { describeServer } from './support/test-server.ts';

const F01 = 'org-f01';
const CAPTCHA_MS = 5 * 60_000;

describeServer('captcha', { config: { captchaEnabled: true, captchaTtlMs: CAPTCHA_MS } }, (server) => {
  // The image cannot be read by a test, so these tests plant a captcha with a known answer.
  const plantCaptcha = async (answer = 'AB3D') => ({ id: await storeCaptchaAnswer(server, answer), code: answer });

  it('Captcha/Get returns an SVG image and an id', async () => {
    const { body } = await server.call('GET', '/Captcha/Get', { query: { width: 150, height: 50 } });
    expect(body.data.Enabled).toBe(true);
    expect(body.data.CaptchaId).toBeTruthy();
    expect(body.data.Image).toMatch(/^<svg[^>]*width="150" height="50"/);
  });

  it('a login without a captcha is refused', async () => {
    const user = await server.createUser();
    const { body } = await server.attemptLogin(user.userName, user.password, F01);
    expect(body.ErrorInfo.Status).toBe(true);
    expect(body.Result.msg).toBe('验证码错误或已过期');
  });

  it('the right captcha answer, in any letter case, lets the user in', async () => {
    const user = await server.createUser();
    const captcha = await plantCaptcha('AB3D');
    const { body } = await server.attemptLogin(user.userName, user.password, F01, { captcha: { ...captcha, code: 'ab3d' } });
    expect(body.ErrorInfo.Status).toBe(false);
  });

  it('a wrong captcha is refused and uses the captcha up', async () => {
    const user = await server.createUser();
    const captcha = await plantCaptcha();
    const wrong = await server.attemptLogin(user.userName, user.password, F01, { captcha: { ...captcha, code: 'ZZZZ' } });
    expect(wrong.body.Result.msg).toBe('验证码错误或已过期');
    const retry = await server.attemptLogin(user.userName, user.password, F01, { captcha });
    expect(retry.body.ErrorInfo.Status).toBe(true);
  });

  it('a wrong captcha does not count as a wrong password', async () => {
    const user = await server.createUser();
    await server.attemptLogin(user.userName, 'wrong', F01, { captcha: { id: (await plantCaptcha()).id, code: 'ZZZZ' } });
    const { body } = await server.attemptLogin(user.userName, 'wrong', F01, { captcha: await plantCaptcha() });
    expect(body.Result.errorCount).toBe(1);
  });

  it('an expired captcha is refused', async () => {
    const user = await server.createUser();
    const captcha = await plantCaptcha();
    server.advanceClock(CAPTCHA_MS);
    const { body } = await server.attemptLogin(user.userName, user.password, F01, { captcha });
    expect(body.Result.msg).toBe('验证码错误或已过期');
  });
});
