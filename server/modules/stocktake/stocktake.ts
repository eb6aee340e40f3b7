/**
 * Stocktaking (issue 20; spec §2 "Stocktaking, with a re-count action"). A count plan names its scope
 * (storage locations, locators, parts; each empty = all) and options (blind: counters do not see what
 * is expected; re-count by another counter). Its life:
 *
 *   DRAFT --start--> COUNTING --recount--> RECOUNT --approve--> POSTED
 *     \                 \---------------approve--------------------^
 *      \--cancel--> CANCELLED <--cancel-- (COUNTING, RECOUNT)
 *
 * - Start takes the snapshot: one SNAPSHOT line per reel in stock in the scope, with its quantity and
 *   place; from then until the plan ends its scope is FROZEN: the ledger refuses any move into or out
 *   of it (server/modules/stock/ledger.ts refuseFrozen), and the smart-shelf lights in it (put-away
 *   cells suggested, pick lights) go out and free their cells (shelves.ts shelvesAtCountStart). The
 *   start holds an exclusive lock on the reels for its instant, so no move is half-way when the
 *   snapshot is read.
 * - Counting: a scanned reel (its whole quantity, or a typed one) on its line, or — not expected — a
 *   FOUND line in the place where it was found; loose stock without a label typed as a quantity of a
 *   part in a place (a LOOSE line, posted as a new reel). Uncounted lines count as 0 (missing).
 * - Re-count: the lines whose count differs from what was expected are counted again (by another
 *   counter when the plan says so); the re-count is what is posted.
 * - Approve (a user with the button): every difference is posted through the ledger in the same
 *   transaction (moves to the counted place, ADJUST rows of the difference: reels found, missing,
 *   changed), the plan POSTED and its scope unfrozen. All or nothing: a refusal leaves it counting.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { nextDayCode } from '../../db/day-codes.ts';
import { Problem } from '../../http/problem.ts';
import type { MessageKey } from '../../../src/shared/messages/catalogue.ts';
import { applyStockMoves, type FrozenScope, type StockCaller, type StockMove } from '../stock/ledger.ts';
import { quantityOf, quantityText, type Qty } from '../stock/quantity.ts';
import { reelsByCode } from '../stock/reel-probe.ts';

import type { StocktakeStatus } from '../../../src/shared/stocktake/statuses.ts';
export type { StocktakeStatus };
type Action = 'Start' | 'Count' | 'Recount' | 'Approve' | 'Cancel';
type AbcClass = 'A' | 'B' | 'C';

export interface PlanInput {
  Description?: string;
  Sics?: string[];
  Locs?: string[];
  Parts?: string[];
  /** A cycle count by ABC class: resolved to the classes' parts (within Parts) at creation. */
  AbcClasses?: AbcClass[];
  Blind?: boolean;
  RecountByOther?: boolean;
}

export interface CountInput {
  Id: string;
  /** A scanned reel; else loose stock: PartCode, Sic, Loc, LotCode. */
  ReelCode?: string;
  PartCode?: string;
  LotCode?: string;
  /** Where it was counted (a reel not expected, or found elsewhere than expected; loose stock). */
  Sic?: string;
  Loc?: string;
  /** Typed; a scanned reel without it counts its whole quantity. */
  Qty?: string | number;
}

export interface PlanRow {
  id: string;
  code: string;
  description: string | null;
  scope_sics: string[];
  scope_locs: string[];
  scope_parts: string[];
  scope_abc: string[];
  blind: boolean;
  recount_by_other: boolean;
  status: StocktakeStatus;
  created_by: string;
  created_at: Date;
  started_at: Date | null;
  approved_by: string | null;
  approved_at: Date | null;
  version: number;
}

export interface LineRow {
  id: string;
  kind: 'SNAPSHOT' | 'FOUND' | 'LOOSE';
  reel_code: string | null;
  part_code: string;
  lot_code: string;
  sic: string;
  loc: string;
  expected_qty: string;
  counted_qty: string | null;
  counted_sic: string | null;
  counted_loc: string | null;
  counted_by: string | null;
  needs_recount: boolean;
  recount_qty: string | null;
  recount_by: string | null;
  transaction_id: string | null;
}

const STATUS_MESSAGE = (status: StocktakeStatus) => `stocktakeStatus${status}` as MessageKey;
const ACTION_MESSAGE = (action: Action) => `stocktakeAction${action}` as MessageKey;

const wrongStatus = (plan: PlanRow, action: Action) =>
  new Problem(409, 'stocktakeWrongStatus', { plan: plan.code, status: { message: STATUS_MESSAGE(plan.status) }, action: { message: ACTION_MESSAGE(action) } });

const STOCKTAKE_REASON = 'stocktake';

/** The quantity a line stands at: its re-count when it was re-counted, else its count, else 0 (not found). */
export const finalQtyOf = (line: Pick<LineRow, 'needs_recount' | 'recount_qty' | 'counted_qty'>): Qty =>
  quantityOf(line.needs_recount && line.recount_qty !== null ? line.recount_qty : (line.counted_qty ?? '0'));

/** A line differs from what was expected: in quantity, or found in another place. */
export const hasVariance = (line: Pick<LineRow, 'needs_recount' | 'recount_qty' | 'counted_qty' | 'expected_qty' | 'counted_sic'>) =>
  line.counted_sic !== null || !finalQtyOf(line).eq(quantityOf(line.expected_qty));

function countedQty(input: string | number): Qty {
  let qty: Qty;
  try {
    qty = quantityOf(input);
  } catch {
    throw new Problem(400, 'stocktakeQtyInvalid', { qty: String(input) });
  }
  if (!qty.isFinite() || qty.isNegative() || qty.decimalPlaces() > 6 || qty.gte(1e12)) throw new Problem(400, 'stocktakeQtyInvalid', { qty: String(input) });
  return qty;
}

const clean = (values: readonly string[] | undefined) => [...new Set((values ?? []).map((v) => v.trim()).filter(Boolean))].sort();

/** Whether a place and part lie in a plan's scope (each empty list: all). */
export const inScope = (plan: Pick<PlanRow, 'scope_sics' | 'scope_locs' | 'scope_parts'>, part: string, sic: string, loc: string) =>
  (!plan.scope_sics.length || plan.scope_sics.includes(sic)) && (!plan.scope_locs.length || plan.scope_locs.includes(loc)) && (!plan.scope_parts.length || plan.scope_parts.includes(part));

/** Two scopes share some stock when every dimension of theirs does (an empty list is all). */
const overlaps = (a: readonly string[], b: readonly string[]) => !a.length || !b.length || a.some((x) => b.includes(x));

async function lockedPlan(trx: DB, orgId: string, id: string): Promise<PlanRow> {
  const { rows } = await sql<PlanRow>`select * from stocktake_plans where id = ${id} and org_id = ${orgId} for update`.execute(trx);
  if (!rows[0]) throw new Problem(404, 'stocktakeNotFound');
  return rows[0];
}

export async function createPlan(db: DB, caller: StockCaller, input: PlanInput, now: Date): Promise<PlanRow> {
  const scope = { sics: clean(input.Sics), locs: clean(input.Locs), parts: clean(input.Parts) };
  const abc = [...new Set(input.AbcClasses ?? [])].sort();
  return db.transaction().execute(async (trx) => {
    const checks: [string[], string, MessageKey][] = [
      [scope.sics, 'md_storage_location', 'stocktakeWhatSic'],
      [scope.locs, 'md_locator', 'stocktakeWhatLoc'],
      [scope.parts, 'md_part', 'stocktakeWhatPart'],
    ];
    for (const [codes, table, what] of checks) {
      if (!codes.length) continue;
      const { rows } = await sql<{ code: string }>`select code from ${sql.table(table)} where org_id = ${caller.orgId} and code = any(${codes}::text[])`.execute(trx);
      const missing = codes.find((code) => !rows.some((r) => r.code === code));
      if (missing) throw new Problem(400, 'stocktakeScopeUnknown', { what: { message: what }, code: missing });
    }
    // A cycle count: the plan counts the parts of those classes, so the freeze and the snapshot work on parts as for any plan.
    if (abc.length) {
      const { rows } = await sql<{ part_code: string }>`
        select part_code from md_part_extension
         where org_id = ${caller.orgId} and abc_class = any(${abc}::text[])
           and (${scope.parts.length === 0} or part_code = any(${scope.parts}::text[]))
         order by part_code`.execute(trx);
      if (!rows.length) throw new Problem(400, 'stocktakeAbcEmpty', { classes: abc.join(', ') });
      scope.parts = rows.map((row) => row.part_code);
    }
    const code = await nextDayCode(trx, caller.orgId, 'ST', now);
    const { rows } = await sql<PlanRow>`
      insert into stocktake_plans (id, org_id, code, description, scope_sics, scope_locs, scope_parts, scope_abc, blind, recount_by_other, created_by)
      values (${randomUUID()}, ${caller.orgId}, ${code}, ${input.Description?.trim() || null}, ${scope.sics}::text[], ${scope.locs}::text[], ${scope.parts}::text[], ${abc}::text[],
              ${Boolean(input.Blind)}, ${Boolean(input.RecountByOther)}, ${caller.userName})
      returning *`.execute(trx);
    return rows[0];
  });
}

/**
 * Snapshot and freeze. `frozen`, when given, is called in the same transaction once the scope is frozen
 * (the shelves put out what was lit in it: shelvesAtCountStart), so the count starts with nothing lit or
 * reserved there, or does not start.
 */
export async function startPlan(
  db: DB,
  caller: StockCaller,
  id: string,
  frozen?: (trx: DB, scope: FrozenScope) => Promise<void>,
): Promise<{ plan: PlanRow; lines: number }> {
  return db.transaction().execute(async (trx) => {
    const plan = await lockedPlan(trx, caller.orgId, id);
    if (plan.status !== 'DRAFT') throw wrongStatus(plan, 'Start');
    // No ledger call is half-way while the snapshot is read, and none reads the frozen plans before this commits.
    await sql`lock table stock_reels in exclusive mode`.execute(trx);
    const { rows: active } = await sql<PlanRow>`
      select * from stocktake_plans where org_id = ${caller.orgId} and status in ('COUNTING', 'RECOUNT') and id <> ${id}`.execute(trx);
    const clash = active.find((other) => overlaps(other.scope_sics, plan.scope_sics) && overlaps(other.scope_locs, plan.scope_locs) && overlaps(other.scope_parts, plan.scope_parts));
    if (clash) throw new Problem(409, 'stocktakeScopeOverlaps', { plan: clash.code });
    const all = (values: string[]) => values.length === 0;
    const { numAffectedRows } = await sql`
      insert into stocktake_lines (plan_id, org_id, kind, reel_code, part_code, lot_code, sic, loc, expected_qty)
      select ${id}, org_id, 'SNAPSHOT', reel_code, part_code, lot_code, sic, loc, qty
        from stock_reels
       where org_id = ${caller.orgId} and status in ('IN_STOCK', 'INSPECTION')
         and (${all(plan.scope_sics)} or sic = any(${plan.scope_sics}::text[]))
         and (${all(plan.scope_locs)} or loc = any(${plan.scope_locs}::text[]))
         and (${all(plan.scope_parts)} or part_code = any(${plan.scope_parts}::text[]))
       order by sic, loc, part_code, reel_code`.execute(trx);
    const { rows } = await sql<PlanRow>`
      update stocktake_plans set status = 'COUNTING', started_by = ${caller.userName}, started_at = now(), version = version + 1
       where id = ${id} returning *`.execute(trx);
    await frozen?.(trx, { plan: plan.code, sics: plan.scope_sics, locs: plan.scope_locs, parts: plan.scope_parts });
    return { plan: rows[0], lines: Number(numAffectedRows ?? 0) };
  });
}

async function requirePlace(trx: DB, orgId: string, sic: string, loc: string) {
  const { rows } = await sql<{ sic: boolean; loc: boolean }>`
    select exists (select 1 from md_storage_location where org_id = ${orgId} and code = ${sic}) as sic,
           ${loc} = '' or exists (select 1 from md_locator where org_id = ${orgId} and code = ${loc} and storage_location_code = ${sic}) as loc`.execute(trx);
  if (!rows[0].sic) throw new Problem(400, 'stockSicUnknown', { sic });
  if (!rows[0].loc) throw new Problem(400, 'stockLocUnknown', { sic, loc });
}

/** One count: a reel scanned (or its quantity typed), or loose stock typed. Answers the line. */
export async function countLine(db: DB, caller: StockCaller, input: CountInput): Promise<LineRow> {
  const typed = input.Qty === undefined || input.Qty === '' ? undefined : countedQty(input.Qty);
  return db.transaction().execute(async (trx) => {
    const plan = await lockedPlan(trx, caller.orgId, input.Id);
    if (plan.status !== 'COUNTING' && plan.status !== 'RECOUNT') throw wrongStatus(plan, 'Count');
    const recounting = plan.status === 'RECOUNT';
    const sic = input.Sic?.trim() || undefined;
    const loc = input.Loc?.trim() ?? '';

    const record = async (line: LineRow, qty: Qty, place?: { sic: string; loc: string }) => {
      if (recounting) {
        if (!line.needs_recount) throw new Problem(409, line.reel_code ? 'stocktakeNotForRecount' : 'stocktakeLooseNotForRecount', { reel: line.reel_code ?? '' });
        if (plan.recount_by_other && line.counted_by === caller.userName) {
          throw new Problem(409, 'stocktakeRecountSameCounter', { reel: line.reel_code ?? line.part_code, user: line.counted_by });
        }
        const { rows } = await sql<LineRow>`
          update stocktake_lines set recount_qty = ${quantityText(qty)}, recount_by = ${caller.userName}, recount_at = now()
           where id = ${line.id} returning *`.execute(trx);
        return rows[0];
      }
      const moved = place && line.kind === 'SNAPSHOT' && (place.sic !== line.sic || place.loc !== line.loc) ? place : null;
      const { rows } = await sql<LineRow>`
        update stocktake_lines set counted_qty = ${quantityText(qty)}, counted_by = ${caller.userName}, counted_at = now(),
               counted_sic = ${moved?.sic ?? null}, counted_loc = ${moved?.loc ?? null}
         where id = ${line.id} returning *`.execute(trx);
      return rows[0];
    };

    if (input.ReelCode?.trim()) {
      const reelCode = input.ReelCode.trim();
      const { rows: reels } = await sql<{ part_code: string; lot_code: string; qty: string }>`
        select part_code, lot_code, qty from stock_reels where org_id = ${caller.orgId} and reel_code = ${reelCode}`.execute(trx);
      const reel = reels[0];
      if (!reel) throw new Problem(404, 'stocktakeReelUnknown', { reel: reelCode });
      const qty = typed ?? quantityOf(reel.qty);
      const { rows: found } = await sql<LineRow>`select * from stocktake_lines where plan_id = ${plan.id} and reel_code = ${reelCode} for update`.execute(trx);
      const line = found[0];
      if (sic) {
        if (!inScope(plan, reel.part_code, sic, loc)) throw new Problem(409, 'stocktakeOutOfScope', { part: reel.part_code, sic, loc, plan: plan.code });
        await requirePlace(trx, caller.orgId, sic, loc);
      }
      if (line) return record(line, qty, sic ? { sic, loc } : undefined);
      // Not expected: found in the place the counter names (only while counting; a re-count is of variances).
      if (recounting) throw new Problem(409, 'stocktakeNotForRecount', { reel: reelCode });
      if (!sic) throw new Problem(400, 'stocktakePlaceRequired', { reel: reelCode });
      const { rows } = await sql<LineRow>`
        insert into stocktake_lines (plan_id, org_id, kind, reel_code, part_code, lot_code, sic, loc, expected_qty, counted_qty, counted_by, counted_at)
        values (${plan.id}, ${caller.orgId}, 'FOUND', ${reelCode}, ${reel.part_code}, ${reel.lot_code}, ${sic}, ${loc}, 0, ${quantityText(qty)}, ${caller.userName}, now())
        returning *`.execute(trx);
      return rows[0];
    }

    // Loose stock: a part's quantity typed for a place (and lot).
    const part = input.PartCode?.trim();
    if (!part || !sic || typed === undefined) throw new Problem(400, 'stocktakeLooseIncomplete');
    const lot = input.LotCode?.trim() ?? '';
    if (!inScope(plan, part, sic, loc)) throw new Problem(409, 'stocktakeOutOfScope', { part, sic, loc, plan: plan.code });
    await requirePlace(trx, caller.orgId, sic, loc);
    const { rows: parts } = await sql<{ found: boolean }>`select exists (select 1 from md_part where org_id = ${caller.orgId} and code = ${part}) as found`.execute(trx);
    if (!parts[0].found) throw new Problem(400, 'stockPartUnknown', { part });
    const { rows: existing } = await sql<LineRow>`
      select * from stocktake_lines where plan_id = ${plan.id} and kind = 'LOOSE' and part_code = ${part} and sic = ${sic} and loc = ${loc} and lot_code = ${lot}
      for update`.execute(trx);
    if (existing[0]) return record(existing[0], typed);
    if (recounting) throw new Problem(409, 'stocktakeLooseNotForRecount');
    const { rows } = await sql<LineRow>`
      insert into stocktake_lines (plan_id, org_id, kind, reel_code, part_code, lot_code, sic, loc, expected_qty, counted_qty, counted_by, counted_at)
      values (${plan.id}, ${caller.orgId}, 'LOOSE', null, ${part}, ${lot}, ${sic}, ${loc}, 0, ${quantityText(typed)}, ${caller.userName}, now())
      returning *`.execute(trx);
    return rows[0];
  });
}

/** COUNTING → RECOUNT: the lines whose count differs from what was expected (uncounted ones: 0) are counted again. */
export async function startRecount(db: DB, caller: StockCaller, id: string): Promise<{ plan: PlanRow; lines: number }> {
  return db.transaction().execute(async (trx) => {
    const plan = await lockedPlan(trx, caller.orgId, id);
    if (plan.status !== 'COUNTING') throw wrongStatus(plan, 'Recount');
    const { numAffectedRows } = await sql`
      update stocktake_lines set needs_recount = true
       where plan_id = ${id} and (coalesce(counted_qty, 0) <> expected_qty or counted_sic is not null)`.execute(trx);
    const lines = Number(numAffectedRows ?? 0);
    if (!lines) throw new Problem(409, 'stocktakeNoVariance');
    const { rows } = await sql<PlanRow>`update stocktake_plans set status = 'RECOUNT', version = version + 1 where id = ${id} returning *`.execute(trx);
    return { plan: rows[0], lines };
  });
}

export async function cancelPlan(db: DB, caller: StockCaller, id: string): Promise<PlanRow> {
  return db.transaction().execute(async (trx) => {
    const plan = await lockedPlan(trx, caller.orgId, id);
    if (plan.status === 'POSTED' || plan.status === 'CANCELLED') throw wrongStatus(plan, 'Cancel');
    const { rows } = await sql<PlanRow>`update stocktake_plans set status = 'CANCELLED', version = version + 1 where id = ${id} returning *`.execute(trx);
    return rows[0];
  });
}

/**
 * Approves the count and posts its differences through the ledger, in one transaction: the plan is
 * POSTED first (its own scope no longer frozen for these moves, still frozen for everyone else until
 * the commit, since its row stays locked), then per line the moves that make the stock what was counted.
 */
export async function approvePlan(db: DB, caller: StockCaller, id: string): Promise<{ plan: PlanRow; posted: number }> {
  return db.transaction().execute(async (trx) => {
    const plan = await lockedPlan(trx, caller.orgId, id);
    if (plan.status !== 'COUNTING' && plan.status !== 'RECOUNT') throw wrongStatus(plan, 'Approve');
    const { rows: lines } = await sql<LineRow>`select * from stocktake_lines where plan_id = ${id} order by id`.execute(trx);
    if (plan.status === 'RECOUNT') {
      const open = lines.filter((l) => l.needs_recount && l.recount_qty === null).length;
      if (open) throw new Problem(409, 'stocktakeRecountOpen', { count: open });
    }
    const { rows: updated } = await sql<PlanRow>`
      update stocktake_plans set status = 'POSTED', approved_by = ${caller.userName}, approved_at = now(), version = version + 1
       where id = ${id} returning *`.execute(trx);

    const reelCodes = lines.flatMap((l) => (l.reel_code ? [l.reel_code] : []));
    const { rows: reels } = reelCodes.length
      ? await sql<{ reel_code: string; qty: string; status: string; sic: string | null; loc: string | null }>`
          select reel_code, qty, status, sic, loc from ${reelsByCode(caller.orgId, reelCodes)} r`.execute(trx)
      : { rows: [] };
    const reelOf = new Map(reels.map((r) => [r.reel_code, r]));

    const moves: StockMove[] = [];
    const lineOfMove: string[] = [];
    const context = { billCode: plan.code, reason: STOCKTAKE_REASON };
    for (const line of lines) {
      const counted = finalQtyOf(line);
      const place = { sic: line.counted_sic ?? line.sic, loc: line.counted_loc ?? line.loc };
      const add = (move: StockMove) => {
        moves.push(move);
        lineOfMove.push(line.id);
      };
      if (line.kind === 'LOOSE') {
        if (!counted.isZero()) add({ kind: 'adjust', reelCode: `${plan.code}-${line.id}`, to: place, countedQty: quantityText(counted), reel: { partCode: line.part_code, lotCode: line.lot_code }, ...context });
        continue;
      }
      const reel = reelOf.get(line.reel_code!)!;
      const inStock = reel.status === 'IN_STOCK' || reel.status === 'INSPECTION';
      if (counted.isZero()) {
        // Missing where it was expected (a FOUND line counted 0 changes nothing).
        if (inStock && line.kind === 'SNAPSHOT') add({ kind: 'adjust', reelCode: reel.reel_code, to: { sic: reel.sic!, loc: reel.loc! }, countedQty: '0', ...context });
        continue;
      }
      if (inStock && (reel.sic !== place.sic || reel.loc !== place.loc)) add({ kind: 'transfer', reelCode: reel.reel_code, to: place, ...context });
      if (!inStock || !quantityOf(reel.qty).eq(counted)) add({ kind: 'adjust', reelCode: reel.reel_code, to: place, countedQty: quantityText(counted), ...context });
    }
    const transactions = moves.length ? await applyStockMoves(trx, caller, moves) : [];
    // Each line names the last ledger transaction that posted it.
    const lastOfLine = new Map<string, string>();
    transactions.forEach((t, index) => lastOfLine.set(lineOfMove[index], String(t.id)));
    for (const [lineId, transactionId] of lastOfLine) {
      await sql`update stocktake_lines set transaction_id = ${transactionId} where id = ${lineId}`.execute(trx);
    }
    return { plan: updated[0], posted: lastOfLine.size };
  });
}

export async function readPlan(db: DB, orgId: string, id: string): Promise<{ plan: PlanRow; lines: LineRow[] }> {
  const { rows } = await sql<PlanRow>`select * from stocktake_plans where id = ${id} and org_id = ${orgId}`.execute(db);
  if (!rows[0]) throw new Problem(404, 'stocktakeNotFound');
  const { rows: lines } = await sql<LineRow>`select * from stocktake_lines where plan_id = ${id} order by sic, loc, part_code, id`.execute(db);
  return { plan: rows[0], lines };
}
