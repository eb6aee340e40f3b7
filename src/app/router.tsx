/**
 * Routes (spec §2). The login page; the guarded main layout (the shell) with the static routes
 * and, patched in after the session bootstrap, one route per menu screen; /frameOut, the same
 * screens without the aside; /pda, the scanning pages for phones and PDAs without the shell. Unknown paths get the 404 page inside the layout, after the guard
 * (so without a session they go to login first, and come back if the path turns out to exist).
 * Pages, layouts, the guard and the menu routes are lazy, so the login page loads none of the shell,
 * its pages or ProTable (STACK.md; issue 15: the login page's JS near the stack's floor). The error
 * page stays eager: it must show when a lazy chunk fails to load. Every chunk loaded here, the login
 * page's too, fails after the chunk timeout as a menu page's does (spec §9; chunkLoad.ts), instead of
 * spinning forever (wrapping them all cost the login page 46 B gzip).
 */
import { Spin } from 'antd';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { RouteErrorPage } from './routes/RouteErrorPage';
import { timedLazy, withChunkTimeout } from './routes/chunkLoad';
import { STATIC_PATHS } from '../core/navigation/staticPaths';

export const SHELL_ROUTE_ID = 'shell';
export const FRAME_OUT_ROUTE_ID = 'frameOut';
export const PDA_ROUTE_ID = 'pda';

const segment = (path: string) => path.replace(/^\//, '');

function RouteLoading() {
  return <Spin fullscreen />;
}

const urlIframePage = timedLazy(() => import('../shell/iframe/IframePage').then((m) => ({ Component: m.UrlIframePage })));
const unknownMenuIframePage = timedLazy(() => import('../shell/iframe/IframePage').then((m) => ({ Component: m.UnknownMenuIframePage })));
const childAppHostPage = timedLazy(() => import('../shell/childApp/ChildAppHostPage').then((m) => ({ Component: m.ChildAppHostPage })));
const notFoundPage = timedLazy(() => import('./routes/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })));
const homePage = timedLazy(() => import('../features/home/pages/HomePage').then((m) => ({ Component: m.HomePage })));
const logPage = timedLazy(() => import('../features/log/pages/LogPage').then((m) => ({ Component: m.LogPage })));

/** The pages both layouts offer besides the menu screens. */
const contentRoutes = (): RouteObject[] => [
  { path: segment(STATIC_PATHS.log), lazy: logPage },
  { path: segment(STATIC_PATHS.iframe), lazy: urlIframePage },
  { path: `${segment(STATIC_PATHS.iframe)}/:menuCode`, lazy: unknownMenuIframePage },
  { path: `${segment(STATIC_PATHS.micro)}/*`, lazy: childAppHostPage },
  { path: '*', lazy: notFoundPage },
];

const guardLoader = (args: LoaderFunctionArgs) => withChunkTimeout(import('./guard/guardLoader')).then((m) => m.guardLoader(args));

/** Guarded layout routes: the guard runs on every navigation, since the token can go between two. */
const guarded = { loader: guardLoader, shouldRevalidate: () => true, HydrateFallback: RouteLoading, errorElement: <RouteErrorPage /> };

export const routes: RouteObject[] = [
  {
    path: STATIC_PATHS.login,
    HydrateFallback: RouteLoading,
    // A login chunk that failed or timed out shows the error page with its Reload, not the router's bare error.
    errorElement: <RouteErrorPage />,
    lazy: timedLazy(() => import('../features/auth/pages/LoginPage').then((m) => ({ Component: m.LoginPage }))),
  },
  {
    id: FRAME_OUT_ROUTE_ID,
    path: STATIC_PATHS.frameOut,
    ...guarded,
    lazy: timedLazy(() => import('./routes/sessionLayouts').then((m) => ({ Component: m.SessionFrameOutLayout }))),
    children: [{ index: true, lazy: homePage }, ...contentRoutes()],
  },
  {
    // The scanning pages for phones and PDAs (issue 17): the same session, no desktop shell.
    id: PDA_ROUTE_ID,
    path: '/pda',
    ...guarded,
    lazy: timedLazy(() => import('../features/bills/pda/PdaLayout').then((m) => ({ Component: m.default }))),
    children: [
      { index: true, lazy: timedLazy(() => import('../features/bills/pda/pages/PdaHomePage').then((m) => ({ Component: m.default }))) },
      { path: 'receive-scan', lazy: timedLazy(() => import('../features/bills/pda/pages/BillScanPage').then((m) => ({ Component: m.ReceiveScanPage }))) },
      { path: 'picking', lazy: timedLazy(() => import('../features/bills/pda/pages/BillScanPage').then((m) => ({ Component: m.PickingPage }))) },
      { path: 'issue-scan', lazy: timedLazy(() => import('../features/bills/pda/pages/BillScanPage').then((m) => ({ Component: m.PickingPage }))) },
      { path: 'transfer', lazy: timedLazy(() => import('../features/bills/pda/pages/TransferPage').then((m) => ({ Component: m.default }))) },
      { path: 'move-locator', lazy: timedLazy(() => import('../features/bills/pda/pages/TransferPage').then((m) => ({ Component: m.default }))) },
      { path: 'reel-query', lazy: timedLazy(() => import('../features/bills/pda/pages/ReelQueryPage').then((m) => ({ Component: m.default }))) },
      { path: 'stock-query', lazy: timedLazy(() => import('../features/bills/pda/pages/StockQueryPage').then((m) => ({ Component: m.default }))) },
      { path: 'stocktake', lazy: timedLazy(() => import('../features/bills/pda/pages/StocktakeScanPage').then((m) => ({ Component: m.default }))) },
      { path: '*', lazy: timedLazy(() => import('../features/bills/pda/pages/PdaHomePage').then((m) => ({ Component: m.default }))) },
    ],
  },
  {
    id: SHELL_ROUTE_ID,
    path: STATIC_PATHS.root,
    ...guarded,
    lazy: timedLazy(() => import('./routes/sessionLayouts').then((m) => ({ Component: m.SessionShellLayout }))),
    children: [
      { index: true, loader: () => redirect(STATIC_PATHS.home) },
      { path: segment(STATIC_PATHS.home), lazy: homePage },
      // The second home (spec §2 `grid`).
      { path: segment(STATIC_PATHS.grid), lazy: homePage },
      { path: segment(STATIC_PATHS.refresh), lazy: timedLazy(() => import('../shell/tabs/RefreshPage').then((m) => ({ Component: m.RefreshPage }))) },
      { path: 'redirect/*', lazy: timedLazy(() => import('./routes/RedirectPage').then((m) => ({ Component: m.RedirectPage }))) },
      ...contentRoutes(),
    ],
  },
];

let patchLayouts: Promise<PatchRoutesOnNavigationFunction> | undefined;

/** The role's screens go under both layouts: /admin/user in the frame, /frameOut/admin/user without the aside. */
export const patchMenuRoutes: PatchRoutesOnNavigationFunction = async (args) => {
  patchLayouts ??= withChunkTimeout(import('./menuRoutes')).then(
    (m) => m.createLayoutsPatcher(SHELL_ROUTE_ID, FRAME_OUT_ROUTE_ID),
    (error: unknown) => {
      // A chunk that failed to load is fetched again on the next navigation.
      patchLayouts = undefined;
      throw error;
    },
  );
  await (await patchLayouts)(args);
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
