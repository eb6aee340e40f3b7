/**
 * Child apps on the real server (spec §2 /micro, §7 child-app protocol, §8): the seeded demo child
 * app (child-demo/, served at /child-demo/) loads in its frame, gets the ticket and the routes,
 * exchanges the ticket with Auth/SsoValidate, moves the base app, reports unknown types and logs
 * the base app out; messages from anyone else are ignored; a dead child-app URL says so. After login
 * the child apps' entries but SCM's are prefetched, once, under the CSP.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, FrameLocator, Locator, Page, Request } from 'playwright-core';
import { DEMO_CHILD_APPS } from '../../server/db/seed/demo-data';
import { launchBrowser } from './browser';
import { ADMIN, activeTab, loggedInPage, menuTitle, openScreen, saveSettledScreenshot, tabCloseButton, VIEWPORT, logIn } from './shellPage';

const portalUrl = inject('portalUrl');
const printAgentUrl = inject('printAgentUrl');
const DEMO_APP = DEMO_CHILD_APPS[0];
const CHILD_GROUP = menuTitle('ChildApps').zh;
const DEMO_SCREEN = menuTitle('DemoChildHome').zh;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const demoFrame = (page: Page): FrameLocator => page.frameLocator(`iframe[title="${DEMO_APP.Name}"]`);
const notice = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });

async function openDemoChildApp(page: Page): Promise<FrameLocator> {
  await openScreen(page, CHILD_GROUP, DEMO_SCREEN);
  const frame = demoFrame(page);
  // The SSO exchange is the last step of init: the ticket went out and came back as the user.
  await expect.poll(() => frame.locator('#sso-user').textContent(), { timeout: 15_000 }).toContain('ADMIN');
  await page.locator('.shell-child-app-overlay').waitFor({ state: 'detached' });
  return frame;
}

function closedPort(): Promise<number> {
  return new Promise((resolvePort) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

describe('the demo child app', () => {
  let page: Page;
  beforeAll(async () => {
    page = await loggedInPage(browser, portalUrl, ADMIN);
  });
  afterAll(async () => {
    await page.context().close();
  });

  test('loads behind the overlay and receives the routes, the ticket, the host config and its inner path', async () => {
    const frame = await openDemoChildApp(page);
    expect(page.url()).toBe(`${portalUrl}/micro/DEMO/demo/home`);
    expect(await frame.locator('#ticket').textContent()).toMatch(/^.{6}…$/);
    expect(Number(await frame.locator('#routes').textContent())).toBeGreaterThan(10);
    expect(await frame.locator('#api-base').textContent()).toBe(`${portalUrl}/api`);
    expect(await frame.locator('#table-tools').textContent()).toBe('visible');
    expect(await frame.locator('#inner-path').textContent()).toBe('/demo/home');
    const received = await frame.locator('#log li').allTextContents();
    expect(received.map((line) => line.split(' ')[0])).toEqual(['route-init', 'auth-send', 'host-config', 'table-tool-toogle', 'router-replace']);
    await saveSettledScreenshot(page, 'child-app-demo');
  });

  test('toggling the table tools tells the child', async () => {
    const frame = demoFrame(page);
    await page.getByRole('button', { name: '隐藏表格工具栏' }).click();
    await expect.poll(() => frame.locator('#table-tools').textContent()).toBe('hidden');
    await page.getByRole('button', { name: '显示表格工具栏' }).click();
    await expect.poll(() => frame.locator('#table-tools').textContent()).toBe('visible');
  });

  test('an unknown message type is reported, titled with the app name', async () => {
    await demoFrame(page).getByRole('button', { name: 'unknown type' }).click();
    const shown = notice(page, '基座应用没有类型为 demo-unknown 的处理程序');
    await shown.waitFor();
    expect(await shown.locator('.ant-notification-notice-message').textContent()).toBe(DEMO_APP.Name);
  });

  test('messages from another origin, or from the portal window itself, are ignored', async () => {
    const before = page.url();
    // A frame of another site (the print agent's origin) and the top window try to move the base app.
    await page.evaluate((foreignUrl) => {
      const foreign = document.createElement('iframe');
      foreign.src = `${foreignUrl}/foreign-page`;
      foreign.title = 'foreign';
      foreign.style.display = 'none';
      document.body.append(foreign);
    }, printAgentUrl);
    const foreignFrame = await expect
      .poll(() => page.frames().find((frame) => frame.url().startsWith(printAgentUrl)))
      .toBeTruthy()
      .then(() => page.frames().find((frame) => frame.url().startsWith(printAgentUrl))!);
    await foreignFrame.waitForLoadState();
    await foreignFrame.evaluate(() => {
      window.parent.postMessage({ type: 'router-push', path: '/index' }, '*');
      window.parent.postMessage({ type: 'logout' }, '*');
    });
    await page.evaluate(() => window.postMessage({ type: 'router-push', path: '/index' }, '*'));
    // Then one the portal does answer, from its child: messages reach the portal window in the order they were
    // posted, so once this one is answered the ones before it have been handled (ignored) too.
    const childFrame = page.frames().find((frame) => frame.url().includes('/child-demo/'))!;
    await childFrame.evaluate(() => window.parent.postMessage({ type: 'after-the-ignored-ones' }, '*'));
    await notice(page, '基座应用没有类型为 after-the-ignored-ones 的处理程序').waitFor();
    expect(page.url()).toBe(before);
    expect(await page.locator('.ant-notification-notice').filter({ hasText: '登录已过期' }).count()).toBe(0);
  });

  test("its router-push moves the base app to the base route it names", async () => {
    const push = demoFrame(page).locator('#push');
    const target = await push.getAttribute('data-path');
    expect(target).toMatch(/^\/(?!micro\/)/);
    await push.click();
    await page.waitForURL(`${portalUrl}${target}`);
    await expect.poll(() => activeTab(page).textContent()).not.toBe(DEMO_SCREEN);
  });

  test('is still signed in when opened again after its tab closed, and after its frame reloads', async () => {
    // Each frame load exchanges a ticket of its own: a ticket is good for one exchange.
    await openDemoChildApp(page);
    await tabCloseButton(page, DEMO_SCREEN).click();
    await page.locator(`iframe[title="${DEMO_APP.Name}"]`).waitFor({ state: 'detached' });
    const reopened = await openDemoChildApp(page);
    expect(await reopened.locator('#sso-user').textContent()).toMatch(/^ADMIN /);

    const childFrame = page.frames().find((frame) => frame.url().includes('/child-demo/'))!;
    await childFrame.evaluate(() => {
      document.body.dataset.beforeReload = 'yes';
      location.reload();
    });
    await expect
      .poll(async () => ((await reopened.locator('body[data-before-reload]').count()) === 0 ? reopened.locator('#sso-user').textContent() : 'not reloaded yet'), {
        timeout: 15_000,
      })
      .toMatch(/^ADMIN /);
  });

  test('its logout message logs the base app out with the spec message', async () => {
    const frame = await openDemoChildApp(page);
    await frame.getByRole('button', { name: 'logout' }).click();
    await page.waitForURL(`${portalUrl}/login`);
    // Shown before the page goes to /login, and carried over to the login page.
    const shown = notice(page, '登录已过期，请重新登录');
    await shown.waitFor();
    expect(await shown.locator('.ant-notification-notice-message').textContent()).toBe(DEMO_APP.Name);
    await saveSettledScreenshot(page, 'child-app-logout');
    // The token was revoked: the portal is locked again.
    await page.goto(`${portalUrl}/micro/DEMO/demo/home`);
    await page.waitForURL(/\/login\?redirect=/);
  });
});

test('after login the entries of the child apps but SCM are prefetched, once, before they are opened, with nothing refused', async () => {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const otherOriginEntry = `${printAgentUrl}/other-child/`;
  // The real list, plus an app on another origin: the CSP must let its prefetch through too.
  await page.route('**/api/SysApp/GetAll', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.Result.push({ Code: 'OTHER', Name: '其他子应用', Url: otherOriginEntry });
    await route.fulfill({ response, json: body });
  });
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  const childRequests: { url: string; purpose: string | undefined; kind: string }[] = [];
  const childEntries = [`${portalUrl}${DEMO_APP.Url}`, `${portalUrl}/scm/`, otherOriginEntry];
  page.on('request', (request: Request) => {
    if (!childEntries.some((entry) => request.url().startsWith(entry))) return;
    void request.allHeaders().then((headers) =>
      childRequests.push({ url: request.url(), purpose: headers['sec-purpose'] ?? headers.purpose, kind: request.resourceType() }),
    );
  });
  const prefetches = (url: string) => childRequests.filter((request) => request.url === url && request.purpose?.startsWith('prefetch'));
  try {
    await page.goto(`${portalUrl}/login`);
    await page.locator('#login_userName').waitFor();
    expect(childRequests).toEqual([]);

    await logIn(page, portalUrl, ADMIN);
    await expect.poll(() => prefetches(`${portalUrl}${DEMO_APP.Url}`).length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => prefetches(otherOriginEntry).length, { timeout: 15_000 }).toBe(1);
    // The demo's frame has not been asked for: the prefetch came before the app was opened.
    expect(childRequests.filter((request) => request.kind === 'document')).toEqual([]);

    await openDemoChildApp(page);
    await tabCloseButton(page, DEMO_SCREEN).click();
    await page.locator(`iframe[title="${DEMO_APP.Name}"]`).waitFor({ state: 'detached' });
    await openDemoChildApp(page);
    // Once per session, and SCM never.
    expect(prefetches(`${portalUrl}${DEMO_APP.Url}`)).toHaveLength(1);
    expect(prefetches(otherOriginEntry)).toHaveLength(1);
    expect(childRequests.filter((request) => request.url.startsWith(`${portalUrl}/scm/`))).toEqual([]);
    expect(refusals).toEqual([]);
    // A failing prefetch (nothing answers at the other origin's path) shows nothing: the load-error notice is for opening.
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);
  } finally {
    await context.close();
  }
});

test('a child app at a dead URL shows the persistent load-error notification', async () => {
  const deadUrl = `http://127.0.0.1:${await closedPort()}/`;
  const context = await browser.newContext({ viewport: VIEWPORT });
  // The page's clock, to move time on instead of sleeping: it flows as usual until told to jump.
  await context.clock.install();
  const page = await context.newPage();
  // The real list, plus an app whose server is gone.
  await page.route('**/api/SysApp/GetAll', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.Result.push({ Code: 'GONE', Name: '停用子应用', Url: deadUrl });
    await route.fulfill({ response, json: body });
  });
  await logIn(page, portalUrl, ADMIN);
  await page.goto(`${portalUrl}/micro/GONE/orders`);
  const shown = notice(page, `无法获取子应用 ${deadUrl}`);
  await shown.waitFor();
  expect(await shown.locator('.ant-notification-notice-message').textContent()).toBe('停用子应用');
  // A minute later it is still there (a notification of antd's own duration closes after 4.5 s).
  await page.clock.runFor(60_000);
  await expectStillShown(shown);
  expect(await page.locator('iframe[title="停用子应用"]').count()).toBe(0);
  await saveSettledScreenshot(page, 'child-app-dead-url');
  await context.close();
});

test('the child-app debug drawer lists the apps and keeps trimmed URLs for the next load', async () => {
  const page = await loggedInPage(browser, portalUrl, ADMIN);
  // 127.0.0.1 is in the default debug host list, so the drawer's button is there.
  await page.getByRole('button', { name: '子应用调试' }).click();
  const drawer = page.locator('.ant-drawer-content');
  await drawer.getByLabel(`${DEMO_APP.Name} (${DEMO_APP.Code})`).fill(`   ${portalUrl}/child-demo/?debug=1  `);
  await saveSettledScreenshot(page, 'child-app-debug-drawer');
  await drawer.getByRole('button', { name: '保存并重新加载' }).click();
  await page.waitForLoadState('load');
  await tabsReady(page);
  await openScreen(page, CHILD_GROUP, DEMO_SCREEN);
  expect(await page.locator(`iframe[title="${DEMO_APP.Name}"]`).getAttribute('src')).toBe(`${portalUrl}/child-demo/?debug=1`);
  await page.context().close();
});

/** Shown and not on its way out (a closing notification stays in the page while it fades). */
async function expectStillShown(shown: Locator) {
  expect(await shown.isVisible()).toBe(true);
  expect(await shown.evaluate((el) => el.closest('.ant-notification-fade-leave') !== null)).toBe(false);
}

async function tabsReady(page: Page) {
  await page.locator('.shell-tabs').waitFor();
}
