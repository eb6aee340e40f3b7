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

/**
 * antd's CSS-in-JS puts ~2,300 rules into the page, and jsdom's getComputedStyle matches each against the element at
 * every call. testing-library calls it for every node a role query names or checks (dom-accessibility-api's isHidden):
 * in a grid file that was over 40 % of its time. Nothing is laid out in jsdom, so a test can only see from a style
 * whether an element shows and takes a click: each of antd's sheets keeps just those declarations (the cascade among
 * them is unchanged), and a rule left empty goes. A MutationObserver, as antd may also rewrite a sheet in place; a
 * query in the moment before it runs still sees the whole sheet, which answers the same.
 */
const SHOWN_AND_CLICKABLE = new Set(['display', 'visibility', 'opacity', 'pointer-events']);
function keepShownAndClickable(rules: CSSRuleList, remove: (index: number) => void) {
  for (let index = rules.length - 1; index >= 0; index--) {
    const rule = rules[index];
    if (rule instanceof CSSStyleRule) {
      for (const property of [...rule.style].filter((name) => !SHOWN_AND_CLICKABLE.has(name))) rule.style.removeProperty(property);
      if (rule.style.length === 0) remove(index);
    } else if (rule instanceof CSSMediaRule) {
      keepShownAndClickable(rule.cssRules, (inner) => rule.deleteRule(inner));
      if (rule.cssRules.length === 0) remove(index);
    } else {
      // Keyframes, font faces, @supports: jsdom's computed style reads none of them (of the others, antd writes no @import).
      remove(index);
    }
  }
}
// Once per document: the files of a worker share it (isolate: false), and this file runs before each of them.
const PRUNED_DOCUMENT = Symbol.for('tests/unit/setup: antd sheets pruned');
if (!(PRUNED_DOCUMENT in document)) {
  Object.defineProperty(document, PRUNED_DOCUMENT, { value: true });
  new MutationObserver((mutations) => {
    const styles = new Set(mutations.flatMap((m) => [m.target, ...m.addedNodes]).map((node) => (node instanceof HTMLStyleElement ? node : node.parentElement)));
    for (const style of styles) {
      if (style instanceof HTMLStyleElement && style.sheet) keepShownAndClickable(style.sheet.cssRules, (index) => style.sheet!.deleteRule(index));
    }
  }).observe(document.head, { childList: true, subtree: true, characterData: true });
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
