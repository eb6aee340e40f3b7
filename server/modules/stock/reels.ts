/**
 * Registering reels before they are received (a bill's "create reels": labels printed for goods on
 * their way). A registered reel is CREATED: no place, no stock, no ledger row; its receipt through
 * the ledger (ledger.ts) puts it in stock. Codes are unique per organisation (the primary key: a
 * duplicate is answered by server/http/unique-violations.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import { inTransaction, type DB } from '../../db/database.ts';
import { nextDayCode } from '../../db/day-codes.ts';
import type { ReelHistoryField } from '../../db/schema.ts';
import { Problem } from '../../http/problem.ts';
import { checkGenerateReels } from '../../../src/shared/labels/generate-rules.ts';
import { masterCodeLookup } from '../masterdata/code-states.ts';
import { applyStockMoves, REEL_STATUS_MESSAGE, type StockCaller } from './ledger.ts';
import { positiveQuantity, quantityText, type QuantityInput } from './quantity.ts';

export interface ReelRegistration {
  reelCode: string;
  partCode: string;
  qty: QuantityInput;
  vendorCode?: string;
  lotCode?: string;
  dateCode?: string;
  /** YYYY-MM-DD */
  expireDate?: string;
  billCode?: string;
  billLineNo?: number;
}

export async function registerReels(db: DB, orgId: string, reels: readonly ReelRegistration[]): Promise<void> {
  if (!reels.length) return;
  const parts = [...new Set(reels.map((r) => r.partCode))];
  // Master-data tables are declared by server/crud, not in the typed schema.
  const { rows } = await sql<{ code: string }>`select code from md_part where org_id = ${orgId} and code in (${sql.join(parts)})`.execute(db);
  const known = new Set(rows.map((row) => row.code));
  const unknown = parts.find((part) => !known.has(part));
  if (unknown) throw new Problem(400, 'stockPartUnknown', { part: unknown });
  await db
    .insertInto('stock_reels')
    .values(
      reels.map((r) => ({
        org_id: orgId,
        reel_code: r.reelCode,
        part_code: r.partCode,
        vendor_code: r.vendorCode ?? null,
        lot_code: r.lotCode ?? '',
        date_code: r.dateCode ?? null,
        expire_date: r.expireDate ?? null,
        qty: quantityText(positiveQuantity(r.qty)),
        status: 'CREATED' as const,
        bill_code: r.billCode ?? null,
        bill_line_no: r.billLineNo ?? null,
      })),
    )
    .execute();
}

export interface GenerateReelsInput {
  PartCode: string;
  Qty: QuantityInput;
  Count: number;
  VendorCode?: string | null;
  LotCode?: string | null;
  DateCode?: string | null;
  ExpireDate?: string | null;
}

/**
 * Reels without a bill (spec §2 reel barcode generation): `Count` CREATED reels of the part, each of
 * `Qty`, with the lot, date code and expiry given. Codes as a bill's create reels makes them
 * (`<bill code>-<line>-<n>`), from a code numbered per day like a bill's: `REEL<yyyymmdd><nnnn>-<n>`
 * (the day's counter row is locked by its upsert, so two calls never share a prefix). Such a reel is
 * received later on a bill with a line of its part (inbound.ts confirmReceipt).
 */
export async function generateReels(db: DB, orgId: string, input: GenerateReelsInput, now = new Date()): Promise<string[]> {
  const qty = quantityText(positiveQuantity(input.Qty));
  return inTransaction(db, async (trx) => {
    await checkGenerateReels(input, masterCodeLookup(trx, orgId));
    const prefix = await nextDayCode(trx, orgId, 'REEL', now);
    const codes = Array.from({ length: input.Count }, (_, index) => `${prefix}-${index + 1}`);
    await registerReels(
      trx,
      orgId,
      codes.map((reelCode) => ({
        reelCode,
        partCode: input.PartCode,
        qty,
        vendorCode: input.VendorCode || undefined,
        lotCode: input.LotCode?.trim() || undefined,
        dateCode: input.DateCode || undefined,
        expireDate: input.ExpireDate || undefined,
      })),
    );
    return codes;
  });
}

export interface UpdateReelInput {
  ReelCode: string;
  LotCode?: string | null;
  DateCode?: string | null;
  ExpireDate?: string | null;
}

export interface ReelHistoryEntry {
  field: ReelHistoryField;
  oldValue: string | null;
  newValue: string | null;
  transactionId: string | null;
  userName: string;
  changedAt: Date;
}

/**
 * Edits a reel's lot, date code or expiry (spec §2 reel editing); its quantity never (that is the
 * ledger's). A field absent is kept; '' or null clears a date code or expiry ('' is no lot). A
 * CREATED reel (no stock) is updated in place; the lot of a reel in stock is part of its balance's
 * key, so it changes through the ledger (a RELOT move: old lot out, new lot in, same place, the
 * reel locked as every ledger call locks it), refused while the reel is reserved. An ISSUED or
 * SCRAPPED reel is history: refused. Every field changed is a row of stock_reel_history (the lot of a
 * reel in stock names its RELOT transaction), in the same transaction. Answers the changes made.
 */
export async function updateReel(db: DB, caller: StockCaller, input: UpdateReelInput): Promise<ReelHistoryEntry[]> {
  return inTransaction(db, async (trx) => {
    // The reel's row first (FOR UPDATE), as the ledger locks it: a pick or another edit waits.
    const reel = await trx
      .selectFrom('stock_reels')
      .select(['reel_code', 'status', 'lot_code', 'date_code', sql<string | null>`expire_date::text`.as('expire_date'), 'reserved_qty', 'reserved_bill_code'])
      .where('org_id', '=', caller.orgId)
      .where('reel_code', '=', input.ReelCode)
      .forUpdate()
      .executeTakeFirst();
    if (!reel) throw new Problem(404, 'stockReelNotFound', { reel: input.ReelCode });
    if (reel.status === 'ISSUED' || reel.status === 'SCRAPPED') {
      throw new Problem(409, 'reelEditClosed', { reel: reel.reel_code, status: { message: REEL_STATUS_MESSAGE[reel.status] } });
    }
    const wanted = {
      LotCode: input.LotCode === undefined ? undefined : (input.LotCode ?? '').trim(),
      DateCode: input.DateCode === undefined ? undefined : input.DateCode?.trim() || null,
      ExpireDate: input.ExpireDate === undefined ? undefined : input.ExpireDate || null,
    };
    const current = { LotCode: reel.lot_code, DateCode: reel.date_code, ExpireDate: reel.expire_date };
    const changes = (Object.keys(wanted) as ReelHistoryField[]).filter((field) => wanted[field] !== undefined && wanted[field] !== current[field]);
    if (!changes.length) throw new Problem(400, 'reelEditNothing');

    let lotTransaction: string | null = null;
    if (changes.includes('LotCode') && reel.status !== 'CREATED') {
      const [transaction] = await applyStockMoves(trx, caller, [{ kind: 'relot', reelCode: reel.reel_code, lotCode: wanted.LotCode! }]);
      lotTransaction = String(transaction.id);
    }
    const set: { lot_code?: string; date_code?: string | null; expire_date?: string | null; updated_at: RawBuilder<Date> } = { updated_at: sql<Date>`now()` };
    if (changes.includes('LotCode') && reel.status === 'CREATED') set.lot_code = wanted.LotCode!;
    if (changes.includes('DateCode')) set.date_code = wanted.DateCode ?? null;
    if (changes.includes('ExpireDate')) set.expire_date = wanted.ExpireDate ?? null;
    await trx.updateTable('stock_reels').set(set).where('org_id', '=', caller.orgId).where('reel_code', '=', reel.reel_code).execute();
    const rows = await trx
      .insertInto('stock_reel_history')
      .values(
        changes.map((field) => ({
          org_id: caller.orgId,
          reel_code: reel.reel_code,
          field,
          old_value: current[field],
          new_value: wanted[field] ?? null,
          txn_id: field === 'LotCode' ? lotTransaction : null,
          user_id: caller.userId,
          user_name: caller.userName,
        })),
      )
      .returning(['field', 'old_value', 'new_value', 'txn_id', 'user_name', 'changed_at'])
      .execute();
    return rows.map(historyEntry);
  });
}

const historyEntry = (row: { field: ReelHistoryField; old_value: string | null; new_value: string | null; txn_id: string | null; user_name: string; changed_at: Date }): ReelHistoryEntry => ({
  field: row.field,
  oldValue: row.old_value,
  newValue: row.new_value,
  transactionId: row.txn_id === null ? null : String(row.txn_id),
  userName: row.user_name,
  changedAt: row.changed_at,
});

/** The reel's edits, newest first (404 for a reel not of the organisation). */
export async function reelHistory(db: DB, orgId: string, reelCode: string): Promise<ReelHistoryEntry[]> {
  const reel = await db.selectFrom('stock_reels').select('reel_code').where('org_id', '=', orgId).where('reel_code', '=', reelCode).executeTakeFirst();
  if (!reel) throw new Problem(404, 'stockReelNotFound', { reel: reelCode });
  const rows = await db
    .selectFrom('stock_reel_history')
    .select(['field', 'old_value', 'new_value', 'txn_id', 'user_name', 'changed_at'])
    .where('org_id', '=', orgId)
    .where('reel_code', '=', reelCode)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(historyEntry);
}
