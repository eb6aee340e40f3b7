/**
 * Writes the demo data (demo-data.ts) on start, each row once per database (the seed ledger,
 * ledger.ts): an edited row is left alone and a deleted one stays deleted across restarts (a
 * deleted demo user does not come back with its default password), while data added to
 * demo-data.ts later is added to existing databases.
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
import { existing, seedOnce, withExistingParents } from './ledger.ts';
import { seedDemoList } from './seed-demo-list.ts';
import { seedHomeData, seedHomeLists } from './seed-home.ts';
import { seedMasterData } from './seed-masterdata.ts';

function buttonIdOf(menuCode: string, buttonCode: string): string {
  const button = DEMO_MENU_BUTTONS.find((b) => b.ParentMenuCode === menuCode && b.Menu_Code === buttonCode);
  if (!button) throw new Error(`demo data grants button ${buttonCode} of menu ${menuCode}, which that menu does not have`);
  return button.Id;
}

export async function seedDemoData(db: DB, options: { adminPassword: string }): Promise<void> {
  await seedOnce(db, 'organizations', DEMO_ORGANIZATIONS, (org) => org.Id, (trx, orgs) =>
    trx
      .insertInto('organizations')
      .values(orgs.map((org) => ({ id: org.Id, code: org.OrganizeCode, name: org.OrganizeName, sort_num: org.SORT_NUM })))
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );

  await seedOnce(db, 'roles', DEMO_ROLES, (role) => role.ID, (trx, roles) =>
    trx
      .insertInto('roles')
      .values(roles.map((role) => ({
        id: role.ID,
        name: role.ROLE_NAME,
        role_type: role.ROLE_TYPE,
        is_system_default: role.IS_SYSTEM_DEFAULT,
        remark: role.REMARK,
      })))
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );

  await seedOnce(db, 'users', DEMO_USERS, (user) => user.ID, async (trx, users) => {
    const knownIds = await existing(trx, 'users', 'id', users.map((u) => u.ID));
    const knownNames = await existing(trx, 'users', 'user_name', users.map((u) => u.USER_NAME));
    const roles = await existing(trx, 'roles', 'id', users.flatMap((u) => u.ROLE_IDS));
    const orgs = await existing(trx, 'organizations', 'id', users.flatMap((u) => u.ORGANIZE_IDS));
    for (const user of users.filter((u) => !knownIds.has(u.ID) && !knownNames.has(u.USER_NAME))) {
      await createUser(trx, {
        id: user.ID,
        userName: user.USER_NAME,
        nickName: user.NICK_NAME,
        roleIds: user.ROLE_IDS.filter((id) => roles.has(id)),
        password: user.PASSWORD ?? options.adminPassword,
        orgIds: user.ORGANIZE_IDS.filter((id) => orgs.has(id)),
      });
    }
  });

  await seedMenus(db, DEMO_MENUS);

  await seedOnce(db, 'menu_buttons', DEMO_MENU_BUTTONS, (button) => button.Id, async (trx, buttons) => {
    const kept = await withExistingParents(trx, buttons, [['menus', (b) => b.Parent_Id]]);
    if (!kept.length) return;
    await trx
      .insertInto('menu_buttons')
      .values(kept.map((button) => ({
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
  });

  // The PDA and tablet terminals' menu trees, then who is given which menus and buttons.
  await seedMenus(db, DEMO_TERMINAL_MENUS);
  const roleMenus = [
    ...Object.entries(DEMO_ROLE_GRANTS).flatMap(([roleId, grants]) =>
      grants.menuCodes.map((code) => ({ role_id: roleId, menu_id: menuIdOf(code), app_code: PORTAL_APP_CODE }))),
    ...Object.entries(DEMO_TERMINAL_GRANTS).flatMap(([roleId, terminals]) =>
      Object.entries(terminals).flatMap(([terminal, codes]) => codes.map((code) => ({ role_id: roleId, menu_id: menuIdOf(code), app_code: terminal })))),
  ];
  await seedOnce(db, 'role_menus', roleMenus, roleMenuKey, async (trx, grants) => {
    const kept = await withExistingParents(trx, grants, [['roles', (g) => g.role_id], ['menus', (g) => g.menu_id]]);
    if (kept.length) await trx.insertInto('role_menus').values(kept).onConflict((oc) => oc.doNothing()).execute();
  });
  const roleButtons = Object.entries(DEMO_ROLE_GRANTS).flatMap(([roleId, grants]) =>
    Object.entries(grants.buttons).flatMap(([menuCode, codes]) => codes.map((code) => ({ role_id: roleId, button_id: buttonIdOf(menuCode, code) }))));
  await seedOnce(db, 'role_buttons', roleButtons, roleButtonKey, async (trx, grants) => {
    const kept = await withExistingParents(trx, grants, [['roles', (g) => g.role_id], ['menu_buttons', (g) => g.button_id]]);
    if (kept.length) await trx.insertInto('role_buttons').values(kept).onConflict((oc) => oc.doNothing()).execute();
  });

  await seedOnce(db, 'child_apps', DEMO_CHILD_APPS, (app) => app.Code, (trx, apps) =>
    trx
      .insertInto('child_apps')
      .values(apps.map((app) => ({ code: app.Code, name: app.Name, url: app.Url, sort_num: app.SORT_NUM })))
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );

  await seedOnce(db, 'api_path_config', Object.entries(DEMO_API_PATH_CONFIG), ([name]) => name, (trx, entries) =>
    trx
      .insertInto('api_path_config')
      .values(entries.map(([name, value]) => ({ name, value })))
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );

  await seedOnce(db, 'environment_variables', DEMO_ENVIRONMENT_VARIABLES, environmentVariableId, (trx, variables) =>
    trx
      .insertInto('environment_variables')
      .values(variables.map((row) => ({
        id: environmentVariableId(row),
        env_name: row.EnvName,
        var_name: row.VarName,
        url_prefix: row.UrlPrefix,
        enabled: row.Enabled,
      })))
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );

  // After the menus: the demo list's configuration names its menu.
  await seedDemoList(db);
  await seedMasterData(db);
  await seedHomeData(db);
  await seedHomeLists(db);
}

/** Ledger keys of a role's menu grant (per terminal) and button grant. */
export const roleMenuKey = (grant: { role_id: string; menu_id: string; app_code: string }) => `${grant.role_id}|${grant.menu_id}|${grant.app_code}`;
export const roleButtonKey = (grant: { role_id: string; button_id: string }) => `${grant.role_id}|${grant.button_id}`;

const environmentVariableId = (row: (typeof DEMO_ENVIRONMENT_VARIABLES)[number]) => `env-${row.EnvName}-${row.VarName}`;

/** Seeded menu rows (portal or a terminal's: the portal's have no Terminal); a menu whose parent was deleted is skipped. */
async function seedMenus(db: DB, menus: readonly ((typeof DEMO_MENUS)[number] & { Terminal?: MenuTerminal })[]): Promise<void> {
  await seedOnce(db, 'menus', menus, (menu) => menu.Id, async (trx, pending) => {
    const parents = await existing(trx, 'menus', 'id', pending.flatMap((menu) => (menu.Parent_Id ? [menu.Parent_Id] : [])));
    for (const menu of pending) parents.add(menu.Id);
    const kept = pending.filter((menu) => !menu.Parent_Id || parents.has(menu.Parent_Id));
    if (!kept.length) return;
    await trx
      .insertInto('menus')
      .values(kept.map((menu) => ({
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
  });
}
