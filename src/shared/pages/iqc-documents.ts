/**
 * What the three inspection-document grids (检验单, 放宽接收审批, 检验报告) share: the document's columns, searched
 * and shown, and the columns hidden or named by their 字典 (the views of migrations 0100_08 and 0130_01).
 */
import type { PageColumnDeclaration, PageListDeclaration } from './declaration';

export const IQC_DOCUMENT_COLUMNS: readonly PageColumnDeclaration[] = [
  { name: 'doc_code', type: 'text', label: { 'zh-chs': '检验单号', en: 'Inspection no.' } },
  { name: 'bill_code', type: 'text', label: { 'zh-chs': '收货单号', en: 'Receipt bill' } },
  { name: 'part_code', type: 'text', label: { 'zh-chs': '料号', en: 'Part' } },
  { name: 'lot_code', type: 'text', label: { 'zh-chs': '批次', en: 'Lot' } },
  { name: 'vendor_code', type: 'text', label: { 'zh-chs': '供应商', en: 'Vendor' } },
  { name: 'lot_size', type: 'number', label: { 'zh-chs': '批量', en: 'Lot size' } },
  { name: 'severity', type: 'text', label: { 'zh-chs': '严格度', en: 'Severity' } },
  { name: 'status', type: 'text', label: { 'zh-chs': '状态', en: 'Status' } },
  { name: 'result', type: 'text', label: { 'zh-chs': '检验结果', en: 'Result' } },
  { name: 'judged_by', type: 'text', label: { 'zh-chs': '检验员', en: 'Inspector' } },
  { name: 'judged_at', type: 'datetime', label: { 'zh-chs': '检验时间', en: 'Inspected at' } },
];

export const IQC_DOCUMENT_COLUMN_META: NonNullable<PageListDeclaration['columnMeta']> = [
  { field: 'id', hidden: true },
  { field: 'version', hidden: true },
  { field: 'tighter_ok', hidden: true },
  { field: 'status', lookup: 'QC_DOC_STATUS' },
  { field: 'severity', lookup: 'QC_SEVERITY' },
  { field: 'result', lookup: 'QC_RESULT' },
  { field: 'computed_result', lookup: 'QC_RESULT' },
];
