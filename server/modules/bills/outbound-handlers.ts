/**
 * The outbound bill actions' HTTP handlers (issue 14): Bill/ReserveStock, Pick, LineCancelPick,
 * CancelReelIssue, CancelIssue, ConfirmClose, CloseLine, OneKeyClose, OneKeyMoveStock,
 * HandoverConfirm, PostLine, LightOn, LightOff. Each is one engine action (engine.ts: the bill locked,
 * the action checked against src/shared/bills/actions.ts, a repeat in a status where its result
 * stands answered as it is); the rules and the stock effect per category are outbound.ts's. An
 * action that changed nothing (a double scan, a retried request) answers without a log row or a
 * status change; one that did ends with the engine's `finish` (lines recomputed, status, log).
 */
import type { ServerContext } from '../../context.ts';
import type { DB } from '../../db/database.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { ok } from '../../http/responses.ts';
import type { BillAction } from '../../../src/shared/bills/actions.ts';
import { quantityOf } from '../stock/quantity.ts';
import { actionResult, finishAndAnswer, withBillAction, type ActionResult, type BillCaller, type LockedBill } from './engine.ts';
import { billCaller } from './handlers.ts';
import { shelvesAfter, shelvesAfterRefusal } from '../shelves/shelves.ts';
import {
  cancelIssue,
  cancelReelIssue,
  closeBill,
  closeLine,
  handoverConfirm,
  light,
  lineCancelPick,
  oneKeyMoveStock,
  outboundStart,
  pick,
  postLine,
  reserveStock,
  type OutboundBill,
  type OutboundContext,
  type OutboundResult,
  type OutboundStart,
} from './outbound.ts';

/** The bill and its lines as outbound.ts works on them, with its state as the action starts (one statement). */
async function outboundBill(trx: DB, caller: BillCaller, bill: LockedBill, reelCode?: string): Promise<OutboundBill & { actual: Map<number, string>; start: OutboundStart }> {
  const { lines, start } = await outboundStart(trx, caller.orgId, { id: String(bill.header.id), code: bill.header.bill_code }, reelCode);
  return {
    id: String(bill.header.id),
    code: bill.header.bill_code,
    typeCode: bill.type.code,
    category: bill.type.category,
    erpBillType: bill.header.erp_bill_type ?? bill.type.erpBillType,
    fefo: bill.type.fefo,
    lines: lines.map((l) => ({
      lineNo: l.line_no,
      partCode: l.part_code,
      qty: quantityOf(l.qty),
      status: l.status,
      toSic: l.to_sic,
      toLoc: l.to_loc,
      fromSic: l.from_sic,
      fromLoc: l.from_loc,
    })),
    actual: new Map(lines.map((l) => [l.line_no, l.actual_qty])),
    start,
  };
}

/**
 * Runs one outbound action: `work` gets the context (the bill locked) and says what it did; the
 * lines whose status it changed are written, then the engine finishes (unless nothing changed).
 */
function run(
  ctx: ServerContext,
  caller: BillCaller,
  id: string,
  action: BillAction,
  work: (x: OutboundContext, actual: Map<number, string>) => Promise<OutboundResult>,
  reelCode?: string,
): Promise<ActionResult> {
  const doWork = async (trx: DB, bill: LockedBill): Promise<ActionResult> => {
    const { actual, start, ...outbound } = await outboundBill(trx, caller, bill, reelCode);
    const x: OutboundContext = { trx, caller, bill: outbound, today: ctx.clock().toISOString().slice(0, 10), action, atStart: start };
    const result = await work(x, actual);
    const lineNos = [...new Set([...result.reels.map((r) => r.LineNo), ...(result.lineStatuses ?? []).map((l) => l.lineNo), ...(result.lines ?? [])])];
    for (const { lineNo, status } of result.lineStatuses ?? []) {
      await trx.updateTable('bill_lines').set({ status }).where('bill_id', '=', bill.header.id).where('line_no', '=', lineNo).execute();
    }
    if (result.changed ?? (result.reels.length > 0 || (result.lineStatuses?.length ?? 0) > 0)) {
      const log = result.reels.length
        ? result.reels.map((r) => ({ lineNo: r.LineNo, reelCode: r.ReelCode, qty: r.Qty }))
        : lineNos.map((lineNo) => ({ lineNo }));
      // Closing a line closes the bill with its last open line, and otherwise leaves its status as it
      // is (the reservations it released are not an undo: the bill stays processing).
      const status = action === 'CloseLine' ? (outbound.lines.some((l) => l.status === 'OPEN') ? bill.header.status : 'CLOSED') : undefined;
      return finishAndAnswer(trx, caller, bill, action, { log, status, boxWrite: result.boxWrite, reelCodes: result.reels.map((r) => r.ReelCode), answerLineNos: lineNos });
    }
    if (result.boxWrite) await result.boxWrite.execute(trx);
    return actionResult(trx, bill, result.reels.map((r) => r.ReelCode), lineNos);
  };
  return withBillAction(ctx.db, caller, id, action, doWork, RUN_AGAIN_ON_REPEAT.has(action) ? doWork : (trx, bill) => actionResult(trx, bill, [], []));
}

/**
 * The cancels repeated after everything was undone (the bill back in EDITING, their `repeatDoneIn`)
 * run again rather than answer the bill as it is: they find nothing live to undo and answer so,
 * while a reel never picked on the bill, or a line it does not have, is still refused.
 */
const RUN_AGAIN_ON_REPEAT = new Set<BillAction>(['LineCancelPick', 'CancelReelIssue', 'CancelIssue']);

export function billOutboundHandlers(ctx: ServerContext) {
  // The shelves follow once the action has committed (shelvesAfter in server/modules/shelves/shelves.ts);
  // a device failure is logged and recorded, never the action's failure.
  const act = (request: Parameters<typeof billCaller>[0], id: string, action: BillAction, work: Parameters<typeof run>[4], reelCode?: string) =>
    run(ctx, billCaller(request), id, action, work, reelCode).then(
      async (result) => {
        await shelvesAfter(ctx, billCaller(request).orgId, request.log, action, result, reelCode);
        return ok(result);
      },
      // A count's freeze refused it: what the bill lit in the frozen places goes out.
      (refusal: unknown) => shelvesAfterRefusal(ctx, billCaller(request).orgId, request.log, id, refusal),
    );
  return exactHandlers({
    BillReserveStock: (request) => act(request, request.body.Id, 'ReserveStock', (x) => reserveStock(x)),
    BillPick: (request) => act(request, request.body.Id, 'Pick', (x) => pick(x, request.body.ReelCode, request.body.Qty, request.body.RequestKey), request.body.ReelCode),
    BillLineCancelPick: (request) => act(request, request.body.Id, 'LineCancelPick', (x) => lineCancelPick(x, request.body.LineNo)),
    BillCancelReelIssue: (request) => act(request, request.body.Id, 'CancelReelIssue', (x) => cancelReelIssue(x, request.body.ReelCode)),
    BillCancelIssue: (request) => act(request, request.body.Id, 'CancelIssue', (x) => cancelIssue(x)),
    BillConfirmClose: (request) => act(request, request.body.Id, 'ConfirmClose', (x) => closeBill(x)),
    BillCloseLine: (request) => act(request, request.body.Id, 'CloseLine', (x) => closeLine(x, request.body.LineNo)),
    BillOneKeyClose: (request) => act(request, request.body.Id, 'OneKeyClose', (x) => closeBill(x)),
    BillOneKeyMoveStock: (request) => act(request, request.body.Id, 'OneKeyMoveStock', (x) => oneKeyMoveStock(x)),
    BillHandoverConfirm: (request) => act(request, request.body.Id, 'HandoverConfirm', (x) => handoverConfirm(x)),
    BillPostLine: (request) =>
      act(request, request.body.Id, 'PostLine', (x, actual) => postLine(x, request.body.LineNo, quantityOf(actual.get(request.body.LineNo) ?? '0'))),
    BillLightOn: (request) => act(request, request.body.Id, 'LightOn', (x) => light(x, true)),
    BillLightOff: (request) => act(request, request.body.Id, 'LightOff', (x) => light(x, false)),
  } satisfies Partial<OperationHandlers>);
}
