/**
 * Reel label templates (issue 17, spec §2 reel barcode generation; §3 Reel). A template is a
 * declaration, seeded here rather than a master entity: the server's renderer
 * (server/modules/labels/render.ts), the contract's TemplateCode and the preview dialog's chooser
 * all read this list. Adding a template is adding an entry.
 *
 * - `fields`: the reel fields printed as text, in order, under the linear barcode.
 * - `linear`: the 1D barcode across the top: CODE128 of the reel code, or GS1_128 of the GS1 string.
 * - `matrix`: the 2D barcode: GS1_DATAMATRIX of the GS1 string, or DATAMATRIX / QR of the reel code.
 *
 * The GS1 string (gs1.ts) is (01) GTIN when the reel has one, (10) lot, (30) quantity, (21) reel code.
 */
import { Refusal } from '../messages/refusal';

export const LABEL_FIELDS = ['REEL_CODE', 'PART', 'PART_NAME', 'QTY', 'LOT', 'DATE_CODE', 'VENDOR', 'EXPIRY'] as const;
export type LabelField = (typeof LABEL_FIELDS)[number];
export type LinearSymbology = 'CODE128' | 'GS1_128';
export type MatrixSymbology = 'GS1_DATAMATRIX' | 'DATAMATRIX' | 'QR';

export interface LabelTemplate {
  code: string;
  name: { 'zh-chs': string; en: string };
  widthMm: number;
  heightMm: number;
  fields: readonly LabelField[];
  linear?: LinearSymbology;
  matrix?: MatrixSymbology;
}

export const LABEL_TEMPLATES: readonly LabelTemplate[] = [
  {
    code: 'REEL_60X40',
    name: { 'zh-chs': '料盘标签 60×40 mm（Code 128 + GS1 DataMatrix）', en: 'Reel label 60×40 mm (Code 128 + GS1 DataMatrix)' },
    widthMm: 60,
    heightMm: 40,
    fields: ['PART', 'PART_NAME', 'QTY', 'LOT', 'DATE_CODE', 'VENDOR', 'EXPIRY'],
    linear: 'CODE128',
    matrix: 'GS1_DATAMATRIX',
  },
  {
    code: 'REEL_60X40_QR',
    name: { 'zh-chs': '料盘标签 60×40 mm（Code 128 + 二维码）', en: 'Reel label 60×40 mm (Code 128 + QR code)' },
    widthMm: 60,
    heightMm: 40,
    fields: ['PART', 'PART_NAME', 'QTY', 'LOT', 'DATE_CODE', 'VENDOR', 'EXPIRY'],
    linear: 'CODE128',
    matrix: 'QR',
  },
];

export const DEFAULT_LABEL_TEMPLATE = LABEL_TEMPLATES[0]!;
export const findLabelTemplate = (code: string | undefined): LabelTemplate | undefined =>
  code === undefined ? DEFAULT_LABEL_TEMPLATE : LABEL_TEMPLATES.find((template) => template.code === code);

/** At most this many reels per label document or print call. */
export const MAX_LABEL_REELS = 500;

/** A refusal names at most this many unknown reels. */
const NAMED_MISSING = 10;

/** The template of the code (none: the default); an unknown code is refused, on the server and the mocks alike. */
export function labelTemplateOf(code: string | undefined): LabelTemplate {
  const template = findLabelTemplate(code);
  if (!template) throw new Refusal(400, 'labelTemplateUnknown', { template: code ?? '' });
  return template;
}

/** Refuses the call when a reel asked for is not among those found, naming the first few. */
export function refuseMissingReels(codes: readonly string[], found: ReadonlySet<string>): void {
  const missing = [...new Set(codes.filter((code) => !found.has(code)))];
  if (!missing.length) return;
  const named = missing.slice(0, NAMED_MISSING).join(', ') + (missing.length > NAMED_MISSING ? ` … (+${missing.length - NAMED_MISSING})` : '');
  throw new Refusal(404, 'labelReelsNotFound', { reels: named });
}
