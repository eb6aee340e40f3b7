/** Spec §2 and §6: the grid toolbar — button codes, full screen, selection, row operations, import/export. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';
import { resolveApiBase } from '../../../src/api/base';
import { loadSearchFields } from '../../../src/grid/api/listParam';
import { ALL_GRID_BUTTON_CODES, GRID_BUTTON } from '../../../src/grid/model/codes';
import { useSettingsStore } from '../../../src/core/settings/settingsStore';
import {
  DEMO_LIST,
  buttonNamed,
  cellTexts,
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
const grid = () => screen.getByTestId('data-grid');
const rowCheckbox = (row: HTMLElement) => within(row).getByRole('checkbox');

const CONTROL_OF_CODE: Record<string, RegExp> = {
  SeniorSearch: /高级查询/,
  SeniorSetting: /高级配置/,
  SeniorColumn: /列配置/,
  ConfigurationImport: /导入配置/,
  ConfigurationExport: /导出配置/,
};

describe('toolbar controls and button codes', () => {
  it('shows only the controls whose codes are granted', async () => {
    renderGrid({ buttonCodes: [GRID_BUTTON.advancedSearch, GRID_BUTTON.exportConfig] });
    await waitForRows();
    const shown = Object.entries(CONTROL_OF_CODE)
      .filter(([, name]) => screen.queryByRole('button', { name }))
      .map(([code]) => code);
    expect(shown).toEqual(['SeniorSearch', 'ConfigurationExport']);
  });

  it('shows every control with every code', async () => {
    renderGrid({ buttonCodes: ALL_GRID_BUTTON_CODES });
    await waitForRows();
    for (const name of Object.values(CONTROL_OF_CODE)) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('hides the toolbar when table tools are switched off', async () => {
    useSettingsStore.getState().setTableToolVisible(false);
    renderGrid();
    await waitForRows();
    expect(screen.queryByRole('button', { name: /高级查询/ })).toBeNull();
    useSettingsStore.getState().setTableToolVisible(true);
  });

  // An empty group took a line of its own once the tools wrapped: a blank strip above them.
  it('has no empty group for page buttons when the page gives none', async () => {
    renderGrid();
    await waitForRows();
    const toolbar = grid().querySelector('[data-grid-toolbar]')!;
    expect(toolbar.children).toHaveLength(1);
    expect(within(toolbar.children[0] as HTMLElement).getByRole('button', { name: /高级查询/ })).toBeTruthy();
  });

  it('puts the page’s buttons in their own group before the tools', async () => {
    renderGrid({ toolbarExtra: <button type="button">新增</button>, rowActions: [{ key: 'print', label: '打印标签', onClick: vi.fn() }] });
    await waitForRows();
    const [pageButtons, tools] = [...grid().querySelector('[data-grid-toolbar]')!.children] as HTMLElement[];
    expect(within(pageButtons).getAllByRole('button').map((b) => b.textContent)).toEqual(['新增', '打印标签']);
    expect(within(tools).getByRole('button', { name: /高级查询/ })).toBeTruthy();
  });
});

describe('full screen', () => {
  it('toggles, and leaves after the second window resize', async () => {
    const u = user();
    renderGrid();
    await waitForRows();
    await u.click(buttonNamed('全屏'));
    expect(grid().dataset.fullscreen).toBe('true');
    await u.click(buttonNamed('退出全屏'));
    expect(grid().dataset.fullscreen).toBeUndefined();

    await u.click(buttonNamed('全屏'));
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(grid().dataset.fullscreen).toBe('true');
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(grid().dataset.fullscreen).toBeUndefined();
  });
});

describe('selection and row operations', () => {
  it('a row operation with no row selected warns 请选择一条要操作的数据行', async () => {
    const onClick = vi.fn();
    const u = user();
    renderGrid({ rowActions: [{ key: 'print', label: '打印标签', onClick }] });
    await waitForRows();
    await u.click(buttonNamed('打印标签'));
    await expectToast('请选择一条要操作的数据行');
    expect(onClick).not.toHaveBeenCalled();
  });

  it('a row operation gets the selected rows', async () => {
    const onClick = vi.fn();
    const u = user();
    renderGrid({ rowActions: [{ key: 'print', label: '打印标签', onClick }] });
    const [first, second] = await waitForRows();
    await u.click(rowCheckbox(first));
    await u.click(rowCheckbox(second));
    await u.click(buttonNamed('打印标签'));
    expect(onClick.mock.calls[0][0].map((row: Record<string, unknown>) => row.reel_id)).toEqual([cellTexts(first)[1], cellTexts(second)[1]]);
  });

  it('the selected-records drawer lists what is selected and can drop it', async () => {
    const u = user();
    renderGrid();
    const [first, second] = await waitForRows();
    await u.click(rowCheckbox(first));
    await u.click(rowCheckbox(second));
    await u.click(screen.getByRole('button', { name: /已选记录\(2\)/ }));
    const drawer = await screen.findByRole('dialog', { name: '已选记录(2)' });
    const listed = [...drawer.querySelectorAll<HTMLElement>('.ant-table-row')].map((row) => cellTexts(row)[1]);
    expect(listed).toEqual([cellTexts(first)[1], cellTexts(second)[1]]);
    await u.click(within(drawer).getByRole('button', { name: /清空选择/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /已选记录\(0\)/ })).toBeTruthy());
  });
});

describe('search configuration import and export', () => {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
  let downloads: { name: string; blob: Blob }[] = [];

  beforeEach(() => {
    downloads = [];
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, blob: createObjectURL.mock.calls.at(-1)![0] });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('export saves 高级查询配置-{title}.json with the list’s settings', async () => {
    const u = user();
    renderGrid();
    await waitForRows();
    await u.click(buttonNamed('导出配置'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].name).toBe('高级查询配置-料盘清单（演示）.json');
    const file = JSON.parse(await downloads[0].blob.text());
    expect(file.PARAMS).toHaveLength(16);
  });

  it('a failed export shows the server’s message', async () => {
    mockServer.use(
      http.get(`${resolveApiBase()}/ListParam/Export`, () => HttpResponse.json({ code: 500, msg: '导出失败：配置读取错误', data: null })),
    );
    const u = user();
    renderGrid();
    await waitForRows();
    await u.click(buttonNamed('导出配置'));
    await waitFor(() => expect(toastText()).toContain('导出失败：配置读取错误'));
    expect(downloads).toEqual([]);
  });

  /**
   * jsdom's FormData cannot travel through Node's fetch (it arrives as text), so these answer the
   * upload without reading it; what is under test is what the grid does with the answer.
   */
  const answerImportWith = (settings: unknown[]) =>
    mockServer.use(
      http.post(`${resolveApiBase()}/ListParam/Import`, () =>
        HttpResponse.json({ TotalCount: settings.length, ErrorInfo: { Status: false, Message: '' }, Result: settings }),
      ),
    );
  const jsonFile = (content: unknown) => new File([JSON.stringify(content)], 'config.json', { type: 'application/json' });

  it('import of a configuration file says 导入配置成功 and reloads the settings', async () => {
    const settings = await loadSearchFields(DEMO_LIST);
    answerImportWith(settings.slice(0, 2));
    const u = user();
    const { container } = renderGrid();
    await waitForRows();
    const reloads = recordRequests('/ListParam/LoadData');
    await u.upload(container.querySelector('input[type=file]') as HTMLInputElement, jsonFile({ PARAMS: settings.slice(0, 2) }));
    await expectToast('导入配置成功');
    await waitFor(() => expect(reloads.length).toBeGreaterThan(0));
  });

  it('an import that gives nothing back says 上传失败', async () => {
    answerImportWith([]);
    const u = user();
    const { container } = renderGrid();
    await waitForRows();
    await u.upload(container.querySelector('input[type=file]') as HTMLInputElement, jsonFile([]));
    await expectToast('上传失败');
    expect(toastText()).not.toContain('导入配置成功');
  });
});

describe('date columns', () => {
  it('show dates as yyyy-MM-dd', async () => {
    renderGrid();
    const [first] = await waitForRows();
    const headers = [...grid().querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
    const expiry = cellTexts(first)[headers.indexOf('有效期')];
    const received = cellTexts(first)[headers.indexOf('收货时间')];
    expect(expiry).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(received).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('show an instant column without a date setting as yyyy-MM-dd HH:mm:ss in local time, not as ISO text', async () => {
    // No search settings: only the source's column types say how to show the values.
    mockServer.use(http.post(`${resolveApiBase()}/ListParam/LoadData`, () => HttpResponse.json({ code: 200, msg: '', data: [], count: 0 })));
    renderGrid();
    const [first] = await waitForRows();
    const headers = [...grid().querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
    const texts = cellTexts(first);
    expect(texts[headers.indexOf('料盘号')]).toBe('R000000001');
    // The mock's reel 1 was received 11 minutes after 2025-01-01 00:00 UTC.
    const received = new Date(Date.UTC(2025, 0, 1, 0, 11));
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${received.getFullYear()}-${pad(received.getMonth() + 1)}-${pad(received.getDate())} ${pad(received.getHours())}:${pad(received.getMinutes())}:00`;
    expect(texts[headers.indexOf('收货时间')]).toBe(local);
    expect(texts[headers.indexOf('有效期')]).toBe('2026-01-01');
  });
});
