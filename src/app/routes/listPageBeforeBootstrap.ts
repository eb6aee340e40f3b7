/**
 * A page load of a list page the user has open in a tab (a reload, the browser restoring the tab): its
 * grid's requests leave before the session bootstrap's (from the menu routes' patch, which waits for
 * the bootstrap), instead of once the bootstrap's menus have named the page's route (issue 15: about
 * 200 ms later on this machine). Only for the user this tab's last bootstrap loaded (their settings,
 * which the bootstrap is about to load anyway) and a page in their saved tabs, so nothing is asked for
 * a page they have not opened. The route's own loader then finds the requests made
 * (grid/api/prefetch.ts), and the grid takes their answers.
 */
import { prefetchGrid } from '../../grid/api/prefetch';
import { readLastUser } from '../../core/session/lastUser';
import { switchSettingsUser, useSettingsStore } from '../../core/settings/settingsStore';
import { isListRoutePage, pageRegistry, type PageLoader } from '../pageRegistry';
import { queryClient } from '../providers/queryClient';

export function startListPageBeforeBootstrap(pathname: string, registry: Readonly<Record<string, PageLoader>> = pageRegistry): boolean {
  const path = pathname.replace(/^\//, '');
  // The session store learns the user from the bootstrap: before it, whom this tab's last bootstrap loaded.
  const user = readLastUser();
  if (!user?.USER_NAME || !isListRoutePage(registry[path])) return false;
  switchSettingsUser(user.ID);
  if (!useSettingsStore.getState().openedTabs.some((tab) => tab.path === pathname)) return false;
  prefetchGrid(queryClient, { listRoute: `/${path}`, routePath: pathname, userName: user.USER_NAME });
  return true;
}
