/**
 * The main layout (spec §2 "Shell layout"): menu aside on the left; header with the aside
 * toggle, breadcrumb and tools; the tabs bar; the pages (kept alive per tab). Colours come from
 * the user's theme as CSS variables. Use it as the element of the guarded layout route.
 */
import { useEffect, useState, type CSSProperties } from 'react';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation } from 'react-router-dom';
import { menuTrail } from '../../core/navigation/buildRoutes';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import type { ShellMenuItem } from '../../core/navigation/types';
import { favouriteToggle, FAVOURITE_ADDED, isFavourite } from '../../core/navigation/favourites';
import { useMenuClickStatistics } from '../favourites/useMenuClickStatistics';
import { HeaderButton } from '../header/HeaderButton';
import { useShellServices } from '../services';
import { scheduleChildAppPreload } from '../childApp/childAppPreload';
import { useSettingsStore } from '../../core/settings/settingsStore';
import { useShellTheme } from '../settings/ShellThemeProvider';
import { KeepAliveOutlet } from '../tabs/KeepAliveOutlet';
import { TabsBar } from '../tabs/TabsBar';
import { connectTabsToSettings } from '../tabs/tabsStore';
import { useTabsFollowLocation } from '../tabs/useTabsFollowLocation';
import { clickRoot } from './asideState';
import { MenuAside } from './MenuAside';
import { ShellHeader } from './ShellHeader';
import { useOpenMenu } from './useOpenMenu';
import { useWindowTitle } from './useWindowTitle';
import './shell.css';

export function ShellLayout() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const services = useShellServices();
  const { shellTheme, cssVariables } = useShellTheme();
  const menus = useNavigationStore((s) => s.menus);
  const favourites = useNavigationStore((s) => s.favourites);
  const childApps = useNavigationStore((s) => s.childApps);
  const collapsed = useSettingsStore((s) => s.asideCollapsed);
  const setCollapsed = useSettingsStore((s) => s.setAsideCollapsed);
  const transitionActive = useSettingsStore((s) => s.transitionActive);
  const { pathname } = useLocation();
  const openMenu = useOpenMenu();

  // The active root follows navigation (tabs, search, links); a root click may pick another one.
  const locationRootId = menuTrail(menus, pathname)[0]?.id;
  const [activeRootId, setActiveRootId] = useState<string | undefined>(locationRootId);
  const [rootFollowedFor, setRootFollowedFor] = useState({ pathname, locationRootId });
  // Where the navigation under way at the last root click was going (else where the shell was): when it lands
  // there, the later click wins. A page loads its code and data before its address changes (a second or more
  // for Home after "close all"), and a root opened meanwhile used to close again under the pointer.
  const pendingPathname = useNavigation().location?.pathname;
  const [rootClickedOn, setRootClickedOn] = useState<string | null>(null);
  if (rootFollowedFor.pathname !== pathname || rootFollowedFor.locationRootId !== locationRootId) {
    setRootFollowedFor({ pathname, locationRootId });
    if (locationRootId && rootClickedOn !== pathname) setActiveRootId(locationRootId);
    setRootClickedOn(null);
  }

  // Before useTabsFollowLocation: effects run in this order, and the tab of the page the shell
  // was loaded on (a bookmark, a reload) must be saved like any other.
  useEffect(() => connectTabsToSettings(useSettingsStore.getState().setOpenedTabs), []);
  useTabsFollowLocation();
  useWindowTitle();
  useMenuClickStatistics();
  // The shell exists only for a signed-in user; an effect runs after the first paint, and the preload
  // waits further for an idle browser, so it never competes with the login or the first screen.
  useEffect(() => scheduleChildAppPreload(childApps), [childApps]);

  const onRootClick = (root: ShellMenuItem) => {
    const next = clickRoot({ activeRootId, collapsed }, root);
    setRootClickedOn(pendingPathname ?? pathname);
    setActiveRootId(next.activeRootId);
    setCollapsed(next.collapsed);
    if (!root.children.length) openMenu(root);
  };

  const toggleFavourite = services.toggleFavourite;
  const onToggleFavourite =
    toggleFavourite && services.user
      ? async (item: ShellMenuItem) => {
          const change = favouriteToggle(favourites, { menuId: item.id, path: item.path ?? '' }, services.user!.id);
          useNavigationStore.getState().setFavourites(await toggleFavourite(change));
          message.success(t(change.result === FAVOURITE_ADDED ? 'aside.favouriteAdded' : 'aside.favouriteRemoved'));
        }
      : undefined;

  return (
    <div className="shell" data-theme={shellTheme.key} style={cssVariables as CSSProperties}>
      <MenuAside
        menus={menus}
        state={{ activeRootId, collapsed }}
        selectedPath={pathname}
        darkPanel={shellTheme.darkPanel}
        onRootClick={onRootClick}
        onItemClick={openMenu}
        isFavourite={(item) => Boolean(item.path && isFavourite(favourites, item.path))}
        onToggleFavourite={onToggleFavourite}
      />
      <div className="shell-main">
        <ShellHeader
          start={
            <HeaderButton
              label={t('aside.toggle')}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              pressed={!collapsed}
              onClick={() => setCollapsed(!collapsed)}
            />
          }
        />
        <TabsBar />
        <KeepAliveOutlet className={`shell-content${transitionActive ? ' shell-content--animated' : ''}`} />
      </div>
    </div>
  );
}
