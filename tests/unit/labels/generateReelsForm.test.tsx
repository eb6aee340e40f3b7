/**
 * 生成条码 on the reel grid (issue 17, spec §2 reel generation; the mocks): the form refuses a
 * missing part, a bad quantity and a count beyond 500 without calling; filled in, it calls
 * Reel/Generate with what was typed, the new reels appear in the grid, and the offer to print their
 * labels opens the label preview for exactly those reels; a part or vendor the rules refuse is marked on
 * its field. The edit dialog changes a reel's lot and shows the change in its history.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import { reelLabelsPage } from '../../../src/shared/pages/reel-labels';
import ReelLabelsPage from '../../../src/features/stock/pages/ReelLabelsPage';
import { buttonText, cellTexts, expectToast, modalTitled, recordRequests, renderInRouter, resetGridTestState, signIn, waitForRows } from '../grid/gridTestKit';
import { expectFieldMarked, fieldErrors } from '../fieldMarks';
import { menuPageRoute } from '../menuRoutes';

vi.setConfig({ testTimeout: 30_000 });

const user = () => userEvent.setup({ delay: null });

const route = menuPageRoute(reelLabelsPage.menuCode, reelLabelsPage.link, reelLabelsPage.title['zh-chs'], reelLabelsPage.title.en);

function renderPage() {
  signIn('ADMIN');
  renderInRouter(
    <MenuRouteContext.Provider value={route}>
      <ReelLabelsPage />
    </MenuRouteContext.Provider>,
    reelLabelsPage.link,
  );
}

/** The page with its rows, and the generate-reels dialog opened from its toolbar. */
async function openGenerateForm(u: ReturnType<typeof user>) {
  renderPage();
  await waitForRows();
  await u.click(screen.getByTestId('generate-reels'));
  return modalTitled('生成条码（无单据）');
}

beforeEach(async () => {
  await resetGridTestState();
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:labels'), revokeObjectURL: vi.fn() });
});
afterEach(() => vi.restoreAllMocks());

describe('生成条码: reels without a bill', () => {
  it('refuses a missing part, a bad quantity and more than 500 reels without calling', async () => {
    const calls = recordRequests('/Reel/Generate');
    const u = user();
    const form = await openGenerateForm(u);
    await u.type(within(form).getByLabelText('每盘数量'), '0');
    const count = within(form).getByLabelText('盘数');
    await u.clear(count);
    await u.type(count, '501');
    await u.click(within(form).getByRole('button', { name: buttonText('生成条码') }));
    await within(form).findByText('请输入料号');
    // antd validates each field on its own tick: under load the later messages come after the first one.
    await within(form).findByText('每盘数量须为大于 0 的数字');
    await within(form).findByText('盘数须为 1 到 500 的整数');
    expect(calls).toEqual([]);
  });

  it('generates the reels typed, shows them in the grid and offers their labels', async () => {
    const calls = recordRequests('/Reel/Generate');
    const reads = recordRequests('/ListParam/QueryData');
    const u = user();
    const form = await openGenerateForm(u);
    const readsBefore = reads.length;
    await u.type(within(form).getByLabelText('料号'), 'P0001');
    await u.type(within(form).getByLabelText('每盘数量'), '2500');
    const count = within(form).getByLabelText('盘数');
    await u.clear(count);
    await u.type(count, '3');
    await u.type(within(form).getByLabelText('批次'), 'LOT-U1');
    await u.type(within(form).getByLabelText('生产周期'), '2547');
    await u.click(within(form).getByRole('button', { name: buttonText('生成条码') }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ PartCode: 'P0001', Qty: '2500', Count: 3, LotCode: 'LOT-U1', DateCode: '2547' });
    await expectToast('已生成 3 个条码');

    // The offer to print: its labels are exactly the new reels.
    const offer = await screen.findByText('打印这些条码的标签？');
    const confirm = offer.closest('.ant-modal') as HTMLElement;
    await u.click(within(confirm).getByRole('button', { name: buttonText('打印标签') }));
    const dialog = await modalTitled('打印标签（3 个条码）');
    expect(await within(dialog).findByTestId('label-preview')).toBeTruthy();
    // The grid reads its rows again (the new reels are among them).
    await waitFor(() => expect(reads.length).toBeGreaterThan(readsBefore));
  });

  it('marks a vendor that does not exist on its field, not in a toast; the mark goes once the vendor is changed', async () => {
    const u = user();
    const form = await openGenerateForm(u);
    await u.type(within(form).getByLabelText('料号'), 'P0001');
    await u.keyboard('{Escape}');
    await u.type(within(form).getByLabelText('供应商'), 'NO-SUCH-VENDOR');
    await u.keyboard('{Escape}');
    await u.type(within(form).getByLabelText('每盘数量'), '100');
    await u.click(within(form).getByRole('button', { name: buttonText('生成条码') }));
    await expectFieldMarked(form, '供应商', '供应商 NO-SUCH-VENDOR 不存在');
    expect((within(form).getByLabelText('料号') as HTMLInputElement).value).toBe('P0001');
    // The vendor field has no rules of its own: the server's mark goes when it is changed, not at the next save.
    await u.type(within(form).getByLabelText('供应商'), 'X');
    await waitFor(() => expect(fieldErrors(form, '供应商')).toEqual([]));
  });

  it('edits a reel\'s lot and shows the change in its history', async () => {
    const calls = recordRequests('/Reel/Update');
    const u = user();
    renderPage();
    const [first] = await waitForRows();
    const code = cellTexts(first!).find((text) => text.trim().length > 3)!;
    await u.click(within(first!).getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: buttonText('编辑') }));
    const dialog = await modalTitled(`编辑条码 ${code}`);
    await within(dialog).findByTestId('reel-edit-facts');
    const lot = within(dialog).getByLabelText('批次');
    await u.clear(lot);
    await u.type(lot, 'LOT-EDITED');
    await u.click(within(dialog).getByRole('button', { name: buttonText('保存') }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ ReelCode: code, LotCode: 'LOT-EDITED' });
    await expectToast(`条码 ${code} 已修改`);
    // Opened again, its history shows the change.
    await waitFor(() => expect(document.querySelector('[data-testid="reel-history"]')).toBeNull());
    await u.click(screen.getByRole('button', { name: buttonText('编辑') }));
    const again = await modalTitled(`编辑条码 ${code}`);
    const history = await within(again).findByTestId('reel-history');
    await waitFor(() => expect(history.textContent).toContain('LOT-EDITED'));
    expect(history.textContent).toContain('批次');
  });
});
