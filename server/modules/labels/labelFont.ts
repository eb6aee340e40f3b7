/**
 * The font for label text Helvetica cannot write (a Chinese part name, Ω, …). pdf-lib's standard fonts
 * cover WinAnsi only, so such text needs a font embedded in the PDF, subset to the characters used
 * (a few KB per label file).
 *
 * Only TrueType-outline (glyf) fonts are used: fontkit's subsets of CFF fonts (Noto Sans CJK's .ttc) come
 * out invalid. The first that exists of LABEL_FONT (a path) and Debian's WenQuanYi Micro Hei
 * (`apt-get install fonts-wqy-microhei`), Zen Hei and AR PL UMing is taken; a collection (.ttc) gives its
 * first font. With none of them such characters print as '?', and the log says why once.
 */
import { existsSync, readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

export const LABEL_FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
  '/usr/share/fonts/truetype/arphic/uming.ttc',
];

interface FontFile {
  path: string;
  bytes: Uint8Array;
  /** The font to take from a collection (.ttc); undefined for a single font. */
  postscriptName?: string;
}

// fontkit's collection type is not in its typings: a .ttc parses to an object with `fonts`.
type FontkitCreate = (bytes: Uint8Array, postscriptName?: string) => { fonts?: { postscriptName: string }[] };
const createFont = (fontkit as unknown as { create: FontkitCreate }).create;

let loaded: FontFile | null | undefined;

/** Reads the font file once per process; null when there is none. */
export function labelFontFile(environment: NodeJS.ProcessEnv = process.env): FontFile | null {
  if (loaded !== undefined) return loaded;
  const path = [environment.LABEL_FONT, ...LABEL_FONT_CANDIDATES].find((candidate) => candidate && existsSync(candidate));
  if (!path) return (loaded = null);
  const bytes = readFileSync(path);
  const parsed = createFont(bytes);
  loaded = { path, bytes, postscriptName: parsed.fonts?.[0]?.postscriptName };
  return loaded;
}

/** Embeds the label font into the document (subset to what is drawn); null when there is none. */
export async function embedLabelFont(doc: PDFDocument): Promise<PDFFont | null> {
  const file = labelFontFile();
  if (!file) return null;
  doc.registerFontkit({ create: (bytes: Uint8Array) => createFont(bytes, file.postscriptName) } as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  return doc.embedFont(file.bytes, { subset: true });
}

let warned = false;

/** Says once per process, in the server log, that labels print CJK as '?' for want of a font. */
export function warnIfNoLabelFont(log: { warn(details: object, message: string): void }) {
  if (warned || labelFontFile()) return;
  warned = true;
  log.warn({ tried: LABEL_FONT_CANDIDATES, env: 'LABEL_FONT' }, "no label font: Chinese text on PDF labels prints as '?' (apt-get install fonts-wqy-microhei)");
}
