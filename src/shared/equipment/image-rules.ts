/**
 * What an equipment image may be (spec §5: at most 20MB, jpeg/jpg/png/gif), checked by name AND by
 * content: the first bytes must be the format's signature, so a renamed .exe is refused. Plain data
 * and pure functions, shared by the upload form and the reference server.
 */
import { extensionOf } from '../tool-file-rules';

export const EQUIPMENT_IMAGE_MAX_MB = 20;
export const EQUIPMENT_IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'] as const;
export const EQUIPMENT_IMAGE_ACCEPT = EQUIPMENT_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

type ImageType = 'image/jpeg' | 'image/png' | 'image/gif';

const TYPE_OF_EXTENSION: Readonly<Record<string, ImageType>> = { jpeg: 'image/jpeg', jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((b, i) => bytes[i] === b);

/** The image type the content is, by its signature (magic bytes), or null. */
export function imageTypeOfContent(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // GIF87a / GIF89a
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  return null;
}

/** Why a file is no equipment image ('type' or 'size'), or its content type when it is one. */
export function checkEquipmentImage(fileName: string, bytes: Uint8Array): { ok: true; contentType: ImageType } | { ok: false; reason: 'type' | 'size' } {
  if (bytes.length > EQUIPMENT_IMAGE_MAX_MB * 1024 * 1024) return { ok: false, reason: 'size' };
  const byName = TYPE_OF_EXTENSION[extensionOf(fileName)];
  const byContent = imageTypeOfContent(bytes);
  if (!byName || !byContent || byName !== byContent) return { ok: false, reason: 'type' };
  return { ok: true, contentType: byContent };
}
