/**
 * Smart shelves (issue 17): the bill actions' light requests (bill_light_requests, written by
 * Bill/LightOn|LightOff in the bill's transaction) carried out on the cells' lights, and the rack
 * view's read (Shelf/Cells).
 *
 * Where a reel is: a rack cell's place is its locator (md_rack_cell.locator_code), so a reel in stock
 * lies in the enabled cells whose locator is its `loc`; a reel not received yet (a receiving bill's)
 * goes to its bill line's ToLoc, whose cells light for the put-away. When several cells share one
 * locator (the demo racks give one locator to a row's five cells) they all light: the portal knows
 * the locator, not which of its cells holds the reel.
 *
 * When: after the bill action has committed, never inside its transaction, so a device or broker
 * outage cannot fail or hold up the bill action beyond the adapter's time limit: the request is then
 * marked FAILED, the cell's last send (shelf_cell_lights) says FAILED with the error, a warning is
 * logged, and the next light change of the organisation sends the failed cells again. A cell is on
 * while some lit reel is in it (shelf_lit_reels): light on replaces the bill's lit reels with the
 * request's, light off removes them, a pick or a receipt removes the reels it took or put away, and
 * a bill that closes or is cancelled (no light off is possible then) removes its own.
 * Issuing bills light green and steady (take from here), receiving bills blue and blinking (put here).
 *
 * Put-to-light (Shelf/SuggestCell, suggestCell below): a receipt's reel is offered the first free cell
 * (lowest cell code) of an enabled rack of its line's storage location, and that cell lights blue and
 * blinking. Free: an enabled cell whose locator (of that storage location) holds no reel in stock and
 * no lit reel. The suggestion is a lit reel that also reserves the locator (shelf_lit_reels.locator_code,
 * at most one suggestion per locator: migration 0091_01), written by one insert that picks the cell, so
 * two operators asking at once never get the same place, even on two servers: the insert that loses
 * the race writes nothing and picks again. The receipt then names the cell's locator (Bill/ConfirmReceipt
 * ToLoc) and turns the light off as every receipt does (its reel's lit rows, and the bill's suggestion
 * at the locator it received into).
 *
 * One change at a time per server (a queue), so two requests never interleave their sends.
 *
 * A stock count starting (Stocktake/Start) puts out what is lit in its scope, and whatever lights or
 * reserves a cell checks the freeze first (a suggestion; a light request where it is switched, as well as
 * when the bill action records it). Across server processes on one database the queue cannot order them,
 * so each of these transactions takes the organisation's shelves lock (lockShelves, an advisory lock held
 * to its commit): either the light lands first and the count's start (waiting for it) puts it out, or the
 * start commits first and the light (waiting for it) sees the freeze. Lock order, the same in every path,
 * so none can wait in a circle: the bill's row (a suggestion, a light switch) or the count's plan row and
 * the stock_reels table lock (a count's start) first, then the shelves lock, then only shelf_lit_reels,
 * bill_light_requests and shelf_cell_lights rows and plain reads. Whoever holds the shelves lock needs
 * nothing the start holds (a plain read of stock_reels does not conflict with its table lock), and the
 * ledger's transactions never take the shelves lock.
 *
 * A light request meeting a count started after its check (between the bill action's commit and the
 * switch, or on another server): the reels in the frozen scope are left out (not lit, no cell taken) and
 * the others lit; the request keeps only the reels it lit (so the same LightOn once the count is over is
 * no repeat and lights them), and LightOn answers the freeze's refusal (409 stockPlaceFrozen, the first
 * left-out reel's place and count), the answer it gets when the count started before its check.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ServerContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { BillAction } from '../../../src/shared/bills/actions.ts';
import { checkAction, lockBill, type ActionResult } from '../bills/engine.ts';
import { inTransaction, type DB } from '../../db/database.ts';
import { Problem } from '../../http/problem.ts';
import { quantityOf, quantityText } from '../stock/quantity.ts';
import { reelsByCode } from '../stock/reel-probe.ts';
import { frozenLights } from '../bills/outbound.ts';
import { frozenRefusal, frozenScopeOf, frozenScopes, type FrozenScope } from '../stock/ledger.ts';
import { CellAddressError, LIGHT_OFF, type CellLight, type LightColor, type ShelfCell } from './lights.ts';

export interface ShelfLog {
  warn(details: object, message: string): void;
}

const queues = new WeakMap<object, Promise<unknown>>();

/** Runs `work` after every earlier shelf change of this server has finished. */
function queued<T>(ctx: ServerContext, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(ctx.shelfLights) ?? Promise.resolve();
  const next = previous.then(work, work);
  queues.set(ctx.shelfLights, next.catch(() => undefined));
  return next;
}

/**
 * The organisation's shelves lock, held to the end of the transaction (see the header: the order of a
 * count's start and a light or suggestion across server processes). Two-key advisory lock: its own key
 * space, apart from the single-key locks (jobs, seeding). PGlite, one process, has it too.
 */
async function lockShelves(trx: DB, orgId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('shelves'), hashtext(${orgId}))`.execute(trx);
}

/** A cell with the light its lit reels call for. */
interface CellTarget extends ShelfCell {
  light: CellLight;
}

/** The cells' desired lights: on while some reel lit in them; the earliest lit reel's colour. */
async function targets(db: DB, orgId: string, cellCodes: readonly string[]): Promise<CellTarget[]> {
  if (!cellCodes.length) return [];
  const { rows } = await sql<{ code: string; rack_code: string; light_address: string; org_code: string; color: string | null; blink: boolean | null }>`
    select c.code, c.rack_code, c.light_address, o.code as org_code, first.color, first.blink
    from md_rack_cell c
    join organizations o on o.id = c.org_id
    left join lateral (
      select l.color, bool_or(l.blink) over () as blink from shelf_lit_reels l
      where l.org_id = c.org_id and l.cell_code = c.code order by l.lit_at, l.reel_code limit 1
    ) first on true
    where c.org_id = ${orgId} and c.code = any(${[...cellCodes]}::text[])
    order by c.code`.execute(db);
  return rows.map((r) => ({
    orgCode: r.org_code,
    rackCode: r.rack_code,
    cellCode: r.code,
    address: r.light_address,
    light: r.color ? { on: true, color: r.color as LightColor, blink: r.blink ?? false } : LIGHT_OFF,
  }));
}

/** Sends each cell its light and records how that went; true when every send succeeded. */
async function send(ctx: ServerContext, orgId: string, cells: readonly CellTarget[], log: ShelfLog): Promise<boolean> {
  // After the first failure the rest are not tried (the device or broker is out: each would wait its
  // time limit again); they are recorded failed with the same error and sent with the next change.
  // A cell the device cannot be told about (CellAddressError: a code that cannot be a topic) fails alone.
  let firstError: string | null = null;
  let failed = false;
  const sends = [];
  for (const cell of cells) {
    let error: string | null = firstError;
    if (!error) {
      try {
        await ctx.shelfLights.set(cell, cell.light);
      } catch (failure) {
        error = failure instanceof Error ? failure.message : String(failure);
        if (!(failure instanceof CellAddressError)) firstError = error;
        failed = true;
      }
    }
    if (error) log.warn({ cell: cell.cellCode, rack: cell.rackCode, device: ctx.shelfLights.kind, error }, 'shelf light not sent');
    sends.push({
      org_id: orgId,
      cell_code: cell.cellCode,
      light_on: cell.light.on,
      color: cell.light.color,
      blink: cell.light.blink,
      device: ctx.shelfLights.kind,
      status: error ? ('FAILED' as const) : ('SENT' as const),
      error,
      updated_at: ctx.clock(),
    });
  }
  // Each cell's last send, recorded in one statement.
  if (sends.length) {
    await ctx.db
      .insertInto('shelf_cell_lights')
      .values(sends)
      .onConflict((c) =>
        c.columns(['org_id', 'cell_code']).doUpdateSet((eb) => ({
          light_on: eb.ref('excluded.light_on'),
          color: eb.ref('excluded.color'),
          blink: eb.ref('excluded.blink'),
          device: eb.ref('excluded.device'),
          status: eb.ref('excluded.status'),
          error: eb.ref('excluded.error'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  return !failed;
}

/** The organisation's cells whose last send failed: sent again with the next change. */
const failedCells = async (db: DB, orgId: string) =>
  (await db.selectFrom('shelf_cell_lights').select('cell_code').where('org_id', '=', orgId).where('status', '=', 'FAILED').execute()).map((r) => r.cell_code);

/** Sends the lights of the cells a change touched, with those whose last send failed; false when a send failed. */
async function sendChanged(ctx: ServerContext, orgId: string, touched: Iterable<string>, log: ShelfLog): Promise<boolean> {
  const cells = new Set([...touched, ...(await failedCells(ctx.db, orgId))]);
  return send(ctx, orgId, await targets(ctx.db, orgId, [...cells]), log);
}

/**
 * Carries out the bill's pending light requests (normally the one its LightOn/LightOff just recorded),
 * oldest first; each ends DONE, or FAILED when a cell's light could not be sent. Never throws for a
 * device failure. A count started since the request's check: its reels in the frozen scope are left out
 * (see the header), and `refused` is the freeze's refusal of the first of them (the last request's).
 */
function carryOutLightRequests(ctx: ServerContext, orgId: string, billId: string, log: ShelfLog): Promise<{ refused?: Problem }> {
  return queued(ctx, async () => {
    const { ids, cells, refused } = await ctx.db.transaction().execute(async (trx) => {
      // The bill's row, then the shelves lock (the header's lock order); the freeze read after both.
      await lockBill(trx, orgId, billId);
      await lockShelves(trx, orgId);
      const pending = await trx
        .selectFrom('bill_light_requests')
        .select(['id', 'light', 'reel_codes'])
        .where('org_id', '=', orgId)
        .where('bill_id', '=', billId)
        .where('status', '=', 'PENDING')
        .orderBy('id')
        .execute();
      const frozen = pending.some((r) => r.light === 'ON' && r.reel_codes.length) ? await frozenScopes(trx, orgId) : [];
      const touched = new Set<string>();
      let refused: Problem | undefined;
      for (const request of pending) {
        const before = await removeLit(trx, orgId, (eb) => eb('bill_id', '=', billId));
        before.forEach((cell) => touched.add(cell));
        refused = undefined;
        if (request.light !== 'ON' || !request.reel_codes.length) continue;
        const leftOut = await frozenLights(trx, orgId, billId, request.reel_codes, frozen);
        const gone = new Set(leftOut.map((r) => r.reelCode));
        const codes = request.reel_codes.filter((code) => !gone.has(code));
        if (leftOut.length) {
          refused = leftOut[0].refusal;
          await trx.updateTable('bill_light_requests').set({ reel_codes: codes }).where('id', '=', request.id).execute();
        }
        if (!codes.length) continue;
        const { rows } = await sql<{ cell_code: string }>`
          insert into shelf_lit_reels (org_id, bill_id, reel_code, cell_code, color, blink)
          select r.org_id, ${billId}::bigint, r.reel_code, c.code,
            case when r.status = 'CREATED' then 'blue' else 'green' end, r.status = 'CREATED'
          from ${reelsByCode(orgId, codes)} r
          left join bill_boxes b on b.bill_id = ${billId}::bigint and b.reel_code = r.reel_code
          left join bill_lines bl on bl.bill_id = b.bill_id and bl.line_no = b.line_no
          join md_rack_cell c on c.org_id = r.org_id and c.enabled and c.locator_code = coalesce(r.loc, bl.to_loc)
          on conflict do nothing
          returning cell_code`.execute(trx);
        rows.forEach((r) => touched.add(r.cell_code));
      }
      return { ids: pending.map((r) => r.id), cells: touched, refused };
    });
    if (!ids.length) return {};
    const sent = await sendChanged(ctx, orgId, cells, log);
    await ctx.db.updateTable('bill_light_requests').set({ status: sent ? 'DONE' : 'FAILED' }).where('id', 'in', ids).where('status', '=', 'PENDING').execute();
    return { refused };
  });
}

/** Which lit reels a change removes (of the organisation). */
type LitReels = (eb: ExpressionBuilder<Database, 'shelf_lit_reels'>) => Expression<SqlBool>;

/**
 * Removes the lit reels `which` names and sends their cells: off, unless another lit reel keeps a cell on.
 * Always one statement (the delete; shelf_lit_reels_reel serves a pick's or a receipt's reels), even when
 * nothing is lit: a count of lit reels kept by this process would miss what another server lit.
 */
function putOut(ctx: ServerContext, orgId: string, which: LitReels, log: ShelfLog): Promise<void> {
  return queued(ctx, () => putOutNow(ctx, orgId, which, log));
}

/** Deletes the organisation's lit reels `which` names; their cells, to send once the change is visible. */
async function removeLit(db: DB, orgId: string, which: LitReels): Promise<string[]> {
  const removed = await db.deleteFrom('shelf_lit_reels').where('org_id', '=', orgId).where(which).returning('cell_code').execute();
  return removed.map((r) => r.cell_code);
}

/** putOut's work, inside the queue. */
async function putOutNow(ctx: ServerContext, orgId: string, which: LitReels, log: ShelfLog): Promise<void> {
  const removed = await removeLit(ctx.db, orgId, which);
  if (!removed.length) return;
  await sendChanged(ctx, orgId, removed, log);
}

/** A lit reel: one shelf_lit_reels row. */
type LitReel = { bill_id: string; reel_code: string; cell_code: string };

/**
 * The lit reels (of one bill, or all the organisation's) whose place lies in one of the `frozen` scopes.
 * A reel's place is its cell's locator, in the reel's storage location (in stock) or the locator's (not
 * received yet); its part the reel's, or the line's for a line's suggestion.
 */
async function litInScopes(db: DB, orgId: string, frozen: readonly FrozenScope[], billId?: string): Promise<LitReel[]> {
  if (!frozen.length) return [];
  const { rows } = await sql<LitReel & { sic: string | null; loc: string | null; part: string | null }>`
    select l.bill_id::text as bill_id, l.reel_code, l.cell_code, coalesce(r.sic, lo.storage_location_code) as sic, c.locator_code as loc, coalesce(r.part_code, bl.part_code) as part
    from shelf_lit_reels l
    join md_rack_cell c on c.org_id = l.org_id and c.code = l.cell_code
    left join md_locator lo on lo.org_id = c.org_id and lo.code = c.locator_code
    left join lateral (select s.sic, s.part_code from stock_reels s where s.org_id = l.org_id and s.reel_code = l.reel_code limit 1) r on l.reel_code <> ''
    left join bill_lines bl on bl.bill_id = l.bill_id and bl.line_no = l.line_no
    where l.org_id = ${orgId} ${billId === undefined ? sql`` : sql`and l.bill_id = ${billId}::bigint`}`.execute(db);
  return rows.filter((r) => r.sic !== null && r.part !== null && frozenScopeOf(frozen, r.part, r.sic, r.loc ?? ''));
}

/** Exactly the lit reels `rows` (their primary key; the organisation is putOut's). */
const theseLitReels =
  (rows: readonly LitReel[]): LitReels =>
  (eb) =>
    eb.or(rows.map((g) => eb.and([eb('bill_id', '=', g.bill_id), eb('reel_code', '=', g.reel_code), eb('cell_code', '=', g.cell_code)])));

/**
 * The bill's lit reels whose place a stock count has frozen go out: lit after the count started by a
 * light request checked before it (or by a second server), they would otherwise stay lit (and a
 * suggestion's locator reserved) for a move the ledger refuses until the count ends.
 */
function putOutFrozen(ctx: ServerContext, orgId: string, billId: string, log: ShelfLog): Promise<void> {
  return queued(ctx, async () => {
    const gone = await litInScopes(ctx.db, orgId, await frozenScopes(ctx.db, orgId), billId);
    if (gone.length) await putOutNow(ctx, orgId, theseLitReels(gone), log);
  });
}

/**
 * A stock count starting (Stocktake/Start): `start` freezes the count's scope in its transaction and
 * calls `release(trx, scope)` there, which removes every lit reel in that scope (a put-away cell
 * suggested and its locator reserved, a pick or put-away light), whatever bill lit it: the moves they
 * stand for are refused until the count ends, so they go out as the freeze begins rather than at that
 * bill's next action. Their cells are sent (off, unless another lit reel keeps a cell on) only after
 * `start` has committed, as every change here; a device failure is logged, not the count's failure.
 * Runs in the shelves' queue, and takes the shelves lock (lockShelves) for the release, so no
 * suggestion or light request of this server or another lands between the release and the commit.
 */
export function shelvesAtCountStart<T>(
  ctx: ServerContext,
  orgId: string,
  log: ShelfLog,
  start: (release: (trx: DB, scope: FrozenScope) => Promise<void>) => Promise<T>,
): Promise<T> {
  return queued(ctx, async () => {
    const released: string[] = [];
    const result = await start(async (trx, scope) => {
      // After the plan's row and the stock_reels lock `start` took (the header's lock order); the lit
      // reels read once it is held, whichever server lit them.
      await lockShelves(trx, orgId);
      const gone = await litInScopes(trx, orgId, [scope]);
      if (!gone.length) return;
      released.push(...(await removeLit(trx, orgId, theseLitReels(gone))));
    });
    if (released.length) await afterBillAction(() => sendChanged(ctx, orgId, released, log), log);
    return result;
  });
}

/**
 * A bill action refused: when a stock count's freeze refused it (the ledger's stockPlaceFrozen, or a
 * light request's check), what the bill had lit in the frozen places goes out (putOutFrozen), so nothing
 * an earlier scan took stays behind. Rethrows the refusal; a failure of the shelves is only logged.
 */
export async function shelvesAfterRefusal(ctx: ServerContext, orgId: string, log: ShelfLog, billId: string, refusal: unknown): Promise<never> {
  if (refusal instanceof Problem && refusal.messageKey === 'stockPlaceFrozen' && /^\d{1,18}$/.test(billId)) {
    await afterBillAction(() => putOutFrozen(ctx, orgId, billId, log), log);
  }
  throw refusal;
}

/**
 * Reels taken from their cells (picked) or put into them (received): their lights go out, unless another
 * lit reel keeps a cell on. `putAway`: a receipt into a named locator also ends the bill's put-to-light
 * suggestion there (one made for the line rather than for a reel).
 */
function reelsTaken(ctx: ServerContext, orgId: string, reelCodes: readonly string[], log: ShelfLog, putAway?: { billId: string; loc: string }): Promise<void> {
  const codes = [...new Set(reelCodes.filter(Boolean))];
  if (!codes.length) return Promise.resolve();
  return putOut(
    ctx,
    orgId,
    (eb) =>
      putAway
        ? eb.or([eb('reel_code', 'in', codes), eb.and([eb('bill_id', '=', putAway.billId), eb('locator_code', '=', putAway.loc)])])
        : eb('reel_code', 'in', codes),
    log,
  );
}

/** A bill that ended (closed, cancelled) can no longer light off: its cells go out with it. */
const billEnded = (ctx: ServerContext, orgId: string, billId: string, log: ShelfLog) => putOut(ctx, orgId, (eb) => eb('bill_id', '=', billId), log);

/** Runs a shelf change after a bill action, logging rather than failing the (committed) action. */
async function afterBillAction(work: () => Promise<unknown> | undefined, log: ShelfLog): Promise<void> {
  try {
    await work();
  } catch (error) {
    log.warn({ error: error instanceof Error ? error.message : String(error) }, 'shelf lights not updated');
  }
}

/** A light request carried out; its reels a count started since has frozen were left out: the freeze's refusal (see the header). */
async function lightsSwitched(ctx: ServerContext, orgId: string, billId: string, log: ShelfLog): Promise<void> {
  let refused: Problem | undefined;
  await afterBillAction(async () => ({ refused } = await carryOutLightRequests(ctx, orgId, billId, log)), log);
  if (refused) throw refused;
}

const PUT_AWAY: ReadonlySet<BillAction> = new Set(['ConfirmReceipt', 'OneKeyReceipt']);

/**
 * What the shelves do once a bill action has committed: a light request is carried out (rejecting with
 * the freeze's refusal when a count started since left some of its reels out); a bill that ended (closed, cancelled: no light off is possible then) puts its cells out; a pick takes the scanned
 * reel (a split's parent) and what it picked from their cells; a receipt puts its received reels away.
 */
export function shelvesAfter(
  ctx: ServerContext,
  orgId: string,
  log: ShelfLog,
  action: BillAction,
  result: ActionResult,
  scannedReel?: string,
  /** A receipt's ToLoc: the locator its reel was put into. */
  putInto?: string,
): Promise<void> {
  if (action === 'LightOn' || action === 'LightOff') return lightsSwitched(ctx, orgId, result.Id, log);
  return afterBillAction(() => {
    if (result.Status === 'CLOSED' || result.Status === 'CANCELLED') return billEnded(ctx, orgId, result.Id, log);
    if (action === 'Pick') return reelsTaken(ctx, orgId, [scannedReel ?? '', ...result.Reels.map((r) => r.ReelCode)], log);
    if (PUT_AWAY.has(action)) {
      const received = result.Reels.filter((r) => r.Status === 'RECEIVED').map((r) => r.ReelCode);
      return reelsTaken(ctx, orgId, received, log, putInto ? { billId: result.Id, loc: putInto } : undefined);
    }
    return undefined;
  }, log);
}

// ---------------------------------------------------------------------------------------------------
// Put-to-light at receipt.

export interface SuggestCellInput {
  Id: string;
  LineNo?: number;
  ReelCode?: string;
}

/** Where to put a receipt's reel: a cell of a smart rack (null cell fields: the storage location has no enabled rack cell, put it away as usual). */
export interface SuggestedCell {
  SicCode: string;
  RackCode: string | null;
  CellCode: string | null;
  LocatorCode: string | null;
}

/** How often a suggestion picks again after losing the race for a cell to another server's (each loss means that cell is taken). */
const SUGGEST_ATTEMPTS = 5;

/**
 * Suggests a free cell for a reel (or the next reel) of a receiving bill's line and lights it blue and
 * blinking (see the header: put-to-light). The bill must accept a receipt now (its type, its status);
 * the line is LineNo, else the line of ReelCode (a reel of the bill). Asking again for the same reel
 * (or, without a reel, the same line) answers the cell suggested before. 409 shelfNoFreeCell when the
 * storage location's racks have no free cell.
 */
export function suggestCell(ctx: ServerContext, orgId: string, input: SuggestCellInput, log: ShelfLog): Promise<SuggestedCell> {
  return queued(ctx, async () => {
    const reelCode = input.ReelCode?.trim() ?? '';
    const { answer, lit, refused, released } = await inTransaction(ctx.db, async (trx): Promise<Suggestion> => {
      // The bill's lock orders this bill's suggestions and receipts; other bills race only for cells (the unique locator).
      const bill = await lockBill(trx, orgId, input.Id);
      checkAction(bill, 'ConfirmReceipt');
      // Then the shelves lock (the header's lock order): a count's start is either seen below or waits for this to commit.
      await lockShelves(trx, orgId);
      let lineNo = input.LineNo;
      let part: string | undefined;
      if (lineNo === undefined) {
        if (!reelCode) throw new Problem(400, 'shelfSuggestWhichLine', { bill: bill.header.bill_code });
        const box = await trx
          .selectFrom('bill_boxes')
          .select(['line_no', 'part_code'])
          .where('bill_id', '=', bill.header.id)
          .where('reel_code', '=', reelCode)
          .executeTakeFirst();
        if (!box) throw new Problem(409, 'billReelNotOnBill', { reel: reelCode, bill: bill.header.bill_code });
        lineNo = box.line_no;
        part = box.part_code;
      }
      const { rows: lines } = await sql<{ to_sic: string | null; to_loc: string | null; part_code: string; earlier: { cell_code: string; locator_code: string; rack_code: string } | null }>`
        select l.to_sic, l.to_loc, l.part_code, (
          select json_build_object('cell_code', s.cell_code, 'locator_code', s.locator_code, 'rack_code', c.rack_code)
          from shelf_lit_reels s join md_rack_cell c on c.org_id = s.org_id and c.code = s.cell_code
          where s.org_id = ${orgId} and s.bill_id = ${bill.header.id} and s.locator_code is not null
            and ${reelCode ? sql`s.reel_code = ${reelCode}` : sql`s.reel_code = '' and s.line_no = l.line_no`}
          limit 1) as earlier
        from bill_lines l where l.bill_id = ${bill.header.id} and l.line_no = ${lineNo}`.execute(trx);
      const line = lines[0];
      if (!line) throw new Problem(404, 'billLineNotFound', { bill: bill.header.bill_code, line: lineNo });
      if (!line.to_sic) throw new Problem(409, 'billLineNoSic', { line: lineNo });
      const sic = line.to_sic;
      part ??= line.part_code;
      // A stock count under way: the receipt into a frozen place would be refused, so no cell of one is
      // lit or reserved for it. Checked before anything is taken; a suggestion made before the count
      // started is given back (its light goes out) with the same refusal.
      const frozen = await frozenScopes(trx, orgId);
      if (line.earlier) {
        const e = line.earlier;
        const scope = frozenScopeOf(frozen, part, sic, e.locator_code);
        if (scope) {
          const released = await removeLit(trx, orgId, (eb) => eb.and([eb('bill_id', '=', bill.header.id), eb('locator_code', '=', e.locator_code)]));
          return { refused: frozenRefusal(scope, part, sic, e.locator_code), released };
        }
        return { answer: { SicCode: sic, RackCode: e.rack_code, CellCode: e.cell_code, LocatorCode: e.locator_code } };
      }
      // The storage location frozen for the part whatever the locator: refused before any cell is picked.
      const whole = frozen.find((f) => !f.locs.length && frozenScopeOf([f], part, sic, ''));
      if (whole) throw frozenRefusal(whole, part, sic, line.to_loc ?? '');
      // A count of some locators only: their cells are not offered.
      const frozenLocs = frozen.filter((f) => frozenScopeOf([{ ...f, locs: [] }], part, sic, '')).flatMap((f) => f.locs);
      for (let attempt = 0; attempt < SUGGEST_ATTEMPTS; attempt++) {
        // One statement picks the free cell and reserves its locator; a locator another transaction has
        // just reserved makes it wait for that one and then insert nothing (on conflict): pick again.
        const { rows } = await sql<{ cell_code: string | null; locator_code: string; rack_code: string; cells: number; chosen: number; frozen_loc: string | null }>`
          with free as (
            select c.code, c.rack_code, c.locator_code from md_rack_cell c
            join md_rack r on r.org_id = c.org_id and r.code = c.rack_code and r.storage_location_code = ${sic} and r.enabled
            join md_locator lo on lo.org_id = c.org_id and lo.code = c.locator_code and lo.storage_location_code = ${sic}
            where c.org_id = ${orgId} and c.enabled
          ), empty as (
            select f.* from free f
            where not exists (select 1 from stock_reels s where s.org_id = ${orgId} and s.loc = f.locator_code and s.status in ('IN_STOCK', 'INSPECTION'))
              and not exists (
                select 1 from shelf_lit_reels l left join md_rack_cell lc on lc.org_id = l.org_id and lc.code = l.cell_code
                where l.org_id = ${orgId} and (l.locator_code = f.locator_code or lc.locator_code = f.locator_code))
          ), chosen as (
            select e.* from empty e where e.locator_code <> all(${frozenLocs}::text[]) order by e.code limit 1
          ), put as (
            insert into shelf_lit_reels (org_id, bill_id, reel_code, cell_code, color, blink, line_no, locator_code)
            select ${orgId}, ${bill.header.id}::bigint, ${reelCode}, code, 'blue', true, ${lineNo}::int, locator_code from chosen
            on conflict do nothing
            returning cell_code, locator_code
          )
          select p.cell_code, p.locator_code, ch.rack_code, (select count(*)::int from free) as cells, (select count(*)::int from chosen) as chosen,
            (select e.locator_code from empty e where e.locator_code = any(${frozenLocs}::text[]) order by e.code limit 1) as frozen_loc
          from (select 1) one left join put p on true left join chosen ch on ch.code = p.cell_code`.execute(trx);
        const row = rows[0];
        if (row.cell_code) return { answer: { SicCode: sic, RackCode: row.rack_code, CellCode: row.cell_code, LocatorCode: row.locator_code }, lit: row.cell_code };
        if (row.cells === 0) return { answer: { SicCode: sic, RackCode: null, CellCode: null, LocatorCode: null } };
        if (row.chosen === 0) {
          // Every empty cell is in a count's scope: the count's refusal says why, not "no free cell".
          const scope = row.frozen_loc === null ? undefined : frozenScopeOf(frozen, part, sic, row.frozen_loc);
          if (scope) throw frozenRefusal(scope, part, sic, row.frozen_loc!);
          break;
        }
      }
      throw new Problem(409, 'shelfNoFreeCell', { sic });
    });
    if (lit) await sendChanged(ctx, orgId, [lit], log);
    if (released?.length) await sendChanged(ctx, orgId, released, log);
    if (refused) throw refused;
    return answer!;
  });
}

/** What a suggestion's transaction ends with: the answer and the cell it lit, or a refusal after giving back the cells `released`. */
type Suggestion = { answer: SuggestedCell; lit?: string; refused?: undefined; released?: undefined } | { answer?: undefined; lit?: undefined; refused: Problem; released: string[] };

// ---------------------------------------------------------------------------------------------------
// The rack view.

const REELS_PER_CELL = 20;

type ReelStatus = 'CREATED' | 'INSPECTION' | 'IN_STOCK' | 'ISSUED' | 'SCRAPPED';

export interface ShelfCellView {
  CellCode: string;
  RowNo: number;
  ColumnNo: number;
  Address: string;
  LocatorCode: string | null;
  Enabled: boolean;
  Light: { On: boolean; Color: LightColor; Blink: boolean };
  SendStatus: 'SENT' | 'FAILED' | null;
  SendError: string | null;
  ReelCount: number;
  Reels: { ReelCode: string; PartCode: string; Qty: string; Status: ReelStatus; Lit: boolean }[];
}

/** A rack's cells with their reels (the lit ones first, at most REELS_PER_CELL) and their lights; undefined: no such rack. */
export async function rackCells(ctx: ServerContext, orgId: string, rackCode: string) {
  const { rows: racks } = await sql<{ code: string; name: string }>`
    select r.code, r.name from md_rack r
    where r.org_id = ${orgId} and r.code = ${rackCode}`.execute(ctx.db);
  const rack = racks[0];
  if (!rack) return undefined;
  const { rows: cells } = await sql<{
    code: string; row_no: number; column_no: number; light_address: string; locator_code: string | null; enabled: boolean;
    light_on: boolean | null; color: string | null; blink: boolean | null; status: 'SENT' | 'FAILED' | null; error: string | null;
  }>`
    select c.code, c.row_no, c.column_no, c.light_address, c.locator_code, c.enabled, s.light_on, s.color, s.blink, s.status, s.error
    from md_rack_cell c left join shelf_cell_lights s on s.org_id = c.org_id and s.cell_code = c.code
    where c.org_id = ${orgId} and c.rack_code = ${rackCode}
    order by c.row_no, c.column_no, c.code`.execute(ctx.db);
  // The reels in each cell: in stock at its locator, or lit there (a receiving bill's, not yet received).
  const { rows: reels } = await sql<{ cell_code: string; reel_code: string; part_code: string; qty: string; status: ReelStatus; lit: boolean; total: string }>`
    select * from (
      select x.*, row_number() over (partition by x.cell_code order by x.lit desc, x.reel_code) as n, count(*) over (partition by x.cell_code) as total
      from (
        select c.code as cell_code, r.reel_code, r.part_code, r.qty::text as qty, r.status,
          exists (select 1 from shelf_lit_reels l where l.org_id = c.org_id and l.cell_code = c.code and l.reel_code = r.reel_code) as lit
        from md_rack_cell c
        join stock_reels r on r.org_id = c.org_id and r.loc = c.locator_code and r.status in ('IN_STOCK', 'INSPECTION')
        where c.org_id = ${orgId} and c.rack_code = ${rackCode}
        union
        select l.cell_code, r.reel_code, r.part_code, r.qty::text, r.status, true
        from shelf_lit_reels l
        join md_rack_cell c on c.org_id = l.org_id and c.code = l.cell_code and c.rack_code = ${rackCode}
        join stock_reels r on r.org_id = l.org_id and r.reel_code = l.reel_code
        where l.org_id = ${orgId} and (r.loc is null or r.loc is distinct from c.locator_code)
      ) x
    ) y where n <= ${REELS_PER_CELL}
    order by cell_code, n`.execute(ctx.db);
  const byCell = new Map<string, typeof reels>();
  for (const reel of reels) byCell.set(reel.cell_code, [...(byCell.get(reel.cell_code) ?? []), reel]);
  const view: ShelfCellView[] = cells.map((c) => {
    // The cell's last send (whichever server process sent it), not one process's memory: every server answers the same.
    const light: CellLight = c.light_on === null ? LIGHT_OFF : { on: c.light_on, color: (c.color ?? 'green') as LightColor, blink: c.blink ?? false };
    const cellReels = byCell.get(c.code) ?? [];
    return {
      CellCode: c.code,
      RowNo: c.row_no,
      ColumnNo: c.column_no,
      Address: c.light_address,
      LocatorCode: c.locator_code,
      Enabled: c.enabled,
      Light: { On: light.on, Color: light.color, Blink: light.blink },
      SendStatus: c.status,
      SendError: c.error,
      ReelCount: Number(cellReels[0]?.total ?? 0),
      Reels: cellReels.map((r) => ({ ReelCode: r.reel_code, PartCode: r.part_code, Qty: quantityText(quantityOf(r.qty)), Status: r.status, Lit: r.lit })),
    };
  });
  return { RackCode: rack.code, RackName: rack.name, Device: ctx.shelfLights.kind, Cells: view };
}
