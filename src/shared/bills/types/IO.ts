/**
 * Bill type IO (库间调拨 / Inter-location transfer). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeIO = defineBillType({
  code: 'IO',
  category: 'TRANSFER',
  name: { 'zh-chs': '库间调拨', en: 'Inter-location transfer' },
  erpBillType: '',
  requiredHeaderFields: [],
  inspection: false,
  fefo: true,
  headerFields: ['description', 'company_code', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'FromSic', 'FromLoc', 'ToSic', 'ToLoc', 'Status'],
  actions: ['Save', 'ReserveStock', 'Pick', 'LineCancelPick', 'CancelReelIssue', 'CancelIssue', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'OneKeyMoveStock', 'HandoverConfirm', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
