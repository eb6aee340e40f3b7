/**
 * The demo plant's bills (issue 14), made THROUGH the bill engine and so through the stock ledger —
 * never inserted around them: a received ASN (its stock, one reel of an IQC part pending
 * inspection), an ASN whose reels wait to be scanned, and a work-order issue and a purchase
 * receipt being edited. Once per database (seed ledger entry 'demo-bills:v1'); a database that has
 * bills already keeps them.
 */
import type { DB } from '../database.ts';
import type { BillCaller } from '../../modules/bills/engine.ts';
import { createReels, oneKeyReceipt } from '../../modules/bills/inbound.ts';
import { saveBill } from '../../modules/bills/save.ts';
import { hasRows, seedSetOnce } from './ledger.ts';

const ADMIN: BillCaller = { orgId: 'org-f01', userId: 'user-admin', userName: 'ADMIN' };
const INTO = { ToSic: 'ELE01', ToLoc: 'ELE01-01' };
/** The demo company (seed-masterdata.ts), so the lists' 公司 columns are filled. */
const COMPANY = 'C100';

export async function seedDemoBills(db: DB, now: Date): Promise<void> {
  await seedSetOnce(db, 'demo-bills:v1', async (trx) => {
    if (await hasRows(trx, 'bill_headers')) return;
    // Received: RES-00001 into available stock, IND-00003 (IQC) into pending inspection.
    const received = await saveBill(trx, ADMIN, {
      BillType: 'ASN', CompanyCode: COMPANY, VendorCode: 'V0001', Description: '演示：已收货的送货通知',
      Lines: [{ PartCode: 'RES-00001', Qty: '10000', Mpq: '5000', ...INTO }, { PartCode: 'IND-00003', Qty: '4000', Mpq: '2000', ...INTO }],
    }, now);
    await createReels(trx, ADMIN, { Id: received.Id });
    await oneKeyReceipt(trx, ADMIN, { Id: received.Id });
    // Reels printed, waiting to be scanned at goods receiving.
    const waiting = await saveBill(trx, ADMIN, {
      BillType: 'ASN', CompanyCode: COMPANY, VendorCode: 'V0002', Description: '演示：待收货的送货通知',
      Lines: [{ PartCode: 'CAP-00008', Qty: '20000', Mpq: '10000', ...INTO }, { PartCode: 'IC-00002', Qty: '500', Mpq: '250', ...INTO }],
    }, now);
    await createReels(trx, ADMIN, { Id: waiting.Id });
    await saveBill(trx, ADMIN, {
      BillType: 'WO', CompanyCode: COMPANY, Mo: 'MO-202611-001', MoLine: '10', Description: '演示：工单发料',
      Lines: [{ PartCode: 'RES-00001', Qty: '6000', FromSic: 'ELE01' }],
    }, now);
    await saveBill(trx, ADMIN, {
      BillType: 'IN', CompanyCode: COMPANY, VendorCode: 'V0003', Description: '演示：采购入库',
      Lines: [{ PartCode: 'CAP-00008', Qty: '10000', ...INTO }],
    }, now);
  });
}
