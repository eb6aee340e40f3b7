import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyBootstrapResult, clearSessionNavigation, ensureSessionBootstrapped } from '../../../src/app/guard/sessionBootstrap';
import type { BootstrapEffects, BootstrapLoaders } from '../../../src/app/guard/bootstrap';
import { buildNavigation } from '../../../src/core/navigation/buildRoutes';
import { useNavigationStore } from '../../../src/core/navigation/navigationStore';
import { useSessionStore } from '../../../src/core/session/store';
import { COOKIE, readCookie, writeCookie } from '../../../src/core/session/cookies';
import { chooseServerEnvironment, resolveApiBase, resolveLoginApiBase } from '../../../src/api/base';
import { GHOST_USER_ID, settingsStorageKey, switchSettingsUser, useSettingsStore } from '../../../src/core/settings/settingsStore';
import { connectTabsToSettings, useTabsStore } from '../../../src/shell/tabs/tabsStore';
import i18n, { loadAllTexts } from '../../../src/core/i18n';
import { HOME_TITLE, menuItem } from './menuFixtures';

const user = { ID: 'u-7', USER_NAME: 'alice', NICK_NAME: 'Alice', ROLE_ID: 'r-1' };
const menuTree = [menuItem({ Id: 'm1', Menu_Code: 'Part', Link_Url: '/masterdata/part' })];

beforeEach(() => {
  switchSettingsUser(GHOST_USER_ID);
  useNavigationStore.getState().reset();
  useTabsStore.setState(useTabsStore.getInitialState(), true);
});

describe('applying a finished bootstrap', () => {
  it("loads the user's own settings and reopens their tabs that still exist", () => {
    localStorage.setItem(
      settingsStorageKey('u-7'),
      JSON.stringify({
        state: {
          theme: 'violet',
          openedTabs: [
            { path: '/masterdata/part', fullPath: '/masterdata/part?x=1', name: 'Part' },
            { path: '/revoked/screen', fullPath: '/revoked/screen', name: 'Gone' },
          ],
        },
        version: 0,
      }),
    );
    const navigation = buildNavigation({ menuTree, apiConfig: {}, homeTitle: HOME_TITLE });
    applyBootstrapResult({ user, navigation, favourites: [], childApps: [], apiConfig: {}, grants: { Part: ['Save'] } });
    expect(useSettingsStore.getState()).toMatchObject({ userId: 'u-7', theme: 'violet' });
    expect(useTabsStore.getState().tabs.map((t) => t.fullPath)).toEqual(['/index', '/masterdata/part?x=1']);
    expect(useNavigationStore.getState()).toMatchObject({ bootstrapped: true, routes: navigation.routes, grants: { Part: ['Save'] } });
    expect(useSessionStore.getState().userInfo).toEqual(user);
  });
});

describe('server environment at session start', () => {
  const adminUser = { ...user, USER_NAME: 'ADMIN' };
  const navigation = () => buildNavigation({ menuTree, apiConfig: {}, homeTitle: HOME_TITLE });

  it("anyone but ADMIN is put back on the login API address (the environment choice is forgotten)", () => {
    writeCookie(COOKIE.uuid, 'session-1');
    chooseServerEnvironment('TEST', 'http://test-server:8080/api');
    applyBootstrapResult({ user, navigation: navigation(), favourites: [], childApps: [], apiConfig: {}, grants: {} });
    expect(readCookie(COOKIE.serverEnv)).toBeUndefined();
    expect(resolveApiBase()).toBe(resolveLoginApiBase());
  });

  it("ADMIN keeps the environment chosen in this session after a page reload", () => {
    writeCookie(COOKIE.uuid, 'session-1');
    chooseServerEnvironment('TEST', 'http://test-server:8080/api');
    applyBootstrapResult({ user: adminUser, navigation: navigation(), favourites: [], childApps: [], apiConfig: {}, grants: {} });
    expect(resolveApiBase()).toBe('http://test-server:8080/api');
  });
});

describe('logout', () => {
  it('clears routes and tabs but keeps the tabs saved for the next login', () => {
    const navigation = buildNavigation({ menuTree, apiConfig: {}, homeTitle: HOME_TITLE });
    applyBootstrapResult({ user, navigation, favourites: [], childApps: [], apiConfig: {}, grants: { Part: ['Save'] } });
    const stopSaving = connectTabsToSettings(useSettingsStore.getState().setOpenedTabs);
    useTabsStore.getState().open({ path: '/masterdata/part', fullPath: '/masterdata/part', name: 'Part' });
    clearSessionNavigation();
    stopSaving();
    expect(useNavigationStore.getState().bootstrapped).toBe(false);
    expect(useTabsStore.getState().tabs.map((t) => t.path)).toEqual(['/index']);
    expect(useSettingsStore.getState().userId).toBe(GHOST_USER_ID);
    switchSettingsUser('u-7');
    expect(useSettingsStore.getState().openedTabs.map((t) => t.path)).toEqual(['/masterdata/part']);
  });
});

describe('ensureSessionBootstrapped', () => {
  const loaders: BootstrapLoaders = {
    loadApiPathConfig: vi.fn(async () => ({})),
    loadChildApps: vi.fn(async () => []),
    loadUserInfo: vi.fn(async () => user),
    loadRoleMenus: vi.fn(async () => menuTree),
    loadRoleButtons: vi.fn(async () => ({})),
    loadFavourites: vi.fn(async () => []),
  };
  const effects = (): BootstrapEffects => ({
    apply: (result) => useNavigationStore.getState().setNavigation({ ...result.navigation, favourites: [], childApps: [], apiConfig: {} }),
    removeToken: vi.fn(),
    clearUser: vi.fn(),
    reload: vi.fn(),
  });

  it('runs the bootstrap once even when several navigations ask at the same time', async () => {
    const fx = effects();
    const results = await Promise.all([ensureSessionBootstrapped(loaders, fx), ensureSessionBootstrapped(loaders, fx)]);
    expect(results).toEqual([true, true]);
    expect(loaders.loadUserInfo).toHaveBeenCalledOnce();
    await ensureSessionBootstrapped(loaders, fx);
    expect(loaders.loadUserInfo).toHaveBeenCalledOnce();
  });

  it('the Home entry is titled from the i18n resources in both languages', async () => {
    await ensureSessionBootstrapped(loaders, effects());
    expect(useNavigationStore.getState().menus[0].title).toEqual({ zh: '首页', en: 'Home' });
  });

  describe('on the first login of a page, before the shell\'s texts are in', () => {
    // The login page bundles only its own namespaces; 'shell' comes with the rest after login (core/i18n).
    beforeEach(() => {
      for (const lng of ['zh-chs', 'en']) i18n.removeResourceBundle(lng, 'shell');
      expect(i18n.t('shell:home', { lng: 'zh-chs' })).toBe('home');
    });
    afterEach(() => loadAllTexts());

    it('titles the Home entry from the texts once they arrived, not with the bare key', async () => {
      await ensureSessionBootstrapped(loaders, effects());
      expect(useNavigationStore.getState().menus[0].title).toEqual({ zh: '首页', en: 'Home' });
    });
  });
});
