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

/**
 * Static routes that a menu item may link to (the seeded 'Front-end log' menu links /log): the static
 * route serves them, so a menu route with the same path is left out and needs no page module.
 */
export const MENU_RESERVED_PATHS: readonly string[] = [STATIC_PATHS.home, STATIC_PATHS.refresh, STATIC_PATHS.log, STATIC_PATHS.grid].map(
  (path) => path.replace(/^\//, ''),
);
