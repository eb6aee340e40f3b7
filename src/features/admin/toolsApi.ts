/**
 * The calls of the tools-file, download-centre and Excel-import screens (spec §2 administration),
 * through the one api client. Uploads send a multipart form; failures show their toast (spec §8)
 * in callWrapped and reject.
 */
import { api, type ApiSchema } from '../../api/client';
import { callPlain, callWrapped, callWrappedList, type CallOptions } from '../../api/call';

export type ToolFile = ApiSchema<'ToolFile'>;
export type ExcelImportTarget = ApiSchema<'ExcelImportTarget'>;
export type ImportOutcome = ApiSchema<'MasterImportResponse'>['data'];

export interface ToolFileForm {
  ID?: string;
  NAME: string;
  VERSION: string;
  REMARK?: string;
  PUBLISHED: 'Y' | 'N';
}

/** Spec §9: admin lists load up to 10000 rows. */
const LIST_LIMIT = 10000;

export const loadToolFiles = (Key?: string) =>
  callWrappedList(api.POST('/SysToolsFile/LoadData', { body: { Page: 1, Limit: LIST_LIMIT, ...(Key ? { Key } : {}) } }));

export const loadPublishedToolFiles = (Key?: string) =>
  callWrappedList(api.POST('/SysDownload/LoadData', { body: { Page: 1, Limit: LIST_LIMIT, ...(Key ? { Key } : {}) } }));

/** Adds a tool file (with its file), or edits one (ID) and replaces its file when one is given; `options` are the call's. */
export async function saveToolFile(fields: ToolFileForm, file: File | undefined, options?: CallOptions) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== '') form.append(name, value);
  if (file) form.append('file', file, file.name);
  return callWrapped(
    api.POST('/SysToolsFile/AddOrModifySave', {
      body: fields as never,
      // The typed body is only the contract's description of the parts; the multipart form is sent.
      bodySerializer: () => form,
    }),
    options,
  );
}

export const deleteToolFile = (id: string) => callWrapped(api.POST('/SysToolsFile/Delete', { params: { query: { id } } }));

/** A tool file's bytes: any one from the tools-file screen, a published one from the download centre. */
export const downloadToolFile = (id: string, from: 'admin' | 'centre') =>
  (from === 'admin'
    ? callPlain(api.GET('/SysToolsFile/Download', { params: { query: { id } }, parseAs: 'blob' }))
    : callPlain(api.GET('/SysDownload/Download', { params: { query: { id } }, parseAs: 'blob' }))) as Promise<Blob>;

export const loadImportTargets = async () => (await callWrapped(api.GET('/ExcelImport/Targets'))) ?? [];

export const downloadImportTemplate = (target: string) =>
  callPlain(api.GET('/ExcelImport/Template', { params: { query: { target } }, parseAs: 'blob' })) as Promise<Blob>;

/** Runs the target's import; the outcome carries the per-row errors and report, the message says what happened. */
export async function importExcel(target: string, file: File): Promise<{ outcome: ImportOutcome; message: string }> {
  const form = new FormData();
  form.append('target', target);
  form.append('file', file, file.name);
  const call = api.POST('/ExcelImport/Import', {
    body: { target, file: { name: file.name, base64: '' } },
    bodySerializer: () => form,
  });
  const outcome = await callWrapped(call);
  const { data } = await call;
  return { outcome, message: data?.msg ?? '' };
}

/** A size for people: 1.2 MB, 340 KB, 12 B. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
