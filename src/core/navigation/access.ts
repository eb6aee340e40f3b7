/**
 * The client's one access check (spec §6): which menus, and which buttons of them, the signed-in
 * user has. The answer comes from the session's grants, which the guard's bootstrap loads with the
 * menus. Codes are typed by the contract (src/api/access-codes.d.ts, generated from the
 * x-permission values), so asking about a menu or button no operation declares does not compile.
 * Hiding a control only spares the user a '拒绝访问': the server checks every call itself.
 */
import { useMemo } from 'react';
import type { ButtonCode, ListButton, MenuButtons, MenuCode } from '../../api/access-codes';
import { isMenuItemShown } from './buildRoutes';
import { useMenuRoute } from './menuRouteContext';
import { useNavigationStore } from './navigationStore';
import type { ServerMenuItem } from './types';

/** Menu code -> the codes of its buttons the user has; a menu the user lacks is absent. */
export type MenuGrants = Readonly<Record<string, readonly string[]>>;

/**
 * The grants of the role menu tree and the button map (menu id -> button codes), both as the
 * server gives them to the caller. Disabled menus and another product's menus are left out, as
 * from the menus the shell shows.
 */
export function grantsOf(menuTree: readonly ServerMenuItem[], buttonsByMenuId: Readonly<Record<string, readonly string[]>>): MenuGrants {
  const grants: Record<string, readonly string[]> = {};
  const visit = (items: readonly ServerMenuItem[]) => {
    for (const item of items) {
      if (!isMenuItemShown(item)) continue;
      grants[item.Menu_Code] = buttonsByMenuId[item.Id] ?? [];
      visit(item.children ?? []);
    }
  };
  visit(menuTree);
  return grants;
}

export interface Access {
  /** The user has the menu, and with `button` that button of it (a grid button, for a menu with a list). */
  has<M extends MenuCode>(menu: M, button?: MenuButtons[M] | ListButton): boolean;
  /** The user has the button on the menu the current page was opened from (none on a page outside the menus). */
  can(button: ButtonCode): boolean;
}

/** The access of `grants`, on the page opened from the menu `pageMenu` (its code). */
export function accessOf(grants: MenuGrants, pageMenu?: string): Access {
  const hasButton = (menu: string | undefined, button: string) => Boolean(menu && grants[menu]?.includes(button));
  return {
    has: (menu, button) => (button === undefined ? menu in grants : hasButton(menu, button)),
    can: (button) => hasButton(pageMenu, button),
  };
}

/** The signed-in user's access, on the page being rendered. */
export function useAccess(): Access {
  const grants = useNavigationStore((state) => state.grants);
  const pageMenu = useMenuRoute()?.name;
  return useMemo(() => accessOf(grants, pageMenu), [grants, pageMenu]);
}
