/**
 * The user screen with several roles per user (spec §3 User: roles) and the menus given to a user
 * directly (User/GetUserMenuTree, User/SaveUserMenu): the grid lists every role, the form saves
 * several, and the user-menu drawer shows what the roles give as fixed and saves the rest per
 * terminal.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { mockServer } from '../../../mocks/node';
import { changeLanguage } from '../../../src/core/i18n';
import UsersPage from '../../../src/features/admin/pages/UsersPage';
import { API, grantButtons, renderAdminScreen, wrapped } from './adminTestKit';

const role = (ID: string, ROLE_NAME: string) => ({ ID, ROLE_NAME, ROLE_TYPE: 'NORMAL', IS_SYSTEM_DEFAULT: false, REMARK: null, CREATED_AT: '2026-01-01T00:00:00.000Z' });

const USER = {
  ID: 'user-li', USER_NAME: 'li', NICK_NAME: '李工', ROLE_ID: 'role-operator,role-quality', ROLE_IDS: ['role-operator', 'role-quality'],
  ROLE_NAME: '仓库操作员,品质员', ROLE_NAMES: ['仓库操作员', '品质员'], USER_TYPE: null, ORGANIZE_IDS: ['org-f01'], PHONE: null, EMAIL: null,
  WECHAT_ID: null, DINGTALK_ID: null, REMARK: null, IS_AVAILABLE: true, IS_LOCKED: false, CREATED_AT: '2026-01-01T00:00:00.000Z',
};

const item = (Id: string, Menu_Name: string, Parent_Id: string | null, children?: unknown[]) => ({
  Id, Parent_Id, Menu_Name, MENU_EN: `${Menu_Name} (en)`, Menu_Code: Id, Link_Url: '', Icon_Url: '', Target: '', COLUMNS: null,
  AppUrl: null, AppCode: null, ENABLED: 'Y', SORT_NUM: 0, ...(children ? { children } : {}),
});

let saved: unknown[];
let treeRequests: string[];

beforeEach(() => {
  saved = [];
  treeRequests = [];
  mockServer.use(
    http.get(`${API}/User/LoadData`, () => wrapped([USER], { count: 1 })),
    http.get(`${API}/Role/GetAll`, () => wrapped([role('role-operator', '仓库操作员'), role('role-quality', '品质员'), role('role-clerk', '仓库文员')])),
    http.get(`${API}/Organize/LoadTree`, () => wrapped([{ Id: 'org-f01', OrganizeName: '一厂', OrganizeCode: 'F01', Parent_Id: null, OrgType: null, Enabled: true, Remark: null, SORT_NUM: 10, UserCount: 2 }])),
    http.post(`${API}/User/AddOrModifySave`, async ({ request }) => {
      saved.push(await request.json());
      return wrapped({ ID: USER.ID, Password: null });
    }),
    http.get(`${API}/User/GetUserMenuTree`, ({ request }) => {
      const appCode = new URL(request.url).searchParams.get('appCode') ?? 'PC';
      treeRequests.push(appCode);
      if (appCode === 'PDA') {
        return wrapped({ Menus: [item('pda-in', '入库作业', null, [item('pda-receive', '收货扫描', 'pda-in')])], CheckedIds: [], RoleMenuIds: [] });
      }
      return wrapped({
        Menus: [item('m-admin', '系统管理', null, [item('m-user', '用户管理', 'm-admin'), item('m-menu', '菜单与按钮管理', 'm-admin')])],
        CheckedIds: [],
        RoleMenuIds: ['m-admin', 'm-user'],
      });
    }),
    http.post(`${API}/User/SaveUserMenu`, async ({ request }) => {
      saved.push(await request.json());
      return wrapped(null);
    }),
  );
});

const checkboxOf = (label: string) => screen.getByText(label).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;

describe('users with several roles', () => {
  it('lists every role of a user in the grid', async () => {
    grantButtons('AdminUser', []);
    renderAdminScreen(<UsersPage />, 'AdminUser');
    const row = (await screen.findByText('li')).closest('tr')!;
    expect(within(row).getByText('仓库操作员')).toBeTruthy();
    expect(within(row).getByText('品质员')).toBeTruthy();
  });

  it('edits the roles as a multi-select and saves all of them', async () => {
    grantButtons('AdminUser', ['Save']);
    renderAdminScreen(<UsersPage />, 'AdminUser');
    const row = (await screen.findByText('li')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    // Both roles are chosen already; add a third.
    await waitFor(() => expect(within(dialog).getAllByText('品质员').length).toBeGreaterThan(0));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^角色/ }));
    await userEvent.click(await screen.findByTitle('仓库文员'));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*[定认]|OK|Submit/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ ID: 'user-li', ROLE_IDS: ['role-operator', 'role-quality', 'role-clerk'] });
  });

  it('needs at least one role', async () => {
    grantButtons('AdminUser', ['Save']);
    renderAdminScreen(<UsersPage />, 'AdminUser');
    await userEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('用户名'), 'wang');
    await userEvent.type(within(dialog).getByLabelText('姓名'), '王工');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*[定认]|OK|Submit/ }));
    expect(await within(dialog).findByText('请选择角色')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});

describe("a user's own menus", () => {
  it('is offered only with the Permission button', async () => {
    grantButtons('AdminUser', ['Save']);
    renderAdminScreen(<UsersPage />, 'AdminUser');
    const row = (await screen.findByText('li')).closest('tr')!;
    await waitFor(() => expect(within(row).getByRole('button', { name: /编\s*辑/ })).toBeTruthy());
    expect(within(row).queryByRole('button', { name: /菜单授权/ })).toBeNull();
  });

  it("shows the roles' menus as given and fixed, and saves the menus ticked for the user per terminal", async () => {
    grantButtons('AdminUser', ['Permission']);
    renderAdminScreen(<UsersPage />, 'AdminUser');
    const row = (await screen.findByText('li')).closest('tr')!;
    await userEvent.click(await within(row).findByRole('button', { name: /菜单授权/ }));
    const drawer = (await screen.findByText('菜单授权：li')).closest('.ant-drawer-content') as HTMLElement;
    await within(drawer).findByText('菜单与按钮管理');

    // The roles give 系统管理 and 用户管理: checked, fixed and tagged.
    const userNode = within(drawer).getByText('用户管理').closest('.ant-tree-treenode')!;
    expect(userNode.querySelector('.ant-tree-checkbox-checked')).toBeTruthy();
    expect(userNode.querySelector('.ant-tree-checkbox-disabled')).toBeTruthy();
    expect(within(userNode as HTMLElement).getByText('角色')).toBeTruthy();

    await userEvent.click(checkboxOf('菜单与按钮管理'));
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    // The parent comes from the roles already, so only the menu itself is given to the user.
    await waitFor(() => expect(saved).toEqual([{ USER_ID: 'user-li', APP_CODE: 'PC', MENU_IDS: ['m-menu'] }]));

    // The PDA tree: ticking a menu gives its parent too.
    await userEvent.click(within(drawer).getByText('PDA菜单'));
    await within(drawer).findByText('收货扫描');
    expect(treeRequests).toContain('PDA');
    await userEvent.click(checkboxOf('收货扫描'));
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual({ USER_ID: 'user-li', APP_CODE: 'PDA', MENU_IDS: ['pda-in', 'pda-receive'] });
  });

  it('is in English with the English language', async () => {
    await changeLanguage('en');
    grantButtons('AdminUser', ['Permission']);
    renderAdminScreen(<UsersPage />, 'AdminUser');
    const row = (await screen.findByText('li')).closest('tr')!;
    await userEvent.click(await within(row).findByRole('button', { name: /User menus/ }));
    expect(await screen.findByText('Menus of li')).toBeTruthy();
    // Menus by their English names.
    expect(await screen.findByText('菜单与按钮管理 (en)')).toBeTruthy();
    expect(screen.getByText('Tablet menus')).toBeTruthy();
    expect(screen.getAllByText('Role').length).toBeGreaterThan(0);
  });
});

describe('the user grid', () => {
  it('asks for the rows once on opening, and 搜索 sends the typed name from page 1 and stops spinning when the rows come', async () => {
    const asked: Record<string, string>[] = [];
    const wang = { ...USER, ID: 'user-wang', USER_NAME: 'wang', NICK_NAME: '王工' };
    mockServer.use(
      http.get(`${API}/User/LoadData`, ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        asked.push(query);
        return query.Key === 'wang' ? wrapped([wang], { count: 1 }) : wrapped([USER], { count: 1 });
      }),
    );
    grantButtons('AdminUser', []);
    renderAdminScreen(<UsersPage />, 'AdminUser');
    await screen.findByText('li');
    expect(asked).toEqual([{ Page: '1', Limit: '200' }]);

    await userEvent.type(screen.getByLabelText('关键字'), 'wang');
    const query = screen.getByRole('button', { name: /搜\s*索/ });
    await userEvent.click(query);
    await screen.findByText('wang');
    expect(screen.queryByText('li')).toBeNull();
    expect(asked.at(-1)).toEqual({ Key: 'wang', Page: '1', Limit: '200' });
    await waitFor(() => expect(query.classList.contains('ant-btn-loading')).toBe(false));
  });

  it('asks for the rows again after a user is saved', async () => {
    let asked = 0;
    mockServer.use(http.get(`${API}/User/LoadData`, () => ((asked += 1), wrapped([USER], { count: 1 }))));
    grantButtons('AdminUser', ['Save']);
    renderAdminScreen(<UsersPage />, 'AdminUser');
    const row = (await screen.findByText('li')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getAllByText('品质员').length).toBeGreaterThan(0));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*[定认]|OK|Submit/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await waitFor(() => expect(asked).toBe(2));
  });
});
