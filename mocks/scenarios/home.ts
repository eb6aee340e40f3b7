/**
 * The home page's cards in mock mode (SysNotice/*, SysWarning/*, SysTodo/*, SysMemo/*, Home/DataShow, Live/Events,
 * MesCommonFunctions/*, Version/*) and the shell's favourites and menu clicks (SysFavorites/*,
 * SysMenuClick/*), as the reference server answers them (server/modules/home/handlers.ts,
 * server/modules/favourites/handlers.ts): the same rules, orders and messages. Notices, warnings,
 * to-dos and memos are the home menus' list rows (./home-lists.ts homeRows), so a memo added on the
 * card is in the 备忘录 grid; the rest is kept here, all in the mock db (scenarioState). The
 * x-permission checks are the server's alone: the mock trusts the screens to hide what a role lacks.
 * Notice bodies are kept as sent (the server cleans them with sanitize-html, a Node library; the
 * portal cleans them again on display), but more images than the editor allows are refused as there.
 */
import type { components } from '../../src/api/schema';
import { COMMON_FUNCTIONS, DAY, VERSIONS } from '../../server/db/seed/home-data';
import { Refusal } from '../../src/shared/messages/refusal';
import { refuseExtraImages } from '../../src/shared/rich-text';
import { createContractHttp } from '../generated/handlers';
import { getMockDb, scenarioState } from '../db';
import { languageOfRequest, legacyOk, signedInAnswer, type SignedIn } from './answers';
import { DEFAULT_LANGUAGE, type Language } from '../../src/shared/bilingual';
import { homeRows, wordsIn } from './home-lists';
import { isOpenWarning } from '../../src/shared/home/warnings';
import { MENU_CLICK_INCREMENT, isCountedMenuVisit } from '../../src/shared/home/menu-clicks';

type Schemas = components['schemas'];
type Row = Record<string, unknown>;
type VersionMaster = Schemas['VersionMaster'];
type VersionDetail = Schemas['VersionDetail'];

/** How many days Home/DataShow answers (the server's DATA_SHOW_DAYS). */
const DATA_SHOW_DAYS = 7;

/** Result codes of SysFavorites/SaveData (the portal's favourite toggle expects them). */
const NOTHING_CHANGED = 0;
const ADDED = 1;
const REMOVED = 2;

interface Favourite {
  ID: string;
  USER_ID: string;
  MENUM_ID: string;
  MENUM_PATH: string;
  ENABLE: 'Y' | 'N';
  SORT_NUM: number;
  createdAt: number;
}
/** A stored click count: the contract's row, and when it was last counted (the most used come first). */
type Click = Schemas['MenuClick'] & { lastClickAt: number };
interface CommonFunction {
  ID: string;
  USER_ID: string;
  MENU_ID: string;
  MENU_PATH: string;
  SORT_NUM: number;
}
interface Throughput {
  orgId: string;
  STAT_DATE: string;
  INBOUND_QTY: number;
  OUTBOUND_QTY: number;
  INSPECTED_QTY: number;
}

const dayOfYear = (date: Date) => Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY) + 1;

/** Two weeks of figures per organisation ending today, made as the server's seed makes them (seed-home.ts). */
function throughputRows(now: number): Throughput[] {
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  return getMockDb().organizations.slice(0, 2).flatMap((org, index) =>
    Array.from({ length: 14 }, (_, i) => {
      const day = new Date(today - (13 - i) * DAY);
      const doy = dayOfYear(day);
      const n = index + 1;
      const sunday = day.getUTCDay() === 0;
      return {
        orgId: org.Id,
        STAT_DATE: day.toISOString().slice(0, 10),
        INBOUND_QTY: Math.round((1800 + 900 * Math.sin(doy / 2) + 400 * n) * (sunday ? 0.3 : 1)),
        OUTBOUND_QTY: Math.round((1500 + 700 * Math.cos(doy / 3) + 300 * n) * (sunday ? 0.3 : 1)),
        INSPECTED_QTY: Math.round((260 + 120 * Math.sin(doy) + 40 * n) * (sunday ? 0.2 : 1)),
      };
    }),
  );
}

/** What the home cards keep besides the list rows: versions, common functions, favourites, clicks, figures. */
const state = () =>
  scenarioState('home', () => {
    const now = Date.now();
    const menuIdOf = (code: string) => getMockDb().menus.find((menu) => menu.Menu_Code === code)?.Id;
    return {
      versions: VERSIONS.map((version, index) => ({
        ID: `version-${version.no}`,
        VERSION_NO: version.no,
        TITLE: version.title,
        RELEASE_DATE: new Date(now - version.ageDays * DAY).toISOString().slice(0, 10),
        REMARK: version.remark,
        createdAt: now - index,
      })),
      versionDetails: VERSIONS.flatMap((version) =>
        version.details.map(([type, content], i): VersionDetail => ({ ID: `version-${version.no}-${i + 1}`, MASTER_ID: `version-${version.no}`, SORT_NUM: i + 1, CHANGE_TYPE: type, CONTENT: content })),
      ),
      commonFunctions: COMMON_FUNCTIONS.flatMap(([code, path], i): CommonFunction[] => {
        const menuId = menuIdOf(code);
        return menuId ? [{ ID: `common-admin-${i + 1}`, USER_ID: 'user-admin', MENU_ID: menuId, MENU_PATH: path, SORT_NUM: i }] : [];
      }),
      favourites: [] as Favourite[],
      clicks: [] as Click[],
      throughput: throughputRows(now),
      nextId: 0,
    };
  });

const newId = (prefix: string) => `${prefix}-mock-${++state().nextId}`;
const queryOf = (request: Request) => new URL(request.url).searchParams;
const desc = (a: unknown, b: unknown) => String(b ?? '').localeCompare(String(a ?? ''));
const asc = (a: unknown, b: unknown) => String(a ?? '').localeCompare(String(b ?? ''));

// ---- notices, warnings, to-dos, memos -------------------------------------------------------------

const rowsOf = (listRoute: string) => homeRows()[listRoute];

const toNotice = (row: Row): Schemas['Notice'] => ({
  ID: row.id as string,
  TITLE: row.title as string,
  CONTENT: row.content as string,
  IS_TOP: row.is_top as 'Y' | 'N',
  PUBLISHER: row.publisher as string,
  PUBLISH_TIME: row.publish_time as string,
});

function loadNotices({ orgId }: SignedIn) {
  return rowsOf('/home/notice')
    .filter((row) => row.org_id === orgId)
    .sort((a, b) => Number(b.is_top === 'Y') - Number(a.is_top === 'Y') || desc(a.publish_time, b.publish_time) || asc(a.id, b.id))
    .map(toNotice);
}

function saveNotice({ orgId, user }: SignedIn, body: Schemas['NoticeInput']) {
  refuseExtraImages(body.CONTENT, 'noticeTooManyImages', 'CONTENT');
  const values = { title: body.TITLE, content: body.CONTENT, is_top: body.IS_TOP ?? 'N' };
  const notices = rowsOf('/home/notice');
  if (body.ID) {
    const notice = notices.find((row) => row.id === body.ID && row.org_id === orgId);
    if (!notice) throw new Refusal(400, 'invalidField', { field: 'ID', detail: body.ID });
    Object.assign(notice, values);
    return legacyOk(toNotice(notice), 1);
  }
  const notice = { id: newId('notice'), org_id: orgId, publisher: user.NICK_NAME || user.USER_NAME, publish_time: new Date().toISOString(), ...values };
  notices.push(notice);
  return legacyOk(toNotice(notice), 1);
}

const loadWarnings = ({ orgId }: SignedIn, language: Language): Schemas['Warning'][] =>
  rowsOf('/home/warning')
    .filter((row) => row.org_id === orgId)
    .sort((a, b) => desc(a.created_at, b.created_at) || asc(a.id, b.id))
    .map((row) => ({
      ID: row.id as string,
      TITLE: wordsIn(row, 'title', language) as string,
      CONTENT: wordsIn(row, 'content', language) as string,
      WARNING_LEVEL: row.warning_level as Schemas['Warning']['WARNING_LEVEL'],
      CALL_STATUS: row.call_status as Schemas['WarningCallStatus'],
      CALL_TIME: (row.call_time as string | null) ?? null,
      CREATE_TIME: row.created_at as string,
    }));

/** Open first, then by due time (none last), then id. */
const loadTodos = ({ orgId, user }: SignedIn): Schemas['TodoItem'][] =>
  rowsOf('/home/todo')
    .filter((row) => row.user_name === user.USER_NAME && row.org_id === orgId)
    .sort((a, b) => Number(b.status === 'open') - Number(a.status === 'open') || Number(a.due_time === null) - Number(b.due_time === null) || asc(a.due_time, b.due_time) || asc(a.id, b.id))
    .map((row) => ({
      ID: row.id as string,
      TITLE: row.title as string,
      CONTENT: row.content as string,
      PRIORITY: row.priority as Schemas['TodoItem']['PRIORITY'],
      STATUS: row.status as Schemas['TodoItem']['STATUS'],
      DUE_TIME: (row.due_time as string | null) ?? null,
      MENU_PATH: (row.menu_path as string | undefined) ?? '',
    }));

const toMemo = (row: Row): Schemas['Memo'] => ({ ID: row.id as string, CONTENT: row.content as string, CREATE_TIME: row.created_at as string });

const loadMemos = ({ user }: SignedIn) =>
  rowsOf('/home/memo')
    .filter((row) => row.user_name === user.USER_NAME)
    .sort((a, b) => desc(a.created_at, b.created_at) || desc(a.id, b.id))
    .map(toMemo);

function addMemo({ user }: SignedIn, text: string) {
  const content = text.trim();
  if (!content) throw new Refusal(400, 'missingField', { field: 'CONTENT' });
  const memo = { content, created_at: new Date().toISOString(), user_name: user.USER_NAME, id: newId('memo') };
  rowsOf('/home/memo').push(memo);
  return legacyOk(toMemo(memo), 1);
}

/** Only the caller's own memo: another user's id deletes nothing. */
function deleteMemo({ user }: SignedIn, id: string | null) {
  const memos = rowsOf('/home/memo');
  const index = memos.findIndex((row) => row.id === id && row.user_name === user.USER_NAME);
  if (index >= 0) memos.splice(index, 1);
  return legacyOk(index >= 0 ? 1 : 0, 0);
}

/** The organisation's last seven days, oldest first. */
const dataShow = ({ orgId }: SignedIn): Schemas['DailyThroughput'][] =>
  state()
    .throughput.filter((row) => row.orgId === orgId)
    .sort((a, b) => desc(a.STAT_DATE, b.STAT_DATE))
    .slice(0, DATA_SHOW_DAYS)
    .reverse()
    .map(({ orgId: _org, ...figures }) => figures);

// ---- versions -------------------------------------------------------------------------------------

const toVersion = ({ createdAt: _created, ...version }: VersionMaster & { createdAt: number }): VersionMaster => version;

const loadVersions = () =>
  [...state().versions].sort((a, b) => desc(a.RELEASE_DATE, b.RELEASE_DATE) || b.createdAt - a.createdAt).map(toVersion);

const loadVersionDetails = (masterId: string | null) =>
  state()
    .versionDetails.filter((detail) => detail.MASTER_ID === masterId)
    .sort((a, b) => a.SORT_NUM - b.SORT_NUM);

function saveVersion(body: Schemas['VersionSaveRequest']) {
  const home = state();
  if (home.versions.some((version) => version.VERSION_NO === body.VERSION_NO && version.ID !== body.ID)) throw new Refusal(409, 'versionExists', { version: body.VERSION_NO }, { Field: 'VERSION_NO' });
  const values = { VERSION_NO: body.VERSION_NO, TITLE: body.TITLE, RELEASE_DATE: body.RELEASE_DATE, REMARK: body.REMARK ?? '' };
  let version = body.ID ? home.versions.find((v) => v.ID === body.ID) : undefined;
  if (body.ID && !version) throw new Refusal(400, 'invalidField', { field: 'ID', detail: body.ID });
  if (version) Object.assign(version, values);
  else home.versions.push((version = { ID: newId('version'), ...values, createdAt: Date.now() }));
  const masterId = version.ID;
  home.versionDetails = [
    ...home.versionDetails.filter((detail) => detail.MASTER_ID !== masterId),
    ...body.Details.map((d, index) => ({ ID: newId('version-detail'), MASTER_ID: masterId, SORT_NUM: index + 1, CHANGE_TYPE: d.CHANGE_TYPE, CONTENT: d.CONTENT })),
  ];
  return legacyOk(toVersion(version), 1);
}

/** A version goes with its details (the server's foreign key cascades). */
function deleteVersion(id: string | null) {
  const home = state();
  const before = home.versions.length;
  home.versions = home.versions.filter((version) => version.ID !== id);
  home.versionDetails = home.versionDetails.filter((detail) => detail.MASTER_ID !== id);
  return legacyOk(before - home.versions.length, 0);
}

// ---- common functions, favourites, menu clicks ----------------------------------------------------

/** Every named menu must exist: a favourite or a count of a screen nobody has is a client bug. */
function requireMenus(field: string, menuIds: readonly string[]) {
  const menus = new Set(getMockDb().menus.map((menu) => menu.Id));
  const missing = menuIds.find((id) => !menus.has(id));
  if (missing) throw new Refusal(400, 'invalidField', { field, detail: missing });
}

/** The caller's own rows only: a request naming another user is refused rather than silently swapped, so a client bug shows. */
function refuseOtherUser(callerId: string, named: string | null | undefined) {
  if (named !== undefined && named !== null && named !== '' && named !== callerId) throw new Refusal(403, 'accessDenied');
}

/** The caller's common functions with their menus' titles; a menu switched off since it was picked is not offered. */
function commonFunctionsOf(userId: string): Schemas['CommonFunction'][] {
  const menus = new Map(getMockDb().menus.map((menu) => [menu.Id, menu]));
  return state()
    .commonFunctions.filter((f) => f.USER_ID === userId && menus.get(f.MENU_ID)?.ENABLED === 'Y')
    .sort((a, b) => a.SORT_NUM - b.SORT_NUM)
    .map((f) => {
      const menu = menus.get(f.MENU_ID)!;
      return { ...f, MENU_TITLE: menu.Menu_Name, MENU_EN_TITLE: menu.MENU_EN, MENU_ICON: menu.Icon_Url };
    });
}

function saveCommonFunctions({ user }: SignedIn, records: { MENU_ID: string; MENU_PATH: string }[]) {
  requireMenus('Records.MENU_ID', records.map((r) => r.MENU_ID));
  const seen = new Set<string>();
  const kept = records.filter((r) => !seen.has(r.MENU_ID) && seen.add(r.MENU_ID));
  const home = state();
  home.commonFunctions = [
    ...home.commonFunctions.filter((f) => f.USER_ID !== user.ID),
    ...kept.map((r, index) => ({ ID: newId('common'), USER_ID: user.ID, MENU_ID: r.MENU_ID, MENU_PATH: r.MENU_PATH, SORT_NUM: index })),
  ];
  return legacyOk(commonFunctionsOf(user.ID));
}

function loadFavourites({ user }: SignedIn, request: Request) {
  const query = queryOf(request);
  refuseOtherUser(user.ID, query.get('USER_ID'));
  const mine = state()
    .favourites.filter((f) => f.USER_ID === user.ID)
    .sort((a, b) => a.SORT_NUM - b.SORT_NUM || a.createdAt - b.createdAt || asc(a.ID, b.ID));
  const page = Number(query.get('Page') ?? 1);
  const limit = Number(query.get('Limit') ?? 100000);
  return legacyOk(
    mine.slice((page - 1) * limit, page * limit).map(({ createdAt: _created, ...favourite }) => favourite),
    mine.length,
  );
}

function saveFavourites({ user }: SignedIn, body: Schemas['FavouriteSaveRequest']) {
  const inserts = body.InsertRecords ?? [];
  const removals = (body.RemoveRecords ?? []).map((r) => r.ID);
  for (const record of inserts) refuseOtherUser(user.ID, record.USER_ID);
  requireMenus('InsertRecords.MENUM_ID', inserts.map((r) => r.MENUM_ID));
  const home = state();
  if (home.favourites.some((f) => removals.includes(f.ID) && f.USER_ID !== user.ID)) throw new Refusal(403, 'accessDenied');
  let added = 0;
  for (const r of inserts) {
    // Already a favourite: nothing to do (a double click adds once).
    if (home.favourites.some((f) => f.USER_ID === user.ID && f.MENUM_PATH === r.MENUM_PATH)) continue;
    home.favourites.push({ ID: newId('favourite'), USER_ID: user.ID, MENUM_ID: r.MENUM_ID, MENUM_PATH: r.MENUM_PATH, ENABLE: r.ENABLE ?? 'Y', SORT_NUM: r.SORT_NUM ?? 0, createdAt: Date.now() });
    added++;
  }
  const before = home.favourites.length;
  home.favourites = home.favourites.filter((f) => !(f.USER_ID === user.ID && removals.includes(f.ID)));
  const result = inserts.length && added ? ADDED : home.favourites.length < before ? REMOVED : NOTHING_CHANGED;
  return legacyOk(result, 0);
}

/** The caller's counts, most clicked first, then most recent. */
const clicksOf = (userId: string): Schemas['MenuClick'][] =>
  state()
    .clicks.filter((c) => c.User_ID === userId)
    .sort((a, b) => b.NUM_OF_CLICK - a.NUM_OF_CLICK || b.lastClickAt - a.lastClickAt)
    .map(({ lastClickAt: _last, ...click }) => click);

function saveClicks({ user }: SignedIn, records: Schemas['MenuClickSaveRequest']['OperationRecords']) {
  // The contract admits NUM_OF_CLICK 1 only: refused in the server's words (its contract validation).
  const inflated = records.findIndex((visit) => visit.NUM_OF_CLICK !== undefined && visit.NUM_OF_CLICK !== MENU_CLICK_INCREMENT);
  if (inflated >= 0) throw new Refusal(400, 'fieldNotOneOf', { field: `body.OperationRecords.${inflated}.NUM_OF_CLICK`, values: String(MENU_CLICK_INCREMENT) });
  for (const visit of records) refuseOtherUser(user.ID, visit.User_ID);
  const visits = records.filter(isCountedMenuVisit);
  requireMenus('OperationRecords.MENU_ID', visits.map((v) => v.MENU_ID));
  const home = state();
  for (const visit of visits) {
    const clicks = MENU_CLICK_INCREMENT;
    const shown = { MENU_ID: visit.MENU_ID, MENU_TITLE: visit.MENU_TITLE ?? '', MENU_EN_TITLE: visit.MENU_EN_TITLE ?? '', MENU_ICON: visit.MENU_ICON ?? '', lastClickAt: Date.now() };
    const counted = home.clicks.find((c) => c.User_ID === user.ID && c.MENU_PATH === visit.MENU_PATH);
    if (counted) Object.assign(counted, shown, { NUM_OF_CLICK: counted.NUM_OF_CLICK + clicks });
    else home.clicks.push({ ID: newId('click'), User_ID: user.ID, MENU_PATH: visit.MENU_PATH, NUM_OF_CLICK: clicks, ...shown });
  }
  return legacyOk(clicksOf(user.ID));
}

/**
 * Live/Events in mock mode: the stream opens (`ready`) and stays open, quiet, until the portal closes
 * it; changes made in the mocks are shown by the screens that make them, so no change events are sent.
 */
function quietLiveStream(): Response {
  const ready = new TextEncoder().encode('event: ready\ndata: {"heartbeatMs":15000}\n\n');
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(ready);
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } },
  );
}

// ---- handlers -------------------------------------------------------------------------------------

export function homeHandlers(baseUrl: string) {
  const http = createContractHttp(baseUrl);
  return [
    http.get('/SysNotice/LoadData', signedInAnswer((caller) => legacyOk(loadNotices(caller)))),
    http.post('/SysNotice/AddOrModifySave', signedInAnswer(async (caller, request) => saveNotice(caller, (await request.json()) as Schemas['NoticeInput']))),
    http.get('/SysWarning/LoadData', signedInAnswer((caller, request) => legacyOk(loadWarnings(caller, languageOfRequest(request))))),
    http.get('/SysWarning/OpenCount', signedInAnswer((caller) => ({
      code: 200,
      msg: '',
      data: { Open: loadWarnings(caller, DEFAULT_LANGUAGE).filter((w) => isOpenWarning(w.CALL_STATUS)).length },
    }))),
    http.get('/Live/Events', signedInAnswer(() => quietLiveStream())),
    http.get('/SysTodo/LoadData', signedInAnswer((caller) => legacyOk(loadTodos(caller)))),
    http.get('/SysMemo/LoadData', signedInAnswer((caller) => legacyOk(loadMemos(caller)))),
    http.post('/SysMemo/Add', signedInAnswer(async (caller, request) => addMemo(caller, ((await request.json()) as Schemas['MemoAddRequest']).CONTENT))),
    http.post('/SysMemo/Delete', signedInAnswer((caller, request) => deleteMemo(caller, queryOf(request).get('id')))),
    http.get('/Home/DataShow', signedInAnswer((caller) => legacyOk(dataShow(caller)))),
    http.get('/Version/LoadData', signedInAnswer(() => legacyOk(loadVersions()))),
    http.get('/Version/LoadDetail', signedInAnswer((_caller, request) => legacyOk(loadVersionDetails(queryOf(request).get('masterId'))))),
    http.post('/Version/AddOrModifySave', signedInAnswer(async (_caller, request) => saveVersion((await request.json()) as Schemas['VersionSaveRequest']))),
    http.post('/Version/Delete', signedInAnswer((_caller, request) => deleteVersion(queryOf(request).get('id')))),
    http.get('/MesCommonFunctions/LoadData', signedInAnswer((caller) => legacyOk(commonFunctionsOf(caller.user.ID)))),
    http.post('/MesCommonFunctions/SaveData', signedInAnswer(async (caller, request) => saveCommonFunctions(caller, ((await request.json()) as Schemas['CommonFunctionSaveRequest']).Records))),
    http.get('/SysFavorites/LoadData', signedInAnswer((caller, request) => loadFavourites(caller, request))),
    http.post('/SysFavorites/SaveData', signedInAnswer(async (caller, request) => saveFavourites(caller, (await request.json()) as Schemas['FavouriteSaveRequest']))),
    http.get('/SysMenuClick/LoadData', signedInAnswer((caller, request) => {
      refuseOtherUser(caller.user.ID, queryOf(request).get('User_ID'));
      return legacyOk(clicksOf(caller.user.ID));
    })),
    http.post('/SysMenuClick/SaveData', signedInAnswer(async (caller, request) => saveClicks(caller, ((await request.json()) as Schemas['MenuClickSaveRequest']).OperationRecords))),
  ];
}
