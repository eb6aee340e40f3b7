/**
 * Multipart uploads (spec §7 ListParam/Import: a JSON file and form fields; master-data Import:
 * an xlsx file). Fields and the file become body properties before validation, so the contract
 * checks an upload form like any JSON body: a JSON file as its UTF-8 text, any other file as
 * `{name, base64}` (binary, e.g. xlsx). One file per request; a JSON configuration file may be
 * 1 MB, another file 10 MB (spec §5 upload size checks: the answer says which limit was hit); an
 * operation listed in LARGER_UPLOADS_MB (tool installers) may take more.
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, onRouteHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { EQUIPMENT_IMAGE_MAX_MB } from '../../src/shared/equipment/image-rules.ts';
import { TOOL_FILE_MAX_MB } from '../../src/shared/tool-file-rules.ts';
import { Problem } from './problem.ts';

const MAX_JSON_UPLOAD_BYTES = 1024 * 1024;
export const MAX_UPLOAD_MB = 10;
const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
const MULTIPART = 'multipart/form-data';
/** Operations whose file may exceed MAX_UPLOAD_MB, by operationId. */
const LARGER_UPLOADS_MB: Readonly<Record<string, number>> = {
  SysToolsFileAddOrModifySave: TOOL_FILE_MAX_MB,
  EquipmentUploadImage: EQUIPMENT_IMAGE_MAX_MB,
};
/**
 * Operations whose file is a JSON text (the contract's `file` is a string), by operationId: any
 * other file gets the product's file-type message, not the contract's raw type error (issue 12.14).
 */
const JSON_FILE_UPLOADS: ReadonlySet<string> = new Set(['ListParamImport']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by multipartOnlyRoutes for JSON_FILE_UPLOADS. */
    jsonFileOnly?: boolean;
  }
}

/**
 * Fastify checks a content-keyed body schema only for the content types it names, so a JSON or
 * text body sent to an upload operation would reach its handler unchecked: refuse it instead.
 */
const requireMultipart: preValidationAsyncHookHandler = async (request) => {
  if (!request.isMultipart()) throw new Problem(400, 'multipartRequired');
};

const multipartOnlyRoutes: onRouteHookHandler = (route) => {
  const schema = route.schema as { operationId?: string; body?: { content?: Record<string, unknown> } } | undefined;
  const content = schema?.body?.content;
  if (!content || !Object.keys(content).every((type) => type === MULTIPART)) return;
  const largerMb = schema?.operationId ? LARGER_UPLOADS_MB[schema.operationId] : undefined;
  if (largerMb) route.config = { ...route.config, multipartOptions: { limits: { fileSize: largerMb * 1024 * 1024 } } };
  if (schema?.operationId && JSON_FILE_UPLOADS.has(schema.operationId)) route.config = { ...route.config, jsonFileOnly: true };
  const existing = route.preValidation ? [route.preValidation].flat() : [];
  route.preValidation = [...existing, requireMultipart];
};

const isJsonFile = (part: MultipartFile) => /\.json$/i.test(part.filename) || part.mimetype === 'application/json';

async function bytesOf(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new Problem(400, 'masterImportTooLarge', { max: maxBytes / 1024 / 1024 });
    throw error;
  }
}

export async function registerTextUploads(api: FastifyInstance): Promise<void> {
  await api.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 },
    // In keyValues mode a part's `value` becomes its body property.
    onFile: async function (this: FastifyRequest, part: MultipartFile) {
      if (this.routeOptions.config.jsonFileOnly && !isJsonFile(part)) {
        await part.toBuffer().catch(() => undefined); // drain it, so the answer is not held up by an unread stream
        throw new Problem(400, 'uploadJsonFileType');
      }
      const bytes = await bytesOf(part, this.routeOptions.config.multipartOptions?.limits?.fileSize ?? MAX_UPLOAD_BYTES);
      if (isJsonFile(part)) {
        if (bytes.length > MAX_JSON_UPLOAD_BYTES) throw new Problem(400, 'masterImportTooLarge', { max: 1 });
        Object.assign(part, { value: bytes.toString('utf8') });
      } else {
        Object.assign(part, { value: { name: part.filename, base64: bytes.toString('base64') } });
      }
    },
  });
  api.addHook('onRoute', multipartOnlyRoutes);
}
