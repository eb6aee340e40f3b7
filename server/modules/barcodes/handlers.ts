/**
 * BarcodeRule/Parse (issue 17): a reel label's scan read into reel fields by the organisation's
 * barcode parsing rules (md_barcode_rule, a master entity of its own), the rules themselves being
 * applied by the shared parser (src/shared/barcodes), the same the mocks use.
 */
import { sql } from 'kysely';
import { parseBarcode, type BarcodeRuleRow } from '../../../src/shared/barcodes/rules.ts';
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { ok } from '../../http/responses.ts';

export function barcodeHandlers(ctx: ServerContext) {
  return exactHandlers({
    BarcodeRuleParse: async (request) => {
      const { orgId } = authOf(request);
      const { Barcode, VendorCode } = request.body;
      // Only the rules that can apply: enabled, the vendor's or global (parseBarcode orders them).
      const { rows } = await sql<BarcodeRuleRow>`
        select code, name, vendor_code, priority, kind, settings, enabled from md_barcode_rule
        where org_id = ${orgId} and enabled and (vendor_code is null or vendor_code = ${VendorCode ?? null})`.execute(ctx.db);
      const parsed = parseBarcode(Barcode, rows, VendorCode);
      return ok({ ...parsed, PartCode: parsed.PartCode!, Qty: parsed.Qty! });
    },
  } satisfies Partial<OperationHandlers>);
}
