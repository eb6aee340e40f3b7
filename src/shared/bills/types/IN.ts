/**
 * Bill type IN (采购入库 / Purchase receipt). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeIN = defineBillType({
  code: 'IN',
  category: 'INBOUND',
  name: { 'zh-chs': '采购入库', en: 'Purchase receipt' },
  erpBillType: '',
  requiredHeaderFields: ['vendor_code'],
  inspection: true,
  fefo: false,
  headerFields: ['description', 'company_code', 'vendor_code', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'Mpq', 'TotalBox', 'ToSic', 'ToLoc', 'LotCode', 'DateCode', 'ExpireDate', 'Status'],
  actions: ['Save', 'CreateReels', 'ConfirmReceipt', 'OneKeyReceipt', 'CancelReceipt', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
