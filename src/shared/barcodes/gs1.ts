/**
 * GS1 element strings (GS1 General Specifications §7.8): the application identifiers of a GS1-128,
 * GS1 DataMatrix or GS1 QR scan, in either the raw form a scanner sends (symbology identifier `]C1`
 * `]d2` `]Q3` `]e0`, FNC1 sent as GS \x1d between variable-length fields, fixed-length fields back to
 * back) or the human-readable form printed under the bars: `(01)09501101530003(17)250600(10)AB12`.
 * Pure: no I/O, shared by the reference server and the mocks.
 */
import { Refusal } from '../messages/refusal.ts';

export const GS = '\x1d';

/** How an AI's data is read: a fixed number of characters, or up to `max` ended by GS or the end. */
export interface AiSpec {
  fixed?: number;
  max?: number;
  /** n: digits only; date: YYMMDD (day 00 = last day of the month). */
  format?: 'n' | 'date';
}

const fixedN = (fixed: number): AiSpec => ({ fixed, format: 'n' });
const date: AiSpec = { fixed: 6, format: 'date' };
const varX = (max: number): AiSpec => ({ max });
const varN = (max: number): AiSpec => ({ max, format: 'n' });

/** The application identifiers this reader knows (GS1 General Specifications, figure 3.2-1, abridged). */
export const GS1_AIS: Readonly<Record<string, AiSpec>> = {
  '00': fixedN(18), // SSCC
  '01': fixedN(14), // GTIN
  '02': fixedN(14), // GTIN of contained trade items
  '10': varX(20), // batch or lot
  '11': date, // production date
  '12': date, // due date
  '13': date, // packaging date
  '15': date, // best before
  '16': date, // sell by
  '17': date, // expiration date
  '20': fixedN(2), // variant
  '21': varX(20), // serial
  '22': varX(20), // consumer product variant
  '30': varN(8), // variable count
  '37': varN(8), // count of trade items contained
  '90': varX(30),
  '240': varX(30), // additional product identification (manufacturer's part number)
  '241': varX(30), // customer part number
  '242': varN(6), // made-to-order variation
  '250': varX(30), // secondary serial number
  '251': varX(30), // reference to source entity
  '253': varX(30), // GDTI
  '254': varX(20), // GLN extension
  '400': varX(30), // customer's purchase order number
  '401': varX(30), // GINC
  '402': fixedN(17), // GSIN
  '403': varX(30), // routing code
  '410': fixedN(13),
  '411': fixedN(13),
  '412': fixedN(13),
  '413': fixedN(13),
  '414': fixedN(13),
  '415': fixedN(13),
  '416': fixedN(13),
  '420': varX(20), // ship-to postal code
  '421': varX(12), // ship-to postal code with ISO country code
  '422': fixedN(3), // country of origin (ISO 3166 numeric); still needs FNC1 after it
  '423': varN(15),
  '424': fixedN(3),
  '425': varN(15),
  '426': fixedN(3),
  '7003': fixedN(10), // expiration date and time
  '8004': varX(30), // GIAI
  '8020': varX(25),
  ...Object.fromEntries(['91', '92', '93', '94', '95', '96', '97', '98', '99'].map((ai) => [ai, varX(90)])),
  // Trade measures 310n–369n: six digits with n decimals.
  ...Object.fromEntries(
    Array.from({ length: 60 }, (_, i) => 310 + i).flatMap((stem) => Array.from({ length: 10 }, (_, d) => [`${stem}${d}`, fixedN(6)])),
  ),
};

/** The symbology identifiers a scanner may put before the data (ISO/IEC 15424): GS1-128, GS1 DataMatrix, GS1 QR, GS1 DataBar. */
const SYMBOLOGY_PREFIX = /^\](C1|d2|Q3|e0|J1)/;

const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The century of a two-digit year by GS1's sliding window (General Specifications 7.12): a year 51 to 99
 * ahead of this one is of the last century, one 50 to 99 behind is of the next, any other of this one.
 * So in 2026, 76 is 2076 and 77 is 1977 (a best-before date rarely lies fifty years ahead).
 */
export function gs1Year(yy: number, today: Date = new Date()): number {
  const current = today.getUTCFullYear();
  const century = current - (current % 100);
  const difference = yy - (current % 100);
  if (difference >= 51) return century - 100 + yy;
  if (difference <= -50) return century + 100 + yy;
  return century + yy;
}

/** GS1's mod-10 check digit over the digits before it (GTIN, SSCC). */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** The AIs whose last digit is a check digit: SSCC, GTIN, GTIN of contained items. */
const CHECK_DIGIT_AIS = new Set(['00', '01', '02']);

/**
 * A GS1 YYMMDD as yyyy-MM-dd, or null when it is no date. Day 00 is the last day of the month; the
 * century follows GS1's sliding window around `today` (gs1Year).
 */
export function gs1Date(value: string, { today = new Date() }: { today?: Date } = {}): string | null {
  const m = /^(\d\d)(\d\d)(\d\d)$/.exec(value);
  if (!m) return null;
  const year = gs1Year(Number(m[1]), today);
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  const last = lastDayOfMonth(year, month);
  const day = Number(m[3]) === 0 ? last : Number(m[3]);
  if (day > last) return null;
  return `${year}-${m[2]}-${String(day).padStart(2, '0')}`;
}

/** The AI that starts `text` (the known AIs are prefix-free, so at most one length fits). */
function aiAt(text: string, at: number): string | null {
  for (const length of [2, 3, 4]) {
    const ai = text.slice(at, at + length);
    if (/^\d+$/.test(ai) && ai.length === length && GS1_AIS[ai]) return ai;
  }
  return null;
}

function checkValue(ai: string, value: string): string {
  const spec = GS1_AIS[ai];
  if (spec.fixed !== undefined && value.length !== spec.fixed) {
    throw new Refusal(400, 'barcodeGs1Truncated', { ai, length: spec.fixed, value });
  }
  if (spec.max !== undefined && (value.length === 0 || value.length > spec.max)) {
    throw new Refusal(400, 'barcodeGs1Length', { ai, max: spec.max, value });
  }
  if ((spec.format === 'n' || spec.format === 'date') && !/^\d+$/.test(value)) {
    throw new Refusal(400, 'barcodeGs1NotNumeric', { ai, value });
  }
  if (CHECK_DIGIT_AIS.has(ai) && gs1CheckDigit(value.slice(0, -1)) !== Number(value.at(-1))) {
    throw new Refusal(400, 'barcodeGs1CheckDigit', { ai, value });
  }
  if (spec.format === 'date') {
    const iso = gs1Date(value);
    if (!iso) throw new Refusal(400, 'barcodeDateInvalid', { value });
    return iso;
  }
  return value;
}

/**
 * The AI → value pairs of a scan (dates as yyyy-MM-dd), or null when the scan is not GS1. A scan that
 * is surely GS1 — a symbology prefix, FNC1 (GS) first or anywhere, or `(nn)` first — but breaks its
 * rules (an unknown AI, a fixed field cut short, a date that is none) is refused with the reason; a
 * bare run of characters that merely starts with digits (a vendor's own part or reel number) and does
 * not read as GS1 is no GS1 (null), so the answer is "no rule reads it", not a GS1 error.
 */
export function parseGs1(scan: string): Record<string, string> | null {
  let text = scan.replace(/[\r\n]+$/, '');
  const prefixed = SYMBOLOGY_PREFIX.exec(text);
  if (prefixed) text = text.slice(prefixed[0].length);
  const announced = Boolean(prefixed) || text.startsWith(GS);
  while (text.startsWith(GS)) text = text.slice(1);
  if (/^\(\d{2,4}\)/.test(text)) return parseHumanReadable(text);
  if (!/^\d\d/.test(text)) {
    if (announced) throw new Refusal(400, 'barcodeGs1UnknownAi', { ai: text.slice(0, 4) });
    return null;
  }
  // Digits first and FNC1 between fields is GS1 as well, even without a prefix.
  const sure = announced || text.includes(GS);
  try {
    return parseElements(text);
  } catch (error) {
    if (!sure && error instanceof Refusal) return null;
    throw error;
  }
}

/** The raw element string (prefix and leading FNC1 removed). */
function parseElements(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  let at = 0;
  while (at < text.length) {
    const ai = aiAt(text, at);
    if (!ai) throw new Refusal(400, 'barcodeGs1UnknownAi', { ai: /^\d{1,4}/.exec(text.slice(at))?.[0] ?? text.slice(at, at + 4) });
    at += ai.length;
    const spec = GS1_AIS[ai];
    let value: string;
    if (spec.fixed !== undefined) {
      value = text.slice(at, at + spec.fixed);
      if (value.includes(GS)) value = value.slice(0, value.indexOf(GS));
      at += value.length;
    } else {
      const end = text.indexOf(GS, at);
      value = text.slice(at, end < 0 ? text.length : end);
      at += value.length;
    }
    found[ai] = checkValue(ai, value);
    // FNC1 after a field: required after a variable one, allowed (and skipped) after a fixed one.
    while (text[at] === GS) at += 1;
  }
  return found;
}

/** `(01)09501101530003(17)250600(10)AB12`: each AI in brackets, the data up to the next `(`. */
function parseHumanReadable(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  const part = /\((\d{2,4})\)([^(]*)/y;
  let at = 0;
  while (at < text.length) {
    part.lastIndex = at;
    const m = part.exec(text);
    if (!m) throw new Refusal(400, 'barcodeGs1UnknownAi', { ai: text.slice(at, at + 6) });
    const ai = m[1];
    if (!GS1_AIS[ai]) throw new Refusal(400, 'barcodeGs1UnknownAi', { ai });
    found[ai] = checkValue(ai, m[2].trim());
    at = part.lastIndex;
  }
  return found;
}

/** A raw GS1 string of AI → value pairs (FNC1 after every variable field but the last), for tests and labels. */
export function buildGs1(fields: readonly (readonly [ai: string, value: string])[], prefix = ''): string {
  let out = prefix;
  fields.forEach(([ai, value], index) => {
    out += ai + value;
    if (GS1_AIS[ai]?.fixed === undefined && index < fields.length - 1) out += GS;
  });
  return out;
}
