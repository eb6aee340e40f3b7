/**
 * `npm run dev` starts this next to the portal: the fake ERP on http://127.0.0.1:4100 (FAKE_ERP_PORT),
 * serving a purchase order and a work order over the demo plant's master data. Point an organisation's
 * service configuration ERP (服务配置, code ERP) at it to try the bridge (README "ERP bridge").
 */
import { FakeErp } from './fake-erp.ts';

const port = Number(process.env.FAKE_ERP_PORT || 4100);
const erp = await new FakeErp({
  port,
  documents: {
    purchaseOrders: [
      {
        PoNo: 'PO-DEMO-0001',
        Kind: 'ASN',
        VendorCode: 'V0001',
        Description: '演示采购订单 / demo purchase order',
        Lines: [
          { LineNo: 10, PartCode: 'CAP-00008', Qty: '2000', Price: '0.012', Tax: '0.13', Currency: 'CNY', Unit: 'PCS', DueDate: '2026-12-31', ToSic: 'RAW01', ToLoc: 'RAW01-01' },
          { LineNo: 20, PartCode: 'CAP-00009', Qty: '1000', Price: '0.015', Tax: '0.13', Currency: 'CNY', Unit: 'PCS', DueDate: '2026-12-31', Urgent: true, ToSic: 'RAW01', ToLoc: 'RAW01-01' },
        ],
      },
    ],
    workOrders: [{ MoNo: 'MO-DEMO-0001', MoLine: '10', Description: '演示工单 / demo work order', Lines: [{ LineNo: 1, PartCode: 'CAP-00008', Qty: '500' }] }],
  },
}).start();
console.log(`Fake ERP ready: ${erp.url} (controls: ${erp.url}/_control/stats)`);
const stop = () => void erp.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
