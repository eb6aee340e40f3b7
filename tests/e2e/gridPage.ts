/**
 * Driving the DataGrid (src/grid) the way a person does: toolbar buttons by their labels, antd
 * selects by the option a person clicks, the virtual table's header, rows and footer by what they
 * show. Notices and confirmations are found by the spec's exact texts.
 */
import type { Locator, Page } from 'playwright-core';
import { arrived } from './shellPage';

export const grid = (page: Page): Locator => page.getByTestId('data-grid').filter({ visible: true });

/**
 * A button by the label a person reads. antd writes a two-character Chinese label of a button
 * without an icon with a space between the characters ('确 定'), and an icon adds its own name
 * ('setting 高级配置') to the button's accessible name.
 */
export const buttonLabelled = (scope: Page | Locator, label: string): Locator =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${label.split('').join('\\s?')}$`) });

export const toolbarButton = (page: Page, label: string): Locator => buttonLabelled(grid(page), label);

export const dialogNamed = (page: Page, name: string): Locator => page.getByRole('dialog', { name, exact: true });

/** A notice (antd message) with exactly this text. */
export const notice = (page: Page, text: string): Locator => page.locator('.ant-message-notice').filter({ hasText: text });

/**
 * The confirmation asking `question`, answered with `answer` (确定 or 取消). It stays open while
 * the answer is carried out: the caller waits for the outcome, then for `closed`.
 */
export async function answerConfirmation(page: Page, question: string, answer: '确定' | '取消') {
  const confirmation = await arrived(page.locator('.ant-modal-confirm').filter({ hasText: question }));
  await buttonLabelled(confirmation, answer).click();
  return { closed: () => confirmation.waitFor({ state: 'hidden' }) };
}

/** Opens the antd select labelled `label` and clicks the option titled `option` in its open list. */
export async function chooseOption(page: Page, scope: Page | Locator, label: string, option: string) {
  // The select's box, not its search input: antd shows the input only once the box has focus.
  await scope.locator('.ant-select', { has: page.getByRole('combobox', { name: label, exact: true }) }).click();
  // The list renders only the options in view: typing narrows it to the wanted one.
  await page.keyboard.type(option);
  const openList = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await openList.locator(`.ant-select-item-option[title="${option}"]`).click();
  await openList.waitFor({ state: 'hidden' });
}

/** The column titles the grid shows, without the selection column. */
export async function headerTitles(page: Page): Promise<string[]> {
  const titles = await grid(page).locator('.ant-table-thead th').allTextContents();
  return titles.map((title) => title.trim()).filter(Boolean);
}

/** The body rows the virtual table has on screen now (a few dozen of a page), each as its cell texts. */
export async function renderedRows(page: Page): Promise<string[][]> {
  return grid(page)
    .locator('.ant-table-tbody-virtual .ant-table-row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('.ant-table-cell')].slice(1).map((cell) => (cell.textContent ?? '').trim())),
    );
}

/** The rendered body cells of the column titled `title` whose text does not fit (the cell ends in an ellipsis), as their texts. */
export async function cutCells(page: Page, title: string): Promise<string[]> {
  const index = (await headerTitles(page)).indexOf(title);
  if (index < 0) throw new Error(`no column ${title}`);
  return grid(page)
    .locator('.ant-table-tbody-virtual .ant-table-row')
    .evaluateAll(
      (rows, column) =>
        rows.flatMap((row) => {
          const cell = [...row.querySelectorAll('.ant-table-cell')].slice(1)[column] as HTMLElement | undefined;
          return cell && cell.scrollWidth > cell.clientWidth ? [(cell.textContent ?? '').trim()] : [];
        }),
      index,
    );
}

/** The footer row whose label is `label` (合计 or 平均), as its cell texts under the columns. */
export async function footerRow(page: Page, label: string): Promise<string[]> {
  const row = grid(page).locator('.ant-table-summary tr').filter({ hasText: label });
  const cells = await row.locator('td').allTextContents();
  return cells.slice(1).map((cell) => cell.trim());
}

/** The pager's '共 N 条' as N. */
export async function shownTotal(page: Page): Promise<number> {
  const text = (await grid(page).locator('.ant-pagination-total-text').textContent()) ?? '';
  const total = /共\s*(\d+)\s*条/.exec(text)?.[1];
  if (total === undefined) throw new Error(`no total in "${text}"`);
  return Number(total);
}

/** Waits until the grid has loaded and shows rows. */
export async function waitForRows(page: Page) {
  await grid(page).locator('.ant-table-tbody-virtual .ant-table-row').first().waitFor();
  await grid(page).locator('.ant-spin-spinning').waitFor({ state: 'detached' });
}
