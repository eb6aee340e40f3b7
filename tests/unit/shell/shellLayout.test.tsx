import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../src/core/i18n';
import { buildNavigation } from '../../../src/core/navigation/buildRoutes';
import { useNavigationStore } from '../../../src/core/navigation/navigationStore';
import { createMenuRouteObjects } from '../../../src/app/routes/routeObjects';
import { ShellLayout } from '../../../src/shell/layout/ShellLayout';
import { GHOST_USER_ID, switchSettingsUser, useSettingsStore } from '../../../src/core/settings/settingsStore';
import { useTabsStore } from '../../../src/shell/tabs/tabsStore';
import { HOME_TITLE, menuItem, seedMenuTree } from '../app/menuFixtures';
import { fakeServices, renderInShell } from './shellTestKit';

// antd's first render (CSS-in-JS) takes seconds when the whole unit project runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

const menuTree = [
  ...seedMenuTree,
  menuItem({ Id: 'm-board', Menu_Code: 'Board', Menu_Name: '看板', MENU_EN: 'Board', Link_Url: 'https://bi.example/board', Target: '_blank' }),
];

type PageModule = { default: ComponentType };
const userPage = async (): Promise<PageModule> => ({ default: () => <p>user page</p> });

/** `loadUserPage`: how the user screen's code arrives (at once unless a test holds it back). */
function renderLayout(path = '/index', services = fakeServices(), loadUserPage: () => Promise<PageModule> = userPage) {
  const navigation = buildNavigation({ menuTree, apiConfig: {}, homeTitle: HOME_TITLE });
  useNavigationStore.getState().setNavigation({ ...navigation, apiConfig: {}, childApps: [], favourites: [] });
  const routes = [
    { path: 'index', element: <p>home page</p> },
    ...createMenuRouteObjects(navigation.routes, { registry: { 'admin/user': loadUserPage } }),
  ];
  return renderInShell(<ShellLayout />, { path, routes, services });
}

const aside = () => screen.getByRole('navigation', { name: /^(菜单|Menu)$/ });
const rootButton = (name: string) => within(aside()).getByRole('button', { name });
const location = () => screen.getByLabelText('location').textContent;

beforeEach(() => {
  switchSettingsUser(GHOST_USER_ID);
  useTabsStore.setState(useTabsStore.getInitialState(), true);
  useNavigationStore.getState().reset();
});

describe('menu aside', () => {
  it('starts collapsed: 80 px of root icons, Home first, no second-level panel', () => {
    renderLayout();
    expect(aside().style.width).toBe('80px');
    expect(within(aside()).getAllByRole('button').map((b) => b.textContent)).toEqual([
      '首页',
      '系统管理',
      'Warehouse 中文',
      'Stocktake 中文',
      '看板',
    ]);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('clicking a root with children opens its second-level panel at 280 px; clicking it again collapses it', async () => {
    renderLayout();
    await userEvent.click(rootButton('系统管理'));
    expect(aside().style.width).toBe('280px');
    const panel = screen.getByRole('region', { name: '系统管理' });
    expect(within(panel).getByText('用户管理')).toBeTruthy();
    expect(useSettingsStore.getState().asideCollapsed).toBe(false);
    await userEvent.click(rootButton('系统管理'));
    expect(aside().style.width).toBe('80px');
    expect(useSettingsStore.getState().asideCollapsed).toBe(true);
  });

  it('clicking a screen in the panel opens it, with the breadcrumb root > screen', async () => {
    renderLayout();
    await userEvent.click(rootButton('系统管理'));
    await userEvent.click(within(screen.getByRole('region')).getByText('用户管理'));
    // A page route has a loader (it starts the page's code and data): the navigation settles a tick later.
    await waitFor(() => expect(location()).toBe('/admin/user'));
    expect(await screen.findByText('user page')).toBeTruthy();
    const crumbs = document.querySelector('.shell-breadcrumb') as HTMLElement;
    expect(within(crumbs).getByText('系统管理')).toBeTruthy();
    expect(within(crumbs).getByText('用户管理')).toBeTruthy();
    expect(document.title).toBe('工厂仓储管理平台 - 用户管理');
  });

  it('a root without children opens its screen and collapses the aside', async () => {
    renderLayout();
    await userEvent.click(rootButton('系统管理'));
    await userEvent.click(rootButton('Stocktake 中文'));
    await waitFor(() => expect(location()).toBe('/stocktake'));
    expect(aside().style.width).toBe('80px');
  });

  it('a screen without a registered page shows "module not found"', async () => {
    renderLayout('/stocktake');
    expect(await screen.findByText('模块未找到')).toBeTruthy();
  });

  it('a new-window item opens in a new window with the user appended', async () => {
    const services = fakeServices();
    renderLayout('/index', services);
    await userEvent.click(rootButton('看板'));
    expect(services.openWindow).toHaveBeenCalledWith('https://bi.example/board?user_name=ADMIN&user_id=u-1');
    expect(location()).toBe('/index');
  });

  it('the screen the shell is loaded on (a bookmark, a reload) is saved among the open tabs', async () => {
    renderLayout('/admin/user');
    await screen.findByText('user page');
    expect(useSettingsStore.getState().openedTabs.map((tab) => tab.path)).toEqual(['/admin/user']);
  });

  it('the active root follows navigation', async () => {
    const { router } = renderLayout('/index');
    await act(() => router.navigate('/masterdata/part'));
    expect(rootButton('Warehouse 中文').getAttribute('aria-current')).toBe('true');
  });

  it('a root opened while a screen loads stays open when the screen arrives; a later navigation is followed again', async () => {
    let arrive = () => {};
    const heldBack = new Promise<void>((resolve) => (arrive = resolve)).then(userPage);
    const { router } = renderLayout('/index', fakeServices(), () => heldBack);

    // The screen's code is still on its way (its route's loader waits for it) when the person opens another root.
    let landed: Promise<void> = Promise.resolve();
    act(() => {
      landed = router.navigate('/admin/user');
    });
    await userEvent.click(rootButton('Warehouse 中文'));
    expect(screen.getByRole('region', { name: 'Warehouse 中文' })).toBeTruthy();
    await act(async () => {
      arrive();
      await landed;
    });
    expect(await screen.findByText('user page')).toBeTruthy();
    expect(location()).toBe('/admin/user');
    expect(screen.getByRole('region', { name: 'Warehouse 中文' })).toBeTruthy();
    expect(rootButton('Warehouse 中文').getAttribute('aria-current')).toBe('true');

    await act(() => router.navigate('/index'));
    await act(() => router.navigate('/admin/user'));
    expect(rootButton('系统管理').getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('region', { name: '系统管理' })).toBeTruthy();
  });
});

describe('favourites', () => {
  it('right-clicking a screen in the panel adds it to the favourites', async () => {
    const saved = { ID: 'f-9', MENUM_ID: 'm-user', MENUM_PATH: '/admin/user', USER_ID: 'u-1', ENABLE: 'Y' as const, SORT_NUM: 0 };
    const toggleFavourite = vi.fn(async () => [saved]);
    renderLayout('/index', fakeServices({ toggleFavourite }));
    await userEvent.click(rootButton('系统管理'));
    fireEvent.contextMenu(within(screen.getByRole('region')).getByText('用户管理'));
    await userEvent.click(await screen.findByText('添加到收藏'));
    expect(toggleFavourite).toHaveBeenCalledWith({
      result: 1,
      insert: { MENUM_ID: 'm-user', MENUM_PATH: '/admin/user', USER_ID: 'u-1', ENABLE: 'Y', SORT_NUM: 0 },
    });
    await waitFor(() => expect(useNavigationStore.getState().favourites).toEqual([saved]));
    expect(await screen.findByText('收藏成功')).toBeTruthy();
    fireEvent.contextMenu(within(screen.getByRole('region')).getByText('用户管理'));
    expect(await screen.findByText('取消收藏')).toBeTruthy();
  });
});

describe('language switch', () => {
  it('re-renders menus, breadcrumb and tabs with the English titles (MENU_EN)', async () => {
    renderLayout('/admin/user');
    await screen.findByText('user page');
    await act(() => changeLanguage('en'));
    expect(rootButton('Administration')).toBeTruthy();
    expect(within(document.querySelector('.shell-breadcrumb') as HTMLElement).getByText('Users')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Home' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Plant Warehouse Portal - Users'));
  });
});

describe('themes', () => {
  it('each theme gives the layout its own colours', () => {
    renderLayout();
    const shell = document.querySelector('.shell') as HTMLElement;
    const colours = () => ['--shell-aside-bg', '--shell-header-bg', '--shell-content-bg'].map((v) => shell.style.getPropertyValue(v)).join('|');
    const seen = new Set<string>();
    for (const theme of ['classic', 'violet', 'simpleLine', 'star', 'darkBlue']) {
      act(() => useSettingsStore.getState().setTheme(theme));
      expect(shell.dataset.theme).toBe(theme);
      seen.add(colours());
    }
    expect(seen.size).toBe(5);
  });

  it('the theme colour is the primary colour of the layout', () => {
    renderLayout();
    act(() => useSettingsStore.getState().setThemeColor('#722ed1'));
    const shell = document.querySelector('.shell') as HTMLElement;
    expect(shell.style.getPropertyValue('--shell-primary')).toBe('#722ed1');
  });
});
