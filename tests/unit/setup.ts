/**
 * Unit/component test set-up: jsdom gaps antd needs, the mock back end (MSW, the same handlers
 * as `npm run dev:mock`) for every test, and a clean DOM, storage, cookies, stores and mock
 * state between tests. Override a call in one test with `mockServer.use(...)`.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { mockServer } from '../../mocks/node';
import { resetMockDb } from '../../mocks/db';
import { resetNotifier } from '../../src/core/notifier';
import { useLogStore } from '../../src/core/log/store';
import { useNavigationStore } from '../../src/core/navigation/navigationStore';
import { setLoginNavigator } from '../../src/api/logout';
import { useSessionStore } from '../../src/core/session/store';
import i18n, { loadAllTexts } from '../../src/core/i18n';

// A full run on a 2-core machine renders antd screens several times slower than alone: findBy* waits up to
// 15 s (not testing-library’s 1 s) for what a screen shows after its calls answer: the first render of a file
// also waits for its modules to be transformed, several seconds on a loaded machine.
configure({ asyncUtilTimeout: 15_000 });

// The portal loads the texts of every namespace but the login page's after login (core/i18n); components here render without one.
await loadAllTexts();

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// A call no handler answers is a test bug, not a silent pass-through to the network.
beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterAll(() => mockServer.close());

afterEach(async () => {
  cleanup();
  // The portal's default language: a test that switched to English must not leave the next one (or the next file, in a shared worker) in it.
  if (i18n.language !== 'zh-chs') await i18n.changeLanguage('zh-chs');
  mockServer.resetHandlers();
  resetMockDb();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  useSessionStore.setState(useSessionStore.getInitialState(), true);
  useLogStore.setState(useLogStore.getInitialState(), true);
  useNavigationStore.getState().reset();
  resetNotifier();
  setLoginNavigator(null);
});
