/**
 * Bill type QT (品质冻结 / Quality hold). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeQT = defineBillType({
  code: 'QT',
  category: 'QUALITY',
  name: { 'zh-chs': '品质冻结', en: 'Quality hold' },
  erpBillType: '',
  requiredHeaderFields: ['move_reason'],
  inspection: false,
  fefo: false,
  headerFields: ['description', 'company_code', 'move_reason', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'FromSic', 'FromLoc', 'LotCode', 'Status'],
  actions: ['Save', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'Invalidate', 'PostLine'],
});
