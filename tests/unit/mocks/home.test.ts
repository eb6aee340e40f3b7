/**
 * The home cards, versions, favourites, menu clicks and common functions on the mocks (issue 16: they
 * answered generated examples, a save changed nothing): one state with the home menus' grids, the
 * reference server's rules and messages, every JSON answer in the contract's shapes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../src/api/client';
import { callLegacyResult } from '../../../src/api/call';
import { queryRows } from '../../../src/grid/api/listParam';
import {
  addMemo,
  deleteMemo,
  deleteVersion,
  loadCommonFunctions,
  loadDataShow,
  loadMemos,
  loadNotices,
  loadTodos,
  loadVersionDetails,
  loadVersions,
  loadWarnings,
  saveCommonFunctions,
  saveVersion,
} from '../../../src/features/home/api/home';
import { loadFavourites, loadMenuClicks, recordMenuVisit } from '../../../src/shell/favourites/api';
import { getMockDb } from '../../../mocks/db';
import { MEMOS, VERSIONS } from '../../../server/db/seed/home-data';
import { resetGridTestState, signIn } from '../grid/gridTestKit';
import { refusal } from './refusal';
import { watchAnswers } from './watchAnswers';

const gridRows = async (listRoute: string) => (await queryRows(listRoute, { conditions: [], Page: 1, Limit: 100, wantAggregates: false })).rows;
const menuOf = (code: string) => getMockDb().menus.find((menu) => menu.Menu_Code === code)!;
const saveNotice = (body: { ID?: string; TITLE: string; CONTENT: string; IS_TOP?: 'Y' | 'N' }) => callLegacyResult(api.POST('/SysNotice/AddOrModifySave', { body: { IS_TOP: 'N', ...body } }));
const saveFavourites = (body: { InsertRecords?: { ID: string; MENUM_ID: string; MENUM_PATH: string; USER_ID: string; ENABLE: 'Y' | 'N'; SORT_NUM: number }[]; RemoveRecords?: { ID: string }[] }) =>
  callLegacyResult(api.POST('/SysFavorites/SaveData', { body }));

let violations: () => Promise<string[]>;
let userId: string;

beforeEach(async () => {
  await resetGridTestState();
  userId = signIn('ADMIN', 'org-f01').userId;
  violations = watchAnswers();
});
afterEach(async () => {
  expect(await violations(), 'mock answers that break the contract').toEqual([]);
});

describe('home cards on the mocks', () => {
  it('a memo added on the card is in the 备忘录 grid, newest first; deleting it removes it from both; another user’s memo stays', async () => {
    expect((await loadMemos()).map((memo) => memo.CONTENT)).toEqual(MEMOS);
    const added = await addMemo('  盘点前清点 3 号货架  ');
    expect(added.CONTENT).toBe('盘点前清点 3 号货架');
    expect((await loadMemos())[0].ID).toBe(added.ID);
    expect((await gridRows('/home/memo')).map((row) => row.content)).toContain('盘点前清点 3 号货架');
    expect(await refusal(addMemo('   '))).toBe('请求错误：缺少必填字段 CONTENT');

    signIn('operator', 'org-f01');
    expect(await loadMemos()).toEqual([]);
    expect(await deleteMemo(added.ID)).toBe(0);

    signIn('ADMIN', 'org-f01');
    expect(await deleteMemo(added.ID)).toBe(1);
    expect((await loadMemos()).map((memo) => memo.ID)).not.toContain(added.ID);
    expect((await gridRows('/home/memo')).map((row) => row.id)).not.toContain(added.ID);
  });

  it('a notice with more than one image is refused with the server’s message and not stored', async () => {
    const content = '<p><img src="https://a.example/1.png"><img src="https://a.example/2.png"></p>';
    expect(await refusal(saveNotice({ TITLE: '两张图片', CONTENT: content }))).toBe('通知公告最多只能包含 1 张图片');
    expect((await loadNotices()).map((n) => n.TITLE)).not.toContain('两张图片');
  });

  it('notices of the organisation, pinned first; a new one is published by the caller and is in the 通知公告 grid; an unknown id is refused', async () => {
    const notices = await loadNotices();
    expect(notices.length).toBe(5);
    expect(notices.map((n) => n.IS_TOP)).toEqual(['Y', 'Y', 'N', 'N', 'N']);
    const saved = await saveNotice({ TITLE: '叉车年检通知', CONTENT: '<p>本周五叉车年检</p>', IS_TOP: 'Y' });
    expect(saved).toMatchObject({ TITLE: '叉车年检通知', PUBLISHER: getMockDb().users.find((u) => u.USER_NAME === 'ADMIN')!.NICK_NAME, IS_TOP: 'Y' });
    expect((await loadNotices())[0].ID).toBe(saved.ID);
    await saveNotice({ ID: saved.ID, TITLE: '叉车年检通知（改期）', CONTENT: '<p>下周一</p>', IS_TOP: 'N' });
    expect((await gridRows('/home/notice')).find((row) => row.id === saved.ID)?.title).toBe('叉车年检通知（改期）');
    expect(await refusal(saveNotice({ ID: 'no-such-notice', TITLE: 'x', CONTENT: 'y' }))).toBe('请求错误：字段 ID 无效（no-such-notice）');
    signIn('ADMIN', 'org-f02');
    expect((await loadNotices()).map((n) => n.ID)).not.toContain(saved.ID);
  });

  it('warnings of the organisation newest first, the caller’s open to-dos first, seven days of figures oldest first', async () => {
    const warnings = await loadWarnings();
    expect(warnings.length).toBe(6);
    expect(warnings.map((w) => w.CREATE_TIME)).toEqual([...warnings.map((w) => w.CREATE_TIME)].sort().reverse());
    const todos = await loadTodos();
    expect(todos.map((t) => t.STATUS)).toEqual(['open', 'open', 'open', 'open', 'done']);
    expect(todos[0].MENU_PATH).toBe('/warehouse/receiving');
    const figures = await loadDataShow();
    expect(figures.length).toBe(7);
    expect(figures.map((f) => f.STAT_DATE)).toEqual([...figures.map((f) => f.STAT_DATE)].sort());
    expect(figures.every((f) => f.INBOUND_QTY > 0 && f.OUTBOUND_QTY > 0)).toBe(true);
  });

  it('versions: a new one with its details, a taken number refused, deleting takes the details along', async () => {
    expect((await loadVersions()).map((v) => v.VERSION_NO)).toEqual(VERSIONS.map((v) => v.no));
    const saved = await saveVersion({ VERSION_NO: '5.1.0', TITLE: '盘点', RELEASE_DATE: '2099-01-01', REMARK: '', Details: [{ CHANGE_TYPE: 'feature', CONTENT: '循环盘点' }, { CHANGE_TYPE: 'fix', CONTENT: '差异导出' }] });
    expect((await loadVersions())[0].ID).toBe(saved.ID);
    expect((await loadVersionDetails(saved.ID)).map((d) => [d.SORT_NUM, d.CONTENT])).toEqual([[1, '循环盘点'], [2, '差异导出']]);
    expect(await refusal(saveVersion({ VERSION_NO: '5.0.2', TITLE: 'x', RELEASE_DATE: '2099-01-02', REMARK: '', Details: [] }))).toBe('版本号 5.0.2 已存在');
    await saveVersion({ ID: saved.ID, VERSION_NO: '5.1.0', TITLE: '盘点', RELEASE_DATE: '2099-01-01', REMARK: '改', Details: [{ CHANGE_TYPE: 'improvement', CONTENT: '只剩一条' }] });
    expect((await loadVersionDetails(saved.ID)).map((d) => d.CONTENT)).toEqual(['只剩一条']);
    expect(await deleteVersion(saved.ID)).toBe(1);
    expect(await loadVersionDetails(saved.ID)).toEqual([]);
    expect(await deleteVersion(saved.ID)).toBe(0);
  });
});

describe('favourites, menu clicks and common functions on the mocks', () => {
  it('a favourite is added once, removed by its id; another user’s id and an unknown menu are refused', async () => {
    const part = menuOf('MasterPart');
    const insert = { ID: '', MENUM_ID: part.Id, MENUM_PATH: part.Link_Url, USER_ID: userId, ENABLE: 'Y' as const, SORT_NUM: 0 };
    expect(await saveFavourites({ InsertRecords: [insert] })).toBe(1);
    expect(await saveFavourites({ InsertRecords: [insert] })).toBe(0);
    const [favourite] = await loadFavourites(userId);
    expect(favourite).toMatchObject({ MENUM_ID: part.Id, MENUM_PATH: part.Link_Url, ENABLE: 'Y' });
    expect(await refusal(saveFavourites({ InsertRecords: [{ ...insert, USER_ID: 'user-operator' }] }))).toBe('拒绝访问');
    expect(await refusal(saveFavourites({ InsertRecords: [{ ...insert, MENUM_ID: 'no-such-menu' }] }))).toBe('请求错误：字段 InsertRecords.MENUM_ID 无效（no-such-menu）');
    expect(await refusal(loadFavourites('user-operator'))).toBe('拒绝访问');
    expect(await saveFavourites({ RemoveRecords: [{ ID: favourite.ID }] })).toBe(2);
    expect(await loadFavourites(userId)).toEqual([]);
  });

  it('menu visits add up per path, most clicked first', async () => {
    const part = menuOf('MasterPart');
    const stocktake = menuOf('Stocktake');
    const visit = (menu: typeof part) => ({ MENU_ID: menu.Id, MENU_PATH: menu.Link_Url, MENU_TITLE: menu.Menu_Name, MENU_EN_TITLE: menu.MENU_EN, MENU_ICON: menu.Icon_Url, NUM_OF_CLICK: 1 as const });
    await recordMenuVisit(visit(stocktake), userId);
    await recordMenuVisit(visit(part), userId);
    await recordMenuVisit(visit(part), userId);
    expect((await loadMenuClicks(userId)).map((c) => [c.MENU_PATH, c.NUM_OF_CLICK])).toEqual([[part.Link_Url, 2], [stocktake.Link_Url, 1]]);
    signIn('operator', 'org-f01');
    expect(await loadMenuClicks(getMockDb().users.find((u) => u.USER_NAME === 'operator')!.ID)).toEqual([]);
  });

  it('a visit counts 1: another NUM_OF_CLICK is refused as the server refuses it; home and login are not counted', async () => {
    const part = menuOf('MasterPart');
    const visit = { MENU_ID: part.Id, MENU_PATH: part.Link_Url, MENU_TITLE: part.Menu_Name, MENU_EN_TITLE: part.MENU_EN, MENU_ICON: part.Icon_Url };
    const save = (records: object[]) => callLegacyResult(api.POST('/SysMenuClick/SaveData', { body: { OperationRecords: records as never } }));
    expect(await refusal(save([{ ...visit, NUM_OF_CLICK: 1000 }]))).toBe('请求错误：字段 body.OperationRecords.0.NUM_OF_CLICK 应为以下值之一：1');
    expect(await loadMenuClicks(userId)).toEqual([]);
    await save([
      { ...visit, NUM_OF_CLICK: 1 },
      { ...visit, MENU_ID: 'Home', MENU_PATH: '/index' },
      { ...visit, MENU_PATH: '/login' },
    ]);
    expect((await loadMenuClicks(userId)).map((c) => [c.MENU_PATH, c.NUM_OF_CLICK])).toEqual([[part.Link_Url, 1]]);
  });

  it('common functions are the caller’s own, replaced as a whole, titled from their menus; an unknown menu is refused', async () => {
    expect((await loadCommonFunctions()).map((f) => f.MENU_TITLE)).toEqual(['WarehouseReceiving', 'MasterPart', 'Stocktake', 'WarehouseSolderPaste'].map((code) => menuOf(code).Menu_Name));
    const part = menuOf('MasterPart');
    const saved = await saveCommonFunctions([{ MENU_ID: part.Id, MENU_PATH: part.Link_Url }, { MENU_ID: part.Id, MENU_PATH: part.Link_Url }]);
    expect(saved.map((f) => [f.MENU_ID, f.SORT_NUM, f.MENU_TITLE])).toEqual([[part.Id, 0, part.Menu_Name]]);
    expect(await refusal(saveCommonFunctions([{ MENU_ID: 'no-such-menu', MENU_PATH: '/x' }]))).toBe('请求错误：字段 Records.MENU_ID 无效（no-such-menu）');
    signIn('operator', 'org-f01');
    expect(await loadCommonFunctions()).toEqual([]);
  });
});
