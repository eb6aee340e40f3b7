/**
 * The report framework on the real server (issue 21), one ADMIN login in Chinese: 库存报表 opens from
 * its menu as the report's grid with its chart, its part parameter narrows it, a selected row drills
 * into the child report with a breadcrumb back, and the search exports to Excel; a report configured
 * in the setting's three steps (placed under a menu, SQL with a parameter and its preview, footer sum
 * and a chart) with a child report configured the same way and a help document does the same from
 * its own menu, shows its help from the toolbar, and is audited with its SQL.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { reportMenuLink } from '../../src/shared/reports/definition';
import { adminSessionPerFile } from './adminSession';
import { buttonLabelled, grid, notice, renderedRows, waitForRows } from './gridPage';
import { apiSession } from './shellApi';
import { ADMIN, expand, menuTitle, openScreen, panel, rootButton, saveSettledScreenshot, tabsBar } from './shellPage';

const portalUrl = inject('portalUrl');
const session = adminSessionPerFile(portalUrl);
const SUPER_ADMIN = 'role-super-admin';

let api: Awaited<ReturnType<typeof apiSession>>;
/** ADMIN's role's grants before this file, and the menus it added: put back and removed at the end (the menu walk walks every menu). */
let originalGrants: { MenuIds: string[]; ButtonIds: string[] } | undefined;
const added: string[] = [];

beforeAll(async () => {
  api = await apiSession(portalUrl, ADMIN);
});

afterAll(async () => {
  if (originalGrants) await api('/Role/SavePermissions', { ROLE_ID: SUPER_ADMIN, APP_CODE: 'PC', MENU_IDS: originalGrants.MenuIds, BUTTON_IDS: originalGrants.ButtonIds });
  for (const id of added) await api(`/Menu/Delete?id=${encodeURIComponent(id)}`, {});
});

test('库存报表 opens from its menu with its chart, searches by part, drills into a row and back, and exports', async () => {
  const page = session.page;
  await openScreen(page, menuTitle('Report').zh, menuTitle('ReportStock').zh);
  await waitForRows(page);
  await page.getByTestId('report-chart').waitFor();
  const first = (await renderedRows(page))[0];
  const part = first[0];
  expect(part).toBeTruthy();

  // The part parameter is a quick search field: its value is bound into the report's SQL.
  await grid(page).getByLabel('快速查询 料号').fill(part);
  await buttonLabelled(grid(page), '搜索').click();
  await expect.poll(async () => (await renderedRows(page)).every((row) => row[0].startsWith(part))).toBe(true);

  // A selected row opens the child report with the row's part.
  await grid(page).locator('.ant-table-tbody-virtual .ant-table-row').first().getByRole('checkbox', { name: '选择此行' }).check();
  await buttonLabelled(grid(page), '查看物料库存明细').click();
  await page.getByTestId('report-breadcrumb').waitFor();
  await expect.poll(() => page.getByTestId('report-loading-page').getAttribute('data-report')).toBe('DEMO_STOCK_PLACE');
  await waitForRows(page);
  expect((await grid(page).locator('.ant-table-thead th').allTextContents()).join(' ')).toContain('存储地点');
  await page.getByTestId('report-breadcrumb-DEMO_STOCK').click();
  await expect.poll(() => page.getByTestId('report-loading-page').getAttribute('data-report')).toBe('DEMO_STOCK');
  await waitForRows(page);

  const download = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});

test('a report configured in three steps with a child report opens from its menu, searches, drills into a row and back, and exports; its SQL changes are audited', async () => {
  const page = session.page;
  // Per attempt: a retry must not meet the first attempt's report or menu.
  const RUN = Date.now().toString(36).toUpperCase();
  const code = `E2E_${RUN}`;
  const childCode = `E2E_${RUN}_PLACE`;
  const menuName = `库存汇总 ${RUN}`;
  await openScreen(page, menuTitle('Report').zh, menuTitle('ReportSetting').zh);
  await page.getByTestId('report-add').click();
  let wizard = page.getByTestId('report-wizard');
  await wizard.getByTestId('report-code').fill(code);
  await wizard.getByTestId('report-name').fill(menuName);
  await wizard.getByTestId('report-name-en').fill(`Stock summary ${RUN}`);
  // Placed in the menu from the wizard: its own item under 报表中心, named as the report.
  await wizard.getByTestId('report-menu-placement').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-title', { hasText: new RegExp(`^${menuTitle('Report').zh}$`) }).click();
  await wizard.getByTestId('report-menu').fill(`E2E_MENU_${RUN}`);
  await wizard.getByTestId('wizard-save-basics').click();
  await wizard.getByTestId('report-sql').waitFor();
  // The item is given to ADMIN's role (grants are 角色管理's, tested there).
  const tree = await api<MenuNode[]>('/Menu/LoadData2Tree?terminal=PC', undefined, 'GET');
  const menu = findMenu(tree, `E2E_MENU_${RUN}`);
  expect(menu, 'the wizard placed the report in the menu').toBeDefined();
  expect(menu!.Link_Url).toBe(reportMenuLink(code));
  added.push(menu!.Id);
  const granted = await api<{ MenuIds: string[]; ButtonIds: string[] }>(`/Role/GetPermissions?roleId=${SUPER_ADMIN}&appCode=PC`, undefined, 'GET');
  originalGrants ??= granted;
  await api('/Role/SavePermissions', { ROLE_ID: SUPER_ADMIN, APP_CODE: 'PC', MENU_IDS: [...granted.MenuIds, menu!.Id], BUTTON_IDS: granted.ButtonIds });

  await wizard.getByTestId('report-sql').fill(
    'select part_code, sum(on_hand) as qty from stock_balances where on_hand > 0 and (param.part is null or part_code like param.part || \'%\') group by part_code',
  );
  await wizard.getByTestId('param-add').click();
  await wizard.getByTestId('param-name-0').fill('part');
  await wizard.getByTestId('param-caption-0').fill('料号前缀');
  await wizard.getByTestId('wizard-preview').click();
  await expect.poll(() => wizard.getByTestId('report-preview-summary').textContent()).toMatch(/^前 \d+ 行（最多 50 行），用时 \d+ 毫秒$/);
  expect(await wizard.getByTestId('report-preview').getByText('qty: 数字').isVisible()).toBe(true);
  await wizard.getByTestId('wizard-save-sql').click();
  await notice(page, '已保存').first().waitFor();

  await wizard.getByTestId('wizard-to-grid').click();
  await wizard.getByTestId('grid-caption-qty').fill('数量');
  await wizard.getByTestId('grid-aggregation-qty').click();
  await openOption(page, '合计').click();
  await wizard.getByTestId('chart-type').click();
  await openOption(page, '柱状图').click();
  await wizard.getByTestId('chart-x').click();
  await openOption(page, 'part_code').click();
  await wizard.getByTestId('chart-y').click();
  // The category select's list may still be leaving: the value select's list is the last one opened.
  await openOption(page, '数量 (qty)').last().click();
  await page.keyboard.press('Escape');
  await wizard.getByTestId('wizard-save-grid').click();
  await wizard.waitFor({ state: 'hidden' });

  // Its child: a part's stock by place, its parameter given by the parent row's part_code.
  await page.getByTestId(`report-add-child-${code}`).click();
  wizard = page.getByTestId('report-wizard');
  await wizard.getByTestId('report-code').fill(childCode);
  await wizard.getByTestId('report-name').fill(`库位明细 ${RUN}`);
  await wizard.getByTestId('drill-add').click();
  await wizard.getByTestId('drill-param-0').fill('part');
  await wizard.getByTestId('drill-column-0').click();
  await openOption(page, 'part_code').click();
  await wizard.getByTestId('wizard-save-basics').click();
  await wizard.getByTestId('report-sql').fill('select sic, loc, lot_code, on_hand from stock_balances where part_code = param.part and on_hand > 0');
  await wizard.getByTestId('param-add').click();
  await wizard.getByTestId('param-name-0').fill('part');
  await wizard.getByTestId('param-caption-0').fill('料号');
  await wizard.getByTestId('wizard-save-sql').click();
  await notice(page, '已保存').first().waitFor();
  await wizard.getByTestId('wizard-to-grid').click();
  await wizard.getByTestId('grid-caption-sic').fill('存储地点');
  await wizard.getByTestId('wizard-save-grid').click();
  await wizard.waitFor({ state: 'hidden' });
  await page.getByTestId('report-table').getByText(childCode, { exact: true }).waitFor();

  // Its help document, written in the rich-text editor.
  await page.getByTestId(`report-help-${code}`).click();
  const helpDialog = page.getByRole('dialog', { name: `报表 ${code} 的帮助文档` });
  await helpDialog.getByRole('textbox', { name: '帮助文档' }).click();
  await page.keyboard.type('先填料号前缀，再选中一行查看库位明细');
  await helpDialog.getByTestId('help-save').click();
  await helpDialog.waitFor({ state: 'hidden' });

  // From its menu (the shell reads its menus when the page loads).
  await page.reload();
  await tabsBar(page).waitFor();
  await openScreen(page, menuTitle('Report').zh, menuName);
  await expect.poll(() => page.getByTestId('report-loading-page').getAttribute('data-report')).toBe(code);
  await waitForRows(page);
  await page.getByTestId('report-chart').waitFor();
  // 帮助 on its toolbar shows the help document.
  await page.getByTestId('report-help').click();
  const help = page.getByRole('dialog', { name: `${menuName} 帮助` });
  await help.getByText('先填料号前缀，再选中一行查看库位明细').waitFor();
  await page.keyboard.press('Escape');
  await help.waitFor({ state: 'hidden' });

  const part = (await renderedRows(page))[0][0];
  expect(part).toBeTruthy();
  await grid(page).getByLabel('快速查询 料号前缀').fill(part);
  await buttonLabelled(grid(page), '搜索').click();
  await expect.poll(async () => (await renderedRows(page)).every((row) => row[0].startsWith(part))).toBe(true);

  await grid(page).locator('.ant-table-tbody-virtual .ant-table-row').first().getByRole('checkbox', { name: '选择此行' }).check();
  await buttonLabelled(grid(page), `查看库位明细 ${RUN}`).click();
  await page.getByTestId('report-breadcrumb').waitFor();
  await expect.poll(() => page.getByTestId('report-loading-page').getAttribute('data-report')).toBe(childCode);
  await waitForRows(page);
  expect((await grid(page).locator('.ant-table-thead th').allTextContents()).join(' ')).toContain('存储地点');
  await page.getByTestId(`report-breadcrumb-${code}`).click();
  await expect.poll(() => page.getByTestId('report-loading-page').getAttribute('data-report')).toBe(code);
  await waitForRows(page);

  const download = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  expect((await download).suggestedFilename()).toBe(`${menuName}.xlsx`);

  await openScreen(page, menuTitle('Report').zh, menuTitle('ReportSetting').zh);
  await page.getByTestId(`report-audit-${code}`).click();
  const audit = page.getByTestId('report-audit');
  await audit.waitFor();
  // Created, its SQL, its grid, its help.
  await expect.poll(() => audit.locator('.ant-table-row').count()).toBe(4);
  expect(await audit.getByText('select part_code, sum(on_hand) as qty', { exact: false }).count()).toBe(1);
});

interface MenuNode {
  Id: string;
  Menu_Code: string;
  Link_Url: string;
  children?: MenuNode[];
}
const findMenu = (nodes: readonly MenuNode[], code: string): MenuNode | undefined =>
  nodes.reduce<MenuNode | undefined>((found, node) => found ?? (node.Menu_Code === code ? node : findMenu(node.children ?? [], code)), undefined);

/** An option of the open select list by its title. */
const openOption = (page: Page, title: string) => page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${title}"]`);

test('报表设置帮助文档 opens its help page in a new window, not the 404 page', async () => {
  const page = session.page;
  await expand(rootButton(page, menuTitle('Report').zh));
  const opened = page.context().waitForEvent('page');
  await panel(page).getByRole('menuitem', { name: menuTitle('ReportSettingHelp').zh, exact: true }).click();
  const help = await opened;
  try {
    await help.waitForLoadState();
    expect(new URL(help.url()).pathname).toBe('/report/setting-help');
    const content = help.getByTestId('report-setting-help');
    await content.waitFor();
    expect(await content.getByRole('heading', { level: 3 }).textContent()).toBe('报表设置帮助');
    // The wizard's three steps, each explained.
    const steps = await content.locator('ol > li').allTextContents();
    expect(steps.map((step) => step.split('：')[0])).toEqual(['基本信息', 'SQL 与参数', '表格与图表']);
    expect(await help.getByText('404').count()).toBe(0);
    await saveSettledScreenshot(help, 'report-setting-help-zh-chs');
  } finally {
    await help.close();
  }
});
