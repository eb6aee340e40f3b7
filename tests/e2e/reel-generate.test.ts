/**
 * Reels without a bill and reel editing on the real server, in Chromium (issue 17, spec §2): on the
 * reel barcode generation screen, 生成条码 makes three reels of a part (found by its code's start) and a
 * vendor (by a piece of its name) with a lot, the offer to print
 * opens their label preview; the edit dialog of one changes its lot, and its history shows the
 * change. Screenshots go to tests/e2e/artifacts/.
 */
import { expect, inject, test } from 'vitest';
import { adminSessionPerFile } from './adminSession';
import { buttonLabelled, grid, notice } from './gridPage';
import { apiSession } from './shellApi';
import { arrived, ADMIN, menuTitle, openScreen, saveSettledScreenshot } from './shellPage';

const portalUrl = inject('portalUrl');
const session = adminSessionPerFile(portalUrl);
const RUN = Date.now().toString(36).toUpperCase().slice(-5);

test('生成条码 makes reels and offers their labels; a reel\'s lot is edited with its history', async () => {
  const { page } = session;
  await openScreen(page, menuTitle('Reel').zh, menuTitle('ReelGenerate').zh);
  await grid(page).waitFor();
  await page.getByTestId('generate-reels').filter({ visible: true }).click();
  const form = page.getByRole('dialog', { name: '生成条码（无单据）' });
  await form.waitFor();
  // The part and the vendor as a clerk finds them: by the start of a code, by a piece of a name.
  const suggestion = (text: string) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text });
  await form.getByLabel('料号', { exact: true }).fill('CAP-0000');
  await suggestion('CAP-00008 贴片电容').click();
  await expect.poll(() => form.getByLabel('料号', { exact: true }).inputValue()).toBe('CAP-00008');
  await form.getByLabel('供应商', { exact: true }).fill('国巨供应商1有限');
  await suggestion('V0001 国巨供应商1有限公司').click();
  await expect.poll(() => form.getByLabel('供应商', { exact: true }).inputValue()).toBe('V0001');
  await form.getByLabel('每盘数量', { exact: true }).fill('2500');
  await form.getByLabel('盘数', { exact: true }).fill('3');
  await form.getByLabel('批次', { exact: true }).fill(`GEN-${RUN}`);
  await form.getByLabel('生产周期', { exact: true }).fill('2547');
  await saveSettledScreenshot(page, 'reel-generate-form');
  await buttonLabelled(form, '生成条码').click();
  await notice(page, '已生成 3 个条码').waitFor();
  const offer = await arrived(page.locator('.ant-modal-confirm').filter({ hasText: '打印这些条码的标签？' }));
  await buttonLabelled(offer, '打印标签').click();
  const preview = page.getByRole('dialog', { name: '打印标签（3 个条码）' });
  await preview.getByTestId('label-preview').waitFor();
  await saveSettledScreenshot(page, 'reel-generate-labels');
  await buttonLabelled(preview, '关闭').first().click();
  await preview.waitFor({ state: 'hidden' });

  // The reels are CREATED with the lot typed; one of them gets another lot through the edit dialog.
  const api = await apiSession(portalUrl, ADMIN);
  const row = grid(page).locator('.ant-table-row').filter({ hasText: `GEN-${RUN}` }).first();
  await row.waitFor();
  const code = (await row.locator('.ant-table-cell').allTextContents()).find((text) => /^REEL\d{12}-\d+$/.test(text.trim()))!.trim();
  await row.getByRole('checkbox').check();
  await buttonLabelled(grid(page), '编辑').click();
  const dialog = page.getByRole('dialog', { name: `编辑条码 ${code}` });
  await dialog.getByTestId('reel-edit-facts').waitFor();
  await expect.poll(() => dialog.getByLabel('批次', { exact: true }).inputValue()).toBe(`GEN-${RUN}`);
  await dialog.getByLabel('批次', { exact: true }).fill(`GEN-${RUN}-B`);
  await buttonLabelled(dialog, '保存').click();
  await notice(page, `条码 ${code} 已修改`).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  const read = await api<{ LotCode: string; Status: string }>(`/Reel/Get?reelCode=${encodeURIComponent(code)}`, undefined, 'GET');
  expect([read.LotCode, read.Status]).toEqual([`GEN-${RUN}-B`, 'CREATED']);

  await buttonLabelled(grid(page), '编辑').click();
  const again = page.getByRole('dialog', { name: `编辑条码 ${code}` });
  await expect.poll(() => again.getByTestId('reel-history').textContent()).toContain(`GEN-${RUN} → GEN-${RUN}-B`);
  await saveSettledScreenshot(page, 'reel-edit-history');
});
