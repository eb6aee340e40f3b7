/**
 * Stock/Balance, Stock/Ledger and Reel/Get: the stock reads (reads.ts) in the contract's shape, in
 * the organisation the caller acts in; Stock/RefOptions, the suggestions of the stock screens' code fields.
 * Nothing here changes stock (that is ledger.ts's alone).
 */
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import type { FastifyRequest } from 'fastify';
import type { StockCaller } from './ledger.ts';
import { findReel, partNamesOf, stockBalance, stockLedger } from './reads.ts';
import { STOCK_REF_ENTITIES } from '../../../src/shared/masterdata/suggestions.ts';
import { masterSuggestions } from '../masterdata/suggestions.ts';

/** The caller of a call that changes stock, as the ledger records it (who, in which organisation). */
export function stockCaller(request: FastifyRequest): StockCaller {
  const { orgId, user } = authOf(request);
  return { orgId, userId: user.id, userName: user.userName };
}

const DEFAULT_LIMIT = 200;
const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function stockHandlers(ctx: ServerContext) {
  return exactHandlers({
    StockBalance: async (request) => {
      const { orgId } = authOf(request);
      const body = request.body;
      const { rows, count, countIsEstimate } = await stockBalance(ctx.db, orgId, {
        partCode: body.PartCode,
        sic: body.Sic,
        loc: body.Loc,
        lotCode: body.LotCode,
        asOf: body.AsOf === undefined ? undefined : new Date(body.AsOf),
        page: body.Page ?? 1,
        limit: body.Limit ?? DEFAULT_LIMIT,
      });
      const names = await partNamesOf(ctx.db, orgId, rows.map((r) => r.partCode));
      return {
        ...ok(
          rows.map((r) => ({
            PartCode: r.partCode,
            PartName: names.get(r.partCode) ?? null,
            Sic: r.sic,
            Loc: r.loc,
            LotCode: r.lotCode,
            Qty: r.qty,
            ReservedQty: r.reservedQty,
            InspectionQty: r.inspectionQty,
          })),
        ),
        count,
        ...(countIsEstimate ? { countIsEstimate } : {}),
      };
    },

    StockRefOptions: async (request) => {
      const { Field, Key, Sic } = request.body;
      return ok(await masterSuggestions(ctx.db, authOf(request).orgId, STOCK_REF_ENTITIES[Field], Key, Sic));
    },

    StockLedger: async (request) => {
      const { orgId } = authOf(request);
      const body = request.body;
      const { rows, count } = await stockLedger(ctx.db, orgId, {
        partCode: body.PartCode,
        reelCode: body.ReelCode,
        billCode: body.BillCode,
        page: body.Page,
        limit: body.Limit,
      });
      return {
        ...ok(
          rows.map((r) => ({
            TransactionId: r.transactionId,
            Kind: r.kind,
            Time: r.time.toISOString(),
            UserName: r.userName,
            BillCode: r.billCode,
            LineNo: r.lineNo,
            ReelCode: r.reelCode,
            PartCode: r.partCode,
            LotCode: r.lotCode,
            Sic: r.sic,
            Loc: r.loc,
            Qty: r.qty,
            ReservedQty: r.reservedQty,
            InspectionQty: r.inspectionQty,
            Reason: r.reason,
          })),
        ),
        count,
      };
    },

    ReelGet: async (request) => {
      const { orgId } = authOf(request);
      const reel = await findReel(ctx.db, orgId, request.query.reelCode);
      if (!reel) throw new Problem(404, 'stockReelNotFound', { reel: request.query.reelCode });
      return ok({
        ReelCode: reel.reelCode,
        PartCode: reel.partCode,
        PartName: reel.partName,
        VendorCode: reel.vendorCode,
        VendorName: reel.vendorName,
        LotCode: reel.lotCode,
        DateCode: reel.dateCode,
        ExpireDate: reel.expireDate,
        Qty: reel.qty,
        Status: reel.status,
        Sic: reel.sic,
        Loc: reel.loc,
        ReservedQty: reel.reservedQty,
        ReservedBillCode: reel.reservedBillCode,
        ParentReelCode: reel.parentReelCode,
        ReceivedAt: iso(reel.receivedAt),
        PrintCount: reel.printCount,
        PrintDate: iso(reel.printDate),
        Printer: reel.printer,
      });
    },
  } satisfies Partial<OperationHandlers>);
}
