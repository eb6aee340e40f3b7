/** Pages of the static routes (spec §2): /Iframe, /micro, redirect/{route*}, the 404 catch-all. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { changeLanguage } from '../../../src/core/i18n';
import { useNavigationStore } from '../../../src/core/navigation/navigationStore';
import { RedirectPage } from '../../../src/app/routes/RedirectPage';
import { NotFoundPage } from '../../../src/app/routes/NotFoundPage';
import { ChildAppHostPage } from '../../../src/shell/childApp/ChildAppHostPage';
import { UrlIframePage } from '../../../src/shell/iframe/IframePage';
import { renderInShell } from './shellTestKit';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../../mocks/node';

// antd's first render (CSS-in-JS) takes seconds when the whole unit project runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

const location = () => screen.getByLabelText('location').textContent;

beforeEach(async () => {
  await changeLanguage('en');
  useNavigationStore.getState().reset();
  useNavigationStore.getState().setNavigation({
    routes: [],
    menus: [],
    searchIndex: [],
    newWindowItems: [],
    apiConfig: { REPORT_HOST: 'http://reports.plant.test:8080/report' },
    childApps: [{ Code: 'DEMO', Name: 'Demo child app', Url: '/child-demo/' }],
    favourites: [],
  });
});

describe('/Iframe', () => {
  const iframeRoute = [{ path: 'Iframe', element: <UrlIframePage /> }];

  it('embeds an address on a host of the API configuration', () => {
    const url = 'http://reports.plant.test:8080/report/view?id=7';
    renderInShell(<Outlet />, { path: `/Iframe?url=${encodeURIComponent(url)}&title=Stock`, routes: iframeRoute });
    expect(screen.getByTitle('Stock').getAttribute('src')).toBe(url);
  });

  it('refuses an address on any other host, and never a javascript: one', () => {
    for (const url of ['https://evil.example/login', 'javascript:alert(1)']) {
      const { unmount } = renderInShell(<Outlet />, { path: `/Iframe?url=${encodeURIComponent(url)}`, routes: iframeRoute });
      expect(screen.getByText('This address cannot be embedded')).toBeTruthy();
      expect(document.querySelector('iframe')).toBeNull();
      unmount();
    }
  });
});

describe('/micro', () => {
  const microRoute = [{ path: 'micro/*', element: <ChildAppHostPage /> }];

  it('loads the child app in a frame titled with its name, behind a loading overlay', async () => {
    mockServer.use(http.get('*/child-demo/', () => HttpResponse.text('<!doctype html><title>demo</title>')));
    renderInShell(<Outlet />, { path: '/micro/DEMO/orders/7', routes: microRoute });
    expect(document.querySelector('.shell-child-app-overlay')?.textContent).toContain('Loading child app Demo child app');
    const frame = await screen.findByTitle('Demo child app');
    expect(frame.getAttribute('src')).toBe('/child-demo/');
  });

  it('a child app that cannot be fetched gives a persistent notification titled with its name', async () => {
    mockServer.use(http.get('*/child-demo/', () => HttpResponse.error()));
    renderInShell(<Outlet />, { path: '/micro/DEMO', routes: microRoute });
    expect(await screen.findByText('Cannot fetch child app /child-demo/')).toBeTruthy();
    expect(document.querySelector('.ant-notification-notice-message')?.textContent).toBe('Demo child app');
    expect(screen.queryByTitle('Demo child app')).toBeNull();
  });

  it('says so for an app code that is not in the child-app list', () => {
    renderInShell(<Outlet />, { path: '/micro/NOPE', routes: microRoute });
    expect(screen.getByText('There is no child app with code NOPE')).toBeTruthy();
  });
});

describe('redirect/{route*}', () => {
  it('replaces itself with the path after redirect/, query kept', async () => {
    const { router } = renderInShell(<Outlet />, { path: '/redirect/admin/user?tab=2', routes: [{ path: 'redirect/*', element: <RedirectPage /> }] });
    await screen.findByText('/admin/user?tab=2');
    expect(location()).toBe('/admin/user?tab=2');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('an address outside the user\'s routes', () => {
  it('that no screen has is the 404 page', () => {
    renderInShell(<NotFoundPage />, { path: '/no/such/screen' });
    expect(screen.getByText('Sorry, this page does not exist.')).toBeTruthy();
  });

  it('of a screen the role does not grant says access is denied, not that it does not exist', () => {
    renderInShell(<NotFoundPage />, { path: '/admin/role' });
    expect(screen.getByText('Access denied: your role does not have this page.')).toBeTruthy();
    expect(screen.queryByText('Sorry, this page does not exist.')).toBeNull();
  });
});
