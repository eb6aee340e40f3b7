/**
 * The mock build as a tester lives in it (issue 16), on one logged-in page: a user added with an
 * organisation from the picker (and the user export, a real xlsx that holds them), a memo added on the
 * home card, a bill saved on its type's screen and a scheduled job are still there after a reload (the
 * memo in the 备忘录 grid too: one state; the bill's action moves its status; the job runs now), and each
 * `?scenario=` switch does what the README promises — error:<status> once for each HTTP status of spec §8.
 * captcha:on/off and expired are checked in login-mocks.test.ts.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './browser';
import { logInOnMocks } from './loginForm';
import { WALK_LEAVES, openLeaf, recordErrorToasts, takeErrorToasts } from './menuWalk';
import { arrived, ADMIN, closeAllTabs, menuTitle, openScreen, pickInForm, tabsBar } from './shellPage';
import { DEMO_USERS, OPERATOR_ROLE } from '../../server/db/seed/demo-data';
import billsZh from '../../src/core/i18n/locales/zh-chs/bills.json';
import { BILL_ACTION_RULES } from '../../src/shared/bills/actions';
import { BILL_HEADER_FIELDS, BILL_LINE_COLUMNS, type BillLineColumn } from '../../src/shared/bills/fields';
import { BILL_STATUS_LABELS } from '../../src/shared/bills/statuses';
import { buttonLabelled } from './gridPage';
import { addCronJob, jobRow, openJobSchedule, runNowAndSeeItsRun } from './jobsPage';
import { sheetRows } from './masterPage';
import apiZh from '../../src/core/i18n/locales/zh-chs/api.json';

const mockPortalUrl = inject('mockPortalUrl');
const greeting = `您好，${DEMO_USERS.find((user) => user.USER_NAME === 'ADMIN')!.NICK_NAME}`;
const OK = /^确\s*[定认]$|^OK$/;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  page = await context.newPage();
  await recordErrorToasts(page);
  await logInOnMocks(page, mockPortalUrl, ADMIN);
  await page.locator('h3', { hasText: greeting }).waitFor();
});

afterAll(async () => {
  await browser?.close();
});

/** Where the page is and what it shows, for a failure message (CI prints only a failure's first line). */
async function pageState() {
  const body = await page.evaluate(() => document.body?.innerText ?? '').catch((error: Error) => `(unreadable: ${error.message})`);
  return `at ${page.url()}, showing "${body.replace(/\s+/g, ' ').slice(0, 160)}"`;
}

/**
 * The page at `path` with these scenario switches ('none' switches them off for the tab), once the app has
 * drawn itself (home's greeting or the login form). On a 2-core CI machine also running the server tests,
 * a cold load of the mock build (bundle, service worker, saved state from IndexedDB) took over 15 s.
 */
async function withScenario(path: string, scenario: string) {
  await page.goto(`${mockPortalUrl}${path}?scenario=${encodeURIComponent(scenario)}`);
  const drawn = page.locator('h3', { hasText: greeting }).or(page.locator('#login_userName'));
  await drawn.first().waitFor({ timeout: 60_000 }).catch(async () => {
    throw new Error(`the mock portal did not draw itself within 60 s, ${await pageState()}`);
  });
}

/** Waits for an error toast that contains `text`; the toasts seen meanwhile, and the page, name what came instead. */
async function errorToastSaying(text: string) {
  const seen: string[] = [];
  const found = async () => {
    // A reload (a 401's logout) destroys the page's context mid-read: read again on the next round.
    seen.push(...(await takeErrorToasts(page).catch(() => [])));
    return seen.some((toast) => toast.includes(text));
  };
  const deadline = Date.now() + 30_000;
  while (!(await found())) {
    if (Date.now() > deadline) throw new Error(`no error toast saying "${text}" within 30 s; toasts seen: [${seen.join(' | ')}], ${await pageState()}`);
    await page.waitForTimeout(200);
  }
}

/** The HTTP statuses spec §8 names, with the portal's text for each (404's names the address). */
const SPEC_STATUSES = Object.keys(apiZh.http).filter((status) => /^\d+$/.test(status)) as (keyof typeof apiZh.http)[];
const statusText = (status: keyof typeof apiZh.http, requestUrl: string) => apiZh.http[status].replace('{{url}}', requestUrl);

const memoList = () => page.getByLabel('备忘录', { exact: true });

/**
 * A mark of this try's own, for what a test adds: its retry (vitest.config.ts) after a failure past the save would
 * otherwise be refused as a duplicate of the first try's record, or find two.
 */
const thisTry = () => Date.now().toString(36);

/**
 * Loads the page again, as a person's reload does, and waits until the shell has drawn itself: a cold load of the mock
 * build (above) can take longer than an action's 30 s, which a reload's own wait for 'load' and the next wait shared.
 */
async function reloadMockPortal() {
  await page.reload({ waitUntil: 'commit' });
  await tabsBar(page).waitFor({ timeout: 60_000 }).catch(async () => {
    throw new Error(`the mock portal did not draw itself again within 60 s of a reload, ${await pageState()}`);
  });
}

test('a user added with an organisation from the picker is there after a reload', async () => {
  const userName = `mock_tester_${thisTry()}`;
  await openScreen(page, menuTitle('Admin').zh, menuTitle('AdminUser').zh);
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = await arrived(page.getByRole('dialog'));
  await form.getByLabel('用户名').fill(userName);
  await form.getByLabel('姓名').fill('模拟测试员');
  await pickInForm(page, form, '角色', OPERATOR_ROLE.ROLE_NAME);
  await form.locator('.ant-modal-title').click();
  await pickInForm(page, form, '组织', '一厂 (F01)');
  await form.locator('.ant-modal-title').click();
  await form.getByLabel('密码').fill('Mock-tester-1');
  await form.getByRole('button', { name: OK }).click();
  await form.waitFor({ state: 'hidden' });
  await page.getByRole('cell', { name: userName, exact: true }).waitFor();

  await reloadMockPortal();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: userName, exact: true }) });
  await row.waitFor();
  expect(await row.textContent()).toContain('模拟测试员');
  await saveScreenshot(page, 'mocks-user-after-reload');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).filter({ visible: true }).click();
  const sheet = await sheetRows(await downloading);
  expect(sheet[0].slice(0, 2)).toEqual(['用户名', '姓名']);
  expect(sheet.find((cells) => cells[0] === userName)?.slice(0, 3)).toEqual([userName, '模拟测试员', OPERATOR_ROLE.ROLE_NAME]);
  await closeAllTabs(page, '首页', '关闭全部');
});

test('a memo added on the home card is in the 备忘录 grid after a reload', async () => {
  const memo = `模拟模式备忘 E2E ${thisTry()}`;
  await page.goto(`${mockPortalUrl}/index`);
  await page.getByLabel('记一笔…').fill(memo);
  await page.getByLabel('记一笔…').press('Enter');
  await memoList().getByText(memo).waitFor();

  await reloadMockPortal();
  await memoList().getByText(memo).waitFor();
  await openLeaf(page, WALK_LEAVES.find((leaf) => leaf.code === 'HomeMemo')!, 'zh');
  await page.locator('.shell-content .ant-table-row', { hasText: memo }).waitFor();
  await closeAllTabs(page, '首页', '关闭全部');
});

test('a bill saved on its type’s screen is in its list after a reload, and an action moves its status', async () => {
  const screen = page.getByTestId('bill-master-page').filter({ visible: true });
  const detail = page.getByTestId('bill-detail').filter({ visible: true });
  const status = () => detail.getByTestId('bill-status').textContent();
  await openScreen(page, menuTitle('Bill').zh, menuTitle('BillASN').zh);
  await buttonLabelled(screen, billsZh.page.newBill).click();
  const form = page.locator('.ant-drawer').filter({ visible: true });
  await form.waitFor();
  // Codes of the mocks' master data (mocks/scenarios/master-samples.ts) of the first organisation.
  await form.getByLabel(BILL_HEADER_FIELDS.vendor_code.label['zh-chs'], { exact: true }).fill('V0001');
  const line: Partial<Record<BillLineColumn, string>> = { PartCode: 'P0001', Qty: '250', Mpq: '100', ToSic: 'SL0001' };
  for (const [column, value] of Object.entries(line)) {
    const label = billsZh.form.lineCell.replace('{{line}}', '1').replace('{{field}}', BILL_LINE_COLUMNS[column as BillLineColumn].label['zh-chs']);
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  await buttonLabelled(form, billsZh.form.save).click();
  await form.waitFor({ state: 'hidden' });
  await expect.poll(status).toBe(BILL_STATUS_LABELS.EDITING['zh-chs']);
  const code = (await detail.getByTestId('bill-code').textContent())!.trim();
  expect(code).toMatch(/^ASN\d{12}$/);

  await reloadMockPortal();
  const row = page.getByTestId('data-grid').filter({ visible: true }).locator('.ant-table-row', { hasText: code });
  try {
    await row.getByText(BILL_STATUS_LABELS.EDITING['zh-chs'], { exact: true }).waitFor();
  } catch (error) {
    // Seen once in CI (a loaded 2-core machine, a retry after an earlier failure of this test), not reproduced:
    // print what the list showed, so the next time says whether the bill was lost or only not shown.
    const rows = await page.getByTestId('data-grid').filter({ visible: true }).locator('.ant-table-row').allTextContents().catch(() => []);
    console.warn(`tester-mocks: ${code} not in its list after a reload; url ${page.url()}, rows ${JSON.stringify(rows)}`);
    throw error;
  }
  await row.getByText(code, { exact: true }).click();
  await expect.poll(status).toBe(BILL_STATUS_LABELS.EDITING['zh-chs']);
  await buttonLabelled(detail, BILL_ACTION_RULES.CreateReels.label['zh-chs']).first().click();
  await expect.poll(status).toBe(BILL_STATUS_LABELS.WAITING['zh-chs']);
  await row.getByText(BILL_STATUS_LABELS.WAITING['zh-chs'], { exact: true }).waitFor();
  await saveScreenshot(page, 'mocks-bill-after-reload');
  await closeAllTabs(page, '首页', '关闭全部');
});

test('a job added on the 作业调度 screen is there after a reload, and runs now', async () => {
  const name = `模拟清理日志 ${thisTry()}`;
  await openJobSchedule(page);
  await addCronJob(page, name);
  await reloadMockPortal();
  await jobRow(page, name).waitFor();
  expect(await jobRow(page, name).textContent()).toContain('未启动');
  await runNowAndSeeItsRun(page, name);
  expect(await jobRow(page, name).textContent()).toContain('成功');
  await saveScreenshot(page, 'mocks-job-after-run');
  await closeAllTabs(page, '首页', '关闭全部');
});

// One test per status: each is a cold load of the mock build, and ten of them in one test outran its 120 s on
// a loaded 2-core CI machine.
test.for(SPEC_STATUSES.filter((status) => status !== '401'))(
  'error:%s@<call>: that call answers the HTTP status of §8, and the portal says its text',
  async (status) => {
    await withScenario('/index', `error:${status}@/SysMemo/LoadData`);
    await errorToastSaying(statusText(status, `${mockPortalUrl}/api/SysMemo/LoadData`));
  },
);

test('wrapped-error@<call>: HTTP 200 with code 500, the portal shows its message', async () => {
  await withScenario('/index', 'wrapped-error@/SysEnvConfig/List');
  await openScreen(page, menuTitle('Admin').zh, menuTitle('AdminEnvConfig').zh);
  await errorToastSaying('模拟的错误（/SysEnvConfig/List）');
  await closeAllTabs(page, '首页', '关闭全部');
});

test('legacy-error@<call>: HTTP 200 with ErrorInfo.Status true, the portal shows its message', async () => {
  await withScenario('/index', 'legacy-error@/SysMemo/LoadData');
  await errorToastSaying('模拟的错误（/SysMemo/LoadData）');
});

test('empty: list calls answer no rows', async () => {
  await withScenario('/index', 'none');
  await memoList().locator('[data-testid="memo"]').first().waitFor();
  await withScenario('/index', 'empty');
  await memoList().getByText('暂无备忘').waitFor();
  expect(await memoList().locator('[data-testid="memo"]').count()).toBe(0);
});

test('slow:<ms>: every answer comes that much later', async () => {
  const callTime = () =>
    page.evaluate(async () => {
      const started = performance.now();
      await fetch('/api/Auth/GetPublicKey');
      return performance.now() - started;
    });
  await withScenario('/index', 'slow:1500');
  await page.locator('h3', { hasText: greeting }).waitFor();
  expect(await callTime()).toBeGreaterThanOrEqual(1500);
  await withScenario('/index', 'none');
  await page.locator('h3', { hasText: greeting }).waitFor();
  expect(await callTime()).toBeLessThan(1500);
});

test('error:401@<call>: the portal says the login has expired and goes to the login page', async () => {
  await withScenario('/index', 'error:401@/SysMemo/LoadData');
  await errorToastSaying(statusText('401', ''));
  await page.waitForURL(/\/login/);
  await withScenario('/login', 'none');
});
