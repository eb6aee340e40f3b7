/**
 * THE STOCK LEDGER: the one function through which every stock quantity changes (DESIGN.md "Stock
 * changes go through one ledger"; Odoo's quants and move lines, ERPNext's Bin and stock ledger).
 *
 * Contract
 * - Who calls it: server code only — bill actions, the demo seed, later stock operations. Nothing else
 *   writes stock_balances or stock_transactions, or a reel's quantity, place, status or reservation,
 *   or the lot of a reel in stock (the RELOT move; registering a not-yet-received reel and editing a
 *   CREATED one are reels.ts's). No HTTP route calls it without a module's rules.
 * - One call is one database transaction (the caller's, when `db` is one): all its moves or none. A
 *   refusal is a Problem (400 bad input, 404 unknown transaction, 409 wrong state or a lost race) with
 *   the reason from the message catalogue; nothing is written.
 * - Stock is held in reels (a reel is a package: one row, one place, its quantity). A move names its
 *   reel; the reel row and the balances change together, so per (organisation, part, storage location,
 *   locator, lot) the balance equals the sum of its reels and the sum of its ledger postings.
 * - Locking order, the same for every caller, so two calls never wait on each other in a cycle (two
 *   opposite transfers included): (1) the idempotency key's request row; (2) every reel the moves
 *   name, FOR UPDATE, sorted by code; (3) reels it creates (split-offs, unregistered receipts);
 *   (4) the balance rows, one upsert each, sorted by (part, storage location, locator, lot). A caller
 *   inside its own transaction may lock its own rows (a bill) before calling, never reels or balances;
 *   the one exception is reel editing (reels.ts updateReel), which locks its ONE reel and holds no
 *   bill: with a single reel it takes the same order (reel, then balances), so no cycle can form.
 * - Rules: quantities are exact (quantity.ts) and positive; stock never goes negative; only available
 *   stock (IN_STOCK, not pending inspection) is reserved, never beyond the reel's unreserved quantity,
 *   always for a named bill; a reel reserved by one bill is not issued, scrapped or moved by another;
 *   a partial issue, scrap or transfer first splits the reel and the split-off reel gets its own code.
 *   The database's checks back every rule (migrations 0080_01, 0080_02).
 * - Reversal: exact (same places, negated quantities, the reel's state before restored), only of the
 *   reel's latest change not yet reversed ("has not moved since"), and once (a unique key).
 * - Idempotency: with `idempotencyKey`, a repeated call returns the first call's transactions and
 *   changes nothing (a concurrent repeat waits for the first to commit). Without one, a bill action
 *   repeated on a reel whose state it already made (a double scan: receipt, release, full issue, scrap,
 *   transfer to where the reel is; a reversal already done) returns the transaction that made it.
 */
import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import { inTransaction, type DB } from '../../db/database.ts';
import type { ReelStatus, StockTransactionKind, StockTransactionsTable } from '../../db/schema.ts';
import { Problem } from '../../http/problem.ts';
import type { MessageKey } from '../../../src/shared/messages/catalogue.ts';
import { positiveQuantity, Qty, quantityOf, quantityText, ZERO, type QuantityInput } from './quantity.ts';
import { floorLife, hoursText, mslLevelOf, type MsdEvent, type MsdEventKind, type MslLevel } from '../../../src/shared/msd/floor-life.ts';

export type StockTransaction = Selectable<StockTransactionsTable>;

/** Who changes the stock, in which organisation. */
export interface StockCaller {
  orgId: string;
  userId: string;
  userName: string;
}

/** A place in stock: a storage location (SIC) and a locator in it ('' or absent: none). */
export interface Place {
  sic: string;
  loc?: string;
}

/** What every move may say about why it happens. */
export interface MoveContext {
  billCode?: string;
  billLineNo?: number;
  reason?: string;
}

/** A reel received without having been registered first (its label came with the goods). */
export interface NewReel {
  partCode: string;
  vendorCode?: string;
  lotCode?: string;
  dateCode?: string;
  /** YYYY-MM-DD */
  expireDate?: string;
}

export type StockMove = MoveContext &
  (
    | {
        kind: 'receive';
        reelCode: string;
        to: Place;
        /** Default: the registered reel's quantity (required for a new reel). */
        qty?: QuantityInput;
        /** Into stock pending inspection (IQC part), not available stock. */
        pendingInspection?: boolean;
        /** The part the receipt expects: a reel of another part is refused. */
        partCode?: string;
        /** For a reel not registered before. */
        reel?: NewReel;
      }
    | { kind: 'release'; reelCode: string }
    | { kind: 'reserve'; reelCode: string; billCode: string; qty?: QuantityInput }
    | { kind: 'unreserve'; reelCode: string; qty?: QuantityInput }
    | {
        kind: 'issue' | 'scrap';
        reelCode: string;
        qty?: QuantityInput;
        splitReelCode?: string;
        /**
         * Issue only: the reel may be pending inspection, its lot rejected and returned to its vendor
         * (an RT bill made from the inspection document; the bill's pick checks that it is).
         */
        rejectedLot?: boolean;
      }
    | { kind: 'transfer'; reelCode: string; to: Place; qty?: QuantityInput; splitReelCode?: string }
    | { kind: 'split'; reelCode: string; qty: QuantityInput; splitReelCode?: string }
    /**
     * The reel's lot corrected while it is in stock (reel editing, reels.ts): its whole quantity moves
     * from the old lot's balance to the new lot's in the same place (two RELOT rows: out of the old lot,
     * into the new). Refused for a reserved reel (the reservation is of its lot) and for the same lot.
     * The answer is the row into the new lot. Not reversible: a correction is corrected by another.
     */
    | { kind: 'relot'; reelCode: string; lotCode: string }
    | { kind: 'reverse'; transactionId: string }
    /**
     * A stock count's difference (stocktaking, server/modules/stocktake): the reel holds `countedQty`
     * at `to` afterwards. One ADJUST row of the difference: a gain into the place (a reel found, one
     * not registered before with `reel`, or more than it held), a loss out of it (less than it held;
     * 0: the reel is missing and leaves the stock, written off as scrapped). The reel must be in `to`
     * already when it is in stock (transfer it first); a loss below its reservation is refused. Not
     * reversible: a count is corrected by another count.
     */
    | { kind: 'adjust'; reelCode: string; to: Place; countedQty: QuantityInput; reel?: NewReel }
  );

export interface ApplyOptions {
  /** A repeated call with the same key (per organisation) has the effect of the first. */
  idempotencyKey?: string;
}

/** A reel as this call sees and changes it. */
interface ReelState {
  code: string;
  partCode: string;
  vendorCode: string | null;
  lotCode: string;
  dateCode: string | null;
  expireDate: string | null;
  qty: Qty;
  status: ReelStatus;
  sic: string | null;
  loc: string | null;
  reserved: Qty;
  reservedBill: string | null;
  parentReelCode: string | null;
  billCode: string | null;
  billLineNo: number | null;
  receivedAt: 'keep' | 'now' | 'clear';
  /** When it was received, as stored (a split-off reel keeps its parent's: FEFO's tie-break). */
  storedReceivedAt: Date | null;
  isNew: boolean;
  changed: boolean;
  /** This call has changed it already: its stored history is not its latest. */
  moved: boolean;
  /** A moisture-sensitive part's level (md_part.msl_level) and the reel's run card (msd_reel_events). */
  msl?: MslLevel | null;
  msdEvents?: MsdEvent[];
}

/** The state of a reel first seen in this call (received, or found at a count), before it is placed. */
function newReelState(code: string, reel: NewReel, context: MoveContext, qty: Qty): ReelState {
  return {
    code,
    partCode: reel.partCode,
    vendorCode: reel.vendorCode ?? null,
    lotCode: reel.lotCode ?? '',
    dateCode: reel.dateCode ?? null,
    expireDate: reel.expireDate ?? null,
    qty,
    status: 'CREATED',
    sic: null,
    loc: null,
    reserved: ZERO,
    reservedBill: null,
    parentReelCode: null,
    billCode: context.billCode ?? null,
    billLineNo: context.billLineNo ?? null,
    receivedAt: 'keep',
    storedReceivedAt: null,
    isNew: true,
    changed: true,
    moved: false,
  };
}

type Draft = Omit<Insertable<StockTransactionsTable>, 'org_id' | 'request_id' | 'user_id' | 'user_name'>;

const ACTION: Record<string, MessageKey> = {
  receive: 'stockActionReceive',
  release: 'stockActionRelease',
  reserve: 'stockActionReserve',
  unreserve: 'stockActionUnreserve',
  issue: 'stockActionIssue',
  transfer: 'stockActionTransfer',
  scrap: 'stockActionScrap',
  split: 'stockActionSplit',
  relot: 'stockActionRelot',
  adjust: 'stockActionAdjust',
};

/** A reel status by name, for messages (a status is never shown as its code). */
export const REEL_STATUS_MESSAGE: Record<ReelStatus, MessageKey> = {
  CREATED: 'reelStatusCreated',
  INSPECTION: 'reelStatusInspection',
  IN_STOCK: 'reelStatusInStock',
  ISSUED: 'reelStatusIssued',
  SCRAPPED: 'reelStatusScrapped',
};

const MOVE_KIND: Record<'receive' | 'release' | 'issue' | 'scrap' | 'transfer', StockTransactionKind> = {
  receive: 'RECEIVE',
  release: 'RELEASE',
  issue: 'ISSUE',
  scrap: 'SCRAP',
  transfer: 'TRANSFER',
};

const placeKey = (place: Place) => `${place.sic}\u0000${place.loc ?? ''}`;

/** Puts the reel in a place, or (null) out of the stock. */
function setPlace(reel: ReelState, place: { sic: string; loc: string } | null) {
  reel.sic = place?.sic ?? null;
  reel.loc = place?.loc ?? null;
}

const inStock = (reel: ReelState) => reel.status === 'IN_STOCK' || reel.status === 'INSPECTION';

const wrongStatus = (reel: ReelState, action: string) =>
  new Problem(409, 'stockReelWrongStatus', { reel: reel.code, status: { message: REEL_STATUS_MESSAGE[reel.status] }, action: { message: ACTION[action] } });

/** Deadlock or serialisation failure: the answer to a lost race is "try again", never a 500. */
const LOST_RACE = new Set(['40P01', '40001']);

/**
 * Applies the moves, in order, as one transaction; returns the transactions they wrote (or found
 * done, see the contract above), in the order of the moves.
 */
export async function applyStockMoves(db: DB, caller: StockCaller, moves: readonly StockMove[], options: ApplyOptions = {}): Promise<StockTransaction[]> {
  checkInputs(moves);
  if (!moves.length) return [];
  try {
    return await inTransaction(db, (trx) => new LedgerCall(trx, caller).run(moves, options.idempotencyKey));
  } catch (error) {
    if (LOST_RACE.has(String((error as { code?: unknown }).code))) throw new Problem(409, 'stockBusy');
    throw error;
  }
}

/** Bad input is refused before the database is touched. */
function checkInputs(moves: readonly StockMove[]) {
  for (const move of moves) {
    if ('qty' in move && move.qty !== undefined) positiveQuantity(move.qty);
    if (move.kind === 'reserve' && !move.billCode) throw new Problem(400, 'stockBillRequired');
  }
}

class LedgerCall {
  private readonly reels = new Map<string, ReelState>();
  private readonly drafts: Draft[] = [];
  /** Per move: the index of its draft in `drafts`, or a transaction found done already. */
  private readonly results: ({ draft: number } | { found: StockTransaction })[] = [];
  /** Places checked already: whether the storage location, and the locator in it, exist (key sic NUL loc). */
  private readonly knownPlaces = new Map<string, { sic: boolean; loc: boolean }>();
  /** The scopes of the organisation's stock counts under way (read with the reels' lock): no stock moves in or out of them. */
  private frozen: FrozenScope[] = [];
  /** The database's time at the reels' lock: the clock of floor lives. */
  private dbNow = new Date();

  constructor(
    private readonly trx: DB,
    private readonly caller: StockCaller,
  ) {}

  async run(moves: readonly StockMove[], idempotencyKey: string | undefined): Promise<StockTransaction[]> {
    // A keyed request's row comes first (the contract's lock step 1); an unkeyed one is written with
    // the transactions, in the same statement (one round trip less per call: bench/bill-posting.ts).
    const opened = idempotencyKey === undefined ? undefined : await this.openRequest(idempotencyKey);
    if (opened !== undefined && typeof opened !== 'string') return opened.done;
    const requestId = opened;

    const reversed = await this.reversedTransactions(moves);
    await this.lockReels(moves, reversed);
    for (const move of moves) await this.apply(move, reversed);
    this.refuseFrozen();

    const written = await this.write(requestId);
    const result = this.results.map((r) => ('draft' in r ? written[r.draft] : r.found));
    // What a repeat of the request answers (only a keyed request can be repeated).
    if (requestId !== undefined) {
      await this.trx
        .updateTable('stock_requests')
        .set({ transaction_ids: result.map((t) => t.id) })
        .where('id', '=', requestId)
        .execute();
    }
    return result;
  }

  /** The keyed request's row; with a key already used, what that request did (after it committed). */
  private async openRequest(idempotencyKey: string): Promise<string | { done: StockTransaction[] }> {
    const opened = await this.trx
      .insertInto('stock_requests')
      .values({ org_id: this.caller.orgId, idempotency_key: idempotencyKey, user_id: this.caller.userId })
      .onConflict((oc) => oc.columns(['org_id', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (opened) return opened.id;
    const earlier = await this.trx
      .selectFrom('stock_requests')
      .select('transaction_ids')
      .where('org_id', '=', this.caller.orgId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirstOrThrow();
    const ids = earlier.transaction_ids.map(String);
    if (!ids.length) return { done: [] };
    const rows = await this.trx.selectFrom('stock_transactions').selectAll().where('id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [String(row.id), row]));
    return { done: ids.map((id) => byId.get(id)!) };
  }

  /** The transactions the moves reverse (immutable rows: read before any lock). */
  private async reversedTransactions(moves: readonly StockMove[]): Promise<Map<string, StockTransaction>> {
    const ids = [...new Set(moves.flatMap((m) => (m.kind === 'reverse' ? [m.transactionId] : [])))];
    if (!ids.length) return new Map();
    if (ids.some((id) => !/^\d{1,18}$/.test(id))) throw new Problem(404, 'stockTransactionNotFound', { id: ids.find((id) => !/^\d{1,18}$/.test(id))! });
    const rows = await this.trx.selectFrom('stock_transactions').selectAll().where('org_id', '=', this.caller.orgId).where('id', 'in', ids).execute();
    const found = new Map(rows.map((row) => [String(row.id), row]));
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw new Problem(404, 'stockTransactionNotFound', { id: missing });
    return found;
  }

  /**
   * Locks every named reel in code order (the contract's step 2) and loads it; in the same statement
   * (one round trip), whether the places the moves go to exist (reference data, not locked).
   */
  private async lockReels(moves: readonly StockMove[], reversed: Map<string, StockTransaction>) {
    const codes = new Set<string>();
    const places = new Map<string, { sic: string; loc: string }>();
    for (const move of moves) {
      if (move.kind === 'reverse') codes.add(reversed.get(move.transactionId)!.reel_code);
      else codes.add(move.reelCode);
      if (move.kind === 'receive' || move.kind === 'transfer') places.set(placeKey(move.to), { sic: move.to.sic, loc: move.to.loc ?? '' });
    }
    const sorted = [...codes].sort();
    const wanted = [...places.values()];
    const placeCheck = wanted.length
      ? sql`(select json_agg(json_build_object('sic', p.sic, 'loc', p.loc,
            'sicFound', exists (select 1 from md_storage_location where org_id = ${this.caller.orgId} and code = p.sic),
            'locFound', p.loc = '' or exists (select 1 from md_locator where org_id = ${this.caller.orgId} and code = p.loc and storage_location_code = p.sic)))
           from (values ${sql.join(wanted.map((p) => sql`(${p.sic}::text, ${p.loc}::text)`))}) p (sic, loc))`
      : sql`null::json`;
    const { rows: found } = await sql<{
      places: { sic: string; loc: string; sicFound: boolean; locFound: boolean }[] | null;
      frozen: FrozenScope[] | null;
      db_now: Date | string;
      msl_level: string | null;
      msd_events: { kind: MsdEventKind; at: string }[] | null;
      reel_code: string | null;
      part_code: string;
      vendor_code: string | null;
      lot_code: string;
      date_code: string | null;
      expire_date: string | null;
      qty: string;
      status: ReelStatus;
      sic: string | null;
      loc: string | null;
      reserved_qty: string;
      reserved_bill_code: string | null;
      parent_reel_code: string | null;
      bill_code: string | null;
      bill_line_no: number | null;
      received_at: Date | null;
    }>`
      select checked.places, checked.frozen, checked.db_now, r.*
        from (select ${placeCheck} as places, now() as db_now,
                     ${frozenScopesJson(this.caller.orgId)} as frozen) checked
        left join lateral (
          select sr.reel_code, sr.part_code, sr.vendor_code, sr.lot_code, sr.date_code, sr.expire_date::text as expire_date, sr.qty, sr.status, sr.sic, sr.loc,
                 sr.reserved_qty, sr.reserved_bill_code, sr.parent_reel_code, sr.bill_code, sr.bill_line_no, sr.received_at,
                 -- Moisture-sensitive parts: the level and the run card, for the floor life an issue needs (J-STD-033).
                 msd.msl_level,
                 case when coalesce(msd.msl_level, '1') <> '1' then
                   (select json_agg(json_build_object('kind', e.kind, 'at', e.at) order by e.at, e.id)
                      from msd_reel_events e where e.org_id = sr.org_id and e.reel_code = sr.reel_code) end as msd_events
            -- One probe of the reels' key per code, locked in the codes' order (the ledger's locking order).
            -- limit 1 (the key is unique) keeps each look-up a subquery of its own: as \`reel_code in (...)\`,
            -- a planner without statistics of stock_reels (autovacuum off: the embedded database, this
            -- machine's PostgreSQL) took the organisation for a sliver of the table and read its every reel,
            -- testing each against the whole list (2,000 codes over 26,000 reels: 1.7 s, growing with the
            -- plant), and the same list of another length was another statement to prepare.
            from unnest(${sorted}::text[]) with ordinality as wanted (code, ord)
            join lateral (select * from stock_reels s where s.org_id = ${this.caller.orgId} and s.reel_code = wanted.code limit 1 for update) sr on true
            -- limit 1 likewise: a probe of md_part_key per reel (joined, a planner without statistics of
            -- md_part filtered the organisation's every part per call: ~0.3 ms of each posting).
            left join lateral (select p.msl_level from md_part p where p.org_id = sr.org_id and p.code = sr.part_code limit 1) msd on true
           order by wanted.ord) r on true`.execute(this.trx);
    for (const place of found[0]?.places ?? []) this.knownPlaces.set(placeKey(place), { sic: place.sicFound, loc: place.locFound });
    this.frozen = found[0]?.frozen ?? [];
    this.dbNow = new Date(found[0]?.db_now ?? Date.now());
    const rows = found.filter((row): row is typeof row & { reel_code: string } => row.reel_code !== null);
    for (const row of rows) {
      this.reels.set(row.reel_code, {
        code: row.reel_code,
        partCode: row.part_code,
        vendorCode: row.vendor_code,
        lotCode: row.lot_code,
        dateCode: row.date_code,
        expireDate: row.expire_date,
        qty: quantityOf(row.qty),
        status: row.status,
        sic: row.sic,
        loc: row.loc,
        reserved: quantityOf(row.reserved_qty),
        reservedBill: row.reserved_bill_code,
        parentReelCode: row.parent_reel_code,
        billCode: row.bill_code,
        billLineNo: row.bill_line_no,
        receivedAt: 'keep',
        storedReceivedAt: row.received_at,
        isNew: false,
        changed: false,
        moved: false,
        msl: mslLevelOf(row.msl_level),
        msdEvents: (row.msd_events ?? []).map((e) => ({ kind: e.kind, at: new Date(e.at) })),
      });
    }
  }

  private reel(code: string): ReelState {
    const reel = this.reels.get(code);
    if (!reel) throw new Problem(404, 'stockReelNotFound', { reel: code });
    return reel;
  }

  private async apply(move: StockMove, reversed: Map<string, StockTransaction>) {
    switch (move.kind) {
      case 'receive':
        return this.receive(move);
      case 'release':
        return this.release(move);
      case 'reserve':
        return this.reserve(move);
      case 'unreserve':
        return this.unreserve(move);
      case 'issue':
      case 'scrap':
        return this.remove(move);
      case 'transfer':
        return this.transfer(move);
      case 'split': {
        const reel = this.reel(move.reelCode);
        if (!inStock(reel)) throw wrongStatus(reel, 'split');
        await this.split(reel, positiveQuantity(move.qty), move.splitReelCode, move);
        return;
      }
      case 'reverse':
        return this.reverse(move, reversed.get(move.transactionId)!);
      case 'relot':
        return this.relot(move);
      case 'adjust':
        return this.adjust(move);
    }
  }

  /**
   * A stock count under way freezes its scope: a move that would change the stock of a frozen place
   * (receipt, pick, issue, scrap, transfer, split, lot change, reversal, adjustment) is refused,
   * naming the place, the part and the count. Reserving, unreserving and releasing from inspection
   * change no quantity in a place and go on. A count posts its own differences after it has ended.
   */
  private refuseFrozen() {
    if (!this.frozen.length) return;
    for (const draft of this.drafts) {
      if (draft.kind === 'RESERVE' || draft.kind === 'UNRESERVE' || draft.kind === 'RELEASE') continue;
      const places = [
        [draft.from_sic, draft.from_loc],
        [draft.to_sic, draft.to_loc],
      ] as const;
      for (const [sic, loc] of places) {
        if (sic === null || sic === undefined) continue;
        const scope = frozenScopeOf(this.frozen, draft.part_code, sic, loc ?? '');
        if (scope) throw frozenRefusal(scope, draft.part_code, sic, loc ?? '');
      }
    }
  }

  /** A moisture-sensitive reel past its floor life (or MSL 6 not baked) is not issued until it is baked (J-STD-033). */
  private refuseFloorLifeOver(reel: ReelState) {
    if (!reel.msl) return;
    const life = floorLife(reel.msl, reel.msdEvents ?? [], this.dbNow);
    if (life.usable) return;
    if (life.state === 'NEEDS_BAKE') throw new Problem(409, 'msdNeedsBake', { reel: reel.code, level: reel.msl });
    throw new Problem(409, 'msdFloorLifeOver', { reel: reel.code, level: reel.msl, exposed: hoursText(life.exposedMs), limit: hoursText(life.floorLifeMs ?? 0) });
  }

  private async adjust(move: Extract<StockMove, { kind: 'adjust' }>) {
    const counted = quantityOf(typeof move.countedQty === 'object' ? move.countedQty.toString() : move.countedQty);
    if (counted.isNegative() || counted.decimalPlaces() > 6) throw new Problem(400, 'stockQtyInvalid', { qty: String(move.countedQty) });
    let reel = this.reels.get(move.reelCode);
    if (!reel) {
      if (!move.reel) throw new Problem(400, 'stockReelCodeMissing', { reel: move.reelCode });
      if (counted.isZero()) throw new Problem(400, 'stockQtyInvalid', { qty: '0' });
      await this.requirePart(move.reel.partCode);
      reel = newReelState(move.reelCode, move.reel, move, counted);
      this.reels.set(reel.code, reel);
    }
    const to = await this.place(move.to);
    const before = reel.status;
    if (!inStock(reel)) {
      // Found: a reel not in stock (never received, issued or scrapped) is counted in the place.
      if (counted.isZero()) throw wrongStatus(reel, 'adjust');
      reel.qty = counted;
      reel.status = 'IN_STOCK';
      reel.reserved = ZERO;
      reel.reservedBill = null;
      reel.receivedAt = before === 'CREATED' ? 'now' : 'keep';
      setPlace(reel, to);
      this.post(reel, move, { kind: 'ADJUST', to, qty: counted, before });
      return;
    }
    if (reel.sic !== to.sic || reel.loc !== to.loc) throw new Problem(409, 'stockAdjustElsewhere', { reel: reel.code, sic: reel.sic!, loc: reel.loc! });
    if (counted.eq(reel.qty)) throw new Problem(409, 'stockAdjustNoDifference', { reel: reel.code, qty: quantityText(counted) });
    if (counted.lt(reel.reserved)) throw new Problem(409, 'stockAdjustBelowReserved', { reel: reel.code, bill: reel.reservedBill ?? '', reserved: quantityText(reel.reserved), qty: quantityText(counted) });
    const inspection = (qty: Qty) => (reel.status === 'INSPECTION' ? qty : ZERO);
    if (counted.gt(reel.qty)) {
      const gain = counted.minus(reel.qty);
      reel.qty = counted;
      this.post(reel, move, { kind: 'ADJUST', to, qty: gain, inspection: inspection(gain), before });
      return;
    }
    if (counted.isZero()) {
      // Missing: the whole reel leaves the stock, written off.
      const lost = reel.qty;
      const wasInspection = reel.status === 'INSPECTION';
      reel.status = 'SCRAPPED';
      setPlace(reel, null);
      this.post(reel, move, { kind: 'ADJUST', from: to, qty: lost, inspection: wasInspection ? lost : ZERO, before });
      return;
    }
    const loss = reel.qty.minus(counted);
    reel.qty = counted;
    this.post(reel, move, { kind: 'ADJUST', from: to, qty: loss, inspection: inspection(loss), before });
  }

  private relot(move: Extract<StockMove, { kind: 'relot' }>) {
    const reel = this.reel(move.reelCode);
    if (!inStock(reel)) throw wrongStatus(reel, 'relot');
    if (!reel.reserved.isZero()) throw new Problem(409, 'stockReelReservedLot', { reel: reel.code, bill: reel.reservedBill ?? '' });
    if (reel.lotCode === move.lotCode) throw new Problem(409, 'stockLotUnchanged', { reel: reel.code, lot: move.lotCode });
    const at = this.placeOf(reel);
    const inspection = reel.status === 'INSPECTION' ? reel.qty : ZERO;
    // Out of the old lot's balance: the first of the move's two rows (the answer is the second).
    this.drafts.push({
      kind: 'RELOT',
      bill_code: move.billCode ?? null,
      bill_line_no: move.billLineNo ?? null,
      reel_code: reel.code,
      split_reel_code: null,
      part_code: reel.partCode,
      lot_code: reel.lotCode,
      from_sic: at.sic,
      from_loc: at.loc,
      to_sic: null,
      to_loc: null,
      qty: quantityText(reel.qty),
      reserved_qty: quantityText(ZERO),
      inspection_qty: quantityText(inspection),
      reserved_bill_code: null,
      reason: move.reason ?? null,
      reel_status_before: reel.status,
      reel_status_after: reel.status,
    });
    reel.lotCode = move.lotCode;
    this.post(reel, move, { kind: 'RELOT', to: at, qty: reel.qty, inspection, before: reel.status });
  }

  private async receive(move: Extract<StockMove, { kind: 'receive' }>) {
    let reel = this.reels.get(move.reelCode);
    if (!reel) {
      if (!move.reel) throw new Problem(400, 'stockReelCodeMissing', { reel: move.reelCode });
      if (move.qty === undefined) throw new Problem(400, 'stockQtyInvalid', { qty: '' });
      await this.requirePart(move.reel.partCode);
      reel = newReelState(move.reelCode, move.reel, move, positiveQuantity(move.qty));
      this.reels.set(reel.code, reel);
    }
    const expected = move.partCode ?? move.reel?.partCode;
    if (expected !== undefined && reel.partCode !== expected) {
      throw new Problem(409, 'stockPartMismatch', { reel: reel.code, actual: reel.partCode, expected });
    }
    if (reel.status !== 'CREATED') return this.doneAlready(reel, move, 'receive');
    const to = await this.place(move.to);
    const qty = move.qty === undefined ? reel.qty : positiveQuantity(move.qty);
    const pending = Boolean(move.pendingInspection);
    const before = reel.status;
    reel.qty = qty;
    reel.status = pending ? 'INSPECTION' : 'IN_STOCK';
    reel.receivedAt = 'now';
    setPlace(reel, to);
    this.post(reel, move, { kind: 'RECEIVE', to, qty, inspection: pending ? qty : ZERO, before });
  }

  private async release(move: Extract<StockMove, { kind: 'release' }>) {
    const reel = this.reel(move.reelCode);
    if (reel.status !== 'INSPECTION') return this.doneAlready(reel, move, 'release');
    reel.status = 'IN_STOCK';
    this.post(reel, move, { kind: 'RELEASE', from: this.placeOf(reel), qty: ZERO, inspection: reel.qty, before: 'INSPECTION' });
  }

  private reserve(move: Extract<StockMove, { kind: 'reserve' }>) {
    const reel = this.reel(move.reelCode);
    if (reel.status !== 'IN_STOCK') throw wrongStatus(reel, 'reserve');
    this.refuseOtherBill(reel, move.billCode);
    const available = reel.qty.minus(reel.reserved);
    const qty = move.qty === undefined ? available : positiveQuantity(move.qty);
    if (available.isZero() || qty.gt(available)) throw this.short(reel, 'reserve', available, move.qty === undefined ? reel.qty : qty);
    reel.reserved = reel.reserved.plus(qty);
    reel.reservedBill = move.billCode;
    this.post(reel, move, { kind: 'RESERVE', to: this.placeOf(reel), qty: ZERO, reserved: qty, reservedBill: move.billCode, before: reel.status });
  }

  private unreserve(move: Extract<StockMove, { kind: 'unreserve' }>) {
    const reel = this.reel(move.reelCode);
    if (reel.status !== 'IN_STOCK') throw wrongStatus(reel, 'unreserve');
    if (move.billCode) this.refuseOtherBill(reel, move.billCode);
    const qty = move.qty === undefined ? reel.reserved : positiveQuantity(move.qty);
    if (reel.reserved.isZero() || qty.gt(reel.reserved)) throw this.short(reel, 'unreserve', reel.reserved, move.qty === undefined ? reel.qty : qty);
    const reservedBill = reel.reservedBill;
    reel.reserved = reel.reserved.minus(qty);
    if (reel.reserved.isZero()) reel.reservedBill = null;
    this.post(reel, move, { kind: 'UNRESERVE', from: this.placeOf(reel), qty: ZERO, reserved: qty, reservedBill, before: reel.status });
  }

  /** Issue or scrap: the reel (or the part split off it) leaves the stock. */
  private async remove(move: Extract<StockMove, { kind: 'issue' | 'scrap' }>) {
    const reel = this.reel(move.reelCode);
    const allowed = move.kind === 'issue' && !move.rejectedLot ? reel.status === 'IN_STOCK' : inStock(reel);
    if (!allowed) return this.doneAlready(reel, move, move.kind);
    this.refuseOtherBill(reel, move.billCode);
    if (move.kind === 'issue') this.refuseFloorLifeOver(reel);
    const target = await this.portion(reel, move, move.kind);
    const left = { from: this.placeOf(target), reserved: target.reserved, reservedBill: target.reservedBill, before: target.status };
    target.status = move.kind === 'issue' ? 'ISSUED' : 'SCRAPPED';
    target.reserved = ZERO;
    target.reservedBill = null;
    setPlace(target, null);
    this.post(target, move, {
      kind: move.kind === 'issue' ? 'ISSUE' : 'SCRAP',
      qty: target.qty,
      inspection: left.before === 'INSPECTION' ? target.qty : ZERO,
      ...left,
    });
  }

  private async transfer(move: Extract<StockMove, { kind: 'transfer' }>) {
    const reel = this.reel(move.reelCode);
    if (!inStock(reel)) throw wrongStatus(reel, 'transfer');
    const to = await this.place(move.to);
    if (reel.sic === to.sic && reel.loc === to.loc) return this.doneAlready(reel, move, 'transfer', () => new Problem(409, 'stockSamePlace', { reel: reel.code, sic: to.sic, loc: to.loc }));
    if (move.billCode) this.refuseOtherBill(reel, move.billCode);
    const target = await this.portion(reel, move, 'transfer');
    const from = this.placeOf(target);
    setPlace(target, to);
    this.post(target, move, {
      kind: 'TRANSFER',
      from,
      to,
      qty: target.qty,
      reserved: target.reserved,
      reservedBill: target.reservedBill,
      inspection: target.status === 'INSPECTION' ? target.qty : ZERO,
      before: target.status,
    });
  }

  /** The reel itself for its whole quantity, else the part split off it. */
  private async portion(reel: ReelState, move: { qty?: QuantityInput; splitReelCode?: string } & MoveContext, action: string): Promise<ReelState> {
    if (move.qty === undefined) return reel;
    const qty = positiveQuantity(move.qty);
    if (qty.gt(reel.qty)) throw this.short(reel, action, reel.qty, qty);
    return qty.eq(reel.qty) ? reel : this.split(reel, qty, move.splitReelCode, move);
  }

  /**
   * Splits `qty` off the reel into a new reel in the same place (its own code: given, else
   * `<code>-<n>`). The new reel takes as much of the reel's reservation as it can hold, so a bill's
   * partial pick consumes the bill's reservation first.
   */
  private async split(reel: ReelState, qty: Qty, code: string | undefined, context: MoveContext): Promise<ReelState> {
    if (qty.gte(reel.qty)) throw new Problem(409, 'stockSplitQtyTooLarge', { reel: reel.code, available: quantityText(reel.qty), qty: quantityText(qty) });
    const splitCode = code ?? (await this.freeSplitCode(reel.code));
    if (this.reels.has(splitCode) || (code !== undefined && (await this.reelExists(splitCode)))) throw new Problem(409, 'stockReelExists', { reel: splitCode });
    const reserved = Qty.min(reel.reserved, qty);
    const child: ReelState = {
      ...reel,
      code: splitCode,
      qty,
      reserved,
      reservedBill: reserved.isZero() ? null : reel.reservedBill,
      parentReelCode: reel.code,
      isNew: true,
      changed: true,
      moved: true,
    };
    this.reels.set(splitCode, child);
    const at = this.placeOf(reel);
    const reservedBill = reserved.isZero() ? null : reel.reservedBill;
    reel.qty = reel.qty.minus(qty);
    reel.reserved = reel.reserved.minus(reserved);
    if (reel.reserved.isZero()) reel.reservedBill = null;
    this.post(reel, context, {
      kind: 'SPLIT',
      splitReelCode: splitCode,
      from: at,
      to: at,
      qty,
      reserved,
      reservedBill,
      inspection: reel.status === 'INSPECTION' ? qty : ZERO,
      before: reel.status,
    });
    return child;
  }

  private async reverse(move: Extract<StockMove, { kind: 'reverse' }>, original: StockTransaction) {
    const id = String(original.id);
    if (original.kind === 'SPLIT' || original.kind === 'REVERSAL' || original.kind === 'RELOT' || original.kind === 'ADJUST') throw new Problem(409, 'stockNotReversible', { id, kind: original.kind });
    const reel = this.reel(original.reel_code);
    const reversal = await this.trx.selectFrom('stock_transactions').selectAll().where('reverses_id', '=', id).executeTakeFirst();
    if (reversal) {
      this.results.push({ found: reversal });
      return;
    }
    const latest = reel.moved ? undefined : await this.latestChange(reel.code);
    if (!latest || String(latest.id) !== id) throw new Problem(409, 'stockMovedSince', { reel: reel.code, id });

    const before = reel.status;
    const from = original.from_sic === null ? null : { sic: original.from_sic, loc: original.from_loc! };
    switch (original.kind) {
      case 'RECEIVE':
        reel.status = 'CREATED';
        reel.receivedAt = 'clear';
        setPlace(reel, null);
        break;
      case 'RELEASE':
        reel.status = 'INSPECTION';
        break;
      case 'RESERVE':
        reel.reserved = reel.reserved.minus(quantityOf(original.reserved_qty));
        if (reel.reserved.isZero()) reel.reservedBill = null;
        break;
      case 'UNRESERVE':
        reel.reserved = reel.reserved.plus(quantityOf(original.reserved_qty));
        reel.reservedBill = original.reserved_bill_code;
        break;
      case 'ISSUE':
      case 'SCRAP':
        reel.status = original.reel_status_before!;
        reel.reserved = quantityOf(original.reserved_qty);
        reel.reservedBill = original.reserved_bill_code;
        setPlace(reel, from);
        break;
      case 'TRANSFER':
        setPlace(reel, from);
        break;
    }
    this.drafts.push({
      kind: 'REVERSAL',
      bill_code: move.billCode ?? original.bill_code,
      bill_line_no: move.billLineNo ?? original.bill_line_no,
      reel_code: reel.code,
      part_code: original.part_code,
      lot_code: original.lot_code,
      from_sic: original.from_sic,
      from_loc: original.from_loc,
      to_sic: original.to_sic,
      to_loc: original.to_loc,
      qty: quantityText(quantityOf(original.qty).neg()),
      reserved_qty: quantityText(quantityOf(original.reserved_qty).neg()),
      inspection_qty: quantityText(quantityOf(original.inspection_qty).neg()),
      reserved_bill_code: original.reserved_bill_code,
      reason: move.reason ?? null,
      reverses_id: id,
      reel_status_before: before,
      reel_status_after: reel.status,
    });
    this.results.push({ draft: this.drafts.length - 1 });
    reel.changed = true;
    reel.moved = true;
  }

  /**
   * A move whose effect the reel shows already: the transaction that made it when it was this bill's
   * latest change of the reel (a repeated scan), else the refusal for the reel's state.
   */
  private async doneAlready(reel: ReelState, move: StockMove & { kind: keyof typeof MOVE_KIND }, action: string, refusal = () => wrongStatus(reel, action)) {
    const latest = move.billCode && !reel.moved ? await this.latestChange(reel.code) : undefined;
    const sameTarget = move.kind !== 'transfer' || (latest?.to_sic === move.to.sic && latest?.to_loc === (move.to.loc ?? ''));
    if (latest && latest.kind === MOVE_KIND[move.kind] && latest.bill_code === move.billCode && latest.reel_code === reel.code && sameTarget) {
      this.results.push({ found: latest });
      return;
    }
    throw refusal();
  }

  /** The reel's latest change that stands (neither a reversal nor reversed): what a reversal may undo. */
  private latestChange(code: string): Promise<StockTransaction | undefined> {
    return this.trx
      .selectFrom('stock_transactions as t')
      .selectAll('t')
      .where('t.org_id', '=', this.caller.orgId)
      .where((eb) => eb.or([eb('t.reel_code', '=', code), eb('t.split_reel_code', '=', code)]))
      .where('t.kind', '<>', 'REVERSAL')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('stock_transactions as r').select('r.id').whereRef('r.reverses_id', '=', 't.id'))))
      .orderBy('t.id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  private refuseOtherBill(reel: ReelState, billCode: string | undefined) {
    if (reel.reservedBill && reel.reservedBill !== billCode) {
      throw new Problem(409, 'stockReelReservedByOther', { reel: reel.code, bill: reel.reservedBill });
    }
  }

  private short(reel: ReelState, action: string, available: Qty, qty: Qty) {
    return new Problem(409, 'stockReelQtyShort', { reel: reel.code, available: quantityText(available), qty: quantityText(qty), action: { message: ACTION[action] } });
  }

  private placeOf(reel: ReelState): { sic: string; loc: string } {
    return { sic: reel.sic!, loc: reel.loc! };
  }

  /** A place that exists: the storage location, and the locator in it (checked with the reels' lock, lockReels). */
  private async place(place: Place): Promise<{ sic: string; loc: string }> {
    const loc = place.loc ?? '';
    const key = placeKey(place);
    let found = this.knownPlaces.get(key);
    if (!found) {
      const { rows } = await sql<{ sic: boolean; loc: boolean }>`
        select exists (select 1 from md_storage_location where org_id = ${this.caller.orgId} and code = ${place.sic}) as sic,
               ${loc} = '' or exists (select 1 from md_locator where org_id = ${this.caller.orgId} and code = ${loc} and storage_location_code = ${place.sic}) as loc`.execute(this.trx);
      found = rows[0];
      this.knownPlaces.set(key, found);
    }
    if (!found.sic) throw new Problem(400, 'stockSicUnknown', { sic: place.sic });
    if (!found.loc) throw new Problem(400, 'stockLocUnknown', { sic: place.sic, loc });
    return { sic: place.sic, loc };
  }

  private async requirePart(partCode: string) {
    const { rows } = await sql<{ found: boolean }>`select exists (select 1 from md_part where org_id = ${this.caller.orgId} and code = ${partCode}) as found`.execute(this.trx);
    if (!rows[0].found) throw new Problem(400, 'stockPartUnknown', { part: partCode });
  }

  private async reelExists(code: string): Promise<boolean> {
    const found = await this.trx.selectFrom('stock_reels').select('reel_code').where('org_id', '=', this.caller.orgId).where('reel_code', '=', code).executeTakeFirst();
    return Boolean(found);
  }

  /** `<parent>-<n>`, n one more than its splits so far (and past any code taken otherwise). */
  private async freeSplitCode(parent: string): Promise<string> {
    const { rows } = await sql<{ n: number; taken: boolean }>`
      with next as (select count(*)::int + 1 as n from stock_reels where org_id = ${this.caller.orgId} and parent_reel_code = ${parent})
      select n, exists (select 1 from stock_reels where org_id = ${this.caller.orgId} and reel_code = ${parent} || '-' || n) as taken from next`.execute(this.trx);
    for (let n = rows[0].n, taken = rows[0].taken; ; n++, taken = true) {
      const code = `${parent}-${n}`;
      if (!this.reels.has(code) && !(taken && (await this.reelExists(code)))) return code;
    }
  }

  /** Records a transaction of the reel, already changed by the move (a draft, written at the end). */
  private post(
    reel: ReelState,
    context: MoveContext,
    change: {
      kind: StockTransactionKind;
      from?: { sic: string; loc: string };
      to?: { sic: string; loc: string };
      qty: Qty;
      reserved?: Qty;
      reservedBill?: string | null;
      inspection?: Qty;
      splitReelCode?: string;
      before: ReelStatus;
    },
  ) {
    const reserved = change.reserved ?? ZERO;
    this.drafts.push({
      kind: change.kind,
      bill_code: context.billCode ?? null,
      bill_line_no: context.billLineNo ?? null,
      reel_code: reel.code,
      split_reel_code: change.splitReelCode ?? null,
      part_code: reel.partCode,
      lot_code: reel.lotCode,
      from_sic: change.from?.sic ?? null,
      from_loc: change.from?.loc ?? null,
      to_sic: change.to?.sic ?? null,
      to_loc: change.to?.loc ?? null,
      qty: quantityText(change.qty),
      reserved_qty: quantityText(reserved),
      inspection_qty: quantityText(change.inspection ?? ZERO),
      reserved_bill_code: reserved.isZero() ? null : (change.reservedBill ?? null),
      reason: context.reason ?? null,
      reel_status_before: change.before,
      reel_status_after: reel.status,
    });
    this.results.push({ draft: this.drafts.length - 1 });
    reel.changed = true;
    reel.moved = true;
  }

  /**
   * Writes what the moves did in ONE statement (one round trip; data-modifying CTEs): the new reels
   * (split-offs, unregistered receipts), the changed reels (locked already), the balances (one upsert,
   * rows in key order: the contract's step 4), the request row (unkeyed) and the transactions.
   * Returns the transactions in the order of the drafts. A balance its checks refuse refuses the call.
   *
   * The balances' upsert: PostgreSQL checks the row an upsert proposes before it finds the conflict,
   * so the proposed row is the change clamped to what the checks accept; a key found takes the change
   * itself (its checks then refuse a negative result), a new key must equal the change exactly.
   */
  private async write(requestId: string | undefined): Promise<StockTransaction[]> {
    if (!this.drafts.length) return [];
    const org = this.caller.orgId;
    const ctes: RawBuilder<unknown>[] = [];

    const created = [...this.reels.values()].filter((r) => r.isNew).sort((a, b) => (a.code < b.code ? -1 : 1));
    if (created.length) {
      const rows = created.map(
        (r) => sql`(${org}, ${r.code}, ${r.partCode}, ${r.vendorCode}, ${r.lotCode}, ${r.dateCode}, ${r.expireDate}, ${quantityText(r.qty)}, ${r.status}, ${r.sic}, ${r.loc},
          ${quantityText(r.reserved)}, ${r.reservedBill}, ${r.status === 'CREATED' ? null : (r.storedReceivedAt ?? sql`now()`)}, ${r.parentReelCode}, ${r.billCode}, ${r.billLineNo})`,
      );
      ctes.push(sql`new_reels as (
        insert into stock_reels (org_id, reel_code, part_code, vendor_code, lot_code, date_code, expire_date, qty, status, sic, loc,
                                 reserved_qty, reserved_bill_code, received_at, parent_reel_code, bill_code, bill_line_no)
        values ${sql.join(rows)} returning 1)`);
    }

    const changed = [...this.reels.values()].filter((r) => r.changed && !r.isNew);
    if (changed.length) {
      const rows = changed.map(
        (r) => sql`(${r.code}::text, ${quantityText(r.qty)}::numeric, ${r.status}::text, ${r.sic}::text, ${r.loc}::text, ${quantityText(r.reserved)}::numeric, ${r.reservedBill}::text, ${r.receivedAt}::text, ${r.lotCode}::text)`,
      );
      // Each reel found by a probe of its key, then updated where it lies (its row is locked since
      // lockReels): joined on the key, a planner without statistics hashed the organisation's every reel.
      ctes.push(sql`changed_reels as (
        update stock_reels r set qty = v.qty, status = v.status, sic = v.sic, loc = v.loc, reserved_qty = v.reserved, reserved_bill_code = v.reserved_bill, lot_code = v.lot,
               received_at = case v.received when 'now' then now() when 'clear' then null else r.received_at end, updated_at = now()
          from (values ${sql.join(rows)}) v (code, qty, status, sic, loc, reserved, reserved_bill, received, lot)
          cross join lateral (select s.ctid as at from stock_reels s where s.org_id = ${org} and s.reel_code = v.code limit 1) found
         where r.ctid = found.at
        returning 1)`);
    }

    const deltas = this.balanceDeltas();
    if (deltas.length) {
      const rows = deltas.map(
        (d) => sql`(${d.part}::text, ${d.sic}::text, ${d.loc}::text, ${d.lot}::text, ${quantityText(d.onHand)}::numeric, ${quantityText(d.reserved)}::numeric, ${quantityText(d.inspection)}::numeric)`,
      );
      const change = (column: string) =>
        sql`(select d.${sql.ref(column)} from deltas d where d.part = excluded.part_code and d.sic = excluded.sic and d.loc = excluded.loc and d.lot = excluded.lot_code)`;
      ctes.push(sql`deltas (part, sic, loc, lot, on_hand, reserved, inspection) as (values ${sql.join(rows)})`);
      ctes.push(sql`balances as (
        insert into stock_balances as b (org_id, part_code, sic, loc, lot_code, on_hand, reserved_qty, inspection_qty)
        select ${org}, part, sic, loc, lot, greatest(on_hand, greatest(reserved, 0) + greatest(inspection, 0)), greatest(reserved, 0), greatest(inspection, 0)
          from deltas order by part, sic, loc, lot
        on conflict (org_id, part_code, sic, loc, lot_code) do update set
          on_hand = b.on_hand + ${change('on_hand')}, reserved_qty = b.reserved_qty + ${change('reserved')},
          inspection_qty = b.inspection_qty + ${change('inspection')}, updated_at = now()
        returning part_code, sic, loc, lot_code, xmax = 0 as inserted, on_hand, reserved_qty, inspection_qty)`);
    }

    let request: RawBuilder<unknown> = sql`${requestId}::bigint`;
    if (requestId === undefined) {
      ctes.push(sql`request as (insert into stock_requests (org_id, idempotency_key, user_id) values (${org}, null, ${this.caller.userId}) returning id)`);
      request = sql`(select id from request)`;
    }
    const rows = this.drafts.map(
      (d) => sql`(${org}, ${request}, ${d.kind}, ${this.caller.userId}, ${this.caller.userName}, ${d.bill_code ?? null}, ${d.bill_line_no ?? null}, ${d.reel_code},
        ${d.split_reel_code ?? null}, ${d.part_code}, ${d.lot_code}, ${d.from_sic ?? null}, ${d.from_loc ?? null}, ${d.to_sic ?? null}, ${d.to_loc ?? null},
        ${String(d.qty)}, ${String(d.reserved_qty ?? '0')}, ${String(d.inspection_qty ?? '0')}, ${d.reserved_bill_code ?? null}, ${d.reason ?? null},
        ${d.reverses_id ?? null}, ${d.reel_status_before ?? null}, ${d.reel_status_after})`,
    );
    ctes.push(sql`written as (
      insert into stock_transactions (org_id, request_id, kind, user_id, user_name, bill_code, bill_line_no, reel_code,
        split_reel_code, part_code, lot_code, from_sic, from_loc, to_sic, to_loc,
        qty, reserved_qty, inspection_qty, reserved_bill_code, reason,
        reverses_id, reel_status_before, reel_status_after)
      values ${sql.join(rows)}
      returning *)`);
    // A new balance key whose row is not the change itself: the change would make it negative.
    const refusedKeys = deltas.length
      ? sql`(select json_agg(json_build_object('part', b.part_code, 'sic', b.sic, 'loc', b.loc, 'lot', b.lot_code)) from balances b join deltas d
              on d.part = b.part_code and d.sic = b.sic and d.loc = b.loc and d.lot = b.lot_code
             where b.inserted and (b.on_hand <> d.on_hand or b.reserved_qty <> d.reserved or b.inspection_qty <> d.inspection))`
      : sql`null::json`;
    let result: { rows: (StockTransaction & { refused_balances: { part: string; sic: string; loc: string; lot: string }[] | null })[] };
    try {
      result = await sql<StockTransaction & { refused_balances: { part: string; sic: string; loc: string; lot: string }[] | null }>`
        with ${sql.join(ctes)}
        select w.*, ${refusedKeys} as refused_balances from written w`.execute(this.trx);
    } catch (error) {
      // A check refused a balance: the reels and the balance disagree. Refuse the whole call rather
      // than write stock that cannot be.
      const failure = error as { code?: unknown; table?: unknown; detail?: unknown };
      if (failure.code === '23514' && failure.table === 'stock_balances') throw balanceRefused(failingKey(failure.detail, deltas) ?? deltas[0]);
      throw error;
    }
    const refused = result.rows[0]?.refused_balances?.[0];
    if (refused) throw balanceRefused(refused);
    return result.rows.map(({ refused_balances: _, ...transaction }) => transaction as StockTransaction);
  }

  /** The balances' changes, summed per key, in key order (the contract's step 4); keys with no change left out. */
  private balanceDeltas(): BalanceDelta[] {
    const deltas = new Map<string, BalanceDelta>();
    const add = (part: string, lot: string, sic: string | null | undefined, loc: string | null | undefined, sign: 1 | -1, d: Draft) => {
      if (sic === null || sic === undefined) return;
      const key = [part, sic, loc ?? '', lot].join('\u0000');
      const entry = deltas.get(key) ?? { part, sic, loc: loc ?? '', lot, onHand: ZERO, reserved: ZERO, inspection: ZERO };
      entry.onHand = entry.onHand.plus(quantityOf(String(d.qty)).times(sign));
      entry.reserved = entry.reserved.plus(quantityOf(String(d.reserved_qty)).times(sign));
      entry.inspection = entry.inspection.plus(quantityOf(String(d.inspection_qty)).times(sign));
      deltas.set(key, entry);
    };
    for (const d of this.drafts) {
      add(d.part_code, d.lot_code, d.to_sic, d.to_loc, 1, d);
      add(d.part_code, d.lot_code, d.from_sic, d.from_loc, -1, d);
    }
    return [...deltas.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, entry]) => entry)
      .filter((d) => !(d.onHand.isZero() && d.reserved.isZero() && d.inspection.isZero()));
  }
}

/** A stock count's frozen scope (stocktake_plans): each list empty means all. */
export interface FrozenScope {
  plan: string;
  sics: string[];
  locs: string[];
  parts: string[];
}

/** The organisation's frozen scopes (its stock counts under way) as a json array, null when none: a subquery. */
const frozenScopesJson = (orgId: string) =>
  sql<FrozenScope[] | null>`(select json_agg(json_build_object('plan', p.code, 'sics', p.scope_sics, 'locs', p.scope_locs, 'parts', p.scope_parts))
    from stocktake_plans p where p.org_id = ${orgId} and p.status in ('COUNTING', 'RECOUNT'))`;

/**
 * The organisation's frozen scopes now, for a caller that takes something for a later stock move (a
 * shelf cell lit and reserved for a put-away, lights for a pick): it checks them first, with the
 * ledger's rule and message (frozenScopeOf, frozenRefusal), so nothing is taken for a move the ledger
 * would refuse. The ledger itself reads them with the reels' lock, as before.
 */
export async function frozenScopes(db: DB, orgId: string): Promise<FrozenScope[]> {
  const { rows } = await sql<{ frozen: FrozenScope[] | null }>`select ${frozenScopesJson(orgId)} as frozen`.execute(db);
  return rows[0]?.frozen ?? [];
}

/** The frozen scope a part in a place lies in (undefined: none; loc '' is no locator). */
export const frozenScopeOf = (scopes: readonly FrozenScope[], part: string, sic: string, loc: string): FrozenScope | undefined =>
  scopes.find((s) => (!s.sics.length || s.sics.includes(sic)) && (!s.locs.length || s.locs.includes(loc)) && (!s.parts.length || s.parts.includes(part)));

/** The ledger's refusal of a move into or out of a frozen place. */
export const frozenRefusal = (scope: FrozenScope, part: string, sic: string, loc: string) => new Problem(409, 'stockPlaceFrozen', { sic, loc, part, plan: scope.plan });

interface BalanceDelta {
  part: string;
  sic: string;
  loc: string;
  lot: string;
  onHand: Qty;
  reserved: Qty;
  inspection: Qty;
}

const balanceRefused = (key: { part: string; sic: string; loc: string; lot: string }) =>
  new Problem(409, 'stockBalanceRefused', { part: key.part, sic: key.sic, loc: key.loc, lot: key.lot });

/** The balance key of a check violation's "Failing row contains (org, part, sic, loc, lot, ...)", when it is one of the changes. */
function failingKey(detail: unknown, deltas: readonly BalanceDelta[]): BalanceDelta | undefined {
  const values = /\((.*)\)/.exec(String(detail ?? ''))?.[1].split(', ');
  if (!values) return undefined;
  return deltas.find((d) => d.part === values[1] && d.sic === values[2] && d.loc === values[3] && d.lot === values[4]);
}
