/**
 * Tools files and the download centre (spec §2 administration: 工具文件, 下载中心). An administrator
 * uploads installers and drivers (PDA installer APK, label-printer driver, print agent) with a
 * name, version and remark, replaces or deletes them; everyone with 下载中心 lists the published
 * ones and downloads them. The bytes are kept in the database (tool_file_contents, bytea) and sent
 * back in chunks, so a download never holds the whole file in memory.
 *
 * Upload checks (spec §5 "upload file extension and size checks"): the size limit is the multipart
 * limit of the operation (server/http/uploads.ts), the type an extension list; both are in
 * src/shared/tool-file-rules.ts, which the upload form checks too, and refused on the file field
 * (src/shared/upload-rules.ts, shared with the mocks).
 */
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { components } from '../../../src/api/schema';
import { extensionOf, TOOL_FILE_TYPES } from '../../../src/shared/tool-file-rules.ts';
import { toolFileTypeRefusal } from '../../../src/shared/upload-rules.ts';
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import type { DB } from '../../db/database.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import { messageForRequest } from '../../i18n.ts';
import { containsPattern } from '../../../src/shared/search/like.ts';
import { pageWithCount } from '../../query/paging.ts';

type ToolFile = components['schemas']['ToolFile'];
type ListRequest = components['schemas']['ToolFileListRequest'];
type SaveRequest = components['schemas']['ToolFileSaveRequest'];

/** Bytes read from the database per chunk of a download. */
const DOWNLOAD_CHUNK_BYTES = 1024 * 1024;

/** `attachment` with an ASCII fallback name and the real name as RFC 5987 `filename*` (Chinese names). */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}


const columns = [
  'id', 'name', 'version', 'remark', 'published', 'file_name', 'content_type', 'file_size', 'sha256', 'uploaded_by', 'updated_at',
] as const;

interface ToolFileRecord {
  id: string;
  name: string;
  version: string;
  remark: string;
  published: boolean;
  file_name: string;
  content_type: string;
  file_size: string;
  sha256: string;
  uploaded_by: string;
  updated_at: Date;
}

function wire(row: ToolFileRecord): ToolFile {
  return {
    ID: row.id,
    NAME: row.name,
    VERSION: row.version,
    REMARK: row.remark,
    PUBLISHED: row.published ? 'Y' : 'N',
    FILE_NAME: row.file_name,
    FILE_SIZE: Number(row.file_size),
    CONTENT_TYPE: row.content_type,
    SHA256: row.sha256,
    UPLOADED_BY: row.uploaded_by,
    UPDATED_AT: new Date(row.updated_at).toISOString(),
  };
}

async function findRecord(db: DB, id: string): Promise<ToolFileRecord | undefined> {
  return db.selectFrom('tool_files').select(columns).where('id', '=', id).executeTakeFirst() as Promise<ToolFileRecord | undefined>;
}

async function listPage(db: DB, body: ListRequest, publishedOnly: boolean) {
  let query = db.selectFrom('tool_files');
  if (publishedOnly) query = query.where('published', '=', true);
  const key = body.Key?.trim();
  if (key) {
    const pattern = containsPattern(key);
    query = query.where((eb) =>
      eb.or(['name', 'version', 'file_name', 'remark'].map((c) => eb(sql.ref(c), 'ilike', pattern))),
    );
  }
  const { rows, count } = await pageWithCount(query, (found) => found.select(columns).orderBy('name').orderBy('updated_at', 'desc'), {
    page: body.Page,
    limit: body.Limit,
  });
  return { ...ok((rows as ToolFileRecord[]).map(wire)), count };
}

/** The file's bytes, read from the database a chunk at a time. */
function contentStream(db: DB, id: string, size: number): Readable {
  async function* chunks() {
    for (let offset = 0; offset < size; offset += DOWNLOAD_CHUNK_BYTES) {
      const { rows } = await sql<{ chunk: Uint8Array }>`
        select substring(content from ${offset + 1} for ${DOWNLOAD_CHUNK_BYTES}) as chunk
        from tool_file_contents where tool_file_id = ${id}`.execute(db);
      if (!rows[0]) throw new Error(`tool file ${id} lost its content`);
      yield Buffer.from(rows[0].chunk);
    }
  }
  return Readable.from(chunks());
}

async function sendFile(db: DB, reply: FastifyReply, record: ToolFileRecord | undefined) {
  if (!record) throw new Problem(404, 'masterNotFound');
  const size = Number(record.file_size);
  reply.header('content-type', 'application/octet-stream');
  reply.header('content-length', size);
  reply.header('content-disposition', contentDisposition(record.file_name));
  reply.header('cache-control', 'no-store');
  return reply.send(contentStream(db, record.id, size));
}

export function toolFilesHandlers(ctx: ServerContext) {
  const { db } = ctx;

  return exactHandlers({
    SysToolsFileLoadData: async (request) => listPage(db, request.body, false),

    SysToolsFileAddOrModifySave: async (request) => {
      const auth = authOf(request);
      const body = request.body as SaveRequest;
      const name = body.NAME.trim();
      const version = body.VERSION.trim();
      if (!name) throw new Problem(400, 'toolFileNameRequired', {}, { Field: 'NAME' });
      if (!version) throw new Problem(400, 'toolFileVersionRequired', {}, { Field: 'VERSION' });
      if (!body.ID && !body.file) throw new Problem(400, 'toolFileRequired', {}, { Field: 'file' });

      let upload: { fileName: string; contentType: string; bytes: Buffer; sha256: string } | undefined;
      if (body.file) {
        const fileName = body.file.name.split(/[/\\]/).pop()!.trim();
        const refused = toolFileTypeRefusal(fileName);
        if (refused) throw refused;
        const contentType = TOOL_FILE_TYPES[extensionOf(fileName)];
        const bytes = Buffer.from(body.file.base64, 'base64');
        if (!bytes.length) throw new Problem(400, 'toolFileEmpty', {}, { Field: 'file' });
        upload = { fileName, contentType, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
      }

      // Two uploads of the same name and version at once both pass this check; the unique key refuses the
      // second, answered 409 toolFileExists by the one mapping in server/http/unique-violations.ts.
      const id = await db.transaction().execute(async (trx) => {
        let same = trx.selectFrom('tool_files').select('id').where('name', '=', name).where('version', '=', version);
        if (body.ID) same = same.where('id', '<>', body.ID);
        if (await same.executeTakeFirst()) throw new Problem(409, 'toolFileExists', { name, version }, { Field: 'VERSION' });
        const fields = {
          name,
          version,
          remark: body.REMARK?.trim() ?? '',
          published: (body.PUBLISHED ?? 'Y') === 'Y',
          uploaded_by: auth.user.userName,
          updated_at: new Date(),
          ...(upload ? { file_name: upload.fileName, content_type: upload.contentType, file_size: upload.bytes.length, sha256: upload.sha256 } : {}),
        };
        if (body.ID) {
          const updated = await trx.updateTable('tool_files').set(fields).where('id', '=', body.ID).executeTakeFirst();
          if (!updated.numUpdatedRows) throw new Problem(404, 'masterNotFound');
          if (upload) await trx.updateTable('tool_file_contents').set({ content: upload.bytes }).where('tool_file_id', '=', body.ID).execute();
          return body.ID;
        }
        const newId = randomUUID();
        await trx
          .insertInto('tool_files')
          .values({ id: newId, ...fields, file_name: upload!.fileName, content_type: upload!.contentType, file_size: upload!.bytes.length, sha256: upload!.sha256 })
          .execute();
        await trx.insertInto('tool_file_contents').values({ tool_file_id: newId, content: upload!.bytes }).execute();
        return newId;
      });
      return ok(wire((await findRecord(db, id))!), messageForRequest(request, 'masterSaved'));
    },

    SysToolsFileDelete: async (request) => {
      const deleted = await db.deleteFrom('tool_files').where('id', '=', request.query.id).executeTakeFirst();
      if (!deleted.numDeletedRows) throw new Problem(404, 'masterNotFound');
      return ok(null, messageForRequest(request, 'masterDeleted'));
    },

    SysToolsFileDownload: async (request, reply) => sendFile(db, reply, await findRecord(db, request.query.id)),

    SysDownloadLoadData: async (request) => listPage(db, request.body, true),

    SysDownloadFile: async (request, reply) => {
      const record = await findRecord(db, request.query.id);
      return sendFile(db, reply, record?.published ? record : undefined);
    },
  } satisfies Partial<OperationHandlers>);
}
