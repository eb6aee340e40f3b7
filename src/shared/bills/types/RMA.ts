/**
 * Bill type RMA (客户退货 / Customer return). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeRMA = defineBillType({
  code: 'RMA',
  category: 'RETURN_IN',
  name: { 'zh-chs': '客户退货', en: 'Customer return' },
  erpBillType: '',
  requiredHeaderFields: ['customer_code'],
  inspection: true,
  fefo: false,
  headerFields: ['description', 'company_code', 'customer_code', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'Mpq', 'TotalBox', 'ToSic', 'ToLoc', 'LotCode', 'DateCode', 'ExpireDate', 'Status'],
  actions: ['Save', 'CreateReels', 'ConfirmReceipt', 'OneKeyReceipt', 'CancelReceipt', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
