/**
 * The fields of a bill header and of a bill line (spec §3), each with its wire name (PascalCase,
 * as the contract's Bill calls send it), its column, and its label in both languages. A bill type's
 * declaration names which of them it shows and requires; md_bill_type.required_header_fields holds
 * the required ones as comma-separated column names (`mo,mo_line`), which is what the server reads.
 */
import type { BilingualText } from '../bilingual';

export interface BillFieldInfo {
  /** Wire name (Bill/Save, Bill/Get). */
  wire: string;
  label: BilingualText;
  /** What the editor is: a master reference (its entity), a lookup type, a number or text. */
  kind: 'text' | 'number' | 'date' | 'ref' | 'lookup';
  ref?: string;
  lookup?: string;
}

/** Header fields a bill type may show or require, keyed by column name. */
export const BILL_HEADER_FIELDS = {
  description: { wire: 'Description', label: { 'zh-chs': '描述', en: 'Description' }, kind: 'text' },
  erp_bill_type: { wire: 'ErpBillType', label: { 'zh-chs': 'ERP单据类型', en: 'ERP bill type' }, kind: 'text' },
  company_code: { wire: 'CompanyCode', label: { 'zh-chs': '公司', en: 'Company' }, kind: 'ref', ref: 'Company' },
  vendor_code: { wire: 'VendorCode', label: { 'zh-chs': '供应商', en: 'Vendor' }, kind: 'ref', ref: 'Vendor' },
  customer_code: { wire: 'CustomerCode', label: { 'zh-chs': '客户', en: 'Customer' }, kind: 'ref', ref: 'Customer' },
  move_reason: { wire: 'MoveReason', label: { 'zh-chs': '移动原因', en: 'Move reason' }, kind: 'text' },
  evidence_no: { wire: 'EvidenceNo', label: { 'zh-chs': '凭证号', en: 'Evidence number' }, kind: 'text' },
  mo: { wire: 'Mo', label: { 'zh-chs': '工单号', en: 'Work order' }, kind: 'text' },
  mo_line: { wire: 'MoLine', label: { 'zh-chs': '工单行号', en: 'Work-order line' }, kind: 'text' },
  so: { wire: 'So', label: { 'zh-chs': '销售订单号', en: 'Sales order' }, kind: 'text' },
  destination: { wire: 'Destination', label: { 'zh-chs': '目的地', en: 'Destination' }, kind: 'text' },
} as const satisfies Record<string, BillFieldInfo>;
export type BillHeaderField = keyof typeof BILL_HEADER_FIELDS;

export const isBillHeaderField = (value: string): value is BillHeaderField => Object.hasOwn(BILL_HEADER_FIELDS, value);

/**
 * The names read beside a header field that holds a master record's code (a person knows a vendor by its name,
 * not V0001): Bill/Get's wire name, and the column of the bill lists' view (bill_header_list).
 */
export const BILL_HEADER_NAMES = {
  company_code: { wire: 'CompanyName', column: 'company_name' },
  vendor_code: { wire: 'VendorName', column: 'vendor_name' },
  customer_code: { wire: 'CustomerName', column: 'customer_name' },
} as const satisfies Partial<Record<BillHeaderField, { wire: string; column: string }>>;
export type NamedBillHeaderField = keyof typeof BILL_HEADER_NAMES;

export const isNamedBillHeaderField = (field: string): field is NamedBillHeaderField => Object.hasOwn(BILL_HEADER_NAMES, field);

/**
 * The bill list columns of the header fields a type's form does not show (a work-order issue has no vendor), with
 * their name columns: its bill list hides them for a user without a column configuration, who would otherwise see
 * columns that are always empty.
 */
export const billListColumnsNotShown = (shown: readonly string[]): string[] =>
  (Object.keys(BILL_HEADER_FIELDS) as BillHeaderField[])
    .filter((field) => !shown.includes(field))
    .flatMap((field) => (isNamedBillHeaderField(field) ? [field, BILL_HEADER_NAMES[field].column] : [field]));

/** The columns a bill line may show (Bill/Get's `Lines` items), keyed by wire name. */
export const BILL_LINE_COLUMNS = {
  LineNo: { wire: 'LineNo', label: { 'zh-chs': '行号', en: 'Line' }, kind: 'number' },
  PartCode: { wire: 'PartCode', label: { 'zh-chs': '料号', en: 'Part' }, kind: 'ref', ref: 'Part' },
  PartName: { wire: 'PartName', label: { 'zh-chs': '品名', en: 'Part name' }, kind: 'text' },
  Qty: { wire: 'Qty', label: { 'zh-chs': '数量', en: 'Quantity' }, kind: 'number' },
  ActualQty: { wire: 'ActualQty', label: { 'zh-chs': '实际数量', en: 'Actual quantity' }, kind: 'number' },
  BalanceQty: { wire: 'BalanceQty', label: { 'zh-chs': '未完成数量', en: 'Balance' }, kind: 'number' },
  TotalBox: { wire: 'TotalBox', label: { 'zh-chs': '箱数', en: 'Boxes' }, kind: 'number' },
  Mpq: { wire: 'Mpq', label: { 'zh-chs': '最小包装量', en: 'MPQ' }, kind: 'number' },
  ToSic: { wire: 'ToSic', label: { 'zh-chs': '目标存储地点', en: 'To storage location' }, kind: 'ref', ref: 'StorageLocation' },
  ToLoc: { wire: 'ToLoc', label: { 'zh-chs': '目标库位', en: 'To locator' }, kind: 'ref', ref: 'Locator' },
  FromSic: { wire: 'FromSic', label: { 'zh-chs': '来源存储地点', en: 'From storage location' }, kind: 'ref', ref: 'StorageLocation' },
  FromLoc: { wire: 'FromLoc', label: { 'zh-chs': '来源库位', en: 'From locator' }, kind: 'ref', ref: 'Locator' },
  FromBu: { wire: 'FromBu', label: { 'zh-chs': '来源事业部', en: 'From business unit' }, kind: 'ref', ref: 'BusinessUnit' },
  LotCode: { wire: 'LotCode', label: { 'zh-chs': '批次', en: 'Lot' }, kind: 'text' },
  DateCode: { wire: 'DateCode', label: { 'zh-chs': '周期码', en: 'Date code' }, kind: 'text' },
  ExpireDate: { wire: 'ExpireDate', label: { 'zh-chs': '有效期', en: 'Expiry date' }, kind: 'date' },
  Status: { wire: 'Status', label: { 'zh-chs': '行状态', en: 'Line status' }, kind: 'lookup', lookup: 'BILL_LINE_STATUS' },
} as const satisfies Record<string, BillFieldInfo>;
export type BillLineColumn = keyof typeof BILL_LINE_COLUMNS;

/** Line fields a category requires on save, besides the part and a positive quantity (spec §5). */
export const REQUIRED_LINE_FIELDS: Record<string, readonly BillLineColumn[]> = {
  INBOUND: ['ToSic'],
  RETURN_IN: ['ToSic'],
  TRANSFER: ['ToSic'],
};

/** Parses md_bill_type.required_header_fields ('mo, mo_line'): the known column names, in order. */
export function parseRequiredHeaderFields(text: string | null | undefined): BillHeaderField[] {
  return (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(isBillHeaderField);
}

/** The header field of a wire name (VendorCode: vendor_code); undefined for a line column's. */
export const headerFieldOfWire = (wire: string): BillHeaderField | undefined =>
  (Object.keys(BILL_HEADER_FIELDS) as BillHeaderField[]).find((name) => BILL_HEADER_FIELDS[name].wire === wire);

/** The master-code fields a bill form suggests records for as the user types (Bill/RefOptions' Field), by wire name. */
export const BILL_REF_FIELDS = ['CompanyCode', 'VendorCode', 'CustomerCode', 'PartCode', 'ToSic', 'ToLoc', 'FromSic', 'FromLoc', 'FromBu'] as const;
export type BillRefField = (typeof BILL_REF_FIELDS)[number];
export const isBillRefField = (wire: string): wire is BillRefField => (BILL_REF_FIELDS as readonly string[]).includes(wire);

/**
 * The master entity a form's master-code field names (Vendor, Part, Locator ...), when the type's form shows the
 * field; undefined when it does not (a work-order issue's form has no vendor to suggest).
 */
export function refEntityShown(type: { headerFields: readonly string[]; lineColumns: readonly string[] }, field: BillRefField): string | undefined {
  const header = headerFieldOfWire(field);
  const info: BillFieldInfo | undefined = header ? BILL_HEADER_FIELDS[header] : BILL_LINE_COLUMNS[field as BillLineColumn];
  const shown = header ? type.headerFields.includes(header) : type.lineColumns.includes(field);
  return shown ? info?.ref : undefined;
}
