/**
 * `describePageOnServer`, what every screen made by `npm run gen -- page` is checked for on the
 * reference server: its menu item is seeded under its group with the link, a super administrator
 * gets it with the grid buttons, and a list screen's grid answers (its source exists, the declared
 * columns are among the source's with their search settings, a search runs).
 */
import { expect, it } from 'vitest';
import type { PageDeclaration } from '../../../src/shared/pages/declaration.ts';
import { adminToken } from './masterdata.ts';
import { describeServer } from './test-server.ts';

interface MenuItem {
  Menu_Code: string;
  Link_Url: string;
  children?: MenuItem[];
}
const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children ?? [])]);

export function describePageOnServer(page: PageDeclaration) {
  describeServer(`the ${page.title.en} screen (${page.link})`, {}, (server) => {
    it('has its menu item with its link for a super administrator', async () => {
      const token = await adminToken(server);
      const menus = await server.call('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: 'role-super-admin' } });
      expect(menus.status).toBe(200);
      const item = flatten(menus.body.data as MenuItem[]).find((m) => m.Menu_Code === page.menuCode);
      expect(item?.Link_Url).toBe(page.link);
    });

    if (!page.list) return;
    const list = page.list;

    it('answers its grid: the declared columns with captions in both languages, the search settings and a search', async () => {
      const token = await adminToken(server);
      for (const language of ['zh-chs', 'en'] as const) {
        const columns = await server.call('GET', '/ListParam/GetIntiTableColumnList', { token, language, query: { LIST_ROUTE: page.link } });
        expect(columns.status, JSON.stringify(columns.body)).toBe(200);
        const captions = new Map((columns.body.data as { COLUMN_NAME: string; COLUMN_CAPTION: string }[]).map((c) => [c.COLUMN_NAME, c.COLUMN_CAPTION]));
        for (const column of list.columns) {
          expect(captions.has(column.name), `the source ${list.source} has no column ${column.name}`).toBe(true);
          // The mocks caption the grid with the declared labels; the server with the source's column comments.
          expect(captions.get(column.name), `${list.source}.${column.name}: its column comment captions it differently from the declaration (${language})`).toBe(column.label[language]);
        }
      }

      const settings = await server.call('POST', '/ListParam/LoadData', { token, body: { LIST_ROUTE: page.link } });
      expect(settings.status).toBe(200);
      const searched = (settings.body.data as { FIELD_NAME: string }[]).map((s) => s.FIELD_NAME);
      expect(searched).toEqual(list.columns.filter((c) => c.type !== 'bool').map((c) => c.name));

      const all = await server.call('POST', '/ListParam/QueryData', { token, body: { LIST_ROUTE: page.link, Page: 1, Limit: 50 } });
      expect(all.status, JSON.stringify(all.body)).toBe(200);
      const text = list.columns.find((c) => c.type === 'text');
      if (text) {
        const searchedRows = await server.call('POST', '/ListParam/QueryData', {
          token,
          body: { LIST_ROUTE: page.link, Page: 1, Limit: 50, conditions: [{ FIELD_NAME: text.name, PARAM_NAME: text.name, ACTION_TYPE: 6, DATA_TYPE: 1, PARAM_VALUE: 'no-such-value-x' }] },
        });
        expect(searchedRows.status, JSON.stringify(searchedRows.body)).toBe(200);
        expect(searchedRows.body.count).toBe(0);
      }
    }, 60_000);
  });
}
