import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { resolveApiBase } from '../../../src/api/base';
import { buildNavigation, menuTrail } from '../../../src/core/navigation/buildRoutes';
import { useNavigationStore } from '../../../src/core/navigation/navigationStore';
import { saveFavouriteChange } from '../../../src/shell/favourites/api';
import { favouriteToggle, type Favourite } from '../../../src/core/navigation/favourites';
import { menuVisitFor } from '../../../src/shell/favourites/menuClicks';
import { STATIC_PATHS as CORE_STATIC_PATHS } from '../../../src/core/navigation/staticPaths';
import { STATIC_PATHS } from '../../../src/shared/navigation/static-paths';
import { isCountedMenuVisit } from '../../../src/shared/home/menu-clicks';
import { useMenuClickStatistics } from '../../../src/shell/favourites/useMenuClickStatistics';
import { HOME_TITLE, menuItem, seedMenuTree } from '../app/menuFixtures';
import { fakeServices, renderInShell } from './shellTestKit';

vi.setConfig({ testTimeout: 20_000 });

const saved: Favourite = { ID: 'f-1', MENUM_ID: 'm-1', MENUM_PATH: '/admin/user', USER_ID: 'u-1', ENABLE: 'Y', SORT_NUM: 0 };
const api = (path: string) => `${resolveApiBase()}${path}`;

describe('favourite toggle', () => {
  it('a screen not in the favourites is added (result 1) enabled with sort number 0', () => {
    expect(favouriteToggle([saved], { menuId: 'm-2', path: '/masterdata/part' }, 'u-1')).toEqual({
      result: 1,
      insert: { MENUM_ID: 'm-2', MENUM_PATH: '/masterdata/part', USER_ID: 'u-1', ENABLE: 'Y', SORT_NUM: 0 },
    });
  });

  it('a screen already in the favourites is removed by its ID (result 2)', () => {
    expect(favouriteToggle([saved], { menuId: 'm-1', path: '/admin/user' }, 'u-1')).toEqual({ result: 2, removeId: 'f-1' });
  });

  it('adding sends InsertRecords to SysFavorites/SaveData, then reloads the whole list (Page 1, Limit 100000)', async () => {
    const sent: unknown[] = [];
    const loads: URLSearchParams[] = [];
    mockServer.use(
      http.post(api('/SysFavorites/SaveData'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ Result: 1, TotalCount: 0, ErrorInfo: { Status: false, Message: '' } });
      }),
      http.get(api('/SysFavorites/LoadData'), ({ request }) => {
        loads.push(new URL(request.url).searchParams);
        return HttpResponse.json({ Result: [saved], TotalCount: 1, ErrorInfo: { Status: false, Message: '' } });
      }),
    );
    const change = favouriteToggle([], { menuId: 'm-1', path: '/admin/user' }, 'u-1');
    expect(await saveFavouriteChange(change, 'u-1')).toEqual([saved]);
    expect(sent).toEqual([{ InsertRecords: [{ ID: '', MENUM_ID: 'm-1', MENUM_PATH: '/admin/user', USER_ID: 'u-1', ENABLE: 'Y', SORT_NUM: 0 }] }]);
    expect(Object.fromEntries(loads[0])).toEqual({ Page: '1', Limit: '100000', USER_ID: 'u-1' });
  });

  it('removing sends RemoveRecords with the favourite\'s ID', async () => {
    const sent: unknown[] = [];
    mockServer.use(
      http.post(api('/SysFavorites/SaveData'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ Result: 2, TotalCount: 0, ErrorInfo: { Status: false, Message: '' } });
      }),
      http.get(api('/SysFavorites/LoadData'), () => HttpResponse.json({ Result: [], TotalCount: 0, ErrorInfo: { Status: false, Message: '' } })),
    );
    expect(await saveFavouriteChange(favouriteToggle([saved], { menuId: 'm-1', path: '/admin/user' }, 'u-1'), 'u-1')).toEqual([]);
    expect(sent).toEqual([{ RemoveRecords: [{ ID: 'f-1' }] }]);
  });
});

const navigation = buildNavigation({
  menuTree: [...seedMenuTree, menuItem({ Id: '', Menu_Code: 'NoId', Link_Url: '/no/id' }), menuItem({ Id: '  ', Menu_Code: 'BlankId', Link_Url: '/blank/id' })],
  apiConfig: {},
  homeTitle: HOME_TITLE,
});

describe('menu click statistics rules', () => {
  it('a visit of a menu screen counts 1, with the menu\'s id, path, titles and icon', () => {
    expect(menuVisitFor(navigation.menus, '/admin/user')).toEqual({
      MENU_ID: 'm-user',
      MENU_PATH: '/admin/user',
      MENU_TITLE: '用户管理',
      MENU_EN_TITLE: 'Users',
      MENU_ICON: '',
      NUM_OF_CLICK: 1,
    });
  });

  it('home, the second home, login and the root are not counted', () => {
    for (const path of ['/index', '/grid', '/login', '/']) expect(menuVisitFor(navigation.menus, path)).toBeNull();
  });

  it('a menu with no id is not counted, nor a screen that is no menu', () => {
    expect(menuVisitFor(navigation.menus, '/no/id')).toBeNull();
    expect(menuVisitFor(navigation.menus, '/refresh')).toBeNull();
  });

  it('the portal and the server count by one rule over one list of static paths: no visit is sent that the server would not count', () => {
    expect(CORE_STATIC_PATHS).toBe(STATIC_PATHS);
    const paths = [...Object.values(STATIC_PATHS), '/admin/user', '/no/id', '/blank/id'];
    for (const path of paths) {
      const menu = menuTrail(navigation.menus, path).at(-1);
      const counted = menu !== undefined && isCountedMenuVisit({ MENU_ID: menu.id, MENU_PATH: path });
      expect(menuVisitFor(navigation.menus, path) !== null, path).toBe(counted);
    }
  });
});

describe('counting visits while navigating', () => {
  beforeEach(() => {
    useNavigationStore.getState().reset();
    useNavigationStore.getState().setNavigation({ ...navigation, apiConfig: {}, childApps: [], favourites: [] });
  });

  function Counter() {
    useMenuClickStatistics();
    return null;
  }

  it('each arrival at a menu screen is recorded once; home is not', async () => {
    const recordMenuVisit = vi.fn();
    const { router } = renderInShell(createElement(Counter), { path: '/index', services: fakeServices({ recordMenuVisit }) });
    expect(recordMenuVisit).not.toHaveBeenCalled();
    await act(() => router.navigate('/admin/user'));
    await act(() => router.navigate('/masterdata/part'));
    await act(() => router.navigate('/admin/user'));
    await act(() => router.navigate('/index'));
    expect(recordMenuVisit.mock.calls.map(([visit]) => visit.MENU_PATH)).toEqual(['/admin/user', '/masterdata/part', '/admin/user']);
  });
});
