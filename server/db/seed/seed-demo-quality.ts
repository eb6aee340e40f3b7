/**
 * The demo plant's incoming-inspection master data (issue 19) for the demo IQC part IND-00003 (贴片电感
 * 0805 4.7uH), in both demo organisations: an LCR meter (calibrated), two check items — 电感量 (variable,
 * 4.7 µH ± 10 %: 4.23–5.17, class B, measured with the meter) and 外观 (attribute, class C) — a level II
 * scheme (class B at AQL 0.65, class C at 2.5) and the part's template. Written once per database (seed
 * ledger entry 'demo-quality:v1'), before the demo bills, so the demo receipt's inspection document gets
 * its plan; a database whose demo document was made before this seed (an empty plan) gets it planned.
 */
import { sql } from 'kysely';
import type { DB } from '../database.ts';
import { planPendingDocuments } from '../../modules/quality/documents.ts';
import { seedSetOnce } from './ledger.ts';

export const DEMO_IQC_PART = 'IND-00003';
const ORGS = ['org-f01', 'org-f02'];

export async function seedDemoQuality(db: DB): Promise<void> {
  await seedSetOnce(db, 'demo-quality:v1', async (trx) => {
    for (const orgId of ORGS) {
      const { rows } = await sql<{ found: boolean }>`select exists (select 1 from md_part where org_id = ${orgId} and code = ${DEMO_IQC_PART}) as found`.execute(trx);
      if (!rows[0].found) continue;
      await sql`insert into md_quality_tool (id, org_id, code, name, model, serial_no, calibration_due, enabled)
        values (gen_random_uuid()::text, ${orgId}, 'LCR-01', 'LCR 数字电桥', 'TH2830', 'SN-2026-018', '2099-12-31', true)
        on conflict do nothing`.execute(trx);
      await sql`insert into md_quality_check_item (id, org_id, code, name, kind, unit, nominal, lower_limit, upper_limit, defect_class, tool_code, method, enabled)
        values (gen_random_uuid()::text, ${orgId}, 'IND-L', '电感量', 'VARIABLE', 'µH', 4.7, 4.23, 5.17, 'B', 'LCR-01', '1 kHz, 0.25 V', true),
               (gen_random_uuid()::text, ${orgId}, 'IND-VIS', '外观', 'ATTRIBUTE', null, null, null, null, 'C', null, '目视：引脚氧化、本体破损、印字', true)
        on conflict do nothing`.execute(trx);
      await sql`insert into md_quality_sample_scheme (id, org_id, code, name, level_code, aql_a, aql_b, aql_c, aql_d, aql_e, aql_f, enabled)
        values (gen_random_uuid()::text, ${orgId}, 'SCH-IND', '电感来料抽样（一般检验水平 II）', 'II', null, '0.65', '2.5', null, null, null, true)
        on conflict do nothing`.execute(trx);
      await sql`insert into md_quality_template (id, org_id, code, part_code, check_item_code, name, scheme_code, seq, enabled)
        values (gen_random_uuid()::text, ${orgId}, 'TPL-IND', ${DEMO_IQC_PART}, 'IND-L', '电感来料检验', 'SCH-IND', 1, true),
               (gen_random_uuid()::text, ${orgId}, 'TPL-IND', ${DEMO_IQC_PART}, 'IND-VIS', '电感来料检验', 'SCH-IND', 2, true)
        on conflict do nothing`.execute(trx);
      await planPendingDocuments(trx, orgId, DEMO_IQC_PART);
    }
  });
}
