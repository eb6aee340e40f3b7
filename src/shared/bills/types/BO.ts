/**
 * Bill type BO (借出 / Borrow out). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeBO = defineBillType({
  code: 'BO',
  category: 'OUTBOUND',
  name: { 'zh-chs': '借出', en: 'Borrow out' },
  erpBillType: '',
  requiredHeaderFields: ['destination'],
  inspection: false,
  fefo: true,
  headerFields: ['description', 'company_code', 'destination', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'FromSic', 'FromLoc', 'FromBu', 'Status'],
  actions: ['Save', 'ReserveStock', 'Pick', 'LineCancelPick', 'CancelReelIssue', 'CancelIssue', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'HandoverConfirm', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
