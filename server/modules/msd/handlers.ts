/**
 * Moisture-sensitive reels' run cards (issue 20; J-STD-033): the events of a reel (bag opened, dry
 * cabinet in/out, baked) at the database's time, and its floor life now (src/shared/msd/floor-life.ts).
 * The ledger refuses to issue a reel past its floor life (server/modules/stock/ledger.ts).
 */
import { sql } from 'kysely';
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import type { DB } from '../../db/database.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import { messageForRequest } from '../../i18n.ts';
import { eventAllowed, floorLife, mslLevelOf, type MsdEvent, type MsdEventKind } from '../../../src/shared/msd/floor-life.ts';
import type { MessageKey } from '../../../src/shared/messages/catalogue.ts';

const HOUR = 3_600_000;
const hours = (ms: number) => Math.round((ms / HOUR) * 100) / 100;

interface ReelRow {
  reel_code: string;
  part_code: string;
  status: string;
  msl_level: string | null;
  db_now: Date | string;
}
interface EventRow {
  kind: MsdEventKind;
  at: Date | string;
  user_name: string;
  remark: string | null;
}

async function reelOf(db: DB, orgId: string, reelCode: string, forUpdate = false) {
  const { rows } = await sql<ReelRow>`
    select r.reel_code, r.part_code, r.status, p.msl_level, now() as db_now
      from stock_reels r left join md_part p on p.org_id = r.org_id and p.code = r.part_code
     where r.org_id = ${orgId} and r.reel_code = ${reelCode} ${forUpdate ? sql`for update of r` : sql``}`.execute(db);
  if (!rows[0]) throw new Problem(404, 'msdReelUnknown', { reel: reelCode });
  return rows[0];
}

async function eventsOf(db: DB, orgId: string, reelCode: string) {
  const { rows } = await sql<EventRow>`
    select kind, at, user_name, remark from msd_reel_events where org_id = ${orgId} and reel_code = ${reelCode} order by at, id`.execute(db);
  return rows;
}

function runCard(reel: ReelRow, events: EventRow[]) {
  const level = mslLevelOf(reel.msl_level);
  const now = new Date(reel.db_now);
  const life = level ? floorLife(level, events.map((e): MsdEvent => ({ kind: e.kind, at: new Date(e.at) })), now) : null;
  return {
    ReelCode: reel.reel_code,
    PartCode: reel.part_code,
    ReelStatus: reel.status,
    Level: level,
    State: life?.state ?? 'UNLIMITED',
    Usable: life?.usable ?? true,
    ExposedHours: hours(life?.exposedMs ?? 0),
    RemainingHours: life?.remainingMs === null || life?.remainingMs === undefined ? null : hours(life.remainingMs),
    FloorLifeHours: life?.floorLifeMs === null || life?.floorLifeMs === undefined ? null : hours(life.floorLifeMs),
    Now: now.toISOString(),
    Events: events.map((e) => ({ Kind: e.kind, At: new Date(e.at).toISOString(), UserName: e.user_name, Remark: e.remark })),
  };
}

export function msdHandlers(ctx: ServerContext) {
  const { db } = ctx;
  return exactHandlers({
    MsdRunCard: async (request) => {
      const { orgId } = authOf(request);
      const reel = await reelOf(db, orgId, request.body.ReelCode.trim());
      return ok(runCard(reel, await eventsOf(db, orgId, reel.reel_code)));
    },
    MsdEvent: async (request) => {
      const { orgId, user } = authOf(request);
      const kind = request.body.Kind;
      const card = await db.transaction().execute(async (trx) => {
        // The reel's row lock keeps two scans of one reel in turn.
        const reel = await reelOf(trx, orgId, request.body.ReelCode.trim(), true);
        const level = mslLevelOf(reel.msl_level);
        if (!level || level === '1') throw new Problem(409, 'msdNotMoistureSensitive', { reel: reel.reel_code, part: reel.part_code });
        const events = await eventsOf(trx, orgId, reel.reel_code);
        if (!eventAllowed(events.map((e) => ({ kind: e.kind, at: new Date(e.at) })), kind)) {
          const state = runCard(reel, events).State;
          throw new Problem(409, 'msdEventNotAllowed', { reel: reel.reel_code, state: { message: `msdState${state}` as MessageKey }, event: { message: `msdEvent${kind}` as MessageKey } });
        }
        await sql`insert into msd_reel_events (org_id, reel_code, kind, user_name, remark)
          values (${orgId}, ${reel.reel_code}, ${kind}, ${user.userName}, ${request.body.Remark?.trim() || null})`.execute(trx);
        return runCard(reel, await eventsOf(trx, orgId, reel.reel_code));
      });
      return ok(card, messageForRequest(request, 'msdEventSaved', { reel: card.ReelCode, event: { message: `msdEvent${kind}` as MessageKey } }));
    },
  } satisfies Partial<OperationHandlers>);
}
