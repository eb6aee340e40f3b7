/**
 * BarcodeRule/Parse (issue 17): a reel label's scan read into reel fields by the organisation's
 * barcode parsing rules (md_barcode_rule, a master entity of its own), the rules themselves being
 * applied by the shared parser (src/shared/barcodes), the same the mocks use.
 */
import { sql } from 'kysely';
import { parseBarcode, type BarcodeRuleRow, type ParseResult } from '../../../src/shared/barcodes/rules.ts';
import type { DB } from '../../db/database.ts';
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { ok } from '../../http/responses.ts';

/** A scan read by the organisation's rules that can apply: enabled, the vendor's or global (parseBarcode orders them). */
export async function readLabel(db: DB, orgId: string, barcode: string, vendorCode?: string | null): Promise<ParseResult> {
  const { rows } = await sql<BarcodeRuleRow>`
    select code, name, vendor_code, priority, kind, settings, enabled from md_barcode_rule
    where org_id = ${orgId} and enabled and (vendor_code is null or vendor_code = ${vendorCode ?? null})`.execute(db);
  return parseBarcode(barcode, rows, vendorCode);
}

export function barcodeHandlers(ctx: ServerContext) {
  return exactHandlers({
    BarcodeRuleParse: async (request) => {
      const { orgId } = authOf(request);
      const { Barcode, VendorCode } = request.body;
      const parsed = await readLabel(ctx.db, orgId, Barcode, VendorCode);
      return ok({ ...parsed, PartCode: parsed.PartCode!, Qty: parsed.Qty! });
    },
  } satisfies Partial<OperationHandlers>);
}
