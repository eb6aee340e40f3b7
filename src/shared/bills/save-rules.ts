/**
 * Bill/Save's checks (spec §5), shared by the reference server (server/modules/bills/save.ts) and the
 * mocks (mocks/scenarios/bills.ts): the type's required header fields, the header's master codes, and
 * each line's part, places, quantities and the fields its category requires — in this order, the first
 * problem refused with the catalogue's message naming the line and the field, and with the place it is about
 * (the Refusal's `at`: the line's number and the field's wire name), where the bill form marks it. Whether a master code
 * exists, and is enabled, is the caller's to say (the server asks its tables, the mocks their master data).
 * A bill names only enabled records (启用): a code field suggests only those, and a typed or pasted code of a
 * disabled one is refused too, rather than saved onto a bill that work would then start from.
 */
import { Refusal } from '../messages/refusal.ts';
import { positiveQuantity, quantityText } from '../quantity.ts';
import { BILL_HEADER_FIELDS, REQUIRED_LINE_FIELDS, headerFieldOfWire, refEntityShown, type BillHeaderField, type BillLineColumn, type BillRefField } from './fields.ts';
import { billFieldMessageKey, billLineColumnMessageKey } from './messages.ts';
import type { BillTypeDeclaration } from './declaration.ts';
import type { BillCategory } from './statuses.ts';
import type { SuggestedEntity } from '../masterdata/suggestions.ts';
import { refuseUnlessEnabled, type MasterCodeEntity, type MasterCodeLookup } from '../masterdata/code-state.ts';

/** The header as Bill/Save sends it (wire names). */
export type SaveHeader = { [F in BillHeaderField as (typeof BILL_HEADER_FIELDS)[F]['wire']]?: string | null };

export interface SaveLineInput {
  LineNo?: number;
  PartCode: string;
  Qty: string;
  TotalBox?: number | null;
  Mpq?: string | null;
  ToSic?: string | null;
  ToLoc?: string | null;
  FromSic?: string | null;
  FromLoc?: string | null;
  FromBu?: string | null;
  LotCode?: string | null;
  DateCode?: string | null;
  ExpireDate?: string | null;
}

export type SaveInput = SaveHeader & { Id?: string; BillType: string; RequestKey?: string; Lines: SaveLineInput[] };

/** What the checks need of the bill type (md_bill_type on the server). */
export interface SaveBillType {
  category: BillCategory;
  erpBillType: string | null;
  requiredHeaderFields: readonly BillHeaderField[];
}

/** The header's columns as stored (null: not given). */
export type BillHeaderColumns = { [F in BillHeaderField]: string | null };

export interface CheckedLine {
  line_no: number;
  part_code: string;
  qty: string;
  total_box: number | null;
  mpq: string | null;
  to_sic: string | null;
  to_loc: string | null;
  from_sic: string | null;
  from_loc: string | null;
  from_bu: string | null;
  lot_code: string | null;
  date_code: string | null;
  expire_date: string | null;
}

/** Header fields whose value is a master code, and the entity that must hold it. */
const HEADER_CODES: Partial<Record<BillHeaderField, MasterCodeEntity>> = { company_code: 'Company', vendor_code: 'Vendor', customer_code: 'Customer' };

const blank = (value: string | null | undefined) => value === undefined || value === null || value.trim() === '';
const text = (value: string | null | undefined) => (blank(value) ? null : value!.trim());

/** The header's values; refused when a required field is missing or a code names nothing. */
export async function checkBillHeader(type: SaveBillType, input: SaveInput, codes: MasterCodeLookup): Promise<BillHeaderColumns> {
  const values = {} as BillHeaderColumns;
  for (const field of Object.keys(BILL_HEADER_FIELDS) as BillHeaderField[]) {
    values[field] = text(input[BILL_HEADER_FIELDS[field].wire]);
  }
  // The ERP bill type defaults to the type's.
  values.erp_bill_type ??= type.erpBillType;
  for (const field of type.requiredHeaderFields) {
    if (values[field] === null) throw new Refusal(400, 'billHeaderRequired', { field: { message: billFieldMessageKey(field) } }, { Field: BILL_HEADER_FIELDS[field].wire });
  }
  for (const [field, entity] of Object.entries(HEADER_CODES) as [BillHeaderField, MasterCodeEntity][]) {
    const code = values[field];
    if (code === null) continue;
    refuseUnlessEnabled(
      await codes.stateOf(entity, code),
      { missing: 'billHeaderCodeUnknown', disabled: 'billHeaderCodeDisabled' },
      { field: { message: billFieldMessageKey(field) }, code },
      { Field: BILL_HEADER_FIELDS[field].wire },
    );
  }
  return values;
}

/** The numbers of the lines Bill/Save is sent, in order: its LineNo, or for a line without one the next after the highest given. */
export function saveLineNumbers(input: readonly Pick<SaveLineInput, 'LineNo'>[]): number[] {
  let next = Math.max(0, ...input.flatMap((l) => (l.LineNo === undefined ? [] : [l.LineNo])));
  return input.map((l) => l.LineNo ?? ++next);
}

/** The lines as stored (numbered by saveLineNumbers); refused at the first problem. */
export async function checkBillLines(type: SaveBillType, input: readonly SaveLineInput[], codes: MasterCodeLookup): Promise<CheckedLine[]> {
  if (!input.length) throw new Refusal(400, 'billLinesRequired', {}, { Field: 'Lines' });
  const seen = new Set<number>();
  for (const { LineNo: no } of input) {
    if (no === undefined) continue;
    if (seen.has(no)) throw new Refusal(400, 'billLineNoDuplicate', { line: no }, { LineNo: no, Field: 'LineNo' });
    seen.add(no);
  }
  const numbers = saveLineNumbers(input);
  const required = REQUIRED_LINE_FIELDS[type.category] ?? [];
  const lines: CheckedLine[] = [];
  for (const [index, l] of input.entries()) {
    const lineNo = numbers[index];
    const need = (column: BillLineColumn) => new Refusal(400, 'billLineRequired', { line: lineNo, field: { message: billLineColumnMessageKey(column) } }, { LineNo: lineNo, Field: column });
    if (blank(l.PartCode)) throw need('PartCode');
    for (const column of required) if (blank(l[column as keyof SaveLineInput] as string | null | undefined)) throw need(column);
    let qty: string;
    try {
      qty = quantityText(positiveQuantity(l.Qty));
    } catch {
      throw new Refusal(400, 'billLineQtyInvalid', { line: lineNo, qty: l.Qty }, { LineNo: lineNo, Field: 'Qty' });
    }
    let mpq: string | null = null;
    if (!blank(l.Mpq)) {
      try {
        mpq = quantityText(positiveQuantity(l.Mpq!));
      } catch {
        throw new Refusal(400, 'billLineMpqInvalid', { line: lineNo, qty: l.Mpq! }, { LineNo: lineNo, Field: 'Mpq' });
      }
    }
    const line: CheckedLine = {
      line_no: lineNo,
      part_code: l.PartCode.trim(),
      qty,
      total_box: l.TotalBox ?? null,
      mpq,
      to_sic: text(l.ToSic),
      to_loc: text(l.ToLoc),
      from_sic: text(l.FromSic),
      from_loc: text(l.FromLoc),
      from_bu: text(l.FromBu),
      lot_code: text(l.LotCode),
      date_code: text(l.DateCode),
      expire_date: text(l.ExpireDate),
    };
    refuseUnlessEnabled(
      await codes.stateOf('Part', line.part_code),
      { missing: 'billLinePartUnknown', disabled: 'billLinePartDisabled' },
      { line: lineNo, part: line.part_code },
      { LineNo: lineNo, Field: 'PartCode' },
    );
    await checkPlace(codes, lineNo, line.to_sic, line.to_loc, 'To');
    await checkPlace(codes, lineNo, line.from_sic, line.from_loc, 'From');
    if (line.from_bu !== null) {
      refuseUnlessEnabled(
        await codes.stateOf('BusinessUnit', line.from_bu),
        { missing: 'billLineBuUnknown', disabled: 'billLineBuDisabled' },
        { line: lineNo, bu: line.from_bu },
        { LineNo: lineNo, Field: 'FromBu' },
      );
    }
    lines.push(line);
  }
  return lines;
}

/** A line's place to (ToSic, ToLoc) or from (FromSic, FromLoc). */
async function checkPlace(codes: MasterCodeLookup, line: number, sic: string | null, loc: string | null, side: 'To' | 'From') {
  const sicColumn = `${side}Sic` as const;
  if (sic === null) {
    // A locator is in a storage location.
    if (loc !== null) throw new Refusal(400, 'billLineRequired', { line, field: { message: billLineColumnMessageKey(sicColumn) } }, { LineNo: line, Field: sicColumn });
    return;
  }
  refuseUnlessEnabled(await codes.stateOf('StorageLocation', sic), { missing: 'billLineSicUnknown', disabled: 'billLineSicDisabled' }, { line, sic }, { LineNo: line, Field: sicColumn });
  if (loc === null) return;
  refuseUnlessEnabled(await codes.locatorStateOf(sic, loc), { missing: 'billLineLocUnknown', disabled: 'billLineLocDisabled' }, { line, sic, loc }, { LineNo: line, Field: `${side}Loc` });
}

/**
 * Bill/RefOptions' check: the master entity whose records a form's field suggests (Vendor for VendorCode), refused
 * when the type's form does not show the field: its suggestions would show records the form has no use for.
 */
export function suggestedEntity(type: Pick<BillTypeDeclaration, 'code' | 'headerFields' | 'lineColumns'>, field: BillRefField): SuggestedEntity {
  // The field tables name master entities by their declarations' resource names.
  const entity = refEntityShown(type, field) as SuggestedEntity | undefined;
  if (entity) return entity;
  const header = headerFieldOfWire(field);
  throw new Refusal(400, 'billFieldNotOnType', { type: type.code, field: { message: header ? billFieldMessageKey(header) : billLineColumnMessageKey(field as BillLineColumn) } });
}
