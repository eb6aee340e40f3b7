/**
 * Incoming inspection on the real server (issue 19 "Must show"), on the demo IQC part IND-00003 and its
 * demo template (server/db/seed/seed-demo-quality.ts: 电感量 4.23–5.17 µH, 外观): the part is received →
 * its inspection document appears on 检验单 → the inspector types the measurements, one out of limit,
 * and the visual defects → the reject needs a description (spec §5's message) → a second user holding
 * 放宽接收审批 loosely accepts the lot on its screen → the reels are available and a work-order issue picks
 * one; the document's SPC chart shows the lot's point next to an earlier lot of the vendor.
 */
import { randomBytes } from 'node:crypto';
import { expect, inject, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { pageApi } from './shellApi';
import qualityZh from '../../src/core/i18n/locales/zh-chs/quality.json';
import { translate } from '../../src/shared/messages/catalogue';
import { DEMO_IQC_PART } from '../../server/db/seed/seed-demo-quality';
import { menuIdOf } from '../../server/db/seed/system-data';
import { adminSessionPerFile } from './adminSession';
import { buttonLabelled, grid, notice } from './gridPage';
import { WALK_LEAVES, openLeaf } from './menuWalk';
import { ADMIN, loggedInPage, saveSettledScreenshot } from './shellPage';

const portalUrl = inject('portalUrl');
const session = adminSessionPerFile(portalUrl);

const INTO = { ToSic: 'ELE01', ToLoc: 'ELE01-02' };
const VENDOR = 'V0001';
const run = randomBytes(2).toString('hex').toUpperCase();

const api = pageApi(portalUrl);

interface Doc {
  Id: string;
  DocCode: string;
  Status: string;
  Version: number;
  Items: { CheckItemCode: string; Name: string; SampleSize: number; Re: number; Kind: string; Defects: number | null }[];
  Reels: { ReelCode: string; Status: string; Concession: boolean }[];
}

/** Receives a lot of the demo IQC part (two reels of 2,000) through an ASN; its inspection document. */
async function receiveLot(page: Page, lot: string): Promise<Doc> {
  const bill = await api<{ Id: string; BillCode: string }>(page, 'POST', '/Bill/Save', {
    BillType: 'ASN', VendorCode: VENDOR, Description: 'e2e 来料检验',
    Lines: [{ PartCode: DEMO_IQC_PART, Qty: '4000', Mpq: '2000', LotCode: lot, ...INTO }],
  });
  await api(page, 'POST', '/Bill/CreateReels', { Id: bill.Id });
  await api(page, 'POST', '/Bill/OneKeyReceipt', { Id: bill.Id });
  // The 检验单 grid's rows (the list the screen reads), searched by the receipt's bill.
  const listed = await api<{ rows: { doc_code: string }[] }>(page, 'POST', '/ListParam/QueryData', {
    LIST_ROUTE: '/quality/document', Page: 1, Limit: 10,
    conditions: [{ FIELD_NAME: 'bill_code', PARAM_NAME: 'bill_code', ACTION_TYPE: 1, DATA_TYPE: 1, PARAM_VALUE: bill.BillCode }],
  });
  expect(listed.rows).toHaveLength(1);
  return api<Doc>(page, 'POST', '/Iqc/DocumentGet', { Id: listed.rows[0].doc_code });
}

const drawer = (page: Page, code: string): Locator => page.locator('.ant-drawer-content').filter({ hasText: qualityZh.detailTitle.replace('{{code}}', code) });
const cellLabel = (template: string, values: Record<string, string | number>) => Object.entries(values).reduce((text, [k, v]) => text.replace(`{{${k}}}`, String(v)), template);

test('an inspection part received, measured out of limit, rejected with a description, loosely accepted by an approver, then picked; the SPC chart shows the lot', async () => {
  const { page, browser } = session;

  // An earlier lot of the vendor, measured and accepted: the SPC chart's history.
  const earlier = await receiveLot(page, `E2E-${run}-A`);
  await api(page, 'POST', '/Iqc/SaveResults', { Id: earlier.Id, Items: [{ CheckItemCode: 'IND-L', Measurements: [4.7, 4.72, 4.68, 4.71, 4.69] }, { CheckItemCode: 'IND-VIS', Defects: 0 }] });
  await api(page, 'POST', '/Iqc/Judge', { Id: earlier.Id, Result: 'ACCEPT' });

  // The lot under test: received, pending inspection, its document planned from the demo template.
  const doc = await receiveLot(page, `E2E-${run}-B`);
  expect(doc.Status).toBe('PENDING');
  expect(doc.Reels.map((r) => r.Status)).toEqual(['INSPECTION', 'INSPECTION']);
  const [inductance, visual] = ['IND-L', 'IND-VIS'].map((code) => doc.Items.find((i) => i.CheckItemCode === code)!);

  // The document appears on 检验单; a row click opens it.
  await openLeaf(page, WALK_LEAVES.find((leaf) => leaf.code === 'QualityDocument')!, 'zh');
  const row = grid(page).locator('.ant-table-row', { hasText: doc.DocCode });
  await row.waitFor({ timeout: 30_000 });
  await row.getByText(doc.DocCode, { exact: true }).click();
  const detail = drawer(page, doc.DocCode);
  await detail.waitFor({ timeout: 30_000 });

  // The sample reels' quantities as every stock screen writes them (2,000), not the database's 2,000.000000.
  await expect.poll(() => detail.getByTestId('sample-reels').textContent(), { timeout: 15_000 }).toMatch(/ × 2,000$/);

  // A mistyped measurement refuses the save on its cell, naming the item and the cell; nothing is sent.
  await detail.getByLabel(cellLabel(qualityZh.results.defectsCell, { item: visual.Name }), { exact: true }).fill('1');
  const typo = detail.getByLabel(cellLabel(qualityZh.results.measurementCell, { item: inductance.Name, index: 2 }), { exact: true });
  await detail.getByLabel(cellLabel(qualityZh.results.measurementCell, { item: inductance.Name, index: 1 }), { exact: true }).fill('4.70');
  await typo.fill('1o.2');
  await buttonLabelled(detail, qualityZh.actions.save).click();
  const refusal = translate('zh-chs', 'qualityMeasurementNotNumber', { item: inductance.Name, cell: 2, value: '1o.2' });
  await page.getByRole('tooltip').filter({ hasText: refusal }).waitFor({ timeout: 15_000 });
  expect(await typo.getAttribute('aria-invalid')).toBe('true');
  expect(await typo.evaluate((input) => input === document.activeElement)).toBe(true);
  await saveSettledScreenshot(page, 'quality-measurement-not-number');
  const unsaved = await api<Doc>(page, 'POST', '/Iqc/DocumentGet', { Id: doc.Id });
  expect([unsaved.Version, unsaved.Items.map((i) => i.Defects)]).toEqual([doc.Version, [null, null]]);
  // Typing in the cell takes the mark away.
  await typo.fill('4.75');
  await expect.poll(() => page.getByRole('tooltip').filter({ hasText: refusal }).count(), { timeout: 15_000 }).toBe(0);

  // Measurements, one out of 4.23–5.17; the visual defects at the class's Re: the computed result is reject.
  const values = ['4.70', '4.75', '5.30', '4.66', '4.72'];
  for (const [index, value] of values.entries()) {
    await detail.getByLabel(cellLabel(qualityZh.results.measurementCell, { item: inductance.Name, index: index + 1 }), { exact: true }).fill(value);
  }
  await expect.poll(() => detail.getByText(cellLabel(qualityZh.results.outOfLimit, { count: 1 })).count(), { timeout: 15_000 }).toBe(1);
  await detail.getByLabel(cellLabel(qualityZh.results.defectsCell, { item: visual.Name }), { exact: true }).fill(String(visual.Re));
  await buttonLabelled(detail, qualityZh.actions.save).click();
  await notice(page, qualityZh.actions.saved).first().waitFor({ timeout: 30_000 });

  // Reject: without a description the form says why (spec §5), with one it is judged.
  await buttonLabelled(detail, qualityZh.actions.judge).click();
  const judgeForm = page.getByRole('dialog', { name: qualityZh.judge.title.replace('{{code}}', doc.DocCode) });
  await judgeForm.waitFor();
  await buttonLabelled(judgeForm, '确定').click();
  await judgeForm.getByText(translate('zh-chs', 'qualityRejectNeedsDescription')).waitFor({ timeout: 15_000 });
  await saveSettledScreenshot(page, 'quality-reject-needs-description');
  await judgeForm.getByLabel(qualityZh.judge.description).fill('电感量超差，外观不良');
  await buttonLabelled(judgeForm, '确定').click();
  await notice(page, qualityZh.actions.judged).first().waitFor({ timeout: 30_000 });
  await expect.poll(async () => (await api<Doc>(page, 'POST', '/Iqc/DocumentGet', { Id: doc.Id })).Status, { timeout: 15_000 }).toBe('REJECTED');

  // The SPC chart of 电感量: the earlier lot and this one, its point labelled as the current lot.
  await buttonLabelled(detail, qualityZh.spc.show).click();
  const chart = detail.getByTestId(`spc-${inductance.CheckItemCode}`);
  await chart.waitFor({ timeout: 30_000 });
  const points = await chart.getByTestId('spc-xbar').locator('circle title').allTextContents();
  expect(points.some((p) => p.startsWith(`${earlier.DocCode}:`))).toBe(true);
  const current = points.find((p) => p.startsWith(`${doc.DocCode} (${qualityZh.spc.current})`));
  expect(current).toBeDefined();
  expect(Number(current!.split(': ')[1])).toBeCloseTo(values.reduce((sum, v) => sum + Number(v), 0) / values.length, 3);
  await saveSettledScreenshot(page, 'quality-spc');

  // A second user who holds 放宽接收审批 loosely accepts the lot on that screen.
  const approverName = `qa${randomBytes(3).toString('hex')}`;
  const made = await api<{ ID: string; Password: string }>(page, 'POST', '/User/AddOrModifySave', {
    USER_NAME: approverName, NICK_NAME: '品质主管', ROLE_IDS: ['role-operator'], ORGANIZE_IDS: ['org-f01'], IS_AVAILABLE: true,
  });
  await api(page, 'POST', '/User/SaveUserMenu', { USER_ID: made.ID, APP_CODE: 'PC', MENU_IDS: [menuIdOf('Quality'), menuIdOf('QualityLooseApproval')] });
  const approver = await loggedInPage(browser, portalUrl, { ...ADMIN, userName: approverName, password: made.Password, id: made.ID });
  try {
    await openLeaf(approver, WALK_LEAVES.find((leaf) => leaf.code === 'QualityLooseApproval')!, 'zh');
    const rejected = grid(approver).locator('.ant-table-row', { hasText: doc.DocCode });
    await rejected.waitFor({ timeout: 30_000 });
    await rejected.getByRole('checkbox', { name: '选择此行' }).check();
    await buttonLabelled(grid(approver), qualityZh.loose.action).click();
    const form = approver.getByRole('dialog', { name: qualityZh.loose.title.replace('{{code}}', doc.DocCode) });
    await form.waitFor();
    await form.getByLabel(qualityZh.loose.reason).fill('客户同意让步接收，限本批');
    await buttonLabelled(form, '确定').click();
    await notice(approver, qualityZh.loose.done.replace('{{code}}', doc.DocCode)).first().waitFor({ timeout: 30_000 });
  } finally {
    await approver.context().close();
  }
  const released = await api<Doc & { LooseBy: string }>(page, 'POST', '/Iqc/DocumentGet', { Id: doc.Id });
  expect([released.Status, released.LooseBy]).toEqual(['CONCESSION', approverName]);
  expect(released.Reels.map((r) => [r.Status, r.Concession])).toEqual([['IN_STOCK', true], ['IN_STOCK', true]]);

  // Available now: a work-order issue picks one of the lot's reels.
  const issue = await api<{ Id: string }>(page, 'POST', '/Bill/Save', {
    BillType: 'WO', Mo: `MO-E2E-IQC-${run}`, MoLine: '10', Description: 'e2e 让步接收发料', Lines: [{ PartCode: DEMO_IQC_PART, Qty: '2000', FromSic: INTO.ToSic }],
  });
  const reel = released.Reels[0].ReelCode;
  await api(page, 'POST', '/Bill/Pick', { Id: issue.Id, ReelCode: reel });
  expect((await api<{ Status: string }>(page, 'GET', `/Reel/Get?reelCode=${reel}`)).Status).toBe('ISSUED');
});
