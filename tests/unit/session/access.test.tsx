/**
 * The one access hook (src/core/navigation/access.ts): it answers from the session's grants, which
 * the bootstrap makes from the role menu and the button map, and a screen shows a button only when
 * the user has it on the screen's menu.
 */
import '@ant-design/v5-patch-for-react-19';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { useNavigationStore } from '../../../src/core/navigation/navigationStore';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import type { DynamicRoute } from '../../../src/core/navigation/types';
import { accessOf, grantsOf, useAccess } from '../../../src/core/navigation/access';
import { AddRecordButton } from '../../../src/features/admin/components/RecordActions';
import { menuItem } from '../app/menuFixtures';

const usersRoute: DynamicRoute = { path: 'admin/user', name: 'AdminUser', menuId: 'm-user', title: { zh: '用户', en: 'Users' }, kind: 'page' };

const onPage = (route: DynamicRoute | undefined) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <MenuRouteContext.Provider value={route}>{children}</MenuRouteContext.Provider>;
  };

describe('the session grants', () => {
  it('are every shown menu of the role menu, nested ones too, with its buttons from the button map', () => {
    const tree = [
      menuItem({
        Id: 'm-admin',
        Menu_Code: 'Admin',
        children: [
          menuItem({ Id: 'm-user', Parent_Id: 'm-admin', Menu_Code: 'AdminUser' }),
          menuItem({ Id: 'm-role', Parent_Id: 'm-admin', Menu_Code: 'AdminRole', ENABLED: 'N' }),
        ],
      }),
      menuItem({ Id: 'm-scm', Menu_Code: 'ScmOrders', AppCode: 'SCM' }),
    ];
    expect(grantsOf(tree, { 'm-user': ['Save', 'Lock'], 'm-role': ['Save'], 'm-scm': ['Save'] })).toEqual({ Admin: [], AdminUser: ['Save', 'Lock'] });
  });
});

describe('useAccess', () => {
  it('answers from the session: a menu, a button of a menu, a button of the page’s menu', () => {
    useNavigationStore.getState().setGrants({ AdminUser: ['Save', 'Lock'], MasterPart: ['SeniorSearch'] });
    const { result } = renderHook(() => useAccess(), { wrapper: onPage(usersRoute) });
    expect(result.current.has('AdminUser')).toBe(true);
    expect(result.current.has('AdminRole')).toBe(false);
    expect(result.current.has('AdminUser', 'Lock')).toBe(true);
    expect(result.current.has('AdminUser', 'Delete')).toBe(false);
    expect(result.current.has('MasterPart', 'SeniorSearch')).toBe(true);
    expect(result.current.can('Save')).toBe(true);
    expect(result.current.can('ResetPassword')).toBe(false);
  });

  it('grants no button on a page outside the menus, and nothing once the session is gone', () => {
    useNavigationStore.getState().setGrants({ AdminUser: ['Save'] });
    const outside = renderHook(() => useAccess(), { wrapper: onPage(undefined) });
    expect(outside.result.current.can('Save')).toBe(false);

    const { result } = renderHook(() => useAccess(), { wrapper: onPage(usersRoute) });
    expect(result.current.can('Save')).toBe(true);
    act(() => useNavigationStore.getState().reset());
    expect(result.current.can('Save')).toBe(false);
    expect(result.current.has('AdminUser')).toBe(false);
  });

  it('takes only the codes the contract declares', () => {
    const access = accessOf({ AdminUser: ['Save'] });
    // @ts-expect-error -- no operation's x-permission names this menu.
    expect(access.has('NoSuchMenu')).toBe(false);
    // @ts-expect-error -- AdminEnvConfig declares Save and Delete only.
    expect(access.has('AdminEnvConfig', 'Lock')).toBe(false);
    // @ts-expect-error -- no operation declares this button.
    expect(access.can('Fly')).toBe(false);
  });
});

describe('a screen', () => {
  const renderAddButton = () =>
    render(
      <AntdApp>
        <MenuRouteContext.Provider value={usersRoute}>
          <AddRecordButton onAdd={() => {}} />
        </MenuRouteContext.Provider>
      </AntdApp>,
    );

  it('hides a button the user lacks on its menu', () => {
    useNavigationStore.getState().setGrants({ AdminUser: ['Lock'], AdminRole: ['Save'] });
    renderAddButton();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows it once the user has it', () => {
    useNavigationStore.getState().setGrants({ AdminUser: ['Save'] });
    renderAddButton();
    expect(screen.getByRole('button')).toBeTruthy();
  });
});
