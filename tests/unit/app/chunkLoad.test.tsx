/** Spec §8/§9: a page chunk that has not loaded within 120000 ms is a failed chunk. */
import '@ant-design/v5-patch-for-react-19';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '../../../src/core/i18n';
import { changeLanguage } from '../../../src/core/i18n';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeoutError, withChunkTimeout } from '../../../src/app/routes/chunkLoad';
import { createMenuRouteObjects } from '../../../src/app/routes/routeObjects';
import type { DynamicRoute } from '../../../src/core/navigation/types';

vi.setConfig({ testTimeout: 20_000 });

const never = <T,>() => new Promise<T>(() => {});

describe('chunk load timeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is the spec’s 120000 ms', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('a load still pending at 120000 ms fails with a timeout, not a moment before', async () => {
    const outcome = vi.fn();
    withChunkTimeout(never()).then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.any(ChunkLoadTimeoutError));
  });

  it('a load that arrives in time is the module, and leaves no timer behind', async () => {
    const module = { default: 'page' };
    await expect(withChunkTimeout(Promise.resolve(module))).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a load that fails in time is its own failure', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    await expect(withChunkTimeout(Promise.reject(failure))).rejects.toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('a menu page whose chunk never arrives', () => {
  const page: DynamicRoute = { path: 'bill/master/IN', name: 'BillIN', menuId: 'm1', title: { zh: '采购入库', en: 'Purchase receipt' }, kind: 'page', componentKey: 'bill/master' };

  beforeEach(async () => {
    await changeLanguage('en');
    // Timers also advance with the clock, so React and the router keep working between the jumps.
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => vi.useRealTimers());

  it('shows the route error page after 120 s, like a chunk that failed, without waiting a second time to render', async () => {
    // React reports the caught error on the console; expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hanging = { 'bill/master': () => never<{ default: () => null }>() };
    const router = createMemoryRouter([{ path: '/', children: createMenuRouteObjects([page], { registry: hanging }) }], { initialEntries: ['/bill/master/IN'] });
    render(<RouterProvider router={router} />);
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1_000));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByText('The page could not be loaded')).toBeTruthy();
    expect(screen.getByText('The page\'s code did not load within 120 seconds; please reload')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    consoleError.mockRestore();
  });
});
