/**
 * Renders an admin screen the way the shell does (antd App, a fresh query cache, the notifier
 * bridge, the menu route it was opened from) against the mock back end, signed in as ADMIN. Each
 * test scripts the admin calls it needs with `answer(...)`.
 */
import '@ant-design/v5-patch-for-react-19';
import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { mockServer } from '../../../mocks/node';
import { MenuRouteContext } from '../../../src/app/routes/menuRouteContext';
import type { DynamicRoute } from '../../../src/app/routes/types';
import { Providers, signIn } from '../grid/gridTestKit';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

export const API = 'http://localhost:3000/api';

export const wrapped = (data: unknown, extra: Record<string, unknown> = {}) => HttpResponse.json({ code: 200, msg: '', data, ...extra });

/** The caller's role has these buttons on the menu the screen is opened from. */
export function grantButtons(menuId: string, codes: string[]) {
  mockServer.use(http.get(`${API}/Role/GetAllButtonByRoleId`, () => wrapped({ [menuId]: codes })));
}

export function renderAdminScreen(screen: ReactNode, menuCode: string) {
  signIn('ADMIN');
  const route: DynamicRoute = { path: '', name: menuCode, menuId: `menu-${menuCode}`, title: { zh: menuCode, en: menuCode }, kind: 'page' };
  return render(
    <Providers>
      <MenuRouteContext.Provider value={route}>{screen}</MenuRouteContext.Provider>
    </Providers>,
  );
}
