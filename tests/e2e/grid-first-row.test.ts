/**
 * The order of the requests that bring a list's first rows (issue 15 "first row fast"), observed in
 * the browser on the real server: the rows request does not wait on the grid's configuration
 * requests (search fields, column configuration, the source's columns) but leaves beside them, each
 * of them is made once, and on a page load the session bootstrap asks for the menus beside the user
 * info instead of after it; a reload of a list open in a tab asks for its rows beside the bootstrap. Timings come from the browser's own network clock (Request.timing()).
 * No speed is asserted here: `npm run bench` measures it.
 */
import { expect, inject, test } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { DEMO_REELS_LIST_ROUTE } from '../../server/db/seed/demo-list-data';
import { adminSessionPerFile } from './adminSession';
import { waitForRows } from './gridPage';
import { menuTitle, openScreen } from './shellPage';

const portalUrl = inject('portalUrl');

const ROWS_CALL = 'ListParam/QueryData';
const CONFIGURATION_CALLS = ['ListParam/LoadData', 'ListParam/LoadListFields', 'ListParam/GetIntiTableColumnList'] as const;
const USER_INFO_CALL = 'Auth/GetUserInfoByToken';
const MENUS_CALL = 'Role/LoadMenusByRoleId';

interface Observed {
  call: string;
  /** Browser clock, ms since the epoch. */
  started: number;
  /** When the last byte of the answer arrived (browser clock). */
  ended: number;
}

const session = adminSessionPerFile(portalUrl);

const apiCallOf = (request: Request) => new URL(request.url()).pathname.replace(/^\/api\//, '');

/** Records every finished API request from now on, until `stop`. */
function recordApiRequests(on: Page) {
  const finished: Observed[] = [];
  const listener = (request: Request) => {
    const timing = request.timing();
    finished.push({ call: apiCallOf(request), started: timing.startTime, ended: timing.startTime + timing.responseEnd });
  };
  on.on('requestfinished', listener);
  return {
    of: (call: string) => finished.filter((observed) => observed.call === call),
    /** Waits until each of `calls` has finished at least once. */
    async settled(calls: readonly string[]) {
      const deadline = Date.now() + 30_000;
      while (calls.some((call) => !finished.some((observed) => observed.call === call))) {
        if (Date.now() > deadline) throw new Error(`not all of ${calls.join(', ')} finished: saw ${finished.map((o) => o.call).join(', ')}`);
        await on.waitForTimeout(50);
      }
    },
    stop: () => on.off('requestfinished', listener),
  };
}

/** The grid's rows request left before any of its configuration answers had arrived, and each was made once. */
async function expectRowsBesideConfiguration(requests: ReturnType<typeof recordApiRequests>) {
  await requests.settled([ROWS_CALL, ...CONFIGURATION_CALLS]);
  const rows = requests.of(ROWS_CALL);
  expect(rows, 'one rows request').toHaveLength(1);
  for (const call of CONFIGURATION_CALLS) {
    const configuration = requests.of(call);
    expect(configuration, `one ${call} request`).toHaveLength(1);
    expect(rows[0].started, `the rows request left before the answer of ${call} ended`).toBeLessThan(configuration[0].ended);
  }
}

test('a reload of a list’s address asks for its rows beside its configuration, and for the menus beside the user info', async () => {
  const { page } = session;
  const requests = recordApiRequests(page);
  try {
    await page.goto(`${portalUrl}${DEMO_REELS_LIST_ROUTE}`);
    await waitForRows(page);
    await expectRowsBesideConfiguration(requests);
    await requests.settled([USER_INFO_CALL, MENUS_CALL]);
    const [userInfo] = requests.of(USER_INFO_CALL);
    const menus = requests.of(MENUS_CALL);
    expect(menus, 'the menus asked once: the user is the one this tab last loaded').toHaveLength(1);
    expect(menus[0].started, 'the menus request left before the user info had arrived').toBeLessThan(userInfo.ended);
  } finally {
    requests.stop();
  }
});

test('a reload of a list open in a tab asks for its rows beside the session bootstrap, not once its menus are in, and once', async () => {
  const { page } = session;
  // Open in a tab (saved with the user's settings), then loaded again as a browser reload does.
  await page.goto(`${portalUrl}${DEMO_REELS_LIST_ROUTE}`);
  await waitForRows(page);
  const requests = recordApiRequests(page);
  try {
    await page.reload();
    await waitForRows(page);
    await expectRowsBesideConfiguration(requests);
    await requests.settled([MENUS_CALL]);
    const [rows] = requests.of(ROWS_CALL);
    const [menus] = requests.of(MENUS_CALL);
    expect(rows.started, 'the rows request left before the menus had arrived').toBeLessThan(menus.ended);
  } finally {
    requests.stop();
  }
});

test('a click on the list’s menu item asks for its rows beside its configuration, each once', async () => {
  const { page } = session;
  const requests = recordApiRequests(page);
  try {
    await openScreen(page, menuTitle('Reel').zh, menuTitle('GridDemoReels').zh);
    await waitForRows(page);
    await expectRowsBesideConfiguration(requests);
  } finally {
    requests.stop();
  }
});
