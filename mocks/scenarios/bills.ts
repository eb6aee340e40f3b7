/**
 * Bills in mock mode (issue 14: "the bill screens work in mock mode on generated, schema-valid
 * fixtures; do not write a second ledger in the mocks"): each bill type's list (LIST_ROUTE
 * `/bill/master/<CODE>`) holds a few bills made from the generated Bill/Get fixture — one per status —
 * and Bill/Get answers that fixture under the asked bill's own header, so a clicked bill shows its
 * code, type and status with the fixture's lines and reels. Saves and actions keep their generated
 * answers: nothing here moves stock or checks a rule (the reference server does).
 */
import fixtures from '../generated/fixtures.json';
import { createContractHttp } from '../generated/handlers';
import { BILL_STATUSES, BILL_STATUS_LABELS } from '../../src/shared/bills/statuses';
import { BILL_TYPE_DECLARATIONS } from '../../src/shared/bills/types';
import type { paths } from '../../src/api/schema';
import type { MockList } from './listparam';

type Bill = paths['/Bill/Get']['get']['responses'][200]['content']['application/json']['data'];

const TEMPLATE = fixtures.BillGet.data as Bill;
const DAY = '20261124';

/** The bills of a type: one in each status, ids unique over all types. */
function billsOf(typeIndex: number): Bill[] {
  const type = BILL_TYPE_DECLARATIONS[typeIndex];
  return BILL_STATUSES.map((Status, n) => ({
    ...TEMPLATE,
    Id: String(typeIndex * 100 + n + 1),
    BillCode: `${type.code}${DAY}${String(n + 1).padStart(4, '0')}`,
    BillType: type.code,
    Category: type.category,
    Status,
    Description: `${type.name['zh-chs']} ${n + 1}`,
    CreatedAt: new Date(Date.UTC(2026, 10, 24, 8, n * 7)).toISOString(),
    UpdatedAt: new Date(Date.UTC(2026, 10, 24, 9, n * 7)).toISOString(),
  }));
}

const MOCK_BILLS: readonly Bill[] = BILL_TYPE_DECLARATIONS.flatMap((_, index) => billsOf(index));

const STATUS_LABELS = BILL_STATUSES.map((code) => ({ code, name: BILL_STATUS_LABELS[code]['zh-chs'], nameEn: BILL_STATUS_LABELS[code].en }));

/** The list's columns: the bill header's, in the list's snake_case (as the reference server's view bill_header_list). */
const COLUMNS: MockList['columns'] = [
  { name: 'id', caption: '编号', captionEn: 'Id', type: 'number', hidden: true },
  { name: 'bill_code', caption: '单据号', captionEn: 'Bill code' },
  { name: 'status', caption: '状态', captionEn: 'Status', labels: STATUS_LABELS },
  { name: 'description', caption: '描述', captionEn: 'Description' },
  { name: 'vendor_code', caption: '供应商', captionEn: 'Vendor' },
  { name: 'customer_code', caption: '客户', captionEn: 'Customer' },
  { name: 'mo', caption: '工单号', captionEn: 'Work order' },
  { name: 'created_by', caption: '创建人', captionEn: 'Created by' },
  { name: 'created_at', caption: '创建时间', captionEn: 'Created at', type: 'datetime' },
];

const rowOf = (bill: Bill) => ({
  id: Number(bill.Id),
  bill_code: bill.BillCode,
  status: bill.Status,
  description: bill.Description,
  vendor_code: bill.VendorCode,
  customer_code: bill.CustomerCode,
  mo: bill.Mo,
  created_by: bill.CreatedBy,
  created_at: bill.CreatedAt,
});

const statusValues = STATUS_LABELS.map((s) => `('${s.code}', '${s.name}')`).join(', ');

/** Every bill type's list, as the grid of its bill-master page reads it. */
export const BILL_MOCK_LISTS: readonly MockList[] = BILL_TYPE_DECLARATIONS.map((type) => ({
  listRoute: `/bill/master/${type.code}`,
  title: type.name['zh-chs'],
  titleEn: type.name.en,
  keyField: 'id',
  menuCode: `Bill${type.code}`,
  orgScoped: false,
  columns: COLUMNS,
  rows: MOCK_BILLS.filter((bill) => bill.BillType === type.code).map(rowOf),
  settings: [
    { ORD_IDX: 10, PARAM_NAME: 'billCode', PARAM_CAPTION: '单据号', FIELD_NAME: 'bill_code', DATA_TYPE: 1, ACTION_TYPE: 10, IS_FAST_SEARCH: 'Y', IS_PAGING: 'N' },
    {
      ORD_IDX: 20, PARAM_NAME: 'status', PARAM_CAPTION: '状态', FIELD_NAME: 'status', DATA_TYPE: 8, ACTION_TYPE: 1, IS_FAST_SEARCH: 'Y', IS_PAGING: 'N',
      REFERENCE_SQL: `select * from (values ${statusValues}) as statuses(code, name)`,
    },
  ] as MockList['settings'],
  dropdowns: { status: STATUS_LABELS.map((s) => ({ CODE: s.code, NAME: s.name })) },
}));

/** Bill/Get: the generated bill under the header of the bill asked for (an unknown id: the first mock bill). */
export function billHandlers(baseUrl: string) {
  const http = createContractHttp(baseUrl);
  return [
    http.get('/Bill/Get', ({ query, response }) => {
      const bill = MOCK_BILLS.find((b) => b.Id === query.get('id'));
      return response(200).json({ ...fixtures.BillGet, data: bill ?? MOCK_BILLS[0] } as never);
    }),
  ];
}
