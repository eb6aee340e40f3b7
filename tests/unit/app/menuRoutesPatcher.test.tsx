import '@ant-design/v5-patch-for-react-19';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import '../../../src/core/i18n';
import { createMenuRoutesPatcher } from '../../../src/app/guard/menuRoutesPatcher';
import { buildNavigation } from '../../../src/core/navigation/buildRoutes';
import { useNavigationStore } from '../../../src/core/navigation/navigationStore';
import { COOKIE, writeCookie } from '../../../src/core/session/cookies';
import { HOME_TITLE, seedMenuTree } from './menuFixtures';
import { startListPageBeforeBootstrap } from '../../../src/app/routes/listPageBeforeBootstrap';

vi.mock('../../../src/app/routes/listPageBeforeBootstrap', () => ({ startListPageBeforeBootstrap: vi.fn(() => false) }));

// antd's first render (CSS-in-JS) takes seconds when the whole unit project runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

function bootstrapInto() {
  return vi.fn(async () => {
    const navigation = buildNavigation({ menuTree: seedMenuTree, apiConfig: {}, homeTitle: HOME_TITLE });
    useNavigationStore.getState().setNavigation({ ...navigation, apiConfig: {}, childApps: [], favourites: [] });
    return true;
  });
}

function renderApp(path: string, ensureBootstrapped: () => Promise<boolean>) {
  const registry = { 'admin/user': async () => ({ default: () => <p>user page</p> }) };
  const router = createMemoryRouter(
    [
      { id: 'shell', path: '/', element: <Outlet />, children: [{ path: 'index', element: <p>home page</p> }] },
      { path: '*', element: <p>404 page</p> },
    ],
    { initialEntries: [path], patchRoutesOnNavigation: createMenuRoutesPatcher('shell', { registry }, ensureBootstrapped) },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => useNavigationStore.getState().reset());

describe('menu routes in the router', () => {
  it('opening a menu screen directly after a page load bootstraps the session, then shows the screen', async () => {
    writeCookie(COOKIE.token, 'tok');
    const ensure = bootstrapInto();
    renderApp('/admin/user', ensure);
    expect(await screen.findByText('user page')).toBeTruthy();
    expect(ensure).toHaveBeenCalled();
  });

  it("a page load asks for a list's grid before it waits for the session bootstrap (which names the page's route)", async () => {
    writeCookie(COOKIE.token, 'tok');
    const early = vi.mocked(startListPageBeforeBootstrap);
    early.mockClear();
    const ensure = bootstrapInto();
    renderApp('/admin/user?tab=1', ensure);
    expect(await screen.findByText('user page')).toBeTruthy();
    expect(early).toHaveBeenCalledWith('/admin/user');
    expect(early.mock.invocationCallOrder[0]).toBeLessThan(ensure.mock.invocationCallOrder[0]);
  });

  it('a path that is not in the menu still gives the 404 page', async () => {
    writeCookie(COOKIE.token, 'tok');
    renderApp('/not/in/menu', bootstrapInto());
    expect(await screen.findByText('404 page')).toBeTruthy();
  });

  it('without a token nothing is loaded', async () => {
    const ensure = bootstrapInto();
    renderApp('/admin/user', ensure);
    expect(await screen.findByText('404 page')).toBeTruthy();
    expect(ensure).not.toHaveBeenCalled();
  });
});
