/**
 * Bill type JJ (寄售出库 / Consignment issue). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeJJ = defineBillType({
  code: 'JJ',
  category: 'OUTBOUND',
  name: { 'zh-chs': '寄售出库', en: 'Consignment issue' },
  erpBillType: '',
  requiredHeaderFields: ['customer_code'],
  inspection: false,
  fefo: true,
  headerFields: ['description', 'company_code', 'customer_code', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'FromSic', 'FromLoc', 'FromBu', 'Status'],
  actions: ['Save', 'ReserveStock', 'Pick', 'LineCancelPick', 'CancelReelIssue', 'CancelIssue', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'HandoverConfirm', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
