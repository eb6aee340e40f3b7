/**
 * The quality dashboard's grids (issue 19, spec §2 reports: "lot acceptance rate per vendor and month,
 * defect Pareto by class and item"), two views of the judged inspection documents (not PENDING) the
 * list engine searches, pages and exports like tables (src/shared/pages/quality-acceptance-rate.ts,
 * quality-defect-pareto.ts):
 *
 * - iqc_acceptance_rates: per organisation, vendor and month judged, the lots judged, accepted, rejected
 *   (a concession is a rejected lot released: counted rejected, and as concession) and the rate accepted.
 * - iqc_defect_pareto: per organisation, defect class and check item, the defects found (attribute: counted;
 *   variable: measurements outside the limits, as src/shared/quality/judgment.ts defectsOf), the lots it was
 *   inspected on, its share of the organisation's defects and the cumulative share in the Pareto order
 *   (most defects first), its rank.
 * Released migrations are never edited.
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from './frozen/caption-v1.ts';

const CAPTIONS: Record<string, Record<string, [string, string]>> = {
  iqc_acceptance_rates: {
    org_id: ['组织', 'Organisation'],
    rate_key: ['键', 'Key'],
    vendor_code: ['供应商', 'Vendor'],
    vendor_name: ['供应商名称', 'Vendor name'],
    month: ['月份', 'Month'],
    lots: ['检验批数', 'Lots judged'],
    accepted: ['合格批数', 'Lots accepted'],
    rejected: ['拒收批数', 'Lots rejected'],
    concession: ['放宽接收批数', 'Lots loosely accepted'],
    acceptance_rate: ['批合格率(%)', 'Acceptance rate (%)'],
  },
  iqc_defect_pareto: {
    org_id: ['组织', 'Organisation'],
    pareto_key: ['键', 'Key'],
    rank: ['排名', 'Rank'],
    defect_class: ['缺陷等级', 'Defect class'],
    check_item_code: ['检验项目', 'Check item'],
    name: ['项目名称', 'Item name'],
    defects: ['不良数', 'Defects'],
    lots: ['检验批数', 'Lots inspected'],
    share: ['占比(%)', 'Share (%)'],
    cumulative_share: ['累计占比(%)', 'Cumulative share (%)'],
  },
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create view iqc_acceptance_rates as
    select d.org_id, coalesce(d.vendor_code, '') || '|' || to_char(d.judged_at, 'YYYY-MM') as rate_key,
           d.vendor_code, max(v.name) as vendor_name, to_char(d.judged_at, 'YYYY-MM') as month,
           count(*)::int as lots,
           (count(*) filter (where d.result = 'ACCEPT'))::int as accepted,
           (count(*) filter (where d.result = 'REJECT'))::int as rejected,
           (count(*) filter (where d.status = 'CONCESSION'))::int as concession,
           round(100.0 * count(*) filter (where d.result = 'ACCEPT') / count(*), 2) as acceptance_rate
      from iqc_documents d
      left join md_vendor v on v.org_id = d.org_id and v.code = d.vendor_code
     where d.status <> 'PENDING' and d.judged_at is not null
     group by d.org_id, d.vendor_code, to_char(d.judged_at, 'YYYY-MM')`.execute(db);
  await sql`
    create view iqc_defect_pareto as
    with found as (
      select d.org_id, i.defect_class, i.check_item_code, max(i.name) as name, count(distinct d.id)::int as lots,
             sum(case when i.kind = 'ATTRIBUTE' then coalesce(i.defects, 0)
                      else (select count(*) from jsonb_array_elements_text(coalesce(i.measurements, '[]'::jsonb)) m(v)
                             where m.v::numeric < coalesce(i.lower_limit, m.v::numeric) or m.v::numeric > coalesce(i.upper_limit, m.v::numeric)) end)::int as defects
        from iqc_documents d join iqc_document_items i on i.document_id = d.id
       where d.status <> 'PENDING' and (i.defects is not null or i.measurements is not null)
       group by d.org_id, i.defect_class, i.check_item_code),
    ranked as (
      select f.*, row_number() over (partition by f.org_id order by f.defects desc, f.defect_class, f.check_item_code)::int as rank,
             sum(f.defects) over (partition by f.org_id) as total,
             sum(f.defects) over (partition by f.org_id order by f.defects desc, f.defect_class, f.check_item_code rows unbounded preceding) as running
        from found f)
    select org_id, defect_class || '|' || check_item_code as pareto_key, rank, defect_class, check_item_code, name, defects, lots,
           case when total > 0 then round(100.0 * defects / total, 2) else 0 end as share,
           case when total > 0 then round(100.0 * running / total, 2) else 0 end as cumulative_share
      from ranked`.execute(db);
  for (const [view, captions] of Object.entries(CAPTIONS)) {
    for (const [column, [zh, en]] of Object.entries(captions)) {
      await sql`comment on column ${sql.id(view, column)} is ${sql.lit(bilingualCaption(zh, en))}`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop view iqc_defect_pareto`.execute(db);
  await sql`drop view iqc_acceptance_rates`.execute(db);
}
