/**
 * The home page's fetchers (typed by the contract) and their query hooks. Everything here is
 * per user or per organisation, so the keys carry nothing else: a session switch reloads the page.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { callLegacy, callLegacyResult, callWrapped, type CallOptions } from '../../../api/call';
import type { components } from '../../../api/schema';

export type Notice = components['schemas']['Notice'];
export type Warning = components['schemas']['Warning'];
export type WarningCallStatus = components['schemas']['WarningCallStatus'];
export type CommonFunction = components['schemas']['CommonFunction'];
export type TodoItem = components['schemas']['TodoItem'];
export type VersionMaster = components['schemas']['VersionMaster'];
export type VersionDetail = components['schemas']['VersionDetail'];
export type Memo = components['schemas']['Memo'];
export type DailyThroughput = components['schemas']['DailyThroughput'];

export const homeKeys = {
  notices: ['home', 'notices'] as const,
  warnings: ['home', 'warnings'] as const,
  commonFunctions: ['home', 'commonFunctions'] as const,
  todos: ['home', 'todos'] as const,
  versions: ['home', 'versions'] as const,
  versionDetails: (masterId: string) => ['home', 'versions', masterId] as const,
  memos: ['home', 'memos'] as const,
  dataShow: ['home', 'dataShow'] as const,
};

const rowsOf = async <Row>(call: Promise<{ rows: Row[] }>) => (await call).rows;

export const loadNotices = () => rowsOf(callLegacy(api.GET('/SysNotice/LoadData')));
export const loadWarnings = () => rowsOf(callLegacy(api.GET('/SysWarning/LoadData')));
export const loadCommonFunctions = () => rowsOf(callLegacy(api.GET('/MesCommonFunctions/LoadData')));
export const saveCommonFunctions = (records: { MENU_ID: string; MENU_PATH: string }[]) =>
  rowsOf(callLegacy(api.POST('/MesCommonFunctions/SaveData', { body: { Records: records } })));
export const loadTodos = () => rowsOf(callLegacy(api.GET('/SysTodo/LoadData')));
export const loadVersions = () => rowsOf(callLegacy(api.GET('/Version/LoadData')));
export const loadVersionDetails = (masterId: string) =>
  rowsOf(callLegacy(api.GET('/Version/LoadDetail', { params: { query: { masterId } } })));
export const loadMemos = () => rowsOf(callLegacy(api.GET('/SysMemo/LoadData')));
export const addMemo = (content: string) => callLegacyResult(api.POST('/SysMemo/Add', { body: { CONTENT: content } }));
export const deleteMemo = (id: string) => callLegacyResult(api.POST('/SysMemo/Delete', { params: { query: { id } } }));
export const loadDataShow = () => rowsOf(callLegacy(api.GET('/Home/DataShow')));

export const useNotices = () => useQuery({ queryKey: homeKeys.notices, queryFn: loadNotices });
export const useWarnings = () => useQuery({ queryKey: homeKeys.warnings, queryFn: loadWarnings });
export const useCommonFunctions = () => useQuery({ queryKey: homeKeys.commonFunctions, queryFn: loadCommonFunctions });
export const useTodos = () => useQuery({ queryKey: homeKeys.todos, queryFn: loadTodos });
export const useVersions = () => useQuery({ queryKey: homeKeys.versions, queryFn: loadVersions });
export const useVersionDetails = (masterId: string | undefined) =>
  useQuery({ queryKey: homeKeys.versionDetails(masterId ?? ''), queryFn: () => loadVersionDetails(masterId!), enabled: Boolean(masterId) });
export const useMemos = () => useQuery({ queryKey: homeKeys.memos, queryFn: loadMemos });
export const useDataShow = () => useQuery({ queryKey: homeKeys.dataShow, queryFn: loadDataShow });

export function useSaveCommonFunctions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCommonFunctions,
    onSuccess: (saved) => client.setQueryData(homeKeys.commonFunctions, saved),
  });
}

/** Tries a warning's call again (an ERP posting that did not get through): its call status afterwards. */
export const retryWarning = (id: string) => callWrapped(api.POST('/SysWarning/Retry', { body: { Id: id } }));

/** The retry; the list reloads either way (the call status changed to processing at least). */
export function useRetryWarning() {
  const client = useQueryClient();
  return useMutation({ mutationFn: retryWarning, onSettled: () => client.invalidateQueries({ queryKey: homeKeys.warnings }) });
}

export function useAddMemo() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addMemo, onSuccess: () => client.invalidateQueries({ queryKey: homeKeys.memos }) });
}

export function useDeleteMemo() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteMemo, onSuccess: () => client.invalidateQueries({ queryKey: homeKeys.memos }) });
}

export type VersionInput = components['schemas']['VersionSaveRequest'];

export const saveVersion = (version: VersionInput, options?: CallOptions) => callLegacyResult(api.POST('/Version/AddOrModifySave', { body: version }), options);
export const deleteVersion = (id: string) => callLegacyResult(api.POST('/Version/Delete', { params: { query: { id } } }));

/** After a version change: the home page's version card and the version screen reload. */
export function useSaveVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ version, options }: { version: VersionInput; options?: CallOptions }) => saveVersion(version, options),
    onSuccess: () => client.invalidateQueries({ queryKey: homeKeys.versions }),
  });
}

export function useDeleteVersion() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteVersion, onSuccess: () => client.invalidateQueries({ queryKey: homeKeys.versions }) });
}
