/**
 * The configurable DataGrid on the real server (issue 4 "Must show"; spec §2 data grid screen, §4,
 * §5, §8, §9), on the seeded demo list /grid/demo-reels (50,000 reels, server/db/seed/seed-demo-list.ts):
 * a search field configured in the settings drawer and searched with a second condition, the
 * footer total against SQL; a column hidden for one user only; a page of 10,000 rows scrolled to
 * its end; the search configuration exported, deleted and imported back.
 *
 * The tests are steps of one story and run in order: the last one imports the field the first one
 * configured.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_REEL_COUNT, DEMO_REELS_LIST, DEMO_REELS_SETTINGS } from '../../server/db/seed/demo-list-data';
import type { DatabaseHandle } from '../../server/db/database';
import { openSeededPglite } from '../server/support/pglite-snapshot';
import { launchBrowser, saveScreenshot } from './browser';
import {
  answerConfirmation,
  buttonLabelled,
  chooseOption,
  cutCells,
  dialogNamed,
  footerRow,
  grid,
  headerTitles,
  notice,
  renderedRows,
  shownTotal,
  toolbarButton,
  waitForRows,
} from './gridPage';
import { ADMIN, OPERATOR, loggedInPage, menuTitle, openScreen, startWithHomeOnly } from './shellPage';

const portalUrl = inject('portalUrl');

const REELS_ROOT = menuTitle('Reel').zh;
const REELS_SCREEN = menuTitle('GridDemoReels').zh;
const ARTIFACTS_DIR = resolve(import.meta.dirname, 'artifacts');

/** The search field the first step configures: the vendor's name, text, 'like' (the new-row defaults). */
const VENDOR_NAME_FIELD = { PARAM_NAME: 'vendorName', PARAM_CAPTION: '供应商名称', FIELD_NAME: 'vendor_name' };
const VENDOR_NAME_PART = '村田';
const MIN_QTY = 4000;
const QTY_CAPTION = DEMO_REELS_SETTINGS.find((s) => s.PARAM_NAME === 'qty')!.PARAM_CAPTION;

let browser: Browser;
let page: Page;
/** A database of the test's own, seeded exactly like the e2e server's: SQL runs on it while the server holds its files. */
let sameSeed: DatabaseHandle;

beforeAll(async () => {
  [browser, sameSeed] = await Promise.all([launchBrowser(), openSeededPglite()]);
  page = await loggedInPage(browser, portalUrl, ADMIN);
});

afterAll(async () => {
  await browser?.close();
  await sameSeed?.close();
});

beforeEach(async () => {
  await startWithHomeOnly(page, portalUrl, ADMIN.id);
});

async function openReels(on: Page = page) {
  await openScreen(on, REELS_ROOT, REELS_SCREEN);
  await waitForRows(on);
}

const settingsDrawer = () => dialogNamed(page, '高级配置');
const paramNameInputs = () => settingsDrawer().getByRole('textbox', { name: /^字段\(参数名\) \d+$/ });

async function closeDrawer(drawer: ReturnType<typeof dialogNamed>) {
  await drawer.getByRole('button', { name: /^(关闭|Close)$/ }).click();
  await drawer.waitFor({ state: 'hidden' });
}

async function openSettingsDrawer() {
  await toolbarButton(page, '高级配置').click();
  await settingsDrawer().waitFor();
  await settingsDrawer().locator('.ant-spin-spinning').waitFor({ state: 'detached' });
}

/** Cell texts of a column among the rendered rows, by its title. */
async function columnValues(title: string): Promise<string[]> {
  const index = (await headerTitles(page)).indexOf(title);
  expect(index, `column ${title}`).toBeGreaterThanOrEqual(0);
  return (await renderedRows(page)).map((cells) => cells[index]);
}

/** The first plant's reels of the two-condition search, counted and summed in SQL. */
async function vendorSearchExpectation(): Promise<{ count: number; total: string }> {
  const { rows } = await sql<{ count: number; total: string }>`
    select count(*)::int as count, sum(qty)::text as total
    from demo_reels
    where org_id = 'org-f01' and vendor_name like ${`%${VENDOR_NAME_PART}%`} and qty >= ${MIN_QTY}`.execute(sameSeed.db);
  return rows[0];
}

describe('the demo reels grid', () => {
  test('a search field set up in the settings drawer searches with a second condition; 合计 is the SQL sum of the result', async () => {
    await openReels();

    await openSettingsDrawer();
    await expect.poll(() => paramNameInputs().count()).toBe(DEMO_REELS_SETTINGS.length);
    await buttonLabelled(settingsDrawer(), '新增').click();
    const newRow = DEMO_REELS_SETTINGS.length + 1;
    await settingsDrawer().getByRole('textbox', { name: `字段(参数名) ${newRow}`, exact: true }).fill(VENDOR_NAME_FIELD.PARAM_NAME);
    await settingsDrawer().getByRole('textbox', { name: `参数标题 ${newRow}`, exact: true }).fill(VENDOR_NAME_FIELD.PARAM_CAPTION);
    await settingsDrawer().getByRole('textbox', { name: `原始字段 ${newRow}`, exact: true }).fill(VENDOR_NAME_FIELD.FIELD_NAME);
    await buttonLabelled(settingsDrawer(), '保存').click();
    await notice(page, '保存成功').waitFor();
    await closeDrawer(settingsDrawer());

    const search = dialogNamed(page, '高级查询');
    await toolbarButton(page, '高级查询').click();
    await search.waitFor();
    await chooseOption(page, search, '第1行 字段', VENDOR_NAME_FIELD.PARAM_CAPTION);
    // A new field brings its match type along: the new-row default 'like' (包含).
    const firstAction = search.locator('.ant-select', { has: page.getByRole('combobox', { name: '第1行 条件' }) });
    await expect.poll(() => firstAction.locator('.ant-select-selection-item').textContent()).toBe('包含');
    await search.getByRole('textbox', { name: '第1行 值' }).fill(VENDOR_NAME_PART);
    await buttonLabelled(search, '新增条件').click();
    await chooseOption(page, search, '第2行 字段', QTY_CAPTION);
    await search.getByRole('spinbutton', { name: '第2行 值' }).fill(String(MIN_QTY));
    await buttonLabelled(search, '搜索').click();
    await search.waitFor({ state: 'hidden' });

    const expected = await vendorSearchExpectation();
    expect(expected.count).toBeGreaterThan(1000);

    await expect.poll(() => shownTotal(page)).toBe(expected.count);
    await waitForRows(page);
    const vendorNames = await columnValues('供应商名称');
    expect(vendorNames.length).toBeGreaterThan(5);
    for (const name of vendorNames) expect(name).toContain(VENDOR_NAME_PART);
    for (const qty of await columnValues('数量')) expect(Number(qty.replaceAll(',', ''))).toBeGreaterThanOrEqual(MIN_QTY);

    const titles = await headerTitles(page);
    const sums = await footerRow(page, '合计');
    // Shown with grouped digits (125,013,000), the same figure.
    expect(sums[titles.indexOf('数量')]).toBe(new Intl.NumberFormat('zh-CN').format(BigInt(expected.total)));
    // The advanced-search button shows the search is on.
    expect(await toolbarButton(page, '高级查询').getAttribute('class')).toContain('ant-btn-primary');
    await saveScreenshot(page, 'grid-reels-searched-with-footer');
  });

  test('a column hidden in the column panel stays hidden after a reload, for this user only', async () => {
    await openReels();
    // A column nobody sized is as wide as its text: no part number ends in an ellipsis (Q-SOT23-MMBT3… did at 140 px).
    expect(await columnValues('料号')).toContain('Q-SOT23-MMBT3904');
    expect(await cutCells(page, '料号')).toEqual([]);
    const shown = ['料盘号', '料号', '供应商名称', '数量'];

    // The user's own columns first: without them the panel has nothing to show (暂无表格列信息配置).
    await toolbarButton(page, '显示列').click();
    await notice(page, '暂无表格列信息配置').waitFor();

    // The drawer opens with the grid's columns as it shows them (issue 12 defect 15): keep four on.
    const drawer = dialogNamed(page, '列配置');
    await toolbarButton(page, '列配置').click();
    await drawer.waitFor();
    const captions = drawer.getByRole('textbox', { name: /^字段标题 \d+$/ });
    await expect.poll(() => captions.count()).toBeGreaterThan(shown.length);
    const rowCount = await captions.count();
    for (let row = 1; row <= rowCount; row++) {
      const caption = await drawer.getByRole('textbox', { name: `字段标题 ${row}`, exact: true }).inputValue();
      const visible = drawer.getByRole('switch', { name: `显示 ${row}`, exact: true });
      if (((await visible.getAttribute('aria-checked')) === 'true') !== shown.includes(caption)) await visible.click();
    }
    await buttonLabelled(drawer, '保存').click();
    await notice(page, '保存成功').waitFor();
    await closeDrawer(drawer);
    await expect.poll(() => headerTitles(page)).toEqual(shown);
    await notice(page, '保存成功').waitFor({ state: 'detached' });

    await toolbarButton(page, '显示列').click();
    const panel = dialogNamed(page, '显示列');
    await panel.getByRole('checkbox', { name: '供应商名称' }).uncheck();
    await buttonLabelled(panel, '确定').click();
    await panel.waitFor({ state: 'detached' });
    await notice(page, '保存成功').waitFor();
    const withoutVendor = ['料盘号', '料号', '数量'];
    await expect.poll(() => headerTitles(page)).toEqual(withoutVendor);

    await page.reload();
    await waitForRows(page);
    await expect.poll(() => headerTitles(page)).toEqual(withoutVendor);

    const operatorPage = await loggedInPage(browser, portalUrl, OPERATOR);
    try {
      await openReels(operatorPage);
      await expect.poll(() => headerTitles(operatorPage)).toContain('供应商名称');
      expect(await headerTitles(operatorPage)).toEqual(expect.arrayContaining(shown));
      await saveScreenshot(operatorPage, 'grid-reels-operator-all-columns');
    } finally {
      await operatorPage.context().close();
    }
  });

  test('a custom page size of 10000 loads that many rows, and the virtual table scrolls to the last one', async () => {
    await openReels();
    // Right-click turns the advanced search off: the whole list of the plant.
    await toolbarButton(page, '高级查询').click({ button: 'right' });

    await toolbarButton(page, '自定义分页').click();
    const sizes = dialogNamed(page, '自定义分页');
    await sizes.waitFor();
    await buttonLabelled(sizes, '新增页数').click();
    await sizes.getByRole('spinbutton', { name: '第4项页数' }).fill('10000');
    await buttonLabelled(sizes, '确定').click();
    await sizes.waitFor({ state: 'hidden' });

    await grid(page).locator('.ant-pagination-options .ant-select').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: /^10000/ }).click();
    // Sorted by reel id, the page's last row is the plant's 10,000th reel.
    await grid(page).locator('.ant-table-thead th').filter({ hasText: /^料盘号$/ }).click();

    // The seed gives reel i to the first plant when i mod 11 < 7 (seed-demo-list.ts).
    const firstPlantReels = Array.from({ length: DEMO_REEL_COUNT }, (_, i) => i + 1).filter((i) => i % 11 < 7);
    const reelId = (i: number) => `R${String(i).padStart(9, '0')}`;
    const lastOfPage = reelId(firstPlantReels[9_999]);
    await expect.poll(() => shownTotal(page)).toBe(firstPlantReels.length);
    await expect.poll(async () => (await renderedRows(page))[0]?.[0], { timeout: 60_000 }).toBe(reelId(firstPlantReels[0]));

    const body = grid(page).locator('.ant-table-tbody-virtual-holder');
    await body.hover();
    const lastRow = grid(page).locator('.ant-table-tbody-virtual .ant-table-row').filter({ hasText: lastOfPage });
    for (let wheel = 0; wheel < 20 && !(await lastRow.isVisible()); wheel++) await page.mouse.wheel(0, 100_000);
    await lastRow.waitFor();
    expect(await lastRow.isVisible()).toBe(true);
    const rowsNow = await renderedRows(page);
    expect(rowsNow.at(-1)?.[0]).toBe(lastOfPage);
    await saveScreenshot(page, 'grid-reels-10000-scrolled-to-end');
  });

  test('the search configuration exported, all deleted and imported back brings the configured field back', async () => {
    await openReels();
    const fileName = `高级查询配置-${DEMO_REELS_LIST.TITLE}.json`;
    const [download] = await Promise.all([page.waitForEvent('download'), toolbarButton(page, '导出配置').click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const exported = join(ARTIFACTS_DIR, fileName);
    await download.saveAs(exported);
    expect(readFileSync(exported, 'utf8')).toContain(`"${VENDOR_NAME_FIELD.PARAM_NAME}"`);

    await openSettingsDrawer();
    await expect.poll(() => paramNameInputs().count()).toBe(DEMO_REELS_SETTINGS.length + 1);
    await buttonLabelled(settingsDrawer(), '全部删除').click();
    const deleting = await answerConfirmation(page, '此操作将全部删除配置项, 是否继续?', '确定');
    await notice(page, '删除成功').waitFor();
    await deleting.closed();
    await expect.poll(() => paramNameInputs().count()).toBe(0);
    await closeDrawer(settingsDrawer());

    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), toolbarButton(page, '导入配置').click()]);
    await chooser.setFiles(exported);
    await notice(page, '导入配置成功').waitFor();

    await openSettingsDrawer();
    await expect.poll(() => paramNameInputs().count()).toBe(DEMO_REELS_SETTINGS.length + 1);
    const names = await Promise.all((await paramNameInputs().all()).map((input) => input.inputValue()));
    expect(names).toContain(VENDOR_NAME_FIELD.PARAM_NAME);
    await closeDrawer(settingsDrawer());

    // The dialog opens with the user's saved search (immediate save), its field known again, and it still finds the same reels.
    const search = dialogNamed(page, '高级查询');
    await toolbarButton(page, '高级查询').click();
    await search.waitFor();
    const firstField = search.locator('.ant-select', { has: page.getByRole('combobox', { name: '第1行 字段' }) });
    await expect.poll(() => firstField.locator('.ant-select-selection-item').textContent()).toBe(VENDOR_NAME_FIELD.PARAM_CAPTION);
    await buttonLabelled(search, '搜索').click();
    await search.waitFor({ state: 'hidden' });
    await expect.poll(() => shownTotal(page)).toBe((await vendorSearchExpectation()).count);
  });
});
