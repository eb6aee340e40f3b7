/** The static routes of spec §2 that the guard, the route builder and the shell refer to. */
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

/** The route name (menu code) of the Home entry prepended to every menu. */
export const HOME_ROUTE_NAME = 'Home';

/** Query parameter the refresh route reads to know where to go back to. */
export const REFRESH_REDIRECT_PARAM = 'redirect';
