/**
 * Bill type RX (线边退料 / Line-side return). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeRX = defineBillType({
  code: 'RX',
  category: 'RETURN_IN',
  name: { 'zh-chs': '线边退料', en: 'Line-side return' },
  erpBillType: '',
  requiredHeaderFields: [],
  inspection: false,
  fefo: false,
  headerFields: ['description', 'company_code', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'Mpq', 'TotalBox', 'ToSic', 'ToLoc', 'LotCode', 'DateCode', 'ExpireDate', 'Status'],
  actions: ['Save', 'CreateReels', 'ConfirmReceipt', 'OneKeyReceipt', 'CancelReceipt', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
