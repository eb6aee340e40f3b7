/** Spec §8 "Logging": api errors and uncaught front-end errors become danger entries. */
import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { api } from '../../../src/api/client';
import { callLegacy } from '../../../src/api/call';
import { ApiError } from '../../../src/api/errors';
import { installGlobalErrorLogging } from '../../../src/app/log/global-errors';
import { useLogStore } from '../../../src/core/log/store';
import { captureToasts, signIn } from './helpers';

const entries = () => useLogStore.getState().entries;

describe('api errors', () => {
  it('are logged as danger entries with message, user, uuid, token, page URL, request URL and time', async () => {
    const { session } = signIn('operator');
    captureToasts();
    mockServer.use(
      http.get('http://localhost:3000/api/SysApp/GetAll', () =>
        HttpResponse.json({ code: 500, msg: '数据库连接失败', data: null }, { status: 500 }),
      ),
    );

    await expect(callLegacy(api.GET('/SysApp/GetAll'))).rejects.toBeInstanceOf(ApiError);

    expect(entries()).toEqual([
      {
        id: expect.any(Number),
        type: 'danger',
        message: '服务器内部错误: 数据库连接失败',
        user: 'operator',
        uuid: 'uuid-of-this-session',
        token: session.token,
        url: 'http://localhost:3000/',
        requestUrl: 'http://localhost:3000/api/SysApp/GetAll',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/),
      },
    ]);
  });
});

describe('uncaught front-end errors', () => {
  let uninstall: () => void = () => {};
  afterEach(() => uninstall());

  it('a window error is logged as a danger entry', () => {
    signIn();
    uninstall = installGlobalErrorLogging();
    const error = new TypeError("Cannot read properties of undefined (reading 'Id')");

    window.dispatchEvent(new ErrorEvent('error', { message: error.message, error }));

    expect(entries()).toMatchObject([
      { type: 'danger', message: error.message, user: 'ADMIN', uuid: 'uuid-of-this-session', stack: error.stack },
    ]);
  });

  it('an unhandled promise rejection is logged as a danger entry', () => {
    uninstall = installGlobalErrorLogging();

    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('chunk failed to load') }));

    expect(entries()).toMatchObject([{ type: 'danger', message: 'chunk failed to load', url: 'http://localhost:3000/' }]);
  });

  it('an api error nobody caught is not logged a second time', () => {
    uninstall = installGlobalErrorLogging();
    const apiError = new ApiError('http', '拒绝访问', { requestUrl: 'http://localhost:3000/api/x', status: 403 });

    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: apiError }));

    expect(entries()).toEqual([]);
  });

  it('stops logging once uninstalled', () => {
    installGlobalErrorLogging()();

    window.dispatchEvent(new ErrorEvent('error', { message: 'after uninstall' }));

    expect(entries()).toEqual([]);
  });
});
