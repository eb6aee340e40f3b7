/**
 * The demo plant's running clocks (issue 20), dated relative to the first start so they are live when a
 * user looks: two moisture-sensitive reels of the MSL 3 part IC-00010 (floor life 168 h) — one opened 100 h
 * ago (68 h left), one opened 200 h ago (over: a pick refuses it with the reason) — received THROUGH the
 * ledger; and a solder paste and a red glue with their containers: one thawed long enough to open, one
 * opened two hours ago (its exposure counts down on 锡膏管理), one in cold storage. Once per database
 * (seed ledger entry 'demo-clocks:v1').
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../database.ts';
import { applyStockMoves, type StockCaller } from '../../modules/stock/ledger.ts';
import { seedSetOnce } from './ledger.ts';

const ORG = 'org-f01';
const ADMIN: StockCaller = { orgId: ORG, userId: 'user-admin', userName: 'ADMIN' };
const HOUR = 3_600_000;

/** The MSL 3 part's demo reels and how long ago their bags were opened. */
export const DEMO_MSD_REELS = [
  { reelCode: 'MSD-DEMO-0001', openedHoursAgo: 100 },
  { reelCode: 'MSD-DEMO-0002', openedHoursAgo: 200 },
] as const;
export const DEMO_MSD_PART = 'IC-00010';
export const DEMO_MSD_PLACE = { sic: 'ELE01', loc: 'ELE01-02' } as const;

/** Auxiliary materials (parts of their own) and their containers: events as hours before the first start. */
export const DEMO_AUX_MATERIALS = [
  { part: 'AUX-SP-0001', name: '无铅锡膏 SAC305', type: 'SOLDER_PASTE', category: 'SP', validityDays: 180, exposureHours: 24, thawHours: 4 },
  { part: 'AUX-RG-0001', name: '贴片红胶 PD955', type: 'RED_GLUE', category: 'RG', validityDays: 180, exposureHours: 48, thawHours: 2 },
] as const;
export const DEMO_AUX_CONTAINERS = [
  // Thawed 6 h: ready to open.
  { code: 'AUX-DEMO-0001', part: 'AUX-SP-0001', events: [['RECEIVE', 72], ['STORE', 72], ['THAW', 6]] },
  // Opened 2 h ago: 22 h of exposure left.
  { code: 'AUX-DEMO-0002', part: 'AUX-SP-0001', events: [['RECEIVE', 72], ['STORE', 72], ['THAW', 8], ['OPEN', 2]] },
  { code: 'AUX-DEMO-0003', part: 'AUX-RG-0001', events: [['RECEIVE', 48], ['STORE', 48]] },
] as const;

export async function seedDemoClocks(db: DB, now: Date): Promise<void> {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  await seedSetOnce(db, 'demo-clocks:v1', async (trx) => {
    // A database from before the seed ledger that has them already keeps them.
    const { rows } = await sql<{ found: boolean }>`
      select exists (select 1 from stock_reels where org_id = ${ORG} and reel_code = ${DEMO_MSD_REELS[0].reelCode}) as found`.execute(trx);
    if (rows[0].found) return;
    for (const { reelCode } of DEMO_MSD_REELS) {
      await applyStockMoves(trx, ADMIN, [{ kind: 'receive', reelCode, to: DEMO_MSD_PLACE, qty: '250', reel: { partCode: DEMO_MSD_PART, lotCode: 'L-MSD-DEMO' } }]);
    }
    for (const { reelCode, openedHoursAgo } of DEMO_MSD_REELS) {
      await sql`insert into msd_reel_events (org_id, reel_code, kind, at, user_name, remark)
        values (${ORG}, ${reelCode}, 'OPEN', ${ago(openedHoursAgo)}, 'ADMIN', '演示')`.execute(trx);
    }

    for (const [code, name] of [['SP', '锡膏'], ['RG', '红胶']]) {
      await sql`insert into md_aux_material_category (id, org_id, code, name) values (${randomUUID()}, ${ORG}, ${code}, ${name})
        on conflict do nothing`.execute(trx);
    }
    for (const material of DEMO_AUX_MATERIALS) {
      await sql`insert into md_part (id, org_id, code, name, spec, unit, shelf_life_days, iqc_required, lot_control, min_pack_qty, enabled)
        values (${randomUUID()}, ${ORG}, ${material.part}, ${material.name}, '500g', 'PCS', ${material.validityDays}, false, true, 1, true)
        on conflict do nothing`.execute(trx);
      await sql`insert into md_aux_material (id, org_id, part_code, name, material_type, category_code, validity_days, exposure_hours, thaw_hours, active)
        values (${randomUUID()}, ${ORG}, ${material.part}, ${material.name}, ${material.type}, ${material.category},
                ${material.validityDays}, ${material.exposureHours}, ${material.thawHours}, true)
        on conflict do nothing`.execute(trx);
    }
    for (const container of DEMO_AUX_CONTAINERS) {
      const id = randomUUID();
      const receivedAt = ago(container.events[0][1]);
      await sql`insert into aux_containers (id, org_id, code, part_code, lot_code, received_at, received_by)
        values (${id}, ${ORG}, ${container.code}, ${container.part}, 'L-AUX-DEMO', ${receivedAt}, 'ADMIN')`.execute(trx);
      for (const [kind, hours] of container.events) {
        await sql`insert into aux_container_events (container_id, kind, at, user_name) values (${id}, ${kind}, ${ago(hours)}, 'ADMIN')`.execute(trx);
      }
    }
  });
}
