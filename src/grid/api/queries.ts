/**
 * Query keys and hooks over the ListParam fetchers (./listParam.ts). Everything a grid reads is
 * keyed by its LIST_ROUTE, so a save invalidates exactly that grid's caches.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  loadColumnConfig,
  loadDropdownOptions,
  loadDropdownPage,
  loadSearchFields,
  loadTableColumns,
  queryRows,
  type DropdownPageRequest,
  type RowsRequest,
} from './listParam';
import type { Language } from '../../core/i18n';
import { useLanguage } from '../../core/i18n/localizedTitle';

export const gridKeys = {
  all: (listRoute: string) => ['grid', listRoute] as const,
  searchFields: (listRoute: string) => ['grid', listRoute, 'searchFields'] as const,
  columnConfig: (listRoute: string, userName: string) => ['grid', listRoute, 'columnConfig', userName] as const,
  // The server gives the captions in the caller's language: a language switch asks again.
  tableColumns: (listRoute: string, language: Language) => ['grid', listRoute, 'tableColumns', language] as const,
  dropdown: (listRoute: string, paramName: string) => ['grid', listRoute, 'dropdown', paramName] as const,
  dropdownPage: (listRoute: string, request: DropdownPageRequest) => ['grid', listRoute, 'dropdownPage', request] as const,
  rows: (listRoute: string, request?: RowsRequest) =>
    (request ? ['grid', listRoute, 'rows', request] : ['grid', listRoute, 'rows']) as readonly unknown[],
};

export const useSearchFields = (listRoute: string) =>
  useQuery({ queryKey: gridKeys.searchFields(listRoute), queryFn: () => loadSearchFields(listRoute) });

export const useColumnConfig = (listRoute: string, userName: string) =>
  useQuery({ queryKey: gridKeys.columnConfig(listRoute, userName), queryFn: () => loadColumnConfig(listRoute, userName) });

export function useTableColumns(listRoute: string, enabled: boolean) {
  const language = useLanguage();
  return useQuery({ queryKey: gridKeys.tableColumns(listRoute, language), queryFn: () => loadTableColumns(listRoute), enabled });
}

export const useDropdownOptions = (listRoute: string, paramName: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: gridKeys.dropdown(listRoute, paramName ?? ''),
    queryFn: () => loadDropdownOptions(listRoute, paramName ?? ''),
    enabled: enabled && Boolean(paramName),
    staleTime: 60_000,
  });

export const useDropdownPage = (listRoute: string, request: DropdownPageRequest, enabled: boolean) =>
  useQuery({
    queryKey: gridKeys.dropdownPage(listRoute, request),
    queryFn: () => loadDropdownPage(listRoute, request),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useGridRows = (listRoute: string, request: RowsRequest, enabled: boolean) =>
  useQuery({
    queryKey: gridKeys.rows(listRoute, request),
    queryFn: ({ signal }) => queryRows(listRoute, request, signal),
    enabled,
    // The previous page stays on screen while the next one loads, instead of an empty table.
    placeholderData: keepPreviousData,
  });

/** Re-read one grid's settings, columns and rows after a change to its configuration. */
export function useInvalidateGrid(listRoute: string) {
  const client = useQueryClient();
  return (what: 'searchFields' | 'columnConfig' | 'rows' | 'all' = 'all') =>
    client.invalidateQueries({ queryKey: what === 'all' ? gridKeys.all(listRoute) : [...gridKeys.all(listRoute), what] });
}
