/**
 * Administration end to end on the real server (issue 5): as ADMIN create a role that sees only
 * two screens and one button, and a user with that role; that user, in a fresh browser profile,
 * sees exactly those screens and that button, and a direct address of another screen is no screen
 * of theirs; ADMIN locks the user, and the user's next click logs them out.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './browser';
import { ADMIN, arrived, loggedInPage, menuTitle, openScreen, panel, pickInForm as pick, rootButton, rootButtons, visibleText, type DemoLogin } from './shellPage';

const portalUrl = inject('portalUrl');

const ADMINISTRATION = menuTitle('Admin').zh;
const USERS = menuTitle('AdminUser').zh;
const ROLES = menuTitle('AdminRole').zh;
const FRONT_LOG = menuTitle('FrontLog').zh;
const PDA_MENUS = menuTitle('AdminPdaMenu').zh;
const WAREHOUSE = menuTitle('Warehouse').zh;
const ROLE_NAME = '两屏一钮角色';
const USER: DemoLogin = { userName: 'e2e_limited', password: 'limited-1', organization: ADMIN.organization, id: '' };

let browser: Browser;
let admin: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await loggedInPage(browser, portalUrl, ADMIN);
});

afterAll(async () => {
  await browser?.close();
});

const OK = /^确\s*[定认]$|^OK$/;

/** Ticks the checkbox of the permission-tree node showing this text. */
async function tick(page: Page, drawer: Locator, text: string) {
  await drawer.locator('.ant-tree-treenode').filter({ has: page.getByText(text, { exact: true }) }).locator('.ant-tree-checkbox').click();
}

test('a role with two screens and one button is exactly what its user gets, and locking the user logs them out', async () => {
  // ADMIN: the role and its permissions (the user screen and the front-end log, and the Lock button).
  await openScreen(admin, ADMINISTRATION, ROLES);
  await admin.getByRole('button', { name: /新\s*增/ }).click();
  const roleForm = await arrived(admin.getByRole('dialog'));
  await roleForm.getByLabel('角色名称').fill(ROLE_NAME);
  await roleForm.getByRole('button', { name: OK }).click();
  await roleForm.waitFor({ state: 'hidden' });
  await admin.getByRole('row', { name: new RegExp(ROLE_NAME) }).getByRole('button', { name: /分配权限/ }).click();
  const drawer = admin.locator('.ant-drawer-content');
  await drawer.getByText(USERS, { exact: true }).waitFor();
  await tick(admin, drawer, USERS);
  await tick(admin, drawer, FRONT_LOG);
  await tick(admin, drawer, '锁定/解锁 (Lock)');
  await saveScreenshot(admin, 'admin-role-permissions');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await drawer.waitFor({ state: 'hidden' });

  // ADMIN: the user with that role.
  await openScreen(admin, ADMINISTRATION, USERS);
  await admin.getByRole('button', { name: /新\s*增/ }).click();
  const userForm = await arrived(admin.getByRole('dialog'));
  await userForm.getByLabel('用户名').fill(USER.userName);
  await userForm.getByLabel('姓名').fill('受限用户');
  await pick(admin, userForm, '角色', ROLE_NAME);
  // Roles are a multiple choice too: close its list before the next one.
  await userForm.locator('.ant-modal-title').click();
  await pick(admin, userForm, '组织', '一厂 (F01)');
  // Leave the multiple choice (its list stays open) by clicking the dialog's title.
  await userForm.locator('.ant-modal-title').click();
  await userForm.getByLabel('密码').fill(USER.password);
  await userForm.getByRole('button', { name: OK }).click();
  await userForm.waitFor({ state: 'hidden' });
  await admin.getByRole('cell', { name: USER.userName, exact: true }).waitFor();

  // The user, in a fresh profile: exactly those screens and that one button.
  const user = await loggedInPage(browser, portalUrl, USER);
  expect(await rootButtons(user).allTextContents()).toEqual(['首页', ADMINISTRATION, FRONT_LOG]);
  await rootButton(user, ADMINISTRATION).click();
  expect(await panel(user).getByRole('menuitem').allTextContents()).toEqual([USERS]);
  await openScreen(user, ADMINISTRATION, USERS);
  const ownRow = user.getByRole('row', { name: new RegExp(USER.userName) });
  await ownRow.getByRole('button', { name: /锁\s*定/ }).waitFor();
  // Row actions are icon buttons named by their label (aria-label, tooltip).
  expect(await ownRow.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))).toEqual(['锁定']);
  expect(await user.getByRole('button', { name: /新\s*增|导\s*出/ }).count()).toBe(0);
  await saveScreenshot(user, 'admin-limited-user');

  // A screen of another menu, by its address: not one of theirs.
  await user.goto(`${portalUrl}/admin/role`);
  await user.getByText('拒绝访问：您的角色没有此页面的权限。').waitFor();
  expect(await visibleText(user, ROLE_NAME).count()).toBe(0);
  await user.goto(`${portalUrl}/index`);
  await rootButtons(user).first().waitFor();

  // ADMIN locks the user; the user's next request ends at the login page. That request is the user's next
  // click, or a background refetch (react-query refetches when the window regains focus) if it comes first:
  // either way the user must land on the login page, so the clicks may find the menu already gone.
  const row = admin.getByRole('row', { name: new RegExp(USER.userName) });
  await row.getByRole('button', { name: /锁\s*定/ }).click();
  await (await arrived(admin.locator('.ant-popover'))).getByRole('button', { name: /确\s*定|OK/ }).click();
  await row.getByText('已锁定').waitFor();
  const atLogin = user.waitForURL(/\/login/);
  const nextClick = (async () => {
    await rootButton(user, ADMINISTRATION).click();
    await panel(user).getByRole('menuitem', { name: USERS, exact: true }).click();
  })();
  await Promise.any([atLogin, nextClick]);
  await atLogin;
  await user.locator('#login_userName').waitFor();
});

test("a user with two roles sees both roles' menus; the user's own menus, the PDA menus and the roles' PDA trees", async () => {
  const twoRoles: DemoLogin = { userName: 'e2e_two_roles', password: 'two-roles-1', organization: ADMIN.organization, id: '' };
  // ADMIN: a user with the limited role of the first test and the seeded warehouse operator role.
  await openScreen(admin, ADMINISTRATION, USERS);
  await admin.getByRole('button', { name: /新\s*增/ }).click();
  const userForm = await arrived(admin.getByRole('dialog'));
  await userForm.getByLabel('用户名').fill(twoRoles.userName);
  await userForm.getByLabel('姓名').fill('两个角色');
  await pick(admin, userForm, '角色', ROLE_NAME);
  await admin.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('仓库操作员', { exact: true }).click();
  await userForm.locator('.ant-modal-title').click();
  await pick(admin, userForm, '组织', '一厂 (F01)');
  await userForm.locator('.ant-modal-title').click();
  await userForm.getByLabel('密码').fill(twoRoles.password);
  await userForm.getByRole('button', { name: OK }).click();
  await userForm.waitFor({ state: 'hidden' });
  const row = admin.getByRole('row', { name: new RegExp(twoRoles.userName) });
  await row.getByText('仓库操作员', { exact: true }).waitFor();
  await row.getByText(ROLE_NAME, { exact: true }).waitFor();
  await saveScreenshot(admin, 'admin-user-two-roles');

  // The user's own menus: what the roles give is fixed; the PDA tree is there too.
  await row.getByRole('button', { name: /菜单授权/ }).click();
  const menusDrawer = admin.locator('.ant-drawer-content').filter({ hasText: `菜单授权：${twoRoles.userName}` });
  await menusDrawer.getByText(USERS, { exact: true }).waitFor();
  await saveScreenshot(admin, 'admin-user-menus');
  await menusDrawer.getByText('PDA菜单', { exact: true }).click();
  await menusDrawer.getByText('收货扫描', { exact: true }).waitFor();
  await saveScreenshot(admin, 'admin-user-menus-pda');
  await menusDrawer.locator('.ant-drawer-close').click();

  // The user: the menus of both roles.
  const user = await loggedInPage(browser, portalUrl, twoRoles);
  const roots = await rootButtons(user).allTextContents();
  expect(roots).toEqual(expect.arrayContaining([ADMINISTRATION, WAREHOUSE, FRONT_LOG]));
  await rootButton(user, ADMINISTRATION).click();
  expect(await panel(user).getByRole('menuitem').allTextContents()).toEqual([USERS]);
  await saveScreenshot(user, 'admin-two-roles-user');
  await user.close();

  // ADMIN: the PDA menu configuration screen and the PDA tree of the role permission screen.
  await openScreen(admin, ADMINISTRATION, PDA_MENUS);
  await admin.getByText('拆盘 · PdaReelSplit').waitFor();
  await saveScreenshot(admin, 'admin-pda-menus');
  await openScreen(admin, ADMINISTRATION, ROLES);
  await admin.getByRole('row', { name: /仓库操作员/ }).getByRole('button', { name: /分配权限/ }).click();
  const drawer = admin.locator('.ant-drawer-content').filter({ hasText: '仓库操作员' });
  await drawer.getByRole('tab', { name: 'PDA菜单' }).click();
  const split = drawer.locator('.ant-tree-treenode').filter({ has: admin.getByText('拆盘', { exact: true }) });
  await split.locator('.ant-tree-checkbox-checked').waitFor();
  await drawer.getByRole('tab', { name: '平板菜单' }).click();
  await drawer.getByText('叫料', { exact: true }).waitFor();
  await saveScreenshot(admin, 'admin-role-pad-tree');
  await drawer.getByRole('tab', { name: 'PDA菜单' }).click();
  await saveScreenshot(admin, 'admin-role-pda-tree');
});
