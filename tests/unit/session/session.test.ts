/** Spec §4 "Session": starting and ending it, and the 401 that ends it (spec §8). */
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { getMockDb } from '../../../mocks/db';
import { api } from '../../../src/api/client';
import { callLegacy, callWrapped } from '../../../src/api/call';
import { ApiError } from '../../../src/api/errors';
import { COOKIE, readCookie } from '../../../src/core/session/cookies';
import { applyLogin } from '../../../src/core/session/login';
import { logout, registerLogoutCleanup, setLoginNavigator } from '../../../src/api/logout';
import { SESSION_STORAGE_KEY, useSessionStore } from '../../../src/core/session/store';
import { captureToasts, signIn } from '../api/helpers';

const F01 = { Id: 'org-f01', OrganizeName: '一厂', OrganizeCode: 'F01' };
const ADMIN_INFO = { ID: 'user-admin', USER_NAME: 'ADMIN', NICK_NAME: '管理员', ROLE_ID: 'role-super-admin' };

describe('login success', () => {
  it('sets the token cookie, a session uuid cookie, the ticket, the user and the organisation', () => {
    applyLogin({ Token: 'token-1', Ticket: 'ticket-1', Userinfo: ADMIN_INFO }, F01);

    expect(readCookie(COOKIE.token)).toBe('token-1');
    expect(readCookie(COOKIE.uuid)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(useSessionStore.getState()).toMatchObject({ userInfo: ADMIN_INFO, ticket: 'ticket-1', organization: F01 });
  });

  it('keeps the ticket and the organisation in local storage across page loads', () => {
    applyLogin({ Token: 'token-1', Ticket: 'ticket-1', Userinfo: ADMIN_INFO }, F01);

    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!);
    expect(stored.state).toEqual({ ticket: 'ticket-1', organization: F01 });
  });
});

describe('logout', () => {
  it('revokes the token, removes the token and uuid cookies, clears the user and goes to /login', async () => {
    const { session } = signIn();
    const navigate = vi.fn();
    setLoginNavigator(navigate);

    await logout();

    expect(getMockDb().sessions.has(session.token)).toBe(false);
    expect(readCookie(COOKIE.token)).toBeUndefined();
    expect(readCookie(COOKIE.uuid)).toBeUndefined();
    expect(useSessionStore.getState()).toMatchObject({ userInfo: null, ticket: null });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('runs the registered cleanups (child apps, common data), even when one of them fails', async () => {
    signIn();
    setLoginNavigator(vi.fn());
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const destroyChildApps = vi.fn(() => {
      throw new Error('child app already gone');
    });
    const clearCommonData = vi.fn();
    const unregisterChildApps = registerLogoutCleanup(destroyChildApps);
    const unregisterCommonData = registerLogoutCleanup(clearCommonData);

    try {
      await logout();
    } finally {
      unregisterChildApps();
      unregisterCommonData();
    }

    expect(destroyChildApps).toHaveBeenCalledOnce();
    expect(clearCommonData).toHaveBeenCalledOnce();
    expect(readCookie(COOKIE.token)).toBeUndefined();
  });

  it('still logs out when the server cannot be reached', async () => {
    signIn();
    const navigate = vi.fn();
    setLoginNavigator(navigate);
    getMockDb().sessions.clear();

    await logout();

    expect(readCookie(COOKIE.token)).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login');
  });
  it.each([
    ['the network fails', () => HttpResponse.error()],
    ['the server answers 500', () => new HttpResponse(null, { status: 500 })],
  ])('still clears the session and goes to /login when %s, without an error toast', async (_case, answer) => {
    signIn();
    mockServer.use(http.post('*/Auth/Logout', answer));
    const toasts = captureToasts();
    const navigate = vi.fn();
    setLoginNavigator(navigate);

    await logout();

    expect(readCookie(COOKIE.token)).toBeUndefined();
    expect(readCookie(COOKIE.uuid)).toBeUndefined();
    expect(useSessionStore.getState().userInfo).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
    expect(toasts).toEqual([]);
  });
});

describe('a 401 from any call', () => {
  it("shows '登录已过期，请重新登录', then logs out and goes to /login", async () => {
    signIn();
    getMockDb().sessions.clear(); // the server forgot the token
    const toasts = captureToasts();
    const navigate = vi.fn();
    setLoginNavigator(navigate);

    await expect(callLegacy(api.GET('/SysApp/GetAll'))).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));

    expect(toasts.map((t) => t.title)).toEqual(['登录已过期，请重新登录']);
    // Logout reloads the page: the login page's notifier says it once more, so the user sees why.
    expect(captureToasts().map((t) => t.title)).toEqual(['登录已过期，请重新登录']);
    expect(captureToasts()).toEqual([]);
    expect(readCookie(COOKIE.token)).toBeUndefined();
    expect(readCookie(COOKIE.uuid)).toBeUndefined();
    expect(useSessionStore.getState().userInfo).toBeNull();
  });

  it('several calls failing together show the message and log out once', async () => {
    signIn();
    getMockDb().sessions.clear();
    const toasts = captureToasts();
    const navigate = vi.fn();
    setLoginNavigator(navigate);

    const calls = [callLegacy(api.GET('/SysApp/GetAll')), callWrapped(api.POST('/Auth/GetUserInfoByToken'))];
    await Promise.allSettled(calls);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalled());

    expect(toasts).toHaveLength(1);
    expect(navigate).toHaveBeenCalledOnce();
  });
});
