/**
 * Menu click statistics (spec §3): each record the portal sends is one visit and adds exactly 1 to the
 * count (the contract allows no other NUM_OF_CLICK, so a client cannot inflate counts). Home, login and
 * menus with no id are not counted. Used by the server and the mocks alike.
 */
export const MENU_CLICK_INCREMENT = 1;

/** The menu id the portal gives the Home entry it prepends to every menu (no menu row has it). */
const HOME_MENU_ID = 'Home';
/** The root, home (and the second home, `grid`) and login: never counted. */
const UNCOUNTED_MENU_PATHS: ReadonlySet<string> = new Set(['/', '/index', '/grid', '/login']);

export const isCountedMenuVisit = (visit: { MENU_ID: string; MENU_PATH: string }): boolean =>
  visit.MENU_ID.trim() !== '' && visit.MENU_ID !== HOME_MENU_ID && !UNCOUNTED_MENU_PATHS.has(visit.MENU_PATH);
