/**
 * Bill type OR (超领出库 / Over-issue). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeOR = defineBillType({
  code: 'OR',
  category: 'OUTBOUND',
  name: { 'zh-chs': '超领出库', en: 'Over-issue' },
  erpBillType: '',
  requiredHeaderFields: ['mo'],
  inspection: false,
  fefo: true,
  headerFields: ['description', 'company_code', 'mo', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'FromSic', 'FromLoc', 'FromBu', 'Status'],
  actions: ['Save', 'ReserveStock', 'Pick', 'LineCancelPick', 'CancelReelIssue', 'CancelIssue', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'HandoverConfirm', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
