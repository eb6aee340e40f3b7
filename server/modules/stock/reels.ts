/**
 * Registering reels before they are received (a bill's "create reels": labels printed for goods on
 * their way). A registered reel is CREATED: no place, no stock, no ledger row; its receipt through
 * the ledger (ledger.ts) puts it in stock. Codes are unique per organisation (the primary key: a
 * duplicate is answered by server/http/unique-violations.ts).
 */
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { Problem } from '../../http/problem.ts';
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
