/**
 * Bill type RW (生产退料 / Production return). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeRW = defineBillType({
  code: 'RW',
  category: 'RETURN_IN',
  name: { 'zh-chs': '生产退料', en: 'Production return' },
  erpBillType: '',
  requiredHeaderFields: ['mo'],
  inspection: false,
  fefo: false,
  headerFields: ['description', 'company_code', 'mo', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'Mpq', 'TotalBox', 'ToSic', 'ToLoc', 'LotCode', 'DateCode', 'ExpireDate', 'Status'],
  actions: ['Save', 'CreateReels', 'ConfirmReceipt', 'OneKeyReceipt', 'CancelReceipt', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
