/**
 * The static routes of spec §2 that the guard, the route builder and the shell refer to. Shared: which of
 * them a menu click is never counted for (../home/menu-clicks.ts) is the server's and the mocks' rule too.
 */
export const STATIC_PATHS = {
  root: '/',
  home: '/index',
  login: '/login',
  refresh: '/refresh',
  log: '/log',
  iframe: '/Iframe',
  micro: '/micro',
  frameOut: '/frameOut',
  grid: '/grid',
} as const;

/** The route name (menu code) and menu id of the Home entry prepended to every menu (no menu row has it). */
export const HOME_ROUTE_NAME = 'Home';
