import { describe, expect, it } from 'vitest';
import type { ShellMenuItem } from '../../../src/core/navigation/types';
import { asideWidth, clickRoot } from '../../../src/shell/layout/asideState';
import { menuClickAction } from '../../../src/shell/layout/menuClick';
import { missingModuleIn } from '../../../src/shell/layout/useOpenMenu';
import type { DynamicRoute } from '../../../src/core/navigation/types';

const title = { zh: '菜单', en: 'Menu' };
const leaf = (id: string, extra: Partial<ShellMenuItem> = {}): ShellMenuItem => ({ id, code: id, title, path: `/${id}`, children: [], ...extra });
const group = (id: string): ShellMenuItem => ({ id, code: id, title, children: [leaf(`${id}-1`)] });

describe('menu aside', () => {
  it('is 80 px wide collapsed and 280 px expanded', () => {
    expect(asideWidth({ collapsed: true })).toBe(80);
    expect(asideWidth({ collapsed: false })).toBe(280);
  });

  it('clicking a root with children opens its panel', () => {
    expect(clickRoot({ collapsed: true }, group('wh'))).toEqual({ activeRootId: 'wh', collapsed: false });
  });

  it('clicking the active root toggles its panel', () => {
    const open = clickRoot({ collapsed: true }, group('wh'));
    const closed = clickRoot(open, group('wh'));
    expect(closed).toEqual({ activeRootId: 'wh', collapsed: true });
    expect(clickRoot(closed, group('wh')).collapsed).toBe(false);
  });

  it('clicking another root with children switches the panel to it, still open', () => {
    expect(clickRoot({ activeRootId: 'wh', collapsed: false }, group('admin'))).toEqual({ activeRootId: 'admin', collapsed: false });
  });

  it('a root without children always collapses the aside', () => {
    expect(clickRoot({ activeRootId: 'wh', collapsed: false }, leaf('stocktake'))).toEqual({ activeRootId: 'stocktake', collapsed: true });
    expect(clickRoot({ activeRootId: 'stocktake', collapsed: true }, leaf('stocktake')).collapsed).toBe(true);
  });
});

describe('menu item click', () => {
  const user = { id: 'u-1', userName: 'ADMIN' };

  it('an item with a route navigates to it', () => {
    expect(menuClickAction(leaf('admin-user', { path: '/admin/user' }), user)).toEqual({ type: 'navigate', to: '/admin/user' });
  });

  it("an item without a menu id is an 'invalid menu'", () => {
    expect(menuClickAction(leaf(''), user)).toEqual({ type: 'invalid' });
  });

  it('a new-window in-app path opens as it is', () => {
    expect(menuClickAction(leaf('b', { path: undefined, newWindowUrl: '/kanban/board' }), user)).toEqual({
      type: 'openWindow',
      url: '/kanban/board',
    });
  });

  it('a new-window external link opens with user_name and user_id appended', () => {
    expect(menuClickAction(leaf('x', { path: undefined, newWindowUrl: 'https://bi.example/d?x=1' }), user)).toEqual({
      type: 'openWindow',
      url: 'https://bi.example/d?x=1&user_name=ADMIN&user_id=u-1',
    });
  });

  it('an easyupgrade link gets user_name and user_id too', () => {
    expect(menuClickAction(leaf('x', { path: undefined, newWindowUrl: '/easyupgrade/index' }), user)).toMatchObject({
      url: '/easyupgrade/index?user_name=ADMIN&user_id=u-1',
    });
  });

  it('an item whose page module is missing names the module, and still navigates to the tab that explains it', () => {
    const routes: DynamicRoute[] = [
      { path: 'admin/user', name: 'User', menuId: 'm1', title, kind: 'page', componentKey: 'admin/user' },
      { path: 'bill/master/IN', name: 'BillIN', menuId: 'm2', title, kind: 'page', componentKey: 'bill/master', params: { billType: 'IN' } },
      { path: 'old/screen', name: 'Old', menuId: 'm3', title, kind: 'page', componentKey: 'old/screen' },
      { path: 'Iframe/BI', name: 'BI', menuId: 'm4', title, kind: 'iframe', iframeUrl: 'http://bi/' },
    ];
    const missing = missingModuleIn(routes, { 'admin/user': {}, 'bill/master': {} });
    expect(menuClickAction(leaf('old', { path: '/old/screen' }), user, missing)).toEqual({ type: 'moduleNotFound', to: '/old/screen', module: 'old/screen' });
    expect(menuClickAction(leaf('in', { path: '/bill/master/IN' }), user, missing)).toEqual({ type: 'navigate', to: '/bill/master/IN' });
    expect(menuClickAction(leaf('u', { path: '/admin/user?tab=2' }), user, missing)).toEqual({ type: 'navigate', to: '/admin/user?tab=2' });
    expect(menuClickAction(leaf('bi', { path: '/Iframe/BI' }), user, missing)).toEqual({ type: 'navigate', to: '/Iframe/BI' });
  });

  it("a menu item linking a static route (前端日志 -> /log) navigates there, not reported as a missing module", () => {
    // buildNavigation makes a page route of every in-app link, /log included; the static route serves it.
    const routes: DynamicRoute[] = [{ path: 'log', name: 'FrontLog', menuId: 'm5', title, kind: 'page', componentKey: 'log' }];
    const missing = missingModuleIn(routes, {});
    expect(menuClickAction(leaf('FrontLog', { path: '/log' }), user, missing)).toEqual({ type: 'navigate', to: '/log' });
  });

  it('a group does nothing by itself', () => {
    expect(menuClickAction(group('wh'), user)).toEqual({ type: 'none' });
  });
});
