/**
 * `describeGeneratedPage`, the component test every screen made by `npm run gen -- page` runs on the
 * mocks: the mock portal's menu has its item with its link and title; a list screen shows its grid
 * with the declared columns captioned in both languages and the mocks' sample rows of the caller's
 * organisation; a page without a grid shows its title.
 */
import type { ComponentType } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_MENUS, menuIdOf } from '../../../mocks/scenarios/demo-data';
import { changeLanguage } from '../../../src/core/i18n';
import { MenuRouteContext } from '../../../src/core/navigation/menuRouteContext';
import type { DynamicRoute } from '../../../src/core/navigation/types';
import type { PageDeclaration } from '../../../src/shared/pages/declaration';
import { bodyRows, renderInRouter, resetGridTestState, signIn, waitForRows } from '../grid/gridTestKit';

type PageModule = { default: ComponentType };

export function describeGeneratedPage(page: PageDeclaration, load: () => Promise<PageModule>) {
  describe(`the ${page.title.en} screen on the mocks (${page.link})`, () => {
    beforeEach(resetGridTestState);

    const route: DynamicRoute = {
      path: page.link.slice(1),
      name: page.menuCode,
      menuId: menuIdOf(page.menuCode),
      title: { zh: page.title['zh-chs'], en: page.title.en },
      kind: 'page',
      componentKey: page.link.slice(1),
    };
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
  });
}
