/**
 * Built routes -> react-router route objects, to be placed as children of the shell layout route.
 * Pages are lazy (their chunk loads on first visit); every element knows its menu route
 * (useMenuRoute). Paths the static routes already own (e.g. `log`) are left to them.
 */
import { Suspense, type ReactNode } from 'react';
import { Spin } from 'antd';
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { prefetchGrid } from '../../grid/api/prefetch';
import { isListRoutePage, pageRegistry, type PageLoader } from '../pageRegistry';
import { queryClient } from '../providers/queryClient';
import { IframePage } from '../../shell/iframe/IframePage';
import { MenuRouteContext } from '../../core/navigation/menuRouteContext';
import { loadPage, pageComponentFor } from './pageComponents';
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

/**
 * A page route's loader: starts the page's code and, for a list page, its grid's data, all at once
 * (issue 15); then waits for the code only, so the page renders without suspending (a suspended page
 * is revealed no sooner than 300 ms after its fallback: pageComponents.tsx). The data is not waited
 * for: the grid renders and shows its rows as they arrive. Without the loader the code would load only
 * when the page renders, and the grid would ask for its data only once that code had loaded and rendered.
 */
function startPage(route: DynamicRoute, options: RouteObjectOptions) {
  return async ({ request }: LoaderFunctionArgs) => {
    const load = (options.registry ?? pageRegistry)[route.componentKey ?? route.path];
    // The same module React.lazy asks for when the page renders (pageComponents.tsx): loaded once.
    const code = load ? loadPage(load).catch(() => undefined) : undefined;
    if (isListRoutePage(load)) prefetchGrid(queryClient, { listRoute: `/${route.path}`, routePath: new URL(request.url).pathname });
    // A chunk that fails to load is the page's error, shown when it renders (React.lazy loads it again).
    await code;
    return null;
  };
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
      // Only pages load code and data: an iframe or child-app route renders at once, with no loader to wait for.
      ...(route.kind === 'page' ? { loader: startPage(route, options) } : {}),
      // A page chunk that fails to load shows its error in the tab; the shell stays usable.
      errorElement: <RouteErrorPage />,
      element: <MenuRouteContext.Provider value={route}>{elementFor(route, options)}</MenuRouteContext.Provider>,
    }));
}
