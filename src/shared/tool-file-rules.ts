/**
 * What a tools file may be (spec §5 upload file extension and size checks): plain data with no
 * imports, so the upload form checks a file before sending it and the reference server
 * (server/modules/tools, server/http/uploads.ts) refuses the same files with the same words.
 */

/** Tools files are installers and drivers, larger than data files. */
export const TOOL_FILE_MAX_MB = 50;

/** The accepted extensions and the content type each is stored as. */
export const TOOL_FILE_TYPES: Readonly<Record<string, string>> = {
  apk: 'application/vnd.android.package-archive',
  exe: 'application/vnd.microsoft.portable-executable',
  msi: 'application/x-msi',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  gz: 'application/gzip',
  tgz: 'application/gzip',
  tar: 'application/x-tar',
  cab: 'application/vnd.ms-cab-compressed',
  inf: 'text/plain',
  sys: 'application/octet-stream',
  dll: 'application/octet-stream',
  jar: 'application/java-archive',
  bin: 'application/octet-stream',
  pdf: 'application/pdf',
  txt: 'text/plain',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ini: 'text/plain',
  xml: 'application/xml',
};

/** The lower-case extension of a file name ('' when it has none). */
export const extensionOf = (fileName: string) => /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

/** The accepted extensions as the upload's `accept` and the messages list them: `.apk .exe ...`. */
export const TOOL_FILE_EXTENSIONS = Object.keys(TOOL_FILE_TYPES).map((e) => `.${e}`);
