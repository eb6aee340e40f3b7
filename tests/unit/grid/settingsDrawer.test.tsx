/** Spec §2 and §5: the advanced settings drawer (the list's search-field settings grid). */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deleteAllSearchFields, loadSearchFields, saveSearchFields } from '../../../src/grid/api/listParam';
import { GRID_BUTTON, type GridButtonCode } from '../../../src/grid/model/codes';
import { useNavigationStore } from '../../../src/core/navigation/navigationStore';
import {
  DEMO_LIST,
  buttonNamed,
  chooseOption,
  chosenText,
  expectToast,
  recordRequests,
  renderGrid,
  resetGridTestState,
  signIn,
  waitForRows,
} from './gridTestKit';

/** Three of the demo list's settings: enough to show the rules, light enough for jsdom. */
const KEPT_SETTINGS = ['reelId', 'partName', 'qty'];

beforeEach(async () => {
  await resetGridTestState();
  signIn();
  const kept = (await loadSearchFields(DEMO_LIST)).filter((s) => KEPT_SETTINGS.includes(s.PARAM_NAME));
  await deleteAllSearchFields(DEMO_LIST);
  await saveSearchFields(kept.map(({ ID: _id, ...setting }) => setting));
});

const user = () => userEvent.setup({ delay: null });
const drawer = () => screen.findByRole('dialog', { name: '高级配置' });
/** The settings grid's data rows. */
const settingRows = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('.ant-table-tbody .ant-table-row')];

async function openSettings(buttonCodes?: GridButtonCode[]) {
  renderGrid(buttonCodes ? { buttonCodes } : {});
  await waitForRows();
  await user().click(buttonNamed('高级配置'));
  const root = await drawer();
  await waitFor(() => expect(settingRows(root).length).toBe(KEPT_SETTINGS.length));
  // Rows can show while the list is still being fetched again: antd greys the table out
  // (.ant-spin-blur, pointer-events: none) until it is done, for a user as for user-event.
  await waitFor(() => expect(root.querySelector('.ant-spin-blur')).toBeNull());
  return root;
}

/** Confirmation dialogs (antd modal.confirm) with this text. */
const confirmWith = (text: string) => screen.findByText(text);
const confirmButton = async (text: string, label: string) => {
  const content = await confirmWith(text);
  return within(content.closest('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: new RegExp(label.split('').join('\\s?')) });
};

describe('settings drawer', () => {
  it('edits the SQL cells only with the SQL configuration button (自定义报表设置), and says why otherwise', async () => {
    const root = await openSettings();
    const sqlCell = () => within(root).getByRole('textbox', { name: '下拉数据源SQL 1' }) as HTMLInputElement;
    expect(sqlCell().readOnly).toBe(false);

    const { grants, setGrants } = useNavigationStore.getState();
    setGrants({ ...grants, ReportSetting: (grants.ReportSetting ?? []).filter((button) => button !== 'SqlConfig') });
    await waitFor(() => expect(sqlCell().readOnly).toBe(true));
    expect(sqlCell().title).toBe('只有拥有“SQL配置”按钮权限的用户可以修改 SQL');
    expect((within(root).getByRole('textbox', { name: '参数标题 1' }) as HTMLInputElement).readOnly).toBe(false);
    setGrants(grants);
  });

  it('is 95% of the page wide and lists the list’s search fields', async () => {
    const root = await openSettings();
    expect((root.closest('.ant-drawer-content-wrapper') as HTMLElement).style.width).toBe('95%');
    expect((screen.getByRole('textbox', { name: '参数标题 1' }) as HTMLInputElement).value).toBe('料盘号');
  });

  it('starts a new row as text compared with 包含, without paging', async () => {
    const u = user();
    await openSettings();
    await u.click(buttonNamed('新增'));
    expect(chosenText('数据类型 4')).toBe('文本');
    expect(chosenText('匹配方式 4')).toBe('包含');
    expect(chosenText('分页 4')).toBe('否');
  });

  it('asks for parameter name, caption and source field: 请输入字段(参数名), 请输入参数标题, 请输入原始字段', async () => {
    const u = user();
    await openSettings();
    await u.click(buttonNamed('新增'));
    const saves = recordRequests('/ListParam/SaveData');
    await u.click(buttonNamed('保存'));
    // Each field's message appears when its own check has answered: wait for each.
    expect(await screen.findByText('请输入字段(参数名)')).toBeTruthy();
    await screen.findByText('请输入参数标题');
    await screen.findByText('请输入原始字段');
    expect(saves).toEqual([]);
  });

  it('lets the display format be edited only for 日期 and 日期范围', async () => {
    const u = user();
    await openSettings();
    await u.click(buttonNamed('新增'));
    const format = () => screen.getByRole('textbox', { name: '显示格式 4' }) as HTMLInputElement;
    expect(format().disabled).toBe(true);
    await chooseOption(u, '数据类型 4', '日期');
    expect(format().disabled).toBe(false);
    await chooseOption(u, '数据类型 4', '日期范围');
    expect(format().disabled).toBe(false);
    await chooseOption(u, '数据类型 4', '数字');
    expect(format().disabled).toBe(true);
  });

  it('saves the grid: 保存成功', async () => {
    const u = user();
    await openSettings();
    const caption = screen.getByRole('textbox', { name: '参数标题 2' });
    await u.clear(caption);
    await u.type(caption, '物料名称');
    await u.click(buttonNamed('保存'));
    await expectToast('保存成功');
    const saved = await loadSearchFields(DEMO_LIST);
    expect(saved.find((s) => s.PARAM_NAME === 'partName')?.PARAM_CAPTION).toBe('物料名称');
  });

  it('deletes one row after asking 此操作将删除该数据配置项, 是否继续?: 删除成功', async () => {
    const u = user();
    const root = await openSettings();
    await u.click(screen.getByRole('button', { name: '删除 1' }));
    await u.click(await confirmButton('此操作将删除该数据配置项, 是否继续?', '确定'));
    await expectToast('删除成功');
    await waitFor(() => expect(settingRows(root).length).toBe(2));
    expect((await loadSearchFields(DEMO_LIST)).some((s) => s.PARAM_NAME === 'reelId')).toBe(false);
  });

  it('deletes all rows after asking 此操作将全部删除配置项, 是否继续?: 删除成功', async () => {
    const u = user();
    const root = await openSettings();
    await u.click(buttonNamed('全部删除'));
    await u.click(await confirmButton('此操作将全部删除配置项, 是否继续?', '确定'));
    await expectToast('删除成功');
    await waitFor(() => expect(settingRows(root).length).toBe(0));
    expect(await loadSearchFields(DEMO_LIST)).toEqual([]);
  });

  it('does nothing when saving an empty grid', async () => {
    const u = user();
    const root = await openSettings();
    await u.click(buttonNamed('全部删除'));
    await u.click(await confirmButton('此操作将全部删除配置项, 是否继续?', '确定'));
    await waitFor(() => expect(settingRows(root).length).toBe(0));
    const saves = recordRequests('/ListParam/SaveData');
    await u.click(buttonNamed('保存'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(saves).toEqual([]);
    expect(screen.queryByText('保存成功')).toBeNull();
  });

  it('asks 检测到高级配置存在未保存项, 是否保存? when closed with unsaved edits; OK saves and closes', async () => {
    const u = user();
    await openSettings();
    await u.type(screen.getByRole('textbox', { name: '备注 1' }), '扫码枪输入');
    await u.click(screen.getByRole('button', { name: 'Close' }));
    await u.click(await confirmButton('检测到高级配置存在未保存项, 是否保存?', '确定'));
    await expectToast('保存成功');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '高级配置' })).toBeNull());
    expect((await loadSearchFields(DEMO_LIST)).find((s) => s.PARAM_NAME === 'reelId')?.REMARK).toBe('扫码枪输入');
  });

  it('closing with unsaved edits and answering 取消 drops them', async () => {
    const u = user();
    await openSettings();
    await u.type(screen.getByRole('textbox', { name: '备注 1' }), '扫码枪输入');
    await u.click(screen.getByRole('button', { name: 'Close' }));
    await u.click(await confirmButton('检测到高级配置存在未保存项, 是否保存?', '取消'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '高级配置' })).toBeNull());
    expect((await loadSearchFields(DEMO_LIST)).find((s) => s.PARAM_NAME === 'reelId')?.REMARK).toBeNull();
  });

  it('closes without asking when nothing changed', async () => {
    const u = user();
    await openSettings();
    await u.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '高级配置' })).toBeNull());
    expect(screen.queryByText('检测到高级配置存在未保存项, 是否保存?')).toBeNull();
  });

  it('offers row delete only with DeleteOne and delete-all only with SeniorSettingDeleteAll', async () => {
    await openSettings([GRID_BUTTON.settings]);
    expect(screen.queryByRole('button', { name: '删除 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: /全\s?部\s?删\s?除/ })).toBeNull();
  });
});

describe('settings drawer edits', () => {
  it('deleting one saved row keeps the unsaved edits of the others', async () => {
    const u = user();
    await openSettings();
    await u.type(screen.getByRole('textbox', { name: '备注 2' }), '待确认');
    await u.click(screen.getByRole('button', { name: '删除 1' }));
    await u.click(await confirmButton('此操作将删除该数据配置项, 是否继续?', '确定'));
    await expectToast('删除成功');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '备注 3' })).toBeNull());
    expect((screen.getByRole('textbox', { name: '备注 1' }) as HTMLInputElement).value).toBe('待确认');
  });

  it('a refused delete leaves the row in place', async () => {
    signIn('operator');
    const u = user();
    await openSettings();
    await u.click(screen.getByRole('button', { name: '删除 1' }));
    await u.click(await confirmButton('此操作将删除该数据配置项, 是否继续?', '确定'));
    await waitFor(() => expect(document.body.textContent).toContain('拒绝访问'));
    expect((screen.getByRole('textbox', { name: '参数标题 1' }) as HTMLInputElement).value).toBe('料盘号');
  });
});
