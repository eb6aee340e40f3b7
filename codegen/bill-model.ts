/**
 * `npm run gen -- bill <CODE> <category>[+options] <titleZh> <titleEn> '<header fields>'`: the answers
 * parsed into the model codegen/templates/bill/ renders — one bill type's declaration
 * (src/shared/bills/declaration.ts). Everything else a type has follows from the declaration: its
 * md_bill_type seed row, its menu `Bill<CODE>` with one button per action, the bill-master page.
 *
 * - CODE: 2–10 capitals/digits, starting with a capital (menu `Bill<CODE>`, bill codes `<CODE><yyyymmdd><nnnn>`).
 * - category: INBOUND | RETURN_IN | RETURN_VENDOR | OUTBOUND | TRANSFER | SCRAP | QUALITY (statuses.ts),
 *   optionally followed by `+`-joined options: `inspection` (an IQC part received goes to pending
 *   inspection), `fefo` / `nofefo` (reservation takes the reels expiring first; default: on for the
 *   categories that issue stock), `erp=<ERP bill type>`; e.g. `INBOUND+inspection`.
 * - header fields: the type's own header fields, `;`-separated `name` or `name:req` (required), from
 *   src/shared/bills/fields.ts (vendor_code, customer_code, move_reason, mo, mo_line, so, destination, …);
 *   `-` for none. The form always shows description, company and, last, evidence number and ERP bill
 *   type; name one of those to require it, e.g. `company_code:req`.
 * The line columns and the actions follow from the category (the actions are all its category offers,
 * src/shared/bills/actions.ts).
 *
 * e.g. `npm run gen -- bill WO OUTBOUND 工单发料 'Work-order issue' 'mo:req;mo_line:req'`
 */
import { actionsOfCategory, type BillAction } from '../src/shared/bills/actions.ts';
import { isBillHeaderField, type BillHeaderField, type BillLineColumn } from '../src/shared/bills/fields.ts';
import { BILL_CATEGORIES, ISSUING_CATEGORIES, type BillCategory } from '../src/shared/bills/statuses.ts';

export const BILL_TYPE_CODE = /^[A-Z][A-Z0-9]{1,9}$/;

/** Shown on every type's form, around the type's own fields. */
const LEADING_FIELDS: readonly BillHeaderField[] = ['description', 'company_code'];
const TRAILING_FIELDS: readonly BillHeaderField[] = ['evidence_no', 'erp_bill_type'];

const QUANTITIES: readonly BillLineColumn[] = ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty'];
/** The line columns per category: what a line of such a bill needs (where goods go to, come from). */
export const LINE_COLUMNS: Record<BillCategory, readonly BillLineColumn[]> = {
  INBOUND: [...QUANTITIES, 'Mpq', 'TotalBox', 'ToSic', 'ToLoc', 'LotCode', 'DateCode', 'ExpireDate', 'Status'],
  RETURN_IN: [...QUANTITIES, 'Mpq', 'TotalBox', 'ToSic', 'ToLoc', 'LotCode', 'DateCode', 'ExpireDate', 'Status'],
  RETURN_VENDOR: [...QUANTITIES, 'FromSic', 'FromLoc', 'FromBu', 'Status'],
  OUTBOUND: [...QUANTITIES, 'FromSic', 'FromLoc', 'FromBu', 'Status'],
  SCRAP: [...QUANTITIES, 'FromSic', 'FromLoc', 'FromBu', 'Status'],
  TRANSFER: [...QUANTITIES, 'FromSic', 'FromLoc', 'ToSic', 'ToLoc', 'Status'],
  QUALITY: [...QUANTITIES, 'FromSic', 'FromLoc', 'LotCode', 'Status'],
};

export interface BillAnswers {
  code: string;
  category: string;
  titleZh: string;
  titleEn: string;
  headerFields: string;
}

export interface BillModel {
  code: string;
  category: BillCategory;
  titleZh: string;
  titleEn: string;
  erpBillType: string;
  requiredHeaderFields: BillHeaderField[];
  inspection: boolean;
  fefo: boolean;
  headerFields: BillHeaderField[];
  lineColumns: BillLineColumn[];
  actions: BillAction[];
}

const isCategory = (value: string): value is BillCategory => (BILL_CATEGORIES as readonly string[]).includes(value);
/** A text inside single quotes in the generated TypeScript. */
const quotable = (text: string, what: string) => {
  const trimmed = text.trim();
  if (!trimmed) throw new Error(`${what} must not be empty`);
  if (/[\\\n\r]/.test(trimmed)) throw new Error(`${what} must be one line without backslashes`);
  return trimmed.replace(/'/g, '’');
};

/** `vendor_code:req;so` → the fields in order, and which are required. */
export function parseHeaderFields(spec: string): { fields: BillHeaderField[]; required: BillHeaderField[] } {
  const fields: BillHeaderField[] = [];
  const required: BillHeaderField[] = [];
  const parts = spec.trim() === '-' ? [] : spec.split(';').map((s) => s.trim()).filter(Boolean);
  for (const part of parts) {
    const [name, flag, extra] = part.split(':').map((s) => s.trim());
    if (!isBillHeaderField(name)) throw new Error(`header field "${name}": not a bill header field (src/shared/bills/fields.ts)`);
    if (extra !== undefined || (flag !== undefined && flag !== 'req')) throw new Error(`header field ${name}: the only flag is req (${part})`);
    if (fields.includes(name)) throw new Error(`header field ${name} is given twice`);
    fields.push(name);
    if (flag === 'req') required.push(name);
  }
  return { fields, required };
}

export function parseOptions(options: readonly string[], category: BillCategory): { inspection: boolean; fefo: boolean; erpBillType: string } {
  const result = { inspection: false, fefo: ISSUING_CATEGORIES.includes(category), erpBillType: '' };
  for (const part of options.map((s) => s.trim())) {
    if (part === 'inspection') result.inspection = true;
    else if (part === 'fefo') result.fefo = true;
    else if (part === 'nofefo') result.fefo = false;
    else if (part.startsWith('erp=')) result.erpBillType = quotable(part.slice(4), 'erp=');
    else throw new Error(`option "${part}": one of inspection, fefo, nofefo, erp=<ERP bill type>`);
  }
  return result;
}

export function billModel(answers: BillAnswers): BillModel {
  const code = answers.code.trim();
  if (!BILL_TYPE_CODE.test(code)) throw new Error(`bill type code "${code}" must match ${BILL_TYPE_CODE}`);
  const [category, ...options] = answers.category.trim().split('+');
  if (!isCategory(category)) throw new Error(`category "${category}": one of ${BILL_CATEGORIES.join(', ')}`);
  const { fields, required } = parseHeaderFields(answers.headerFields);
  const own = fields.filter((f) => !LEADING_FIELDS.includes(f) && !TRAILING_FIELDS.includes(f));
  return {
    code,
    category,
    titleZh: quotable(answers.titleZh, 'titleZh'),
    titleEn: quotable(answers.titleEn, 'titleEn'),
    requiredHeaderFields: required,
    ...parseOptions(options, category),
    headerFields: [...LEADING_FIELDS, ...own, ...TRAILING_FIELDS],
    lineColumns: [...LINE_COLUMNS[category]],
    actions: actionsOfCategory(category),
  };
}

/** The command line that makes a declaration (the inverse of billModel, for the drift check and docs). */
export function billCommandOf(type: {
  code: string;
  category: string;
  name: { 'zh-chs': string; en: string };
  erpBillType: string;
  requiredHeaderFields: readonly string[];
  inspection: boolean;
  fefo: boolean;
  headerFields: readonly string[];
}): string[] {
  const shown = type.headerFields.filter((f) => !LEADING_FIELDS.includes(f as BillHeaderField) && !TRAILING_FIELDS.includes(f as BillHeaderField));
  const named = [...shown, ...type.requiredHeaderFields.filter((f) => !shown.includes(f))];
  const fields = named.map((f) => (type.requiredHeaderFields.includes(f) ? `${f}:req` : f)).join(';') || '-';
  const options = [
    type.inspection ? 'inspection' : '',
    type.fefo !== ISSUING_CATEGORIES.includes(type.category as BillCategory) ? (type.fefo ? 'fefo' : 'nofefo') : '',
    type.erpBillType ? `erp=${type.erpBillType}` : '',
  ].filter(Boolean);
  return [type.code, [type.category, ...options].join('+'), type.name['zh-chs'], type.name.en, fields];
}

const quotedList = (items: readonly string[]) => items.map((item) => `'${item}'`).join(', ');

/** The declaration file (src/shared/bills/types/<CODE>.ts) of a type: the generator's one template. */
export function renderBillDeclaration(m: BillModel): string {
  return `/**
 * Bill type ${m.code} (${m.titleZh} / ${m.titleEn}). Written by \`npm run gen -- bill\`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billType${m.code} = defineBillType({
  code: '${m.code}',
  category: '${m.category}',
  name: { 'zh-chs': '${m.titleZh}', en: '${m.titleEn}' },
  erpBillType: '${m.erpBillType}',
  requiredHeaderFields: [${quotedList(m.requiredHeaderFields)}],
  inspection: ${m.inspection},
  fefo: ${m.fefo},
  headerFields: [${quotedList(m.headerFields)}],
  lineColumns: [${quotedList(m.lineColumns)}],
  actions: [${quotedList(m.actions)}],
});
`;
}
