/**
 * Writes the demo data (demo-data.ts) on start. Idempotent: rows that exist are left alone, so a
 * changed password or an edited menu survives restarts, and data added to demo-data.ts later is
 * added to existing databases.
 */
import type { DB } from '../database.ts';
import type { MenuTerminal } from '../schema.ts';
import { createUser } from '../../modules/users/accounts.ts';
import {
  DEMO_API_PATH_CONFIG,
  DEMO_CHILD_APPS,
  DEMO_ENVIRONMENT_VARIABLES,
  DEMO_MENU_BUTTONS,
  DEMO_MENUS,
  DEMO_ORGANIZATIONS,
  DEMO_ROLE_GRANTS,
  DEMO_ROLES,
  DEMO_TERMINAL_GRANTS,
  DEMO_TERMINAL_MENUS,
  DEMO_USERS,
  PORTAL_APP_CODE,
  menuIdOf,
} from './demo-data.ts';
import { seedDemoList } from './seed-demo-list.ts';
import { seedHomeData, seedHomeLists } from './seed-home.ts';
import { seedMasterData } from './seed-masterdata.ts';

function buttonIdOf(menuCode: string, buttonCode: string): string {
  const button = DEMO_MENU_BUTTONS.find((b) => b.ParentMenuCode === menuCode && b.Menu_Code === buttonCode);
  if (!button) throw new Error(`demo data grants button ${buttonCode} of menu ${menuCode}, which that menu does not have`);
  return button.Id;
}

export async function seedDemoData(db: DB, options: { adminPassword: string }): Promise<void> {
  await db
    .insertInto('organizations')
    .values(DEMO_ORGANIZATIONS.map((org) => ({ id: org.Id, code: org.OrganizeCode, name: org.OrganizeName, sort_num: org.SORT_NUM })))
    .onConflict((oc) => oc.doNothing())
    .execute();

  await db
    .insertInto('roles')
    .values(DEMO_ROLES.map((role) => ({
      id: role.ID,
      name: role.ROLE_NAME,
      role_type: role.ROLE_TYPE,
      is_system_default: role.IS_SYSTEM_DEFAULT,
      remark: role.REMARK,
    })))
    .onConflict((oc) => oc.doNothing())
    .execute();

  const existingUserIds = new Set(
    (await db.selectFrom('users').select('id').where('id', 'in', DEMO_USERS.map((u) => u.ID)).execute()).map((u) => u.id),
  );
  for (const user of DEMO_USERS.filter((u) => !existingUserIds.has(u.ID))) {
    await createUser(db, {
      id: user.ID,
      userName: user.USER_NAME,
      nickName: user.NICK_NAME,
      roleIds: user.ROLE_IDS,
      password: user.PASSWORD ?? options.adminPassword,
      orgIds: user.ORGANIZE_IDS,
    });
  }

  await insertMenus(db, DEMO_MENUS);

  await db
    .insertInto('menu_buttons')
    .values(DEMO_MENU_BUTTONS.map((button) => ({
      id: button.Id,
      parent_id: button.Parent_Id,
      menu_code: button.Menu_Code,
      parent_menu_code: button.ParentMenuCode,
      button_name: button.Button_Name,
      button_name_en: button.Button_Name_En,
      sort_num: button.SORT_NUM,
    })))
    .onConflict((oc) => oc.doNothing())
    .execute();

  for (const [roleId, grants] of Object.entries(DEMO_ROLE_GRANTS)) {
    await db
      .insertInto('role_menus')
      .values(grants.menuCodes.map((code) => ({ role_id: roleId, menu_id: menuIdOf(code), app_code: PORTAL_APP_CODE })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const buttonIds = Object.entries(grants.buttons).flatMap(([menuCode, codes]) => codes.map((code) => buttonIdOf(menuCode, code)));
    if (buttonIds.length) {
      await db
        .insertInto('role_buttons')
        .values(buttonIds.map((buttonId) => ({ role_id: roleId, button_id: buttonId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }

  // The PDA and tablet terminals' menu trees and who is given them.
  await insertMenus(db, DEMO_TERMINAL_MENUS);
  for (const [roleId, terminals] of Object.entries(DEMO_TERMINAL_GRANTS)) {
    for (const [terminal, menuCodes] of Object.entries(terminals)) {
      if (!menuCodes.length) continue;
      await db
        .insertInto('role_menus')
        .values(menuCodes.map((code) => ({ role_id: roleId, menu_id: menuIdOf(code), app_code: terminal })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }

  await db
    .insertInto('child_apps')
    .values(DEMO_CHILD_APPS.map((app) => ({ code: app.Code, name: app.Name, url: app.Url, sort_num: app.SORT_NUM })))
    .onConflict((oc) => oc.doNothing())
    .execute();

  await db
    .insertInto('api_path_config')
    .values(Object.entries(DEMO_API_PATH_CONFIG).map(([name, value]) => ({ name, value })))
    .onConflict((oc) => oc.doNothing())
    .execute();

  await db
    .insertInto('environment_variables')
    .values(DEMO_ENVIRONMENT_VARIABLES.map((row) => ({
      id: `env-${row.EnvName}-${row.VarName}`,
      env_name: row.EnvName,
      var_name: row.VarName,
      url_prefix: row.UrlPrefix,
      enabled: row.Enabled,
    })))
    .onConflict((oc) => oc.doNothing())
    .execute();

  // After the menus: the demo list's configuration names its menu.
  await seedDemoList(db);
  await seedMasterData(db);
  await seedHomeData(db);
  await seedHomeLists(db);
}

/** Seeded menu rows (portal or a terminal's: the portal's have no Terminal), kept when already there. */
async function insertMenus(db: DB, menus: readonly ((typeof DEMO_MENUS)[number] & { Terminal?: MenuTerminal })[]): Promise<void> {
  await db
    .insertInto('menus')
    .values(menus.map((menu) => ({
      id: menu.Id,
      parent_id: menu.Parent_Id,
      menu_code: menu.Menu_Code,
      menu_name: menu.Menu_Name,
      menu_en: menu.MENU_EN,
      icon_url: menu.Icon_Url,
      link_url: menu.Link_Url,
      target: menu.Target,
      sort_num: menu.SORT_NUM,
      param_config: menu.COLUMNS,
      enabled: menu.ENABLED,
      app_code: menu.AppCode,
      app_url: menu.AppUrl,
      is_system_default: true,
      ...(menu.Terminal ? { terminal: menu.Terminal } : {}),
    })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
