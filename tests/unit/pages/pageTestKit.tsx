/**
 * `describeGeneratedPage`, the component test every screen made by `npm run gen -- page` runs on the
 * mocks: the mock portal's menu has its item with its link and title; a list screen shows its grid
 * with the declared columns captioned in both languages and the mocks' sample rows of the caller's
 * organisation; a page without a grid shows its title. A page with a ProForm editor edits a selected
 * row: the contract's generated mock handler answers the save, the body has the row's key and the
 * changed field, the grid reads its rows again; a refusal shows the server's message and keeps the form.
 */
import type { ComponentType } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { generatedHandlers } from '../../../mocks/generated/handlers';
import { mockServer } from '../../../mocks/node';
import { API_PREFIX } from '../../../src/shared/api-prefix';
import { DEMO_MENUS } from '../../../mocks/scenarios/demo-data';
import { changeLanguage } from '../../../src/core/i18n';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import type { PageDeclaration } from '../../../src/shared/pages/declaration';
import { bodyRows, expectToast, modalTitled, renderInRouter, resetGridTestState, signIn, waitForRows } from '../grid/gridTestKit';
import { menuPageRoute } from '../menuRoutes';

type PageModule = { default: ComponentType };

export function describeGeneratedPage(page: PageDeclaration, load: () => Promise<PageModule>) {
  describe(`the ${page.title.en} screen on the mocks (${page.link})`, () => {
    beforeEach(resetGridTestState);

    const route = menuPageRoute(page.menuCode, page.link, page.title['zh-chs'], page.title.en);
    const render = async () => {
      const { default: Page } = await load();
      renderInRouter(
        <MenuRouteContext.Provider value={route}>
          <Page />
        </MenuRouteContext.Provider>,
        page.link,
      );
    };

    it('is in the mock portal menu with its link and title', () => {
      const item = DEMO_MENUS.find((menu) => menu.Menu_Code === page.menuCode);
      expect(item?.Link_Url).toBe(page.link);
      expect([item?.Menu_Name, item?.MENU_EN]).toEqual([page.title['zh-chs'], page.title.en]);
    });

    if (!page.list) {
      it('shows its title', async () => {
        signIn('ADMIN');
        await render();
        expect(await screen.findByText(page.title['zh-chs'])).toBeTruthy();
      });
      return;
    }
    const list = page.list;

    it('shows its grid: the declared columns in both languages and rows of the organisation', async () => {
      signIn('ADMIN');
      await render();
      await waitForRows();
      expect(bodyRows().length).toBeGreaterThan(0);
      const headers = () => [...screen.getByTestId('data-grid').querySelectorAll('.ant-table-thead th')].map((th) => th.textContent ?? '');
      for (const column of list.columns) expect(headers()).toContain(column.label['zh-chs']);
      // Raw codes never reach the screen: the organisation column is bookkeeping, hidden.
      expect(headers()).not.toContain('组织');
      await act(() => changeLanguage('en'));
      await waitFor(() => {
        for (const column of list.columns) expect(headers()).toContain(column.label.en);
      });
    });

    const editor = page.editor;
    if (!editor) return;

    it(`edits a selected row in its editor, saved by ${editor.save}; a refusal shows the server's message`, async () => {
      // The sample rows are no scenario's records: the contract's generated handler answers the save.
      mockServer.use(...generatedHandlers(API_PREFIX).filter((handler) => String(handler.info.path).endsWith(editor.save)));
      const saves: Record<string, unknown>[] = [];
      let rowReads = 0;
      mockServer.events.on('request:start', ({ request }) => {
        if (request.url.endsWith(editor.save)) void request.clone().json().then((body: Record<string, unknown>) => saves.push(body));
        if (request.url.endsWith('/ListParam/QueryData')) rowReads++;
      });
      const u = userEvent.setup({ delay: null });
      signIn('ADMIN');
      await render();
      const [first] = await waitForRows();
      await u.click(within(first).getByRole('checkbox'));
      await u.click(screen.getByRole('button', { name: /编辑/ }));
      const dialog = await modalTitled(`${page.title['zh-chs']} - 编辑`);
      for (const field of editor.fields.filter((f) => !f.hidden)) expect(within(dialog).getByText(field.label['zh-chs'])).toBeTruthy();
      // The list's key starts from the row and is read-only; a text field the user may change gets a new value.
      const key = editor.fields.find((f) => f.column && f.column === list.keyField);
      const changed = editor.fields.find((f) => f.kind === 'text' && !f.hidden && f !== key);
      if (changed) {
        const input = within(dialog).getByLabelText(changed.label['zh-chs']);
        await u.clear(input);
        await u.type(input, 'GEN-EDIT-1');
      }
      const readsBefore = rowReads;
      await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
      await expectToast('保存成功');
      await waitFor(() => expect(saves).toHaveLength(1));
      if (key) expect(saves[0][key.name]).toBeTruthy();
      if (changed) expect(saves[0][changed.name]).toBe('GEN-EDIT-1');
      await waitFor(() => expect(rowReads).toBeGreaterThan(readsBefore));

      // Refused: the server's message, and the form stays open with what was entered.
      mockServer.use(http.post(`${API_PREFIX}${editor.save}`, () => HttpResponse.json({ code: 409, msg: '记录已被他人修改，请刷新后重试', data: null }, { status: 409 })));
      const box = within((await waitForRows())[0]).getByRole('checkbox') as HTMLInputElement;
      if (!box.checked) await u.click(box);
      await u.click(screen.getByRole('button', { name: /编辑/ }));
      const again = await modalTitled(`${page.title['zh-chs']} - 编辑`);
      await u.click(within(again).getByRole('button', { name: /保\s*存/ }));
      await expectToast('记录已被他人修改，请刷新后重试');
      expect(document.querySelector('.ant-modal')).toBeTruthy();
    }, 120_000);
  });
}
