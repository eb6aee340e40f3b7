/**
 * Built routes -> react-router route objects, to be placed as children of the shell layout route.
 * Pages are lazy (their chunk loads on first visit); every element knows its menu route
 * (useMenuRoute). Paths the static routes already own (e.g. `log`) are left to them.
 */
import { Suspense, type ReactNode } from 'react';
import { Spin } from 'antd';
import type { RouteObject } from 'react-router-dom';
import type { PageLoader } from '../pageRegistry';
import { IframePage } from '../../shell/iframe/IframePage';
import { MenuRouteContext } from '../../core/navigation/menuRouteContext';
import { pageComponentFor } from './pageComponents';
import { RouteErrorPage } from './RouteErrorPage';
import type { DynamicRoute } from '../../core/navigation/types';

export interface RouteObjectOptions {
  /** Paths (without leading slash) of static routes; a menu route with the same path is skipped. */
  reservedPaths?: readonly string[];
  /** Renders a child-app route; without it child-app routes are left out (the host comes later). */
  renderChildApp?: (route: DynamicRoute) => ReactNode;
  registry?: Readonly<Record<string, PageLoader>>;
  /** Route ids must be unique in the router: a second layout holding the same routes needs its own prefix. */
  idPrefix?: string;
}

/** Every dynamic route element carries this handle, for breadcrumbs and titles. */
export interface MenuRouteHandle {
  menuRoute: DynamicRoute;
}

function elementFor(route: DynamicRoute, options: RouteObjectOptions): ReactNode {
  if (route.kind === 'iframe') return <IframePage route={route} />;
  if (route.kind === 'micro') return options.renderChildApp?.(route) ?? null;
  const Page = pageComponentFor(route.componentKey ?? route.path, options.registry);
  return (
    <Suspense fallback={<Spin />}>
      <Page />
    </Suspense>
  );
}

export const MENU_ROUTE_ID_PREFIX = 'menu';

export function createMenuRouteObjects(routes: readonly DynamicRoute[], options: RouteObjectOptions = {}): RouteObject[] {
  const reserved = new Set(options.reservedPaths ?? []);
  const idPrefix = options.idPrefix ?? MENU_ROUTE_ID_PREFIX;
  return routes
    .filter((route) => !reserved.has(route.path))
    .filter((route) => route.kind !== 'micro' || options.renderChildApp)
    .map((route) => ({
      path: route.path,
      id: `${idPrefix}:${route.path}`,
      handle: { menuRoute: route } satisfies MenuRouteHandle,
      // A page chunk that fails to load shows its error in the tab; the shell stays usable.
      errorElement: <RouteErrorPage />,
      element: <MenuRouteContext.Provider value={route}>{elementFor(route, options)}</MenuRouteContext.Provider>,
    }));
}
