/**
 * PDA menu configuration (spec §2, menu AdminPdaMenu): the menu editor fixed to the PDA terminal —
 * it loads and saves PDA menus only, with no switch to the portal or tablet trees — while the menu
 * screen keeps its three terminals.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { mockServer } from '../../../mocks/node';
import MenusPage from '../../../src/features/admin/pages/MenusPage';
import PdaMenusPage from '../../../src/features/admin/pages/PdaMenusPage';
import { API, grantButtons, renderAdminScreen, wrapped } from './adminTestKit';

const menu = (Id: string, Menu_Name: string, Terminal: string, Parent_Id: string | null = null) => ({
  Id, Parent_Id, Menu_Code: Id, Menu_Name, MENU_EN: Menu_Name, Call_Alias: null, Icon_Url: '', Link_Url: `/${Id}`, Target: '',
  Is_System_Default: false, Is_Expanded: false, Is_Shown: true, SORT_NUM: 0, COLUMNS: null, Parent_Route: null, ENABLED: 'Y',
  AppCode: null, AppUrl: null, Terminal, Buttons: [],
});

let terminals: (string | null)[];
let saved: Record<string, unknown>[];

beforeEach(() => {
  terminals = [];
  saved = [];
  mockServer.use(
    http.get(`${API}/Menu/LoadData2Tree`, ({ request }) => {
      const terminal = new URL(request.url).searchParams.get('terminal');
      terminals.push(terminal);
      if (terminal === 'PDA') return wrapped([{ ...menu('PdaInventory', '库内作业', 'PDA'), children: [menu('PdaReelSplit', '拆盘', 'PDA', 'PdaInventory')] }]);
      return wrapped([menu('AdminUser', '用户管理', terminal ?? 'PC')]);
    }),
    http.post(`${API}/Menu/IsExistsLinkUrl`, () => wrapped(false)),
    http.post(`${API}/Menu/AddOrModifySave`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      return wrapped({ ...menu('new-id', String(body.Menu_Name), 'PDA', body.Parent_Id as string), Menu_Code: body.Menu_Code });
    }),
  );
});

describe('PDA menu configuration', () => {
  it('shows only the PDA tree, without the terminal switch', async () => {
    grantButtons('AdminPdaMenu', ['Save', 'Delete']);
    renderAdminScreen(<PdaMenusPage />, 'AdminPdaMenu');
    expect(await screen.findByText('拆盘 · PdaReelSplit')).toBeTruthy();
    expect(screen.getByText('PDA菜单')).toBeTruthy();
    expect(screen.queryByText('平板菜单')).toBeNull();
    expect(screen.queryByText('用户管理 · AdminUser')).toBeNull();
    expect(terminals).toEqual(['PDA']);
  });

  it('adds a menu under a PDA menu as a PDA menu', async () => {
    grantButtons('AdminPdaMenu', ['Save', 'Delete']);
    renderAdminScreen(<PdaMenusPage />, 'AdminPdaMenu');
    await userEvent.click(await screen.findByText('库内作业 · PdaInventory'));
    // The tree's add button (the buttons card has one too).
    await userEvent.click(screen.getAllByRole('button', { name: /新\s*增/ })[0]);
    const form = (await screen.findByText('新增菜单')).closest('.ant-card') as HTMLElement;
    fireEvent.change(within(form).getByLabelText('显示名称'), { target: { value: '合盘' } });
    fireEvent.change(within(form).getByLabelText('菜单编码'), { target: { value: 'PdaReelMerge' } });
    await userEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ Menu_Name: '合盘', Menu_Code: 'PdaReelMerge', Parent_Id: 'PdaInventory', Terminal: 'PDA' });
  }, 60_000);

  it('is read-only without the Save button', async () => {
    grantButtons('AdminPdaMenu', []);
    renderAdminScreen(<PdaMenusPage />, 'AdminPdaMenu');
    await screen.findByText('拆盘 · PdaReelSplit');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
  });

  it('the menu screen still switches between the portal, PDA and tablet trees', async () => {
    grantButtons('AdminMenu', ['Save']);
    renderAdminScreen(<MenusPage />, 'AdminMenu');
    expect(await screen.findByText('用户管理 · AdminUser')).toBeTruthy();
    await userEvent.click(screen.getByText('PDA菜单'));
    expect(await screen.findByText('拆盘 · PdaReelSplit')).toBeTruthy();
    expect(screen.getByText('平板菜单')).toBeTruthy();
    expect(terminals).toEqual(['PC', 'PDA']);
  });

  it('shows whether a menu is enabled as 是/否, not its Y/N code', async () => {
    grantButtons('AdminMenu', ['Save']);
    renderAdminScreen(<MenusPage />, 'AdminMenu');
    await userEvent.click(await screen.findByText('用户管理 · AdminUser'));
    const enabled = (await screen.findByLabelText('启用')).closest('.ant-select') as HTMLElement;
    expect(enabled.querySelector('.ant-select-selection-item')?.textContent).toBe('是');
    await userEvent.click(within(enabled).getByRole('combobox'));
    await waitFor(() => expect([...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent)).toEqual(['是', '否']));
  });
});
