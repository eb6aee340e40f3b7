/**
 * Tools files, the download centre and Excel import on the real server (issue 5; spec §2
 * administration, §5 upload checks): ADMIN uploads a tool file with a Chinese name, finds it in
 * the download centre and downloads exactly the uploaded bytes under that name; an Excel import
 * with one bad row shows the per-row report and writes none of the rows. One ADMIN login, in Chinese.
 * The same screens, and the PDA menu configuration, work on the mock build (`npm run dev:mock`) with no server.
 */
import { readFile } from 'node:fs/promises';
import { expect, inject, test } from 'vitest';
import ExcelJS from 'exceljs';
import { DEFAULT_ADMIN_PASSWORD, DEMO_ORGANIZATIONS } from '../../server/db/seed/demo-data';
import { adminSessionPerFile } from './adminSession';
import { expectOneBadRowReport } from './importReport';
import { fillLoginForm, readMockCaptchaCode, submitWithEnter } from './loginForm';
import { arrived, menuTitle, openScreen, saveSettledScreenshot, tabsBar, visibleText, VIEWPORT } from './shellPage';

const portalUrl = inject('portalUrl');
const mockPortalUrl = inject('mockPortalUrl');

const ADMINISTRATION = menuTitle('Admin').zh;
const TOOLS_FILES = menuTitle('AdminToolsFile').zh;
const DOWNLOADS = menuTitle('AdminDownload').zh;
const EXCEL_IMPORT = menuTitle('AdminExcelImport').zh;
const PDA_MENUS = menuTitle('AdminPdaMenu').zh;
const OK = /^确\s*[定认]$|^OK$/;

/** Unique to this run, so a rerun against the same database starts clean. */
const RUN = Date.now().toString(36).toUpperCase();

const session = adminSessionPerFile(portalUrl);

/** The table row (of the visible page) that shows this text. */
const rowWith = (text: string) => session.page.locator('.ant-table-row').filter({ visible: true }).filter({ hasText: text });

test('a tool file uploaded by ADMIN is in the download centre and downloads byte for byte under its Chinese name', async () => {
  const name = `PDA安装包-${RUN}`;
  const fileName = `PDA安装包-${RUN}.apk`;
  const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 31 + 7) % 256));

  await openScreen(session.page, ADMINISTRATION, TOOLS_FILES);
  await session.page.getByRole('button', { name: /新\s*增/ }).filter({ visible: true }).click();
  const form = await arrived(session.page.getByRole('dialog'));
  await form.getByLabel('名称').fill(name);
  await form.getByLabel('版本号').fill('1.2.0');
  await form.getByLabel('备注').fill('扫描枪安装包');
  await form.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'application/vnd.android.package-archive', buffer: bytes });
  await form.getByText(fileName).waitFor();
  await saveSettledScreenshot(session.page, 'admin-tools-file-upload');
  await form.getByRole('button', { name: OK }).click();
  await form.waitFor({ state: 'hidden' });
  await rowWith(fileName).waitFor();
  expect(await rowWith(fileName).textContent()).toContain('已发布');
  await saveSettledScreenshot(session.page, 'admin-tools-file');

  await openScreen(session.page, ADMINISTRATION, DOWNLOADS);
  const row = rowWith(fileName);
  await row.waitFor();
  expect(await row.textContent()).toContain('扫描枪安装包');
  await saveSettledScreenshot(session.page, 'admin-download');
  const downloading = session.page.waitForEvent('download');
  await row.getByRole('button', { name: /下\s*载/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const downloaded = await readFile(await download.path());
  expect(downloaded.length).toBe(bytes.length);
  expect(Buffer.compare(downloaded, bytes)).toBe(0);
});

test('an Excel import with one bad row shows the per-row report and writes none of the rows', async () => {
  const codes = [`E2E-${RUN}-XI-1`, `E2E-${RUN}-XI-2`];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('物料');
  sheet.addRow(['料号', '品名', '单位']);
  sheet.addRow([codes[0], '导入电阻', 'REEL']);
  sheet.addRow([`E2E-${RUN}-XI-BAD`, '导入坏行', 'NO-SUCH-UNIT']);
  sheet.addRow([codes[1], '导入电感', 'REEL']);
  const file = Buffer.from(await workbook.xlsx.writeBuffer());

  await openScreen(session.page, ADMINISTRATION, EXCEL_IMPORT);
  const screen = session.page.locator('.ant-card').filter({ visible: true }).filter({ hasText: EXCEL_IMPORT });
  await screen.locator('.ant-select-selector').click();
  await session.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('物料', { exact: true }).click();
  await screen.getByText('* 料号').waitFor();
  await screen.locator('input[type=file]').setInputFiles({ name: 'parts.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });

  await expectOneBadRowReport(screen.getByTestId('excel-import-errors'), 'NO-SUCH-UNIT');
  await saveSettledScreenshot(session.page, 'admin-excel-import-report');

  // Nothing was written: neither good row is a part.
  const found = await session.page.evaluate(async (prefix) => {
    const token = document.cookie.split('; ').find((c) => c.startsWith('Admin-Token='))!.slice('Admin-Token='.length);
    const response = await fetch('/api/Part/LoadData', {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: `Bearer ${decodeURIComponent(token)}` },
      body: JSON.stringify({ conditions: [{ FIELD_NAME: 'code', PARAM_NAME: 'code', ACTION_TYPE: 6, DATA_TYPE: 1, PARAM_VALUE: prefix }], Page: 1, Limit: 10 }),
    });
    return ((await response.json()) as { count: number }).count;
  }, `E2E-${RUN}-XI`);
  expect(found).toBe(0);
  expect(await visibleText(session.page, '导入成功').count()).toBe(0);
});

test('with mocks (no server), a tool file is uploaded, downloaded from the download centre, an import shows its report, and the PDA menus are there', async () => {
  const context = await session.browser.newContext({ viewport: VIEWPORT });
  const mock = await context.newPage();
  try {
    await mock.goto(`${mockPortalUrl}/login`);
    await fillLoginForm(mock, { userName: 'ADMIN', password: DEFAULT_ADMIN_PASSWORD, organization: DEMO_ORGANIZATIONS[0].OrganizeName });
    await mock.locator('#login_captchaCode').fill(await readMockCaptchaCode(mock));
    await submitWithEnter(mock);
    await mock.waitForURL(`${mockPortalUrl}/index`);
    await tabsBar(mock).waitFor();

    const fileName = `标签打印机驱动-${RUN}.zip`;
    const bytes = Buffer.from(`driver ${RUN}`);
    await openScreen(mock, ADMINISTRATION, TOOLS_FILES);
    await mock.getByRole('button', { name: /新\s*增/ }).filter({ visible: true }).click();
    const form = await arrived(mock.getByRole('dialog'));
    await form.getByLabel('名称').fill('标签打印机驱动');
    await form.getByLabel('版本号').fill('3.2');
    await form.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'application/zip', buffer: bytes });
    await form.getByRole('button', { name: OK }).click();
    await form.waitFor({ state: 'hidden' });
    await mock.locator('.ant-table-row').filter({ visible: true }).filter({ hasText: fileName }).waitFor();

    await openScreen(mock, ADMINISTRATION, DOWNLOADS);
    const row = mock.locator('.ant-table-row').filter({ visible: true }).filter({ hasText: fileName });
    await row.waitFor();
    const downloading = mock.waitForEvent('download');
    await row.getByRole('button', { name: /下\s*载/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fileName);
    expect(Buffer.compare(await readFile(await download.path()), bytes)).toBe(0);

    await openScreen(mock, ADMINISTRATION, EXCEL_IMPORT);
    const screen = mock.locator('.ant-card').filter({ visible: true }).filter({ hasText: EXCEL_IMPORT });
    await screen.locator('.ant-select-selector').click();
    await mock.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('物料', { exact: true }).click();
    await screen.locator('input[type=file]').setInputFiles({ name: 'parts-error.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from('PK') });
    await screen.getByTestId('excel-import-errors').getByText('导入失败：1 行有错误，未写入任何数据，请下载错误报告').waitFor();
    await saveSettledScreenshot(mock, 'mocks-admin-excel-import');

    // The mock serves the PDA terminal's own seeded tree, as the server does.
    await openScreen(mock, ADMINISTRATION, PDA_MENUS);
    await visibleText(mock, '拆盘 · PdaReelSplit').waitFor();
    expect(await visibleText(mock, '用户管理 · AdminUser').count()).toBe(0);
  } finally {
    await context.close();
  }
});
