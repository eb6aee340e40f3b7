/**
 * The shell on the real server (spec §2 shell layout, tabs; §4 tabs, menu aside): the seeded role
 * menu in the aside, screens opened as tabs, keep-alive, refresh, drag, the tab context menu,
 * tabs surviving a reload. One administrator login for the whole file; each test starts from
 * Home alone.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_CHILD_APPS, DEMO_MENUS } from '../../server/db/seed/demo-data';
import { pageRegistry } from '../../src/app/pageRegistry';
import { launchBrowser } from './browser';
import {
  ADMIN,
  activeTab,
  activateTab,
  contextMenu,
  loggedInPage,
  menuTitle,
  openContextMenu,
  openScreen,
  panel,
  rootButton,
  rootButtons,
  startWithHomeOnly,
  tab,
  tabCloseButton,
  tabMenuAction,
  tabTitles,
  tabsBar,
  visibleText,
  saveSettledScreenshot,
} from './shellPage';

const portalUrl = inject('portalUrl');

const ADMINISTRATION = menuTitle('Admin').zh;
const USERS = menuTitle('AdminUser').zh;
const ROLES = menuTitle('AdminRole').zh;
const MENUS = menuTitle('AdminMenu').zh;
const FRONT_LOG = menuTitle('FrontLog').zh;
/**
 * A menu screen whose page is not built yet. Every seeded screen has its page now, so the menu the server
 * answers gets one more item under 仓库管理 for this test (the client alone decides what such an item shows).
 */
const UNBUILT = { root: menuTitle('Warehouse').zh, title: '未建页面', code: 'E2eUnbuilt', link: '/warehouse/not-built-e2e' };
const UNBUILT_ROOT_CODE = 'Warehouse';
const HOME = '首页';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await loggedInPage(browser, portalUrl, ADMIN);
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  await startWithHomeOnly(page, portalUrl, ADMIN.id);
});

/** Users, roles and the front-end log: three screens, the last one with a text input. */
async function openThreeScreens() {
  await openScreen(page, ADMINISTRATION, USERS);
  await openScreen(page, ADMINISTRATION, ROLES);
  await rootButton(page, FRONT_LOG).click();
  await activeTab(page).filter({ hasText: FRONT_LOG }).waitFor();
}

const logFilter = () => page.getByLabel('筛选日志（内容、用户、地址）');

describe('side menu', () => {
  test("shows Home followed by the role's enabled roots in their order, without SCM or disabled items", async () => {
    const seededRoots = DEMO_MENUS.filter((menu) => menu.Parent_Id === null && menu.ENABLED === 'Y')
      .sort((a, b) => a.SORT_NUM - b.SORT_NUM)
      .map((menu) => menu.Menu_Name);
    expect(await rootButtons(page).allTextContents()).toEqual([HOME, ...seededRoots]);

    await rootButton(page, menuTitle('ChildApps').zh).click();
    expect(await panel(page).getByRole('menuitem').allTextContents()).toEqual([menuTitle('DemoChildHome').zh]);
  });

  test('clicking a root opens its second-level screens; clicking it again collapses the aside', async () => {
    await rootButton(page, ADMINISTRATION).click();
    const adminScreens = DEMO_MENUS.filter((menu) => menu.Parent_Id === 'menu-Admin').map((menu) => menu.Menu_Name);
    expect(await panel(page).getByRole('menuitem').allTextContents()).toEqual(adminScreens);
    await saveSettledScreenshot(page, 'shell-zh-classic-aside-expanded');

    await rootButton(page, ADMINISTRATION).click();
    await panel(page).waitFor({ state: 'detached' });
    await saveSettledScreenshot(page, 'shell-zh-classic-aside-collapsed');
  });

  test('a screen whose page is not built yet shows the module-not-found page inside the shell', async () => {
    expect(UNBUILT.link.slice(1) in pageRegistry).toBe(false);
    await page.route(/\/api\/Role\/LoadMenusByRoleId/, async (route) => {
      const response = await route.fetch();
      type MenuItem = { Menu_Code: string; children?: MenuItem[] } & Record<string, unknown>;
      const answer = (await response.json()) as { data: MenuItem[] };
      const root = answer.data.find((item) => item.Menu_Code === UNBUILT_ROOT_CODE)!;
      const sibling = root.children!.find((child) => !child.children?.length)!;
      root.children!.push({ ...sibling, Id: 'menu-e2e-unbuilt', Menu_Code: UNBUILT.code, Menu_Name: UNBUILT.title, MENU_EN: 'Not built', Link_Url: UNBUILT.link, children: [] });
      await route.fulfill({ response, json: answer });
    });
    await page.reload();
    await tabsBar(page).waitFor();
    await openScreen(page, UNBUILT.root, UNBUILT.title);
    await visibleText(page, '模块未找到').waitFor();
    expect(await tabTitles(page)).toEqual([HOME, UNBUILT.title]);
    await page.unroute(/\/api\/Role\/LoadMenusByRoleId/);
  });

  test('an address that is neither a static route nor a menu screen shows the 404 page', async () => {
    await page.goto(`${portalUrl}/no/such/screen`);
    await page.getByText('抱歉，您访问的页面不存在。').waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(`${portalUrl}/index`);
  });
});

describe('tabs', () => {
  test('opening three screens from the menu shows them as tabs after Home, the last one active', async () => {
    await openThreeScreens();
    expect(await tabTitles(page)).toEqual([HOME, USERS, ROLES, FRONT_LOG]);
    expect(await activeTab(page).textContent()).toBe(FRONT_LOG);
    expect(new URL(page.url()).pathname).toBe('/log');
  });

  test('text typed on a screen is still there after switching to another tab and back', async () => {
    await openThreeScreens();
    await logFilter().fill('timeout');
    await activateTab(page, USERS);
    // The user screen's search form.
    await visibleText(page, '关键字').waitFor();

    await activateTab(page, FRONT_LOG);
    expect(await logFilter().inputValue()).toBe('timeout');
  });

  test("refreshing a tab from its context menu clears what was typed on it and stays on it", async () => {
    await openThreeScreens();
    await logFilter().fill('timeout');

    await tabMenuAction(page, FRONT_LOG, '刷新');
    await page.waitForURL(`${portalUrl}/log`);
    await expect.poll(() => logFilter().inputValue()).toBe('');
    expect(await activeTab(page).textContent()).toBe(FRONT_LOG);
  });

  test('dragging a tab onto another moves it to that place', async () => {
    await openThreeScreens();
    await tabsBar(page).locator('.ant-tabs-tab', { hasText: FRONT_LOG }).dragTo(tabsBar(page).locator('.ant-tabs-tab', { hasText: USERS }));
    await expect.poll(() => tabTitles(page)).toEqual([HOME, FRONT_LOG, USERS, ROLES]);
  });

  test('closing the active tab with its × moves to the next tab, or the previous one when it was last', async () => {
    await openThreeScreens();
    await activateTab(page, USERS);
    await tabCloseButton(page, USERS).click();
    await activeTab(page).filter({ hasText: ROLES }).waitFor();

    await activateTab(page, FRONT_LOG);
    await tabCloseButton(page, FRONT_LOG).click();
    await activeTab(page).filter({ hasText: ROLES }).waitFor();
    expect(await tabTitles(page)).toEqual([HOME, ROLES]);
  });

  test('after a browser reload the same tabs are open, in the same order', async () => {
    await openThreeScreens();
    await page.reload();
    await tabsBar(page).waitFor();
    await expect.poll(() => tabTitles(page)).toEqual([HOME, USERS, ROLES, FRONT_LOG]);
    expect(await activeTab(page).textContent()).toBe(FRONT_LOG);
  });

  test('a screen opened by its address (a bookmark) gets a tab that is still there after a reload', async () => {
    await page.goto(`${portalUrl}/admin/role`);
    await activeTab(page).filter({ hasText: ROLES }).waitFor();
    await page.reload();
    await activeTab(page).filter({ hasText: ROLES }).waitFor();
    expect(await tabTitles(page)).toEqual([HOME, ROLES]);
  });
});

describe('tab context menu', () => {
  test('offers refresh, close left, close right, close others and close all', async () => {
    await openThreeScreens();
    await openContextMenu(page, tab(page, ROLES));
    expect(await contextMenu(page).getByRole('menuitem').allTextContents()).toEqual(['刷新', '关闭左侧', '关闭右侧', '关闭其他', '关闭全部']);
    await saveSettledScreenshot(page, 'shell-zh-classic-tab-context-menu');
    await page.keyboard.press('Escape');
  });

  test('on the Home tab offers only close all', async () => {
    await openThreeScreens();
    await openContextMenu(page, tab(page, HOME));
    expect(await contextMenu(page).getByRole('menuitem').allTextContents()).toEqual(['关闭全部']);
    await page.keyboard.press('Escape');
  });

  test('opens from the keyboard on a focused tab, and arrows and Enter choose an entry', async () => {
    await openThreeScreens();
    await tab(page, USERS).focus();
    await page.keyboard.press('Shift+F10');
    await contextMenu(page).waitFor();
    // The menu takes focus a moment after it shows; keys pressed before that go to the tab.
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.ant-dropdown-menu'))))
      .toBe(true);
    // Arrow down to 关闭右侧, one key at a time: each press waits for the focus to move (under load the
    // menu's first focused entry can arrive late, so a fixed count of presses could land elsewhere).
    const focusedEntry = () => page.evaluate(() => document.activeElement?.closest('[role="menuitem"]')?.textContent ?? '');
    for (let presses = 0; (await focusedEntry()) !== '关闭右侧'; presses++) {
      expect(presses).toBeLessThan(6);
      const before = await focusedEntry();
      await page.keyboard.press('ArrowDown');
      await expect.poll(focusedEntry).not.toBe(before);
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => tabTitles(page)).toEqual([HOME, USERS]);
  });

  test('close left keeps Home, the tab and the tabs to its right', async () => {
    await openThreeScreens();
    await tabMenuAction(page, ROLES, '关闭左侧');
    expect(await tabTitles(page)).toEqual([HOME, ROLES, FRONT_LOG]);
  });

  test('close right keeps Home, the tabs to its left and the tab itself', async () => {
    await openThreeScreens();
    await tabMenuAction(page, USERS, '关闭右侧');
    expect(await tabTitles(page)).toEqual([HOME, USERS]);
    // The active tab was closed: the chosen one takes over.
    await activeTab(page).filter({ hasText: USERS }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/user');
  });

  test('close others keeps only Home and the tab', async () => {
    await openThreeScreens();
    await tabMenuAction(page, ROLES, '关闭其他');
    expect(await tabTitles(page)).toEqual([HOME, ROLES]);
  });

  test('close all leaves only Home, and Home is shown', async () => {
    await openThreeScreens();
    await tabMenuAction(page, USERS, '关闭全部');
    expect(await tabTitles(page)).toEqual([HOME]);
    await page.waitForURL(`${portalUrl}/index`);
  });
});

describe('language', () => {
  test('switching to English changes the menus, the tabs, the buttons and the window title', async () => {
    await openScreen(page, ADMINISTRATION, MENUS);
    expect(await page.title()).toBe(`工厂仓储管理平台 - ${MENUS}`);

    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();

    await rootButton(page, menuTitle('Admin').en).waitFor();
    expect(await tabTitles(page)).toEqual(['Home', menuTitle('AdminMenu').en]);
    expect(await panel(page).getByRole('menuitem').first().textContent()).toBe(menuTitle('AdminUser').en);
    await page.getByRole('button', { name: 'Theme settings' }).waitFor();
    expect(await page.title()).toBe(`Plant Warehouse Portal - ${menuTitle('AdminMenu').en}`);
    await saveSettledScreenshot(page, 'shell-en-classic-aside-expanded');
  });
});

describe('static routes', () => {
  test('the child-app host loads the app named by the path and tells it the path inside the app', async () => {
    await rootButton(page, menuTitle('ChildApps').zh).click();
    await panel(page).getByRole('menuitem', { name: menuTitle('DemoChildHome').zh }).click();
    await page.waitForURL(`${portalUrl}/micro/DEMO/demo/home`);
    const frame = page.frameLocator(`iframe[title="${DEMO_CHILD_APPS[0].Name}"]`);
    await expect.poll(() => frame.locator('#inner-path').textContent(), { timeout: 15_000 }).toBe('/demo/home');
  });

  test('/frameOut shows a screen with the header but without the aside and tabs', async () => {
    await page.goto(`${portalUrl}/frameOut/log`);
    await page.getByLabel('筛选日志（内容、用户、地址）').waitFor();
    await page.getByRole('button', { name: '主题设置' }).waitFor();
    expect(await page.getByRole('navigation', { name: '菜单' }).count()).toBe(0);
    expect(await tabsBar(page).count()).toBe(0);
  });

  test('redirect/{path} replaces itself with that path', async () => {
    await page.goto(`${portalUrl}/redirect/admin/role?from=link`);
    await page.waitForURL(`${portalUrl}/admin/role?from=link`);
    await activeTab(page).filter({ hasText: ROLES }).waitFor();
  });
});
