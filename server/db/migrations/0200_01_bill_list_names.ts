/**
 * The bill lists read the company's, vendor's and customer's names beside their codes: an operator knows a
 * vendor by its name, not V0001. The view bill_header_list (0081_02) is made again with company_name after
 * company_code, vendor_name after vendor_code and customer_name after customer_code (a view's columns can only
 * be added at its end in place, and a grid shows them in the view's order), with its captions and grant.
 * The names come from the organisation's master records by code; a code without one (a record since deleted)
 * reads no name.
 */
import { sql, type Kysely } from 'kysely';
import { bilingualCaption } from './frozen/caption-v1.ts';

const CAPTIONS: Record<string, [string, string]> = {
  bill_code: ['单据号', 'Bill code'],
  bill_type: ['单据类型', 'Bill type'],
  status: ['状态', 'Status'],
  description: ['描述', 'Description'],
  vendor_code: ['供应商', 'Vendor'],
  vendor_name: ['供应商名称', 'Vendor name'],
  customer_code: ['客户', 'Customer'],
  customer_name: ['客户名称', 'Customer name'],
  company_code: ['公司', 'Company'],
  company_name: ['公司名称', 'Company name'],
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

async function makeView(db: Kysely<any>, withNames: boolean) {
  const names = (column: string, alias: string) => (withNames ? sql.raw(`, ${alias}.name as ${column}`) : sql.raw(''));
  const joins = withNames
    ? sql.raw(`
      left join md_vendor v on v.org_id = h.org_id and v.code = h.vendor_code
      left join md_customer c on c.org_id = h.org_id and c.code = h.customer_code
      left join md_company m on m.org_id = h.org_id and m.code = h.company_code`)
    : sql.raw('');
  await sql`drop view bill_header_list`.execute(db);
  await sql`
    create view bill_header_list with (security_invoker = true) as
      select h.bill_code, h.bill_type, h.status, h.description, h.vendor_code${names('vendor_name', 'v')},
        h.customer_code${names('customer_name', 'c')}, h.company_code${names('company_name', 'm')},
        h.mo, h.mo_line, h.so, h.destination, h.move_reason, h.evidence_no, h.erp_bill_type,
        coalesce(l.line_count, 0) as line_count, coalesce(l.total_qty, 0) as total_qty, coalesce(l.actual_qty, 0) as actual_qty,
        h.created_by, h.created_at, h.updated_at, h.id, h.org_id
      from bill_headers h ${joins}
      left join lateral (
        select count(*)::int as line_count, sum(qty) as total_qty, sum(actual_qty) as actual_qty
          from bill_lines where bill_id = h.id and status <> 'CANCELLED') as l on true`.execute(db);
  for (const [column, [zh, en]] of Object.entries(CAPTIONS)) {
    if (!withNames && column.endsWith('_name')) continue;
    await sql`comment on column ${sql.id('bill_header_list', column)} is ${sql.lit(bilingualCaption(zh, en))}`.execute(db);
  }
  await sql`grant select on bill_header_list to portal_report_reader`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await makeView(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await makeView(db, false);
}
