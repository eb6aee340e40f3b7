/**
 * The Stocktake/* calls (openapi/paths/stocktake.yaml) in the contract's shape, in the organisation
 * the caller acts in; the rules are stocktake.ts's, the stock changes the ledger's.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { ok } from '../../http/responses.ts';
import { messageForRequest } from '../../i18n.ts';
import { granteeOf, hasAnyGrant } from '../roles/menus.ts';
import { shelvesAtCountStart } from '../shelves/shelves.ts';
import { stockCaller } from '../stock/handlers.ts';
import { quantityOf, quantityText } from '../stock/quantity.ts';
import { approvePlan, cancelPlan, countLine, createPlan, finalQtyOf, hasVariance, readPlan, startPlan, startRecount, type LineRow, type PlanRow } from './stocktake.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const qtyText = (value: string | null) => (value === null ? null : quantityText(value));

/**
 * How far a plan (p) is, over its lines (l): `counted` of `total` lines to count — in a re-count, the
 * re-counted of the lines to re-count. One rule for the plan's page and the terminal's list of plans.
 */
const PROGRESS_COLUMNS = sql`
  count(l.id) filter (where case when p.status = 'RECOUNT' then l.needs_recount and l.recount_qty is not null else l.counted_qty is not null end)::int as counted,
  count(l.id) filter (where p.status <> 'RECOUNT' or l.needs_recount)::int as total`;

export function planOut(plan: PlanRow) {
  return {
    Id: plan.id,
    Code: plan.code,
    Description: plan.description,
    Status: plan.status,
    Sics: plan.scope_sics,
    Locs: plan.scope_locs,
    Parts: plan.scope_parts,
    AbcClasses: plan.scope_abc as ('A' | 'B' | 'C')[],
    Blind: plan.blind,
    RecountByOther: plan.recount_by_other,
    CreatedBy: plan.created_by,
    CreatedAt: iso(plan.created_at)!,
    StartedAt: iso(plan.started_at),
    ApprovedBy: plan.approved_by,
    ApprovedAt: iso(plan.approved_at),
    Version: plan.version,
  };
}

export function lineOut(line: LineRow, showsExpected: boolean) {
  return {
    Id: String(line.id),
    Kind: line.kind,
    ReelCode: line.reel_code,
    PartCode: line.part_code,
    LotCode: line.lot_code,
    Sic: line.sic,
    Loc: line.loc,
    ExpectedQty: showsExpected ? quantityText(line.expected_qty) : null,
    CountedQty: qtyText(line.counted_qty),
    CountedSic: line.counted_sic,
    CountedLoc: line.counted_loc,
    CountedBy: line.counted_by,
    NeedsRecount: line.needs_recount,
    RecountQty: qtyText(line.recount_qty),
    RecountBy: line.recount_by,
    Variance: showsExpected ? quantityText(finalQtyOf(line).minus(quantityOf(line.expected_qty))) : null,
    TransactionId: line.transaction_id === null ? null : String(line.transaction_id),
  };
}

export function stocktakeHandlers(ctx: ServerContext) {
  const { db } = ctx;
  /** A blind count shows what is expected only to an approver (who needs the variances), or once it is posted. */
  const showsExpected = async (request: FastifyRequest, plan: PlanRow) =>
    !plan.blind || plan.status === 'POSTED' || (await hasAnyGrant(db, granteeOf(authOf(request).user), [{ menuCode: 'Stocktake', buttonCode: 'Approve' }]));

  return exactHandlers({
    StocktakeCreate: async (request) => {
      const plan = await createPlan(db, stockCaller(request), request.body, ctx.clock());
      return ok(planOut(plan), messageForRequest(request, 'stocktakeCreated', { plan: plan.code }));
    },
    StocktakeStart: async (request) => {
      // The scope's lights go out with the freeze (put-away cells suggested, pick lights): shelves.ts.
      const { plan, lines } = await shelvesAtCountStart(ctx, authOf(request).orgId, request.log, (release) =>
        startPlan(db, stockCaller(request), request.body.Id, release),
      );
      return ok(planOut(plan), messageForRequest(request, 'stocktakeStarted', { plan: plan.code, count: lines }));
    },
    StocktakeCount: async (request) => {
      const line = await countLine(db, stockCaller(request), request.body);
      const { plan } = await readPlan(db, authOf(request).orgId, request.body.Id);
      return ok(lineOut(line, await showsExpected(request, plan)), messageForRequest(request, 'stocktakeCounted'));
    },
    StocktakeRecount: async (request) => {
      const { plan, lines } = await startRecount(db, stockCaller(request), request.body.Id);
      return ok(planOut(plan), messageForRequest(request, 'stocktakeRecountStarted', { count: lines }));
    },
    StocktakeApprove: async (request) => {
      const { plan, posted } = await approvePlan(db, stockCaller(request), request.body.Id);
      return ok(planOut(plan), messageForRequest(request, 'stocktakePosted', { plan: plan.code, count: posted }));
    },
    StocktakeCancel: async (request) => {
      const plan = await cancelPlan(db, stockCaller(request), request.body.Id);
      return ok(planOut(plan), messageForRequest(request, 'stocktakeCancelled', { plan: plan.code }));
    },
    StocktakeCounting: async (request) => {
      const { rows } = await sql<{ id: string; code: string; description: string | null; status: 'COUNTING' | 'RECOUNT'; counted: number; total: number }>`
        select p.id, p.code, p.description, p.status,
               ${PROGRESS_COLUMNS}
          from stocktake_plans p
          left join stocktake_lines l on l.plan_id = p.id
         where p.org_id = ${authOf(request).orgId} and p.status in ('COUNTING', 'RECOUNT')
         group by p.id
         order by p.code desc`.execute(db);
      return ok(rows.map((row) => ({ Id: row.id, Code: row.code, Description: row.description, Status: row.status, Counted: row.counted, Total: row.total })));
    },
    StocktakeGet: async (request) => {
      const { plan, lines } = await readPlan(db, authOf(request).orgId, request.body.Id);
      const shows = await showsExpected(request, plan);
      const { rows: progress } = await sql<{ counted: number; total: number }>`
        select ${PROGRESS_COLUMNS} from stocktake_plans p left join stocktake_lines l on l.plan_id = p.id where p.id = ${plan.id} group by p.id`.execute(db);
      return ok({
        Plan: planOut(plan),
        Lines: lines.map((line) => lineOut(line, shows)),
        Counted: progress[0].counted,
        Total: progress[0].total,
        Variances: shows ? lines.filter(hasVariance).length : 0,
        ShowsExpected: shows,
      });
    },
  } satisfies Partial<OperationHandlers>);
}
