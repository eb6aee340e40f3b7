import '@ant-design/v5-patch-for-react-19';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import '../../../src/core/i18n';
import { changeLanguage } from '../../../src/core/i18n';
import { useNavigationStore } from '../../../src/core/navigation/navigationStore';
import type { DynamicRoute } from '../../../src/core/navigation/types';
import { KeepAliveOutlet } from '../../../src/shell/tabs/KeepAliveOutlet';
import { RefreshPage } from '../../../src/shell/tabs/RefreshPage';
import { TabsBar } from '../../../src/shell/tabs/TabsBar';
import { useTabsStore } from '../../../src/shell/tabs/tabsStore';
import { useTabsFollowLocation } from '../../../src/shell/tabs/useTabsFollowLocation';

// antd's first render (CSS-in-JS) takes seconds when the whole unit project runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

const route = (path: string, zh: string, en: string): DynamicRoute => ({
  path,
  name: path.toUpperCase(),
  menuId: path,
  title: { zh, en },
  kind: 'page',
  componentKey: path,
});

function Layout() {
  useTabsFollowLocation();
  const location = useLocation();
  return (
    <>
      <TabsBar />
      <KeepAliveOutlet />
      <output aria-label="location">{location.pathname + location.search}</output>
    </>
  );
}

function FormPage({ label }: { label: string }) {
  return <input aria-label={label} />;
}

function renderShell(initialPath = '/index') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Layout />,
        children: [
          { path: 'index', element: <p>home page</p> },
          { path: 'parts', element: <FormPage label="part name" /> },
          { path: 'users', element: <FormPage label="user name" /> },
          { path: 'stock', element: <p>stock page</p> },
          { path: 'refresh', element: <RefreshPage /> },
          { path: '*', element: <p>not found page</p> },
        ],
      },
    ],
    { initialEntries: [initialPath] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const tabNamed = (name: string | RegExp) => screen.getByRole('tab', { name });
const tabTitles = () => screen.getAllByRole('tab').filter((el) => !el.classList.contains('ant-tabs-tab-remove')).map((el) => el.textContent);
const locationShown = () => screen.getByLabelText('location').textContent;

beforeEach(async () => {
  await changeLanguage('en');
  useTabsStore.setState(useTabsStore.getInitialState(), true);
  useNavigationStore.setState({
    routes: [route('parts', '物料', 'Parts'), route('users', '用户', 'Users'), route('stock', '库存', 'Stock')],
  });
});

async function openTabs(router: ReturnType<typeof renderShell>, ...paths: string[]) {
  for (const path of paths) await act(() => router.navigate(path));
}

describe('tabs bar', () => {
  it('each visited screen gets one tab after Home, titled in the current language', async () => {
    const router = renderShell();
    await openTabs(router, '/parts', '/users', '/parts');
    expect(tabTitles()).toEqual(['Home', 'Parts', 'Users']);
    await act(() => changeLanguage('zh-chs'));
    expect(tabTitles()).toEqual(['首页', '物料', '用户']);
  });

  it("names the icon-only close button in the UI's language (Close, 关闭), not antd's English 'remove'", async () => {
    const router = renderShell();
    await openTabs(router, '/parts');
    const partsTab = () => tabNamed(/Parts|物料/).closest('.ant-tabs-tab') as HTMLElement;
    expect(within(partsTab()).getByRole('tab', { name: 'Close' })).toBeTruthy();
    await act(() => changeLanguage('zh-chs'));
    expect(within(partsTab()).getByRole('tab', { name: '关闭' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'remove' })).toBeNull();
  });

  it('clicking a tab goes back to the page it was left at, query included', async () => {
    const router = renderShell();
    await openTabs(router, '/parts?code=X', '/users');
    await userEvent.click(tabNamed('Parts'));
    expect(locationShown()).toBe('/parts?code=X');
  });

  it('closing the last tab activates the previous one', async () => {
    const router = renderShell();
    await openTabs(router, '/parts', '/users');
    const usersTab = tabNamed('Users').closest('.ant-tabs-tab') as HTMLElement;
    await userEvent.click(within(usersTab).getByRole('tab', { name: 'Close' }));
    expect(tabTitles()).toEqual(['Home', 'Parts']);
    expect(locationShown()).toBe('/parts');
  });

  it('an address with no tab (the 404 page) leaves every tab inactive, Home included', async () => {
    const router = renderShell();
    await openTabs(router, '/parts', '/no/such/screen');
    screen.getByText('not found page');
    expect(tabTitles()).toEqual(['Home', 'Parts']);
    expect(screen.getAllByRole('tab').filter((el) => el.getAttribute('aria-selected') === 'true')).toEqual([]);

    await userEvent.click(tabNamed('Home'));
    expect(tabNamed('Home').getAttribute('aria-selected')).toBe('true');
  });

  it('the Home tab has no close button', () => {
    renderShell();
    const homeTab = tabNamed('Home').closest('.ant-tabs-tab') as HTMLElement;
    expect(within(homeTab).queryByRole('tab', { name: 'Close' })).toBeNull();
  });

  it('right-clicking the Home tab offers only close all', async () => {
    renderShell();
    fireEvent.contextMenu(tabNamed('Home'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Close all']);
  });

  it('right-clicking another tab offers refresh and the four close actions; close others keeps it and Home', async () => {
    const router = renderShell();
    await openTabs(router, '/parts', '/users', '/stock');
    fireEvent.contextMenu(tabNamed('Users'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Refresh',
      'Close left',
      'Close right',
      'Close others',
      'Close all',
    ]);
    await userEvent.click(within(menu).getByText('Close others'));
    expect(tabTitles()).toEqual(['Home', 'Users']);
    expect(locationShown()).toBe('/users');
  });

  it('dragging a tab onto another moves it there', async () => {
    const router = renderShell();
    await openTabs(router, '/parts', '/users', '/stock');
    const node = (name: string) => tabNamed(name).closest('.ant-tabs-tab') as HTMLElement;
    fireEvent.dragStart(node('Stock'));
    fireEvent.dragOver(node('Parts'));
    fireEvent.drop(node('Parts'));
    expect(tabTitles()).toEqual(['Home', 'Stock', 'Parts', 'Users']);
  });
});

describe('keep-alive pages', () => {
  it('what was typed on a page is still there after visiting another tab', async () => {
    const router = renderShell();
    await openTabs(router, '/parts');
    await userEvent.type(screen.getByLabelText('part name'), 'R-100');
    await openTabs(router, '/users');
    // Hidden from the user (and from the accessibility tree) but still mounted.
    expect(screen.queryByRole('textbox', { name: 'part name' })).toBeNull();
    await userEvent.click(tabNamed('Parts'));
    expect(screen.getByRole('textbox', { name: 'part name' })).toHaveProperty('value', 'R-100');
  });

  it('refreshing a tab goes through the refresh route and comes back with a fresh page', async () => {
    const router = renderShell();
    await openTabs(router, '/parts');
    await userEvent.type(screen.getByLabelText('part name'), 'R-100');
    fireEvent.contextMenu(tabNamed('Parts'));
    await userEvent.click(within(await screen.findByRole('menu')).getByText('Refresh'));
    expect(locationShown()).toBe('/refresh?redirect=%2Fparts');
    await waitFor(() => expect(locationShown()).toBe('/parts'));
    expect(screen.getByLabelText('part name')).toHaveProperty('value', '');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('closing a tab drops its page, so opening it again starts empty', async () => {
    const router = renderShell();
    await openTabs(router, '/parts');
    await userEvent.type(screen.getByLabelText('part name'), 'R-100');
    const partsTab = tabNamed('Parts').closest('.ant-tabs-tab') as HTMLElement;
    await userEvent.click(within(partsTab).getByRole('tab', { name: 'Close' }));
    await openTabs(router, '/parts');
    expect(screen.getByLabelText('part name')).toHaveProperty('value', '');
  });
});
