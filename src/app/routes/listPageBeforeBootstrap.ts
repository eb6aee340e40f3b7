/**
 * A page load of a list page the user has open in a tab (a reload, the browser restoring the tab): its
 * grid's requests leave beside the session bootstrap, instead of once the bootstrap's menus have named
 * the page's route (issue 15: about 200 ms later on this machine). Only for the user of this browser's
 * session (their settings, which the bootstrap is about to load anyway) and a page in their saved tabs,
 * so nothing is asked for a page they have not opened. The route's own loader then finds the requests
 * made (grid/api/prefetch.ts), and the grid takes their answers.
 */
import { prefetchGrid } from '../../grid/api/prefetch';
import { useSessionStore } from '../../core/session/store';
import { switchSettingsUser, useSettingsStore } from '../../core/settings/settingsStore';
import { isListRoutePage, pageRegistry, type PageLoader } from '../pageRegistry';
import { queryClient } from '../providers/queryClient';

export function startListPageBeforeBootstrap(pathname: string, registry: Readonly<Record<string, PageLoader>> = pageRegistry): boolean {
  const path = pathname.replace(/^\//, '');
  const user = useSessionStore.getState().userInfo;
  if (!user || !isListRoutePage(registry[path])) return false;
  switchSettingsUser(user.ID);
  if (!useSettingsStore.getState().openedTabs.some((tab) => tab.path === pathname)) return false;
  prefetchGrid(queryClient, { listRoute: `/${path}`, routePath: pathname });
  return true;
}
