/**
 * Child-app preloading (spec §9 "The child-app preloading list excludes the app named SCM"): once the
 * shell is up and the browser is idle, each listed child app's entry is fetched into the browser
 * cache, so opening the app later waits less.
 *
 * Why `<link rel="prefetch">`: it runs none of the child's code and sends no ticket (the ticket only
 * travels by postMessage to a loaded frame), the browser fetches it at the lowest priority, and a
 * failure is a silent `error` event on the link (the load-error notification belongs to opening the
 * app: ChildAppFrame.tsx). The portal's CSP allows it for child apps on other origins too (checked in
 * tests/e2e/child-apps.test.ts).
 *
 * What it buys depends on the browser's cache: one keyed by the top site (Firefox) hands the cached
 * entry to the frame; Chromium keys a frame's own document apart from its parent's requests (checked
 * with Chromium 156), so there the entry is fetched again when the frame opens, and only a browser
 * that shares the entry gains from it.
 *
 * Session-scoped: each URL once per login; logout forgets the URLs, drops the links and cancels a
 * preload that has not run yet, so nothing is fetched for a session that has ended.
 */
import { registerLogoutCleanup } from '../../api/logout';
import { EXCLUDED_APP_CODE } from '../../core/navigation/buildRoutes';
import type { ChildApp } from '../../core/navigation/navigationStore';
import { effectiveChildAppUrl } from './childAppDebug';

/**
 * The app the preloading list leaves out. The spec says "named SCM"; the list's Code is the name the
 * old portal registered apps by (its display Name is e.g. 'SCM供应链协同'), so either one being 'SCM'
 * leaves it out.
 */
export const PRELOAD_EXCLUDED_APP = EXCLUDED_APP_CODE;

/** If the browser is never idle, the preload still starts this long after the shell came up. */
export const PRELOAD_IDLE_TIMEOUT_MS = 5_000;

const isExcluded = (app: ChildApp) => app.Code === PRELOAD_EXCLUDED_APP || app.Name === PRELOAD_EXCLUDED_APP;

/** The entry URLs to preload (absolute, de-duplicated): the URL each app would open with, SCM left out. */
export function childAppPreloadUrls(apps: readonly ChildApp[], baseUrl: string = document.baseURI): string[] {
  const urls = new Set<string>();
  for (const app of apps) {
    if (isExcluded(app) || !app.Url) continue;
    try {
      const url = new URL(effectiveChildAppUrl(app.Code, app.Url), baseUrl);
      if (url.protocol === 'http:' || url.protocol === 'https:') urls.add(url.href);
    } catch {
      // Not a URL: opening the app reports it; preloading has nothing to fetch.
    }
  }
  return [...urls];
}

/** URLs preloaded in this session, with their link while it is in the page. */
const preloaded = new Map<string, HTMLLinkElement | null>();
const pending = new Set<() => void>();

/** Adds a prefetch link for each URL not yet preloaded in this session. */
export function preloadChildAppUrls(urls: readonly string[], doc: Document = document): void {
  for (const url of urls) {
    if (preloaded.has(url)) continue;
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    // Once fetched (or failed, silently) the link has done its work; the cache entry stays.
    const done = () => {
      link.remove();
      if (preloaded.get(url) === link) preloaded.set(url, null);
    };
    link.addEventListener('load', done);
    link.addEventListener('error', done);
    preloaded.set(url, link);
    doc.head.append(link);
  }
}

type IdleScheduler = (run: () => void) => () => void;

/** requestIdleCallback where there is one (with a deadline), else after the next frames are painted. */
const whenIdle: IdleScheduler = (run) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: PRELOAD_IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1_000);
  return () => window.clearTimeout(id);
};

/** Preloads `apps` once the browser is idle; returns the cancel function (an unmount, a new list). */
export function scheduleChildAppPreload(apps: readonly ChildApp[], schedule: IdleScheduler = whenIdle): () => void {
  if (!childAppPreloadUrls(apps).length) return () => undefined;
  let cancel: () => void = () => undefined;
  let stopped = false;
  const stop = () => {
    stopped = true;
    pending.delete(stop);
    cancel();
  };
  cancel = schedule(() => {
    pending.delete(stop);
    if (!stopped) preloadChildAppUrls(childAppPreloadUrls(apps));
  });
  pending.add(stop);
  return stop;
}

/** Logout: nothing more is fetched, and the next login preloads again. */
export function forgetChildAppPreloads(): void {
  for (const stop of [...pending]) stop();
  for (const link of preloaded.values()) link?.remove();
  preloaded.clear();
}
registerLogoutCleanup(forgetChildAppPreloads);
