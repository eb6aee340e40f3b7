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
import type { BillAction } from '../../../src/shared/bills/actions.ts';
import { shelvesAfter, shelvesAfterRefusal } from '../shelves/shelves.ts';
import { stockCaller } from '../stock/handlers.ts';
import { getBill } from './get.ts';
import { cancelReceipt, confirmReceipt, confirmReceiptByLabel, createReels, invalidate, oneKeyReceipt } from './inbound.ts';
import { billOutboundHandlers } from './outbound-handlers.ts';
import { refOptions } from './ref-options.ts';
import { saveBill } from './save.ts';

/** The caller of a bill call as the engine and the ledger know it. */
export const billCaller: (request: FastifyRequest) => BillCaller = stockCaller;

/** The action's answer, once the shelves have followed it (shelvesAfter; a device failure is only logged). */
async function followed(ctx: ServerContext, request: FastifyRequest, action: BillAction, result: ActionResult, putInto?: string): Promise<ActionResult> {
  await shelvesAfter(ctx, billCaller(request).orgId, request.log, action, result, undefined, putInto);
  return result;
}

/** The action's refusal, once the shelves have followed it (shelvesAfterRefusal: a count's freeze puts out what the bill lit there). */
const refused = (ctx: ServerContext, request: FastifyRequest & { body: { Id: string } }) => (refusal: unknown) =>
  shelvesAfterRefusal(ctx, billCaller(request).orgId, request.log, request.body.Id, refusal);

export function billHandlers(ctx: ServerContext) {
  return {
    ...exactHandlers({
      BillSave: async (request) => ok(await saveBill(ctx.db, billCaller(request), request.body, ctx.clock())),
      BillGet: async (request) => ok(await getBill(ctx.db, authOf(request).orgId, request.query.id)),
      BillRefOptions: async (request) => ok(await refOptions(ctx.db, authOf(request).orgId, request.body)),
      BillCreateReels: async (request) => ok(await createReels(ctx.db, billCaller(request), request.body)),
      BillConfirmReceipt: async (request) =>
        ok(await followed(ctx, request, 'ConfirmReceipt', await confirmReceipt(ctx.db, billCaller(request), request.body).catch(refused(ctx, request)), request.body.ToLoc)),
      BillConfirmReceiptByLabel: async (request) =>
        ok(
          await followed(ctx, request, 'ConfirmReceipt', await confirmReceiptByLabel(ctx.db, billCaller(request), request.body).catch(refused(ctx, request)), request.body.ToLoc),
        ),
      BillOneKeyReceipt: async (request) =>
        ok(await followed(ctx, request, 'OneKeyReceipt', await oneKeyReceipt(ctx.db, billCaller(request), request.body).catch(refused(ctx, request)))),
      BillCancelReceipt: async (request) => ok(await cancelReceipt(ctx.db, billCaller(request), request.body)),
      BillInvalidate: async (request) => ok(await followed(ctx, request, 'Invalidate', await invalidate(ctx.db, billCaller(request), request.body))),
    } satisfies Partial<OperationHandlers>),
    ...billOutboundHandlers(ctx),
  };
}
