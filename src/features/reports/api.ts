/**
 * The report framework's calls (openapi/paths/reports.yaml): the setting's list and three steps,
 * the SQL preview, help, delete and audit, and the loading page's layout and export. A report's rows
 * are the DataGrid's own calls on its list. Through the one client; a refusal toasts (spec §8).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiSchema } from '../../api/client';
import { callPlain, callWrapped, callWrappedList } from '../../api/call';

export type Report = ApiSchema<'ReportRow'>;
export type ReportParam = ApiSchema<'ReportParam'>;
export type ReportColumn = ApiSchema<'ReportColumn'>;
export type ReportChart = ApiSchema<'ReportChart'>;
export type ReportLayout = ApiSchema<'ReportLayoutResponse'>['data'];
export type ReportLink = ApiSchema<'ReportLink'>;
export type ReportPreview = ApiSchema<'ReportPreviewResponse'>['data'];
export type ReportAuditEntry = ApiSchema<'ReportAuditRow'>;
export type ReportBasicsInput = ApiSchema<'ReportBasicsRequest'>;
export type ReportExportInput = ApiSchema<'ReportExportRequest'>;

export const reportKeys = {
  all: ['reports'] as const,
  list: () => ['reports', 'list'] as const,
  layout: (listRoute: string) => ['reports', 'layout', listRoute] as const,
  audit: (code: string) => ['reports', 'audit', code] as const,
};

export const loadReports = () => callWrappedList(api.POST('/Report/LoadData', { body: {} }));
export const useReports = () => useQuery({ queryKey: reportKeys.list(), queryFn: loadReports });

export const saveReportBasics = (body: ReportBasicsInput) => callWrapped(api.POST('/Report/SaveBasics', { body }));
export const saveReportSql = (body: ApiSchema<'ReportSqlRequest'>) => callWrapped(api.POST('/Report/SaveSql', { body }));
export const saveReportGrid = (body: ApiSchema<'ReportGridRequest'>) => callWrapped(api.POST('/Report/SaveGrid', { body }));
export const saveReportHelp = (body: ApiSchema<'ReportHelpRequest'>) => callWrapped(api.POST('/Report/SaveHelp', { body }));
export const deleteReport = (code: string) => callWrapped(api.POST('/Report/Delete', { body: { Code: code } }));
export const previewReportSql = (body: ApiSchema<'ReportPreviewRequest'>) => callWrapped(api.POST('/Report/Preview', { body }));

export const useReportAudit = (code: string | undefined) =>
  useQuery({
    queryKey: reportKeys.audit(code ?? ''),
    queryFn: () => callWrapped(api.POST('/Report/Audit', { body: { Code: code! } })),
    enabled: Boolean(code),
  });

export const useReportLayout = (listRoute: string) =>
  useQuery({
    queryKey: reportKeys.layout(listRoute),
    queryFn: () => callWrapped(api.GET('/Report/Layout', { params: { query: { LIST_ROUTE: listRoute } } })),
  });

/** The report's rows for a search as an xlsx file. */
export const exportReport = (body: ReportExportInput) =>
  callPlain(api.POST('/Report/ExportData', { body, parseAs: 'blob' })) as Promise<Blob>;

/** After a save: the setting's list, layouts and audits read again. */
export function useInvalidateReports() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: reportKeys.all });
}
