/**
 * Bill type ASN (送货通知 / Advance shipping notice). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeASN = defineBillType({
  code: 'ASN',
  category: 'INBOUND',
  name: { 'zh-chs': '送货通知', en: 'Advance shipping notice' },
  erpBillType: '',
  requiredHeaderFields: ['vendor_code'],
  inspection: true,
  fefo: false,
  headerFields: ['description', 'company_code', 'vendor_code', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'Mpq', 'TotalBox', 'ToSic', 'ToLoc', 'LotCode', 'DateCode', 'ExpireDate', 'Status'],
  actions: ['Save', 'CreateReels', 'ConfirmReceipt', 'OneKeyReceipt', 'CancelReceipt', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
