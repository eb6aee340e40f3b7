/**
 * Bill type OD (销售出库 / Sales issue). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeOD = defineBillType({
  code: 'OD',
  category: 'OUTBOUND',
  name: { 'zh-chs': '销售出库', en: 'Sales issue' },
  erpBillType: '',
  requiredHeaderFields: ['customer_code', 'so'],
  inspection: false,
  fefo: true,
  headerFields: ['description', 'company_code', 'customer_code', 'so', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'FromSic', 'FromLoc', 'FromBu', 'Status'],
  actions: ['Save', 'ReserveStock', 'Pick', 'LineCancelPick', 'CancelReelIssue', 'CancelIssue', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'HandoverConfirm', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
