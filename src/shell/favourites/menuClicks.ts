/**
 * Menu click statistics (spec §3): each visit of a menu screen adds 1 to the user's count for it.
 * Home, login and menus with no id are not counted; neither are screens outside the menu (the
 * log page, refresh), since there is no menu to count for.
 */
import { menuTrail } from '../../core/navigation/buildRoutes';
import type { ShellMenuItem } from '../../core/navigation/types';
import { isCountedMenuVisit } from '../../shared/home/menu-clicks';

export interface MenuVisit {
  MENU_ID: string;
  MENU_PATH: string;
  MENU_TITLE: string;
  MENU_EN_TITLE: string;
  MENU_ICON: string;
  /** One record is one visit: the contract accepts 1 only. */
  NUM_OF_CLICK: 1;
}

/** The visit to record for arriving at `pathname`, or null when that visit is not counted. */
export function menuVisitFor(menus: readonly ShellMenuItem[], pathname: string): MenuVisit | null {
  const menu = menuTrail(menus, pathname).at(-1);
  if (!menu) return null;
  const visit: MenuVisit = {
    MENU_ID: menu.id,
    MENU_PATH: pathname,
    MENU_TITLE: menu.title.zh,
    MENU_EN_TITLE: menu.title.en,
    MENU_ICON: menu.icon ?? '',
    NUM_OF_CLICK: 1,
  };
  // The one rule the server counts by: a visit it would not count is not sent.
  return isCountedMenuVisit(visit) ? visit : null;
}
