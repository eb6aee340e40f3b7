/**
 * Bill type WI (生产入库 / Production receipt). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeWI = defineBillType({
  code: 'WI',
  category: 'INBOUND',
  name: { 'zh-chs': '生产入库', en: 'Production receipt' },
  erpBillType: '',
  requiredHeaderFields: ['mo'],
  inspection: false,
  fefo: false,
  headerFields: ['description', 'company_code', 'mo', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'Mpq', 'TotalBox', 'ToSic', 'ToLoc', 'LotCode', 'DateCode', 'ExpireDate', 'Status'],
  actions: ['Save', 'CreateReels', 'ConfirmReceipt', 'OneKeyReceipt', 'CancelReceipt', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
