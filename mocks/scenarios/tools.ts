/**
 * Stateful handlers for the tools-file, download-centre and Excel-import calls
 * (openapi/paths/admin-tools.yaml), so `npm run dev:mock` can upload, list, replace, download and
 * delete tool files and walk through an Excel import. Messages are the reference server's.
 *
 * The mock does not read spreadsheets: an import whose file name contains "error" answers a
 * one-row error report (nothing written), any other .xlsx is imported as 1 row. State lives per
 * mock db, so `resetMockDb()` (after each unit test) starts it over.
 */
import { masterEntities } from '../../src/shared/masterdata/entities/index';
import { extensionOf, TOOL_FILE_TYPES } from '../../src/shared/tool-file-rules';
import { fileRefusal, receivedFileRefusal, toolFileTypeRefusal, UPLOAD_FILE_FIELD } from '../../src/shared/upload-rules';
import type { components } from '../../src/api/schema';
import { createContractHttp } from '../generated/handlers';
import { scenarioState } from '../db';
import { json, languageOfRequest, refusalAnswer, textOf, XLSX_TYPE } from './answers';
import { refusalBody, type RefusalPlace } from '../../src/shared/messages/refusal';

type ToolFile = components['schemas']['ToolFile'];
interface StoredFile {
  row: ToolFile;
  bytes: ArrayBuffer;
}


/** The uploaded tool files, starting with the demo print agent. */
function toolFiles(): Map<string, StoredFile> {
  return scenarioState('tools', () => {
    const store = new Map<string, StoredFile>();
    const demo = new TextEncoder().encode('demo print agent').buffer as ArrayBuffer;
    store.set('tool-demo-agent', {
      row: {
        ID: 'tool-demo-agent',
        NAME: '打印代理',
        VERSION: '2.0.1',
        REMARK: '本地打印服务（端口 42737）',
        PUBLISHED: 'Y',
        FILE_NAME: '打印代理-2.0.1.zip',
        FILE_SIZE: demo.byteLength,
        CONTENT_TYPE: 'application/zip',
        SHA256: '0'.repeat(64),
        UPLOADED_BY: 'ADMIN',
        UPDATED_AT: '2026-01-15T08:00:00.000Z',
      },
      bytes: demo,
    });
    return store;
  });
}

/** A refusal as the server answers it; `at` the request's field it is about (the form marks it). */
const problem = (status: number, msg: string, at?: RefusalPlace) => json(status, refusalBody(status, msg, at));

async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function listed(rows: ToolFile[], body: { Page: number; Limit: number; Key?: string }) {
  const key = body.Key?.trim().toLowerCase();
  const found = rows
    .filter((r) => !key || [r.NAME, r.VERSION, r.FILE_NAME, r.REMARK].some((v) => v.toLowerCase().includes(key)))
    .sort((a, b) => a.NAME.localeCompare(b.NAME) || b.UPDATED_AT.localeCompare(a.UPDATED_AT));
  return { code: 200, msg: '', data: found.slice((body.Page - 1) * body.Limit, body.Page * body.Limit), count: found.length };
}

function fileResponse(file: StoredFile | undefined, request: Request) {
  if (!file) return problem(404, textOf(request, 'masterNotFound'));
  const encoded = encodeURIComponent(file.row.FILE_NAME);
  return new Response(file.bytes, {
    status: 200,
    headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': `attachment; filename*=UTF-8''${encoded}` },
  });
}

export function toolsHandlers(baseUrl: string) {
  const http = createContractHttp(baseUrl);
  const store = toolFiles;
  return [
    http.post('/SysToolsFile/LoadData', async ({ request, response }) =>
      response(200).json(listed([...store().values()].map((f) => f.row), await request.json())),
    ),
    http.post('/SysDownload/LoadData', async ({ request, response }) =>
      response(200).json(listed([...store().values()].map((f) => f.row).filter((r) => r.PUBLISHED === 'Y'), await request.json())),
    ),
    http.post('/SysToolsFile/AddOrModifySave', async ({ request, response }) => {
      const form = await request.formData();
      const text = (name: string) => String(form.get(name) ?? '').trim();
      const id = text('ID');
      const file = form.get('file') as File | null;
      const existing = id ? store().get(id) : undefined;
      if (id && !existing) return response.untyped(problem(404, textOf(request, 'masterNotFound')));
      if (!id && !file) return response.untyped(problem(400, textOf(request, 'toolFileRequired'), { Field: 'file' }));
      let bytes = existing?.bytes;
      let fileFields: Partial<ToolFile> = {};
      if (file) {
        // The server's size limit comes first (its multipart limit), then the handler's type check.
        const refused = receivedFileRefusal('SysToolsFileAddOrModifySave', UPLOAD_FILE_FIELD, file) ?? toolFileTypeRefusal(file.name);
        if (refused) return response.untyped(refusalAnswer(request, refused));
        const extension = extensionOf(file.name);
        bytes = await file.arrayBuffer();
        fileFields = { FILE_NAME: file.name, FILE_SIZE: bytes.byteLength, CONTENT_TYPE: TOOL_FILE_TYPES[extension], SHA256: await sha256Hex(bytes) };
      }
      const name = text('NAME');
      const version = text('VERSION');
      if ([...store().values()].some((f) => f.row.ID !== id && f.row.NAME === name && f.row.VERSION === version)) {
        return response.untyped(problem(409, textOf(request, 'toolFileExists', { name, version }), { Field: 'VERSION' }));
      }
      const row: ToolFile = {
        ...(existing?.row ?? { ID: crypto.randomUUID(), FILE_NAME: '', FILE_SIZE: 1, CONTENT_TYPE: '', SHA256: '0'.repeat(64) }),
        ...fileFields,
        NAME: name,
        VERSION: version,
        REMARK: text('REMARK'),
        PUBLISHED: text('PUBLISHED') === 'N' ? 'N' : 'Y',
        UPLOADED_BY: 'ADMIN',
        UPDATED_AT: new Date().toISOString(),
      } as ToolFile;
      store().set(row.ID, { row, bytes: bytes! });
      return response(200).json({ code: 200, msg: textOf(request, 'masterSaved'), data: row });
    }),
    http.post('/SysToolsFile/Delete', ({ request, query, response }) => {
      if (!store().delete(query.get('id') ?? '')) return response.untyped(problem(404, textOf(request, 'masterNotFound')));
      return response(200).json({ code: 200, msg: textOf(request, 'masterDeleted'), data: null });
    }),
    http.get('/SysToolsFile/Download', ({ request, query, response }) => response.untyped(fileResponse(store().get(query.get('id') ?? ''), request))),
    http.get('/SysDownload/Download', ({ request, query, response }) => {
      const file = store().get(query.get('id') ?? '');
      return response.untyped(fileResponse(file?.row.PUBLISHED === 'Y' ? file : undefined, request));
    }),

    http.get('/ExcelImport/Targets', ({ request, response }) => {
      const language = languageOfRequest(request);
      return response(200).json({
        code: 200,
        msg: '',
        data: masterEntities.map((e) => ({
          RESOURCE: e.resource,
          TITLE: e.title[language],
          MENU_CODE: e.menuCode,
          FIELDS: e.fields.map((f) => ({ NAME: f.name, LABEL: f.label[language], REQUIRED: Boolean(f.required) })),
        })),
      });
    }),
    // A header-only stand-in: the mock does not write spreadsheets.
    http.get('/ExcelImport/Template', ({ response }) =>
      response.untyped(new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]), { status: 200, headers: { 'Content-Type': XLSX_TYPE } })),
    ),
    http.post('/ExcelImport/Import', async ({ request, response }) => {
      const form = await request.formData();
      const file = form.get('file') as File | null;
      const entity = masterEntities.find((e) => e.resource === form.get('target'));
      if (!entity) return response.untyped(problem(404, textOf(request, 'excelImportUnknownTarget', { target: String(form.get('target')) })));
      const refused = file ? receivedFileRefusal('ExcelImportImport', UPLOAD_FILE_FIELD, file) : undefined;
      if (refused) return response.untyped(refusalAnswer(request, refused));
      if (!file || !/\.xlsx$/i.test(file.name)) return response.untyped(refusalAnswer(request, fileRefusal(UPLOAD_FILE_FIELD, 'masterImportFileType')));
      if (/error/i.test(file.name)) {
        const first = entity.fields.find((f) => f.required) ?? entity.fields[0];
        const label = first.label[languageOfRequest(request)];
        return response(200).json({
          code: 200,
          msg: textOf(request, 'masterImportRejected', { count: 1 }),
          data: { IMPORTED: 0, ERRORS: [{ ROW: 3, MESSAGE: textOf(request, 'masterRequired', { field: label }) }] },
        });
      }
      return response(200).json({ code: 200, msg: textOf(request, 'masterImported', { count: 1 }), data: { IMPORTED: 1, ERRORS: [] } });
    }),
  ];
}
