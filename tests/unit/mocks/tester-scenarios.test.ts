/**
 * Issue 16: the tester's scenario switches in mock mode, each producing what it promises, played by the same
 * handler the browser's mock worker puts first (here in front of the Node mock server).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getMockDb, resetMockDb } from '../../../mocks/db';
import { mockHandlers } from '../../../mocks/handlers';
import { mockServer } from '../../../mocks/node';
import { parseScenario, switchScenario, testerScenarioHandler } from '../../../mocks/tester-scenarios';
import { API_PREFIX } from '../../../src/shared/api-prefix';
import { httpFailure } from '../../../src/api/errors';
import apiZh from '../../../src/core/i18n/locales/zh-chs/api.json';

/** The HTTP statuses spec §8 names. */
const SPEC_STATUSES = [400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505];

const handlers = mockHandlers(API_PREFIX);
const url = (call: string) => `${window.location.origin}${API_PREFIX}${call}`;
const orgInfo = () => fetch(url('/User/GetOrgInfo?userName=ADMIN'));

function play(text: string) {
  switchScenario(text);
  mockServer.use(testerScenarioHandler(API_PREFIX, () => handlers));
}

afterEach(() => {
  switchScenario('none');
  resetMockDb();
});

describe('mock scenario switches', () => {
  it('without a scenario the call is answered as usual', async () => {
    play('none');
    const response = await orgInfo();
    expect(response.status).toBe(200);
    expect((await response.json()).data.length).toBeGreaterThan(0);
  });

  it('error:<status> answers every call with that status and the problem body', async () => {
    play('error:503');
    const response = await orgInfo();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 503, data: null, msg: '模拟的错误（/User/GetOrgInfo）' });
  });

  it('error:<status>@<call> answers only that call with the error', async () => {
    play('error:403@/Captcha/Get');
    expect((await orgInfo()).status).toBe(200);
    expect((await fetch(url('/Captcha/Get'))).status).toBe(403);
  });

  it('error:<status> gives each HTTP status of spec §8 its catalogue text in the portal (404: the address, with the url)', async () => {
    for (const status of SPEC_STATUSES) {
      play(`error:${status}@/User/GetOrgInfo`);
      const response = await orgInfo();
      expect(response.status).toBe(status);
      const requestUrl = url('/User/GetOrgInfo?userName=ADMIN');
      const shown = httpFailure(response.status, requestUrl, await response.json()).message;
      expect(shown, String(status)).toBe(apiZh.http[String(status) as keyof typeof apiZh.http].replace('{{url}}', requestUrl));
    }
  });

  it('wrapped-error answers HTTP 200 with the wrapper code 500; legacy-error the legacy ErrorInfo', async () => {
    play('wrapped-error');
    const wrapped = await orgInfo();
    expect(wrapped.status).toBe(200);
    expect(await wrapped.json()).toMatchObject({ code: 500, data: null });
    play('legacy-error');
    expect(await (await orgInfo()).json()).toMatchObject({ ErrorInfo: { Status: true }, Result: null });
  });

  it('empty answers list calls without rows, other calls as usual', async () => {
    const tools = async () => (await fetch(url('/SysToolsFile/LoadData'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ Page: 1, Limit: 20 }) })).json();
    play('none');
    expect(JSON.stringify(await tools())).toContain('tool-demo-agent');
    play('empty');
    expect((await (await orgInfo()).json()).data.length).toBeGreaterThan(0);
    const emptied = await tools();
    expect(emptied.code).toBe(200);
    expect(JSON.stringify(emptied)).not.toContain('tool-demo-agent');
  });

  it('slow:<ms> answers that much later', async () => {
    play('slow:300');
    const start = performance.now();
    await orgInfo();
    expect(performance.now() - start).toBeGreaterThanOrEqual(290);
  });

  it('expired answers the next call 401 and ends the sessions; the call after is answered again', async () => {
    getMockDb().sessions.set('t', { token: 't', ticket: 'x', userId: 'u', organizationId: 'o' });
    play('expired');
    const first = await orgInfo();
    expect(first.status).toBe(401);
    expect(getMockDb().sessions.size).toBe(0);
    expect((await orgInfo()).status).toBe(200);
  });

  it('captcha:off and captcha:on switch the login verification code', () => {
    switchScenario('captcha:off');
    expect(getMockDb().captchaEnabled).toBe(false);
    switchScenario('captcha:on');
    expect(getMockDb().captchaEnabled).toBe(true);
  });

  it('several switches combine; a switch it does not know is refused by name', () => {
    expect(parseScenario('empty,slow:10,error:500@/Auth/GetToken')).toEqual({ empty: true, delayMs: 10, error: { status: 500, shape: 'problem', call: '/Auth/GetToken' } });
    expect(() => parseScenario('eror:500')).toThrow('Unknown mock scenario switch "eror:500"');
    expect(() => parseScenario('error:5000')).toThrow(/error:5000/);
  });
});
