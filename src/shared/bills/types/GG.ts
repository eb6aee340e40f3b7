/**
 * Bill type GG (其他退料 / Other return). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeGG = defineBillType({
  code: 'GG',
  category: 'RETURN_IN',
  name: { 'zh-chs': '其他退料', en: 'Other return' },
  erpBillType: '',
  requiredHeaderFields: ['move_reason'],
  inspection: false,
  fefo: false,
  headerFields: ['description', 'company_code', 'move_reason', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'Mpq', 'TotalBox', 'ToSic', 'ToLoc', 'LotCode', 'DateCode', 'ExpireDate', 'Status'],
  actions: ['Save', 'CreateReels', 'ConfirmReceipt', 'OneKeyReceipt', 'CancelReceipt', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
