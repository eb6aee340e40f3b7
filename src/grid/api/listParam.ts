/**
 * The grid's fetchers over the ListParam contract (spec §7 "List parameters"; see
 * openapi/paths/listparam.yaml). Failures are shown by the api layer (spec §8) and reject.
 */
import { api } from '../../api/client';
import { callLegacy, callLegacyResult, callWrapped, callWrappedList, type CallOptions } from '../../api/call';
import { SETTINGS_PAGE_SIZE } from '../model/constants';
import type {
  ColumnConfig,
  ColumnConfigDraft,
  DropdownOption,
  FieldAggregates,
  GridRow,
  ListConfigExport,
  QueryCondition,
  SavedCondition,
  SearchFieldDraft,
  SearchFieldSetting,
  TableColumnInfo,
} from '../model/types';

/** The settings drawer's list: every search field of the list in one page (spec §9: 999). */
export async function loadSearchFields(listRoute: string): Promise<SearchFieldSetting[]> {
  const { rows } = await callWrappedList(
    api.POST('/ListParam/LoadData', { body: { LIST_ROUTE: listRoute, Page: 1, Limit: SETTINGS_PAGE_SIZE } }),
  );
  return rows;
}

export async function saveSearchFields(rows: SearchFieldDraft[]): Promise<void> {
  await callWrapped(api.POST('/ListParam/SaveData', { body: rows }));
}

export async function deleteSearchField(listRoute: string, id: string): Promise<void> {
  await callWrapped(api.POST('/ListParam/DeleteOne', { body: { LIST_ROUTE: listRoute, ID: id } }));
}

export async function deleteAllSearchFields(listRoute: string): Promise<void> {
  await callWrapped(api.POST('/ListParam/DeleteAllParams', { body: { LIST_ROUTE: listRoute } }));
}

export async function loadDropdownOptions(listRoute: string, paramName: string): Promise<DropdownOption[]> {
  return (await callWrapped(api.POST('/ListParam/GetSelectList', { body: { LIST_ROUTE: listRoute, PARAM_NAME: paramName } }))) ?? [];
}

/** The dropdown picker's request (spec §3), without the list it is sent for. */
export interface DropdownPageRequest {
  Key: string;
  PARAM_NAME: string;
  Page: number;
  Limit: number;
  OrderByParam?: string;
  OrderBySort?: 0 | 1;
}

export async function loadDropdownPage(listRoute: string, request: DropdownPageRequest) {
  return callLegacy(
    api.POST('/ListParam/GetSelectPageList', {
      body: { ...request, LIST_ROUTE: listRoute, OrderByParam: request.OrderByParam ?? null, OrderBySort: request.OrderBySort ?? 0 },
    }),
  );
}

export async function loadSavedConditions(listRoute: string, userName: string): Promise<SavedCondition[]> {
  return (
    (await callWrapped(api.POST('/ListParam/LoadListAdvancedQuery', { body: { LIST_ROUTE: listRoute, USER_NAME: userName } }))) ?? []
  );
}

export async function saveConditions(listRoute: string, conditions: QueryCondition[]): Promise<void> {
  await callWrapped(
    api.POST('/ListParam/SaveListAdvancedQuery', { params: { query: { listRoute } }, body: conditions }),
  );
}

/** The caller's columns; empty when they have none yet. */
export async function loadColumnConfig(listRoute: string, userName: string): Promise<ColumnConfig[]> {
  return (await callWrapped(api.POST('/ListParam/LoadListFields', { body: { LIST_ROUTE: listRoute, USER_NAME: userName } }))) ?? [];
}

export async function saveColumnConfig(rows: ColumnConfigDraft[]): Promise<void> {
  await callWrapped(api.POST('/ListParam/SaveListFields', { body: rows }));
}

/**
 * Delete the caller's column configuration, or with `all` every user's. The caller shows the
 * failure itself (spec §8: the ErrorInfo message — or a refusal's `msg` — or '删除失败').
 */
export async function deleteColumnConfig(listRoute: string, all: boolean, options?: CallOptions): Promise<number> {
  return callLegacyResult(api.POST('/ListParam/DeleteFields', { body: { LIST_ROUTE: listRoute, ALL: all } }), options);
}

export async function loadTableColumns(listRoute: string): Promise<TableColumnInfo[]> {
  return (await callWrapped(api.GET('/ListParam/GetIntiTableColumnList', { params: { query: { LIST_ROUTE: listRoute } } }))) ?? [];
}

export async function exportSearchConfig(listRoute: string): Promise<ListConfigExport> {
  return callWrapped(api.GET('/ListParam/Export', { params: { query: { listRoute } } }));
}

/** The list's settings after the import; empty when the file gave nothing. */
export async function importSearchConfig(listRoute: string, file: File): Promise<SearchFieldSetting[]> {
  const form = new FormData();
  form.append('file', file);
  form.append('LIST_ROUTE', listRoute);
  const { rows } = await callLegacy(
    api.POST('/ListParam/Import', {
      body: { file: '', LIST_ROUTE: listRoute },
      // The typed body is only the contract's description of the parts; the multipart form is sent.
      bodySerializer: () => form,
    }),
  );
  return rows;
}

export interface RowsRequest {
  conditions: QueryCondition[];
  Page: number;
  Limit: number;
  sort?: { field: string; order: 'asc' | 'desc' }[];
  wantAggregates: boolean;
}

/**
 * The rows request of a page. It needs nothing of the list's configuration, so it leaves as soon as the
 * grid (or the route that opens it, ./prefetch.ts) asks, beside the configuration calls instead of
 * after them (issue 15). The whole result's footer figures are therefore always asked for: the server
 * computes the configured sums and averages in the same scan that counts the rows, a list with none
 * configured costs nothing more, and the footer shows those of the columns it shows.
 */
export const rowsRequestOf = (
  conditions: readonly QueryCondition[],
  page: number,
  pageSize: number,
  sort: NonNullable<RowsRequest['sort']>,
): RowsRequest => ({ conditions: [...conditions], Page: page, Limit: pageSize, sort: sort.length ? sort : undefined, wantAggregates: true });

export interface RowsPage {
  rows: GridRow[];
  total: number;
  /** `total` is the server's estimate (very many rows match): shown as "about N". */
  totalIsEstimate: boolean;
  /** The column identifying a row, when the list has one. */
  keyField: string | null;
  /** Whole-result footer figures by FIELD_NAME, when asked for. */
  aggregates?: Record<string, FieldAggregates>;
}

export async function queryRows(listRoute: string, request: RowsRequest, signal?: AbortSignal): Promise<RowsPage> {
  const call = api.POST('/ListParam/QueryData', { body: { LIST_ROUTE: listRoute, ...request }, signal });
  const data = await callWrapped(call);
  // The total sits beside `data` (wrapper `count`); the settled call is read again for it.
  const { data: body } = await call;
  return {
    rows: data?.rows ?? [],
    total: body?.count ?? data?.rows.length ?? 0,
    totalIsEstimate: body?.countIsEstimate === true,
    keyField: data?.KEY_FIELD ?? null,
    aggregates: data?.aggregates,
  };
}
