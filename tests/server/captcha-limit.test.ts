/**
 * Issue 11 defect 9: Captcha/Get is public and every captcha costs an SVG drawing and a row, so one
 * client address may hold only so many unused captchas at a time.
 */
import { expect, it } from 'vitest';
import { configFromEnv } from '../../server/config.ts';
import { describeServer } from './support/test-server.ts';

const LIMIT = 3;
const TTL_MS = 5 * 60_000;

describeServer('captcha creation per client address', { config: { captchaEnabled: true, captchaTtlMs: TTL_MS, captchaLimitPerClient: LIMIT } }, (server) => {
  const getCaptcha = (remoteAddress: string, language?: string) =>
    server.app.inject({ method: 'GET', url: '/api/Captcha/Get', remoteAddress, headers: language ? { 'accept-language': language } : {} });

  it('an address gets its captchas up to the limit, then 429 with a message, while other addresses go on', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await getCaptcha('10.0.0.1')).statusCode).toBe(200);
    const refused = await getCaptcha('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, msg: '获取验证码过于频繁，请稍后再试', data: null });
    expect((await getCaptcha('10.0.0.1', 'en')).json().msg).toBe('Too many verification codes were requested; try again later');
    expect((await getCaptcha('10.0.0.2')).statusCode).toBe(200);
  });

  it('once its captchas expire the address may ask again', async () => {
    for (let i = 0; i < LIMIT; i++) await getCaptcha('10.0.0.3');
    expect((await getCaptcha('10.0.0.3')).statusCode).toBe(429);
    server.advanceClock(TTL_MS + 1);
    expect((await getCaptcha('10.0.0.3')).statusCode).toBe(200);
  });

  it('a used captcha makes room again', async () => {
    const ids: string[] = [];
    for (let i = 0; i < LIMIT; i++) ids.push((await getCaptcha('10.0.0.4')).json().data.CaptchaId);
    expect((await getCaptcha('10.0.0.4')).statusCode).toBe(429);
    await server.call('POST', '/Auth/GetToken', {
      orgId: 'org-f01',
      body: { UserName: 'nobody', Password: await server.encrypt('x'), CaptchaId: ids[0], CaptchaCode: 'WRNG' },
    });
    expect((await getCaptcha('10.0.0.4')).statusCode).toBe(200);
  });
});

it('the limit and the trusted proxies come from the environment', () => {
  expect(configFromEnv({}).server.captchaLimitPerClient).toBe(100);
  expect(configFromEnv({ CAPTCHA_LIMIT_PER_CLIENT: '20' }).server.captchaLimitPerClient).toBe(20);
  expect(configFromEnv({}).server.trustProxy).toBe(false);
  expect(configFromEnv({ TRUST_PROXY: 'true' }).server.trustProxy).toBe(true);
  expect(configFromEnv({ TRUST_PROXY: '10.0.0.0/8' }).server.trustProxy).toBe('10.0.0.0/8');
});
