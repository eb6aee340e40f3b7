/**
 * Spec §9 "Chunk load timeout 120000 ms" for the static routes too (router.tsx), not only the menu pages: the
 * login page, the layouts, home, log, refresh, the PDA pages, the guard and the menu routes' code. Every module
 * the router loads lazily is made to never arrive here; each load must fail with the timeout at 120 s.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeoutError } from '../../../src/app/routes/chunkLoad';
import { patchMenuRoutes, routes } from '../../../src/app/router';

vi.mock('../../../src/features/auth/pages/LoginPage', () => new Promise(() => {}));
vi.mock('../../../src/app/routes/sessionLayouts', () => new Promise(() => {}));
vi.mock('../../../src/app/routes/NotFoundPage', () => new Promise(() => {}));
vi.mock('../../../src/app/routes/RedirectPage', () => new Promise(() => {}));
vi.mock('../../../src/app/guard/guardLoader', () => new Promise(() => {}));
vi.mock('../../../src/app/menuRoutes', () => new Promise(() => {}));
vi.mock('../../../src/features/home/pages/HomePage', () => new Promise(() => {}));
vi.mock('../../../src/features/log/pages/LogPage', () => new Promise(() => {}));
vi.mock('../../../src/shell/iframe/IframePage', () => new Promise(() => {}));
vi.mock('../../../src/shell/childApp/ChildAppHostPage', () => new Promise(() => {}));
vi.mock('../../../src/shell/tabs/RefreshPage', () => new Promise(() => {}));
vi.mock('../../../src/features/bills/pda/PdaLayout', () => new Promise(() => {}));
vi.mock('../../../src/features/bills/pda/pages/PdaHomePage', () => new Promise(() => {}));
vi.mock('../../../src/features/bills/pda/pages/BillScanPage', () => new Promise(() => {}));
vi.mock('../../../src/features/bills/pda/pages/TransferPage', () => new Promise(() => {}));
vi.mock('../../../src/features/bills/pda/pages/ReelQueryPage', () => new Promise(() => {}));
vi.mock('../../../src/features/bills/pda/pages/StockQueryPage', () => new Promise(() => {}));
vi.mock('../../../src/features/bills/pda/pages/StocktakeScanPage', () => new Promise(() => {}));

/**
 * Every chunk load the static routes start: each route's lazy and loader, by its path. A function both layouts
 * share (the guard, home, log, …) is taken once: vitest answers a second import of a mocked module whose factory
 * is still pending with the real module (its mocker's call stack), which would load here at once.
 */
function chunkLoads(list: readonly RouteObject[], parent = '', seen = new Set<unknown>()): [string, () => Promise<unknown>][] {
  return list.flatMap((route) => {
    const path = route.index ? `${parent} (index)` : [parent, route.path].filter(Boolean).join('/').replace(/\/+/g, '/');
    const own: [string, () => Promise<unknown>][] = [];
    const lazy = route.lazy;
    if (typeof lazy === 'function' && !seen.has(lazy)) own.push([`${path} lazy`, lazy as () => Promise<unknown>]);
    const loader = route.loader;
    if (typeof loader === 'function' && !seen.has(loader)) {
      own.push([`${path} loader`, () => (loader as (args: LoaderFunctionArgs) => Promise<unknown>)({ request: new Request(`http://localhost${path}`), params: {}, context: undefined } as LoaderFunctionArgs)]);
    }
    seen.add(lazy).add(loader);
    return [...own, ...chunkLoads(route.children ?? [], path, seen)];
  });
}

describe('the static routes’ chunks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const loads = chunkLoads(routes).filter(([label]) => !label.endsWith('/ (index) loader')); // the root's redirect to /index loads nothing
  loads.push(['menu routes', () => (patchMenuRoutes as (args: unknown) => Promise<void>)({ path: '/x', matches: [], patch: () => {}, signal: new AbortController().signal })]);

  it('are every layout, page, the guard and the menu routes (the list below is not empty by accident)', () => {
    const labels = loads.map(([label]) => label);
    for (const expected of ['/login lazy', '/ lazy', '/frameOut lazy', '/frameOut loader', '/frameOut (index) lazy', '/frameOut/log lazy', '/pda lazy', '/pda/stocktake lazy', '/refresh lazy', '/redirect/* lazy']) {
      expect(labels).toContain(expected);
    }
  });

  it.each(loads)('%s: still pending at 120000 ms, it fails with the chunk timeout, not a moment before', async (_label, load) => {
    const outcome = vi.fn();
    load().then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.any(ChunkLoadTimeoutError));
  });
});
