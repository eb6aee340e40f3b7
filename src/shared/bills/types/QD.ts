/**
 * Bill type QD (质检单 / Quality inspection). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeQD = defineBillType({
  code: 'QD',
  category: 'QUALITY',
  name: { 'zh-chs': '质检单', en: 'Quality inspection' },
  erpBillType: '',
  requiredHeaderFields: [],
  inspection: false,
  fefo: false,
  headerFields: ['description', 'company_code', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'FromSic', 'FromLoc', 'LotCode', 'Status'],
  actions: ['Save', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'Invalidate', 'PostLine'],
});
