import { describe, expect, it, vi } from 'vitest';
import { runBootstrap, type BootstrapEffects, type BootstrapLoaders, type BootstrapResult } from '../../../src/app/guard/bootstrap';
import type { Favourite } from '../../../src/core/navigation/favourites';
import { HOME_TITLE, menuItem } from './menuFixtures';

const user = { ID: 'u-1', USER_NAME: 'ADMIN', NICK_NAME: '管理员', ROLE_ID: 'r-1' };
const favourite: Favourite = { ID: 'f1', MENUM_ID: 'm1', MENUM_PATH: '/admin/user', USER_ID: 'u-1', ENABLE: 'Y', SORT_NUM: 0 };

function fakeLoaders(overrides: Partial<BootstrapLoaders> = {}): BootstrapLoaders {
  return {
    loadApiPathConfig: vi.fn(async () => ({ REPORT_HOST: 'http://reports' })),
    loadChildApps: vi.fn(async () => [{ Code: 'DEMO', Name: 'Demo', Url: 'http://child/' }]),
    loadUserInfo: vi.fn(async () => user),
    loadRoleMenus: vi.fn(async () => [
      menuItem({ Id: 'm1', Menu_Code: 'User', Link_Url: '/admin/user' }),
      menuItem({ Id: 'm2', Menu_Code: 'UserAgain', Link_Url: '/admin/user' }),
      menuItem({ Id: 'm3', Menu_Code: 'Report', Link_Url: '{REPORT_HOST}/view' }),
      menuItem({ Id: 'm4', Menu_Code: 'Board', Link_Url: '/board', Target: '_blank' }),
    ]),
    loadRoleButtons: vi.fn(async () => ({ m1: ['Save', 'Delete'], m3: [], 'not-a-menu-of-the-user': ['Save'] })),
    loadFavourites: vi.fn(async () => [favourite]),
    ...overrides,
  };
}

function fakeEffects() {
  const applied: BootstrapResult[] = [];
  const effects: BootstrapEffects = {
    apply: (result) => applied.push(result),
    removeToken: vi.fn(),
    clearUser: vi.fn(),
    reload: vi.fn(),
  };
  return { effects, applied };
}

const context = { token: 'tok', organizeId: 'org-1', tokenOrigins: ['http://reports'], homeTitle: HOME_TITLE };

describe('session bootstrap', () => {
  it('loads config, child apps, user, role menus and favourites, then sets up the session', async () => {
    const loaders = fakeLoaders();
    const { effects, applied } = fakeEffects();
    await expect(runBootstrap(loaders, context, effects)).resolves.toBe(true);
    expect(loaders.loadRoleMenus).toHaveBeenCalledWith(user);
    expect(loaders.loadFavourites).toHaveBeenCalledWith(user);
    const [result] = applied;
    expect(result.user).toEqual(user);
    expect(result.childApps.map((app) => app.Code)).toEqual(['DEMO']);
    expect(result.favourites).toEqual([favourite]);
  });

  it('the menu gets Home first, routes are de-duplicated, and a new-window item opens a window that has its page\'s route', async () => {
    const { effects, applied } = fakeEffects();
    await runBootstrap(fakeLoaders(), context, effects);
    const { navigation } = applied[0];
    expect(navigation.menus[0]).toMatchObject({ code: 'Home', path: '/index' });
    // Board (Target _blank, an in-portal page): the menu opens a window, and that window needs the route to show it.
    expect(navigation.routes.map((route) => route.name)).toEqual(['User', 'Report', 'Board']);
    expect(navigation.newWindowItems.map((item) => item.name)).toEqual(['Board']);
    expect(navigation.menus.find((menu) => menu.code === 'Board')).toMatchObject({ newWindowUrl: '/board' });
  });

  it("the user's access is every menu of the role menu, with its buttons from the button map", async () => {
    const { effects, applied } = fakeEffects();
    await runBootstrap(fakeLoaders(), context, effects);
    expect(applied[0].grants).toEqual({ User: ['Save', 'Delete'], UserAgain: [], Report: [], Board: [] });
  });

  it('menu links are resolved with the loaded API path config and the session organisation and token', async () => {
    const { effects, applied } = fakeEffects();
    await runBootstrap(fakeLoaders(), context, effects);
    const report = applied[0].navigation.routes.find((route) => route.name === 'Report');
    expect(report?.iframeUrl).toBe('http://reports/view?OrganizeId=org-1&token=tok');
  });

  it.each(['loadApiPathConfig', 'loadChildApps', 'loadUserInfo', 'loadRoleMenus', 'loadRoleButtons', 'loadFavourites'] as const)(
    'when %s fails the token is removed, the user cleared and the page reloaded',
    async (failing) => {
      const loaders = fakeLoaders({ [failing]: vi.fn(async () => Promise.reject(new Error('down'))) });
      const { effects, applied } = fakeEffects();
      vi.spyOn(console, 'error').mockImplementation(() => {});
      await expect(runBootstrap(loaders, context, effects)).resolves.toBe(false);
      expect(applied).toEqual([]);
      expect(effects.removeToken).toHaveBeenCalledOnce();
      expect(effects.clearUser).toHaveBeenCalledOnce();
      expect(effects.reload).toHaveBeenCalledOnce();
    },
  );

  describe('with the user this tab loaded last', () => {
    /** A user info that arrives only when the test says so. */
    function heldUserInfo(answer: typeof user) {
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (release = resolve));
      return { loadUserInfo: vi.fn(async () => arrived.then(() => answer)), release };
    }

    it('asks for their menus and favourites beside the user info, once, and uses them', async () => {
      const held = heldUserInfo(user);
      const loaders = fakeLoaders({ loadUserInfo: held.loadUserInfo });
      const { effects, applied } = fakeEffects();
      const done = runBootstrap(loaders, { ...context, lastUser: { ID: user.ID, ROLE_ID: user.ROLE_ID } }, effects);
      await vi.waitFor(() => expect(loaders.loadRoleMenus).toHaveBeenCalled());
      expect(loaders.loadFavourites).toHaveBeenCalled();
      held.release();
      await expect(done).resolves.toBe(true);
      expect(loaders.loadRoleMenus).toHaveBeenCalledOnce();
      expect(loaders.loadFavourites).toHaveBeenCalledOnce();
      expect(applied[0].favourites).toEqual([favourite]);
      expect(applied[0].navigation.routes.map((route) => route.name)).toEqual(['User', 'Report', 'Board']);
    });

    it('asks again for the user the user info names when that is someone else, and the guess shows no error', async () => {
      const other = { ...user, ID: 'u-2', ROLE_ID: 'r-2' };
      const loadRoleMenus = vi.fn(async (owner: { ROLE_ID: string }) =>
        owner.ROLE_ID === other.ROLE_ID ? [menuItem({ Id: 'm9', Menu_Code: 'Other', Link_Url: '/other' })] : Promise.reject(new Error('403')),
      );
      const loaders = fakeLoaders({ loadUserInfo: vi.fn(async () => other), loadRoleMenus });
      const { effects, applied } = fakeEffects();
      await expect(runBootstrap(loaders, { ...context, lastUser: { ID: user.ID, ROLE_ID: user.ROLE_ID } }, effects)).resolves.toBe(true);
      expect(loadRoleMenus.mock.calls).toEqual([
        [{ ID: user.ID, ROLE_ID: user.ROLE_ID }, { silent: true }],
        [other],
      ]);
      expect(loaders.loadFavourites).toHaveBeenLastCalledWith(other);
      expect(applied[0].user).toEqual(other);
      expect(applied[0].navigation.routes.map((route) => route.name)).toEqual(['Other']);
    });
  });
});
