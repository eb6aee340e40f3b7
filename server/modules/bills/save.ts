/**
 * Bill/Save: a new bill (numbered `<TYPE><yyyymmdd><nnnn>` per type and day) or, while the bill is
 * EDITING, its whole header and lines rewritten. The type's rules are data (md_bill_type: enabled,
 * category, required header fields); the header's and lines' checks are the shared ones
 * (src/shared/bills/save-rules.ts, which the mocks use too), asking this organisation's tables.
 * Every refusal names the line and the field in the caller's language, and writes nothing.
 */
import { sql } from 'kysely';
import { inTransaction, type DB } from '../../db/database.ts';
import { nextDayCode } from '../../db/day-codes.ts';
import type { BillStatusCode } from '../../db/schema.ts';
import { Problem } from '../../http/problem.ts';
import { checkBillHeader, checkBillLines, type CheckedLine, type SaveInput } from '../../../src/shared/bills/save-rules.ts';
import { masterCodeLookup } from '../masterdata/code-states.ts';
import { checkAction, findBillType, lockBill, logAction, type BillCaller } from './engine.ts';

export interface SaveOutput {
  Id: string;
  BillCode: string;
  Status: BillStatusCode;
}

/**
 * `erpSource`: the ERP document a new bill is sync-created from (server/modules/erp/sync.ts), stored
 * in bill_headers.erp_source, unique per organisation: a second bill of the same document is refused
 * by the database (23505 on bill_headers_erp_source), however the two saves interleave.
 */
export async function saveBill(db: DB, caller: BillCaller, input: SaveInput, now: Date, options: { erpSource?: string } = {}): Promise<SaveOutput> {
  return inTransaction(db, async (trx) => {
    const type = await findBillType(trx, caller.orgId, input.BillType);
    if (!type) throw new Problem(400, 'billTypeUnknown', { type: input.BillType });
    if (!type.enabled) throw new Problem(400, 'billTypeDisabled', { type: input.BillType });

    if (input.Id === undefined && input.RequestKey !== undefined) {
      // A retried save of a new bill: the bill the first one made.
      const made = await madeWithKey(trx, caller.orgId, input.RequestKey);
      if (made) return made;
    }
    const codes = masterCodeLookup(trx, caller.orgId);
    const header = await checkBillHeader(type, input, codes);
    const lines = await checkBillLines(type, input.Lines, codes);

    if (input.Id === undefined) {
      const billCode = await nextDayCode(trx, caller.orgId, type.code, now);
      const created = await trx
        .insertInto('bill_headers')
        .values({
          org_id: caller.orgId, bill_code: billCode, bill_type: type.code, status: 'EDITING', ...header,
          created_by: caller.userName, created_by_id: caller.userId, request_key: input.RequestKey ?? null,
          erp_source: options.erpSource ?? null,
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

async function insertLines(trx: DB, orgId: string, billId: string, lines: readonly CheckedLine[]) {
  await trx
    .insertInto('bill_lines')
    .values(lines.map((l) => ({ ...l, bill_id: billId, org_id: orgId })))
    .execute();
}
