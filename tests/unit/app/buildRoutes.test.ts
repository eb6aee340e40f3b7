import { describe, expect, it } from 'vitest';
import {
  appendQuery,
  buildNavigation,
  classifyMenuLink,
  menuTrail,
  replacePlaceholders,
} from '../../../src/core/navigation/buildRoutes';
import { HOME_TITLE, menuItem, seedMenuTree } from './menuFixtures';

const session = {
  apiConfig: { REPORT_HOST: 'http://reports.local:9000' },
  organizeId: 'org-1',
  token: 'tok-1',
  // The origins an administrator trusted with the token (iframe-token.test.ts covers the others).
  tokenOrigins: ['http://reports.local:9000', 'https://vendor.example'],
};
const build = (menuTree = seedMenuTree) => buildNavigation({ ...session, menuTree, homeTitle: HOME_TITLE });
const routeNamed = (name: string, menuTree = seedMenuTree) => build(menuTree).routes.find((r) => r.name === name);

describe('route builder: in-frame screens', () => {
  it.each([
    ['User', 'admin/user'],
    ['Part', 'masterdata/part'],
    ['Equipment', 'warehouse/equipment'],
    ['Stocktake', 'stocktake'],
    ['Log', 'log'],
  ])('menu %s becomes route path %s named by its menu code', (name, path) => {
    const route = routeNamed(name);
    expect(route).toMatchObject({ path, name, kind: 'page', componentKey: path });
  });

  it('carries both titles so a language switch needs no reload', () => {
    expect(routeNamed('User')?.title).toEqual({ zh: '用户管理', en: 'Users' });
  });

  it('falls back to the Chinese title when the English one is empty', () => {
    const tree = [menuItem({ Id: 'x', Menu_Code: 'X', Menu_Name: '仓库', MENU_EN: '', Link_Url: '/x' })];
    expect(routeNamed('X', tree)?.title).toEqual({ zh: '仓库', en: '仓库' });
  });

  it('groups without a link give menus but no routes', () => {
    const names = build().routes.map((r) => r.name);
    expect(names).not.toContain('Admin');
    expect(build().menus.map((m) => m.code)).toContain('Admin');
  });
});

describe('route builder: query values become path segments', () => {
  it('a bill master link with billType=IN gets the route path bill/master/IN', () => {
    expect(routeNamed('BillIN')).toMatchObject({
      path: 'bill/master/IN',
      componentKey: 'bill/master',
      params: { billType: 'IN' },
    });
  });

  it('a custom report loading link with code=DEMO_STOCK gets the route path report/loading/DEMO_STOCK', () => {
    expect(routeNamed('DemoStock')).toMatchObject({
      path: 'report/loading/DEMO_STOCK',
      componentKey: 'report/loading',
      params: { code: 'DEMO_STOCK' },
    });
  });
});

describe('route builder: embedded pages', () => {
  it('a {REPORT_HOST} placeholder is replaced from the API configuration and opens at /Iframe/{menuCode}', () => {
    const tree = [menuItem({ Id: 'r', Menu_Code: 'ReportView', Link_Url: '{REPORT_HOST}/view' })];
    expect(routeNamed('ReportView', tree)).toMatchObject({
      path: 'Iframe/ReportView',
      kind: 'iframe',
      iframeUrl: 'http://reports.local:9000/view?OrganizeId=org-1&token=tok-1',
    });
  });

  it('an https link opens in the iframe page with OrganizeId and token added to its own query', () => {
    const tree = [menuItem({ Id: 'e', Menu_Code: 'Vendor', Link_Url: 'https://vendor.example/portal?lang=en#top' })];
    expect(routeNamed('Vendor', tree)).toMatchObject({
      path: 'Iframe/Vendor',
      kind: 'iframe',
      iframeUrl: 'https://vendor.example/portal?lang=en&OrganizeId=org-1&token=tok-1#top',
    });
  });

  it('an unknown placeholder stays as written so the broken link is visible', () => {
    expect(replacePlaceholders('{NOPE}/view', session.apiConfig)).toBe('{NOPE}/view');
  });

  it('an iframe URL without an organisation gets only the token', () => {
    expect(appendQuery('http://h/v', { OrganizeId: undefined, token: 't' })).toBe('http://h/v?token=t');
  });
});

describe('route builder: new-window items', () => {
  it('a _blank in-app link opens its path in a new window, where its page is a route (not a menu path)', () => {
    const tree = [menuItem({ Id: 'b', Menu_Code: 'Board', Link_Url: '/kanban/board', Target: '_blank' })];
    const nav = build(tree);
    // The window opens at the page's path: without the route it showed the 404 page (报表设置帮助文档).
    expect(nav.routes.find((r) => r.name === 'Board')).toMatchObject({ path: 'kanban/board', kind: 'page', componentKey: 'kanban/board' });
    expect(nav.newWindowItems).toEqual([{ menuId: 'b', name: 'Board', title: expect.any(Object), url: '/kanban/board' }]);
    expect(nav.menus[1]).toMatchObject({ code: 'Board', newWindowUrl: '/kanban/board' });
    expect(nav.menus[1].path).toBeUndefined();
    expect(nav.searchIndex.filter((entry) => entry.name === 'Board')).toEqual([{ path: '/kanban/board', name: 'Board', title: expect.any(Object), newWindow: true }]);
  });

  it('a _blank link with a query opens the route path the query makes', () => {
    const tree = [menuItem({ Id: 'r', Menu_Code: 'BigReport', Link_Url: '/report/loading?code=BIG', Target: '_blank' })];
    const nav = build(tree);
    expect(nav.newWindowItems[0].url).toBe('/report/loading/BIG');
    expect(nav.routes.find((r) => r.name === 'BigReport')).toMatchObject({ path: 'report/loading/BIG', componentKey: 'report/loading', params: { code: 'BIG' } });
  });

  it('a _blank external link opens its iframe URL (with OrganizeId and token) in a new window', () => {
    const tree = [menuItem({ Id: 'b', Menu_Code: 'Ext', Link_Url: '{REPORT_HOST}/big', Target: '_blank' })];
    expect(classifyMenuLink(tree[0], session)).toEqual({
      type: 'newWindow',
      url: 'http://reports.local:9000/big?OrganizeId=org-1&token=tok-1',
    });
  });

  it('a _self item is a normal in-frame route', () => {
    const tree = [menuItem({ Id: 's', Menu_Code: 'Self', Link_Url: '/self/page', Target: '_self' })];
    expect(routeNamed('Self', tree)).toMatchObject({ path: 'self/page', kind: 'page' });
  });
});

describe('route builder: child apps', () => {
  it('an item with AppUrl and AppCode loads the child app under /micro/{AppCode}', () => {
    const tree = [
      menuItem({ Id: 'c', Menu_Code: 'ChildOrders', Link_Url: '/orders/list', AppUrl: 'http://child.local/', AppCode: 'DEMO' }),
    ];
    expect(routeNamed('ChildOrders', tree)).toMatchObject({
      path: 'micro/DEMO/orders/list',
      kind: 'micro',
      appCode: 'DEMO',
      appUrl: 'http://child.local/',
    });
  });
});

describe('route builder: what is left out', () => {
  it("items with ENABLED 'N' are dropped with their children", () => {
    const tree = [
      menuItem({
        Id: 'g',
        Menu_Code: 'Off',
        ENABLED: 'N',
        Link_Url: '/off',
        children: [menuItem({ Id: 'g1', Menu_Code: 'OffChild', Link_Url: '/off/child' })],
      }),
    ];
    const nav = build(tree);
    expect(nav.routes).toEqual([]);
    expect(nav.menus.map((m) => m.code)).toEqual(['Home']);
  });

  it("items of application code 'SCM' are dropped", () => {
    const tree = [menuItem({ Id: 's', Menu_Code: 'Scm', Link_Url: '/scm/po', AppCode: 'SCM' })];
    expect(build(tree).routes).toEqual([]);
  });

  it('a group whose children are all disabled is not shown', () => {
    const tree = [
      menuItem({ Id: 'g', Menu_Code: 'Group', children: [menuItem({ Id: 'g1', Menu_Code: 'C', Link_Url: '/c', ENABLED: 'N' })] }),
    ];
    expect(build(tree).menus.map((m) => m.code)).toEqual(['Home']);
  });

  it('two items with the same link give one route, the first one', () => {
    const tree = [
      menuItem({ Id: 'a', Menu_Code: 'First', Link_Url: '/same/page' }),
      menuItem({ Id: 'b', Menu_Code: 'Second', Link_Url: 'same/page' }),
    ];
    const nav = build(tree);
    expect(nav.routes.map((r) => r.name)).toEqual(['First']);
    expect(nav.searchIndex.filter((e) => e.path === '/same/page')).toHaveLength(1);
  });
});

describe('route builder: menus and search index', () => {
  it('Home is the first menu entry and points at /index', () => {
    expect(build().menus[0]).toMatchObject({ code: 'Home', path: '/index', title: HOME_TITLE });
  });

  it('menu items are ordered by SORT_NUM', () => {
    const tree = [
      menuItem({ Id: 'b', Menu_Code: 'B', Link_Url: '/b', SORT_NUM: 2 }),
      menuItem({ Id: 'a', Menu_Code: 'A', Link_Url: '/a', SORT_NUM: 1 }),
    ];
    expect(build(tree).menus.map((m) => m.code)).toEqual(['Home', 'A', 'B']);
  });

  it('menu items link to their absolute route path', () => {
    const admin = build().menus.find((m) => m.code === 'Admin')!;
    expect(admin.children.map((c) => c.path)).toEqual(['/admin/user', '/log']);
  });

  it('the search index finds screens by Chinese and English title', () => {
    const entry = build().searchIndex.find((e) => e.name === 'BillIN');
    expect(entry).toEqual({ path: '/bill/master/IN', name: 'BillIN', title: { zh: '采购入库', en: 'Purchase receipt' }, newWindow: false });
    expect(build().searchIndex[0]).toMatchObject({ path: '/index', name: 'Home' });
  });

  it('the breadcrumb trail runs from the root to the open screen', () => {
    expect(menuTrail(build().menus, '/admin/user').map((m) => m.code)).toEqual(['Admin', 'User']);
    expect(menuTrail(build().menus, '/nowhere')).toEqual([]);
  });
});
