/** Renders shell pieces the way the App will: theme provider (antd App), injected services, a memory router. */
import '@ant-design/v5-patch-for-react-19';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import '../../../src/core/i18n';
import { pageRegistry } from '../../../src/app/pageRegistry';
import { ShellServicesProvider, type ShellServices } from '../../../src/shell/services';
import { ShellThemeProvider } from '../../../src/shell/settings/ShellThemeProvider';

export function fakeServices(overrides: Partial<ShellServices> = {}): ShellServices {
  return {
    user: { id: 'u-1', userName: 'ADMIN', nickName: '管理员' },
    currentOrganization: { Id: 'org-1', OrganizeName: '一厂', OrganizeCode: 'F01' },
    logout: vi.fn(),
    changePassword: vi.fn(async () => {}),
    loadOrganizations: vi.fn(async () => [
      { Id: 'org-1', OrganizeName: '一厂', OrganizeCode: 'F01' },
      { Id: 'org-2', OrganizeName: '二厂', OrganizeCode: 'F02' },
    ]),
    switchOrganization: vi.fn(),
    loadEnvironmentVariables: vi.fn(async () => []),
    reload: vi.fn(),
    openWindow: vi.fn(),
    pageRegistry,
    ...overrides,
  };
}

/** Shows the router location, so tests can assert where a click went. */
export function LocationProbe() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

export function renderInShell(
  element: ReactNode,
  { services = fakeServices(), path = '/index', routes = [] as RouteObject[] } = {},
) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            {element}
            <LocationProbe />
          </>
        ),
        children: [{ path: '*', element: null }, ...routes],
      },
    ],
    { initialEntries: [path] },
  );
  // No motion: jsdom never ends CSS animations, so closing dialogs would stay in the DOM.
  // The header's warning badge reads through react-query, as the app provides it.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <ShellThemeProvider>
          <ShellServicesProvider value={services}>
            <RouterProvider router={router} />
          </ShellServicesProvider>
        </ShellThemeProvider>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, services, queryClient };
}
