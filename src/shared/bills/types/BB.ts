/**
 * Bill type BB (报废单 / Scrap). Written by `npm run gen -- bill`; the server and the
 * bill-master page both work from it (src/shared/bills/declaration.ts).
 */
import { defineBillType } from '../declaration';

export const billTypeBB = defineBillType({
  code: 'BB',
  category: 'SCRAP',
  name: { 'zh-chs': '报废单', en: 'Scrap' },
  erpBillType: '',
  requiredHeaderFields: ['move_reason'],
  inspection: false,
  fefo: true,
  headerFields: ['description', 'company_code', 'move_reason', 'evidence_no', 'erp_bill_type'],
  lineColumns: ['LineNo', 'PartCode', 'PartName', 'Qty', 'ActualQty', 'BalanceQty', 'FromSic', 'FromLoc', 'FromBu', 'Status'],
  actions: ['Save', 'ReserveStock', 'Pick', 'LineCancelPick', 'CancelReelIssue', 'CancelIssue', 'ConfirmClose', 'CloseLine', 'OneKeyClose', 'Invalidate', 'PostLine', 'LightOn', 'LightOff'],
});
