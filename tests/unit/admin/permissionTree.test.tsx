/**
 * A role's permission tree (spec §6): select-all takes every menu and button of the terminal;
 * a chosen button brings its menu and that menu's parents; dropping a menu drops what is under it.
 */
import '@ant-design/v5-patch-for-react-19';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminMenu } from '../../../src/features/admin/api';
import { PermissionTree, type PermissionSelection } from '../../../src/features/admin/components/PermissionTree';

vi.setConfig({ testTimeout: 30_000 });

const menu = (Id: string, name: string, Parent_Id: string | null, extra: Partial<AdminMenu> = {}): AdminMenu => ({
  Id, Parent_Id, Menu_Code: Id, Menu_Name: name, MENU_EN: name, Call_Alias: null, Icon_Url: '', Link_Url: '', Target: '',
  Is_System_Default: false, Is_Expanded: false, Is_Shown: true, SORT_NUM: 0, COLUMNS: null, Parent_Route: null, ENABLED: 'Y',
  AppCode: null, AppUrl: null, Terminal: 'PC', Buttons: [], ...extra,
});

const TREE: AdminMenu[] = [
  menu('admin', '系统管理', null, {
    children: [
      menu('users', '用户管理', 'admin', {
        Buttons: [{ Id: 'b-lock', Parent_Id: 'users', Menu_Code: 'Lock', ParentMenuCode: 'users', Button_Name: '锁定/解锁', Button_Name_En: 'Lock', SORT_NUM: 1 }],
      }),
      menu('roles', '角色管理', 'admin'),
    ],
  }),
];

let latest: PermissionSelection;

/** Ticks (or unticks) the checkbox of the tree node showing this text. */
async function toggle(text: string) {
  const node = screen.getByText(text).closest('.ant-tree-treenode');
  await userEvent.click(node!.querySelector('.ant-tree-checkbox')!);
}

function Harness({ initial }: { initial: PermissionSelection }) {
  const [value, setValue] = useState(initial);
  latest = value;
  return <PermissionTree menus={TREE} value={value} onChange={setValue} />;
}

describe('permission tree', () => {
  it('select-all takes every menu and button, and clears them again', async () => {
    render(<Harness initial={{ menuIds: [], buttonIds: [] }} />);
    await userEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(latest).toEqual({ menuIds: ['admin', 'roles', 'users'], buttonIds: ['b-lock'] });
    await userEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(latest).toEqual({ menuIds: [], buttonIds: [] });
  });

  it('a chosen button brings its menu and the menu\'s parent', async () => {
    render(<Harness initial={{ menuIds: [], buttonIds: [] }} />);
    await toggle('锁定/解锁 (Lock)');
    expect(latest).toEqual({ menuIds: ['admin', 'users'], buttonIds: ['b-lock'] });
  });

  it('dropping a menu drops its submenus and buttons', async () => {
    render(<Harness initial={{ menuIds: ['admin', 'roles', 'users'], buttonIds: ['b-lock'] }} />);
    await toggle('系统管理');
    expect(latest).toEqual({ menuIds: [], buttonIds: [] });
  });
});
