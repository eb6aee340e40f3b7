import { beforeAll, describe, expect, it } from 'vitest';
import { menuIdOf } from '../../server/db/seed/demo-data.ts';
import { describeServer } from './support/test-server.ts';

const F01 = 'org-f01';
const PART = { MENUM_ID: menuIdOf('MasterPart'), MENUM_PATH: '/masterdata/part' };
const VENDOR = { MENUM_ID: menuIdOf('MasterVendor'), MENUM_PATH: '/masterdata/vendor' };

describeServer('favourites and menu click statistics', {}, (server) => {
  const signIn = async () => {
    const user = await server.createUser();
    const { Token } = await server.login(user.userName, user.password, F01);
    return { id: user.id, token: Token };
  };
  const loadFavourites = (token: string, userId?: string) =>
    server.call('GET', '/SysFavorites/LoadData', { token, query: { Page: 1, Limit: 100000, ...(userId ? { USER_ID: userId } : {}) } });
  const saveFavourites = (token: string, body: object) => server.call('POST', '/SysFavorites/SaveData', { token, body });
  const loadClicks = (token: string) => server.call('GET', '/SysMenuClick/LoadData', { token });
  const visit = (token: string, menuCode: string, path: string, extra: object = {}) =>
    server.call('POST', '/SysMenuClick/SaveData', {
      token,
      body: { OperationRecords: [{ MENU_ID: menuIdOf(menuCode), MENU_PATH: path, MENU_TITLE: menuCode, MENU_EN_TITLE: menuCode, MENU_ICON: 'BlockOutlined', ...extra }] },
    });

  describe('favourites', () => {
    let me: { id: string; token: string };
    let other: { id: string; token: string };
    beforeAll(async () => {
      me = await signIn();
      other = await signIn();
    });

    it('adding a screen answers 1 and the reloaded list holds it, enabled, sort number 0', async () => {
      const { body } = await saveFavourites(me.token, { InsertRecords: [{ ID: '', ...PART, USER_ID: me.id, ENABLE: 'Y', SORT_NUM: 0 }] });
      expect(body.Result).toBe(1);
      const list = (await loadFavourites(me.token, me.id)).body;
      expect(list.Result).toEqual([{ ID: expect.any(String), ...PART, USER_ID: me.id, ENABLE: 'Y', SORT_NUM: 0 }]);
      expect(list.TotalCount).toBe(1);
    });

    it('adding the same screen again changes nothing', async () => {
      const { body } = await saveFavourites(me.token, { InsertRecords: [{ ...PART, USER_ID: me.id }] });
      expect(body.Result).toBe(0);
      expect((await loadFavourites(me.token)).body.Result).toHaveLength(1);
    });

    it('removing by ID answers 2 and the screen leaves the list', async () => {
      await saveFavourites(me.token, { InsertRecords: [{ ...VENDOR, USER_ID: me.id }] });
      const before = (await loadFavourites(me.token)).body.Result as { ID: string; MENUM_PATH: string }[];
      const part = before.find((f) => f.MENUM_PATH === PART.MENUM_PATH)!;
      const { body } = await saveFavourites(me.token, { RemoveRecords: [part] });
      expect(body.Result).toBe(2);
      expect((await loadFavourites(me.token)).body.Result.map((f: { MENUM_PATH: string }) => f.MENUM_PATH)).toEqual([VENDOR.MENUM_PATH]);
    });

    it('a user sees only their own favourites and cannot ask for another user\'s', async () => {
      expect((await loadFavourites(other.token)).body.Result).toEqual([]);
      expect((await loadFavourites(other.token, me.id)).status).toBe(403);
    });

    it('a user cannot add favourites for another user or remove theirs', async () => {
      expect((await saveFavourites(other.token, { InsertRecords: [{ ...PART, USER_ID: me.id }] })).status).toBe(403);
      const mine = (await loadFavourites(me.token)).body.Result as { ID: string }[];
      expect((await saveFavourites(other.token, { RemoveRecords: [{ ID: mine[0].ID }] })).status).toBe(403);
      expect((await loadFavourites(me.token)).body.Result).toHaveLength(mine.length);
    });

    it('a favourite of a menu that does not exist is refused', async () => {
      const { status, body } = await saveFavourites(me.token, { InsertRecords: [{ MENUM_ID: 'menu-nope', MENUM_PATH: '/nope', USER_ID: me.id }] });
      expect(status).toBe(400);
      expect(body.msg).toContain('menu-nope');
    });

    it('without a token the favourites are not readable', async () => {
      expect((await server.call('GET', '/SysFavorites/LoadData')).status).toBe(401);
    });
  });

  describe('menu click statistics', () => {
    it('each visit adds 1 and the most visited comes first, with its titles and icon', async () => {
      const me = await signIn();
      await visit(me.token, 'MasterVendor', '/masterdata/vendor');
      await visit(me.token, 'MasterPart', '/masterdata/part');
      const { body } = await visit(me.token, 'MasterPart', '/masterdata/part');
      expect(body.Result.map((r: { MENU_PATH: string; NUM_OF_CLICK: number }) => [r.MENU_PATH, r.NUM_OF_CLICK])).toEqual([
        ['/masterdata/part', 2],
        ['/masterdata/vendor', 1],
      ]);
      expect(body.Result[0]).toMatchObject({ User_ID: me.id, MENU_ID: menuIdOf('MasterPart'), MENU_TITLE: 'MasterPart', MENU_ICON: 'BlockOutlined' });
      expect((await loadClicks(me.token)).body.Result).toEqual(body.Result);
    });

    it('one user\'s visits do not count for another, and naming another user is refused', async () => {
      const me = await signIn();
      const other = await signIn();
      await visit(me.token, 'MasterPart', '/masterdata/part');
      expect((await loadClicks(other.token)).body.Result).toEqual([]);
      expect((await server.call('GET', '/SysMenuClick/LoadData', { token: other.token, query: { User_ID: me.id } })).status).toBe(403);
      expect((await visit(other.token, 'MasterPart', '/masterdata/part', { User_ID: me.id })).status).toBe(403);
      expect((await loadClicks(me.token)).body.Result[0].NUM_OF_CLICK).toBe(1);
    });

    it('a visit adds exactly 1: a record claiming more clicks is refused and counts nothing', async () => {
      const me = await signIn();
      await visit(me.token, 'MasterPart', '/masterdata/part');
      const inflated = await visit(me.token, 'MasterPart', '/masterdata/part', { NUM_OF_CLICK: 1000 });
      expect(inflated.status).toBe(400);
      expect(inflated.body.msg).toBe('请求错误：字段 body.OperationRecords.0.NUM_OF_CLICK 应为以下值之一：1');
      await visit(me.token, 'MasterPart', '/masterdata/part', { NUM_OF_CLICK: 1 });
      expect((await loadClicks(me.token)).body.Result.map((r: { MENU_PATH: string; NUM_OF_CLICK: number }) => [r.MENU_PATH, r.NUM_OF_CLICK])).toEqual([
        ['/masterdata/part', 2],
      ]);
    });

    it('home, login and the Home entry are not counted', async () => {
      const me = await signIn();
      const home = await server.call('POST', '/SysMenuClick/SaveData', {
        token: me.token,
        body: { OperationRecords: [{ MENU_ID: 'Home', MENU_PATH: '/index' }, { MENU_ID: menuIdOf('MasterPart'), MENU_PATH: '/login' }, { MENU_ID: menuIdOf('MasterPart'), MENU_PATH: '/' }] },
      });
      expect(home.status, home.body.msg).toBe(200);
      expect((await loadClicks(me.token)).body.Result).toEqual([]);
    });

    it('visits of a menu that does not exist are refused', async () => {
      const me = await signIn();
      const { status } = await server.call('POST', '/SysMenuClick/SaveData', {
        token: me.token,
        body: { OperationRecords: [{ MENU_ID: 'menu-nope', MENU_PATH: '/nope' }] },
      });
      expect(status).toBe(400);
      expect((await loadClicks(me.token)).body.Result).toEqual([]);
    });
  });
});
