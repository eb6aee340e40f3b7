import '@ant-design/v5-patch-for-react-19';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '../../../src/core/i18n';
import { changeLanguage } from '../../../src/core/i18n';
import { useMenuRoute } from '../../../src/core/navigation/menuRouteContext';
import { createMenuRouteObjects } from '../../../src/app/routes/routeObjects';
import type { DynamicRoute } from '../../../src/core/navigation/types';

// antd's first render (CSS-in-JS) takes seconds when the whole unit project runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

const title = { zh: '采购入库', en: 'Purchase receipt' };
const billIn: DynamicRoute = {
  path: 'bill/master/IN',
  name: 'BillIN',
  menuId: 'm1',
  title,
  kind: 'page',
  componentKey: 'bill/master',
  params: { billType: 'IN' },
};

function BillMasterPage() {
  const route = useMenuRoute();
  return <p>bill master {route?.params?.billType}</p>;
}

const registry = { 'bill/master': async () => ({ default: BillMasterPage }) };

function renderAt(path: string, routes: DynamicRoute[], options = {}) {
  const router = createMemoryRouter(
    [{ path: '/', children: [...createMenuRouteObjects(routes, { registry, ...options }), { path: '*', element: <p>no route</p> }] }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(() => changeLanguage('en'));

describe('menu route objects', () => {
  it('a registered page loads lazily and knows its menu item (bill type from the link)', async () => {
    renderAt('/bill/master/IN', [billIn]);
    expect(await screen.findByText('bill master IN')).toBeTruthy();
  });

  it('a page is rendered once its code is in, never through its loading fallback (React reveals a fallback late)', async () => {
    // React shows a suspended page no sooner than 300 ms after its fallback appeared (issue 15): the
    // route's loader waits for the page's code, so the page renders at once, without suspending.
    let spinShown = false;
    const watcher = new MutationObserver(() => {
      spinShown ||= document.querySelector('.ant-spin') !== null;
    });
    watcher.observe(document.body, { childList: true, subtree: true });
    const slowRegistry = { 'bill/master': () => new Promise<{ default: typeof BillMasterPage }>((done) => setTimeout(() => done({ default: BillMasterPage }), 50)) };
    try {
      renderAt('/bill/master/IN', [billIn], { registry: slowRegistry });
      expect(await screen.findByText('bill master IN')).toBeTruthy();
    } finally {
      watcher.disconnect();
    }
    expect(spinShown).toBe(false);
  });

  it("a link with no registered page shows 'Module not found' naming the module", async () => {
    renderAt('/stocktake', [{ path: 'stocktake', name: 'Stocktake', menuId: 'm2', title, kind: 'page', componentKey: 'stocktake' }]);
    expect(await screen.findByText('Module not found')).toBeTruthy();
    expect(screen.getByText(/stocktake/)).toBeTruthy();
  });

  it('an iframe item embeds its URL at /Iframe/{menuCode}', () => {
    renderAt('/Iframe/ReportView', [
      { path: 'Iframe/ReportView', name: 'ReportView', menuId: 'm3', title, kind: 'iframe', iframeUrl: 'http://reports/view?token=t' },
    ]);
    expect(screen.getByTitle('Purchase receipt').getAttribute('src')).toBe('http://reports/view?token=t');
  });

  it('a menu route whose path a static route owns is left to the static route', () => {
    renderAt('/log', [{ path: 'log', name: 'Log', menuId: 'm4', title, kind: 'page', componentKey: 'log' }], { reservedPaths: ['log'] });
    expect(screen.getByText('no route')).toBeTruthy();
  });

  it('a page whose chunk fails to load shows the error message in its place, with a reload button', async () => {
    // React reports the caught error on the console; expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = { 'bill/master': async () => Promise.reject(new Error('Failed to fetch dynamically imported module: /assets/Bill.js')) };
    renderAt('/bill/master/IN', [billIn], { registry: failing });
    expect(await screen.findByText('The page could not be loaded')).toBeTruthy();
    expect(screen.getByText('Failed to fetch dynamically imported module: /assets/Bill.js')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    consoleError.mockRestore();
  });

  it('the same menu routes can sit under a second layout with their own route ids', () => {
    const ids = (prefix?: string) => createMenuRouteObjects([billIn], { registry, idPrefix: prefix }).map((route) => route.id);
    expect(ids()).toEqual(['menu:bill/master/IN']);
    expect(ids('frameOut')).toEqual(['frameOut:bill/master/IN']);
  });

  it('child-app items become routes only once a child-app host is given', () => {
    const child: DynamicRoute = { path: 'micro/DEMO/orders', name: 'Orders', menuId: 'm5', title, kind: 'micro', appCode: 'DEMO', appUrl: 'http://child/' };
    expect(createMenuRouteObjects([child])).toEqual([]);
    const objects = createMenuRouteObjects([child], { renderChildApp: (route) => <p>child {route.appCode}</p> });
    expect(objects.map((o) => o.path)).toEqual(['micro/DEMO/orders']);
  });
});
