/**
 * The one paging of the administration lists (server/query/paging.ts), which the user, favourite,
 * environment, tool-file and child-app lists cut their pages with: pages in order make the whole
 * list, each page answers the count of all rows, a page past the end is empty with that count.
 */
import { beforeAll, expect, it } from 'vitest';
import { pageWithCount } from '../../server/query/paging.ts';
import { describeServer } from './support/test-server.ts';

describeServer('paged administration lists', {}, (server) => {
  let admin: string;
  beforeAll(async () => {
    admin = (await server.login('ADMIN', 'admin123', 'org-f01')).Token;
  });

  it('cuts a filtered, ordered list into pages with the count of all its rows', async () => {
    const filtered = () => server.db.selectFrom('menus').where('id', 'like', 'menu-%');
    const ordered = (menus: ReturnType<typeof filtered>) => menus.select(['id']).orderBy('id');
    const whole = await ordered(filtered()).execute();
    expect(whole.length).toBeGreaterThan(7);

    const pages = [];
    for (let page = 1; page <= Math.ceil(whole.length / 3); page++) {
      const { rows, count } = await pageWithCount(filtered(), ordered, { page, limit: 3 });
      expect(count).toBe(whole.length);
      expect(rows.length).toBe(Math.min(3, whole.length - (page - 1) * 3));
      pages.push(...rows);
    }
    expect(pages).toEqual(whole);

    const pastTheEnd = await pageWithCount(filtered(), ordered, { page: Math.ceil(whole.length / 3) + 1, limit: 3 });
    expect(pastTheEnd).toEqual({ rows: [], count: whole.length });
  });

  it('answers a later page of the child apps and of the users with the count of all', async () => {
    const secondApp = await server.call('POST', '/SysApp/List', { token: admin, body: { Page: 2, Limit: 1 } });
    expect(secondApp.body.Result.map((a: { Code: string }) => a.Code)).toEqual(['SCM']);
    expect(secondApp.body.TotalCount).toBe(2);

    const allUsers = await server.call('GET', '/User/LoadData', { token: admin, query: { Page: 1, Limit: 1000 } });
    expect(allUsers.body.count).toBeGreaterThan(1);
    const secondUser = await server.call('GET', '/User/LoadData', { token: admin, query: { Page: 2, Limit: 1 } });
    expect(secondUser.body.data.map((u: { USER_NAME: string }) => u.USER_NAME)).toEqual([allUsers.body.data[1].USER_NAME]);
    expect(secondUser.body.count).toBe(allUsers.body.count);
  });
});
