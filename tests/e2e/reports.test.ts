/**
 * The report framework on the real server (issue 21), one ADMIN login in Chinese: 库存报表 opens from
 * its menu as the report's grid with its chart, its part parameter narrows it, a selected row drills
 * into the child report with a breadcrumb back, and the search exports to Excel; a report configured
 * in the setting's three steps (SQL with a parameter and its preview, footer sum and a chart) is
 * audited with its SQL.
 */
import { expect, inject, test } from 'vitest';
import { adminSessionPerFile } from './adminSession';
import { buttonLabelled, grid, renderedRows, waitForRows } from './gridPage';
import { menuTitle, openScreen } from './shellPage';

const portalUrl = inject('portalUrl');
const RUN = Date.now().toString(36).toUpperCase();
const session = adminSessionPerFile(portalUrl);

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

test('a report configured in three steps previews its SQL, saves a footer sum and a chart, and its SQL changes are audited', async () => {
  const page = session.page;
  const code = `E2E_${RUN}`;
  await openScreen(page, menuTitle('Report').zh, menuTitle('ReportSetting').zh);
  await page.getByTestId('report-add').click();
  const wizard = page.getByTestId('report-wizard');
  await wizard.getByTestId('report-code').fill(code);
  await wizard.getByTestId('report-name').fill(`库存汇总 ${RUN}`);
  await wizard.getByTestId('report-name-en').fill(`Stock summary ${RUN}`);
  await wizard.getByTestId('wizard-save-basics').click();

  await wizard.getByTestId('report-sql').fill(
    'select part_code, sum(on_hand) as qty from stock_balances where (param.part is null or part_code like param.part || \'%\') group by part_code',
  );
  await wizard.getByTestId('param-add').click();
  await wizard.getByTestId('param-name-0').fill('part');
  await wizard.getByTestId('param-caption-0').fill('料号前缀');
  await wizard.getByTestId('wizard-preview').click();
  await expect.poll(() => wizard.getByTestId('report-preview-summary').textContent()).toMatch(/^前 \d+ 行（最多 50 行），用时 \d+ 毫秒$/);
  expect(await wizard.getByTestId('report-preview').getByText('qty: 数字').isVisible()).toBe(true);
  await wizard.getByTestId('wizard-save-sql').click();
  await page.locator('.ant-message-notice').filter({ hasText: '已保存' }).first().waitFor();

  await wizard.getByTestId('wizard-to-grid').click();
  await wizard.getByTestId('grid-caption-qty').fill('数量');
  await wizard.getByTestId('grid-aggregation-qty').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="合计"]').click();
  await wizard.getByTestId('chart-type').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="柱状图"]').click();
  await wizard.getByTestId('chart-x').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="part_code"]').click();
  await wizard.getByTestId('chart-y').click();
  // The category select's list may still be leaving: the value select's list is the last one opened.
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="数量 (qty)"]').last().click();
  await page.keyboard.press('Escape');
  await wizard.getByTestId('wizard-save-grid').click();
  await wizard.waitFor({ state: 'hidden' });

  await page.getByTestId(`report-audit-${code}`).click();
  const audit = page.getByTestId('report-audit');
  await audit.waitFor();
  await expect.poll(() => audit.locator('.ant-table-row').count()).toBe(3);
  expect(await audit.getByText('select part_code, sum(on_hand) as qty', { exact: false }).count()).toBe(1);
});
