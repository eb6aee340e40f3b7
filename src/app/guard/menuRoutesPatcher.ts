/**
 * Adds the role's menu routes to the data router (spec §2: dynamic routes are built after login).
 * Pass the result as createBrowserRouter's `patchRoutesOnNavigation`: a path no static route
 * owns (the 404 splat counts as "not owned") waits for the session bootstrap, then the menu
 * routes are patched under the shell layout route and matching runs again.
 */
import type { PatchRoutesOnNavigationFunction } from 'react-router-dom';
import { readToken } from '../../core/session/cookies';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import { createMenuRouteObjects, type RouteObjectOptions } from '../routes/routeObjects';
import type { DynamicRoute } from '../../core/navigation/types';
import { ensureSessionBootstrapped } from './sessionBootstrap';
import { startListPageBeforeBootstrap } from '../routes/listPageBeforeBootstrap';

export function createMenuRoutesPatcher(
  layoutRouteId: string,
  options: RouteObjectOptions = {},
  ensureBootstrapped: () => Promise<boolean> = () => ensureSessionBootstrapped(),
): PatchRoutesOnNavigationFunction {
  let patched: readonly DynamicRoute[] | null = null;
  return async ({ path, patch }) => {
    if (!readToken()) return;
    // A page load of a list open in a tab: its grid's requests leave before the bootstrap's, which
    // this patch waits for (the menus name the page's route), from code this chunk holds already.
    if (!useNavigationStore.getState().bootstrapped) startListPageBeforeBootstrap(path.split(/[?#]/)[0]);
    if (!(await ensureBootstrapped())) return;
    const { routes } = useNavigationStore.getState();
    // One patch per bootstrap: the routes array is replaced when the session is rebuilt.
    if (patched === routes) return;
    patched = routes;
    patch(layoutRouteId, createMenuRouteObjects(routes, options));
  };
}
