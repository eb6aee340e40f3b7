/**
 * The bootstrap wired to the real stores: what the router's guarded layout awaits. One run per
 * session even when several navigations (or StrictMode) ask at once.
 */
import { forgetServerEnvironment, SERVER_ENV_ADMIN_USER } from '../../api/base';
import i18n, { loadAllTexts } from '../../core/i18n';
import { useSettingsStore, switchSettingsUser } from '../../core/settings/settingsStore';
import { useTabsStore } from '../../shell/tabs/tabsStore';
import { COOKIE, readToken, removeCookie } from '../../core/session/cookies';
import { registerLogoutCleanup } from '../../api/logout';
import { currentOrganizationId, useSessionStore } from '../../core/session/store';
import { iframeTokenOrigins } from '../routes/iframeTokenOrigins';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import { STATIC_PATHS } from '../../core/navigation/staticPaths';
import { apiBootstrapLoaders } from './apiLoaders';
import { readLastUser, rememberLastUser } from '../../core/session/lastUser';
import { runBootstrap, type BootstrapEffects, type BootstrapLoaders, type BootstrapResult } from './bootstrap';

export function applyBootstrapResult({ user, navigation, favourites, childApps, apiConfig, grants }: BootstrapResult): void {
  useSessionStore.getState().setUserInfo(user);
  rememberLastUser(user);
  // Only ADMIN may work on another server environment; anyone else is on their login API address (spec §6).
  if (user.USER_NAME !== SERVER_ENV_ADMIN_USER) forgetServerEnvironment();
  switchSettingsUser(user.ID);
  // The grants first: the navigation marks the session bootstrapped, and pages then render their buttons.
  useNavigationStore.getState().setGrants(grants);
  useNavigationStore.getState().setNavigation({ ...navigation, favourites, childApps, apiConfig });
  const known = new Set([STATIC_PATHS.home, ...navigation.routes.map((route) => `/${route.path}`)]);
  useTabsStore.getState().restore(useSettingsStore.getState().openedTabs, (path) => known.has(path));
}

/**
 * Logout: routes and menus cleared, tabs closed, settings back to the anonymous user. The
 * settings switch comes first so closing the tabs does not erase the user's saved ones.
 */
export function clearSessionNavigation(): void {
  rememberLastUser(undefined);
  switchSettingsUser(undefined);
  useNavigationStore.getState().reset();
  useTabsStore.getState().reset();
}
registerLogoutCleanup(clearSessionNavigation);

export const browserBootstrapEffects: BootstrapEffects = {
  apply: applyBootstrapResult,
  removeToken: () => {
    removeCookie(COOKIE.token);
    removeCookie(COOKIE.alternateToken);
  },
  clearUser: () => useSessionStore.getState().clearUser(),
  reload: () => window.location.reload(),
};

const homeTitleNow = () => ({
  zh: i18n.t('shell:home', { lng: 'zh-chs' }),
  en: i18n.t('shell:home', { lng: 'en' }),
});

/**
 * Home's title, read once the shell's texts are in: the login page bundles only its own namespaces and
 * the rest load after login (core/i18n), so read at once it would be the bare key ("home") on the first
 * login of a page. Loaded beside the bootstrap's requests, not before them. A texts chunk that fails to
 * load fails the guard too (it awaits the same texts), which shows the error page and its Reload; it does
 * not fail the bootstrap, which would log the user out for it.
 */
const homeTitle = () => loadAllTexts().then(homeTitleNow, homeTitleNow);

let running: Promise<boolean> | null = null;

/** Resolves true once routes, menus and user info are loaded; false when the bootstrap failed (page reloads). */
export function ensureSessionBootstrapped(
  loaders: BootstrapLoaders = apiBootstrapLoaders,
  effects: BootstrapEffects = browserBootstrapEffects,
): Promise<boolean> {
  if (useNavigationStore.getState().bootstrapped) return Promise.resolve(true);
  running ??= runBootstrap(
    loaders,
    {
      token: readToken(),
      organizeId: currentOrganizationId(),
      tokenOrigins: iframeTokenOrigins(),
      homeTitle: homeTitle(),
      lastUser: readLastUser(),
    },
    effects,
  ).finally(() => {
    running = null;
  });
  return running;
}
