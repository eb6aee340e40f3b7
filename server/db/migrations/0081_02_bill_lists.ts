/**
 * The bill lists (issue 14): each bill type's grid (LIST_ROUTE `/bill/master/<TYPE>`, seeded with the
 * type) reads the view bill_header_list, narrowed to its type by the route's fixed conditions
 * (list_routes.source_filter: column = value pairs the list engine applies like the organisation
 * scope, so one view serves every type and a new type needs no migration). The view's column
 * comments are the grid's captions in both languages. Configured SQL (the report role) may read
 * bills too: the view runs with its reader's rights (security_invoker), and bill_headers and
 * bill_lines are granted with the organisation policy, as the master tables are.
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from './frozen/caption-v1.ts';
import { grantReportRead, revokeReportRead } from './frozen/report-read-v1.ts';

const VIEW_CAPTIONS: Record<string, [string, string]> = {
  bill_code: ['单据号', 'Bill code'],
  bill_type: ['单据类型', 'Bill type'],
  status: ['状态', 'Status'],
  description: ['描述', 'Description'],
  vendor_code: ['供应商', 'Vendor'],
  customer_code: ['客户', 'Customer'],
  company_code: ['公司', 'Company'],
  mo: ['工单号', 'Work order'],
  mo_line: ['工单行号', 'Work-order line'],
  so: ['销售订单号', 'Sales order'],
  destination: ['目的地', 'Destination'],
  move_reason: ['移动原因', 'Move reason'],
  evidence_no: ['凭证号', 'Evidence number'],
  erp_bill_type: ['ERP单据类型', 'ERP bill type'],
  line_count: ['行数', 'Lines'],
  total_qty: ['总数量', 'Total quantity'],
  actual_qty: ['实际数量', 'Actual quantity'],
  created_by: ['创建人', 'Created by'],
  created_at: ['创建时间', 'Created at'],
  updated_at: ['修改时间', 'Updated at'],
  id: ['编号', 'Id'],
  org_id: ['组织', 'Organisation'],
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table list_routes add column source_filter jsonb`.execute(db);
  await sql`comment on column list_routes.source_filter is ${sql.lit('固定条件（字段 = 值）\nFixed conditions (column = value)')}`.execute(db);
  await sql`
    create view bill_header_list with (security_invoker = true) as
      select h.bill_code, h.bill_type, h.status, h.description, h.vendor_code, h.customer_code, h.company_code,
        h.mo, h.mo_line, h.so, h.destination, h.move_reason, h.evidence_no, h.erp_bill_type,
        coalesce(l.line_count, 0) as line_count, coalesce(l.total_qty, 0) as total_qty, coalesce(l.actual_qty, 0) as actual_qty,
        h.created_by, h.created_at, h.updated_at, h.id, h.org_id
      from bill_headers h
      left join lateral (
        select count(*)::int as line_count, sum(qty) as total_qty, sum(actual_qty) as actual_qty
          from bill_lines where bill_id = h.id and status <> 'CANCELLED') as l on true`.execute(db);
  for (const [column, [zh, en]] of Object.entries(VIEW_CAPTIONS)) {
    await sql`comment on column ${sql.id('bill_header_list', column)} is ${sql.lit(bilingualCaption(zh, en))}`.execute(db);
  }
  await grantReportRead(db, 'bill_headers');
  await grantReportRead(db, 'bill_lines');
  await sql`grant select on bill_header_list to portal_report_reader`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`revoke select on bill_header_list from portal_report_reader`.execute(db);
  await revokeReportRead(db, 'bill_lines');
  await revokeReportRead(db, 'bill_headers');
  await sql`drop view bill_header_list`.execute(db);
  await sql`alter table list_routes drop column source_filter`.execute(db);
}
