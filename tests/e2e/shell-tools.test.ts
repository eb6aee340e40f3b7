/**
 * Header tools a warehouse desk uses all day (spec §2 shell layout, §7 local printer service, §9
 * search hotkeys): the global search panel opened with s, found by pinyin initials and opened with
 * Enter; the print dialog against the reference print agent (print-agent/, started by the setup).
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { ADMIN, activeTab, loggedInPage, menuTitle, saveSettledScreenshot } from './shellPage';

const portalUrl = inject('portalUrl');
const printers = inject('printAgentPrinters');

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await loggedInPage(browser, portalUrl, ADMIN);
});
afterAll(async () => {
  await browser?.close();
});

const searchDialog = () => page.getByRole('dialog', { name: '菜单搜索' });
const printDialog = () => page.getByRole('dialog', { name: '打印机设置' });

test('s opens the search, pinyin initials find a Chinese menu title, and Enter opens that screen in a tab', async () => {
  const users = menuTitle('AdminUser').zh; // 用户管理 → yhgl
  await page.keyboard.press('s');
  await searchDialog().waitFor();
  // Spec §9: the input takes the focus after 500 ms, so typing goes straight into it.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
  await page.keyboard.type('yhgl');
  await searchDialog().getByRole('option', { name: new RegExp(users), selected: true }).waitFor();
  await saveSettledScreenshot(page, 'shell-search-pinyin');
  await page.keyboard.press('Enter');
  await searchDialog().waitFor({ state: 'hidden' });
  await expect.poll(() => activeTab(page).textContent()).toBe(users);
});

test('Esc closes the search panel', async () => {
  await page.keyboard.press('s');
  await searchDialog().waitFor();
  await page.keyboard.press('Escape');
  await searchDialog().waitFor({ state: 'hidden' });
});

test("the print dialog lists the print agent's printers and saves the choice", async () => {
  await page.getByRole('button', { name: '打印机设置' }).click();
  // The chosen printer's label lies over antd's search input: a person clicks the field itself.
  await printDialog().locator('.ant-select-selector').click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await options.first().waitFor();
  expect(await options.allTextContents()).toEqual(printers);
  await options.filter({ hasText: printers[1] }).click();
  await printDialog().getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText('保存成功').waitFor();
  await printDialog().waitFor({ state: 'hidden' });

  // Opening it again shows the choice as the agent's current printer.
  await page.getByRole('button', { name: '打印机设置' }).click();
  await printDialog().getByText(`当前打印机：${printers[1]}`).waitFor();
  await saveSettledScreenshot(page, 'shell-print-dialog');
  await page.keyboard.press('Escape');
});
