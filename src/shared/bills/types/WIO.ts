/**
 * Bill type WIO (跨厂调拨 / Inter-plant transfer). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeWIO = defineBillType({
  code: 'WIO',
  category: 'TRANSFER',
  name: { 'zh-chs': '跨厂调拨', en: 'Inter-plant transfer' },
  erpBillType: '',
  requiredHeaderFields: ['destination'],
  inspection: false,
  fefo: true,
  headerFields: ['description', 'company_code', 'destination', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'FromSic', 'FromLoc', 'ToSic', 'ToLoc', 'Status'],
  actions: ['Save', 'ReserveStock', 'Pick', 'LineCancelPick', 'CancelReelIssue', 'CancelIssue', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'OneKeyMoveStock', 'HandoverConfirm', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
