/**
 * How large an upload's file may be, by operation (spec §5 upload file extension and size checks), and the
 * refusals of a file of the wrong size or type. Each refusal is placed on the request's file field (the
 * multipart part's name, `file` in every upload of the contract), so a form with that upload field marks it
 * instead of toasting. One rule for the reference server (server/http/uploads.ts, whose multipart limit is
 * uploadMaxMb, and the upload handlers) and the mocks (which have the whole file and check its size here).
 */
import { EQUIPMENT_IMAGE_EXTENSIONS, EQUIPMENT_IMAGE_MAX_MB } from './equipment/image-rules';
import type { MessageKey, MessageParams } from './messages/catalogue';
import { Refusal } from './messages/refusal';
import { extensionOf, TOOL_FILE_EXTENSIONS, TOOL_FILE_MAX_MB, TOOL_FILE_TYPES } from './tool-file-rules';

/** The file field of the contract's upload operations. */
export const UPLOAD_FILE_FIELD = 'file';
/** Any upload's file, unless its operation takes more (LARGER_UPLOADS_MB). */
export const UPLOAD_MAX_MB = 10;
/** A JSON configuration file (ListParam/Import, or a .json sent to any upload). */
export const JSON_UPLOAD_MAX_MB = 1;

/** Operations whose file may exceed UPLOAD_MAX_MB, by operationId. */
const LARGER_UPLOADS_MB: Readonly<Record<string, number>> = {
  SysToolsFileAddOrModifySave: TOOL_FILE_MAX_MB,
  EquipmentUploadImage: EQUIPMENT_IMAGE_MAX_MB,
};

/**
 * Operations whose file is a JSON text (the contract's `file` is a string), by operationId: any other file
 * gets the product's file-type message, not the contract's raw type error (issue 12.14).
 */
const JSON_FILE_UPLOADS: ReadonlySet<string> = new Set(['ListParamImport']);
export const takesJsonFileOnly = (operationId: string | undefined) => operationId !== undefined && JSON_FILE_UPLOADS.has(operationId);

/** A JSON file, by its name or its content type: sent as its text, and at most JSON_UPLOAD_MAX_MB. */
export const isJsonUploadFile = (fileName: string, contentType: string) => /\.json$/i.test(fileName) || contentType === 'application/json';

/** The largest file the operation takes, in MB. */
export const uploadMaxMb = (operationId: string | undefined): number => (operationId && LARGER_UPLOADS_MB[operationId]) || UPLOAD_MAX_MB;

/** A file refused for its type or size: the message, placed on the file's field. */
export const fileRefusal = (field: string, key: MessageKey, params?: MessageParams) => new Refusal(400, key, params, { Field: field });

/** An equipment image refused (spec §5): the message names the limit and the types either way. */
export const equipmentImageRefusal = (reason: 'type' | 'size', field: string = UPLOAD_FILE_FIELD) =>
  fileRefusal(field, reason === 'size' ? 'equipmentImageTooLarge' : 'equipmentImageType', { max: EQUIPMENT_IMAGE_MAX_MB, types: EQUIPMENT_IMAGE_EXTENSIONS.join('/') });

/** The refusal of a file over `maxMb`, the operation's limit (an equipment image in its own words). */
export function fileTooLarge(operationId: string | undefined, field: string, maxMb: number = uploadMaxMb(operationId)): Refusal {
  if (operationId === 'EquipmentUploadImage' && maxMb === EQUIPMENT_IMAGE_MAX_MB) return equipmentImageRefusal('size', field);
  return fileRefusal(field, 'masterImportTooLarge', { max: maxMb });
}

/**
 * What server/http/uploads.ts refuses of a received file, for the mocks, which have it whole: a file other than
 * JSON where the operation takes only JSON, a file over the operation's limit, a JSON file over JSON_UPLOAD_MAX_MB.
 */
export function receivedFileRefusal(
  operationId: string | undefined,
  field: string,
  file: { name: string; type: string; size: number },
): Refusal | undefined {
  const json = isJsonUploadFile(file.name, file.type);
  if (takesJsonFileOnly(operationId) && !json) return fileRefusal(field, 'uploadJsonFileType');
  if (file.size > uploadMaxMb(operationId) * 1024 * 1024) return fileTooLarge(operationId, field);
  if (json && file.size > JSON_UPLOAD_MAX_MB * 1024 * 1024) return fileTooLarge(operationId, field, JSON_UPLOAD_MAX_MB);
  return undefined;
}

/** A tools file's type (by its extension) refused, or undefined when it is one a tools file may be. */
export function toolFileTypeRefusal(fileName: string, field: string = UPLOAD_FILE_FIELD): Refusal | undefined {
  const extension = extensionOf(fileName);
  if (TOOL_FILE_TYPES[extension]) return undefined;
  return fileRefusal(field, 'toolFileType', { ext: extension ? `.${extension}` : fileName, allowed: TOOL_FILE_EXTENSIONS.join(' ') });
}
