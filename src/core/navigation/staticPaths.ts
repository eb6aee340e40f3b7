/** The static routes and the Home entry's name live in shared: the server and the mocks count menu clicks by them. */
import { HOME_ROUTE_NAME, STATIC_PATHS } from '../../shared/navigation/static-paths';

export { HOME_ROUTE_NAME, STATIC_PATHS };

/** Query parameter the refresh route reads to know where to go back to. */
export const REFRESH_REDIRECT_PARAM = 'redirect';

/**
 * Static routes that a menu item may link to (the seeded 'Front-end log' menu links /log): the static
 * route serves them, so a menu route with the same path is left out and needs no page module.
 */
export const MENU_RESERVED_PATHS: readonly string[] = [STATIC_PATHS.home, STATIC_PATHS.refresh, STATIC_PATHS.log, STATIC_PATHS.grid].map(
  (path) => path.replace(/^\//, ''),
);
