/**
 * Bill/Save: a new bill (numbered `<TYPE><yyyymmdd><nnnn>` per type and day) or, while the bill is
 * EDITING, its whole header and lines rewritten. The type's rules are data (md_bill_type: enabled,
 * category, required header fields); the lines' rules are spec §5's (part exists, Qty > 0, the
 * places the category needs exist). Every refusal names the line and the field in the caller's
 * language, and writes nothing.
 */
import { sql } from 'kysely';
import { inTransaction, type DB } from '../../db/database.ts';
import { nextDayCode } from '../../db/day-codes.ts';
import type { BillStatusCode } from '../../db/schema.ts';
import { Problem } from '../../http/problem.ts';
import { BILL_HEADER_FIELDS, REQUIRED_LINE_FIELDS, type BillHeaderField, type BillLineColumn } from '../../../src/shared/bills/fields.ts';
import { billFieldMessageKey, billLineColumnMessageKey } from '../../../src/shared/bills/messages.ts';
import { positiveQuantity, quantityText } from '../stock/quantity.ts';
import { checkAction, findBillType, lockBill, logAction, type BillCaller, type BillTypeInfo } from './engine.ts';

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

export interface SaveOutput {
  Id: string;
  BillCode: string;
  Status: BillStatusCode;
}

/** Header fields whose value is a master code, and the table that must hold it. */
const HEADER_CODES: Partial<Record<BillHeaderField, string>> = { company_code: 'md_company', vendor_code: 'md_vendor', customer_code: 'md_customer' };

const blank = (value: string | null | undefined) => value === undefined || value === null || value.trim() === '';
const text = (value: string | null | undefined) => (blank(value) ? null : value!.trim());

export async function saveBill(db: DB, caller: BillCaller, input: SaveInput, now: Date): Promise<SaveOutput> {
  return inTransaction(db, async (trx) => {
    const type = await findBillType(trx, caller.orgId, input.BillType);
    if (!type) throw new Problem(400, 'billTypeUnknown', { type: input.BillType });
    if (!type.enabled) throw new Problem(400, 'billTypeDisabled', { type: input.BillType });

    if (input.Id === undefined && input.RequestKey !== undefined) {
      // A retried save of a new bill: the bill the first one made.
      const made = await madeWithKey(trx, caller.orgId, input.RequestKey);
      if (made) return made;
    }
    const header = await checkHeader(trx, caller.orgId, type, input);
    const lines = await checkLines(trx, caller.orgId, type, input.Lines);

    if (input.Id === undefined) {
      const billCode = await nextDayCode(trx, caller.orgId, type.code, now);
      const created = await trx
        .insertInto('bill_headers')
        .values({
          org_id: caller.orgId, bill_code: billCode, bill_type: type.code, status: 'EDITING', ...header,
          created_by: caller.userName, created_by_id: caller.userId, request_key: input.RequestKey ?? null,
        })
        // A concurrent save with the same key committed first: answer its bill (this one's number is skipped).
        .onConflict((oc) => oc.columns(['org_id', 'request_key']).doNothing())
        .returning(['id', 'bill_code', 'status'])
        .executeTakeFirst();
      if (!created) return (await madeWithKey(trx, caller.orgId, input.RequestKey!))!;
      await insertLines(trx, caller.orgId, created.id, lines);
      await logAction(trx, caller, created.id, 'Save', null, 'EDITING');
      return { Id: String(created.id), BillCode: created.bill_code, Status: created.status };
    }

    const bill = await lockBill(trx, caller.orgId, input.Id);
    if (bill.header.bill_type !== type.code) {
      throw new Problem(400, 'billTypeMismatch', { bill: bill.header.bill_code, actual: bill.header.bill_type, expected: type.code });
    }
    checkAction(bill, 'Save');
    await trx
      .updateTable('bill_headers')
      .set((eb) => ({ ...header, updated_at: sql<Date>`now()`, version: eb('version', '+', 1) }))
      .where('id', '=', bill.header.id)
      .execute();
    // The lines are replaced: an EDITING bill has no reel that is not cancelled (its boxes go with them).
    await trx.deleteFrom('bill_lines').where('bill_id', '=', bill.header.id).execute();
    await insertLines(trx, caller.orgId, bill.header.id, lines);
    await logAction(trx, caller, bill.header.id, 'Save', 'EDITING', 'EDITING');
    return { Id: String(bill.header.id), BillCode: bill.header.bill_code, Status: bill.header.status };
  });
}

async function madeWithKey(trx: DB, orgId: string, key: string): Promise<SaveOutput | undefined> {
  const made = await trx.selectFrom('bill_headers').select(['id', 'bill_code', 'status']).where('org_id', '=', orgId).where('request_key', '=', key).executeTakeFirst();
  return made && { Id: String(made.id), BillCode: made.bill_code, Status: made.status };
}

type HeaderColumns = { [F in BillHeaderField]: string | null };

async function checkHeader(trx: DB, orgId: string, type: BillTypeInfo, input: SaveInput): Promise<HeaderColumns> {
  const values = {} as HeaderColumns;
  for (const field of Object.keys(BILL_HEADER_FIELDS) as BillHeaderField[]) {
    values[field] = text(input[BILL_HEADER_FIELDS[field].wire]);
  }
  // The ERP bill type defaults to the type's.
  values.erp_bill_type ??= type.erpBillType;
  for (const field of type.requiredHeaderFields) {
    if (values[field] === null) throw new Problem(400, 'billHeaderRequired', { field: { message: billFieldMessageKey(field) } });
  }
  for (const [field, table] of Object.entries(HEADER_CODES) as [BillHeaderField, string][]) {
    const code = values[field];
    if (code !== null && !(await codeExists(trx, table, orgId, code))) {
      throw new Problem(400, 'billHeaderCodeUnknown', { field: { message: billFieldMessageKey(field) }, code });
    }
  }
  return values;
}

async function codeExists(trx: DB, table: string, orgId: string, code: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select exists (select 1 from ${sql.table(table)} where org_id = ${orgId} and code = ${code}) as found`.execute(trx);
  return rows[0].found;
}

interface CheckedLine {
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

async function checkLines(trx: DB, orgId: string, type: BillTypeInfo, input: readonly SaveLineInput[]): Promise<CheckedLine[]> {
  if (!input.length) throw new Problem(400, 'billLinesRequired');
  const given = input.flatMap((l) => (l.LineNo === undefined ? [] : [l.LineNo]));
  const seen = new Set<number>();
  for (const no of given) {
    if (seen.has(no)) throw new Problem(400, 'billLineNoDuplicate', { line: no });
    seen.add(no);
  }
  let next = Math.max(0, ...given);
  const required = REQUIRED_LINE_FIELDS[type.category] ?? [];
  const lines: CheckedLine[] = [];
  for (const l of input) {
    const lineNo = l.LineNo ?? ++next;
    const need = (column: BillLineColumn) => new Problem(400, 'billLineRequired', { line: lineNo, field: { message: billLineColumnMessageKey(column) } });
    if (blank(l.PartCode)) throw need('PartCode');
    for (const column of required) if (blank(l[column as keyof SaveLineInput] as string | null | undefined)) throw need(column);
    let qty: string;
    try {
      qty = quantityText(positiveQuantity(l.Qty));
    } catch {
      throw new Problem(400, 'billLineQtyInvalid', { line: lineNo, qty: l.Qty });
    }
    let mpq: string | null = null;
    if (!blank(l.Mpq)) {
      try {
        mpq = quantityText(positiveQuantity(l.Mpq!));
      } catch {
        throw new Problem(400, 'billLineMpqInvalid', { line: lineNo, qty: l.Mpq! });
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
    if (!(await codeExists(trx, 'md_part', orgId, line.part_code))) throw new Problem(400, 'billLinePartUnknown', { line: lineNo, part: line.part_code });
    await checkPlace(trx, orgId, lineNo, line.to_sic, line.to_loc, 'ToSic');
    await checkPlace(trx, orgId, lineNo, line.from_sic, line.from_loc, 'FromSic');
    if (line.from_bu !== null && !(await codeExists(trx, 'md_business_unit', orgId, line.from_bu))) {
      throw new Problem(400, 'billLineBuUnknown', { line: lineNo, bu: line.from_bu });
    }
    lines.push(line);
  }
  return lines;
}

async function checkPlace(trx: DB, orgId: string, line: number, sic: string | null, loc: string | null, sicColumn: 'ToSic' | 'FromSic') {
  if (sic === null) {
    // A locator is in a storage location.
    if (loc !== null) throw new Problem(400, 'billLineRequired', { line, field: { message: billLineColumnMessageKey(sicColumn) } });
    return;
  }
  if (!(await codeExists(trx, 'md_storage_location', orgId, sic))) throw new Problem(400, 'billLineSicUnknown', { line, sic });
  if (loc === null) return;
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from md_locator where org_id = ${orgId} and code = ${loc} and storage_location_code = ${sic}) as found`.execute(trx);
  if (!rows[0].found) throw new Problem(400, 'billLineLocUnknown', { line, sic, loc });
}

async function insertLines(trx: DB, orgId: string, billId: string, lines: readonly CheckedLine[]) {
  await trx
    .insertInto('bill_lines')
    .values(lines.map((l) => ({ ...l, bill_id: billId, org_id: orgId })))
    .execute();
}
