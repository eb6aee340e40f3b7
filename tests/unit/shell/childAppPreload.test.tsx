import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup } from '@testing-library/react';
import { logout, setLoginNavigator } from '../../../src/api/logout';
import { buildNavigation } from '../../../src/core/navigation/buildRoutes';
import { useNavigationStore, type ChildApp } from '../../../src/core/navigation/navigationStore';
import { saveDebugUrls, setChildAppDebug } from '../../../src/shell/childApp/childAppDebug';
import { childAppPreloadUrls, forgetChildAppPreloads } from '../../../src/shell/childApp/childAppPreload';
import { ShellLayout } from '../../../src/shell/layout/ShellLayout';
import { GHOST_USER_ID, switchSettingsUser } from '../../../src/core/settings/settingsStore';
import { useTabsStore } from '../../../src/shell/tabs/tabsStore';
import { HOME_TITLE, seedMenuTree } from '../app/menuFixtures';
import { renderInShell } from './shellTestKit';

vi.setConfig({ testTimeout: 20_000 });

const DEMO: ChildApp = { Code: 'DEMO', Name: '演示子应用', Url: '/child-demo/' };
const SCM: ChildApp = { Code: 'SCM', Name: 'SCM供应链协同', Url: '/scm/' };
const REPORTS: ChildApp = { Code: 'RPT', Name: '报表', Url: 'https://reports.example/app/' };
const base = window.location.origin;

/** The idle callbacks the shell asked for, run when a test says the browser is idle. */
let idleCallbacks: Map<number, IdleRequestCallback>;
// The preload sets no React state, so no act() around it.
function runIdleCallbacks() {
  const due = [...idleCallbacks.values()];
  idleCallbacks.clear();
  for (const callback of due) callback({ didTimeout: false, timeRemaining: () => 50 });
}

const prefetched = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.href);

function renderShellWith(childApps: ChildApp[]) {
  const navigation = buildNavigation({ menuTree: seedMenuTree, apiConfig: {}, homeTitle: HOME_TITLE });
  useNavigationStore.getState().setNavigation({ ...navigation, apiConfig: {}, childApps, favourites: [] });
  return renderInShell(<ShellLayout />, { path: '/index', routes: [{ path: 'index', element: <p>home page</p> }] });
}

beforeEach(() => {
  let nextId = 1;
  idleCallbacks = new Map();
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
    idleCallbacks.set(nextId, callback);
    return nextId++;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => idleCallbacks.delete(id));
  switchSettingsUser(GHOST_USER_ID);
  useTabsStore.setState(useTabsStore.getInitialState(), true);
  useNavigationStore.getState().reset();
  sessionStorage.clear();
  setLoginNavigator(() => undefined);
});

afterEach(() => {
  cleanup();
  forgetChildAppPreloads();
  setLoginNavigator(null);
  vi.unstubAllGlobals();
});

describe('the preloading list', () => {
  it('leaves out SCM, by code or by name, and gives each other app its absolute entry URL once', () => {
    const alias: ChildApp = { Code: 'DEMO2', Name: 'Demo again', Url: `${base}/child-demo/` };
    const namedScm: ChildApp = { Code: 'SUPPLY', Name: 'SCM', Url: '/supply/' };
    expect(childAppPreloadUrls([DEMO, SCM, REPORTS, alias, namedScm], `${base}/index`)).toEqual([
      `${base}/child-demo/`,
      'https://reports.example/app/',
    ]);
  });

  it('skips entries that are not web addresses', () => {
    const script: ChildApp = { Code: 'X', Name: 'x', Url: 'javascript:alert(1)' };
    const empty: ChildApp = { Code: 'Y', Name: 'y', Url: '' };
    expect(childAppPreloadUrls([script, empty, DEMO], `${base}/index`)).toEqual([`${base}/child-demo/`]);
  });

  it('uses the URL the app will open with: the debug override while child-app debug is on', () => {
    setChildAppDebug(true);
    saveDebugUrls({ DEMO: 'http://localhost:5174/' });
    expect(childAppPreloadUrls([DEMO], `${base}/index`)).toEqual(['http://localhost:5174/']);
  });
});

describe('the shell preloads the child apps', () => {
  it('once the browser is idle, not before: every app but SCM, each URL once', async () => {
    renderShellWith([DEMO, SCM, REPORTS]);
    expect(prefetched()).toEqual([]);
    runIdleCallbacks();
    expect(prefetched().sort()).toEqual([`${base}/child-demo/`, 'https://reports.example/app/']);
  });

  it('asks for a URL only once per session, even when the list comes again', async () => {
    const view = renderShellWith([DEMO]);
    runIdleCallbacks();
    const [link] = document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]');
    // Fetched: the link goes, the URL stays preloaded.
    link.dispatchEvent(new Event('load'));
    expect(prefetched()).toEqual([]);
    view.unmount();
    renderShellWith([{ ...DEMO }, REPORTS]);
    runIdleCallbacks();
    expect(prefetched()).toEqual(['https://reports.example/app/']);
  });

  it('a failing prefetch is silent: its link goes and nothing is reported', async () => {
    renderShellWith([DEMO]);
    runIdleCallbacks();
    const [link] = document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]');
    const errors = vi.spyOn(console, 'error');
    link.dispatchEvent(new Event('error'));
    expect(prefetched()).toEqual([]);
    expect(document.querySelector('.ant-notification-notice, .ant-message-notice')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('before the session has its child-app list (no login yet) nothing is scheduled', async () => {
    renderShellWith([]);
    expect(idleCallbacks.size).toBe(0);
    runIdleCallbacks();
    expect(prefetched()).toEqual([]);
  });

  it('logout cancels a preload that has not run and drops the links; the next login preloads again', async () => {
    renderShellWith([DEMO]);
    runIdleCallbacks();
    expect(prefetched()).toEqual([`${base}/child-demo/`]);
    cleanup();
    renderShellWith([REPORTS]);
    expect(idleCallbacks.size).toBe(1);
    const idle = [...idleCallbacks.values()][0];

    await act(() => logout({ revokeToken: false }));
    expect(prefetched()).toEqual([]);
    expect(idleCallbacks.size).toBe(0);
    // Even a browser that runs a cancelled idle callback anyway fetches nothing for the ended session.
    idle({ didTimeout: false, timeRemaining: () => 50 });
    expect(prefetched()).toEqual([]);

    cleanup();
    renderShellWith([DEMO]);
    runIdleCallbacks();
    expect(prefetched()).toEqual([`${base}/child-demo/`]);
  });
});
