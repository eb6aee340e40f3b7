/**
 * The role's menu screens as routes under both layouts (router.tsx loads this on the first navigation
 * that needs them, so the login page does not load the shell's pages and the child-app host).
 */
import type { PatchRoutesOnNavigationFunction } from 'react-router-dom';
import { ChildAppHostPage } from '../shell/childApp/ChildAppHostPage';
import { MENU_RESERVED_PATHS } from '../core/navigation/staticPaths';
import { createMenuRoutesPatcher } from './guard/menuRoutesPatcher';
import type { RouteObjectOptions } from './routes/routeObjects';

const menuRouteOptions: RouteObjectOptions = {
  reservedPaths: MENU_RESERVED_PATHS,
  renderChildApp: () => <ChildAppHostPage />,
};

/** The patcher for the two layout routes, by their route ids. */
export function createLayoutsPatcher(shellRouteId: string, frameOutRouteId: string): PatchRoutesOnNavigationFunction {
  const patchShell = createMenuRoutesPatcher(shellRouteId, menuRouteOptions);
  const patchFrameOut = createMenuRoutesPatcher(frameOutRouteId, { ...menuRouteOptions, idPrefix: frameOutRouteId });
  return async (args) => {
    await patchShell(args);
    await patchFrameOut(args);
  };
}
