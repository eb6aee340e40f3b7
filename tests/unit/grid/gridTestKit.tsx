/**
 * Renders the DataGrid the way the app does (antd App context, a fresh query cache, the notifier
 * bridge) against the mock back end, signed in as a demo user of the demo list /grid/demo-reels.
 */
import '@ant-design/v5-patch-for-react-19';
import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { expect, vi } from 'vitest';
import { buttonsOf, findUserByName, granteeOf, menuTreeOf, startSession } from '../../../mocks/db';
import { mockServer } from '../../../mocks/node';
import { COOKIE, writeCookie } from '../../../src/core/session/cookies';
import { useSessionStore } from '../../../src/core/session/store';
import { useNavigationStore } from '../../../src/core/navigation/navigationStore';
import { grantsOf } from '../../../src/core/navigation/access';
import { NotifierBridge } from '../../../src/app/providers/NotifierBridge';
import { DataGrid, type DataGridProps } from '../../../src/grid/DataGrid';
import { ALL_GRID_BUTTON_CODES } from '../../../src/grid/model/codes';
import { useAdvancedSearchStore } from '../../../src/grid/state/advancedSearchStore';
import { GHOST_USER_ID, switchSettingsUser } from '../../../src/core/settings/settingsStore';

// antd in jsdom is slow: a dialog with a few selects takes seconds to drive, not milliseconds.
vi.setConfig({ testTimeout: 30_000 });

export const DEMO_LIST = '/grid/demo-reels';
export const DEMO_PATH = '/grid/demo-reels';

/**
 * A mock session for the user, as after login and the bootstrap: token cookie, user info,
 * organisation, and the grants of the user's roles, unless the test gave the session its own
 * before (adminTestKit's grantButtons).
 */
export function signIn(userName = 'ADMIN', organizationId = 'org-f01') {
  const user = findUserByName(userName)!;
  const session = startSession(user, organizationId);
  writeCookie(COOKIE.token, session.token);
  useSessionStore.setState({
    userInfo: { ID: user.ID, USER_NAME: user.USER_NAME, NICK_NAME: user.NICK_NAME, ROLE_ID: user.ROLE_ID },
    organization: { Id: organizationId, OrganizeName: organizationId, OrganizeCode: organizationId },
  });
  const grantee = granteeOf(user);
  const { grants, setGrants } = useNavigationStore.getState();
  if (!Object.keys(grants).length) setGrants(grantsOf(menuTreeOf(grantee), buttonsOf(grantee)));
  return session;
}

/** Fresh per-test state the unit set-up does not reset: grid search state, settings user, mock event listeners. */
export async function resetGridTestState() {
  useAdvancedSearchStore.setState(useAdvancedSearchStore.getInitialState(), true);
  switchSettingsUser(GHOST_USER_ID);
  mockServer.events.removeAllListeners();
}

export function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // No motion: jsdom never ends CSS animations, so closing dialogs would stay in the DOM.
  return (
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={client}>
        <AntdApp>
          <NotifierBridge />
          {children}
        </AntdApp>
      </QueryClientProvider>
    </ConfigProvider>
  );
}

export function renderGrid(props: Partial<DataGridProps> = {}) {
  return render(
    <Providers>
      <DataGrid
        listRoute={DEMO_LIST}
        routePath={DEMO_PATH}
        title="料盘清单"
        buttonCodes={ALL_GRID_BUTTON_CODES}
        bodyHeight={400}
        {...props}
      />
    </Providers>,
  );
}

export function renderInRouter(element: ReactNode, path = DEMO_PATH, pattern = '*') {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

/** The grid's body rows (data rows only, not the virtual list's measure rows). */
export const bodyRows = () => [...document.querySelectorAll<HTMLElement>('.ant-table-tbody-virtual .ant-table-row')];

/** A body row's cell texts; cell 0 is the selection box. */
export const cellTexts = (row: HTMLElement) => [...row.querySelectorAll('.ant-table-cell')].map((cell) => cell.textContent ?? '');

export async function waitForRows() {
  await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
  return bodyRows();
}

/** The text of the most recent antd message toasts. */
export const toastText = () => document.querySelector('.ant-message')?.textContent ?? '';
export const expectToast = (text: string) => waitFor(() => expect(toastText()).toContain(text));

/**
 * A modal by its title. With two modals open (a picker over the search dialog) their accessible
 * names cannot be told apart in tests: rc-util gives every id the same value under NODE_ENV test.
 */
export const modalTitled = (title: string) =>
  waitFor(() => {
    const heading = [...document.querySelectorAll<HTMLElement>('.ant-modal-title')].find((el) => el.textContent === title);
    expect(heading, `modal ${title}`).toBeTruthy();
    return heading!.closest('.ant-modal') as HTMLElement;
  });

export { within };

// ---- antd control helpers -------------------------------------------------------------------

/** The antd Select whose combobox has this accessible name. */
export const selectNamed = (name: string | RegExp) => screen.getByRole('combobox', { name }).closest('.ant-select') as HTMLElement;

/** What an antd Select shows as chosen. */
export const chosenText = (name: string | RegExp) =>
  [...selectNamed(name).querySelectorAll('.ant-select-selection-item')].map((item) => item.textContent).join(',');

type User = { click(el: Element): Promise<void>; type(el: Element, text: string): Promise<void> };

/**
 * Opens the Select and clicks the option with this label. The dropdown is a virtual list that
 * renders its first options only, so a searchable Select is filtered by the label first.
 */
export async function chooseOption(user: User, name: string | RegExp, option: string) {
  const combobox = screen.getByRole('combobox', { name }) as HTMLInputElement;
  await user.click(combobox);
  if (!combobox.readOnly) await user.type(combobox, option);
  const dropdowns = () => [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
  const item = await waitFor(() => {
    const found = dropdowns()
      .flatMap((dropdown) => [...dropdown.querySelectorAll<HTMLElement>('.ant-select-item-option')])
      .find((el) => el.textContent === option);
    expect(found, `option ${option}`).toBeTruthy();
    return found!;
  });
  await user.click(item);
}

/** A button by its text; antd puts a space between two Chinese characters and icons add their own names. */
export const buttonNamed = (text: string) =>
  screen.getByRole('button', { name: buttonText(text) });
export const buttonText = (text: string) =>
  new RegExp(`^(?:[a-z-]+\\s?)?${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s?')}$`);

/** Requests the mock back end received for a path (e.g. '/ListParam/QueryData'), with their JSON bodies. */
export function recordRequests(path: string) {
  const bodies: unknown[] = [];
  mockServer.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.endsWith(path) && request.method !== 'GET') {
      void request
        .clone()
        .json()
        .then((body) => bodies.push(body), () => bodies.push(undefined));
    }
  });
  return bodies;
}
