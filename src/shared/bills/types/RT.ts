/**
 * Bill type RT (退供应商 / Return to vendor). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeRT = defineBillType({
  code: 'RT',
  category: 'RETURN_VENDOR',
  name: { 'zh-chs': '退供应商', en: 'Return to vendor' },
  erpBillType: '',
  requiredHeaderFields: ['vendor_code'],
  inspection: false,
  fefo: true,
  headerFields: ['description', 'company_code', 'vendor_code', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'FromSic', 'FromLoc', 'FromBu', 'Status'],
  actions: ['Save', 'ReserveStock', 'Pick', 'LineCancelPick', 'CancelReelIssue', 'CancelIssue', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'HandoverConfirm', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
