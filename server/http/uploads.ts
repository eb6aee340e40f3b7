/**
 * Multipart uploads (spec §7 ListParam/Import: a JSON file and form fields; master-data Import:
 * an xlsx file). Fields and the file become body properties before validation, so the contract
 * checks an upload form like any JSON body: a JSON file as its UTF-8 text, any other file as
 * `{name, base64}` (binary, e.g. xlsx). One file per request; a JSON configuration file may be
 * 1 MB, another file 10 MB (spec §5 upload size checks: the answer says which limit was hit); some
 * operations (tool installers, equipment images) take more: src/shared/upload-rules.ts, shared with the mocks.
 * A refused file's answer names its field (data.Field, the part's name), for the form to mark.
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, onRouteHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { fileRefusal, fileTooLarge, isJsonUploadFile, JSON_UPLOAD_MAX_MB, takesJsonFileOnly, UPLOAD_MAX_MB, uploadMaxMb } from '../../src/shared/upload-rules.ts';
import { Problem } from './problem.ts';

const MAX_JSON_UPLOAD_BYTES = JSON_UPLOAD_MAX_MB * 1024 * 1024;
const MAX_UPLOAD_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
const MULTIPART = 'multipart/form-data';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by multipartOnlyRoutes: the upload operation, whose file rules are its own (src/shared/upload-rules.ts). */
    uploadOperation?: string;
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
  const maxMb = uploadMaxMb(schema?.operationId);
  route.config = { ...route.config, uploadOperation: schema?.operationId };
  if (maxMb !== UPLOAD_MAX_MB) route.config = { ...route.config, multipartOptions: { limits: { fileSize: maxMb * 1024 * 1024 } } };
  const existing = route.preValidation ? [route.preValidation].flat() : [];
  route.preValidation = [...existing, requireMultipart];
};

const isJsonFile = (part: MultipartFile) => isJsonUploadFile(part.filename, part.mimetype);

/**
 * The file's bytes, within the operation's limit. Every refusal of the file (its size, its type) is placed
 * on its multipart field, so the form that sent it marks its upload field.
 */
async function bytesOf(part: MultipartFile, operationId: string | undefined): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(operationId, part.fieldname);
    throw error;
  }
}

export async function registerTextUploads(api: FastifyInstance): Promise<void> {
  await api.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 },
    // In keyValues mode a part's `value` becomes its body property.
    onFile: async function (this: FastifyRequest, part: MultipartFile) {
      const { uploadOperation } = this.routeOptions.config;
      if (takesJsonFileOnly(uploadOperation) && !isJsonFile(part)) {
        await part.toBuffer().catch(() => undefined); // drain it, so the answer is not held up by an unread stream
        throw fileRefusal(part.fieldname, 'uploadJsonFileType');
      }
      const bytes = await bytesOf(part, uploadOperation);
      if (isJsonFile(part)) {
        if (bytes.length > MAX_JSON_UPLOAD_BYTES) throw fileTooLarge(uploadOperation, part.fieldname, JSON_UPLOAD_MAX_MB);
        Object.assign(part, { value: bytes.toString('utf8') });
      } else {
        Object.assign(part, { value: { name: part.filename, base64: bytes.toString('base64') } });
      }
    },
  });
  api.addHook('onRoute', multipartOnlyRoutes);
}
