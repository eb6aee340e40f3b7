/**
 * Sample master data for mock mode (issue 16 "realistic data"): rows made from the entity
 * declarations alone, so a new entity has plausible rows without a line written for it. A value
 * follows the field's type and name — a code looks like a code, a phone like a phone, a reference
 * names a record of the referenced entity, a lookup one of the 字典 codes of its type — and is
 * deterministic from the row's number, so every reload and every tester sees the same plant.
 * The 字典 (Lookup) and the bill types are the reference server's system data (seed-system.ts).
 */
import type { EntityDeclaration, FieldDeclaration } from '../../src/shared/masterdata/declaration';
import { referenceKeyOf, uniqueKeyOf } from '../../src/shared/masterdata/declaration';
import { BILL_TYPES, SYSTEM_LOOKUPS } from '../../server/db/seed/system-data';
import { STARTER_CARDS } from '../../src/shared/portal/cards';

export type MasterRow = Record<string, unknown> & { id: string; version: number };

/** Sample records per entity and organisation (system data keeps its own count). */
export const SAMPLE_ROWS = 24;

const PEOPLE = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄强', '周杰', '吴霞'];
const CITIES = ['广东省深圳市宝安区', '江苏省苏州市工业园区', '上海市浦东新区', '浙江省宁波市北仑区', '四川省成都市高新区'];
const COMPANY_WORDS = ['华鑫', '立达', '宏远', '精诚', '恒通', '博瑞', '晶科', '联创', '中晟', '东科'];
const SPECS = ['0402 100nF 16V X7R', '0603 10K 1%', 'QFN-32 MCU', '0805 4.7uH', 'SOD-123 1N4148', '2.54mm 2x5P', 'FR4 1.6mm 4L', '0603 白色'];
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const pick = <T>(list: readonly T[], i: number) => list[i % list.length];

/** The letters a code of the entity starts with: its resource's capitals (StorageLocation → SL). */
const codePrefix = (entity: EntityDeclaration) => entity.resource.replace(/[^A-Z]/g, '') || entity.resource.slice(0, 2).toUpperCase();

/** A text value by the field's name: what such a column holds in a plant. */
function textValue(entity: EntityDeclaration, field: FieldDeclaration, i: number): string | null {
  const name = field.name;
  const n = i + 1;
  // A reel code looks like the demo plant's reels, also as a list's key (npm run gen -- page).
  if (/(^|_)reel_code$/.test(name)) return `R${pad(n, 9)}`;
  if (name === 'code' || (field.unique && /code$/.test(name))) return `${codePrefix(entity)}${pad(n, 4)}`;
  if (/^old_.*code$/.test(name)) return `OLD-${pad(n, 4)}`;
  // Codes a list screen shows (npm run gen -- page): like the demo plant's reels, parts and vendors.
  if (/(^|_)part_code$/.test(name)) return `P${pad(1 + (i % SAMPLE_ROWS), 4)}`;
  if (/(^|_)vendor_code$/.test(name)) return `V${pad(1 + (i % SAMPLE_ROWS), 4)}`;
  if (name === 'lot_code') return `LOT2025${pad(n, 4)}`;
  if (name === 'date_code') return `25${pad(1 + (i % 52), 2)}`;
  if (name === 'name') return `${pick(COMPANY_WORDS, i)}${entity.title['zh-chs']}${n}`;
  if (name.endsWith('name_en') || name.endsWith('caption_en')) return `${entity.title.en} ${n}`;
  if (name === 'short_name') return `${pick(COMPANY_WORDS, i)}${n}`;
  if (name === 'charger_name' || name === 'contact') return pick(PEOPLE, i);
  if (name === 'user_name') return 'operator';
  if (name === 'phone') return `0755-${6600000 + n}`;
  if (name === 'email') return `contact${n}@plant.example`;
  if (name === 'address') return pick(CITIES, i);
  if (name === 'tax_no') return `91440300MA5D${pad(n, 5)}X`;
  if (name === 'spec') return pick(SPECS, i);
  if (name.endsWith('_ip')) return `192.168.10.${100 + n}`;
  if (name.endsWith('_url')) return `http://service${n}.plant.local/api`;
  if (name === 'light_address') return `${pad(1 + (i % 10), 2)}:${n}`;
  if (name === 'field_name') return `ext_field_${n}`;
  if (name === 'caption') return `扩展字段${n}`;
  if (name.startsWith('erp_')) return `ERP-${pad(n, 4)}`;
  if (name === 'required_header_fields') return null;
  if (name === 'remark') return i % 4 === 0 ? '示例数据' : null;
  if (name === 'lookup_type') return 'UNIT';
  return field.required ? `${field.label['zh-chs']}${n}` : null;
}

/**
 * Barcode parsing rules a plant would keep (issue 17): a vendor's delimited label, another's fixed
 * positions, a global regex and a GS1 rule that prefers the customer part number, and a disabled one;
 * GS1 and ECIA labels read with the built-in rules too (src/shared/barcodes/rules.ts).
 */
export const MOCK_BARCODE_RULES: readonly Record<string, unknown>[] = [
  {
    code: 'BR-V0001-PIPE', name: '供应商V0001竖线标签', vendor_code: 'V0001', priority: 10, kind: 'DELIMITED', enabled: true,
    settings: JSON.stringify({ delimiter: '|', fields: { PartCode: 1, Qty: 2, LotCode: 3, DateCode: 4 } }),
  },
  {
    code: 'BR-V0002-FIXED', name: '供应商V0002定长标签', vendor_code: 'V0002', priority: 10, kind: 'FIXED', enabled: true,
    settings: JSON.stringify({ length: 27, fields: { PartCode: { start: 1, length: 13 }, Qty: { start: 14, length: 6 }, LotCode: { start: 20, length: 6 }, Country: { start: 26, length: 2 } } }),
  },
  {
    code: 'BR-PN-QTY', name: 'PN/QTY 文本标签', vendor_code: null, priority: 20, kind: 'REGEX', enabled: true,
    settings: JSON.stringify({ pattern: '^PN:(?<PartCode>[^;]+);QTY:(?<Qty>\\d+)(?:;LOT:(?<LotCode>[^;]+))?(?:;EXP:(?<ExpireDate>\\d{8}))?$' }),
  },
  {
    code: 'BR-GS1-CUST', name: 'GS1（客户料号优先）', vendor_code: null, priority: 50, kind: 'GS1', enabled: true,
    settings: JSON.stringify({ fields: { PartCode: ['241', '240', '01'] } }),
  },
  {
    code: 'BR-CSV-OFF', name: '逗号标签（停用）', vendor_code: null, priority: 1, kind: 'DELIMITED', enabled: false,
    settings: JSON.stringify({ delimiter: ',', fields: { PartCode: 1, Qty: 2 } }),
  },
];

/** An integer by the field's name. */
function intValue(field: FieldDeclaration, i: number): number | null {
  const name = field.name;
  if (name.endsWith('_port')) return 4001;
  if (name === 'sort_num') return (i + 1) * 10;
  if (name === 'row_no') return 1 + (i % 5);
  if (name === 'column_no') return 1 + (i % 8);
  if (name.endsWith('_days')) return 365 * (1 + (i % 3));
  if (name.endsWith('_hours')) return 168;
  if (name.endsWith('_seconds')) return 30;
  if (name === 'capacity') return 50 + (i % 5) * 10;
  return field.required || field.positive ? 1 + i : i % 3 === 0 ? null : 1 + i;
}

function numberValue(field: FieldDeclaration, i: number): number | null {
  const quantities = [10000, 5000, 250, 2000, 3000, 100, 50, 4000];
  if (field.name.endsWith('_hours')) return 24;
  if (field.name === 'rate') return pick([1000, 2000, 5000, 4000], i);
  return pick(quantities, i);
}

/** Where a sample row's references point: the referenced entity's keys, and the 字典 codes by type. */
export interface SampleContext {
  keysOf: (resource: string) => string[];
  lookupCodes: (lookupType: string) => string[];
}

/**
 * The i-th sample row of an entity, or undefined when its references have nothing to point at.
 * References spread over the referenced records (a stride per field, so two references of one row
 * do not move in step and a composite key of references stays unique).
 */
export function sampleRow(entity: EntityDeclaration, i: number, context: SampleContext): Record<string, unknown> | undefined {
  const row: Record<string, unknown> = {};
  let refIndex = 0;
  for (const field of entity.fields) {
    switch (field.type) {
      case 'ref': {
        const keys = context.keysOf(field.ref!);
        if (!keys.length && field.required) return undefined;
        const stride = 1 + 2 * refIndex;
        row[field.name] = keys.length ? keys[(i * stride + refIndex) % keys.length] : null;
        refIndex += 1;
        break;
      }
      case 'lookup': {
        const codes = context.lookupCodes(field.lookup!);
        // A second lookup of the same type (a conversion's from and to unit) takes the next code.
        const offset = entity.fields.filter((f) => f.type === 'lookup' && f.lookup === field.lookup).indexOf(field);
        row[field.name] = codes.length ? codes[(i + offset) % codes.length] : null;
        break;
      }
      case 'bool': {
        // Every seventh record is disabled; a flag of another meaning (IQC, lot control ...) is off for other
        // records, so the enabled records include some with it off and some with it on (a bill may name only
        // enabled records: src/shared/bills/save-rules.ts).
        const phase = field.name === 'enabled' ? 0 : 1 + entity.fields.filter((f) => f.type === 'bool' && f.name !== 'enabled').indexOf(field);
        row[field.name] = (i + phase) % 7 !== 6;
        break;
      }
      case 'date':
        row[field.name] = new Date(Date.UTC(2025, 0, 1 + i * 3)).toISOString().slice(0, 10);
        break;
      case 'int':
        row[field.name] = intValue(field, i);
        break;
      case 'number':
        row[field.name] = numberValue(field, i);
        break;
      default:
        row[field.name] = textValue(entity, field, i);
    }
  }
  return row;
}

/** The system data the reference server seeds into every organisation, as rows of their entities. */
export function systemRows(entity: EntityDeclaration): Record<string, unknown>[] | undefined {
  if (entity.resource === 'BarcodeRule') return MOCK_BARCODE_RULES.map((rule) => ({ ...rule }));
  if (entity.resource === 'Lookup') {
    return SYSTEM_LOOKUPS.map(([lookup_type, code, name, name_en], index) => ({ lookup_type, code, name, name_en, sort_num: index * 10, enabled: true }));
  }
  // Portal cards: the starting cards (one per home widget and built-in source), not random sources and views.
  if (entity.resource === 'PortalCard') return STARTER_CARDS.map((card) => ({ ...card, report_code: null, enabled: true }));
  if (entity.resource === 'BillType') {
    return BILL_TYPES.map((type) => ({
      code: type.code,
      name: type.name,
      name_en: type.nameEn,
      category: type.category,
      erp_bill_type: `ERP-${type.code}`,
      required_header_fields: type.requiredHeaderFields || null,
      inspection: type.inspection,
      fefo: type.fefo,
      enabled: true,
      remark: null,
    }));
  }
  return undefined;
}

/** The text of a row's unique key (JSON of its key values), to keep sample keys unique. */
export const keyTextOf = (entity: EntityDeclaration, row: Record<string, unknown>) => JSON.stringify(uniqueKeyOf(entity).map((name) => row[name] ?? null));

/** The value other records use to reference a row of the entity (its single-field key), if it has one. */
export function referenceOf(entity: EntityDeclaration, row: Record<string, unknown>): string | undefined {
  try {
    return String(row[referenceKeyOf(entity)]);
  } catch {
    return undefined;
  }
}
