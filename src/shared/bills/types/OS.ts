/**
 * Bill type OS (委外发料 / Subcontract issue). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeOS = defineBillType({
  code: 'OS',
  category: 'OUTBOUND',
  name: { 'zh-chs': '委外发料', en: 'Subcontract issue' },
  erpBillType: '',
  requiredHeaderFields: ['vendor_code'],
  inspection: false,
  fefo: true,
  headerFields: ['description', 'company_code', 'vendor_code', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'FromSic', 'FromLoc', 'FromBu', 'Status'],
  actions: ['Save', 'ReserveStock', 'Pick', 'LineCancelPick', 'CancelReelIssue', 'CancelIssue', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'HandoverConfirm', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
