/**
 * Bill type DD (调拨单 / Transfer). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeDD = defineBillType({
  code: 'DD',
  category: 'TRANSFER',
  name: { 'zh-chs': '调拨单', en: 'Transfer' },
  erpBillType: '',
  requiredHeaderFields: ['destination'],
  inspection: false,
  fefo: true,
  headerFields: ['description', 'company_code', 'destination', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'FromSic', 'FromLoc', 'ToSic', 'ToLoc', 'Status'],
  actions: ['Save', 'ReserveStock', 'Pick', 'LineCancelPick', 'CancelReelIssue', 'CancelIssue', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'OneKeyMoveStock', 'HandoverConfirm', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
