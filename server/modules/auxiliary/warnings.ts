/**
 * The built-in task 'shelf-life-warnings' (作业调度; run it e.g. every 10 minutes): raises a warning on
 * the home page (home_warnings, one per item by its source) for each auxiliary-material container close
 * to or past its validity or exposure, and each moisture-sensitive reel in stock close to or past its
 * floor life (J-STD-033), by the database's clock; a warning whose item is fine again (used up, baked,
 * scrapped, issued) is marked success. The screens compute the same states on read.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { auxStatus, WARN_SHARE, type AuxEventKind } from '../../../src/shared/auxiliary/lifecycle.ts';
import { floorLife, hoursText, mslLevelOf, type MsdEventKind } from '../../../src/shared/msd/floor-life.ts';
import type { BilingualText } from '../../../src/shared/bilingual.ts';
import { translateBoth } from '../../../src/shared/messages/catalogue.ts';

interface Raised {
  orgId: string;
  source: string;
  level: 'warning' | 'danger';
  /** In both languages: the home page and the warning grid show a warning in the reader's (migration 0190_02). */
  title: BilingualText;
  content: BilingualText;
}

export async function raiseShelfLifeWarnings(db: DB): Promise<{ raised: number; cleared: number }> {
  const { rows: clock } = await sql<{ now: Date | string }>`select now() as now`.execute(db);
  const now = new Date(clock[0].now);
  const due: Raised[] = [];

  const { rows: containers } = await sql<{
    org_id: string; id: string; code: string; name: string; validity_days: number; exposure_hours: string; thaw_hours: string | null;
    events: { kind: AuxEventKind; at: string }[];
  }>`
    select c.org_id, c.id, c.code, m.name, m.validity_days, m.exposure_hours, m.thaw_hours,
           (select json_agg(json_build_object('kind', e.kind, 'at', e.at) order by e.at, e.id) from aux_container_events e where e.container_id = c.id) as events
      from aux_containers c join md_aux_material m on m.org_id = c.org_id and m.part_code = c.part_code
     where not exists (select 1 from aux_container_events e where e.container_id = c.id and e.kind in ('USED_UP', 'SCRAP'))`.execute(db);
  for (const c of containers) {
    const status = auxStatus(
      { validityDays: Number(c.validity_days), exposureHours: Number(c.exposure_hours), thawHours: c.thaw_hours === null ? null : Number(c.thaw_hours) },
      (c.events ?? []).map((e) => ({ kind: e.kind, at: new Date(e.at) })),
      now,
    );
    if (!status.warn) continue;
    const params = { code: c.code, material: c.name, left: hoursText(status.exposureLeftMs), until: status.expiresAt?.toISOString().slice(0, 10) ?? '' };
    due.push({
      orgId: c.org_id,
      source: `aux:${c.id}`,
      level: status.blocked ? 'danger' : 'warning',
      title: translateBoth(status.blocked ? 'auxWarningOverTitle' : 'auxWarningSoonTitle', params),
      content: translateBoth('auxWarningContent', params),
    });
  }

  const { rows: reels } = await sql<{ org_id: string; reel_code: string; part_code: string; msl_level: string; events: { kind: MsdEventKind; at: string }[] }>`
    select r.org_id, r.reel_code, r.part_code, p.msl_level,
           (select json_agg(json_build_object('kind', e.kind, 'at', e.at) order by e.at, e.id) from msd_reel_events e where e.org_id = r.org_id and e.reel_code = r.reel_code) as events
      from stock_reels r join md_part p on p.org_id = r.org_id and p.code = r.part_code
     where r.status in ('IN_STOCK', 'INSPECTION') and coalesce(p.msl_level, '1') <> '1'
       and exists (select 1 from msd_reel_events e where e.org_id = r.org_id and e.reel_code = r.reel_code)`.execute(db);
  for (const r of reels) {
    const level = mslLevelOf(r.msl_level);
    if (!level) continue;
    const life = floorLife(level, (r.events ?? []).map((e) => ({ kind: e.kind, at: new Date(e.at) })), now);
    const soon = life.remainingMs !== null && life.floorLifeMs !== null && life.remainingMs < life.floorLifeMs * WARN_SHARE;
    if (life.usable && !soon) continue;
    const params = { reel: r.reel_code, part: r.part_code, level, left: hoursText(life.remainingMs ?? 0) };
    due.push({
      orgId: r.org_id,
      source: `msd:${r.reel_code}`,
      level: life.usable ? 'warning' : 'danger',
      title: translateBoth(life.usable ? 'msdWarningSoonTitle' : 'msdWarningOverTitle', params),
      content: translateBoth('msdWarningContent', params),
    });
  }

  return db.transaction().execute(async (trx) => {
    for (const w of due) {
      // One warning per item; a warning that turns from "soon" to "over" is updated and called again.
      await sql`
        insert into home_warnings (id, org_id, title, content, title_en, content_en, warning_level, call_status, call_time, source)
        values (${randomUUID()}, ${w.orgId}, ${w.title['zh-chs']}, ${w.content['zh-chs']}, ${w.title.en}, ${w.content.en}, ${w.level}, 'pending', null, ${w.source})
        on conflict (org_id, source) do update set title = excluded.title, content = excluded.content,
          title_en = excluded.title_en, content_en = excluded.content_en, warning_level = excluded.warning_level,
          call_status = case when home_warnings.warning_level <> excluded.warning_level or home_warnings.call_status = 'success' then 'pending' else home_warnings.call_status end
        where home_warnings.title <> excluded.title or home_warnings.title_en is distinct from excluded.title_en
           or home_warnings.warning_level <> excluded.warning_level or home_warnings.call_status = 'success'`.execute(trx);
    }
    const keep = due.map((w) => `${w.orgId}|${w.source}`);
    const { numAffectedRows } = await sql`
      update home_warnings set call_status = 'success', call_time = now()
       where (source like 'aux:%' or source like 'msd:%') and call_status <> 'success'
         and not (org_id || '|' || source = any(${keep}::text[]))`.execute(trx);
    return { raised: due.length, cleared: Number(numAffectedRows ?? 0) };
  });
}
