/**
 * Stateful handlers for ListParam/* (spec §7 List parameters; openapi/paths/listparam.yaml): the
 * demo list `/grid/demo-reels` with its search-field settings, each user's saved search and
 * column configuration, dropdown options, the source's columns, export/import and QueryData
 * (conditions, sort, paging, whole-result aggregates), answering like the reference server.
 *
 * The rules and the search are the server's own (src/shared/search: what a condition means, the
 * bounds, the order, the page, the footer figures, the configuration checks and their messages),
 * applied to rows in memory. SQL is not run here: dropdown options come from the demo parts, vendors
 * and statuses (else the field's distinct values), and a SUB_SQL condition takes its values as the
 * column's (src/shared/search/evaluate.ts). The data set is a few hundred reels made the way
 * server/db/seed/seed-demo-list.ts makes them. State lives per mock db, so `resetMockDb()` (after
 * each unit test) starts it over.
 */
import Decimal from 'decimal.js';
import { createContractHttp } from '../generated/handlers';
import { buttonsOf, granteeOf, scenarioState } from '../db';
import type { DemoUser } from './demo-data';
import { menuIdOf } from './demo-data';
import { authorize } from './session';
import {
  DEMO_PARTS,
  DEMO_REEL_STATUSES,
  DEMO_REELS_LIST,
  DEMO_REELS_SETTINGS,
  DEMO_VENDORS,
} from '../../server/db/seed/demo-list-data';
import { DEFAULT_LANGUAGE, type Language } from '../../src/shared/bilingual';
import { languageOfRequest, refusalAnswer } from './answers';
import { Refusal, refusalBody } from '../../src/shared/messages/refusal';
import { receivedFileRefusal, UPLOAD_FILE_FIELD } from '../../src/shared/upload-rules';
import { aggregateRows, filterRows, optionPageOf, sortRows, type ColumnKind } from '../../src/shared/search/evaluate';
import {
  aggregateTargets,
  conditionItems,
  listOrder,
  pageWindow,
  planSearch,
  settingOfCondition,
  type SearchSetting,
} from '../../src/shared/search/list-search';
import {
  checkColumnConfig,
  checkSettingsSave,
  columnConfigDefaults,
  dropdownOrderColumn,
  importFileRows,
  orderSavedConditions,
  requireDropdownSetting,
  requireOwnUserName,
  requireSettingDeleted,
  requireSourceColumn,
  settingDefaults,
  singleListRoute,
} from '../../src/shared/search/list-settings';
import { storedSearchValue, type SearchValue } from '../../src/shared/search/search-values';
import type { components, paths } from '../../src/api/schema';
import { CAPTIONS } from '../../server/db/migrations/0042_english_captions';

type Json<T> = T extends { content: { 'application/json': infer J } } ? J : never;
type Setting = Json<paths['/ListParam/LoadData']['post']['responses'][200]>['data'][number];
type SettingInput = Json<NonNullable<paths['/ListParam/SaveData']['post']['requestBody']>>[number];
type ColumnConfig = Json<paths['/ListParam/LoadListFields']['post']['responses'][200]>['data'][number];
type SavedCondition = Json<paths['/ListParam/LoadListAdvancedQuery']['post']['responses'][200]>['data'][number];
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
  /** Rows carry user_name; callers see their own rows only (the server's list_routes.user_scoped). */
  userScoped?: boolean;
  /**
   * `type` as the server tells it from the column's PostgreSQL type (text when left out); `hidden`
   * for a bookkeeping column a user without configuration does not see; `labels` for a coded column.
   */
  columns: { name: string; caption: string; captionEn?: string; type?: ColumnType; hidden?: boolean; labels?: { code: string; name: string; nameEn: string }[] }[];
  rows: Row[];
  /** Rows that change (master data): read on every call instead of `rows`, in the reader's language where they have words in both. */
  liveRows?: (language: Language) => Row[];
  /** The order until the user sorts (the server's list_routes.default_sort), e.g. `code` or `part_code, vendor_code`. */
  defaultSort?: string;
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
  // The server labels the status from 字典 (REEL_STATUS) and hides the organisation column by default.
  ...(name === 'status' ? { labels: [...DEMO_REEL_STATUSES] } : {}),
  ...(name === 'org_id' ? { hidden: true } : {}),
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
  /** User id -> that user's columns. */
  columnConfig: Map<string, ColumnConfig[]>;
  savedSearch: Map<string, SavedCondition[]>;
}


/** A stored setting: the input with the spec's new-row defaults (as the server stores it). */
const toSetting = (listRoute: string, input: Omit<SettingInput, 'LIST_ROUTE'>, id: string): Setting => ({
  ...input,
  ID: id,
  LIST_ROUTE: listRoute,
  ...settingDefaults(input),
  DEFAULT_VALUE: input.DEFAULT_VALUE ?? null,
  SHOW_FORMAT: input.SHOW_FORMAT ?? null,
  REMARK: input.REMARK ?? null,
  PARAM_VALUE: input.PARAM_VALUE ?? null,
} as Setting);

/** Per list route its state, and the counter that numbers new settings (both start over on a reset). */
const listsState = () => scenarioState('listparam', () => ({ lists: new Map<string, ListState>(), nextSettingId: 0 }));
const nextSettingId = () => ++listsState().nextSettingId;

function stateOf(list: MockList): ListState {
  const { lists } = listsState();
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

/** Settings by ORD_IDX then PARAM_NAME, columns by ORD_IDX then FIELD_NAME (as the server orders them). */
const byOrder = <T extends { ORD_IDX: number; PARAM_NAME?: string; FIELD_NAME?: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.ORD_IDX - b.ORD_IDX || (a.PARAM_NAME ?? a.FIELD_NAME ?? '').localeCompare(b.PARAM_NAME ?? b.FIELD_NAME ?? ''));

/** A stored setting as the shared search rules see it. */
const searchSettingOf = (setting: Setting): SearchSetting & { setting: Setting } => ({
  paramName: setting.PARAM_NAME,
  fieldName: setting.FIELD_NAME,
  caption: setting.PARAM_CAPTION,
  unpaged: setting.IS_PAGING === 'Y',
  hasSubQuery: Boolean(setting.SUB_SQL?.trim()),
  aggregation: setting.AGGREGATION,
  setting,
});

const columnsOf = (list: MockList) => new Set(list.columns.map((c) => c.name));
const kindOf = (list: MockList) => (field: string): ColumnKind => list.columns.find((c) => c.name === field)?.type ?? 'text';

// ---- answers -----------------------------------------------------------------------------------

const ok = <T>(data: T) => ({ code: 200, msg: '', data });
const legacyOk = <T>(Result: T, TotalCount?: number) => ({
  TotalCount: TotalCount ?? (Array.isArray(Result) ? Result.length : 1),
  ErrorInfo: { Status: false, Message: '' },
  Result,
});
const isEnglish = (request: Request) => languageOfRequest(request) === 'en';

interface Caller {
  userId: string;
  userName: string;
  user: DemoUser;
  orgId: string;
}

/** The signed-in caller, as server/access.ts checks them (token, live user, organisation). */
function callerOf(request: Request): Caller | { status: 401 | 403; msg: string } {
  const auth = authorize(request);
  if ('status' in auth) return auth;
  return { userId: auth.user.ID, userName: auth.user.USER_NAME, user: auth.user, orgId: request.headers.get('OrganizeId') ?? auth.session.organizationId };
}

function listOf(lists: readonly MockList[], listRoute: string | undefined): MockList {
  const list = lists.find((l) => l.listRoute === listRoute);
  if (!list) throw new Refusal(400, 'listUnknown', { route: listRoute ?? '' });
  return list;
}

/** The grid button (spec §6) must be granted on the list's menu, as on the reference server (server/access.ts). */
function requireButton(caller: Caller, list: MockList, button: string): void {
  const granted = buttonsOf(granteeOf(caller.user))[menuIdOf(list.menuCode)] ?? [];
  if (!granted.includes(button)) throw new Refusal(403, 'listButtonMissing', { button });
}

function optionsOf(list: MockList, setting: Setting, language: Language): DropdownOption[] {
  const known = list.dropdowns?.[setting.FIELD_NAME];
  if (known) return known;
  const distinct = [...new Set(rowsOf(list, language).map((row) => row[setting.FIELD_NAME]).filter((v) => v != null && v !== ''))];
  return distinct.map((value) => ({ CODE: String(value), NAME: String(value) }));
}

function dropdownOf(state: ListState, paramName: string): Setting {
  return requireDropdownSetting(state.settings.find((s) => s.PARAM_NAME === paramName), paramName);
}

type Found = { caller: Caller; list: MockList; state: ListState };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A list's rows now: its live rows when it has them (master data changes), else its fixed ones. */
const rowsOf = (list: MockList, language: Language = DEFAULT_LANGUAGE): Row[] => list.liveRows?.(language) ?? list.rows;

/** What QueryData asks: the conditions, the sort and the page of a list's rows. */
export interface MockListQuery {
  conditions?: Parameters<typeof planSearch>[2];
  sort?: { field: string; order?: 'asc' | 'desc' }[];
  Page?: number;
  Limit?: number;
  wantAggregates?: boolean;
}

/**
 * A page of a list's rows for an organisation, as the server's list engine answers it (the search
 * settings, the sort and the page, the whole result's footer figures): QueryData's answer, and
 * what a master entity's LoadData and ExportData read (mocks/scenarios/masterdata.ts).
 */
export function queryMockList(list: MockList, caller: { orgId: string; userName: string; language?: Language }, body: MockListQuery) {
  const state = stateOf(list);
  const columns = columnsOf(list);
  const settings = state.settings.map(searchSettingOf);
  const planned = planSearch(settings, columns, body.conditions ?? []);
  const order = listOrder(body.sort ?? [], list.defaultSort ?? null, list.keyField, columns);
  const all = rowsOf(list, caller.language);
  const visible = all.filter((row) => (!list.orgScoped || row.org_id === caller.orgId) && (!list.userScoped || row.user_name === caller.userName));
  const rows = filterRows(visible, planned.map(({ setting, plan }) => ({ field: setting.fieldName, plan })), kindOf(list));
  const { Page = 1, Limit = 200, wantAggregates = false } = body;
  const { offset, limit } = pageWindow({ page: Page, limit: Limit, unpaged: planned.some((p) => p.setting.unpaged), count: rows.length });
  const page = sortRows(rows, order, kindOf(list)).slice(offset, offset + limit);
  return {
    ...ok({
      rows: page,
      KEY_FIELD: list.keyField,
      ...(wantAggregates ? { aggregates: aggregateRows(rows, aggregateTargets(settings, columns)) } : {}),
    }),
    count: rows.length,
  };
}

// ---- handlers ----------------------------------------------------------------------------------

export function listParamHandlers(baseUrl: string, lists: readonly MockList[] = [DEMO_REELS_MOCK_LIST]) {
  const http = createContractHttp(baseUrl);

  /**
   * Answers for the signed-in caller and the named list; a Refusal (from the shared rules or here)
   * becomes the server's error answer in the caller's language. Answers are built untyped because the
   * contract's typed responses cannot express one shared error path; tests/server/mocks-contract.test.ts
   * and tests/unit/grid/mockContract.test.ts check them against the contract instead.
   */
  async function answer<R>(
    request: Request,
    response: { untyped: (response: Response) => R },
    listRoute: () => string | undefined,
    run: (found: Found) => unknown,
  ): Promise<R> {
    const caller = callerOf(request);
    if ('status' in caller) return response.untyped(json(caller.status, refusalBody(caller.status, caller.msg)));
    try {
      const list = listOf(lists, listRoute());
      return response.untyped(json(200, await run({ caller, list, state: stateOf(list) })));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return response.untyped(refusalAnswer(request, error));
    }
  }

  return [
    http.post('/ListParam/LoadData', async ({ request, response }) => {
      const body = await request.json();
      return answer(request, response, () => body.LIST_ROUTE, ({ state }) => {
        const settings = byOrder(state.settings);
        const { Page = 1, Limit = 999 } = body;
        return { ...ok(settings.slice((Page - 1) * Limit, Page * Limit)), count: settings.length };
      });
    }),

    http.post('/ListParam/SaveData', async ({ request, response }) => {
      const body = await request.json();
      // Spec §5: saving an empty settings grid does nothing.
      if (body.length === 0) return response(200).json({ ...ok([]), count: 0 });
      return answer(request, response, () => singleListRoute(body), ({ caller, list, state }) => {
        requireButton(caller, list, 'SeniorSetting');
        checkSettingsSave(state.settings.map((s) => ({ id: s.ID, paramName: s.PARAM_NAME })), body);
        for (const input of body) requireSourceColumn(columnsOf(list), input.FIELD_NAME);
        for (const input of body) {
          const setting = toSetting(list.listRoute, input, input.ID ?? `mock-setting-${nextSettingId()}`);
          const index = state.settings.findIndex((s) => s.ID === setting.ID);
          if (index >= 0) state.settings[index] = setting;
          else state.settings.push(setting);
        }
        const settings = byOrder(state.settings);
        return { ...ok(settings), count: settings.length };
      });
    }),

    http.post('/ListParam/DeleteOne', async ({ request, response }) => {
      const body = await request.json();
      return answer(request, response, () => body.LIST_ROUTE, ({ caller, list, state }) => {
        requireButton(caller, list, 'DeleteOne');
        const before = state.settings.length;
        state.settings = state.settings.filter((s) => s.ID !== body.ID);
        requireSettingDeleted(before - state.settings.length, body.ID);
        return ok(before - state.settings.length);
      });
    }),

    http.post('/ListParam/DeleteAllParams', async ({ request, response }) => {
      const body = await request.json();
      return answer(request, response, () => body.LIST_ROUTE, ({ caller, list, state }) => {
        requireButton(caller, list, 'SeniorSettingDeleteAll');
        const deleted = state.settings.length;
        state.settings = [];
        return ok(deleted);
      });
    }),

    http.post('/ListParam/GetSelectList', async ({ request, response }) => {
      const body = await request.json();
      return answer(request, response, () => body.LIST_ROUTE, ({ list, state }) => ok(optionsOf(list, dropdownOf(state, body.PARAM_NAME), languageOfRequest(request))));
    }),

    http.post('/ListParam/GetSelectPageList', async ({ request, response }) => {
      const body = await request.json();
      return answer(request, response, () => body.LIST_ROUTE, ({ list, state }) => {
        const setting = dropdownOf(state, body.PARAM_NAME);
        const { Page = 1, Limit = 15 } = body;
        const page = optionPageOf(optionsOf(list, setting, languageOfRequest(request)), {
          key: body.Key,
          page: Page,
          limit: Limit,
          orderBy: dropdownOrderColumn(body.OrderByParam),
          descending: body.OrderBySort === 1,
        });
        return legacyOk(page.options, page.total);
      });
    }),

    http.post('/ListParam/LoadListAdvancedQuery', async ({ request, response }) => {
      const body = await request.json();
      return answer(request, response, () => body.LIST_ROUTE, ({ caller, state }) => {
        requireOwnUserName(caller.userName, body.USER_NAME);
        return ok(state.savedSearch.get(caller.userId) ?? []);
      });
    }),

    http.post('/ListParam/SaveListAdvancedQuery', async ({ query, request, response }) => {
      const body = await request.json();
      return answer(request, response, () => query.get('listRoute') ?? undefined, ({ caller, list, state }) => {
        const settings = state.settings.map(searchSettingOf);
        // Kept in the order the caller gave, numbered from 0; each condition one QueryData would accept.
        const saved: SavedCondition[] = orderSavedConditions(list.listRoute, body).map((condition, ordId) => {
          requireOwnUserName(caller.userName, condition.USER_NAME);
          const { setting } = settingOfCondition(settings, columnsOf(list), condition);
          conditionItems(searchSettingOf(setting), condition);
          return {
            ORD_ID: ordId,
            USER_NAME: caller.userName,
            LIST_ROUTE: list.listRoute,
            PARAM_NAME: setting.PARAM_NAME,
            FIELD_NAME: condition.FIELD_NAME,
            ACTION_TYPE: condition.ACTION_TYPE,
            DATA_TYPE: condition.DATA_TYPE,
            PARAM_VALUE: storedSearchValue(condition.DATA_TYPE, condition.PARAM_VALUE as SearchValue),
            IS_PAGING: condition.IS_PAGING ?? setting.IS_PAGING,
            SEARCH_MODE: 'advanced_search',
          };
        });
        state.savedSearch.set(caller.userId, saved);
        return ok(saved);
      });
    }),

    http.post('/ListParam/LoadListFields', async ({ request, response }) => {
      const body = await request.json();
      return answer(request, response, () => body.LIST_ROUTE, ({ caller, state }) => {
        requireOwnUserName(caller.userName, body.USER_NAME);
        return ok(byOrder(state.columnConfig.get(caller.userId) ?? []));
      });
    }),

    http.post('/ListParam/SaveListFields', async ({ request, response }) => {
      const body = await request.json();
      if (body.length === 0) return response(200).json(ok([]));
      return answer(request, response, () => singleListRoute(body), ({ caller, list, state }) => {
        for (const input of body) requireOwnUserName(caller.userName, input.USER_NAME);
        checkColumnConfig(columnsOf(list), body);
        const saved: ColumnConfig[] = body.map((c) => ({
          LIST_ROUTE: list.listRoute,
          USER_NAME: caller.userName,
          ORD_IDX: c.ORD_IDX,
          FIELD_NAME: c.FIELD_NAME,
          FIELD_CAPTION: c.FIELD_CAPTION,
          ...columnConfigDefaults(c),
        }));
        state.columnConfig.set(caller.userId, saved);
        return ok(byOrder(saved));
      });
    }),

    http.post('/ListParam/DeleteFields', async ({ request, response }) => {
      const body = await request.json();
      return answer(request, response, () => body.LIST_ROUTE, ({ caller, list, state }) => {
        requireOwnUserName(caller.userName, body.USER_NAME);
        if (body.ALL) {
          requireButton(caller, list, 'SeniorColumnDeleteAll');
          const deleted = [...state.columnConfig.values()].reduce((n, rows) => n + rows.length, 0);
          state.columnConfig.clear();
          return legacyOk(deleted);
        }
        const deleted = state.columnConfig.get(caller.userId)?.length ?? 0;
        state.columnConfig.delete(caller.userId);
        return legacyOk(deleted);
      });
    }),

    http.get('/ListParam/GetIntiTableColumnList', ({ query, request, response }) =>
      answer(request, response, () => query.get('LIST_ROUTE') ?? undefined, ({ list }) => {
        const say = (zh: string, en: string) => (isEnglish(request) ? en : zh);
        return ok(
          list.columns.map((c) => ({
            COLUMN_NAME: c.name,
            COLUMN_CAPTION: say(c.caption, c.captionEn ?? c.caption),
            COLUMN_TYPE: c.type ?? 'text',
            ...(c.hidden ? { IS_VISIBLE: 'N' as const } : {}),
            ...(c.labels ? { LABELS: c.labels.map((l) => ({ CODE: l.code, NAME: say(l.name, l.nameEn) })) } : {}),
          })),
        );
      }),
    ),

    http.get('/ListParam/Export', ({ query, request, response }) =>
      answer(request, response, () => query.get('listRoute') ?? undefined, ({ caller, list, state }) => {
        requireButton(caller, list, 'ConfigurationExport');
        return ok({ LIST_ROUTE: list.listRoute, TITLE: isEnglish(request) ? list.titleEn : list.title, PARAMS: byOrder(state.settings) });
      }),
    ),

    http.post('/ListParam/Import', async ({ request, response }) => {
      const form = await request.formData();
      const file = form.get('file');
      return answer(request, response, () => String(form.get('LIST_ROUTE') ?? ''), async ({ caller, list, state }) => {
        // The server reads (and refuses) the file before the handler checks the button.
        const refused = typeof file === 'object' && file !== null ? receivedFileRefusal('ListParamImport', UPLOAD_FILE_FIELD, file as File) : undefined;
        if (refused) throw refused;
        requireButton(caller, list, 'ConfigurationImport');
        // The server also checks each row against the contract's ListSettingInput; the mock takes them as they come.
        const params = importFileRows(typeof file === 'string' ? file : await (file as Blob).text()) as SettingInput[];
        for (const input of params) requireSourceColumn(columnsOf(list), input.FIELD_NAME);
        checkSettingsSave([], params.map(({ ID: _id, ...input }) => input));
        state.settings = params.map((p) => toSetting(list.listRoute, p, `mock-setting-${nextSettingId()}`));
        return legacyOk(byOrder(state.settings));
      });
    }),

    http.post('/ListParam/QueryData', async ({ request, response }) => {
      const body = await request.json();
      return answer(request, response, () => body.LIST_ROUTE, ({ caller, list }) => queryMockList(list, { ...caller, language: languageOfRequest(request) }, body));
    }),
  ];
}
