/** Tab navigation helpers shared by the tabs bar, the theme dialog (size change) and the layout. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { REFRESH_REDIRECT_PARAM, STATIC_PATHS } from '../../core/navigation/staticPaths';
import { useTabsStore, type TabItem } from './tabsStore';

export const refreshPathFor = (fullPath: string) =>
  `${STATIC_PATHS.refresh}?${REFRESH_REDIRECT_PARAM}=${encodeURIComponent(fullPath)}`;

/** Remount a tab's page: bump its key, pass through the refresh route, come back (spec §2 refresh). */
export function useRefreshTab() {
  const navigate = useNavigate();
  return useCallback(
    (tab: TabItem) => {
      useTabsStore.getState().refresh(tab.path);
      navigate(refreshPathFor(tab.fullPath), { replace: true });
    },
    [navigate],
  );
}

/** Refresh whatever tab is current (element-size change). */
export function useRefreshCurrentTab() {
  const refreshTab = useRefreshTab();
  return useCallback(() => {
    const { tabs, currentPath } = useTabsStore.getState();
    const current = tabs.find((tab) => tab.path === currentPath);
    if (current) refreshTab(current);
  }, [refreshTab]);
}
