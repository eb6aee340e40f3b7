/**
 * Bill type WO (工单发料 / Work-order issue). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeWO = defineBillType({
  code: 'WO',
  category: 'OUTBOUND',
  name: { 'zh-chs': '工单发料', en: 'Work-order issue' },
  erpBillType: '',
  requiredHeaderFields: ['mo', 'mo_line'],
  inspection: false,
  fefo: true,
  headerFields: ['description', 'company_code', 'mo', 'mo_line', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'FromSic', 'FromLoc', 'FromBu', 'Status'],
  actions: ['Save', 'ReserveStock', 'Pick', 'LineCancelPick', 'CancelReelIssue', 'CancelIssue', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'HandoverConfirm', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
