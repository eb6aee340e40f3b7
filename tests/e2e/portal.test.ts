/**
 * The portal designer on the real server (issue 21), in Chinese: ADMIN adds a scheme in 门户方案管理,
 * drags three cards from the card list onto the designer's grid with the mouse, widens one by its
 * resize handle, saves the layout, and makes the scheme the home page of a role in 首页配置; a user
 * of that role then logs in and sees the scheme's three cards as the home page.
 *
 * The role and its user are made through the calls (user administration has its own tests); the
 * home configuration row goes again at the end, so the other files' logins keep their homes.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_ORGANIZATIONS } from '../../server/db/seed/demo-data';
import { adminSessionPerFile } from './adminSession';
import { saveScreenshot } from './browser';
import { notice } from './gridPage';
import { apiSession } from './shellApi';
import { ADMIN, type DemoLogin, logIn, menuTitle, openScreen, VIEWPORT } from './shellPage';

const portalUrl = inject('portalUrl');
const RUN = Date.now().toString(36).toUpperCase();
const session = adminSessionPerFile(portalUrl);
const ROLE = `E2E门户角色 ${RUN}`;
/** Three of the starter cards (src/shared/portal/cards.ts): data cards of the organisation's own rows. */
const CARDS = [
  { code: 'STOCK_CATEGORY', title: '库存(按ABC分类)' },
  { code: 'IQC_PASS_RATE', title: '来料检验合格率' },
  { code: 'OPEN_BILLS', title: '未完成单据' },
] as const;

let api: Awaited<ReturnType<typeof apiSession>>;
let roleId = '';
let user: DemoLogin = { userName: `e2e_portal_${RUN.toLowerCase()}`, password: '', organization: DEMO_ORGANIZATIONS[0].OrganizeName, id: '' };

beforeAll(async () => {
  api = await apiSession(portalUrl, ADMIN);
  roleId = (await api<{ ID: string }>('/Role/AddOrModifySave', { ROLE_NAME: ROLE, ROLE_TYPE: 'NORMAL' })).ID;
  const made = await api<{ ID: string; Password: string | null }>('/User/AddOrModifySave', {
    USER_NAME: user.userName,
    NICK_NAME: `门户测试 ${RUN}`,
    ROLE_IDS: [roleId],
    ORGANIZE_IDS: [DEMO_ORGANIZATIONS[0].Id],
  });
  user = { ...user, password: made.Password ?? '', id: made.ID };
});

afterAll(async () => {
  // The role's home row goes: nothing of this file stays in the shared server's homes.
  if (!api || !roleId) return;
  const config = await api<{ Rows: { Id: string; TargetId: string }[] }>('/HomeConfig/LoadData', {});
  for (const row of config.Rows.filter((r) => r.TargetId === roleId)) await api('/HomeConfig/Delete', { Id: row.Id });
});

/** Drags `source` onto `target` at (dx, dy) from the target's top-left corner, with the mouse, in steps as a hand does. */
async function dragWithMouse(page: Page, source: Locator, target: Locator, dx: number, dy: number) {
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + dx, to.y + dy, { steps: 12 });
  await page.mouse.move(to.x + dx + 2, to.y + dy + 2, { steps: 2 });
  await page.mouse.up();
}

test('a scheme designed by dragging three cards and assigned to a role is that role’s home page', async () => {
  const page = session.page;
  const SCHEME = `E2E看板 ${Date.now().toString(36).toUpperCase()}`;
  await openScreen(page, menuTitle('Report').zh, menuTitle('ReportPortalScheme').zh);
  const schemes = page.getByTestId('portal-scheme-page');
  await schemes.getByTestId('portal-scheme-add').click();
  const form = page.getByRole('dialog', { name: '新增方案' });
  await form.getByLabel('方案名称').fill(SCHEME);
  await form.getByRole('button', { name: /^确\s?定$/ }).click();
  await notice(page, '方案已保存').first().waitFor();
  const row = schemes.locator('.ant-table-row').filter({ hasText: SCHEME });
  await row.getByRole('button', { name: '设计' }).click();

  const designer = page.getByTestId('portal-designer');
  const grid = designer.locator('.portal-design-grid');
  await grid.locator('.react-grid-layout').waitFor();
  // Each card from the list onto the grid, side by side on the first row: a dropped card (4 × 4 of the
  // 12 columns, 40 px rows) is centred on the mouse, so each is let go at the middle of its third.
  // On a CPU slowed 8 times, as a busy machine is: there react-grid-layout's drop could come before its
  // drag-over had rendered, and a pink placeholder stayed where the card should be (PortalDesigner's onDrop).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  for (const [index, card] of CARDS.entries()) {
    const box = (await grid.boundingBox())!;
    await dragWithMouse(page, designer.getByTestId(`portal-free-${card.code}`), grid, (box.width * (2 * index + 1)) / 6, 105);
    try {
      await designer.getByTestId(`portal-placed-${card.code}`).waitFor({ timeout: 15_000 });
    } catch (error) {
      const shot = await saveScreenshot(page, `portal-drop-${card.code}`);
      throw new Error(`${card.code} not placed; grid ${JSON.stringify(box)}, viewport ${JSON.stringify(page.viewportSize())}, screenshot ${shot}`, { cause: error });
    }
    await designer.getByTestId(`portal-free-${card.code}`).waitFor({ state: 'detached' });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  // The first card made taller by its resize handle (bottom right): two rows more than the 4 it came with.
  const first = designer.getByTestId(`portal-placed-${CARDS[0].code}`);
  await first.hover();
  const handle = first.locator('.react-resizable-handle');
  const handleBox = (await handle.boundingBox())!;
  await page.mouse.move(handleBox.x + handleBox.width / 2, handleBox.y + handleBox.height / 2);
  await page.mouse.down();
  await page.mouse.move(handleBox.x + handleBox.width / 2, handleBox.y + handleBox.height / 2 + 110, { steps: 10 });
  await page.mouse.up();
  await expect.poll(() => first.textContent()).toMatch(/× 6$/);

  await designer.getByTestId('portal-design-save').click();
  await notice(page, '布局已保存').first().waitFor();
  await designer.getByRole('button', { name: '返回列表' }).click();
  await expect.poll(() => row.locator('td').nth(1).textContent()).toBe('3');

  // 首页配置: the role's home is the scheme.
  await openScreen(page, menuTitle('Warehouse').zh, menuTitle('WarehouseHomeConfig').zh);
  const config = page.getByTestId('home-config-page');
  await config.getByTestId('home-config-add').click();
  const homeForm = page.getByRole('dialog', { name: '首页配置' });
  await homeForm.getByRole('combobox').first().click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: ROLE }).click();
  await homeForm.getByRole('combobox').nth(1).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: SCHEME }).click();
  await homeForm.getByRole('button', { name: /^确\s?定$/ }).click();
  await notice(page, '首页配置已保存').first().waitFor();
  await config.locator('.ant-table-row').filter({ hasText: ROLE }).filter({ hasText: `方案：${SCHEME}` }).waitFor();

  // The role's user logs in: the home page is the scheme, its three cards where the designer put them.
  const context = await session.browser.newContext({ viewport: VIEWPORT });
  try {
    const userPage = await context.newPage();
    await logIn(userPage, portalUrl, user);
    const home = userPage.getByTestId('portal-home');
    await home.waitFor();
    for (const card of CARDS) {
      await home.getByTestId(`portal-home-item-${card.code}`).getByText(card.title, { exact: true }).waitFor();
    }
    expect(await home.locator('[data-testid^="portal-home-item-"]').count()).toBe(3);
    const boxes = await Promise.all(CARDS.map((card) => home.getByTestId(`portal-home-item-${card.code}`).boundingBox()));
    // Side by side on one row, left to right in the order they were dropped; the first one taller.
    expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
    expect(boxes[1]!.x).toBeLessThan(boxes[2]!.x);
    expect(Math.abs(boxes[0]!.y - boxes[2]!.y)).toBeLessThan(5);
    expect(boxes[0]!.height).toBeGreaterThan(boxes[1]!.height);
  } finally {
    await context.close();
  }
});
