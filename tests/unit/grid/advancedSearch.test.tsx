/** Spec §4 advanced search and §5 its validation, on the demo list through the mock back end. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadSavedConditions } from '../../../src/grid/api/listParam';
import {
  DEMO_LIST,
  bodyRows,
  buttonNamed,
  buttonText,
  cellTexts,
  modalTitled,
  chooseOption,
  chosenText,
  recordRequests,
  renderGrid,
  resetGridTestState,
  signIn,
  waitForRows,
} from './gridTestKit';

beforeEach(async () => {
  await resetGridTestState();
  signIn();
});

const user = () => userEvent.setup({ delay: null });
const searchButton = () => screen.getByRole('button', { name: /高级查询/ });
const enableSwitch = () => screen.getByRole('switch', { name: '启用高级查询' });
const searchDialog = () => screen.findByRole('dialog', { name: '高级查询' });
/** The dialog's own 搜索, not the grid's quick search behind it (the same word). */
const dialogSearch = () => within(screen.getByRole('dialog', { name: '高级查询' })).getByRole('button', { name: buttonText('搜索') });
const row = (n: number) => `第${n}行`;

async function openSearch() {
  renderGrid();
  await waitForRows();
  await user().click(searchButton());
  return searchDialog();
}

type QueryBody = { conditions: { PARAM_NAME: string; ACTION_TYPE: number; PARAM_VALUE: unknown; IS_PAGING?: string }[] };

describe('advanced search dialog', () => {
  it('is half the page wide and stays open on a click outside it', async () => {
    const dialog = await openSearch();
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('50%');
    fireEvent.click(document.querySelector('.ant-modal-wrap')!);
    expect(screen.getByRole('dialog', { name: '高级查询' })).toBeTruthy();
  });

  it('starts a new row comparing with 包含 on a text value', async () => {
    const u = user();
    await openSearch();
    await u.click(buttonNamed('新增条件'));
    expect(chosenText(`${row(2)} 条件`)).toBe('包含');
    expect(screen.getByRole('textbox', { name: `${row(2)} 值` })).toBeTruthy();
  });

  it('refuses to search a row without a field: 请选择字段(参数名)', async () => {
    const u = user();
    await openSearch();
    await u.click(dialogSearch());
    expect(await screen.findByText('请选择字段(参数名)')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: '高级查询' })).toBeTruthy();
  });

  it('has immediate save on by default, so a search is kept for the user', async () => {
    const u = user();
    await openSearch();
    expect(screen.getByRole('switch', { name: '立即保存' }).getAttribute('aria-checked')).toBe('true');
    await chooseOption(u, `${row(1)} 字段`, '品名');
    await u.type(screen.getByRole('textbox', { name: `${row(1)} 值` }), '电容');
    await u.click(dialogSearch());
    await waitFor(async () =>
      expect(await loadSavedConditions(DEMO_LIST, 'ADMIN')).toMatchObject([{ PARAM_NAME: 'partName', PARAM_VALUE: '电容', ACTION_TYPE: 6 }]),
    );
  });

  it('with immediate save off, a search is not kept', async () => {
    const u = user();
    await openSearch();
    await u.click(screen.getByRole('switch', { name: '立即保存' }));
    await chooseOption(u, `${row(1)} 字段`, '品名');
    await u.type(screen.getByRole('textbox', { name: `${row(1)} 值` }), '电容');
    const queries = recordRequests('/ListParam/QueryData');
    await u.click(dialogSearch());
    await waitFor(() => expect(queries.length).toBeGreaterThan(0));
    expect(await loadSavedConditions(DEMO_LIST, 'ADMIN')).toEqual([]);
  });
});

describe('searching', () => {
  it('filters the grid, turns the page’s advanced search on and closes the dialog', async () => {
    const u = user();
    await openSearch();
    await chooseOption(u, `${row(1)} 字段`, '品名');
    await u.type(screen.getByRole('textbox', { name: `${row(1)} 值` }), '电容');
    await u.click(dialogSearch());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '高级查询' })).toBeNull());
    expect(enableSwitch().getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(bodyRows().every((r) => r.textContent?.includes('贴片电容'))).toBe(true));
  });

  it('keeps the enable switch disabled until a search has enabled it', async () => {
    const u = user();
    await openSearch();
    expect(enableSwitch().hasAttribute('disabled')).toBe(true);
    await chooseOption(u, `${row(1)} 字段`, '品名');
    await u.type(screen.getByRole('textbox', { name: `${row(1)} 值` }), '电容');
    await u.click(dialogSearch());
    await waitFor(() => expect(enableSwitch().hasAttribute('disabled')).toBe(false));
    await u.click(enableSwitch());
    expect(enableSwitch().getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(bodyRows().some((r) => r.textContent?.includes('贴片电阻'))).toBe(true));
  });

  it('turns off and clears its conditions on a right-click of the button', async () => {
    const u = user();
    await openSearch();
    await chooseOption(u, `${row(1)} 字段`, '品名');
    await u.type(screen.getByRole('textbox', { name: `${row(1)} 值` }), '电容');
    await u.click(dialogSearch());
    await waitFor(() => expect(enableSwitch().getAttribute('aria-checked')).toBe('true'));
    fireEvent.contextMenu(searchButton());
    expect(enableSwitch().getAttribute('aria-checked')).toBe('false');
    expect(enableSwitch().hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(bodyRows().some((r) => r.textContent?.includes('贴片电阻'))).toBe(true));
    await u.click(searchButton());
    await searchDialog();
    expect(chosenText(`${row(1)} 字段`)).toBe('');
  });

  it('skips rows with an empty value unless the action is 为空 or 不为空', async () => {
    const u = user();
    await openSearch();
    await chooseOption(u, `${row(1)} 字段`, '品名');
    await u.click(buttonNamed('新增条件'));
    await chooseOption(u, `${row(2)} 字段`, '备注');
    await chooseOption(u, `${row(2)} 条件`, '不为空');
    const queries = recordRequests('/ListParam/QueryData') as QueryBody[];
    await u.click(dialogSearch());
    await waitFor(() => expect(queries.length).toBeGreaterThan(0));
    expect(queries.at(-1)!.conditions).toEqual([expect.objectContaining({ PARAM_NAME: 'remark', ACTION_TYPE: 9, PARAM_VALUE: null })]);
    await waitFor(() => expect(bodyRows().every((r) => /来料抽检|客户指定批次/.test(r.textContent ?? ''))).toBe(true));
  });

  it('keeps the search per route path', async () => {
    const u = user();
    const first = renderGrid({ routePath: '/grid/demo-reels' });
    await u.click(await screen.findByRole('button', { name: /高级查询/ }));
    await searchDialog();
    await chooseOption(u, `${row(1)} 字段`, '品名');
    await u.type(screen.getByRole('textbox', { name: `${row(1)} 值` }), '电容');
    await u.click(dialogSearch());
    await waitFor(() => expect(enableSwitch().getAttribute('aria-checked')).toBe('true'));
    first.unmount();

    const other = renderGrid({ routePath: '/grid/other-page' });
    await waitForRows();
    expect(enableSwitch().getAttribute('aria-checked')).toBe('false');
    other.unmount();

    renderGrid({ routePath: '/grid/demo-reels' });
    expect(enableSwitch().getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
    expect(bodyRows().every((r) => r.textContent?.includes('贴片电容'))).toBe(true);
  });
});

describe('condition rows', () => {
  it('picking a field copies its data type, action, paging flag and default value', async () => {
    const u = user();
    await openSearch();
    await chooseOption(u, `${row(1)} 字段`, '数量');
    expect(chosenText(`${row(1)} 条件`)).toBe('大于等于');
    expect(screen.getByRole('spinbutton', { name: `${row(1)} 值` })).toBeTruthy();

    await chooseOption(u, `${row(1)} 字段`, '料盘号（批量，每行一个）');
    expect(chosenText(`${row(1)} 条件`)).toBe('等于');
    await u.type(screen.getByRole('textbox', { name: `${row(1)} 值` }), 'R000000001{Enter}R000000004');
    const queries = recordRequests('/ListParam/QueryData') as QueryBody[];
    await u.click(dialogSearch());
    await waitFor(() => expect(queries.length).toBeGreaterThan(0));
    expect(queries.at(-1)!.conditions[0]).toMatchObject({ IS_PAGING: 'Y', PARAM_VALUE: ['R000000001', 'R000000004'] });
    await waitFor(() => expect(bodyRows().map((r) => cellTexts(r)[1])).toEqual(['R000000001', 'R000000004']));
  });

  it('picking a field fills in its default value', async () => {
    const { saveSearchFields, loadSearchFields } = await import('../../../src/grid/api/listParam');
    const lot = (await loadSearchFields(DEMO_LIST)).find((s) => s.PARAM_NAME === 'lotCode')!;
    await saveSearchFields([{ ...lot, DEFAULT_VALUE: 'L2501' }]);
    const u = user();
    await openSearch();
    await chooseOption(u, `${row(1)} 字段`, '批次');
    expect((screen.getByRole('textbox', { name: `${row(1)} 值` }) as HTMLInputElement).value).toBe('L2501');
  });

  it('为空 clears the value and disables it', async () => {
    const u = user();
    await openSearch();
    await chooseOption(u, `${row(1)} 字段`, '品名');
    const value = screen.getByRole('textbox', { name: `${row(1)} 值` }) as HTMLInputElement;
    await u.type(value, '电容');
    await chooseOption(u, `${row(1)} 条件`, '为空');
    const cleared = screen.getByRole('textbox', { name: `${row(1)} 值` }) as HTMLInputElement;
    expect(cleared.value).toBe('');
    expect(cleared.disabled).toBe(true);
  });

  it('on a range, 大于 keeps the second value and 小于 the first', async () => {
    const u = user();
    await openSearch();
    await chooseOption(u, `${row(1)} 字段`, '数量范围');
    await u.type(screen.getByRole('spinbutton', { name: `${row(1)} 值 最小值` }), '2000');
    await u.type(screen.getByRole('spinbutton', { name: `${row(1)} 值 最大值` }), '4000');
    await chooseOption(u, `${row(1)} 条件`, '大于');
    expect((screen.getByRole('spinbutton', { name: `${row(1)} 值` }) as HTMLInputElement).value).toBe('4000');

    await chooseOption(u, `${row(1)} 条件`, '等于');
    await u.clear(screen.getByRole('spinbutton', { name: `${row(1)} 值 最小值` }));
    await u.type(screen.getByRole('spinbutton', { name: `${row(1)} 值 最小值` }), '2000');
    await chooseOption(u, `${row(1)} 条件`, '小于');
    expect((screen.getByRole('spinbutton', { name: `${row(1)} 值` }) as HTMLInputElement).value).toBe('2000');
  });

  it('a number range clamps min to max and refuses one end alone', async () => {
    const u = user();
    await openSearch();
    await chooseOption(u, `${row(1)} 字段`, '数量范围');
    const min = screen.getByRole('spinbutton', { name: `${row(1)} 值 最小值` }) as HTMLInputElement;
    const max = screen.getByRole('spinbutton', { name: `${row(1)} 值 最大值` }) as HTMLInputElement;
    await u.type(min, '5000');
    await u.click(dialogSearch());
    expect(min.closest('.ant-input-number')!.className).toContain('status-error');
    expect(screen.getByRole('dialog', { name: '高级查询' })).toBeTruthy();

    await u.type(max, '3000');
    await u.tab();
    await waitFor(() => expect(min.value).toBe('3000'));
    expect(max.value).toBe('3000');
    expect(min.closest('.ant-input-number')!.className).not.toContain('status-error');
  });

  it('a dropdown field offers its list’s options', async () => {
    const u = user();
    await openSearch();
    await chooseOption(u, `${row(1)} 字段`, '料号');
    await chooseOption(u, `${row(1)} 值`, '贴片电容 22pF');
    const queries = recordRequests('/ListParam/QueryData') as QueryBody[];
    await u.click(dialogSearch());
    await waitFor(() => expect(queries.at(-1)?.conditions[0]).toMatchObject({ PARAM_NAME: 'partCode', PARAM_VALUE: 'CC0402-220J' }));
  });

  it('a multi-select field sends every chosen code', async () => {
    const u = user();
    await openSearch();
    await chooseOption(u, `${row(1)} 字段`, '状态');
    await chooseOption(u, `${row(1)} 值`, '冻结');
    await chooseOption(u, `${row(1)} 值`, '报废');
    const queries = recordRequests('/ListParam/QueryData') as QueryBody[];
    await u.click(dialogSearch());
    await waitFor(() => expect(queries.at(-1)?.conditions[0]).toMatchObject({ PARAM_NAME: 'status', PARAM_VALUE: ['FROZEN', 'SCRAPPED'] }));
  });

  it('a date is picked as yyyy/MM/dd and a date range as yyyy/MM/dd HH:mm:ss', async () => {
    const u = user();
    await openSearch();
    await chooseOption(u, `${row(1)} 字段`, '有效期至');
    const date = screen.getByRole('textbox', { name: `${row(1)} 值` });
    await u.click(date);
    await u.type(date, '2026/01/05{Enter}');
    await u.click(buttonNamed('新增条件'));
    await chooseOption(u, `${row(2)} 字段`, '收货日期');
    const [from, to] = within(screen.getByRole('dialog', { name: '高级查询' }))
      .getAllByRole('textbox')
      .filter((input) => input.closest('.ant-picker-range'));
    await u.click(from);
    await u.type(from, '2025/01/01 08:00:00{Enter}');
    await u.type(to, '2025/01/02 08:00:00{Enter}');
    const queries = recordRequests('/ListParam/QueryData') as QueryBody[];
    await u.click(dialogSearch());
    await waitFor(() => expect(queries.length).toBeGreaterThan(0));
    expect(queries.at(-1)!.conditions).toEqual([
      expect.objectContaining({ PARAM_NAME: 'expiryDate', PARAM_VALUE: '2026/01/05' }),
      expect.objectContaining({ PARAM_NAME: 'receivedAt', PARAM_VALUE: ['2025/01/01 08:00:00', '2025/01/02 08:00:00'] }),
    ]);
  });
});

describe('paged dropdown picker', () => {
  /** A dropdown field with paging on: its options are picked from pages. */
  async function withPagedPartField() {
    const { saveSearchFields } = await import('../../../src/grid/api/listParam');
    await saveSearchFields([
      { LIST_ROUTE: DEMO_LIST, ORD_IDX: 1, PARAM_NAME: 'partPaged', PARAM_CAPTION: '料号（分页选择）', FIELD_NAME: 'part_code',
        DATA_TYPE: 2, ACTION_TYPE: 1, IS_FAST_SEARCH: 'N', IS_PAGING: 'Y',
        // A dropdown is a setting with a reference query, in the mocks as on the server (the shared rule).
        REFERENCE_SQL: 'select part_code as code, part_name as name from demo_parts' },
    ]);
  }

  it('shows 15 options a page, offers 15/25/35/45, and a click picks one', async () => {
    await withPagedPartField();
    const u = user();
    await openSearch();
    await chooseOption(u, `${row(1)} 字段`, '料号（分页选择）');
    await u.click(screen.getByRole('button', { name: '打开选择框' }));
    const picker = await modalTitled('选择');
    await waitFor(() => expect(picker.querySelectorAll('.ant-table-tbody .ant-table-row')).toHaveLength(15));
    await u.click(within(picker.querySelector('.ant-pagination-options') as HTMLElement).getByRole('combobox'));
    const sizes = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) =>
      Number.parseInt(o.textContent ?? '', 10),
    );
    expect(sizes).toEqual([15, 25, 35, 45]);
    await u.click(within(picker).getByText('贴片电容 100nF'));
    await waitFor(() => expect(document.querySelector('.ant-modal-title')?.textContent).toBe('高级查询'));
    expect((screen.getByRole('textbox', { name: `${row(1)} 值` }) as HTMLInputElement).value).toBe('CC0402-104K');
  });

  it('filters the options by a key', async () => {
    await withPagedPartField();
    const u = user();
    await openSearch();
    await chooseOption(u, `${row(1)} 字段`, '料号（分页选择）');
    await u.click(screen.getByRole('button', { name: '打开选择框' }));
    const picker = await modalTitled('选择');
    await u.type(within(picker).getByRole('searchbox', { name: '关键字' }), 'LED{Enter}');
    await waitFor(() =>
      expect([...picker.querySelectorAll('.ant-table-tbody .ant-table-row')].map((r) => r.textContent)).toEqual([
        'LED0603-G贴片LED 绿色',
        'LED0603-R贴片LED 红色',
      ]),
    );
  });
});
