/**
 * Menu click statistics (spec §3): each record the portal sends is one visit and adds exactly 1 to the
 * count (the contract allows no other NUM_OF_CLICK, so a client cannot inflate counts). Home, login and
 * menus with no id are not counted. Used by the portal, the server and the mocks alike.
 */
import { HOME_ROUTE_NAME, STATIC_PATHS } from '../navigation/static-paths.ts';

export const MENU_CLICK_INCREMENT = 1;

/** The root, home (and the second home, `grid`) and login: never counted. */
const UNCOUNTED_MENU_PATHS: ReadonlySet<string> = new Set([STATIC_PATHS.root, STATIC_PATHS.home, STATIC_PATHS.grid, STATIC_PATHS.login]);

/** Whether a visit adds to its menu's count: the portal sends only these, the server and the mocks count only these. */
export const isCountedMenuVisit = (visit: { MENU_ID: string; MENU_PATH: string }): boolean =>
  visit.MENU_ID.trim() !== '' && visit.MENU_ID !== HOME_ROUTE_NAME && !UNCOUNTED_MENU_PATHS.has(visit.MENU_PATH);
