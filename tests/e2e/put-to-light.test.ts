/**
 * Put-to-light at receipt (issue 17) on the real server in Chromium, with the built-in shelf simulator:
 * a storage location of this run with one rack of two cells; an ASN of two reels into it. On the
 * goods-receiving screen the first scan of a reel says big where to put it ("放入 货架 … 格 …-C01")
 * and the rack view shows that cell blinking blue; scanning the reel again receives it there, and the
 * cell's light goes off while the reel shows in it. Screenshots go to tests/e2e/artifacts/.
 */
import { beforeAll, expect, inject, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import billsZh from '../../src/core/i18n/locales/zh-chs/bills.json';
import { adminSessionPerFile } from './adminSession';
import { chooseOption } from './gridPage';
import { addRack, apiSession } from './shellApi';
import { activateTab, ADMIN, menuTitle, openScreen, saveSettledScreenshot } from './shellPage';

const portalUrl = inject('portalUrl');
const session = adminSessionPerFile(portalUrl);

/** Codes unique to this run. */
const RUN = Date.now().toString(36).toUpperCase().slice(-5);
const SIC = `PT${RUN}`;
const RACK = `PTR${RUN}`;
const LOCATORS = [`${SIC}-01`, `${SIC}-02`];
const CELLS = [`${RACK}-C01`, `${RACK}-C02`];
const PART = 'CAP-00392';

type Api = Awaited<ReturnType<typeof apiSession>>;
let api: Api;
let bill: { Id: string; BillCode: string };
let reels: string[];

beforeAll(async () => {
  api = await apiSession(portalUrl, ADMIN);
  await api('/StorageLocation/AddOrModifySave', { code: SIC, name: `亮灯上架 ${RUN}`, factory_code: 'P100', location_type: 'WIP', erp_sic_code: null, is_mrp: false, enabled: true });
  for (const loc of LOCATORS) await api('/Locator/AddOrModifySave', { code: loc, name: loc, storage_location_code: SIC, capacity: 10, enabled: true });
  await addRack(api, { code: RACK, name: `亮灯上架料架 ${RUN}`, sic: SIC, addressPrefix: 'PTL' }, CELLS.map((code, index) => ({ code, locator: LOCATORS[index] })));
  bill = await api<{ Id: string; BillCode: string }>('/Bill/Save', {
    BillType: 'ASN',
    VendorCode: 'V0001',
    Description: `put-to-light ${RUN}`,
    Lines: [{ PartCode: PART, Qty: '20', Mpq: '10', ToSic: SIC, LotCode: `PTL-${RUN}` }],
  });
  reels = (await api<{ Reels: { ReelCode: string }[] }>('/Bill/CreateReels', { Id: bill.Id })).Reels.map((r) => r.ReelCode).sort();
}, 60_000);

const visible = (locator: Locator) => locator.filter({ visible: true });
const cell = (page: Page, code: string) => visible(page.getByTestId(`rack-cell-${code}`));
const lightsOf = (page: Page) => Promise.all(CELLS.map((code) => cell(page, code).getAttribute('data-light')));
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key]);

async function scan(page: Page, code: string) {
  const input = visible(page.getByTestId('scan-input'));
  await input.fill(code);
  await input.press('Enter');
}

test('a scanned reel gets a free cell lit blue on the rack view; scanned again it is received there and the light goes off', async () => {
  const { page } = session;
  const receiving = menuTitle('WarehouseReceiving').zh;
  const rackView = menuTitle('WarehouseRackView').zh;
  await openScreen(page, menuTitle('Warehouse').zh, receiving);
  const screen = visible(page.getByTestId('goods-receiving-page'));
  await chooseOption(page, screen, billsZh.receiving.billType, menuTitle('BillASN').zh);
  const billInput = screen.getByTestId('bill-scan-input');
  await billInput.fill(bill.BillCode);
  await billInput.press('Enter');
  await expect.poll(() => visible(page.getByTestId('bill-detail')).getByTestId('bill-code').textContent()).toBe(bill.BillCode);

  await scan(page, reels[0]);
  const where = visible(page.getByTestId('put-away-where'));
  await where.waitFor();
  expect(await where.textContent()).toBe(fill(billsZh.putAway.where, { rack: RACK, cell: CELLS[0] }));
  await expect.poll(() => visible(page.getByTestId('scan-feedback')).textContent()).toBe(`${reels[0]}: ${fill(billsZh.putAway.suggested, { rack: RACK, cell: CELLS[0] })}`);
  await saveSettledScreenshot(page, 'put-to-light-suggested');

  await openScreen(page, menuTitle('Warehouse').zh, rackView);
  const view = visible(page.getByTestId('rack-view-page'));
  await view.getByTestId('rack-code-input').fill(RACK);
  await view.getByTestId('rack-code-input').press('Enter');
  await view.getByTestId('rack-grid').waitFor();
  await expect.poll(() => lightsOf(page), { timeout: 10_000 }).toEqual(['blue-blink', 'off']);
  await saveSettledScreenshot(page, 'put-to-light-rack-lit');

  await activateTab(page, receiving);
  await scan(page, reels[0]);
  await expect.poll(() => visible(page.getByTestId('scan-feedback')).textContent()).toContain(fill(billsZh.putAway.putInto, { rack: RACK, cell: CELLS[0] }));
  await expect.poll(() => visible(page.getByTestId('put-away')).count()).toBe(0);

  await activateTab(page, rackView);
  await expect.poll(() => lightsOf(page), { timeout: 10_000 }).toEqual(['off', 'off']);
  await expect.poll(() => cell(page, CELLS[0]).textContent(), { timeout: 10_000 }).toContain(reels[0]);
  await saveSettledScreenshot(page, 'put-to-light-received');
});
