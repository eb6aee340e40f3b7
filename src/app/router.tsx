/**
 * Routes (spec §2). The login page; the guarded main layout (the shell) with the static routes
 * and, patched in after the session bootstrap, one route per menu screen; /frameOut, the same
 * screens without the aside. Unknown paths get the 404 page inside the layout, after the guard
 * (so without a session they go to login first, and come back if the path turns out to exist).
 * Pages and layouts are lazy, so the login chunk never pulls in the shell or ProTable (STACK.md).
 */
import { Spin } from 'antd';
import { createBrowserRouter, redirect, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { ChildAppHostPage } from '../shell/childApp/ChildAppHostPage';
import { UnknownMenuIframePage, UrlIframePage } from '../shell/iframe/IframePage';
import { RefreshPage } from '../shell/tabs/RefreshPage';
import { guardLoader } from './guard/guardLoader';
import { createMenuRoutesPatcher } from './guard/menuRoutesPatcher';
import { NotFoundPage } from './routes/NotFoundPage';
import { RedirectPage } from './routes/RedirectPage';
import { RouteErrorPage } from './routes/RouteErrorPage';
import type { RouteObjectOptions } from './routes/routeObjects';
import { MENU_RESERVED_PATHS, STATIC_PATHS } from '../core/navigation/staticPaths';

export const SHELL_ROUTE_ID = 'shell';
export const FRAME_OUT_ROUTE_ID = 'frameOut';

const segment = (path: string) => path.replace(/^\//, '');

function RouteLoading() {
  return <Spin fullscreen />;
}

const homePage = () => import('../features/home/pages/HomePage').then((m) => ({ Component: m.HomePage }));
const logPage = () => import('../features/log/pages/LogPage').then((m) => ({ Component: m.LogPage }));

/** The pages both layouts offer besides the menu screens. */
const contentRoutes = (): RouteObject[] => [
  { path: segment(STATIC_PATHS.log), lazy: logPage },
  { path: segment(STATIC_PATHS.iframe), Component: UrlIframePage },
  { path: `${segment(STATIC_PATHS.iframe)}/:menuCode`, Component: UnknownMenuIframePage },
  { path: `${segment(STATIC_PATHS.micro)}/*`, Component: ChildAppHostPage },
  { path: '*', Component: NotFoundPage },
];

/** Guarded layout routes: the guard runs on every navigation, since the token can go between two. */
const guarded = { loader: guardLoader, shouldRevalidate: () => true, HydrateFallback: RouteLoading, errorElement: <RouteErrorPage /> };

export const routes: RouteObject[] = [
  {
    path: STATIC_PATHS.login,
    HydrateFallback: RouteLoading,
    lazy: () => import('../features/auth/pages/LoginPage').then((m) => ({ Component: m.LoginPage })),
  },
  {
    id: FRAME_OUT_ROUTE_ID,
    path: STATIC_PATHS.frameOut,
    ...guarded,
    lazy: () => import('../shell/layout/FrameOutLayout').then((m) => ({ Component: m.FrameOutLayout })),
    children: [{ index: true, lazy: homePage }, ...contentRoutes()],
  },
  {
    id: SHELL_ROUTE_ID,
    path: STATIC_PATHS.root,
    ...guarded,
    lazy: () => import('../shell/layout/ShellLayout').then((m) => ({ Component: m.ShellLayout })),
    children: [
      { index: true, loader: () => redirect(STATIC_PATHS.home) },
      { path: segment(STATIC_PATHS.home), lazy: homePage },
      // The second home (spec §2 `grid`).
      { path: segment(STATIC_PATHS.grid), lazy: homePage },
      { path: segment(STATIC_PATHS.refresh), Component: RefreshPage },
      { path: 'redirect/*', Component: RedirectPage },
      ...contentRoutes(),
    ],
  },
];

const menuRouteOptions: RouteObjectOptions = {
  reservedPaths: MENU_RESERVED_PATHS,
  renderChildApp: () => <ChildAppHostPage />,
};

const patchShell = createMenuRoutesPatcher(SHELL_ROUTE_ID, menuRouteOptions);
const patchFrameOut = createMenuRoutesPatcher(FRAME_OUT_ROUTE_ID, { ...menuRouteOptions, idPrefix: FRAME_OUT_ROUTE_ID });

/** The role's screens go under both layouts: /admin/user in the frame, /frameOut/admin/user without the aside. */
export const patchMenuRoutes: PatchRoutesOnNavigationFunction = async (args) => {
  await patchShell(args);
  await patchFrameOut(args);
};

let created: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The portal's router, created on first use rather than when this module is imported: a data router starts
 * the first navigation's loaders (the guard, hence the session bootstrap's calls) the moment it exists, and in
 * mock mode main.tsx must have the MSW worker answering before that (else a reload went to the dev server,
 * got 网关错误 and lost the session).
 */
export function appRouter() {
  created ??= createBrowserRouter(routes, { patchRoutesOnNavigation: patchMenuRoutes });
  return created;
}
