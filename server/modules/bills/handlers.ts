/**
 * The Bill/* calls in the contract's shape, in the organisation the caller acts in. Who may call
 * which is checked once, before any handler, by the x-permission (`bill(body.Id)#<Action>`,
 * server/access.ts); the engine's modules hold the rules. The outbound actions' handlers are
 * outbound-handlers.ts's (helper "billout").
 */
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { ok } from '../../http/responses.ts';
import type { FastifyRequest } from 'fastify';
import type { ActionResult, BillCaller } from './engine.ts';
import { afterBillAction, billEnded, reelsTaken } from '../shelves/shelves.ts';
import { getBill } from './get.ts';
import { cancelReceipt, confirmReceipt, confirmReceiptByLabel, createReels, invalidate, oneKeyReceipt } from './inbound.ts';
import { billOutboundHandlers } from './outbound-handlers.ts';
import { saveBill } from './save.ts';

/** The caller of a bill call as the engine and the ledger know it. */
export function billCaller(request: FastifyRequest): BillCaller {
  const { orgId, user } = authOf(request);
  return { orgId, userId: user.id, userName: user.userName };
}

/** A receipt has put its reels away: their put-to-light cells go out (after the commit; a device failure is only logged). */
async function putAway(ctx: ServerContext, request: FastifyRequest, result: ActionResult): Promise<ActionResult> {
  const received = result.Reels.filter((r) => r.Status === 'RECEIVED').map((r) => r.ReelCode);
  await afterBillAction(() => reelsTaken(ctx, billCaller(request).orgId, received, request.log), request.log);
  return result;
}

export function billHandlers(ctx: ServerContext) {
  return {
    ...exactHandlers({
      BillSave: async (request) => ok(await saveBill(ctx.db, billCaller(request), request.body, ctx.clock())),
      BillGet: async (request) => ok(await getBill(ctx.db, authOf(request).orgId, request.query.id)),
      BillCreateReels: async (request) => ok(await createReels(ctx.db, billCaller(request), request.body)),
      BillConfirmReceipt: async (request) => ok(await putAway(ctx, request, await confirmReceipt(ctx.db, billCaller(request), request.body))),
      BillConfirmReceiptByLabel: async (request) => ok(await putAway(ctx, request, await confirmReceiptByLabel(ctx.db, billCaller(request), request.body))),
      BillOneKeyReceipt: async (request) => ok(await putAway(ctx, request, await oneKeyReceipt(ctx.db, billCaller(request), request.body))),
      BillCancelReceipt: async (request) => ok(await cancelReceipt(ctx.db, billCaller(request), request.body)),
      BillInvalidate: async (request) => {
        const result = await invalidate(ctx.db, billCaller(request), request.body);
        // A cancelled bill can no longer light off: its cells go out with it.
        if (result.Status === 'CANCELLED') await afterBillAction(() => billEnded(ctx, billCaller(request).orgId, result.Id, request.log), request.log);
        return ok(result);
      },
    } satisfies Partial<OperationHandlers>),
    ...billOutboundHandlers(ctx),
  };
}
