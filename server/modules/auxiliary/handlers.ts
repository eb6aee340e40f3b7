/**
 * Auxiliary-material containers (issue 20; solder paste, red glue): receipt of containers of a material
 * of the master data (md_aux_material), their events at the database's time, and their status: the
 * rules and clocks are src/shared/auxiliary/lifecycle.ts's (thaw too short, validity and exposure over
 * refused with the reason).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import type { DB } from '../../db/database.ts';
import { nextDayCode } from '../../db/day-codes.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import { messageForRequest } from '../../i18n.ts';
import { auxEventRefusal, auxStatus, type AuxEvent, type AuxEventKind, type AuxLimits } from '../../../src/shared/auxiliary/lifecycle.ts';
import { localDay } from '../../../src/shared/day-codes.ts';
import type { MessageKey } from '../../../src/shared/messages/catalogue.ts';

const HOUR = 3_600_000;
const hours = (ms: number) => Math.round((ms / HOUR) * 100) / 100;

interface ContainerRow {
  id: string;
  code: string;
  part_code: string;
  lot_code: string;
  name: string;
  material_type: string;
  validity_days: number;
  exposure_hours: string;
  thaw_hours: string | null;
  db_now: Date | string;
}
interface EventRow {
  kind: AuxEventKind;
  at: Date | string;
  user_name: string;
}

const limitsOf = (row: ContainerRow): AuxLimits => ({
  validityDays: Number(row.validity_days),
  exposureHours: Number(row.exposure_hours),
  thawHours: row.thaw_hours === null ? null : Number(row.thaw_hours),
});

async function containerOf(db: DB, orgId: string, code: string, forUpdate = false): Promise<ContainerRow> {
  const { rows } = await sql<ContainerRow>`
    select c.id, c.code, c.part_code, c.lot_code, m.name, m.material_type, m.validity_days, m.exposure_hours, m.thaw_hours, now() as db_now
      from aux_containers c join md_aux_material m on m.org_id = c.org_id and m.part_code = c.part_code
     where c.org_id = ${orgId} and c.code = ${code} ${forUpdate ? sql`for update of c` : sql``}`.execute(db);
  if (!rows[0]) throw new Problem(404, 'auxContainerUnknown', { code });
  return rows[0];
}

async function eventsOf(db: DB, containerId: string): Promise<EventRow[]> {
  const { rows } = await sql<EventRow>`select kind, at, user_name from aux_container_events where container_id = ${containerId} order by at, id`.execute(db);
  return rows;
}

const asEvents = (rows: EventRow[]): AuxEvent[] => rows.map((e) => ({ kind: e.kind, at: new Date(e.at) }));

function statusOut(row: ContainerRow, events: EventRow[]) {
  const now = new Date(row.db_now);
  const status = auxStatus(limitsOf(row), asEvents(events), now);
  return {
    Code: row.code,
    PartCode: row.part_code,
    MaterialName: row.name,
    MaterialType: row.material_type,
    LotCode: row.lot_code,
    State: status.state,
    ExpiresAt: status.expiresAt?.toISOString() ?? null,
    ExposedHours: hours(status.exposedMs),
    ExposureLeftHours: hours(status.exposureLeftMs),
    ThawedHours: hours(status.thawedMs),
    Blocked: status.blocked,
    Warn: status.warn,
    Now: now.toISOString(),
    Events: events.map((e) => ({ Kind: e.kind, At: new Date(e.at).toISOString(), UserName: e.user_name })),
  };
}

export function auxiliaryHandlers(ctx: ServerContext) {
  const { db } = ctx;
  return exactHandlers({
    AuxContainerReceive: async (request) => {
      const { orgId, user } = authOf(request);
      const count = request.body.Count ?? 1;
      if (!Number.isInteger(count) || count < 1 || count > 100) throw new Problem(400, 'auxCountInvalid', { count });
      const part = request.body.PartCode.trim();
      const codes = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ found: boolean }>`
          select exists (select 1 from md_aux_material where org_id = ${orgId} and part_code = ${part} and active) as found`.execute(trx);
        if (!rows[0].found) throw new Problem(400, 'auxMaterialUnknown', { part });
        const prefix = await nextDayCode(trx, orgId, 'AUX', ctx.clock());
        const made: string[] = [];
        for (let i = 1; i <= count; i++) {
          const id = randomUUID();
          const code = count === 1 ? prefix : `${prefix}-${i}`;
          await sql`insert into aux_containers (id, org_id, code, part_code, lot_code, received_by)
            values (${id}, ${orgId}, ${code}, ${part}, ${request.body.LotCode?.trim() ?? ''}, ${user.userName})`.execute(trx);
          await sql`insert into aux_container_events (container_id, kind, user_name) values (${id}, 'RECEIVE', ${user.userName})`.execute(trx);
          made.push(code);
        }
        return made;
      });
      return ok(codes, messageForRequest(request, 'auxReceived', { count: codes.length }));
    },

    AuxContainerGet: async (request) => {
      const { orgId } = authOf(request);
      const row = await containerOf(db, orgId, request.body.Code.trim());
      return ok(statusOut(row, await eventsOf(db, row.id)));
    },

    AuxContainerEvent: async (request) => {
      const { orgId, user } = authOf(request);
      const kind = request.body.Kind;
      const out = await db.transaction().execute(async (trx) => {
        const row = await containerOf(trx, orgId, request.body.Code.trim(), true);
        const events = await eventsOf(trx, row.id);
        const now = new Date(row.db_now);
        const refusal = auxEventRefusal(limitsOf(row), asEvents(events), kind, now);
        const event = { message: `auxEvent${kind}` as MessageKey };
        if (refusal?.reason === 'WRONG_STATE') throw new Problem(409, 'auxWrongState', { code: row.code, state: { message: `auxState${refusal.state}` as MessageKey }, event });
        if (refusal?.reason === 'THAW_TOO_SHORT') throw new Problem(409, 'auxThawTooShort', { code: row.code, thawed: refusal.thawedHours, min: refusal.minHours });
        if (refusal?.reason === 'EXPIRED') throw new Problem(409, 'auxExpired', { code: row.code, date: localDay(refusal.expiresAt) });
        if (refusal?.reason === 'EXPOSURE_OVER') throw new Problem(409, 'auxExposureOver', { code: row.code, exposed: refusal.exposedHours, limit: refusal.limitHours });
        await sql`insert into aux_container_events (container_id, kind, user_name) values (${row.id}, ${kind}, ${user.userName})`.execute(trx);
        return statusOut(row, await eventsOf(trx, row.id));
      });
      return ok(out, messageForRequest(request, 'auxEventSaved', { code: out.Code, event: { message: `auxEvent${kind}` as MessageKey } }));
    },
  } satisfies Partial<OperationHandlers>);
}
