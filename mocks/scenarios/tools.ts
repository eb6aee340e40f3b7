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
import { extensionOf, TOOL_FILE_EXTENSIONS, TOOL_FILE_MAX_MB, TOOL_FILE_TYPES } from '../../src/shared/tool-file-rules';
import type { components } from '../../src/api/schema';
import { createContractHttp } from '../generated/handlers';
import { scenarioState } from '../db';
import { XLSX_TYPE } from './answers';

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

const english = (request: Request) => /^\s*en\b/i.test(request.headers.get('accept-language') ?? '');
const say = (request: Request, zh: string, en: string) => (english(request) ? en : zh);
const problem = (status: number, msg: string) => new Response(JSON.stringify({ code: status, msg, data: null }), { status, headers: { 'Content-Type': 'application/json' } });

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
  if (!file) return problem(404, say(request, '记录不存在或已被删除', 'The record does not exist or was deleted'));
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
      if (id && !existing) return response.untyped(problem(404, say(request, '记录不存在或已被删除', 'The record does not exist or was deleted')));
      if (!id && !file) return response.untyped(problem(400, say(request, '请选择要上传的文件', 'Choose the file to upload')));
      let bytes = existing?.bytes;
      let fileFields: Partial<ToolFile> = {};
      if (file) {
        const extension = extensionOf(file.name);
        if (!TOOL_FILE_TYPES[extension]) {
          const allowed = TOOL_FILE_EXTENSIONS.join(' ');
          return response.untyped(
            problem(400, say(request, `文件类型或大小错误：不支持 “.${extension}” 文件，允许的类型：${allowed}`, `Wrong file type or size: ".${extension}" files are not accepted; allowed types: ${allowed}`)),
          );
        }
        if (file.size > TOOL_FILE_MAX_MB * 1024 * 1024) {
          return response.untyped(problem(400, say(request, `文件类型或大小错误：文件不能超过 ${TOOL_FILE_MAX_MB} MB`, `Wrong file type or size: the file must not exceed ${TOOL_FILE_MAX_MB} MB`)));
        }
        bytes = await file.arrayBuffer();
        fileFields = { FILE_NAME: file.name, FILE_SIZE: bytes.byteLength, CONTENT_TYPE: TOOL_FILE_TYPES[extension], SHA256: await sha256Hex(bytes) };
      }
      const name = text('NAME');
      const version = text('VERSION');
      if ([...store().values()].some((f) => f.row.ID !== id && f.row.NAME === name && f.row.VERSION === version)) {
        return response.untyped(problem(409, say(request, `工具文件 ${name} 的版本 ${version} 已存在`, `The tool file ${name} already has the version ${version}`)));
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
      return response(200).json({ code: 200, msg: say(request, '保存成功', 'Saved successfully'), data: row });
    }),
    http.post('/SysToolsFile/Delete', ({ request, query, response }) => {
      if (!store().delete(query.get('id') ?? '')) return response.untyped(problem(404, say(request, '记录不存在或已被删除', 'The record does not exist or was deleted')));
      return response(200).json({ code: 200, msg: say(request, '删除成功', 'Deleted successfully'), data: null });
    }),
    http.get('/SysToolsFile/Download', ({ request, query, response }) => response.untyped(fileResponse(store().get(query.get('id') ?? ''), request))),
    http.get('/SysDownload/Download', ({ request, query, response }) => {
      const file = store().get(query.get('id') ?? '');
      return response.untyped(fileResponse(file?.row.PUBLISHED === 'Y' ? file : undefined, request));
    }),

    http.get('/ExcelImport/Targets', ({ request, response }) => {
      const language = english(request) ? 'en' : 'zh-chs';
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
      if (!entity) return response.untyped(problem(404, say(request, `导入对象 ${String(form.get('target'))} 不存在`, `There is no import target ${String(form.get('target'))}`)));
      if (!file || !/\.xlsx$/i.test(file.name)) {
        return response.untyped(problem(400, say(request, '文件类型或大小错误：请上传 .xlsx 文件', 'Wrong file type or size: upload an .xlsx file')));
      }
      if (/error/i.test(file.name)) {
        const first = entity.fields.find((f) => f.required) ?? entity.fields[0];
        const label = first.label[english(request) ? 'en' : 'zh-chs'];
        return response(200).json({
          code: 200,
          msg: say(request, '导入失败：1 行有错误，未写入任何数据，请下载错误报告', 'Import failed: 1 rows have errors and nothing was written; download the error report'),
          data: { IMPORTED: 0, ERRORS: [{ ROW: 3, MESSAGE: say(request, `请输入${label}`, `Please enter ${label}`) }] },
        });
      }
      return response(200).json({ code: 200, msg: say(request, '导入成功，共 1 行', 'Imported 1 rows'), data: { IMPORTED: 1, ERRORS: [] } });
    }),
  ];
}
