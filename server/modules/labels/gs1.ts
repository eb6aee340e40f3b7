/**
 * The GS1 content of a reel label (the GS1 DataMatrix or GS1-128 barcode), in this order:
 *
 *   (01) GTIN      14 digits with a valid check digit; only when the reel has one (8/12/13 digits are
 *                  padded with leading zeros). Left out otherwise.
 *   (10) lot       the reel's lot code, 1–20 characters; left out when empty or not encodable.
 *   (30) quantity  the reel's quantity when it is a whole number of at most 8 digits; left out otherwise.
 *   (21) reel code the serial number: always present. A reel code the AI cannot carry (more than 20
 *                  characters, or characters outside the set below) makes the label refused (400),
 *                  because a 2D code without the reel code would identify nothing.
 *
 * Encodable: GS1 character set 82 less '(' and ')' (the bracketed form below uses them as delimiters):
 * A–Z a–z 0–9 ! " % & ' * + , - . / : ; < = > ? _
 *
 * Two spellings of the same content: `bracketed` — "(01)…(10)…(30)…(21)…", the human-readable form
 * (what bwip-js takes, and what a reader gives back in HRI mode); `elementString` — what the scanner
 * transmits after its ]d2 / ]C1 prefix: AIs and values back to back, a GS (0x1D) after each variable-
 * length value that is not last ((01) is fixed-length and takes none).
 */
import { gs1CheckDigit } from '../../../src/shared/barcodes/gs1.ts';
import { Problem } from '../../http/problem.ts';

export interface Gs1Input {
  reelCode: string;
  lotCode?: string | null;
  qty: string;
  gtin?: string | null;
}

export interface Gs1Content {
  fields: { ai: string; value: string }[];
  bracketed: string;
  elementString: string;
}

const GS = '\u001d';
const ENCODABLE = /^[A-Za-z0-9!"%&'*+,\-./:;<=>?_]+$/;
const fits = (value: string, max: number) => value.length > 0 && value.length <= max && ENCODABLE.test(value);

export function normaliseGtin(gtin: string | null | undefined): string | undefined {
  if (!gtin || !/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(gtin)) return undefined;
  const padded = gtin.padStart(14, '0');
  return gs1CheckDigit(padded.slice(0, 13)) === Number(padded[13]) ? padded : undefined;
}

export function reelGs1(input: Gs1Input): Gs1Content {
  if (!fits(input.reelCode, 20)) throw new Problem(400, 'labelReelCodeNotGs1', { reel: input.reelCode });
  const fields: { ai: string; value: string }[] = [];
  const gtin = normaliseGtin(input.gtin);
  if (gtin) fields.push({ ai: '01', value: gtin });
  const lot = input.lotCode ?? '';
  if (fits(lot, 20)) fields.push({ ai: '10', value: lot });
  const qty = /^\d{1,8}(\.0*)?$/.exec(input.qty) ? String(Number(input.qty)) : undefined;
  if (qty !== undefined && qty !== '0') fields.push({ ai: '30', value: qty });
  fields.push({ ai: '21', value: input.reelCode });
  const bracketed = fields.map((f) => `(${f.ai})${f.value}`).join('');
  const elementString = fields
    .map((f, index) => `${f.ai}${f.value}${f.ai !== '01' && index < fields.length - 1 ? GS : ''}`)
    .join('');
  return { fields, bracketed, elementString };
}
