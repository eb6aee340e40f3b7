/**
 * What a user is granted: the menu tree, the buttons per menu, and whether they have a menu code
 * (the check behind `x-permission`). A user's grants are the union over their roles (spec §3 User:
 * roles), plus the menus given to the user directly (User/SaveUserMenu; those bring no buttons).
 * Only ENABLED 'Y' menus count; a disabled or ungranted menu hides its whole subtree.
 */
import type { components } from '../../../src/api/schema';
import type { DB } from '../../db/database.ts';
import type { MenuRow } from '../../db/schema.ts';
import type { Grant } from '../../contract.ts';

type MenuItem = components['schemas']['MenuItem'];

/** Whose grants: the roles, and the user whose directly given menus count too (none: the roles' alone). */
export interface Grantee {
  roleIds: readonly string[];
  userId?: string;
}

/** `in` needs at least one value; no role matches the empty id. */
const orNone = (ids: readonly string[]) => (ids.length ? [...ids] : ['']);

/** Ids of the menus granted to the grantee (in one terminal tree, or in any). */
function grantedMenuIds(db: DB, grantee: Grantee, appCode?: string) {
  let byRole = db.selectFrom('role_menus').select('role_menus.menu_id').where('role_menus.role_id', 'in', orNone(grantee.roleIds));
  if (appCode) byRole = byRole.where('role_menus.app_code', '=', appCode);
  if (!grantee.userId) return byRole;
  let byUser = db.selectFrom('user_menus').select('user_menus.menu_id').where('user_menus.user_id', '=', grantee.userId);
  if (appCode) byUser = byUser.where('user_menus.app_code', '=', appCode);
  return byRole.union(byUser);
}

function grantedMenusQuery(db: DB, grantee: Grantee, appCode?: string) {
  return db.selectFrom('menus').where('menus.enabled', '=', 'Y').where('menus.id', 'in', grantedMenuIds(db, grantee, appCode));
}

function toMenuItem(menu: MenuRow): MenuItem {
  return {
    Id: menu.id,
    Parent_Id: menu.parent_id,
    Menu_Name: menu.menu_name,
    MENU_EN: menu.menu_en,
    Menu_Code: menu.menu_code,
    Link_Url: menu.link_url,
    Icon_Url: menu.icon_url,
    Target: menu.target,
    COLUMNS: menu.param_config,
    AppUrl: menu.app_url,
    AppCode: menu.app_code,
    ENABLED: menu.enabled,
    SORT_NUM: menu.sort_num,
  };
}

/** The grantee's menu tree for a terminal (app code), children sorted by SORT_NUM. */
export async function grantedMenuTree(db: DB, grantee: Grantee, appCode: string): Promise<MenuItem[]> {
  const rows = await grantedMenusQuery(db, grantee, appCode).selectAll('menus').orderBy('menus.sort_num').orderBy('menus.menu_code').execute();
  const items = new Map(rows.map((row) => [row.id, toMenuItem(row)]));
  const roots: MenuItem[] = [];
  for (const item of items.values()) {
    if (item.Parent_Id === null) {
      roots.push(item);
      continue;
    }
    // A child whose parent is not in the tree is unreachable and left out.
    const parent = items.get(item.Parent_Id);
    if (parent) (parent.children ??= []).push(item);
  }
  return roots;
}

/**
 * Button codes the grantee may use, keyed by the id of the menu they belong to (spec §6): a button
 * one of the roles is given, of a menu the grantee has in that terminal tree.
 */
export async function grantedButtons(db: DB, grantee: Grantee, appCode: string): Promise<Record<string, string[]>> {
  const rows = await grantedMenusQuery(db, grantee, appCode)
    .innerJoin('menu_buttons', 'menu_buttons.parent_id', 'menus.id')
    .where((eb) =>
      eb.exists(
        eb.selectFrom('role_buttons').select('role_buttons.button_id')
          .whereRef('role_buttons.button_id', '=', 'menu_buttons.id')
          .where('role_buttons.role_id', 'in', orNone(grantee.roleIds)),
      ),
    )
    .select(['menu_buttons.parent_id', 'menu_buttons.menu_code', 'menu_buttons.sort_num'])
    .orderBy('menu_buttons.parent_id')
    .orderBy('menu_buttons.sort_num')
    .orderBy('menu_buttons.menu_code')
    .execute();
  const buttons: Record<string, string[]> = {};
  for (const row of rows) (buttons[row.parent_id] ??= []).push(row.menu_code);
  return buttons;
}

/**
 * Whether the grantee has one of the grants (the check behind `x-permission`): an enabled menu
 * given in any terminal tree, and for a button grant also that button of that menu, given to one
 * of the roles.
 */
export async function hasAnyGrant(db: DB, grantee: Grantee, anyOf: readonly Grant[]): Promise<boolean> {
  const menuCodes = [...new Set(anyOf.map((g) => g.menuCode))];
  const menus = await grantedMenusQuery(db, grantee).where('menus.menu_code', 'in', orNone(menuCodes)).select('menus.menu_code').execute();
  const grantedMenus = new Set(menus.map((m) => m.menu_code));
  if (anyOf.some((g) => !g.buttonCode && grantedMenus.has(g.menuCode))) return true;
  const buttonGrants = anyOf.filter((g) => g.buttonCode && grantedMenus.has(g.menuCode));
  if (!buttonGrants.length) return false;
  const buttons = await db
    .selectFrom('role_buttons')
    .innerJoin('menu_buttons', 'menu_buttons.id', 'role_buttons.button_id')
    .innerJoin('menus', 'menus.id', 'menu_buttons.parent_id')
    .where('role_buttons.role_id', 'in', orNone(grantee.roleIds))
    .where('menus.menu_code', 'in', buttonGrants.map((g) => g.menuCode))
    .where('menu_buttons.menu_code', 'in', buttonGrants.map((g) => g.buttonCode!))
    .select(['menus.menu_code as menuCode', 'menu_buttons.menu_code as buttonCode'])
    .execute();
  return buttonGrants.some((g) => buttons.some((b) => b.menuCode === g.menuCode && b.buttonCode === g.buttonCode));
}

/** The signed-in user as a grantee: their roles and their directly given menus. */
export const granteeOf = (user: { id: string; roleIds: readonly string[] }): Grantee => ({ roleIds: user.roleIds, userId: user.id });
