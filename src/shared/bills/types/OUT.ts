/**
 * Bill type OUT (其他出库 / Other issue). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeOUT = defineBillType({
  code: 'OUT',
  category: 'OUTBOUND',
  name: { 'zh-chs': '其他出库', en: 'Other issue' },
  erpBillType: '',
  requiredHeaderFields: ['move_reason'],
  inspection: false,
  fefo: true,
  headerFields: ['description', 'company_code', 'move_reason', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'FromSic', 'FromLoc', 'FromBu', 'Status'],
  actions: ['Save', 'ReserveStock', 'Pick', 'LineCancelPick', 'CancelReelIssue', 'CancelIssue', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'HandoverConfirm', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
