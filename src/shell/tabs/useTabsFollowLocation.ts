/**
 * Every navigation to a screen of the menu (or Home) opens or activates its tab, and the tab
 * remembers the full path (query included) to come back to.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import type { DynamicRoute } from '../../core/navigation/types';
import { HOME_TAB, isHomeTab, useTabsStore, type TabItem } from './tabsStore';

/** The tab a location belongs to, or undefined for pages that get no tab (refresh, 404, login). */
export function tabForLocation(
  location: { pathname: string; search?: string; hash?: string },
  routes: readonly DynamicRoute[],
): TabItem | undefined {
  const { pathname } = location;
  const fullPath = pathname + (location.search ?? '') + (location.hash ?? '');
  if (isHomeTab(pathname)) return { ...HOME_TAB, fullPath };
  const route = routes.find((r) => `/${r.path}` === pathname);
  return route && { path: pathname, fullPath, name: route.name, title: route.title, icon: route.icon };
}

export function useTabsFollowLocation() {
  const { pathname, search, hash } = useLocation();
  const routes = useNavigationStore((s) => s.routes);
  useEffect(() => {
    const tab = tabForLocation({ pathname, search, hash }, routes);
    if (tab) useTabsStore.getState().open(tab);
  }, [pathname, search, hash, routes]);
}
