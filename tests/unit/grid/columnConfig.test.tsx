/** Spec §2, §4, §5: the column configuration drawer and the floating column-visibility panel. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { DEMO_REELS_MOCK_LIST } from '../../../mocks/scenarios/listparam';
import { resolveApiBase } from '../../../src/api/base';
import { loadColumnConfig, saveColumnConfig } from '../../../src/grid/api/listParam';
import { GRID_BUTTON, type GridButtonCode } from '../../../src/grid/model/codes';
import {
  DEMO_LIST,
  bodyRows,
  buttonNamed,
  chooseOption,
  expectToast,
  recordRequests,
  renderGrid,
  resetGridTestState,
  signIn,
  toastText,
  waitForRows,
} from './gridTestKit';

beforeEach(async () => {
  await resetGridTestState();
  signIn();
});

const user = () => userEvent.setup({ delay: null });
const headerTexts = () => [...screen.getByTestId('data-grid').querySelectorAll('.ant-table-thead th')].map((th) => th.textContent ?? '').filter(Boolean);
const configRows = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('.ant-table-tbody .ant-table-row')];
/** The demo list's source columns: a user without a configuration starts with all of them as rows. */
const SOURCE_COLUMNS = DEMO_REELS_MOCK_LIST.columns;
/** The number of the row 新增 adds after the user's own three columns (withMyColumns). */
const NEW_ROW = 4;

/** The user's own columns: reel, part and quantity, all visible. */
async function withMyColumns() {
  await saveColumnConfig([
    { LIST_ROUTE: DEMO_LIST, ORD_IDX: 1, FIELD_NAME: 'reel_id', FIELD_CAPTION: '料盘号', FIELD_WIDTH: 160, IS_VISIBLE: 'Y' },
    { LIST_ROUTE: DEMO_LIST, ORD_IDX: 2, FIELD_NAME: 'part_code', FIELD_CAPTION: '料号', FIELD_WIDTH: 140, IS_VISIBLE: 'Y' },
    { LIST_ROUTE: DEMO_LIST, ORD_IDX: 3, FIELD_NAME: 'qty', FIELD_CAPTION: '数量', FIELD_WIDTH: 100, IS_VISIBLE: 'Y' },
  ]);
}

async function openDrawer(buttonCodes?: GridButtonCode[]) {
  renderGrid(buttonCodes ? { buttonCodes } : {});
  await waitForRows();
  await user().click(buttonNamed('列配置'));
  return screen.findByRole('dialog', { name: '列配置' });
}

const confirmButton = async (text: string, label: string) => {
  const content = await screen.findByText(text);
  return within(content.closest('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: new RegExp(label.split('').join('\\s?')) });
};

describe('columns before rows', () => {
  it('the grid shows no rows, and says it is loading, until the list’s columns have answered; then the rows under their columns', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let rowsAnswered = false;
    mockServer.events.on('response:mocked', ({ request }) => {
      if (new URL(request.url).pathname.endsWith('/ListParam/QueryData')) rowsAnswered = true;
    });
    // Held, then handed on (a resolver that returns nothing) to the mock's own answer.
    mockServer.use(http.get(`${resolveApiBase()}/ListParam/GetIntiTableColumnList`, async () => void (await released)));
    renderGrid();
    await waitFor(() => expect(rowsAnswered).toBe(true));
    // Renders later still: rows under a header of no columns would be empty lines.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bodyRows()).toHaveLength(0);
    expect(screen.getByTestId('data-grid').querySelector('.ant-spin-spinning')).not.toBeNull();
    release();
    await waitForRows();
    expect(headerTexts()).toContain(SOURCE_COLUMNS.find((c) => !c.hidden)!.caption);
  });
});

describe('column configuration drawer', () => {
  it('is 60% wide; a new column is 140 wide and visible', async () => {
    await withMyColumns();
    const u = user();
    const root = await openDrawer();
    await waitFor(() => expect(configRows(root).length).toBe(3));
    expect((root.closest('.ant-drawer-content-wrapper') as HTMLElement).style.width).toBe('60%');
    await u.click(buttonNamed('新增'));
    expect((screen.getByRole('spinbutton', { name: `列宽 ${NEW_ROW}` }) as HTMLInputElement).value).toBe('140');
    expect(screen.getByRole('switch', { name: `显示 ${NEW_ROW}` }).getAttribute('aria-checked')).toBe('true');
  });

  it('asks for order, field and caption: 请输入序号, 请选择字段名称, 请输入字段标题', async () => {
    await withMyColumns();
    const u = user();
    const root = await openDrawer();
    await waitFor(() => expect(configRows(root).length).toBe(3));
    await u.click(buttonNamed('新增'));
    await u.clear(screen.getByRole('spinbutton', { name: `序号 ${NEW_ROW}` }));
    const saves = recordRequests('/ListParam/SaveListFields');
    await u.click(buttonNamed('保存'));
    expect(await screen.findByText('请输入序号')).toBeTruthy();
    // Each field's message appears when its own check has answered: wait for each.
    await screen.findByText('请选择字段名称');
    await screen.findByText('请输入字段标题');
    expect(saves).toEqual([]);
  });

  it('keeps order and width at 0 or more', async () => {
    await withMyColumns();
    const u = user();
    const root = await openDrawer();
    await waitFor(() => expect(configRows(root).length).toBe(3));
    await u.click(buttonNamed('新增'));
    for (const name of [`序号 ${NEW_ROW}`, `列宽 ${NEW_ROW}`]) {
      const input = screen.getByRole('spinbutton', { name }) as HTMLInputElement;
      expect(input.getAttribute('aria-valuemin')).toBe('0');
      await u.clear(input);
      await u.type(input, '-5');
      fireEvent.blur(input);
      await waitFor(() => expect(input.value).toBe('0'));
    }
  });

  it('saves a picked field with its caption: 保存成功, and the grid shows that column', async () => {
    await withMyColumns();
    const u = user();
    const root = await openDrawer();
    await waitFor(() => expect(configRows(root).length).toBe(3));
    await u.click(buttonNamed('新增'));
    await chooseOption(u, '字段名称 4', '批次 (lot_code)');
    expect((screen.getByRole('textbox', { name: '字段标题 4' }) as HTMLInputElement).value).toBe('批次');
    await u.click(buttonNamed('保存'));
    await expectToast('保存成功');
    expect((await loadColumnConfig(DEMO_LIST, 'ADMIN'))[3]).toMatchObject({ FIELD_NAME: 'lot_code', FIELD_WIDTH: 140, IS_VISIBLE: 'Y' });
    await waitFor(() => expect(headerTexts()).toEqual(['料盘号', '料号', '数量', '批次']));
  });

  it('opens, for a user without a configuration, with the grid’s columns as it shows them (issue 12 defect 15)', async () => {
    const u = user();
    const root = await openDrawer();
    await waitFor(() => expect(configRows(root).length).toBe(SOURCE_COLUMNS.length));
    const shown = headerTexts();
    const rowCaption = (index: number) => (screen.getByRole('textbox', { name: `字段标题 ${index}` }) as HTMLInputElement).value;
    const rowVisible = (index: number) => screen.getByRole('switch', { name: `显示 ${index}` }).getAttribute('aria-checked') === 'true';
    const visibleCaptions = SOURCE_COLUMNS.map((_, index) => index + 1).filter(rowVisible).map(rowCaption);
    expect(visibleCaptions).toEqual(shown);
    // The organisation column is there, switched off, as the grid does not show it.
    expect(rowCaption(2)).toBe('组织');
    expect(rowVisible(2)).toBe(false);
    expect((screen.getByRole('spinbutton', { name: '列宽 1' }) as HTMLInputElement).value).toBe('140');
    // Saving it as it is keeps every column on screen, in the same order.
    await u.click(buttonNamed('保存'));
    await expectToast('保存成功');
    expect(await loadColumnConfig(DEMO_LIST, 'ADMIN')).toHaveLength(SOURCE_COLUMNS.length);
    await waitFor(() => expect(headerTexts()).toEqual(shown));
    // A form row per source column (15) takes jsdom a long while to render and save under load.
  }, 120_000);

  it('deletes the user’s own configuration: 删除成功, and the grid falls back to every column', async () => {
    await withMyColumns();
    const u = user();
    await openDrawer();
    await waitFor(() => expect(headerTexts()).toEqual(['料盘号', '料号', '数量']));
    await u.click(buttonNamed('删除个人配置'));
    await expectToast('删除成功');
    expect(await loadColumnConfig(DEMO_LIST, 'ADMIN')).toEqual([]);
    await waitFor(() => expect(headerTexts().length).toBe(SOURCE_COLUMNS.filter((c) => !c.hidden).length));
  });

  it('deletes everyone’s configuration after asking 此操作将全部删除表格配置列, 是否继续?', async () => {
    await withMyColumns();
    const u = user();
    const root = await openDrawer();
    await waitFor(() => expect(configRows(root).length).toBe(3));
    await u.click(buttonNamed('删除全部配置'));
    await u.click(await confirmButton('此操作将全部删除表格配置列, 是否继续?', '确定'));
    await expectToast('删除成功');
    // Nobody has a configuration now: the drawer shows the grid's own columns again.
    await waitFor(() => expect(configRows(root).length).toBe(SOURCE_COLUMNS.length));
    expect(await loadColumnConfig(DEMO_LIST, 'ADMIN')).toEqual([]);
  });

  it('a refused delete-all shows the server’s ErrorInfo message', async () => {
    // Three rows of the user's own: a drawer of every source column is slow to render in jsdom.
    await withMyColumns();
    mockServer.use(
      http.post(`${resolveApiBase()}/ListParam/DeleteFields`, () =>
        HttpResponse.json({ TotalCount: 0, ErrorInfo: { Status: true, Message: '该配置正在使用中' }, Result: 0 }),
      ),
    );
    const u = user();
    await openDrawer();
    await u.click(buttonNamed('删除全部配置'));
    await u.click(await confirmButton('此操作将全部删除表格配置列, 是否继续?', '确定'));
    await waitFor(() => expect(toastText()).toContain('该配置正在使用中'));
  });

  it('a delete-all the server refuses shows the server’s msg, not 删除失败', async () => {
    await withMyColumns();
    mockServer.use(
      http.post(`${resolveApiBase()}/ListParam/DeleteFields`, () =>
        HttpResponse.json({ code: 403, msg: '没有删除全部列配置的权限', data: null }, { status: 403 }),
      ),
    );
    const u = user();
    await openDrawer();
    await u.click(buttonNamed('删除全部配置'));
    await u.click(await confirmButton('此操作将全部删除表格配置列, 是否继续?', '确定'));
    await waitFor(() => expect(toastText()).toContain('没有删除全部列配置的权限'));
    expect(toastText()).not.toContain('删除失败');
  });

  it('a failed delete-all without a message shows 删除失败', async () => {
    // Three rows of the user's own: a drawer of every source column is slow to render in jsdom.
    await withMyColumns();
    mockServer.use(
      http.post(`${resolveApiBase()}/ListParam/DeleteFields`, () =>
        HttpResponse.json({ TotalCount: 0, ErrorInfo: { Status: true, Message: '' }, Result: 0 }),
      ),
    );
    const u = user();
    await openDrawer();
    await u.click(buttonNamed('删除全部配置'));
    await u.click(await confirmButton('此操作将全部删除表格配置列, 是否继续?', '确定'));
    await expectToast('删除失败');
  });

  it('offers delete-all only with SeniorColumnDeleteAll', async () => {
    await openDrawer([GRID_BUTTON.columnConfig]);
    expect(screen.queryByRole('button', { name: /删除全部配置/ })).toBeNull();
    expect(buttonNamed('删除个人配置')).toBeTruthy();
  });
});

describe('column visibility panel', () => {
  it('opens where it was clicked; confirm saves the ticked columns: 保存成功', async () => {
    await withMyColumns();
    const u = user();
    renderGrid();
    await waitForRows();
    await waitFor(() => expect(headerTexts()).toEqual(['料盘号', '料号', '数量']));
    fireEvent.click(buttonNamed('显示列'), { clientX: 120, clientY: 90 });
    const panel = await screen.findByRole('dialog', { name: '显示列' });
    expect(panel.style.left).toBe('120px');
    expect(panel.style.top).toBe('90px');
    await u.click(within(panel).getByRole('checkbox', { name: '料号' }));
    await u.click(within(panel).getByRole('button', { name: /确\s?定/ }));
    await expectToast('保存成功');
    await waitFor(() => expect(headerTexts()).toEqual(['料盘号', '数量']));
    expect((await loadColumnConfig(DEMO_LIST, 'ADMIN')).find((c) => c.FIELD_NAME === 'part_code')?.IS_VISIBLE).toBe('N');
  });

  it('show-all ticks every column', async () => {
    await withMyColumns();
    const [first, ...rest] = await loadColumnConfig(DEMO_LIST, 'ADMIN');
    await saveColumnConfig([first, ...rest.map((c) => ({ ...c, IS_VISIBLE: 'N' as const }))]);
    const u = user();
    renderGrid();
    await waitFor(() => expect(headerTexts()).toEqual(['料盘号']));
    await u.click(buttonNamed('显示列'));
    const panel = await screen.findByRole('dialog', { name: '显示列' });
    await u.click(within(panel).getByRole('button', { name: /全部显示/ }));
    expect(within(panel).getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true);
  });

  it('show-all when every column shows already warns 当前配置列已全部加载', async () => {
    await withMyColumns();
    const u = user();
    renderGrid();
    await waitFor(() => expect(headerTexts()).toEqual(['料盘号', '料号', '数量']));
    await u.click(buttonNamed('显示列'));
    const panel = await screen.findByRole('dialog', { name: '显示列' });
    await u.click(within(panel).getByRole('button', { name: /全部显示/ }));
    await expectToast('当前配置列已全部加载');
  });

  it('without a column configuration warns 暂无表格列信息配置', async () => {
    const u = user();
    renderGrid();
    await waitForRows();
    await u.click(buttonNamed('显示列'));
    await expectToast('暂无表格列信息配置');
    expect(screen.queryByRole('dialog', { name: '显示列' })).toBeNull();
  });
});
