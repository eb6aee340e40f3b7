/**
 * The home menus' list screens on the mocks (issue 16: they answered 400 列表不存在): the server's
 * list routes over the seed's demo rows, to-dos and memos the caller's own, coded columns labelled.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { loadSearchFields, loadTableColumns, queryRows } from '../../../src/grid/api/listParam';
import { TODOS, WARNINGS } from '../../../server/db/seed/home-data';
import { changeLanguage } from '../../../src/core/i18n';
import { loadWarnings } from '../../../src/features/home/api/home';
import { HOME_LISTS } from '../../../server/db/seed/system-data';
import { resetGridTestState, signIn } from '../grid/gridTestKit';

const rowsOf = async (listRoute: string) => (await queryRows(listRoute, { conditions: [], Page: 1, Limit: 100, wantAggregates: false })).rows;

beforeEach(async () => {
  await resetGridTestState();
  signIn('ADMIN', 'org-f01');
});

describe('home lists on the mocks', () => {
  it('each home menu’s list answers its columns, settings and rows', async () => {
    for (const list of HOME_LISTS) {
      expect((await loadTableColumns(list.list_route)).length, list.list_route).toBeGreaterThan(0);
      expect(await loadSearchFields(list.list_route)).toEqual([]);
      expect((await rowsOf(list.list_route)).length, list.list_route).toBeGreaterThan(0);
    }
  });

  it('shows pinned notices first, labels coded columns, and keeps to-dos to their user', async () => {
    const notices = await rowsOf('/home/notice');
    expect(notices.map((n) => n.is_top)).toEqual([...notices.map((n) => n.is_top)].sort().reverse());
    expect(notices.every((n) => n.org_id === 'org-f01')).toBe(true);
    const columns = await loadTableColumns('/home/warning');
    expect(columns.find((c) => c.COLUMN_NAME === 'warning_level')?.LABELS?.map((l) => l.NAME)).toEqual(['提示', '警告', '严重']);
    expect((await rowsOf('/home/todo')).map((t) => t.title).sort()).toEqual(TODOS.map((t) => t.title).sort());
    signIn('operator', 'org-f01');
    expect((await rowsOf('/home/todo')).every((t) => t.user_name === 'operator')).toBe(true);
    expect(await rowsOf('/home/memo')).toEqual([]);
  });

  it('shows the warnings in the reader’s language, as the server’s view does', async () => {
    expect((await rowsOf('/home/warning')).map((w) => w.title)).toContain(WARNINGS[0].title);
    await changeLanguage('en');
    const english = await rowsOf('/home/warning');
    expect(english.map((w) => w.title).sort()).toEqual(WARNINGS.map((w) => w.titleEn).sort());
    expect(english.map((w) => w.content)).toContain(WARNINGS[0].contentEn);
    const card = await loadWarnings();
    expect(card.map((w) => w.TITLE)).toContain(WARNINGS[0].titleEn);
  });
});
