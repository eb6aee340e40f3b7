/** Spec §7: the API base and the headers every request carries. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { api } from '../../../src/api/client';
import { callLegacy, callWrapped } from '../../../src/api/call';
import { COOKIE, writeCookie } from '../../../src/core/session/cookies';
import { useSessionStore } from '../../../src/core/session/store';
import { captureToasts, signIn } from './helpers';
import { changeLanguage } from '../../../src/core/i18n';

let sent: Request[] = [];
const recordRequest = ({ request }: { request: Request }) => void sent.push(request.clone());

beforeEach(() => {
  sent = [];
  mockServer.events.on('request:start', recordRequest);
});
afterEach(() => {
  mockServer.events.removeListener('request:start', recordRequest);
  vi.unstubAllEnvs();
});

const lastRequest = () => sent.at(-1)!;

async function sendPublicCall() {
  await callWrapped(api.GET('/Auth/GetPublicKey'));
  return lastRequest();
}

describe('headers', () => {
  it('sends the token cookie as Authorization Bearer', async () => {
    const { session } = signIn();

    await callWrapped(api.POST('/Auth/GetUserInfoByToken'));

    expect(lastRequest().headers.get('Authorization')).toBe(`Bearer ${session.token}`);
  });

  it('sends no Authorization before login', async () => {
    expect((await sendPublicCall()).headers.has('Authorization')).toBe(false);
  });

  it('sends Device: PC', async () => {
    expect((await sendPublicCall()).headers.get('Device')).toBe('PC');
  });

  it('sends the stored organisation as OrganizeId', async () => {
    signIn('ADMIN', 'org-f02');

    await callWrapped(api.POST('/Auth/GetUserInfoByToken'));

    expect(lastRequest().headers.get('OrganizeId')).toBe('org-f02');
  });

  it('sends no OrganizeId while no organisation is stored', async () => {
    expect(useSessionStore.getState().organization).toBeNull();
    expect((await sendPublicCall()).headers.has('OrganizeId')).toBe(false);
  });

  it('sends Accept-Language zh-chs by default', async () => {
    expect((await sendPublicCall()).headers.get('Accept-Language')).toBe('zh-chs');
  });

  it('sends Accept-Language en when the language cookie says en', async () => {
    writeCookie(COOKIE.language, 'en');
    expect((await sendPublicCall()).headers.get('Accept-Language')).toBe('en');
  });
});

describe('API base', () => {
  const answerAppsAt = (base: string) =>
    mockServer.use(
      http.get(`${base}/SysApp/GetAll`, () =>
        HttpResponse.json({ TotalCount: 1, ErrorInfo: { Status: false, Message: '' }, Result: [{ Code: base }] }),
      ),
    );

  it('is /api on the page origin by default', async () => {
    signIn();
    await callLegacy(api.GET('/SysApp/GetAll'));
    expect(lastRequest().url).toBe('http://localhost:3000/api/SysApp/GetAll');
  });

  it('comes from VITE_API_BASE', async () => {
    vi.stubEnv('VITE_API_BASE', 'http://mes.plant.test/gateway/');
    answerAppsAt('http://mes.plant.test/gateway');

    await callLegacy(api.GET('/SysApp/GetAll'));

    expect(lastRequest().url).toBe('http://mes.plant.test/gateway/SysApp/GetAll');
  });

  it('in multi-API mode is the userApi cookie', async () => {
    vi.stubEnv('VITE_MULTI_API', 'true');
    vi.stubEnv('VITE_API_BASE', 'http://a.plant.test/api,http://b.plant.test/api');
    writeCookie(COOKIE.userApi, 'http://b.plant.test/api');
    answerAppsAt('http://b.plant.test/api');

    await callLegacy(api.GET('/SysApp/GetAll'));

    expect(lastRequest().url).toBe('http://b.plant.test/api/SysApp/GetAll');
  });

  it("in multi-API mode a userApi cookie that is not an http(s) address says 'API address configuration format is wrong' once and is not used", async () => {
    await changeLanguage('en');
    const toasts = captureToasts();
    vi.stubEnv('VITE_MULTI_API', 'true');
    vi.stubEnv('VITE_API_BASE', 'http://a.plant.test/api,http://b.plant.test/api');
    writeCookie(COOKIE.userApi, 'b.plant.test/api');
    answerAppsAt('http://a.plant.test/api');

    await callLegacy(api.GET('/SysApp/GetAll'));
    await callLegacy(api.GET('/SysApp/GetAll'));

    expect(lastRequest().url).toBe('http://a.plant.test/api/SysApp/GetAll');
    expect(toasts.map((toast) => toast.title)).toEqual(['API address configuration format is wrong']);
  });

  it('in multi-API mode without the cookie is the first of the comma list', async () => {
    vi.stubEnv('VITE_MULTI_API', 'true');
    vi.stubEnv('VITE_API_BASE', 'http://a.plant.test/api, http://b.plant.test/api');
    answerAppsAt('http://a.plant.test/api');

    await callLegacy(api.GET('/SysApp/GetAll'));

    expect(lastRequest().url).toBe('http://a.plant.test/api/SysApp/GetAll');
  });

  it('ignores the userApi cookie when multi-API mode is off', async () => {
    signIn();
    writeCookie(COOKIE.userApi, 'http://b.plant.test/api');

    await callLegacy(api.GET('/SysApp/GetAll'));

    expect(lastRequest().url).toBe('http://localhost:3000/api/SysApp/GetAll');
  });
});
