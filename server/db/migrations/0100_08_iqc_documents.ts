/**
 * Incoming inspection documents (issue 19; spec §2 检验单, §3 QC reports: defect classes A–F, result,
 * lot size, sample size; up to 50 measurements). One document per part + lot + receipt bill, made when
 * the receipt puts reels of an IQC part in pending inspection (server/modules/quality/documents.ts):
 *
 * - iqc_documents: the lot (size, reels), the severity the switching rules gave, the result and who
 *   judged it, the description (required when a reject is included, spec §5), a loose acceptance
 *   (concession) with its approver and reason;
 * - iqc_document_reels: the lot's reels, the ones to pull as samples marked;
 * - iqc_document_items: per check item its class, limits, plan (n, Ac, Re) and what the inspector found
 *   (defects counted, or measurements) with its judgment.
 * - stock_reels.iqc_concession: a reel released by loose acceptance.
 * Released migrations are never edited.
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from './frozen/caption-v1.ts';

const CAPTIONS: Record<string, [string, string]> = {
  id: ['编号', 'Id'],
  org_id: ['组织', 'Organisation'],
  doc_code: ['检验单号', 'Inspection no.'],
  bill_code: ['收货单号', 'Receipt bill'],
  part_code: ['料号', 'Part'],
  lot_code: ['批次', 'Lot'],
  vendor_code: ['供应商', 'Vendor'],
  lot_size: ['批量', 'Lot size'],
  reel_count: ['盘数', 'Reels'],
  level: ['检验水平', 'Inspection level'],
  severity: ['严格度', 'Severity'],
  status: ['状态', 'Status'],
  computed_result: ['判定结果', 'Computed result'],
  result: ['检验结果', 'Result'],
  description: ['描述', 'Description'],
  override_reason: ['改判原因', 'Override reason'],
  tighter_ok: ['严一档AQL下可接收', 'Accepted one AQL step tighter'],
  judged_by: ['检验员', 'Inspector'],
  judged_at: ['检验时间', 'Inspected at'],
  loose_by: ['放宽接收批准人', 'Concession approved by'],
  loose_reason: ['放宽接收原因', 'Concession reason'],
  loose_at: ['放宽接收时间', 'Concession at'],
  created_at: ['创建时间', 'Created at'],
  version: ['版本', 'Version'],
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table iqc_documents (
      id text primary key default gen_random_uuid()::text,
      org_id text not null references organizations (id),
      doc_code text not null,
      bill_code text not null,
      part_code text not null,
      lot_code text not null default '',
      vendor_code text,
      lot_size numeric(18, 6) not null check (lot_size > 0),
      reel_count integer not null,
      level text,
      severity text not null default 'NORMAL' check (severity in ('NORMAL', 'TIGHTENED', 'REDUCED')),
      status text not null default 'PENDING' check (status in ('PENDING', 'ACCEPTED', 'REJECTED', 'CONCESSION')),
      computed_result text check (computed_result in ('ACCEPT', 'REJECT')),
      result text check (result in ('ACCEPT', 'REJECT')),
      description text,
      override_reason text,
      tighter_ok boolean,
      judged_by text,
      judged_at timestamptz,
      loose_by text,
      loose_reason text,
      loose_at timestamptz,
      created_at timestamptz not null default now(),
      version integer not null default 1,
      unique (org_id, doc_code),
      unique (org_id, bill_code, part_code, lot_code)
    )`.execute(db);
  await sql`create index iqc_documents_part on iqc_documents (org_id, vendor_code, part_code, created_at)`.execute(db);
  await sql`
    create table iqc_document_reels (
      document_id text not null references iqc_documents (id) on delete cascade,
      reel_code text not null,
      qty numeric(18, 6) not null,
      sample boolean not null default false,
      primary key (document_id, reel_code)
    )`.execute(db);
  await sql`
    create table iqc_document_items (
      document_id text not null references iqc_documents (id) on delete cascade,
      seq integer not null,
      check_item_code text not null,
      name text not null,
      kind text not null check (kind in ('ATTRIBUTE', 'VARIABLE')),
      defect_class text not null check (defect_class in ('A', 'B', 'C', 'D', 'E', 'F')),
      unit text,
      lower_limit numeric(18, 6),
      upper_limit numeric(18, 6),
      tool_code text,
      aql numeric(10, 3) not null,
      sample_size integer not null,
      ac integer not null,
      re integer not null,
      defects integer check (defects >= 0),
      measurements jsonb check (measurements is null or jsonb_array_length(measurements) <= 50),
      judgment text check (judgment in ('OK', 'NG')),
      primary key (document_id, check_item_code)
    )`.execute(db);
  await sql`alter table stock_reels add column iqc_concession boolean not null default false`.execute(db);
  await sql`comment on column stock_reels.iqc_concession is ${sql.lit(bilingualCaption('放宽接收', 'Concession'))}`.execute(db);
  for (const [column, [zh, en]] of Object.entries(CAPTIONS)) {
    await sql`comment on column ${sql.id('iqc_documents', column)} is ${sql.lit(bilingualCaption(zh, en))}`.execute(db);
  }
  // The 检验单 grid (/quality/document): bookkeeping columns hidden, coded columns labelled from 字典.
  await sql`insert into list_column_meta (list_route, field_name, hidden, lookup_type) values
    ('/quality/document', 'id', true, null), ('/quality/document', 'org_id', true, null), ('/quality/document', 'version', true, null),
    ('/quality/document', 'status', false, 'QC_DOC_STATUS'), ('/quality/document', 'severity', false, 'QC_SEVERITY'),
    ('/quality/document', 'result', false, 'QC_RESULT'), ('/quality/document', 'computed_result', false, 'QC_RESULT')
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from list_column_meta where list_route = '/quality/document'`.execute(db);
  await sql`alter table stock_reels drop column iqc_concession`.execute(db);
  await db.schema.dropTable('iqc_document_items').execute();
  await db.schema.dropTable('iqc_document_reels').execute();
  await db.schema.dropTable('iqc_documents').execute();
}
