/**
 * The grid buttons (spec §6) guard the calls behind them: the caller's role must have the button
 * on the list's menu, exactly as Role/GetAllButtonByRoleId reports it to the portal. A list's rows
 * are its menu's: a role without that menu gets 403 for them (the generic list call is only
 * 'authenticated' in the contract, so the menu is checked here, against the list's menu_code).
 */
import type { RequestAuth } from '../../access.ts';
import type { DB } from '../../db/database.ts';
import { GRID_BUTTONS, PORTAL_APP_CODE } from '../../db/seed/demo-data.ts';
import { Problem } from '../../http/problem.ts';
import type { ListRoute } from '../../query/list-source.ts';
import { grantedButtons, granteeOf, hasAnyGrant } from '../roles/menus.ts';

export type GridButtonCode = (typeof GRID_BUTTONS)[number]['code'];

export async function requireListMenu(db: DB, auth: RequestAuth, route: ListRoute): Promise<void> {
  if (route.menu_code && !(await hasAnyGrant(db, granteeOf(auth.user), [{ menuCode: route.menu_code }]))) {
    throw new Problem(403, 'accessDenied');
  }
}

export async function requireListButton(db: DB, auth: RequestAuth, route: ListRoute, button: GridButtonCode): Promise<void> {
  const menu = route.menu_code
    ? await db.selectFrom('menus').select('id').where('menu_code', '=', route.menu_code).executeTakeFirst()
    : undefined;
  const buttons = menu ? (await grantedButtons(db, granteeOf(auth.user), PORTAL_APP_CODE))[menu.id] : undefined;
  if (!buttons?.includes(button)) throw new Problem(403, 'listButtonMissing', { button });
}
