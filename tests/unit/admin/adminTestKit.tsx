/**
 * Renders an admin screen the way the shell does (antd App, a fresh query cache, the notifier
 * bridge, the menu route it was opened from) against the mock back end, signed in as ADMIN. Each
 * test scripts the admin calls it needs with `answer(...)`.
 */
import '@ant-design/v5-patch-for-react-19';
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { vi } from 'vitest';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import type { DynamicRoute } from '../../../src/core/navigation/types';
import { useNavigationStore } from '../../../src/core/navigation/navigationStore';
import type { ButtonCode, MenuCode } from '../../../src/api/access-codes';
import { Providers, signIn } from '../grid/gridTestKit';

vi.setConfig({ testTimeout: 30_000 });

export const API = 'http://localhost:3000/api';

export const wrapped = (data: unknown, extra: Record<string, unknown> = {}) => HttpResponse.json({ code: 200, msg: '', data, ...extra });

/** The session's grants: the menu the screen is opened from, with these of its buttons. */
export function grantButtons(menuCode: MenuCode, codes: ButtonCode[]) {
  useNavigationStore.getState().setGrants({ [menuCode]: codes });
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
