/**
 * The user screen: its actions follow the role's buttons (spec §6), a taken user name is refused
 * with '该用户已存在' before anything is saved (spec §5) — or, taken meanwhile, marked on its field
 * when the save is refused — and a generated password is shown once.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { mockServer } from '../../../mocks/node';
import { changeLanguage } from '../../../src/core/i18n';
import UsersPage from '../../../src/features/admin/pages/UsersPage';
import { UserForm } from '../../../src/features/admin/components/UserForm';
import { DEMO_USERS } from '../../../mocks/scenarios/demo-data';
import { expectFieldMarked } from '../fieldMarks';
import { expectEscapeKeepsTyping } from '../keepsTyping';
import { API, grantButtons, renderAdminScreen, wrapped } from './adminTestKit';

const OPERATOR = {
  ID: 'user-operator', USER_NAME: 'operator', NICK_NAME: '操作员', ROLE_ID: 'role-operator', ROLE_IDS: ['role-operator'], ROLE_NAME: '仓库操作员', ROLE_NAMES: ['仓库操作员'], USER_TYPE: null,
  ORGANIZE_IDS: ['org-f01'], PHONE: '13800000000', EMAIL: null, WECHAT_ID: null, DINGTALK_ID: null, REMARK: null,
  IS_AVAILABLE: true, IS_LOCKED: false, CREATED_AT: '2026-01-01T00:00:00.000Z',
};

let saved: unknown[];

beforeEach(() => {
  saved = [];
  mockServer.use(
    http.get(`${API}/User/LoadData`, () => wrapped([OPERATOR], { count: 1 })),
    http.get(`${API}/Role/GetAll`, () => wrapped([{ ID: 'role-operator', ROLE_NAME: '仓库操作员', ROLE_TYPE: 'NORMAL', IS_SYSTEM_DEFAULT: false, REMARK: null, CREATED_AT: '2026-01-01T00:00:00.000Z' }])),
    http.get(`${API}/Organize/LoadTree`, () => wrapped([{ Id: 'org-f01', OrganizeName: '一厂', OrganizeCode: 'F01', Parent_Id: null, OrgType: null, Enabled: true, Remark: null, SORT_NUM: 10, UserCount: 2 }])),
    http.post(`${API}/User/IsExistsName`, async ({ request }) => wrapped(((await request.json()) as { USER_NAME: string }).USER_NAME === 'operator')),
    http.post(`${API}/User/AddOrModifySave`, async ({ request }) => {
      saved.push(await request.json());
      return wrapped({ ID: 'new', Password: null });
    }),
  );
});

describe('user management', () => {
  it("searches with the grids' words, 搜索 and 重置 (Search and Reset in English), not ProTable's own 查询", async () => {
    renderAdminScreen(<UsersPage />, 'AdminUser');
    await screen.findByText('operator');
    expect(screen.getByRole('button', { name: /^搜\s*索$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^重\s*置$/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^查\s*询$/ })).toBeNull();
    cleanup();
    await changeLanguage('en');
    renderAdminScreen(<UsersPage />, 'AdminUser');
    await screen.findByText('operator');
    expect(screen.getByRole('button', { name: /^Search$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Reset$/ })).toBeTruthy();
  });

  it('shows only the actions whose buttons the role has', async () => {
    grantButtons('AdminUser', ['Lock']);
    renderAdminScreen(<UsersPage />, 'AdminUser');
    const row = (await screen.findByText('operator')).closest('tr')!;
    await waitFor(() => expect(within(row).getByRole('button', { name: /锁\s*定/ })).toBeTruthy());
    expect(within(row).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /重置密码/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });

  it("refuses a user name that already exists with '该用户已存在' and saves nothing", async () => {
    grantButtons('AdminUser', ['Save']);
    renderAdminScreen(<UsersPage />, 'AdminUser');
    await userEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('用户名'), 'operator');
    await userEvent.type(within(dialog).getByLabelText('姓名'), '重复的人');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*[定认]|OK|Submit/ }));
    expect(await within(dialog).findByText('该用户已存在')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('marks the user name on its field when the save is refused for it (taken after the form checked it)', async () => {
    // The mocks' own User/Save (the shared rule), and a name the form's check found free.
    mockServer.resetHandlers();
    mockServer.use(http.post(`${API}/User/IsExistsName`, () => wrapped(false)));
    const taken = DEMO_USERS[0];
    const onSaved = vi.fn();
    renderAdminScreen(<UserForm user={{ ROLE_IDS: taken.ROLE_IDS, ORGANIZE_IDS: taken.organizationIds }} onClose={() => {}} onSaved={onSaved} />, 'AdminUser');
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('用户名'), taken.USER_NAME);
    await userEvent.type(within(dialog).getByLabelText('姓名'), '同名的人');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*[定认]/ }));
    await expectFieldMarked(dialog, '用户名', '该用户已存在');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('asks to select the roles and the organisations, not to enter them, when none is chosen', async () => {
    grantButtons('AdminUser', ['Save']);
    renderAdminScreen(<UsersPage />, 'AdminUser');
    await userEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('用户名'), 'clerk');
    await userEvent.type(within(dialog).getByLabelText('姓名'), '仓管员');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*[定认]|OK|Submit/ }));
    expect(await within(dialog).findByText('请选择角色')).toBeTruthy();
    // antd shows each field's message as its own validation settles, so the second may come a frame later.
    expect(await within(dialog).findByText('请选择组织')).toBeTruthy();
    expect(within(dialog).queryByText('请输入角色')).toBeNull();
    expect(saved).toEqual([]);
  });

  it('shows a generated password once after a reset', async () => {
    grantButtons('AdminUser', ['ResetPassword']);
    mockServer.use(http.post(`${API}/User/ResetPassword`, () => wrapped({ ID: 'user-operator', Password: 'Gen3ratedPw42' })));
    renderAdminScreen(<UsersPage />, 'AdminUser');
    await userEvent.click(await screen.findByRole('button', { name: /重置密码/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*[定认]|OK|Submit/ }));
    const notice = (await screen.findAllByText('operator 的密码（仅显示这一次）'))[0].closest('.ant-modal-content') as HTMLElement;
    expect(within(notice).getByText('Gen3ratedPw42')).toBeTruthy();
  });

  it('keeps a user typed into the form when Escape is pressed or the mask clicked', async () => {
    grantButtons('AdminUser', ['Save']);
    renderAdminScreen(<UsersPage />, 'AdminUser');
    const add = await screen.findByRole('button', { name: /新\s*增/ });
    await expectEscapeKeepsTyping(() => userEvent.click(add), 'clerk');
  });
});
