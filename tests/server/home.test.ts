import { beforeAll, describe, expect, it } from 'vitest';
import { menuIdOf } from '../../server/db/seed/demo-data.ts';
import { DANGEROUS, XSS_CORPUS } from '../unit/home/xssCorpus.ts';
import { describeServer } from './support/test-server.ts';

const F01 = 'org-f01';
const F02 = 'org-f02';


describeServer('home page', {}, (server) => {
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    admin = (await server.login('ADMIN', 'admin123', F01)).Token;
    operator = (await server.login('operator', 'operator123', F01)).Token;
  });

  describe('notices', () => {
    it('the seeded notices come pinned first, then newest first', async () => {
      const { body } = await server.call('GET', '/SysNotice/LoadData', { token: admin });
      const notices = body.Result as { IS_TOP: string; PUBLISH_TIME: string; TITLE: string }[];
      expect(notices.length).toBeGreaterThanOrEqual(5);
      const firstUnpinned = notices.findIndex((n) => n.IS_TOP === 'N');
      expect(notices.slice(0, firstUnpinned).every((n) => n.IS_TOP === 'Y')).toBe(true);
      expect(notices.slice(firstUnpinned).every((n) => n.IS_TOP === 'N')).toBe(true);
      const unpinnedTimes = notices.slice(firstUnpinned).map((n) => n.PUBLISH_TIME);
      expect(unpinnedTimes).toEqual([...unpinnedTimes].sort().reverse());
      expect(notices[0].TITLE).toBe('关于五一假期仓库盘点安排的通知');
    });

    it('a saved notice body is stripped of everything that runs script, and keeps its formatting', async () => {
      for (const attack of XSS_CORPUS) {
        const { body } = await server.call('POST', '/SysNotice/AddOrModifySave', {
          token: admin,
          body: { TITLE: 'xss', CONTENT: `<p><strong>kept</strong></p>${attack}`, IS_TOP: 'N' },
        });
        expect(body.Result.CONTENT, attack).not.toMatch(DANGEROUS);
        expect(body.Result.CONTENT).toContain('<p><strong>kept</strong></p>');
      }
      const stored = (await server.call('GET', '/SysNotice/LoadData', { token: admin })).body.Result as { TITLE: string; CONTENT: string }[];
      expect(stored.filter((n) => n.TITLE === 'xss')).toHaveLength(XSS_CORPUS.length);
      for (const notice of stored) expect(notice.CONTENT).not.toMatch(DANGEROUS);
    });

    it('a notice keeps its one image, and its links open in a new window without an opener', async () => {
      const { body } = await server.call('POST', '/SysNotice/AddOrModifySave', {
        token: admin,
        body: { TITLE: 'images', CONTENT: '<p><img src="https://a.example/1.png"><a href="https://b.example">b</a></p>' },
      });
      expect(body.Result.CONTENT).toBe('<p><img src="https://a.example/1.png" /><a href="https://b.example" target="_blank" rel="noopener noreferrer">b</a></p>');
    });

    it('a notice with more than one image is refused in the caller’s language, not stored with the extra images dropped', async () => {
      const content = '<p><img src="https://a.example/1.png"><img src="https://a.example/2.png"></p>';
      const refused = await server.call('POST', '/SysNotice/AddOrModifySave', { token: admin, body: { TITLE: 'two images', CONTENT: content } });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('通知公告最多只能包含 1 张图片');
      const english = await server.call('POST', '/SysNotice/AddOrModifySave', { token: admin, language: 'en', body: { TITLE: 'two images', CONTENT: content } });
      expect(english.body.msg).toBe('A notice may hold at most 1 image');
      const titles = (await server.call('GET', '/SysNotice/LoadData', { token: admin })).body.Result.map((n: { TITLE: string }) => n.TITLE);
      expect(titles).not.toContain('two images');
    });

    it('a pinned notice added now is first; editing it keeps its id', async () => {
      const added = (await server.call('POST', '/SysNotice/AddOrModifySave', { token: admin, body: { TITLE: 'pinned now', CONTENT: '<p>x</p>', IS_TOP: 'Y' } })).body.Result;
      expect((await server.call('GET', '/SysNotice/LoadData', { token: admin })).body.Result[0].ID).toBe(added.ID);
      const edited = (await server.call('POST', '/SysNotice/AddOrModifySave', { token: admin, body: { ID: added.ID, TITLE: 'pinned, edited', CONTENT: '<p>y</p>', IS_TOP: 'Y' } })).body.Result;
      expect(edited).toMatchObject({ ID: added.ID, TITLE: 'pinned, edited', CONTENT: '<p>y</p>' });
    });

    it('notices belong to their organisation', async () => {
      const f02 = (await server.login('ADMIN', 'admin123', F02)).Token;
      await server.call('POST', '/SysNotice/AddOrModifySave', { token: f02, body: { TITLE: 'only in F02', CONTENT: '<p>z</p>' } });
      const titles = (await server.call('GET', '/SysNotice/LoadData', { token: admin })).body.Result.map((n: { TITLE: string }) => n.TITLE);
      expect(titles).not.toContain('only in F02');
    });

    it('publishing needs the notices menu; reading does not', async () => {
      await server.db.insertInto('roles').values({ id: 'role-reader', name: 'reader', role_type: 'NORMAL' }).onConflict((oc) => oc.doNothing()).execute();
      const reader = await server.createUser({ roleId: 'role-reader' });
      const { Token } = await server.login(reader.userName, reader.password, F01);
      expect((await server.call('POST', '/SysNotice/AddOrModifySave', { token: Token, body: { TITLE: 't', CONTENT: 'c' } })).status).toBe(403);
      expect((await server.call('GET', '/SysNotice/LoadData', { token: Token })).body.Result.length).toBeGreaterThan(0);
    });
  });

  it('warnings carry their call status, newest first, with every status of the spec seeded', async () => {
    const { body } = await server.call('GET', '/SysWarning/LoadData', { token: operator });
    const warnings = body.Result as { CALL_STATUS: string; CREATE_TIME: string; CALL_TIME: string | null }[];
    expect(new Set(warnings.map((w) => w.CALL_STATUS))).toEqual(new Set(['pending', 'processing', 'success', 'failure']));
    expect(warnings.map((w) => w.CREATE_TIME)).toEqual(warnings.map((w) => w.CREATE_TIME).sort().reverse());
    expect(warnings.filter((w) => w.CALL_STATUS === 'pending').every((w) => w.CALL_TIME === null)).toBe(true);
  });

  describe('common functions', () => {
    it('the user picks menus; the list comes back in that order with titles and icons', async () => {
      const user = await server.createUser();
      const { Token } = await server.login(user.userName, user.password, F01);
      expect((await server.call('GET', '/MesCommonFunctions/LoadData', { token: Token })).body.Result).toEqual([]);
      const { body } = await server.call('POST', '/MesCommonFunctions/SaveData', {
        token: Token,
        body: { Records: [{ MENU_ID: menuIdOf('MasterVendor'), MENU_PATH: '/masterdata/vendor' }, { MENU_ID: menuIdOf('MasterPart'), MENU_PATH: '/masterdata/part' }] },
      });
      expect(body.Result.map((f: { MENU_PATH: string; MENU_EN_TITLE: string; SORT_NUM: number }) => [f.MENU_PATH, f.MENU_EN_TITLE, f.SORT_NUM])).toEqual([
        ['/masterdata/vendor', 'Vendor', 0],
        ['/masterdata/part', 'Part', 1],
      ]);
      await server.call('POST', '/MesCommonFunctions/SaveData', { token: Token, body: { Records: [{ MENU_ID: menuIdOf('MasterPart'), MENU_PATH: '/masterdata/part' }] } });
      expect((await server.call('GET', '/MesCommonFunctions/LoadData', { token: Token })).body.Result.map((f: { MENU_PATH: string }) => f.MENU_PATH)).toEqual(['/masterdata/part']);
      // Another user's list is untouched.
      expect((await server.call('GET', '/MesCommonFunctions/LoadData', { token: admin })).body.Result.length).toBeGreaterThan(0);
    });

    it('a menu that does not exist is refused', async () => {
      const { status } = await server.call('POST', '/MesCommonFunctions/SaveData', { token: operator, body: { Records: [{ MENU_ID: 'menu-nope', MENU_PATH: '/x' }] } });
      expect(status).toBe(400);
    });
  });

  it('to-do items are the caller\'s own, open ones first', async () => {
    const { body } = await server.call('GET', '/SysTodo/LoadData', { token: operator });
    const statuses = body.Result.map((t: { STATUS: string }) => t.STATUS);
    expect(statuses).toEqual([...statuses].sort((a: string, b: string) => (a === b ? 0 : a === 'open' ? -1 : 1)));
    expect(statuses).toContain('open');
    const stranger = await server.createUser();
    const { Token } = await server.login(stranger.userName, stranger.password, F01);
    expect((await server.call('GET', '/SysTodo/LoadData', { token: Token })).body.Result).toEqual([]);
  });

  describe('versions', () => {
    it('the newest release comes first, with its details in order', async () => {
      const versions = (await server.call('GET', '/Version/LoadData', { token: operator })).body.Result;
      expect(versions[0]).toMatchObject({ VERSION_NO: '5.0.2', RELEASE_DATE: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
      const details = (await server.call('GET', '/Version/LoadDetail', { token: operator, query: { masterId: versions[0].ID } })).body.Result;
      expect(details.map((d: { SORT_NUM: number }) => d.SORT_NUM)).toEqual([1, 2, 3, 4]);
    });

    it('an administrator adds, changes and deletes a version; version numbers are unique', async () => {
      const save = (body: object) => server.call('POST', '/Version/AddOrModifySave', { token: admin, body });
      const added = (await save({ VERSION_NO: '9.9.9', TITLE: 'Test', RELEASE_DATE: '2099-01-01', Details: [{ CHANGE_TYPE: 'fix', CONTENT: 'a' }] })).body.Result;
      expect((await server.call('GET', '/Version/LoadData', { token: admin })).body.Result[0].ID).toBe(added.ID);
      expect((await save({ VERSION_NO: '9.9.9', TITLE: 'Again', RELEASE_DATE: '2099-01-02', Details: [] })).status).toBe(409);
      await save({ ID: added.ID, VERSION_NO: '9.9.9', TITLE: 'Test', RELEASE_DATE: '2099-01-01', Details: [{ CHANGE_TYPE: 'feature', CONTENT: 'b' }, { CHANGE_TYPE: 'fix', CONTENT: 'c' }] });
      const details = (await server.call('GET', '/Version/LoadDetail', { token: admin, query: { masterId: added.ID } })).body.Result;
      expect(details.map((d: { CONTENT: string }) => d.CONTENT)).toEqual(['b', 'c']);
      expect((await server.call('POST', '/Version/Delete', { token: admin, query: { id: added.ID } })).body.Result).toBe(1);
      expect((await server.call('GET', '/Version/LoadDetail', { token: admin, query: { masterId: added.ID } })).body.Result).toEqual([]);
    });

    it('an operator may read versions but not change them', async () => {
      expect((await server.call('POST', '/Version/AddOrModifySave', { token: operator, body: { VERSION_NO: '1', TITLE: 't', RELEASE_DATE: '2020-01-01', Details: [] } })).status).toBe(403);
    });
  });

  it('memos: add one, it is listed first; remove it; another user can neither see nor remove it', async () => {
    const me = await server.createUser();
    const other = await server.createUser();
    const mine = (await server.login(me.userName, me.password, F01)).Token;
    const theirs = (await server.login(other.userName, other.password, F01)).Token;
    await server.call('POST', '/SysMemo/Add', { token: mine, body: { CONTENT: 'first' } });
    server.advanceClock(1000);
    const memo = (await server.call('POST', '/SysMemo/Add', { token: mine, body: { CONTENT: '  check line 2  ' } })).body.Result;
    expect(memo.CONTENT).toBe('check line 2');
    expect((await server.call('GET', '/SysMemo/LoadData', { token: mine })).body.Result.map((m: { CONTENT: string }) => m.CONTENT)).toEqual(['check line 2', 'first']);
    expect((await server.call('GET', '/SysMemo/LoadData', { token: theirs })).body.Result).toEqual([]);
    expect((await server.call('POST', '/SysMemo/Delete', { token: theirs, query: { id: memo.ID } })).body.Result).toBe(0);
    expect((await server.call('POST', '/SysMemo/Delete', { token: mine, query: { id: memo.ID } })).body.Result).toBe(1);
    expect((await server.call('GET', '/SysMemo/LoadData', { token: mine })).body.Result.map((m: { CONTENT: string }) => m.CONTENT)).toEqual(['first']);
  });

  it('an empty memo is refused', async () => {
    expect((await server.call('POST', '/SysMemo/Add', { token: operator, body: { CONTENT: '   ' } })).status).toBe(400);
  });

  it('the data show gives the last 7 days of figures, oldest first', async () => {
    const days = (await server.call('GET', '/Home/DataShow', { token: operator })).body.Result as { STAT_DATE: string; INBOUND_QTY: number }[];
    expect(days).toHaveLength(7);
    expect(days.map((d) => d.STAT_DATE)).toEqual(days.map((d) => d.STAT_DATE).sort());
    expect(days.some((d) => d.INBOUND_QTY > 0)).toBe(true);
  });
});

describeServer('home list screens', {}, (server) => {
  const rowsOf = async (token: string, LIST_ROUTE: string) => {
    const { status, body } = await server.call('POST', '/ListParam/QueryData', { token, body: { LIST_ROUTE, Limit: 1000 } });
    return { status, rows: (body.data?.rows ?? []) as Record<string, unknown>[], msg: body.msg as string };
  };
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    admin = (await server.login('ADMIN', 'admin123', F01)).Token;
    operator = (await server.login('operator', 'operator123', F01)).Token;
  });

  it('to-do items are each user’s own', async () => {
    const mine = await rowsOf(operator, '/home/todo');
    const theirs = await rowsOf(admin, '/home/todo');
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(theirs.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((row) => row.user_name === 'operator' && row.org_id === F01)).toBe(true);
    expect(theirs.rows.every((row) => row.user_name === 'ADMIN')).toBe(true);
  });

  it('notices and warnings are the organisation’s', async () => {
    const inF02 = (await server.login('ADMIN', 'admin123', F02)).Token;
    for (const list of ['/home/notice', '/home/warning']) {
      const f01 = await rowsOf(admin, list);
      const f02 = await rowsOf(inF02, list);
      expect(f01.rows.length).toBeGreaterThan(0);
      expect(f01.rows.every((row) => row.org_id === F01)).toBe(true);
      expect(f02.rows.every((row) => row.org_id === F02)).toBe(true);
    }
  });

  it('the notice list shows pinned notices first, then the newest, until the user sorts', async () => {
    const { rows } = await rowsOf(admin, '/home/notice');
    const pinnedFlags = rows.map((row) => Boolean(row.is_top));
    expect(pinnedFlags).toContain(true);
    expect(pinnedFlags).toEqual([...pinnedFlags].sort((a, b) => Number(b) - Number(a)));
    const unpinnedTimes = rows.filter((row) => !row.is_top).map((row) => String(row.publish_time));
    expect(unpinnedTimes).toEqual([...unpinnedTimes].sort().reverse());
  });

  it('memos are the user’s own, and a role without the memo menu gets 拒绝访问 for that list', async () => {
    const memos = await rowsOf(admin, '/home/memo');
    expect(memos.rows.length).toBeGreaterThan(0);
    expect(memos.rows.every((row) => row.user_name === 'ADMIN')).toBe(true);
    const refused = await rowsOf(operator, '/home/memo');
    expect(refused.status).toBe(403);
    expect(refused.msg).toBe('拒绝访问');
  });
});
