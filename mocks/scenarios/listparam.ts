/**
 * Stateful handlers for ListParam/* (spec §7 List parameters; openapi/paths/listparam.yaml): the
 * demo list `/grid/demo-reels` with its search-field settings, each user's saved search and
 * column configuration, dropdown options, the source's columns, export/import and QueryData
 * (conditions, sort, paging, whole-result aggregates), answering like the reference server.
 *
 * The data set is a few hundred reels made the way server/db/seed/seed-demo-list.ts makes them.
 * SQL is not run here: dropdown options come from the demo parts, vendors and statuses (else the
 * field's distinct values), and a SUB_SQL condition compares its value with the field like 'like'.
 * State lives per mock db, so `resetMockDb()` (after each unit test) starts it over.
 */
import Decimal from 'decimal.js';
import { createContractHttp } from '../generated/handlers';
import { activeUserOf, buttonsOf, getMockDb, granteeOf, type MockDb } from '../db';
import type { DemoUser } from './demo-data';
import { menuIdOf } from './demo-data';
import {
  DEMO_PARTS,
  DEMO_REEL_STATUSES,
  DEMO_REELS_LIST,
  DEMO_REELS_SETTINGS,
  DEMO_VENDORS,
} from '../../server/db/seed/demo-list-data';
import { readDate, searchValueItems, storedSearchValue, type SearchValue } from '../../server/query/search-values';
import type { components, paths } from '../../src/api/schema';
import { CAPTIONS } from '../../server/db/migrations/0042_english_captions';

type Json<T> = T extends { content: { 'application/json': infer J } } ? J : never;
type Setting = Json<paths['/ListParam/LoadData']['post']['responses'][200]>['data'][number];
type SettingInput = Json<NonNullable<paths['/ListParam/SaveData']['post']['requestBody']>>[number];
type ColumnConfig = Json<paths['/ListParam/LoadListFields']['post']['responses'][200]>['data'][number];
type SavedCondition = Json<paths['/ListParam/LoadListAdvancedQuery']['post']['responses'][200]>['data'][number];
type Condition = NonNullable<Json<NonNullable<paths['/ListParam/QueryData']['post']['requestBody']>>['conditions']>[number];
type DropdownOption = { CODE: string; NAME: string };
type ColumnType = components['schemas']['ListColumnType'];
type Row = Record<string, unknown>;

/** A list the mock serves: its source columns and rows, and the menu whose buttons guard it. */
export interface MockList {
  listRoute: string;
  title: string;
  titleEn: string;
  keyField: string | null;
  menuCode: string;
  /** Rows carry org_id when orgScoped; callers see their organisation's rows only. */
  orgScoped: boolean;
  /** `type` as the server tells it from the column's PostgreSQL type (text when left out). */
  columns: { name: string; caption: string; captionEn?: string; type?: ColumnType }[];
  rows: Row[];
  settings: Omit<SettingInput, 'LIST_ROUTE'>[];
  dropdowns?: Record<string, DropdownOption[]>;
}

/** How many reels the mock's demo list has. */
export const MOCK_REEL_COUNT = 360;

/** The demo table's columns that are not text (server/db/migrations/0003_demo_reels.ts). */
const DEMO_REEL_COLUMN_TYPES: Record<string, ColumnType> = { qty: 'number', unit_price: 'number', received_at: 'datetime', expiry_date: 'date' };

/** The demo list's columns in source order, with the server's captions in both languages and their types. */
const DEMO_REEL_COLUMNS = Object.entries(CAPTIONS.demo_reels).map(([name, [caption, captionEn]]) => ({
  name,
  caption,
  captionEn,
  type: DEMO_REEL_COLUMN_TYPES[name] ?? 'text',
}));

const QUANTITIES = [1000, 2000, 2500, 3000, 4000, 5000, 10000];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Reel i as the seed's INSERT ... SELECT makes it (deterministic from i). */
function demoReel(i: number): Row {
  const receivedAt = new Date(Date.UTC(2025, 0, 1, 0, 0, 0) + i * 11 * 60_000);
  const day = receivedAt.toISOString().slice(0, 10);
  const part = DEMO_PARTS[i % DEMO_PARTS.length];
  const vendor = DEMO_VENDORS[Math.floor(i / 7) % DEMO_VENDORS.length];
  const statusIndex = i % 20;
  const expiry = new Date(receivedAt);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + 1);
  return {
    reel_id: `R${pad(i, 9)}`,
    org_id: i % 3 === 0 ? 'org-f02' : 'org-f01',
    part_code: part.part_code,
    part_name: part.part_name,
    vendor_code: vendor.vendor_code,
    vendor_name: vendor.vendor_name,
    lot_code: `L${day.slice(2).replaceAll('-', '')}-${pad(i % 37)}`,
    date_code: `${day.slice(2, 4)}${pad(1 + Math.floor(receivedAt.getUTCDate() / 7))}`,
    qty: QUANTITIES[i % QUANTITIES.length],
    unit_price: i % 53 === 0 ? null : new Decimal(0.0005).plus(new Decimal(i % 1999).dividedBy(2000)).toDecimalPlaces(4).toString(),
    storage_location: i % 61 === 0 ? null : `A${pad(1 + (i % 12))}-${pad(1 + (Math.floor(i / 12) % 8))}-${1 + (Math.floor(i / 96) % 5)}`,
    status: statusIndex < 14 ? 'IN_STOCK' : statusIndex < 18 ? 'ISSUED' : statusIndex === 18 ? 'FROZEN' : 'SCRAPPED',
    received_at: receivedAt.toISOString(),
    expiry_date: i % 50 === 0 ? null : expiry.toISOString().slice(0, 10),
    remark: i % 40 === 0 ? '来料抽检' : i % 97 === 0 ? '客户指定批次' : null,
  };
}

export const DEMO_REELS_MOCK_LIST: MockList = {
  listRoute: DEMO_REELS_LIST.LIST_ROUTE,
  title: DEMO_REELS_LIST.TITLE,
  titleEn: DEMO_REELS_LIST.TITLE_EN,
  keyField: DEMO_REELS_LIST.KEY_FIELD,
  menuCode: DEMO_REELS_LIST.MENU_CODE,
  orgScoped: DEMO_REELS_LIST.ORG_SCOPED,
  columns: DEMO_REEL_COLUMNS,
  rows: Array.from({ length: MOCK_REEL_COUNT }, (_, index) => demoReel(index + 1)),
  settings: DEMO_REELS_SETTINGS.map((setting, index) => ({
    ORD_IDX: (index + 1) * 10,
    IS_FAST_SEARCH: 'N',
    IS_PAGING: 'N',
    ...setting,
  })) as MockList['settings'],
  dropdowns: {
    part_code: DEMO_PARTS.map((p) => ({ CODE: p.part_code, NAME: p.part_name })),
    vendor_code: DEMO_VENDORS.map((v) => ({ CODE: v.vendor_code, NAME: v.vendor_name })),
    status: DEMO_REEL_STATUSES.map((s) => ({ CODE: s.code, NAME: s.name })),
  },
};

// ---- state (per mock db) -----------------------------------------------------------------------

interface ListState {
  settings: Setting[];
  /** `${userName}` -> that user's columns. */
  columnConfig: Map<string, ColumnConfig[]>;
  savedSearch: Map<string, SavedCondition[]>;
}

const stateByDb = new WeakMap<MockDb, Map<string, ListState>>();
let nextSettingId = 0;

const toSetting = (listRoute: string, input: Omit<SettingInput, 'LIST_ROUTE'>, id: string): Setting => ({
  ID: id,
  LIST_ROUTE: listRoute,
  ORD_IDX: input.ORD_IDX ?? 0,
  PARAM_NAME: input.PARAM_NAME,
  PARAM_CAPTION: input.PARAM_CAPTION,
  FIELD_NAME: input.FIELD_NAME,
  DATA_TYPE: input.DATA_TYPE ?? 1,
  ACTION_TYPE: input.ACTION_TYPE ?? 6,
  IS_FAST_SEARCH: input.IS_FAST_SEARCH ?? 'N',
  DEFAULT_VALUE: input.DEFAULT_VALUE ?? null,
  SHOW_FORMAT: input.SHOW_FORMAT ?? null,
  AGGREGATION: [...(input.AGGREGATION ?? [])],
  IS_PAGING: input.IS_PAGING ?? 'N',
  REMARK: input.REMARK ?? null,
  PARAM_VALUE: input.PARAM_VALUE ?? null,
  REFERENCE_SQL: input.REFERENCE_SQL ?? null,
  SUB_SQL: input.SUB_SQL ?? null,
});

function stateOf(list: MockList): ListState {
  const db = getMockDb();
  let lists = stateByDb.get(db);
  if (!lists) stateByDb.set(db, (lists = new Map()));
  let state = lists.get(list.listRoute);
  if (!state) {
    const prefix = list.listRoute.split('/').filter(Boolean).pop() ?? 'list';
    state = {
      settings: list.settings.map((s) => toSetting(list.listRoute, s, `${prefix}-${s.PARAM_NAME}`)),
      columnConfig: new Map(),
      savedSearch: new Map(),
    };
    lists.set(list.listRoute, state);
  }
  return state;
}

const byOrder = <T extends { ORD_IDX: number }>(rows: T[]) => [...rows].sort((a, b) => a.ORD_IDX - b.ORD_IDX);

// ---- answers -----------------------------------------------------------------------------------

const ok = <T>(data: T) => ({ code: 200, msg: '', data });
const legacyOk = <T>(Result: T, TotalCount?: number) => ({
  TotalCount: TotalCount ?? (Array.isArray(Result) ? Result.length : 1),
  ErrorInfo: { Status: false, Message: '' },
  Result,
});
const problem = (status: number, msg: string) => ({ code: status, msg, data: null });
const say = (request: Request, zh: string, en: string) => (request.headers.get('Accept-Language') === 'en' ? en : zh);

interface Caller {
  userName: string;
  user: DemoUser;
  orgId: string;
}

type Refusal = { status: 400 | 401 | 403; msg: string };

function callerOf(request: Request): Caller | Refusal {
  const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
  const session = token ? getMockDb().sessions.get(token) : undefined;
  const user = session && activeUserOf(session);
  if (!session || !user) return { status: 401, msg: say(request, '登录已过期，请重新登录', 'Login expired, please log in again') };
  return { userName: user.USER_NAME, user, orgId: request.headers.get('OrganizeId') ?? session.organizationId };
}

function listOf(lists: readonly MockList[], listRoute: string | undefined, request: Request): MockList | Refusal {
  const list = lists.find((l) => l.listRoute === listRoute);
  return list ?? { status: 400, msg: say(request, `列表不存在：${listRoute ?? ''}`, `Unknown list: ${listRoute ?? ''}`) };
}

/** The grid button (spec §6) must be granted on the list's menu, as on the reference server. */
function missingButton(caller: Caller, list: MockList, button: string, request: Request): Refusal | undefined {
  const granted = buttonsOf(granteeOf(caller.user))[menuIdOf(list.menuCode)] ?? [];
  if (granted.includes(button)) return undefined;
  return { status: 403, msg: say(request, `缺少按钮权限：${button}`, `The ${button} button is not granted`) };
}

// ---- the query engine (the mock's version of server/query) ------------------------------------

const isNumberType = (dataType: number) => dataType === 3 || dataType === 7;
const isDateType = (dataType: number) => dataType === 4 || dataType === 5;

/** Comparable form of one value: numbers as numbers, dates as epoch ms (a bare date is its day). */
function comparable(dataType: number, value: unknown, bound: 'start' | 'end' = 'start'): number | string | null {
  if (value == null || value === '') return null;
  if (isNumberType(dataType)) {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  if (isDateType(dataType)) {
    const interval = readDate(String(value).replace('T', ' ').replace(/\.\d+Z$|Z$/, ''));
    if (!interval) return null;
    if ('instant' in interval) return Date.parse(`${interval.instant.replace(' ', 'T')}Z`);
    return Date.parse(`${bound === 'start' ? interval.start : interval.endExclusive}T00:00:00Z`) - (bound === 'end' ? 1 : 0);
  }
  return String(value);
}

const lower = (value: unknown) => String(value ?? '').toLowerCase();

function matchesOne(action: number, dataType: number, cell: unknown, value: string): boolean {
  if (action === 6) return lower(cell).includes(lower(value));
  if (action === 10) return lower(cell).startsWith(lower(value));
  const left = comparable(dataType, cell);
  if (left === null) return false;
  if (isDateType(dataType) && (action === 1 || action === 7)) {
    const from = comparable(dataType, value, 'start') as number;
    const to = comparable(dataType, value, 'end') as number;
    const within = (left as number) >= from && (left as number) <= to;
    return action === 1 ? within : !within;
  }
  const right = comparable(dataType, value, action === 2 || action === 5 ? 'end' : 'start');
  if (right === null) return false;
  switch (action) {
    case 1:
      return left === right;
    case 7:
      return left !== right;
    case 2:
      return left > right;
    case 3:
      return left >= right;
    case 4:
      return left < right;
    case 5:
      return left <= right;
    default:
      return false;
  }
}

function conditionTest(condition: Condition): ((row: Row) => boolean) | undefined {
  const { FIELD_NAME: field, ACTION_TYPE: action, DATA_TYPE: dataType } = condition;
  if (action === 8) return (row) => row[field] == null || row[field] === '';
  if (action === 9) return (row) => row[field] != null && row[field] !== '';
  const items = searchValueItems(dataType, condition.PARAM_VALUE as SearchValue);
  if (dataType === 5 || dataType === 7) {
    const [from, to] = items;
    if (from == null && to == null) return undefined;
    if ([2, 3].includes(action)) return (row) => matchesOne(action, dataType, row[field], (to ?? from)!);
    if ([4, 5].includes(action)) return (row) => matchesOne(action, dataType, row[field], (from ?? to)!);
    const between = (row: Row) =>
      (from == null || matchesOne(3, dataType, row[field], from)) && (to == null || matchesOne(5, dataType, row[field], to));
    return action === 7 ? (row) => !between(row) : between;
  }
  const values = items.filter((item): item is string => item != null);
  if (values.length === 0) return undefined;
  if (action === 7) return (row) => values.every((v) => !matchesOne(1, dataType, row[field], v));
  const oneAction = (dataType === 6 || dataType === 8) && action !== 6 && action !== 10 ? 1 : action;
  return (row) => values.some((v) => matchesOne(oneAction, dataType, row[field], v));
}

function compareCells(a: unknown, b: unknown): number {
  if (a == null && b == null) return 0;
  if (a == null) return 1;
  if (b == null) return -1;
  const [x, y] = [Number(a), Number(b)];
  if (typeof a !== 'string' || (Number.isFinite(x) && Number.isFinite(y) && String(a).trim() !== '')) {
    if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  }
  return String(a).localeCompare(String(b));
}

function aggregatesOf(rows: Row[], settings: Setting[]) {
  const figures: Record<string, { sum?: string | null; avg?: string | null }> = {};
  for (const setting of settings) {
    if (!setting.AGGREGATION.length) continue;
    let sum = new Decimal(0);
    let count = 0;
    for (const row of rows) {
      const cell = row[setting.FIELD_NAME];
      if (cell == null || cell === '' || !Number.isFinite(Number(cell))) continue;
      sum = sum.plus(new Decimal(cell as string | number));
      count += 1;
    }
    const entry = (figures[setting.FIELD_NAME] ??= {});
    if (setting.AGGREGATION.includes('sum')) entry.sum = count ? sum.toString() : null;
    if (setting.AGGREGATION.includes('avg')) entry.avg = count ? sum.dividedBy(count).toString() : null;
  }
  return figures;
}

/** The largest page a paging-Y search returns (contract IS_PAGING). */
const UNPAGED_LIMIT = 10_000;

function optionsOf(list: MockList, setting: Setting): DropdownOption[] {
  const known = list.dropdowns?.[setting.FIELD_NAME];
  if (known) return known;
  const distinct = [...new Set(list.rows.map((row) => row[setting.FIELD_NAME]).filter((v) => v != null && v !== ''))];
  return distinct.map((value) => ({ CODE: String(value), NAME: String(value) }));
}

// ---- handlers ----------------------------------------------------------------------------------

export function listParamHandlers(baseUrl: string, lists: readonly MockList[] = [DEMO_REELS_MOCK_LIST]) {
  const http = createContractHttp(baseUrl);
  const refuse = (respond: (status: 400 | 401 | 403) => { json(body: unknown): Response }, refusal: Refusal) =>
    respond(refusal.status).json(problem(refusal.status, refusal.msg));
  /** The caller and the list, or the refusal to send. */
  const resolve = (request: Request, listRoute: string | undefined) => {
    const caller = callerOf(request);
    if ('status' in caller) return caller;
    const list = listOf(lists, listRoute, request);
    if ('status' in list) return list;
    return { caller, list, state: stateOf(list) };
  };

  return [
    http.post('/ListParam/LoadData', async ({ request, response }) => {
      const body = await request.json();
      const found = resolve(request, body.LIST_ROUTE);
      if ('status' in found) return refuse(response as never, found);
      const settings = byOrder(found.state.settings);
      const { Page = 1, Limit = 999 } = body;
      return response(200).json({ ...ok(settings.slice((Page - 1) * Limit, Page * Limit)), count: settings.length });
    }),

    http.post('/ListParam/SaveData', async ({ request, response }) => {
      const body = await request.json();
      if (body.length === 0) return response(200).json({ ...ok([]), count: 0 });
      const found = resolve(request, body[0].LIST_ROUTE);
      if ('status' in found) return refuse(response as never, found);
      const refusal = missingButton(found.caller, found.list, 'SeniorSetting', request);
      if (refusal) return refuse(response as never, refusal);
      const names = body.map((row) => row.PARAM_NAME);
      if (new Set(names).size !== names.length) {
        return refuse(response as never, { status: 400, msg: say(request, '字段(参数名)不能重复', 'Parameter names must be unique') });
      }
      const saved = body.map((input) => {
        const id = input.ID ?? `mock-setting-${++nextSettingId}`;
        const setting = toSetting(found.list.listRoute, input, id);
        const index = found.state.settings.findIndex((s) => s.ID === id);
        if (index >= 0) found.state.settings[index] = setting;
        else found.state.settings.push(setting);
        return setting;
      });
      return response(200).json({ ...ok(saved), count: saved.length });
    }),

    http.post('/ListParam/DeleteOne', async ({ request, response }) => {
      const body = await request.json();
      const found = resolve(request, body.LIST_ROUTE);
      if ('status' in found) return refuse(response as never, found);
      const refusal = missingButton(found.caller, found.list, 'DeleteOne', request);
      if (refusal) return refuse(response as never, refusal);
      const before = found.state.settings.length;
      found.state.settings = found.state.settings.filter((s) => s.ID !== body.ID);
      return response(200).json(ok(before - found.state.settings.length));
    }),

    http.post('/ListParam/DeleteAllParams', async ({ request, response }) => {
      const body = await request.json();
      const found = resolve(request, body.LIST_ROUTE);
      if ('status' in found) return refuse(response as never, found);
      const refusal = missingButton(found.caller, found.list, 'SeniorSettingDeleteAll', request);
      if (refusal) return refuse(response as never, refusal);
      const deleted = found.state.settings.length;
      found.state.settings = [];
      return response(200).json(ok(deleted));
    }),

    http.post('/ListParam/GetSelectList', async ({ request, response }) => {
      const body = await request.json();
      const found = resolve(request, body.LIST_ROUTE);
      if ('status' in found) return refuse(response as never, found);
      const setting = found.state.settings.find((s) => s.PARAM_NAME === body.PARAM_NAME);
      if (!setting) return refuse(response as never, { status: 400, msg: say(request, '参数不存在', 'Unknown parameter') });
      return response(200).json(ok(optionsOf(found.list, setting)));
    }),

    http.post('/ListParam/GetSelectPageList', async ({ request, response }) => {
      const body = await request.json();
      const found = resolve(request, body.LIST_ROUTE);
      if ('status' in found) return refuse(response as never, found);
      const setting = found.state.settings.find((s) => s.PARAM_NAME === body.PARAM_NAME);
      if (!setting) return refuse(response as never, { status: 400, msg: say(request, '参数不存在', 'Unknown parameter') });
      const key = lower(body.Key ?? '');
      const orderBy = lower(body.OrderByParam) === 'name' ? 'NAME' : 'CODE';
      const direction = body.OrderBySort === 1 ? -1 : 1;
      const matching = optionsOf(found.list, setting)
        .filter((o) => !key || lower(o.CODE).includes(key) || lower(o.NAME).includes(key))
        .sort((a, b) => direction * a[orderBy].localeCompare(b[orderBy]));
      const { Page = 1, Limit = 15 } = body;
      return response(200).json(legacyOk(matching.slice((Page - 1) * Limit, Page * Limit), matching.length));
    }),

    http.post('/ListParam/LoadListAdvancedQuery', async ({ request, response }) => {
      const body = await request.json();
      const found = resolve(request, body.LIST_ROUTE);
      if ('status' in found) return refuse(response as never, found);
      return response(200).json(ok(found.state.savedSearch.get(found.caller.userName) ?? []));
    }),

    http.post('/ListParam/SaveListAdvancedQuery', async ({ query, request, response }) => {
      const body = await request.json();
      const found = resolve(request, query.get('listRoute') ?? undefined);
      if ('status' in found) return refuse(response as never, found);
      const saved: SavedCondition[] = body.map((c, index) => ({
        ORD_ID: c.ORD_ID ?? index + 1,
        USER_NAME: found.caller.userName,
        LIST_ROUTE: found.list.listRoute,
        PARAM_NAME: c.PARAM_NAME ?? '',
        FIELD_NAME: c.FIELD_NAME,
        ACTION_TYPE: c.ACTION_TYPE,
        DATA_TYPE: c.DATA_TYPE,
        PARAM_VALUE: storedSearchValue(c.PARAM_VALUE as SearchValue),
        IS_PAGING: c.IS_PAGING ?? 'N',
        SEARCH_MODE: 'advanced_search',
      }));
      found.state.savedSearch.set(found.caller.userName, saved);
      return response(200).json(ok(saved));
    }),

    http.post('/ListParam/LoadListFields', async ({ request, response }) => {
      const body = await request.json();
      const found = resolve(request, body.LIST_ROUTE);
      if ('status' in found) return refuse(response as never, found);
      return response(200).json(ok(byOrder(found.state.columnConfig.get(found.caller.userName) ?? [])));
    }),

    http.post('/ListParam/SaveListFields', async ({ request, response }) => {
      const body = await request.json();
      if (body.length === 0) return response(200).json(ok([]));
      const found = resolve(request, body[0].LIST_ROUTE);
      if ('status' in found) return refuse(response as never, found);
      const known = new Set(found.list.columns.map((c) => c.name));
      const unknown = body.find((c) => !known.has(c.FIELD_NAME));
      if (unknown) {
        return refuse(response as never, { status: 400, msg: say(request, `字段不存在：${unknown.FIELD_NAME}`, `Unknown field: ${unknown.FIELD_NAME}`) });
      }
      const saved: ColumnConfig[] = body.map((c) => ({
        LIST_ROUTE: found.list.listRoute,
        USER_NAME: found.caller.userName,
        ORD_IDX: c.ORD_IDX,
        FIELD_NAME: c.FIELD_NAME,
        FIELD_CAPTION: c.FIELD_CAPTION,
        FIELD_WIDTH: c.FIELD_WIDTH ?? 140,
        IS_VISIBLE: c.IS_VISIBLE ?? 'Y',
      }));
      found.state.columnConfig.set(found.caller.userName, saved);
      return response(200).json(ok(byOrder(saved)));
    }),

    http.post('/ListParam/DeleteFields', async ({ request, response }) => {
      const body = await request.json();
      const found = resolve(request, body.LIST_ROUTE);
      if ('status' in found) return refuse(response as never, found);
      if (body.ALL) {
        const refusal = missingButton(found.caller, found.list, 'SeniorColumnDeleteAll', request);
        if (refusal) return refuse(response as never, refusal);
        const deleted = [...found.state.columnConfig.values()].reduce((n, rows) => n + rows.length, 0);
        found.state.columnConfig.clear();
        return response(200).json(legacyOk(deleted));
      }
      const deleted = found.state.columnConfig.get(found.caller.userName)?.length ?? 0;
      found.state.columnConfig.delete(found.caller.userName);
      return response(200).json(legacyOk(deleted));
    }),

    http.get('/ListParam/GetIntiTableColumnList', ({ query, request, response }) => {
      const found = resolve(request, query.get('LIST_ROUTE') ?? undefined);
      if ('status' in found) return refuse(response as never, found);
      return response(200).json(
        ok(found.list.columns.map((c) => ({ COLUMN_NAME: c.name, COLUMN_CAPTION: say(request, c.caption, c.captionEn ?? c.caption), COLUMN_TYPE: c.type ?? 'text' }))),
      );
    }),

    http.get('/ListParam/Export', ({ query, request, response }) => {
      const found = resolve(request, query.get('listRoute') ?? undefined);
      if ('status' in found) return refuse(response as never, found);
      const refusal = missingButton(found.caller, found.list, 'ConfigurationExport', request);
      if (refusal) return refuse(response as never, refusal);
      const title = request.headers.get('Accept-Language') === 'en' ? found.list.titleEn : found.list.title;
      return response(200).json(ok({ LIST_ROUTE: found.list.listRoute, TITLE: title, PARAMS: byOrder(found.state.settings) }));
    }),

    http.post('/ListParam/Import', async ({ request, response }) => {
      const form = await request.formData();
      const file = form.get('file');
      const found = resolve(request, String(form.get('LIST_ROUTE') ?? ''));
      if ('status' in found) return refuse(response as never, found);
      const refusal = missingButton(found.caller, found.list, 'ConfigurationImport', request);
      if (refusal) return refuse(response as never, refusal);
      let parsed: unknown;
      try {
        parsed = JSON.parse(typeof file === 'string' ? file : await (file as Blob).text());
      } catch {
        return refuse(response as never, { status: 400, msg: say(request, '文件不是有效的JSON', 'The file is not valid JSON') });
      }
      const params = (Array.isArray(parsed) ? parsed : (parsed as { PARAMS?: unknown })?.PARAMS) as SettingInput[] | undefined;
      if (!Array.isArray(params)) {
        return refuse(response as never, { status: 400, msg: say(request, '文件中没有配置项', 'The file has no settings') });
      }
      if (params.length) {
        found.state.settings = params.map((p) => toSetting(found.list.listRoute, p, `mock-setting-${++nextSettingId}`));
      }
      return response(200).json(legacyOk(params.length ? byOrder(found.state.settings) : []));
    }),

    http.post('/ListParam/QueryData', async ({ request, response }) => {
      const body = await request.json();
      const found = resolve(request, body.LIST_ROUTE);
      if ('status' in found) return refuse(response as never, found);
      const { list, state, caller } = found;
      const conditions = body.conditions ?? [];
      const known = new Set(state.settings.map((s) => s.FIELD_NAME));
      const stranger = conditions.find((c) => !known.has(c.FIELD_NAME));
      if (stranger) {
        return refuse(response as never, { status: 400, msg: say(request, `字段不可查询：${stranger.FIELD_NAME}`, `Not a search field: ${stranger.FIELD_NAME}`) });
      }
      let tests: ((row: Row) => boolean)[];
      try {
        tests = conditions.map(conditionTest).filter((test): test is (row: Row) => boolean => Boolean(test));
      } catch (error) {
        return refuse(response as never, { status: 400, msg: (error as Error).message });
      }
      let rows = list.orgScoped ? list.rows.filter((row) => row.org_id === caller.orgId) : list.rows;
      rows = rows.filter((row) => tests.every((test) => test(row)));
      const sort = [...(body.sort ?? []), ...(list.keyField ? [{ field: list.keyField, order: 'asc' as const }] : [])];
      rows = [...rows].sort((a, b) => {
        for (const { field, order } of sort) {
          const diff = compareCells(a[field], b[field]);
          if (diff) return order === 'desc' ? -diff : diff;
        }
        return 0;
      });
      // A search using a paging-Y parameter answers every matching row on one page.
      const unpaged = conditions.some((c) => state.settings.find((s) => s.PARAM_NAME === c.PARAM_NAME)?.IS_PAGING === 'Y');
      const { Page = 1, Limit = 200, wantAggregates = false } = body;
      const page = unpaged ? rows.slice(0, UNPAGED_LIMIT) : rows.slice((Page - 1) * Limit, Page * Limit);
      return response(200).json({
        ...ok({
          rows: page,
          KEY_FIELD: list.keyField,
          ...(wantAggregates ? { aggregates: aggregatesOf(rows, state.settings) } : {}),
        }),
        count: rows.length,
      });
    }),
  ];
}
