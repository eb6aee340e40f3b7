/**
 * Driving a master-data screen as a person does (the real server's and the mock build's alike): its
 * grid, toolbar, add/edit dialogs, the advanced search, and a downloaded workbook read back.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';
import { visibleText } from './shellPage';

/** The screen's controls on the page `pageOf()` returns (a file's shared session may replace its page). */
export function masterScreen(pageOf: () => Page) {
  /** The visible screen's grid (tabs kept alive hold their hidden grids too). */
  const grid = () => pageOf().getByTestId('data-grid').filter({ visible: true });
  const gridRows = () => grid().locator('.ant-table-tbody .ant-table-row');
  const gridRow = (text: string) => gridRows().filter({ hasText: text });
  /** A toolbar button by its text (its accessible name also holds its icon's name, e.g. "plus 新增"). */
  const toolbarButton = (text: string) => grid().getByRole('button', { name: new RegExp(`(^|\\s)${text}$`) });
  const dialog = (title: string) => pageOf().getByRole('dialog', { name: title });

  /** The text of a row's cell under the column headed `caption`. */
  async function cellText(row: Locator, caption: string): Promise<string> {
    const headers = await grid().locator('.ant-table-thead th').allTextContents();
    const column = headers.findIndex((text) => text.trim() === caption);
    if (column < 0) throw new Error(`no column ${caption} in ${headers.join(', ')}`);
    return (await row.locator('.ant-table-cell').nth(column).textContent()) ?? '';
  }

  /** Searches the grid the way a person does: the advanced-search dialog, one row "<field> 包含 <value>". */
  async function searchGrid(fieldCaption: string, value: string) {
    await toolbarButton('高级查询').click();
    const search = dialog('高级查询');
    // The dialog may open on the user's saved search, with a field already chosen over the input.
    await search.locator('.ant-select', { has: pageOf().getByRole('combobox', { name: '第1行 字段' }) }).click();
    await pageOf().locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: fieldCaption }).first().click();
    await search.getByLabel('第1行 值').fill(value);
    await search.getByRole('button', { name: /^搜\s*索$/ }).click();
    await search.waitFor({ state: 'hidden' });
  }

  /** Picks `optionText` in the form's select labelled `label` (options load from the server as it opens). */
  async function pickOption(form: Locator, label: string, optionText: string) {
    await form.getByLabel(label, { exact: true }).click();
    await pageOf().locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: optionText }).first().click();
  }

  async function saveForm(form: Locator) {
    await form.getByRole('button', { name: /^确\s*定$/ }).click();
    await visibleText(pageOf(), '保存成功').first().waitFor();
    await form.waitFor({ state: 'hidden' });
  }

  return { grid, gridRows, gridRow, toolbarButton, dialog, cellText, searchGrid, pickOption, saveForm };
}

/** Reads a downloaded workbook's first sheet as rows of cell texts. */
export async function sheetRows(download: Download): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs's load() is typed against an older Buffer declaration than @types/node 20's.
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return rows;
}
