/**
 * Whom this tab's last session bootstrap loaded (id, role and user name), so that a reload can ask for
 * their menus and favourites beside the user info (app/guard/bootstrap.ts) and for the grid of a list
 * they have open before the bootstrap has answered (app/routes/listPageBeforeBootstrap.ts). Kept for
 * the tab (sessionStorage), gone at logout.
 */
import type { UserInfo } from './store';

export type LastUser = Pick<UserInfo, 'ID' | 'ROLE_ID' | 'USER_NAME'>;

const LAST_USER_STORAGE_KEY = 'plant-portal-2.0.1-bootstrap-user';

export function readLastUser(): LastUser | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(LAST_USER_STORAGE_KEY) ?? 'null') as Partial<LastUser> | null;
    if (typeof stored?.ID !== 'string' || typeof stored.ROLE_ID !== 'string') return undefined;
    return { ID: stored.ID, ROLE_ID: stored.ROLE_ID, USER_NAME: typeof stored.USER_NAME === 'string' ? stored.USER_NAME : '' };
  } catch {
    return undefined;
  }
}

export function rememberLastUser(user: LastUser | undefined): void {
  try {
    if (user) sessionStorage.setItem(LAST_USER_STORAGE_KEY, JSON.stringify({ ID: user.ID, ROLE_ID: user.ROLE_ID, USER_NAME: user.USER_NAME }));
    else sessionStorage.removeItem(LAST_USER_STORAGE_KEY);
  } catch {
    // Storage refused (private mode, quota): the next bootstrap asks in two steps, as without it.
  }
}
