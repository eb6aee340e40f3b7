/**
 * A page load of a list page the user has open in a tab starts its grid's requests beside the session
 * bootstrap (src/app/routes/listPageBeforeBootstrap.ts, issue 15), with the user's own page size; and
 * asks nothing for a page that is no list, not in the user's tabs, or without a user this tab's last bootstrap loaded.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { queryRows, type RowsPage } from '../../../src/grid/api/listParam';
import { startListPageBeforeBootstrap } from '../../../src/app/routes/listPageBeforeBootstrap';
import { pageRegistry } from '../../../src/app/pageRegistry';
import { queryClient } from '../../../src/app/providers/queryClient';
import { rememberLastUser } from '../../../src/core/session/lastUser';
import { settingsStorageKey, switchSettingsUser, useSettingsStore } from '../../../src/core/settings/settingsStore';

vi.mock('../../../src/grid/api/listParam', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/grid/api/listParam')>()),
  queryRows: vi.fn(() => new Promise<RowsPage>(() => {})),
  loadSearchFields: vi.fn(() => new Promise(() => {})),
  loadColumnConfig: vi.fn(() => new Promise(() => {})),
  loadTableColumns: vi.fn(() => new Promise(() => {})),
}));

const PATH = '/grid/early-start';
const registry = { 'grid/early-start': pageRegistry['grid/demo-reels'], 'masterdata/part': () => Promise.resolve({ default: () => null }) };
const USER = { ID: 'user-early', USER_NAME: 'early', NICK_NAME: 'Early', ROLE_ID: 'role-x' };
const rowsCall = vi.mocked(queryRows);

/** What the user's earlier sessions saved: this page in their tabs, with a page size of their own. */
function savedSettings(tabs: string[]) {
  localStorage.setItem(
    settingsStorageKey(USER.ID),
    JSON.stringify({ state: { pageSizes: { [PATH]: [50] }, openedTabs: tabs.map((path) => ({ path, fullPath: path, name: 'x', title: { zh: 'x', en: 'x' } })) }, version: 0 }),
  );
}

beforeEach(() => {
  rowsCall.mockClear();
  queryClient.clear();
  switchSettingsUser(undefined);
  // Whom this tab's last session bootstrap loaded (the session store learns the user only from the next).
  rememberLastUser(USER);
});

afterEach(() => {
  localStorage.clear();
  rememberLastUser(undefined);
});

test('a list page in the user’s saved tabs: its rows are asked for at once, with the user’s page size', () => {
  savedSettings([PATH]);
  expect(startListPageBeforeBootstrap(PATH, registry)).toBe(true);
  expect(rowsCall).toHaveBeenCalledTimes(1);
  expect(rowsCall.mock.calls[0][0]).toBe(PATH);
  expect(rowsCall.mock.calls[0][1]).toMatchObject({ Page: 1, Limit: 50 });
  expect(useSettingsStore.getState().userId).toBe(USER.ID);
});

test('nothing is asked for a page not in the user’s tabs, a page that is no list, or without a known user', () => {
  savedSettings(['/index']);
  expect(startListPageBeforeBootstrap(PATH, registry)).toBe(false);
  savedSettings(['/masterdata/part']);
  expect(startListPageBeforeBootstrap('/masterdata/part', registry)).toBe(false);
  savedSettings([PATH]);
  rememberLastUser(undefined);
  expect(startListPageBeforeBootstrap(PATH, registry)).toBe(false);
  expect(rowsCall).not.toHaveBeenCalled();
});
