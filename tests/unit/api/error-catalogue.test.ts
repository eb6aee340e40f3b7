/** Spec §8 error catalogue: what the user sees when a call fails. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { api } from '../../../src/api/client';
import { callLegacy, callWrapped } from '../../../src/api/call';
import { ApiError } from '../../../src/api/errors';
import { changeLanguage } from '../../../src/core/i18n';
import { useLogStore } from '../../../src/core/log/store';
import { captureToasts, signIn } from './helpers';

const APPS_URL = 'http://localhost:3000/api/SysApp/GetAll';
const USER_INFO_URL = 'http://localhost:3000/api/Auth/GetUserInfoByToken';

const answerAppsWith = (response: () => Response | Promise<Response>) => mockServer.use(http.get(APPS_URL, response));

async function failureOf(pending: Promise<unknown>): Promise<ApiError> {
  const error = await pending.then(
    () => {
      throw new Error('the call should have failed');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('HTTP errors', () => {
  it.each([
    [400, '请求错误'],
    [403, '拒绝访问'],
    [408, '请求超时'],
    [500, '服务器内部错误'],
    [501, '服务未实现'],
    [502, '网关错误'],
    [503, '服务不可用'],
    [504, '网关超时'],
    [505, 'HTTP版本不受支持'],
  ])('HTTP %i shows the error toast %s for 5 s', async (status, text) => {
    const toasts = captureToasts();
    answerAppsWith(() => new HttpResponse(null, { status }));

    const error = await failureOf(callLegacy(api.GET('/SysApp/GetAll')));

    expect(toasts).toEqual([{ title: text, duration: 5 }]);
    expect(error.message).toBe(text);
    expect(error.status).toBe(status);
  });

  it('HTTP 404 shows 请求地址出错 with the address that was not found', async () => {
    const toasts = captureToasts();
    answerAppsWith(() => new HttpResponse(null, { status: 404 }));

    await failureOf(callLegacy(api.GET('/SysApp/GetAll')));

    expect(toasts).toEqual([{ title: `请求地址出错: ${APPS_URL}`, duration: 5 }]);
  });

  it('a 404 for an address that exists names its own reason, not 请求地址出错 (issue 12 defect 2)', async () => {
    const toasts = captureToasts();
    answerAppsWith(() => HttpResponse.json({ code: 404, msg: '记录不存在或已被删除', data: null }, { status: 404 }));

    const error = await failureOf(callLegacy(api.GET('/SysApp/GetAll')));

    expect(toasts).toEqual([{ title: '记录不存在或已被删除', duration: 5 }]);
    expect(error.message).toBe('记录不存在或已被删除');
  });

  it.each([
    [409, '该用户已存在'],
    [429, '获取验证码过于频繁，请稍后再试'],
  ])('a %i with the server\'s reason shows that reason, not a connection error', async (status, reason) => {
    const toasts = captureToasts();
    answerAppsWith(() => HttpResponse.json({ code: status, msg: reason, data: null }, { status }));

    const error = await failureOf(callLegacy(api.GET('/SysApp/GetAll')));

    expect(toasts).toEqual([{ title: reason, duration: 5 }]);
    expect(error.status).toBe(status);
  });

  it('a 404 whose body says the address is unknown is still 请求地址出错 with the address', async () => {
    const toasts = captureToasts();
    answerAppsWith(() => HttpResponse.json({ code: 404, msg: '请求地址出错', data: null }, { status: 404 }));

    await failureOf(callLegacy(api.GET('/SysApp/GetAll')));

    expect(toasts).toEqual([{ title: `请求地址出错: ${APPS_URL}`, duration: 5 }]);
  });

  it("an error body's msg is shown below the catalogue text, so the user sees why", async () => {
    const toasts = captureToasts();
    answerAppsWith(() => HttpResponse.json({ code: 500, msg: '数据库连接失败', data: null }, { status: 500 }));

    const error = await failureOf(callLegacy(api.GET('/SysApp/GetAll')));

    expect(toasts).toEqual([{ title: '服务器内部错误', detail: '数据库连接失败', duration: 5 }]);
    expect(error.detail).toBe('数据库连接失败');
  });

  it('a status the catalogue does not name shows the connection error with the status', async () => {
    const toasts = captureToasts();
    answerAppsWith(() => new HttpResponse(null, { status: 418 }));

    await failureOf(callLegacy(api.GET('/SysApp/GetAll')));

    expect(toasts.map((t) => t.title)).toEqual(['连接出错(418)!']);
  });

  it('messages follow the chosen language', async () => {
    const toasts = captureToasts();
    await changeLanguage('en');
    try {
      answerAppsWith(() => new HttpResponse(null, { status: 403 }));
      await failureOf(callLegacy(api.GET('/SysApp/GetAll')));
    } finally {
      await changeLanguage('zh-chs');
    }
    expect(toasts.map((t) => t.title)).toEqual(['Access denied']);
  });
});

describe('wrapped responses', () => {
  it('code ≠ 200 shows its msg for 5 s and gives no result', async () => {
    signIn();
    const toasts = captureToasts();
    mockServer.use(http.post(USER_INFO_URL, () => HttpResponse.json({ code: 500, msg: '用户已被锁定', data: null })));

    const error = await failureOf(callWrapped(api.POST('/Auth/GetUserInfoByToken')));

    expect(toasts).toEqual([{ title: '用户已被锁定', duration: 5 }]);
    expect(error.kind).toBe('wrapped');
  });

  it('code ≠ 200 without msg shows 操作失败', async () => {
    signIn();
    const toasts = captureToasts();
    mockServer.use(http.post(USER_INFO_URL, () => HttpResponse.json({ code: 0, msg: '', data: null })));

    await failureOf(callWrapped(api.POST('/Auth/GetUserInfoByToken')));

    expect(toasts).toEqual([{ title: '操作失败', duration: 5 }]);
  });
});

describe('legacy responses', () => {
  it('ErrorInfo.Status true shows its Message', async () => {
    const toasts = captureToasts();
    answerAppsWith(() =>
      HttpResponse.json({ TotalCount: 0, ErrorInfo: { Status: true, Message: '子应用配置读取失败' }, Result: [] }),
    );

    const error = await failureOf(callLegacy(api.GET('/SysApp/GetAll')));

    expect(toasts).toEqual([{ title: '子应用配置读取失败', duration: 5 }]);
    expect(error.kind).toBe('legacy');
  });

  it('ErrorInfo.Status true without Message shows 操作失败', async () => {
    const toasts = captureToasts();
    answerAppsWith(() => HttpResponse.json({ TotalCount: 0, ErrorInfo: { Status: true, Message: '' }, Result: [] }));

    await failureOf(callLegacy(api.GET('/SysApp/GetAll')));

    expect(toasts).toEqual([{ title: '操作失败', duration: 5 }]);
  });
});

describe('no answer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a call with no answer after 300000 ms shows 请求超时, and not a moment before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const toasts = captureToasts();
    answerAppsWith(() => new Promise<Response>(() => {}));

    const pending = callLegacy(api.GET('/SysApp/GetAll'));
    const settled = vi.fn();
    pending.then(settled, settled);

    await vi.advanceTimersByTimeAsync(299_999);
    expect(settled).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    const error = await failureOf(pending);
    expect(error.kind).toBe('timeout');
    expect(toasts).toEqual([{ title: '请求超时', duration: 5 }]);
  });

  it('a network failure tells the user to check the network', async () => {
    const toasts = captureToasts();
    answerAppsWith(() => HttpResponse.error());

    const error = await failureOf(callLegacy(api.GET('/SysApp/GetAll')));

    expect(error.kind).toBe('network');
    expect(toasts.map((t) => t.title)).toEqual(['网络连接失败，请检查网络']);
  });

  it('a call its caller cancels shows nothing and rejects with the AbortError', async () => {
    const toasts = captureToasts();
    answerAppsWith(() => new Promise<Response>(() => {}));
    const controller = new AbortController();

    const pending = callLegacy(api.GET('/SysApp/GetAll', { signal: controller.signal }));
    controller.abort();

    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(toasts).toEqual([]);
    expect(useLogStore.getState().entries).toEqual([]);
  });
});

describe('silent calls', () => {
  it('a silent call shows no toast, rejects with the catalogue text, and is still logged', async () => {
    const toasts = captureToasts();
    answerAppsWith(() => new HttpResponse(null, { status: 503 }));

    const error = await failureOf(callLegacy(api.GET('/SysApp/GetAll'), { silent: true }));

    expect(toasts).toEqual([]);
    expect(error.message).toBe('服务不可用');
    expect(useLogStore.getState().entries.map((e) => e.message)).toEqual(['服务不可用']);
  });
});
