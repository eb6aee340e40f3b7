/**
 * Ending the session (spec §4): best-effort token revocation, then the token and uuid cookies
 * go, the user and common data are cleared, registered cleanups run (child apps, tabs, menus —
 * each owner registers its own), and the browser goes to /login.
 */
import { api } from './client';
import { COOKIE, removeCookie } from '../core/session/cookies';
import { useSessionStore } from '../core/session/store';

export const LOGIN_PATH = '/login';

/** Logout must not wait the full request timeout on a server that is down. */
const REVOKE_TIMEOUT_MS = 5_000;

type Cleanup = () => void | Promise<void>;
const cleanups = new Set<Cleanup>();

/** Run `cleanup` on every logout (clear a store, destroy child apps). Returns the unregister function. */
export function registerLogoutCleanup(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

export type LoginNavigator = (path: string) => void;

// A full page load by default: it also drops every in-memory cache of the old session.
const assignLocation: LoginNavigator = (path) => window.location.assign(path);
let navigateToLogin: LoginNavigator = assignLocation;

/** Replace how logout reaches the login page (tests; an SPA router navigate). */
export function setLoginNavigator(navigator: LoginNavigator | null): void {
  navigateToLogin = navigator ?? assignLocation;
}

export interface LogoutOptions {
  /** Tell the server to revoke the token first. Off when the server already refused it (401). */
  revokeToken?: boolean;
}

export async function logout({ revokeToken = true }: LogoutOptions = {}): Promise<void> {
  if (revokeToken) {
    await api.POST('/Auth/Logout', { signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS) }).catch(() => undefined);
  }
  // Without revocation nothing above awaits, so the token is gone before this call returns:
  // the api layer relies on that to log out once when several calls get a 401 together.
  removeCookie(COOKIE.token);
  removeCookie(COOKIE.alternateToken);
  removeCookie(COOKIE.uuid);
  useSessionStore.getState().clearUser();
  for (const cleanup of cleanups) {
    try {
      await cleanup();
    } catch (error) {
      // One failing cleanup must not keep the user signed in.
      console.error('logout cleanup failed', error);
    }
  }
  navigateToLogin(LOGIN_PATH);
}
