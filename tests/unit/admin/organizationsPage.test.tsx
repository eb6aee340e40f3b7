/**
 * Organisations (spec §2 administration, §3): the tree on the left, the chosen organisation's editor beside it;
 * a code another organisation has is marked on its field (the admin trees' one editor).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { mockServer } from '../../../mocks/node';
import { DEMO_ORGANIZATIONS } from '../../../mocks/scenarios/demo-data';
import OrganizationsPage from '../../../src/features/admin/pages/OrganizationsPage';
import { API, grantButtons, renderAdminScreen, wrapped } from './adminTestKit';
import { expectFieldMarked } from '../fieldMarks';

const node = (Id: string, OrganizeName: string, Parent_Id: string | null, children: unknown[] = []) => ({
  Id, OrganizeName, OrganizeCode: Id.toUpperCase(), Parent_Id, OrgType: null, Enabled: true, Remark: null, SORT_NUM: 0, UserCount: 0, children,
});

beforeEach(() => {
  mockServer.use(
    http.get(`${API}/Organize/LoadTree`, () => wrapped([node('group', '集团', null, [node('f01', '一厂', 'group')])])),
    http.get(`${API}/User/LoadData`, () => wrapped({ rows: [] }, { count: 0 })),
    http.post(`${API}/User/LoadData`, () => wrapped({ rows: [] }, { count: 0 })),
  );
});

describe('organisations', () => {
  it('picking an organisation in the tree opens its editor', async () => {
    grantButtons('AdminOrganization', ['Save']);
    renderAdminScreen(<OrganizationsPage />, 'AdminOrganization');
    expect(await screen.findByText('请在左侧选择组织，或新增组织')).toBeTruthy();
    await userEvent.click(await screen.findByText(/^一厂 \(F01\)/));
    expect(await screen.findByText('编辑组织')).toBeTruthy();
  });

  it('marks a code another organisation has on the code field, as the mocks\' Organize/Save refuses it (the shared rule)', async () => {
    const taken = DEMO_ORGANIZATIONS[0].OrganizeCode;
    grantButtons('AdminOrganization', ['Save']);
    renderAdminScreen(<OrganizationsPage />, 'AdminOrganization');
    await userEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    await userEvent.type(await screen.findByLabelText('组织名称'), '新厂');
    await userEvent.type(screen.getByLabelText('组织编码'), taken);
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await expectFieldMarked(document.body, '组织编码', `组织编码 ${taken} 已存在`);
    expect((screen.getByLabelText('组织名称') as HTMLInputElement).value).toBe('新厂');
  });

  it('offers adding an organisation only with the Save button', async () => {
    grantButtons('AdminOrganization', []);
    renderAdminScreen(<OrganizationsPage />, 'AdminOrganization');
    await screen.findByText(/^集团 \(GROUP\)/);
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
  });
});
