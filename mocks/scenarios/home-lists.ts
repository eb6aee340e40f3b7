/**
 * The home menus' list screens in mock mode (通知公告, 预警信息, 待办事项, 备忘录): the reference
 * server's list routes (HOME_LISTS), their views' columns and captions (migrations 0041/0042), the
 * coded columns labelled from 字典 and the bookkeeping ones hidden (0075_01), over the same demo
 * rows the server's seed writes (server/db/seed/home-data.ts), times counted back from the mock db's
 * start. To-do items and memos are the caller's own. The rows are the home cards' too (./home.ts).
 */
import { CAPTIONS } from '../../server/db/migrations/0042_english_captions';
import { DAY, HOUR, MEMOS, NOTICES, TODOS, warningRows } from '../../server/db/seed/home-data';
import { HOME_LISTS, SYSTEM_LOOKUPS } from '../../server/db/seed/system-data';
import { DEMO_ORGANIZATIONS, DEMO_USERS } from './demo-data';
import type { MockList } from './listparam';
import type { Language } from '../../src/shared/bilingual';
import { scenarioState } from '../db';

type Column = MockList['columns'][number];
type Row = Record<string, unknown>;

/** Columns of a home list and the 字典 type that labels each coded one. */
const CODED: Record<string, Record<string, string>> = {
  '/home/notice': { is_top: 'YES_NO' },
  '/home/warning': { warning_level: 'WARNING_LEVEL', call_status: 'CALL_STATUS' },
  '/home/todo': { priority: 'TODO_PRIORITY', status: 'TODO_STATUS' },
};
const TIMES = new Set(['publish_time', 'call_time', 'created_at', 'due_time']);
const HIDDEN = new Set(['id', 'org_id']);

const labelsOf = (lookupType: string) => SYSTEM_LOOKUPS.filter(([type]) => type === lookupType).map(([, code, name, nameEn]) => ({ code, name, nameEn }));

function columnsOf(listRoute: string, sourceTable: string): Column[] {
  return Object.entries(CAPTIONS[sourceTable]).map(([name, [caption, captionEn]]) => {
    const lookupType = CODED[listRoute]?.[name];
    return {
      name,
      caption,
      captionEn,
      type: TIMES.has(name) ? ('datetime' as const) : ('text' as const),
      ...(lookupType ? { labels: labelsOf(lookupType) } : {}),
      ...(HIDDEN.has(name) && listRoute !== '/home/memo' ? { hidden: true } : {}),
    };
  });
}

const at = (started: number, offset: number) => new Date(started + offset).toISOString();
const orgIds = DEMO_ORGANIZATIONS.map((org) => org.Id);
const userNames = DEMO_USERS.map((user) => user.USER_NAME);

/**
 * The home rows as the server's tables keep them, in the list views' column names, with what only the
 * home cards read besides (a notice's content, a to-do's menu path): one state for the home cards
 * (./home.ts) and the home menus' grids, so a memo added on the card is in the 备忘录 grid. In the mock
 * db (scenarioState): a reset starts it over, the browser keeps it across reloads.
 */
export const homeRows = () =>
  scenarioState('homeRows', (): Record<string, Row[]> => {
    const started = Date.now();
    return {
      '/home/notice': orgIds.flatMap((org) =>
        NOTICES.map((n, i) => ({ title: n.title, is_top: n.isTop ? 'Y' : 'N', publisher: '管理员', publish_time: at(started, -n.ageDays * DAY), id: `notice-${org}-${i + 1}`, org_id: org, content: n.content })),
      ),
      '/home/warning': warningRows(orgIds, (offset) => at(started, offset)),
      '/home/todo': userNames.flatMap((userName) =>
        TODOS.map((t, i) => ({
          title: t.title,
          content: t.content,
          priority: t.priority,
          status: t.done ? 'done' : 'open',
          due_time: t.dueHours === null ? null : at(started, t.dueHours * HOUR),
          created_at: at(started, -DAY),
          user_name: userName,
          id: `todo-${userName}-${i + 1}`,
          org_id: orgIds[0],
          menu_path: t.path,
        })),
      ),
      '/home/memo': MEMOS.map((content, i) => ({ content, created_at: at(started, -(i + 1) * HOUR), user_name: userNames[0], id: `memo-${i + 1}` })),
    };
  });

/**
 * A list's rows as its view shows them: the view's columns only, and a warning's words in the reader's language
 * where it has both (title_en, content_en: the server's view picks them so, migration 0190_02).
 */
const viewRows = (listRoute: string, columns: readonly Column[]) => (language: Language) =>
  (homeRows()[listRoute] ?? []).map((row) => Object.fromEntries(columns.map((column) => [column.name, wordsIn(row, column.name, language) ?? null])));

/** A row's value of a column, its English words for an English reader where it has them. */
export const wordsIn = (row: Row, column: string, language: Language): unknown => (language === 'en' && row[`${column}_en`]) || row[column];

/** The four home lists, as the grid of each home menu reads them. */
export const HOME_MOCK_LISTS: readonly MockList[] = HOME_LISTS.map((list) => ({
  listRoute: list.list_route,
  title: list.title,
  titleEn: list.title_en,
  keyField: 'id',
  menuCode: list.menu_code,
  orgScoped: list.org_scoped,
  userScoped: list.user_scoped,
  defaultSort: list.default_sort,
  columns: columnsOf(list.list_route, list.source_table),
  rows: [],
  liveRows: viewRows(list.list_route, columnsOf(list.list_route, list.source_table)),
  settings: [],
}));
