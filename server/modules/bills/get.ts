/** Bill/Get: a bill with its lines, the reels on it (boxes) and its action log, oldest first. */
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { BillBoxStatusCode, BillLineStatusCode, BillStatusCode } from '../../db/schema.ts';
import { Problem } from '../../http/problem.ts';
import { BILL_HEADER_FIELDS, type BillHeaderField } from '../../../src/shared/bills/fields.ts';
import { quantityText } from '../stock/quantity.ts';
import { wireLine } from '../../../src/shared/bills/engine-rules.ts';
import { findBillType } from './engine.ts';

const iso = (value: Date) => value.toISOString();
type MasterName = { org_id: string; code: string; name: string };
const qtyOrNull = (value: string | null) => (value === null ? null : quantityText(value));

export async function getBill(db: DB, orgId: string, id: string) {
  const header = /^\d{1,18}$/.test(id)
    ? await db
        .selectFrom('bill_headers as h')
        .leftJoin(sql<MasterName>`md_company`.as('m'), (join) => join.onRef('m.org_id', '=', 'h.org_id').onRef('m.code', '=', 'h.company_code'))
        .leftJoin(sql<MasterName>`md_vendor`.as('v'), (join) => join.onRef('v.org_id', '=', 'h.org_id').onRef('v.code', '=', 'h.vendor_code'))
        .leftJoin(sql<MasterName>`md_customer`.as('c'), (join) => join.onRef('c.org_id', '=', 'h.org_id').onRef('c.code', '=', 'h.customer_code'))
        .selectAll('h')
        .select(['m.name as company_name', 'v.name as vendor_name', 'c.name as customer_name'])
        .where('h.org_id', '=', orgId)
        .where('h.id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!header) throw new Problem(404, 'billNotFound', { id });
  const type = await findBillType(db, orgId, header.bill_type);
  const lines = await db
    .selectFrom('bill_lines as l')
    .leftJoin(sql<{ org_id: string; code: string; name: string }>`md_part`.as('p'), (join) => join.onRef('p.org_id', '=', 'l.org_id').onRef('p.code', '=', 'l.part_code'))
    .select([
      'l.line_no', 'l.part_code', 'p.name as part_name', 'l.qty', 'l.actual_qty', 'l.total_box', 'l.mpq', 'l.to_sic', 'l.to_loc', 'l.from_sic', 'l.from_loc', 'l.from_bu',
      'l.lot_code', 'l.date_code', sql<string | null>`l.expire_date::text`.as('expire_date'), 'l.status',
    ])
    .where('l.bill_id', '=', header.id)
    .orderBy('l.line_no')
    .execute();
  const boxes = await db
    .selectFrom('bill_boxes as b')
    .leftJoin('stock_reels as r', (join) => join.onRef('r.org_id', '=', 'b.org_id').onRef('r.reel_code', '=', 'b.reel_code'))
    .select(['b.reel_code', 'b.line_no', 'b.part_code', 'b.qty', 'b.status', 'b.iqc_flag', 'b.lot_code', 'r.print_count'])
    .where('b.bill_id', '=', header.id)
    .orderBy('b.line_no')
    .orderBy('b.reel_code')
    .execute();
  const log = await db
    .selectFrom('bill_action_log')
    .select(['created_at', 'user_name', 'action', 'status_before', 'status_after', 'line_no', 'reel_code', 'qty'])
    .where('bill_id', '=', header.id)
    .orderBy('id')
    .execute();
  const headerFields = Object.fromEntries(
    (Object.keys(BILL_HEADER_FIELDS) as BillHeaderField[]).map((field) => [BILL_HEADER_FIELDS[field].wire, header[field]]),
  ) as { [F in BillHeaderField as (typeof BILL_HEADER_FIELDS)[F]['wire']]: string | null };
  return {
    Id: String(header.id),
    BillCode: header.bill_code,
    BillType: header.bill_type,
    Category: type?.category ?? '',
    Status: header.status as BillStatusCode,
    ...headerFields,
    CompanyName: header.company_name ?? null,
    VendorName: header.vendor_name ?? null,
    CustomerName: header.customer_name ?? null,
    CreatedAt: iso(header.created_at),
    CreatedBy: header.created_by,
    UpdatedAt: iso(header.updated_at),
    Lines: lines.map((l) => wireLine({ ...l, status: l.status as BillLineStatusCode }, l.part_name ?? null)),

    Boxes: boxes.map((b) => ({
      ReelCode: b.reel_code,
      LineNo: b.line_no,
      PartCode: b.part_code,
      Qty: quantityText(b.qty),
      Status: b.status as BillBoxStatusCode,
      IqcFlag: b.iqc_flag,
      LotCode: b.lot_code,
      PrintCount: b.print_count ?? 0,
    })),
    Log: log.map((r) => ({
      Time: iso(r.created_at),
      UserName: r.user_name,
      Action: r.action,
      StatusBefore: r.status_before,
      StatusAfter: r.status_after,
      LineNo: r.line_no,
      ReelCode: r.reel_code,
      Qty: qtyOrNull(r.qty),
    })),
  };
}
