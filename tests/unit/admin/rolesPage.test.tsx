/**
 * The role screen: a system-default role cannot be deleted, the permission drawer saves what
 * is ticked per role and application code — the menus (PC), PDA menus and tablet menus trees — and
 * a role name another role has is marked on its field (the admin tables' one dialog).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { mockServer } from '../../../mocks/node';
import { DEMO_ROLES } from '../../../mocks/scenarios/demo-data';
import RolesPage from '../../../src/features/admin/pages/RolesPage';
import { expectEscapeKeepsTyping } from '../keepsTyping';
import { expectFieldMarked } from '../fieldMarks';
import { API, grantButtons, renderAdminScreen, wrapped } from './adminTestKit';

const role = (ID: string, ROLE_NAME: string, IS_SYSTEM_DEFAULT: boolean) => ({
  ID, ROLE_NAME, ROLE_TYPE: 'NORMAL', IS_SYSTEM_DEFAULT, REMARK: null, CREATED_AT: '2026-01-01T00:00:00.000Z',
});

const menu = (Id: string, Menu_Name: string, Terminal: string) => ({
  Id, Parent_Id: null, Menu_Code: Id, Menu_Name, MENU_EN: Menu_Name, Call_Alias: null, Icon_Url: '', Link_Url: '', Target: '',
  Is_System_Default: false, Is_Expanded: false, Is_Shown: true, SORT_NUM: 0, COLUMNS: null, Parent_Route: null, ENABLED: 'Y',
  AppCode: null, AppUrl: null, Terminal, Buttons: [],
});

let saves: unknown[];

beforeEach(() => {
  saves = [];
  grantButtons('AdminRole', ['Save', 'Delete', 'Permission']);
  mockServer.use(
    http.get(`${API}/Role/GetAll`, () => wrapped([role('role-system', '系统管理员', true), role('role-packer', '包装员', false)])),
    http.get(`${API}/Menu/LoadData2Tree`, ({ request }) => {
      const terminal = new URL(request.url).searchParams.get('terminal');
      return wrapped(terminal === 'PDA' ? [menu('pda-receive', 'PDA收货', 'PDA')] : terminal === 'PAD' ? [] : [menu('pc-users', '用户管理', 'PC')]);
    }),
    http.get(`${API}/Role/GetPermissions`, () => wrapped({ MenuIds: [], ButtonIds: [] })),
    http.post(`${API}/Role/SavePermissions`, async ({ request }) => {
      saves.push(await request.json());
      return wrapped(null);
    }),
  );
});

describe('role management', () => {
  it('offers delete only for roles that are not system defaults', async () => {
    renderAdminScreen(<RolesPage />, 'AdminRole');
    const systemRow = (await screen.findByText('系统管理员')).closest('tr')!;
    const packerRow = screen.getByText('包装员').closest('tr')!;
    expect(within(systemRow).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(within(packerRow).getByRole('button', { name: /删\s*除/ })).toBeTruthy();
  });

  it('saves the menus, PDA menus and tablet menus ticked, each under its application code', async () => {
    renderAdminScreen(<RolesPage />, 'AdminRole');
    const packerRow = (await screen.findByText('包装员')).closest('tr')!;
    await userEvent.click(within(packerRow).getByRole('button', { name: /分配权限/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: '全选' }));
    await userEvent.click(screen.getByRole('tab', { name: 'PDA菜单' }));
    const pdaNode = (await screen.findByText('PDA收货')).closest('.ant-tree-treenode')!;
    await userEvent.click(pdaNode.querySelector('.ant-tree-checkbox')!);
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await screen.findByText('保存成功');
    expect(saves).toEqual([
      { ROLE_ID: 'role-packer', APP_CODE: 'PC', MENU_IDS: ['pc-users'], BUTTON_IDS: [] },
      { ROLE_ID: 'role-packer', APP_CODE: 'PDA', MENU_IDS: ['pda-receive'], BUTTON_IDS: [] },
      { ROLE_ID: 'role-packer', APP_CODE: 'PAD', MENU_IDS: [], BUTTON_IDS: [] },
    ]);
  });

  it('marks a role name another role has on the name field, as the mocks\' Role/Save refuses it (the shared rule)', async () => {
    const taken = DEMO_ROLES[0].ROLE_NAME;
    renderAdminScreen(<RolesPage />, 'AdminRole');
    await screen.findByText('包装员');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('角色名称'), taken);
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*[定认]/ }));
    await expectFieldMarked(dialog, '角色名称', '该角色名称已存在');
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('keeps a role typed into the form when Escape is pressed or the mask clicked', async () => {
    renderAdminScreen(<RolesPage />, 'AdminRole');
    await screen.findByText('包装员');
    const add = screen.getByRole('button', { name: /新\s*增/ });
    await expectEscapeKeepsTyping(() => userEvent.click(add), '质检员');
  });
});
