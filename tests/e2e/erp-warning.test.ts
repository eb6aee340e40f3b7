/**
 * The ERP bridge on the real server (issue 18): the fake ERP (fake-erp/) refuses postings; the
 * 'erp-outbox-delivery' job gives up on a posted line after its attempts and raises a warning; it
 * shows in the home page's warning list (待呼叫) with a Retry button; once the ERP is back, 重试
 * delivers the posting and the warning shows 呼叫成功 — all on a home page left open: the warning and
 * the header bell's count arrive by the live-update stream, with no reload. And 从ERP同步 on 送货通知 imports the ERP's purchase
 * order as an ASN, once however often it is pressed.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { FakeErp } from '../../fake-erp/fake-erp';
import { adminSessionPerFile } from './adminSession';
import { apiSession } from './shellApi';
import { ADMIN, menuTitle, openScreen, saveSettledScreenshot } from './shellPage';

const portalUrl = inject('portalUrl');
// Demo master data: a part without incoming inspection, a vendor, a place.
const PART = 'CAP-00008';
const VENDOR = 'V0001';

const session = adminSessionPerFile(portalUrl);
const erp = new FakeErp();
let api: Awaited<ReturnType<typeof apiSession>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' data as the test reads it
type Data = any;
let restoreErp: (() => Promise<unknown>) | undefined;
let jobId: string | undefined;

beforeAll(async () => {
  await erp.start();
  // ADMIN's first organisation, org-f01.
  api = await apiSession(portalUrl, ADMIN);
  // The organisation's ERP is the fake (its own URL put back afterwards).
  const condition = { FIELD_NAME: 'code', PARAM_NAME: 'code', ACTION_TYPE: 1, DATA_TYPE: 1, PARAM_VALUE: 'ERP' };
  const config = (await api<Data>('/ServiceConfig/LoadData', { conditions: [condition] })).rows[0];
  await api('/ServiceConfig/AddOrModifySave', { ...config, service_url: erp.url, timeout_seconds: 2, enabled: true });
  restoreErp = async () => {
    const now = (await api<Data>('/ServiceConfig/LoadData', { conditions: [condition] })).rows[0];
    await api('/ServiceConfig/AddOrModifySave', { ...now, service_url: config.service_url, timeout_seconds: config.timeout_seconds });
  };
});

afterAll(async () => {
  if (jobId) await api(`/SysJob/Stop?id=${jobId}`, {});
  await restoreErp?.();
  await erp.close();
});

test('a posting the ERP refused raises a warning on the home page, and its retry delivers it once the ERP is back', async () => {
  const call = (path: string, body: unknown) => api<Data>(path, body);
  // A received line, posted: one outbox row.
  const bill = await call('/Bill/Save', { BillType: 'ASN', VendorCode: VENDOR, Lines: [{ PartCode: PART, Qty: '10', Mpq: '10', ToSic: 'RAW01', ToLoc: 'RAW01-01' }] });
  await call('/Bill/CreateReels', { Id: bill.Id });
  await call('/Bill/OneKeyReceipt', { Id: bill.Id });
  await call('/Bill/PostLine', { Id: bill.Id, LineNo: 1 });

  // The home page is open on its warning list before anything fails; what follows arrives without a reload.
  const page = session.page;
  const home = page.locator('.home-page');
  await page.reload();
  await home.getByRole('tab', { name: /预警信息/ }).click();
  await home.getByLabel('预警信息', { exact: true }).getByTestId('warning').first().waitFor();
  // The bell's label, 预警信息：N 条未处理: N open warnings.
  const openWarnings = async () => {
    const label = await page.evaluate(() => document.querySelector('[data-testid="warning-badge"] button')?.getAttribute('aria-label') ?? '');
    return Number(label.match(/：(\d+) 条/)?.[1] ?? Number.NaN);
  };
  await expect.poll(openWarnings).not.toBeNaN();
  const before = await openWarnings();
  let navigations = 0;
  page.on('framenavigated', () => navigations++);

  // The ERP down; the delivery job gives up after 2 attempts.
  erp.fail({ forMs: 10 * 60_000 });
  const job = await call('/SysJob/AddOrModifySave', {
    Name: `ERP过账-${Date.now().toString(36)}`,
    Address: 'erp-outbox-delivery',
    IntervalSeconds: 1,
    ExecType: 'PARALLEL',
    Params: { maxAttempts: 2, retryBaseMs: 100, retryMaxMs: 200 },
  });
  jobId = job.ID;
  await call(`/SysJob/Start?id=${job.ID}`, {});
  const title = `ERP过账失败：${bill.BillCode} 第 1 行`;

  // The warning appears on the open page (live update, no reload), pending, with Retry; the header's bell counts it.
  const item = home.getByLabel('预警信息', { exact: true }).getByTestId('warning').filter({ hasText: title });
  await item.waitFor({ timeout: 60_000 });
  await expect.poll(openWarnings).toBe(before + 1);
  expect(navigations).toBe(0);
  expect(await item.locator('.ant-badge-status-text').textContent()).toBe('待呼叫');
  expect(erp.distinct).toBe(0);
  await saveSettledScreenshot(page, 'erp-warning-pending');

  // The ERP is back: 重试 delivers it, once.
  erp.fail({});
  await item.getByRole('button', { name: /重\s*试/ }).click();
  await page.getByText('重试成功').waitFor();
  await item.locator('.ant-badge-status-text').filter({ hasText: '呼叫成功' }).waitFor();
  expect(await item.getByRole('button', { name: /重\s*试/ }).count()).toBe(0);
  expect(erp.distinct).toBe(1);
  expect(erp.postings[0].body).toMatchObject({ BillCode: bill.BillCode, LineNo: 1, PartCode: PART, Qty: '10' });
  // Delivered: no longer open, and the bell says so without a reload.
  await expect.poll(openWarnings).toBe(before);
  expect(navigations).toBe(0);
  await saveSettledScreenshot(page, 'erp-warning-retried');
});

test('从ERP同步 on 送货通知 imports the ERP\'s purchase order as an ASN once', async () => {
  const poNo = `PO-E2E-${Date.now().toString(36).toUpperCase()}`;
  erp.fail({});
  erp.documents = {
    purchaseOrders: [{ PoNo: poNo, Kind: 'ASN', VendorCode: VENDOR, Lines: [{ LineNo: 10, PartCode: PART, Qty: '100', Price: '0.1', Currency: 'CNY', Unit: 'PCS', DueDate: '2026-12-31', ToSic: 'RAW01' }] }],
    workOrders: [],
  };
  const page = session.page;
  await openScreen(page, menuTitle('Bill').zh, menuTitle('BillASN').zh);
  const sync = page.getByRole('button', { name: /从ERP同步/ }).filter({ visible: true });
  await sync.click();
  await page.getByText('已从ERP导入 1 张单据', { exact: false }).waitFor();
  const row = page.locator('.ant-table-row').filter({ visible: true }).filter({ hasText: `PO ${poNo}` });
  await row.waitFor();
  await saveSettledScreenshot(page, 'erp-sync-asn');
  await sync.click();
  await page.getByText(/已从ERP导入 0 张单据，已存在 \d+ 张/).waitFor();
  expect(await row.count()).toBe(1);
});
