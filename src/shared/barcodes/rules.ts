/**
 * Barcode parsing rules (条码解析规则, issue 17): what a vendor's reel label means in reel fields.
 * A rule has a kind and its settings (JSON, md_barcode_rule.settings):
 *
 * - `GS1`   `{ "fields"?: { "<ReelField>": "<AI>" | ["<AI>", …] } }`          (defaults: GS1_FIELDS)
 * - `ECIA`  `{ "fields"?: { "<ReelField>": "<DI>" | ["<DI>", …] } }`          (defaults: ECIA_FIELDS)
 * - `DELIMITED` `{ "delimiter": ",", "fields": { "<ReelField>": <1-based position> } }`
 * - `FIXED` `{ "length"?: <whole length>, "fields": { "<ReelField>": { "start": <1-based>, "length": n } } }`
 * - `REGEX` `{ "pattern": "^(?<PartCode>[^;]+);(?<Qty>\\d+)$", "flags"?: "i" }` (named groups are reel fields;
 *   `fields` may map other group names: `{ "PartCode": "pn" }`)
 *
 * A scan is tried against the vendor's enabled rules, then the global ones (no vendor), each by
 * priority (the smaller number first, then by code), then the built-in GS1 and ECIA readers. The first
 * rule that yields a part and a positive quantity wins. A scan nothing reads is refused; when a rule
 * saw a broken GS1 or ECIA scan (or a rule's settings are broken) and no other rule read it, that is
 * the reason given. Pure: the reference server and the mocks both call parseBarcode.
 */
import { Refusal } from '../messages/refusal.ts';
import { parseEcia } from './ecia.ts';
import { gs1Date, parseGs1 } from './gs1.ts';

export const BARCODE_RULE_KINDS = ['GS1', 'ECIA', 'DELIMITED', 'FIXED', 'REGEX'] as const;
export type BarcodeRuleKind = (typeof BARCODE_RULE_KINDS)[number];

export const REEL_FIELDS = ['PartCode', 'MfrPart', 'CustomerPart', 'Gtin', 'Qty', 'LotCode', 'DateCode', 'ExpireDate', 'Serial', 'Country'] as const;
export type ReelField = (typeof REEL_FIELDS)[number];

/** The longest scan the Parse call takes (the contract's maxLength says the same). */
export const BARCODE_MAX_LENGTH = 4096;

export interface ParsedReel {
  PartCode: string | null;
  MfrPart: string | null;
  CustomerPart: string | null;
  Gtin: string | null;
  Qty: number | null;
  LotCode: string | null;
  DateCode: string | null;
  /** yyyy-MM-dd */
  ExpireDate: string | null;
  Serial: string | null;
  Country: string | null;
}

export interface ParseResult extends ParsedReel {
  /** The rule that read the scan: `code name`. */
  Rule: string;
}

/** A rule as stored (md_barcode_rule) or as the mocks hold it. */
export interface BarcodeRuleRow {
  code: string;
  name: string;
  vendor_code?: string | null;
  priority?: number | null;
  kind: string;
  settings?: string | null;
  enabled?: boolean | null;
}

type FieldSources = Partial<Record<ReelField, string | readonly string[]>>;

/** Where a GS1 scan's reel fields come from, the first AI present winning. */
export const GS1_FIELDS: FieldSources = {
  PartCode: ['240', '01', '02'],
  MfrPart: '240',
  CustomerPart: '241',
  Gtin: ['01', '02'],
  Qty: ['30', '37'],
  LotCode: '10',
  DateCode: ['11', '13'],
  ExpireDate: ['17', '15'],
  Serial: ['21', '250', '00'],
  Country: '422',
};

/** Where an ECIA scan's reel fields come from (P is our part number as the vendor prints it, 1P the maker's). */
export const ECIA_FIELDS: FieldSources = {
  PartCode: ['P', '1P', '30P'],
  MfrPart: '1P',
  CustomerPart: 'P',
  Qty: 'Q',
  LotCode: ['1T', 'T'],
  DateCode: ['10D', '9D', '16D'],
  ExpireDate: '14D',
  Serial: ['S', '1S', '3S'],
  Country: '4L',
};

/** A settings example per kind, shown on the rule screen (every one is a valid setting: tests/server/barcode-parse.test.ts). */
export const SETTINGS_EXAMPLES: Readonly<Record<BarcodeRuleKind, string>> = {
  GS1: JSON.stringify({ fields: { PartCode: ['241', '240', '01'] } }),
  ECIA: JSON.stringify({ fields: { PartCode: ['1P', 'P'], LotCode: ['1T', 'T'] } }),
  DELIMITED: JSON.stringify({ delimiter: '|', fields: { PartCode: 1, Qty: 2, LotCode: 3, DateCode: 4 } }),
  FIXED: JSON.stringify({ length: 27, fields: { PartCode: { start: 1, length: 13 }, Qty: { start: 14, length: 6 }, LotCode: { start: 20, length: 6 } } }),
  REGEX: JSON.stringify({ pattern: '^PN:(?<PartCode>[^;]+);QTY:(?<Qty>\\d+)(?:;LOT:(?<LotCode>[^;]+))?$' }),
};

/**
 * The built-in rules tried after every stored one: GS1 and ECIA labels read with no rule configured.
 * A scan they read answers Rule = the standard's name alone ('GS1', 'ECIA'); the screens say "built-in"
 * in the user's language. A stored rule answers '<code> <name>'.
 */
export const BUILT_IN_RULES: readonly BarcodeRuleRow[] = [
  { code: 'GS1', name: 'GS1 (built-in)', kind: 'GS1', priority: Number.MAX_SAFE_INTEGER, enabled: true, settings: null },
  { code: 'ECIA', name: 'ECIA EIGP 114 (built-in)', kind: 'ECIA', priority: Number.MAX_SAFE_INTEGER, enabled: true, settings: null },
];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

class SettingsError extends Error {}

function settingsOf(rule: BarcodeRuleRow): Record<string, unknown> {
  const text = rule.settings?.trim();
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SettingsError('JSON');
  }
  if (!isRecord(value)) throw new SettingsError('JSON object');
  return value;
}

function fieldsSetting(settings: Record<string, unknown>, required: boolean): Record<string, unknown> {
  const fields = settings.fields;
  if (fields === undefined && !required) return {};
  if (!isRecord(fields) || Object.keys(fields).length === 0) throw new SettingsError('fields');
  for (const name of Object.keys(fields)) {
    if (!(REEL_FIELDS as readonly string[]).includes(name)) throw new SettingsError(`fields.${name}`);
  }
  return fields;
}

/** Element sources: the rule's own, over the kind's defaults. */
function sourcesOf(settings: Record<string, unknown>, defaults: FieldSources): FieldSources {
  const own = fieldsSetting(settings, false);
  for (const [name, source] of Object.entries(own)) {
    const ok = typeof source === 'string' || (Array.isArray(source) && source.every((s) => typeof s === 'string'));
    if (!ok) throw new SettingsError(`fields.${name}`);
  }
  return { ...defaults, ...(own as FieldSources) };
}

const pick = (elements: Record<string, string>, source: string | readonly string[] | undefined) => {
  for (const key of typeof source === 'string' ? [source] : (source ?? [])) {
    const value = elements[key]?.trim();
    if (value) return value;
  }
  return undefined;
};

/** The rule's settings checked whatever the scan (a save refuses what parsing could not use). */
function checkSettings(rule: BarcodeRuleRow): void {
  const settings = settingsOf(rule);
  const positiveInt = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 1;
  switch (rule.kind) {
    case 'GS1':
    case 'ECIA':
      sourcesOf(settings, {});
      return;
    case 'DELIMITED': {
      if (typeof settings.delimiter !== 'string' || settings.delimiter === '') throw new SettingsError('delimiter');
      for (const [name, position] of Object.entries(fieldsSetting(settings, true))) if (!positiveInt(position)) throw new SettingsError(`fields.${name}`);
      return;
    }
    case 'FIXED': {
      if (settings.length !== undefined && !positiveInt(settings.length)) throw new SettingsError('length');
      for (const [name, place] of Object.entries(fieldsSetting(settings, true))) {
        if (!isRecord(place) || !positiveInt(place.start) || !positiveInt(place.length)) throw new SettingsError(`fields.${name}`);
      }
      return;
    }
    case 'REGEX': {
      if (typeof settings.pattern !== 'string' || settings.pattern === '') throw new SettingsError('pattern');
      const flags = settings.flags ?? '';
      if (typeof flags !== 'string' || !/^[imsu]*$/.test(flags)) throw new SettingsError('flags');
      try {
        new RegExp(settings.pattern, flags);
      } catch {
        throw new SettingsError('pattern');
      }
      sourcesOf(settings, {});
      return;
    }
    default:
      throw new SettingsError('kind');
  }
}

/** What one rule reads from a scan: the raw reel field values, or null when the scan is not of its form. */
function readWith(rule: BarcodeRuleRow, scan: string): Partial<Record<ReelField, string>> | null {
  checkSettings(rule);
  const settings = settingsOf(rule);
  const out: Partial<Record<ReelField, string>> = {};
  const fromElements = (elements: Record<string, string>, sources: FieldSources) => {
    for (const field of REEL_FIELDS) {
      const value = pick(elements, sources[field]);
      if (value !== undefined) out[field] = value;
    }
    return out;
  };
  switch (rule.kind) {
    case 'GS1': {
      const sources = sourcesOf(settings, GS1_FIELDS);
      const elements = parseGs1(scan);
      return elements && fromElements(elements, sources);
    }
    case 'ECIA': {
      const sources = sourcesOf(settings, ECIA_FIELDS);
      const elements = parseEcia(scan);
      return elements && fromElements(elements, sources);
    }
    case 'DELIMITED': {
      const delimiter = settings.delimiter;
      if (typeof delimiter !== 'string' || delimiter === '') throw new SettingsError('delimiter');
      const fields = fieldsSetting(settings, true);
      const parts = scan.replace(/[\r\n]+$/, '').split(delimiter);
      if (parts.length < 2) return null;
      for (const [name, position] of Object.entries(fields)) {
        if (typeof position !== 'number' || !Number.isInteger(position) || position < 1) throw new SettingsError(`fields.${name}`);
        const value = parts[position - 1]?.trim();
        if (value) out[name as ReelField] = value;
      }
      return out;
    }
    case 'FIXED': {
      const fields = fieldsSetting(settings, true);
      const text = scan.replace(/[\r\n]+$/, '');
      if (settings.length !== undefined) {
        if (typeof settings.length !== 'number') throw new SettingsError('length');
        if (text.length !== settings.length) return null;
      }
      for (const [name, place] of Object.entries(fields)) {
        const start = isRecord(place) ? place.start : undefined;
        const length = isRecord(place) ? place.length : undefined;
        if (typeof start !== 'number' || typeof length !== 'number' || !Number.isInteger(start) || !Number.isInteger(length) || start < 1 || length < 1) {
          throw new SettingsError(`fields.${name}`);
        }
        if (text.length < start - 1 + length) return null;
        const value = text.slice(start - 1, start - 1 + length).trim();
        if (value) out[name as ReelField] = value;
      }
      return out;
    }
    case 'REGEX': {
      if (typeof settings.pattern !== 'string' || settings.pattern === '') throw new SettingsError('pattern');
      const flags = settings.flags ?? '';
      if (typeof flags !== 'string' || !/^[imsu]*$/.test(flags)) throw new SettingsError('flags');
      let pattern: RegExp;
      try {
        pattern = new RegExp(settings.pattern, flags);
      } catch {
        throw new SettingsError('pattern');
      }
      const groups = pattern.exec(scan.replace(/[\r\n]+$/, ''))?.groups;
      if (!groups) return null;
      const identity = Object.fromEntries(REEL_FIELDS.map((f) => [f, f])) as FieldSources;
      const sources = sourcesOf(settings, identity);
      return fromElements(Object.fromEntries(Object.entries(groups).filter(([, v]) => v !== undefined)) as Record<string, string>, sources);
    }
    default:
      throw new SettingsError('kind');
  }
}

/** A date as yyyy-MM-dd from yyyy-MM-dd, yyyy/MM/dd, yyyyMMdd or YYMMDD (day 00 = last day), else null. */
export function normaliseDate(value: string): string | null {
  if (/^\d{6}$/.test(value)) return gs1Date(value);
  const m = /^(\d{4})[-/]?(\d\d)[-/]?(\d\d)$/.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > last) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** The raw values as reel fields; null when there is no part or no positive quantity (not a match). */
function reelOf(raw: Partial<Record<ReelField, string>>): ParsedReel | null {
  const qtyText = raw.Qty?.replace(/^0+(?=\d)/, '');
  const qty = qtyText !== undefined && /^\d+(\.\d+)?$/.test(qtyText) ? Number(qtyText) : NaN;
  if (!raw.PartCode || !(qty > 0) || !Number.isFinite(qty)) return null;
  let expire: string | null = null;
  if (raw.ExpireDate) {
    expire = normaliseDate(raw.ExpireDate);
    if (!expire) throw new Refusal(400, 'barcodeDateInvalid', { value: raw.ExpireDate });
  }
  return {
    PartCode: raw.PartCode,
    MfrPart: raw.MfrPart ?? null,
    CustomerPart: raw.CustomerPart ?? null,
    Gtin: raw.Gtin ?? null,
    Qty: qty,
    LotCode: raw.LotCode ?? null,
    DateCode: raw.DateCode ?? null,
    ExpireDate: expire,
    Serial: raw.Serial ?? null,
    Country: raw.Country ?? null,
  };
}

/** The rules a scan is tried against, in order: the vendor's, the global ones, the built-ins. */
export function rulesInOrder(rules: readonly BarcodeRuleRow[], vendorCode?: string | null): BarcodeRuleRow[] {
  const byPriority = (a: BarcodeRuleRow, b: BarcodeRuleRow) =>
    (a.priority ?? 0) - (b.priority ?? 0) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
  const enabled = rules.filter((r) => r.enabled !== false);
  const vendor = vendorCode ? enabled.filter((r) => r.vendor_code === vendorCode).sort(byPriority) : [];
  const global = enabled.filter((r) => !r.vendor_code).sort(byPriority);
  return [...vendor, ...global, ...BUILT_IN_RULES];
}

/**
 * What is wrong with a rule's settings (the setting's name), or null when they can be used. A kind
 * this reader does not know (a code added to the 字典 by hand) is not checked: parsing skips it.
 */
export function ruleSettingsProblem(rule: BarcodeRuleRow): string | null {
  if (!(BARCODE_RULE_KINDS as readonly string[]).includes(rule.kind)) return null;
  try {
    checkSettings(rule);
    return null;
  } catch (error) {
    if (error instanceof SettingsError) return error.message;
    throw error;
  }
}

/**
 * Reads a scan with the first rule of `rules` (stored rows, any vendor, enabled or not: they are
 * filtered and ordered here) that yields a part and a positive quantity; refuses it otherwise.
 */
export function parseBarcode(scan: string, rules: readonly BarcodeRuleRow[], vendorCode?: string | null): ParseResult {
  if (scan.trim() === '') throw new Refusal(400, 'barcodeEmpty');
  if (scan.length > BARCODE_MAX_LENGTH) throw new Refusal(400, 'fieldTooLong', { field: 'body.Barcode', limit: BARCODE_MAX_LENGTH });
  let reason: Refusal | null = null;
  for (const rule of rulesInOrder(rules, vendorCode)) {
    try {
      const raw = readWith(rule, scan);
      const reel = raw && reelOf(raw);
      if (reel) return { ...reel, Rule: BUILT_IN_RULES.includes(rule) ? rule.code : `${rule.code} ${rule.name}` };
    } catch (error) {
      if (error instanceof SettingsError) {
        reason ??= new Refusal(400, 'barcodeRuleSettingsInvalid', { rule: rule.code, detail: error.message });
      } else if (error instanceof Refusal) {
        reason ??= error;
      } else {
        throw error;
      }
    }
  }
  throw reason ?? new Refusal(400, 'barcodeNoRule', { vendor: vendorCode || '-' });
}

/** The scan with its invisible separators shown (GS ␝, RS ␞, EOT ␄), for the test bench. */
export const showSeparators = (scan: string) => scan.replaceAll('\x1d', '␝').replaceAll('\x1e', '␞').replaceAll('\x04', '␄');

/** The reverse: what a person typed or pasted with ␝ ␞ ␄ (or <GS> <RS> <EOT>) as the real characters. */
export const typedSeparators = (text: string) =>
  text.replace(/␝|<GS>/gi, '\x1d').replace(/␞|<RS>/gi, '\x1e').replace(/␄|<EOT>/gi, '\x04');
