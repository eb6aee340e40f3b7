/**
 * The reel label renderer (issue 17): one label per reel from a label template
 * (src/shared/labels/templates.ts), as a PDF for any printer and as ZPL for Zebra printers.
 *
 * Layout (both outputs, template size in mm, 2 mm margins): the linear barcode across the top, the
 * reel code in text under it, then the template's fields as text lines on the left and the 2D
 * barcode on the right, as high as the text block.
 *
 * PDF (pdf-lib): one page per label, the page exactly the label's size; barcodes are vector
 * rectangles from bwip-js's encoding (bwipjs.raw), sharp at any printer resolution. Text is Helvetica; a line
 * Helvetica cannot write (WinAnsi only: a Chinese part name) is set in the label font (labelFont.ts),
 * embedded and subset only when some line needs it. Without that font such characters print as '?'.
 *
 * ZPL: one ^XA…^XZ per label at 203 dpi (8 dots/mm), ^CI28 (UTF-8). Text and Code 128 go through
 * ^FH (hex escapes for ^ ~ _), ASCII text in font 0; text with any non-ASCII character (CJK) is set
 * in E:ANMDS.TTF — Zebra's simplified Chinese font, which must be installed on the printer (a
 * printer without it prints nothing or boxes for that line; everything else prints). Code 128 is
 * ^BC in automatic mode (A), GS1-128 is ^BC in UCC/EAN mode (D) with the bracketed GS1 string;
 * DataMatrix is ^BX quality 200, for GS1 with '#' as the escape character and '#1' as FNC1 (neither
 * can occur in GS1 data); QR is ^BQ model 2 in automatic mode.
 */
import bwipjs from 'bwip-js/node';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { LabelField, LabelTemplate } from '../../../src/shared/labels/templates.ts';
import { reelGs1 } from './gs1.ts';
import { embedLabelFont } from './labelFont.ts';

export interface LabelReel {
  reelCode: string;
  partCode: string;
  partName?: string | null;
  qty: string;
  lotCode?: string | null;
  dateCode?: string | null;
  vendorCode?: string | null;
  /** YYYY-MM-DD */
  expireDate?: string | null;
  gtin?: string | null;
}

export type LabelLanguage = 'zh-chs' | 'en';

const CAPTIONS: Record<LabelField, Record<LabelLanguage, string>> = {
  REEL_CODE: { 'zh-chs': 'Reel', en: 'Reel' },
  PART: { 'zh-chs': 'P/N', en: 'P/N' },
  PART_NAME: { 'zh-chs': 'Desc', en: 'Desc' },
  QTY: { 'zh-chs': 'Qty', en: 'Qty' },
  LOT: { 'zh-chs': 'Lot', en: 'Lot' },
  DATE_CODE: { 'zh-chs': 'D/C', en: 'D/C' },
  VENDOR: { 'zh-chs': 'Vendor', en: 'Vendor' },
  EXPIRY: { 'zh-chs': 'Exp', en: 'Exp' },
};

const fieldValue = (reel: LabelReel, field: LabelField): string => {
  switch (field) {
    case 'REEL_CODE': return reel.reelCode;
    case 'PART': return reel.partCode;
    case 'PART_NAME': return reel.partName ?? '';
    case 'QTY': return reel.qty;
    case 'LOT': return reel.lotCode ?? '';
    case 'DATE_CODE': return reel.dateCode ?? '';
    case 'VENDOR': return reel.vendorCode ?? '';
    case 'EXPIRY': return reel.expireDate ?? '';
  }
};

/** The text lines of a label: "caption: value" for each field of the template that has a value. */
export function labelLines(template: LabelTemplate, reel: LabelReel): string[] {
  return template.fields
    .map((field) => [field, fieldValue(reel, field)] as const)
    .filter(([, value]) => value !== '')
    .map(([field, value]) => `${CAPTIONS[field].en}: ${value}`);
}

/** What each barcode of the template carries for this reel. */
export function labelBarcodes(template: LabelTemplate, reel: LabelReel) {
  const needsGs1 = template.linear === 'GS1_128' || template.matrix === 'GS1_DATAMATRIX';
  const gs1 = needsGs1 ? reelGs1(reel) : undefined;
  return {
    gs1,
    linear: template.linear && { symbology: template.linear, data: template.linear === 'GS1_128' ? gs1!.bracketed : reel.reelCode },
    matrix: template.matrix && { symbology: template.matrix, data: template.matrix === 'GS1_DATAMATRIX' ? gs1!.bracketed : reel.reelCode },
  };
}

// ---- geometry (mm)
const MARGIN = 2;
const LINEAR_HEIGHT = 9;
const CODE_TEXT = 2.6;
const LINE_GAP = 0.6;

interface Layout {
  linear: { x: number; y: number; w: number; h: number };
  codeTextY: number;
  body: { x: number; y: number; w: number; h: number };
  matrix: { x: number; y: number; size: number };
  lineHeight: number;
}

/** Boxes measured from the label's top-left corner, in mm. */
function layout(template: LabelTemplate, lineCount: number): Layout {
  const width = template.widthMm - 2 * MARGIN;
  const linearH = template.linear ? LINEAR_HEIGHT : 0;
  const codeTextY = MARGIN + linearH + 0.6;
  const bodyY = codeTextY + CODE_TEXT + 1;
  const bodyH = template.heightMm - MARGIN - bodyY;
  const size = template.matrix ? Math.min(bodyH, width * 0.4) : 0;
  const lineHeight = Math.min(3.2, lineCount ? bodyH / lineCount : 3.2);
  return {
    linear: { x: MARGIN, y: MARGIN, w: width, h: linearH },
    codeTextY,
    body: { x: MARGIN, y: bodyY, w: width - size - (size ? 1.5 : 0), h: bodyH },
    matrix: { x: template.widthMm - MARGIN - size, y: bodyY, size },
    lineHeight,
  };
}

// ---- PDF
const PT_PER_MM = 72 / 25.4;

const BWIP_ID = { CODE128: 'code128', GS1_128: 'gs1-128', GS1_DATAMATRIX: 'gs1datamatrix', DATAMATRIX: 'datamatrix', QR: 'qrcode' } as const;

/** The symbol as bwip-js encodes it: a linear code's bar/space widths, or a 2D code's module grid. */
type RawSymbol = { sbs: number[] } | { pixs: number[]; pixx: number; pixy: number };

function rawSymbol(symbology: keyof typeof BWIP_ID, data: string): RawSymbol {
  // Without (01) GTIN, (10)/(30)/(21) lack their "requisite" AI under the GS1 General Specifications:
  // bwip-js would refuse; the content is encoded as documented in gs1.ts all the same.
  const options = [symbology.startsWith('GS1') ? 'dontlint' : '', symbology === 'QR' ? 'eclevel=M' : ''].filter(Boolean).join(' ');
  const [symbol] = bwipjs.raw(BWIP_ID[symbology], data, options) as RawSymbol[];
  if (!symbol) throw new Error(`bwip-js made no ${symbology} symbol`);
  return symbol;
}

/** Width in modules: a linear code's bars and spaces, a 2D code's columns. */
const symbolModules = (symbol: RawSymbol) => ('sbs' in symbol ? symbol.sbs.reduce((sum, width) => sum + width, 0) : symbol.pixx);

/**
 * The symbol as one SVG path of filled rectangles (y down from the box's top-left), `module`
 * points per module: bars for a linear code (`height` high), runs of dark modules per row for a 2D one.
 */
function symbolPath(symbol: RawSymbol, module: number, height: number): string {
  const parts: string[] = [];
  const rect = (x: number, y: number, w: number, h: number) => parts.push(`M${x.toFixed(3)} ${y.toFixed(3)}h${w.toFixed(3)}v${h.toFixed(3)}h${(-w).toFixed(3)}z`);
  if ('sbs' in symbol) {
    let x = 0;
    symbol.sbs.forEach((width, index) => {
      if (index % 2 === 0) rect(x * module, 0, width * module, height);
      x += width;
    });
  } else {
    for (let row = 0; row < symbol.pixy; row++) {
      for (let col = 0; col < symbol.pixx; ) {
        if (!symbol.pixs[row * symbol.pixx + col]) {
          col++;
          continue;
        }
        let end = col;
        while (end < symbol.pixx && symbol.pixs[row * symbol.pixx + end]) end++;
        rect(col * module, row * module, (end - col) * module, module);
        col = end;
      }
    }
  }
  return parts.join('');
}

/** Helvetica for what it can write, the label font (when there is one) for the rest. */
interface LabelFonts {
  regular: PDFFont;
  bold: PDFFont;
  wide: PDFFont | null;
}

const canWrite = (font: PDFFont, text: string) => {
  const charset = new Set(font.getCharacterSet());
  return [...text].every((ch) => charset.has(ch.codePointAt(0)!));
};

/** The font a line is set in, and the line as that font can write it: '?' for what no font has. */
function textIn(fonts: LabelFonts, latin: PDFFont, text: string): { font: PDFFont; text: string } {
  if (canWrite(latin, text)) return { font: latin, text };
  const font = fonts.wide ?? latin;
  const charset = new Set(font.getCharacterSet());
  return { font, text: [...text].map((ch) => (charset.has(ch.codePointAt(0)!) ? ch : '?')).join('') };
}

function fitText(font: PDFFont, text: string, size: number, maxWidthPt: number): string {
  let shown = text;
  while (shown.length > 1 && font.widthOfTextAtSize(shown, size) > maxWidthPt) shown = shown.slice(0, -1);
  return shown;
}

function drawLabel(page: PDFPage, fonts: LabelFonts, template: LabelTemplate, reel: LabelReel) {
  const lines = labelLines(template, reel);
  const box = layout(template, lines.length);
  const codes = labelBarcodes(template, reel);
  const H = template.heightMm;
  // pdf-lib's origin is bottom-left: y(mm from top) -> points from bottom.
  const Y = (topMm: number, heightMm: number) => (H - topMm - heightMm) * PT_PER_MM;
  if (codes.linear) {
    // Vector bars: 0.33 mm per module when the code fits, else squeezed to the label's width.
    const symbol = rawSymbol(codes.linear.symbology, codes.linear.data);
    const module = Math.min(0.33, box.linear.w / symbolModules(symbol)) * PT_PER_MM;
    page.drawSvgPath(symbolPath(symbol, module, box.linear.h * PT_PER_MM), { x: box.linear.x * PT_PER_MM, y: (H - box.linear.y) * PT_PER_MM, color: rgb(0, 0, 0), borderWidth: 0 });
  }
  const codeSize = CODE_TEXT * PT_PER_MM;
  const code = textIn(fonts, fonts.bold, reel.reelCode);
  page.drawText(fitText(code.font, code.text, codeSize, box.linear.w * PT_PER_MM), {
    x: MARGIN * PT_PER_MM,
    y: Y(box.codeTextY, CODE_TEXT) + 0.15 * codeSize,
    size: codeSize,
    font: code.font,
    color: rgb(0, 0, 0),
  });
  const textSize = (box.lineHeight - LINE_GAP) * PT_PER_MM;
  lines.forEach((line, index) => {
    const shown = textIn(fonts, fonts.regular, line);
    page.drawText(fitText(shown.font, shown.text, textSize, box.body.w * PT_PER_MM), {
      x: box.body.x * PT_PER_MM,
      y: Y(box.body.y + index * box.lineHeight, box.lineHeight) + 0.2 * textSize,
      size: textSize,
      font: shown.font,
      color: rgb(0, 0, 0),
    });
  });
  if (codes.matrix && box.matrix.size > 0) {
    const symbol = rawSymbol(codes.matrix.symbology, codes.matrix.data);
    const module = (box.matrix.size * PT_PER_MM) / Math.max(symbolModules(symbol), 'pixy' in symbol ? symbol.pixy : 0);
    page.drawSvgPath(symbolPath(symbol, module, 0), { x: box.matrix.x * PT_PER_MM, y: (H - box.matrix.y) * PT_PER_MM, color: rgb(0, 0, 0), borderWidth: 0 });
  }
}

/** One page per reel, in the order given. */
export async function renderLabelsPdf(template: LabelTemplate, reels: readonly LabelReel[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(reels.length === 1 ? reels[0]!.reelCode : `${reels.length} reel labels`);
  doc.setCreator('Plant warehouse portal');
  doc.setProducer('pdf-lib + bwip-js');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const needsWide = reels.some((reel) => ![reel.reelCode, ...labelLines(template, reel)].every((text) => canWrite(regular, text)));
  const fonts: LabelFonts = { regular, bold, wide: needsWide ? await embedLabelFont(doc) : null };
  for (const reel of reels) {
    const page = doc.addPage([template.widthMm * PT_PER_MM, template.heightMm * PT_PER_MM]);
    drawLabel(page, fonts, template, reel);
  }
  return doc.save();
}

// ---- ZPL
const DOTS_PER_MM = 8; // 203 dpi
const dots = (mm: number) => Math.round(mm * DOTS_PER_MM);
const CJK_FONT = 'E:ANMDS.TTF';

/** ^FH_ escapes: the characters ZPL would read as commands, and the escape itself. */
const zplHex = (text: string) => text.replace(/[\^~_]/g, (ch) => `_${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

function zplText(x: number, y: number, heightDots: number, text: string): string {
  const font = /^[\x20-\x7e]*$/.test(text) ? `^A0N,${heightDots},${heightDots}` : `^A@N,${heightDots},${heightDots},${CJK_FONT}`;
  return `^FO${x},${y}${font}^FH_^FD${zplHex(text)}^FS`;
}

/** Whole dots per module so that the symbol fits `widthDots` (at least 1, at most `max`). */
const moduleDots = (modules: number, widthDots: number, max: number) => Math.max(1, Math.min(max, Math.floor(widthDots / modules)));

export function renderLabelZpl(template: LabelTemplate, reel: LabelReel): string {
  const lines = labelLines(template, reel);
  const box = layout(template, lines.length);
  const codes = labelBarcodes(template, reel);
  const out = ['^XA', '^CI28', `^PW${dots(template.widthMm)}`, `^LL${dots(template.heightMm)}`, '^LH0,0'];
  if (codes.linear) {
    const module = moduleDots(symbolModules(rawSymbol(codes.linear.symbology, codes.linear.data)), dots(box.linear.w), 3);
    const mode = codes.linear.symbology === 'GS1_128' ? 'D' : 'A';
    out.push(`^FO${dots(box.linear.x)},${dots(box.linear.y)}^BY${module}^BCN,${dots(box.linear.h)},N,N,N,${mode}^FH_^FD${zplHex(codes.linear.data)}^FS`);
  }
  out.push(zplText(dots(MARGIN), dots(box.codeTextY), dots(CODE_TEXT), reel.reelCode));
  lines.forEach((line, index) => out.push(zplText(dots(box.body.x), dots(box.body.y + index * box.lineHeight), dots(box.lineHeight - LINE_GAP), line)));
  if (codes.matrix && box.matrix.size > 0) {
    const at = `^FO${dots(box.matrix.x)},${dots(box.matrix.y)}`;
    const module = moduleDots(symbolModules(rawSymbol(codes.matrix.symbology, codes.matrix.data)), dots(box.matrix.size), 10);
    if (codes.matrix.symbology === 'QR') {
      out.push(`${at}^BQN,2,${module}^FH_^FDMA,${zplHex(codes.matrix.data)}^FS`);
    } else if (codes.matrix.symbology === 'GS1_DATAMATRIX') {
      // FNC1 first (GS1), then each AI; a variable-length value is closed by FNC1 when another AI follows.
      const gs1 = codes.gs1!;
      const data = '#1' + gs1.fields.map((f, i) => `${f.ai}${f.value}${f.ai !== '01' && i < gs1.fields.length - 1 ? '#1' : ''}`).join('');
      out.push(`${at}^BXN,${module},200,,,,#^FD${data}^FS`);
    } else {
      out.push(`${at}^BXN,${module},200^FH_^FD${zplHex(codes.matrix.data)}^FS`);
    }
  }
  out.push('^PQ1', '^XZ');
  return out.join('\n');
}

/** One ^XA…^XZ format per reel, in the order given. */
export const renderLabelsZpl = (template: LabelTemplate, reels: readonly LabelReel[]): string =>
  reels.map((reel) => renderLabelZpl(template, reel)).join('\n') + '\n';
