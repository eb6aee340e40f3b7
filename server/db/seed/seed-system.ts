/**
 * Writes the system data (system-data.ts) on every start, demo or not, each row once per database
 * (the seed ledger, ledger.ts: an edited row is left alone, a deleted one stays deleted, a row added
 * to system-data.ts later reaches existing databases): the starting organisations, the system roles,
 * ADMIN, every menu and button, the system roles' grants, the report host setting, the home lists
 * and the demo list's configuration, and per starting organisation the lookups and bill types.
 *
 * The starting organisations are the demo ones in a demo plant and DEFAULT_ORGANIZATION in a clean
 * one, which is only created when the database has no organisation at all (a database that has
 * its own does not get a second).
 */
import { sql } from 'kysely';
import type { DB } from '../database.ts';
import type { MenuTerminal } from '../schema.ts';
import { createUser } from '../../modules/users/accounts.ts';
import { hashPassword } from '../../security/passwords.ts';
import { DEMO_REEL_STATUS_LOOKUP, DEMO_REEL_STATUSES } from './demo-list-data.ts';
import { existing, seedOnce, withExistingParents } from './ledger.ts';
import { seedDemoReelsList } from './seed-demo-list.ts';
import { settingRowOf } from '../../modules/listparam/settings.ts';
import { writeSeededReport } from '../../modules/reports/reports.ts';
import { SYSTEM_REPORTS } from './report-data.ts';
import {
  ADMIN_USER,
  API_PATH_CONFIG,
  BILL_LISTS,
  PAGE_LISTS,
  BILL_TYPES,
  HOME_LISTS,
  PORTAL_APP_CODE,
  SYSTEM_LOOKUPS,
  SYSTEM_MENU_BUTTONS,
  SYSTEM_MENUS,
  SYSTEM_ROLE_GRANTS,
  SYSTEM_ROLES,
  SYSTEM_TERMINAL_GRANTS,
  SYSTEM_TERMINAL_MENUS,
  menuIdOf,
  type MenuRow,
  type RoleRow,
  type UserRow,
} from './system-data.ts';
import { AQL_VALUES, CODE_LETTERS, INSPECTION_LEVELS, SAMPLE_SIZES, type CodeLetter, type Severity } from '../../../src/shared/quality/iso2859.ts';

export interface StartingOrganization {
  Id: string;
  OrganizeCode: string;
  OrganizeName: string;
  SORT_NUM: number;
}

export interface SystemSeedOptions {
  adminPassword: string;
  /** The organisations the plant starts with: ADMIN is a member of each, each gets the lookups and bill types. */
  organizations: readonly StartingOrganization[];
  /** Create the organisations only when the database has none (a clean plant's default organisation). */
  onlyIntoEmpty?: boolean;
}

export async function seedSystemData(db: DB, options: SystemSeedOptions): Promise<void> {
  const { organizations } = options;
  await seedOnce(db, 'organizations', organizations, (org) => org.Id, async (trx, orgs) => {
    if (options.onlyIntoEmpty && (await trx.selectFrom('organizations').select('id').limit(1).executeTakeFirst())) return;
    await trx
      .insertInto('organizations')
      .values(orgs.map((org) => ({ id: org.Id, code: org.OrganizeCode, name: org.OrganizeName, sort_num: org.SORT_NUM })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
  await seedRoles(db, SYSTEM_ROLES);
  await seedUsers(db, [{ ...ADMIN_USER, ORGANIZE_IDS: organizations.map((org) => org.Id) }], options.adminPassword);
  await giveAdminItsFirstPassword(db, options.adminPassword);
  await seedMenus(db, SYSTEM_MENUS);
  await seedOnce(db, 'menu_buttons', SYSTEM_MENU_BUTTONS, (button) => button.Id, async (trx, buttons) => {
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
  await seedMenus(db, SYSTEM_TERMINAL_MENUS);
  await seedGrants(db, SYSTEM_ROLE_GRANTS, SYSTEM_TERMINAL_GRANTS);

  await seedOnce(db, 'api_path_config', Object.entries(API_PATH_CONFIG), ([name]) => name, (trx, entries) =>
    trx
      .insertInto('api_path_config')
      .values(entries.map(([name, value]) => ({ name, value })))
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  await seedOnce(db, 'list_routes', HOME_LISTS, (list) => list.list_route, (trx, lists) =>
    trx
      .insertInto('list_routes')
      .values(lists.map((list) => ({ ...list, source_kind: 'table' as const, key_field: 'id' })))
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  // After the menus: the demo list's and the bill lists' configuration name their menus.
  await seedDemoReelsList(db);
  await seedListRoutes(db, BILL_LISTS, (listRoute, param) => `bill-${listRoute.split('/').pop()}-${param}`);
  // The list screens `npm run gen -- page` made (their menus are in the menu tree already).
  await seedListRoutes(db, PAGE_LISTS, (listRoute, param) => `page${listRoute.replace(/\//g, '-')}-${param}`);
  // The starting reports (their menus are in the menu tree already), parents before children.
  await seedOnce(db, 'reports', SYSTEM_REPORTS, (report) => report.code, async (trx, reports) => {
    for (const report of reports) await writeSeededReport(trx, report);
  });
  await seedLookupsAndBillTypes(db, organizations.map((org) => org.Id));
  await seedQualityStandard(db, organizations.map((org) => org.Id));
}

/** A seeded grid: its list route, search settings and column meta (system-data.ts BILL_LISTS, PAGE_LISTS). */
type SeededList = (typeof BILL_LISTS)[number] | (typeof PAGE_LISTS)[number];

/**
 * Each list route with its search settings, once per route: a route that exists already keeps the settings
 * an administrator left it. `settingIdOf` names a setting's row. Then its column meta, once per column: a
 * column's meaning added to system-data.ts later (a bill list hiding the header fields its type does not show)
 * reaches existing databases too; a route removed stays without.
 */
async function seedListRoutes(db: DB, lists: readonly SeededList[], settingIdOf: (listRoute: string, paramName: string) => string): Promise<void> {
  await seedOnce(db, 'list_routes', lists, (list) => list.route.list_route, async (trx, pending) => {
    for (const { route, settings } of pending) {
      const created = await trx
        .insertInto('list_routes')
        .values({ key_field: 'id', ...route, source_kind: 'table', source_filter: JSON.stringify(route.source_filter) })
        .onConflict((oc) => oc.doNothing())
        .returning('list_route')
        .executeTakeFirst();
      if (!created || !settings.length) continue;
      await trx
        .insertInto('list_params')
        .values(settings.map((setting, index) =>
          settingRowOf(route.list_route, settingIdOf(route.list_route, setting.PARAM_NAME), { ...setting, LIST_ROUTE: route.list_route, ORD_IDX: (index + 1) * 10 }),
        ))
        .execute();
    }
  });
  const columnMeta = lists.flatMap(({ route, columnMeta }) => columnMeta.map((meta) => ({ ...meta, list_route: route.list_route })));
  await seedOnce(db, 'list_column_meta', columnMeta, (meta) => `${meta.list_route} ${meta.field_name}`, async (trx, pending) => {
    const routes = new Set(
      (await trx.selectFrom('list_routes').select('list_route').where('list_route', 'in', [...new Set(pending.map((meta) => meta.list_route))]).execute()).map((r) => r.list_route),
    );
    const rows = pending.filter((meta) => routes.has(meta.list_route));
    if (rows.length) await trx.insertInto('list_column_meta').values(rows).onConflict((oc) => oc.doNothing()).execute();
  });
}

/**
 * The lookups and bill types of each starting organisation, a ledger entry per row. Until issue 13
 * the demo master-data set wrote them (ledger entry bulk 'masterdata:v1'): a database seeded by it
 * has them already, and its administrators' deletions and edits stand, so their keys are only recorded.
 */
async function seedLookupsAndBillTypes(db: DB, orgIds: string[]): Promise<void> {
  const { rows } = await sql<{ found: boolean }>`select exists (
    select 1 from seed_ledger where seed_table = 'bulk' and seed_key = 'masterdata:v1') as found`.execute(db);
  const writtenByDemoSet = rows[0].found;

  // The demo list's reel statuses label its (in a clean plant: empty) grid like the other coded columns.
  const reelStatuses = DEMO_REEL_STATUSES.map((s) => [DEMO_REEL_STATUS_LOOKUP, s.code, s.name, s.nameEn] as const);
  const lookups = orgIds.flatMap((orgId) => [...SYSTEM_LOOKUPS, ...reelStatuses].map(([type, code, name, nameEn], index) => ({ orgId, type, code, name, nameEn, index })));
  await seedOnce(db, 'md_lookup', lookups, (l) => `${l.orgId}|${l.type}|${l.code}`, async (trx, pending) => {
    const kept = writtenByDemoSet ? [] : await withExistingParents(trx, pending, [['organizations', (l) => l.orgId]]);
    if (!kept.length) return;
    await sql`insert into md_lookup (id, org_id, lookup_type, code, name, name_en, sort_num, enabled)
      values ${sql.join(kept.map((l) => sql`(gen_random_uuid()::text, ${l.orgId}, ${l.type}, ${l.code}, ${l.name}, ${l.nameEn}, ${l.index * 10}, true)`))}
      on conflict do nothing`.execute(trx);
  });

  const billTypes = orgIds.flatMap((orgId) => BILL_TYPES.map((type) => ({ orgId, ...type })));
  await seedOnce(db, 'md_bill_type', billTypes, (b) => `${b.orgId}|${b.code}`, async (trx, pending) => {
    const kept = writtenByDemoSet ? [] : await withExistingParents(trx, pending, [['organizations', (b) => b.orgId]]);
    if (!kept.length) return;
    await sql`insert into md_bill_type (id, org_id, code, name, name_en, category, erp_bill_type, required_header_fields, inspection, fefo, enabled)
      values ${sql.join(kept.map((b) => sql`(gen_random_uuid()::text, ${b.orgId}, ${b.code}, ${b.name}, ${b.nameEn}, ${b.category}, ${b.erpBillType || null}, ${b.requiredHeaderFields || null}, ${b.inspection}, ${b.fefo}, true)`))}
      on conflict do nothing`.execute(trx);
  });
}

/**
 * The ISO 2859-1 reference rows of each starting organisation (issue 19): its seven inspection levels,
 * its 26 AQL values and its code letters with their sample sizes, from the shared tables
 * (src/shared/quality/iso2859.ts), a ledger entry per row: a plant disables what it does not use,
 * and a row it deletes stays deleted.
 */
async function seedQualityStandard(db: DB, orgIds: string[]): Promise<void> {
  const levels = orgIds.flatMap((orgId) => INSPECTION_LEVELS.map((level) => ({ orgId, level })));
  await seedOnce(db, 'md_quality_level', levels, (l) => `${l.orgId}|${l.level}`, async (trx, pending) => {
    const kept = await withExistingParents(trx, pending, [['organizations', (l) => l.orgId]]);
    if (!kept.length) return;
    await sql`insert into md_quality_level (id, org_id, code, name, iso_level, enabled)
      values ${sql.join(kept.map((l) => sql`(gen_random_uuid()::text, ${l.orgId}, ${l.level}, ${`${l.level.startsWith('S') ? '特殊' : '一般'}检验水平 ${l.level}`}, ${l.level}, true)`))}
      on conflict do nothing`.execute(trx);
  });
  const aqls = orgIds.flatMap((orgId) => AQL_VALUES.map((value) => ({ orgId, value })));
  await seedOnce(db, 'md_quality_aql', aqls, (a) => `${a.orgId}|${a.value}`, async (trx, pending) => {
    const kept = await withExistingParents(trx, pending, [['organizations', (a) => a.orgId]]);
    if (!kept.length) return;
    await sql`insert into md_quality_aql (id, org_id, code, value, enabled)
      values ${sql.join(kept.map((a) => sql`(gen_random_uuid()::text, ${a.orgId}, ${String(a.value)}, ${a.value}, true)`))}
      on conflict do nothing`.execute(trx);
  });
  const letters = orgIds.flatMap((orgId) => [...CODE_LETTERS, 'S' as const].map((letter) => ({ orgId, letter })));
  await seedOnce(db, 'md_quality_sample_code', letters, (c) => `${c.orgId}|${c.letter}`, async (trx, pending) => {
    const kept = await withExistingParents(trx, pending, [['organizations', (c) => c.orgId]]);
    if (!kept.length) return;
    const size = (severity: Severity, letter: CodeLetter) => SAMPLE_SIZES[severity][letter] ?? null;
    await sql`insert into md_quality_sample_code (id, org_id, code, normal_size, tightened_size, reduced_size, enabled)
      values ${sql.join(kept.map((c) => sql`(gen_random_uuid()::text, ${c.orgId}, ${c.letter}, ${size('NORMAL', c.letter)}, ${size('TIGHTENED', c.letter)}, ${size('REDUCED', c.letter)}, true)`))}
      on conflict do nothing`.execute(trx);
  });
}

/** Roles, once each (shared with the demo seed). */
export function seedRoles(db: DB, roles: readonly RoleRow[]): Promise<void> {
  return seedOnce(db, 'roles', roles, (role) => role.ID, (trx, pending) =>
    trx
      .insertInto('roles')
      .values(pending.map((role) => ({
        id: role.ID,
        name: role.ROLE_NAME,
        role_type: role.ROLE_TYPE,
        is_system_default: role.IS_SYSTEM_DEFAULT,
        remark: role.REMARK,
      })))
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
}

/** Users with their roles and organisations, once each; a user name taken already is left alone (shared with the demo seed). */
/**
 * ADMIN's stored password in an initial data directory (server/db/initial-data-dir.ts), which is made
 * before any server starts on it and so before ADMIN_PASSWORD is known: no password matches it, and
 * the first start on the directory replaces it with ADMIN_PASSWORD, as if it had created ADMIN.
 */
export const PASSWORD_SET_ON_FIRST_START = 'set-on-first-start';

async function giveAdminItsFirstPassword(db: DB, adminPassword: string): Promise<void> {
  const waiting = db.selectFrom('users').where('id', '=', ADMIN_USER.ID).where('password_hash', '=', PASSWORD_SET_ON_FIRST_START);
  // Hashing costs tens of milliseconds: only on the one start that needs it.
  if (!(await waiting.select('id').executeTakeFirst())) return;
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(adminPassword) })
    .where('id', '=', ADMIN_USER.ID)
    .where('password_hash', '=', PASSWORD_SET_ON_FIRST_START)
    .execute();
}

export function seedUsers(db: DB, users: readonly (UserRow & { ORGANIZE_IDS: readonly string[] })[], adminPassword: string): Promise<void> {
  return seedOnce(db, 'users', users, (user) => user.ID, async (trx, pending) => {
    const knownIds = await existing(trx, 'users', 'id', pending.map((u) => u.ID));
    const knownNames = await existing(trx, 'users', 'user_name', pending.map((u) => u.USER_NAME));
    const roles = await existing(trx, 'roles', 'id', pending.flatMap((u) => u.ROLE_IDS));
    const orgs = await existing(trx, 'organizations', 'id', pending.flatMap((u) => u.ORGANIZE_IDS));
    for (const user of pending.filter((u) => !knownIds.has(u.ID) && !knownNames.has(u.USER_NAME))) {
      await createUser(trx, {
        id: user.ID,
        userName: user.USER_NAME,
        nickName: user.NICK_NAME,
        roleIds: user.ROLE_IDS.filter((id) => roles.has(id)),
        password: user.PASSWORD ?? adminPassword,
        orgIds: user.ORGANIZE_IDS.filter((id) => orgs.has(id)),
      });
    }
  });
}

/** Ledger keys of a role's menu grant (per terminal) and button grant. */
export const roleMenuKey = (grant: { role_id: string; menu_id: string; app_code: string }) => `${grant.role_id}|${grant.menu_id}|${grant.app_code}`;
export const roleButtonKey = (grant: { role_id: string; button_id: string }) => `${grant.role_id}|${grant.button_id}`;

const buttonIdOf = (menuCode: string, buttonCode: string) => {
  const button = SYSTEM_MENU_BUTTONS.find((b) => b.ParentMenuCode === menuCode && b.Menu_Code === buttonCode);
  if (!button) throw new Error(`seed data grants button ${buttonCode} of menu ${menuCode}, which that menu does not have`);
  return button.Id;
};

/** Roles' portal menus and buttons and their terminal menus, once each; a grant whose role or menu was deleted is skipped (shared with the demo seed). */
export async function seedGrants(
  db: DB,
  grants: Readonly<Record<string, { menuCodes: readonly string[]; buttons: Readonly<Record<string, readonly string[]>> }>>,
  terminalGrants: Readonly<Record<string, Partial<Record<string, readonly string[]>>>>,
): Promise<void> {
  const roleMenus = [
    ...Object.entries(grants).flatMap(([roleId, grant]) =>
      grant.menuCodes.map((code) => ({ role_id: roleId, menu_id: menuIdOf(code), app_code: PORTAL_APP_CODE }))),
    ...Object.entries(terminalGrants).flatMap(([roleId, terminals]) =>
      Object.entries(terminals).flatMap(([terminal, codes]) => (codes ?? []).map((code) => ({ role_id: roleId, menu_id: menuIdOf(code), app_code: terminal })))),
  ];
  await seedOnce(db, 'role_menus', roleMenus, roleMenuKey, async (trx, pending) => {
    const kept = await withExistingParents(trx, pending, [['roles', (g) => g.role_id], ['menus', (g) => g.menu_id]]);
    if (kept.length) await trx.insertInto('role_menus').values(kept).onConflict((oc) => oc.doNothing()).execute();
  });
  const roleButtons = Object.entries(grants).flatMap(([roleId, grant]) =>
    Object.entries(grant.buttons).flatMap(([menuCode, codes]) => codes.map((code) => ({ role_id: roleId, button_id: buttonIdOf(menuCode, code) }))));
  await seedOnce(db, 'role_buttons', roleButtons, roleButtonKey, async (trx, pending) => {
    const kept = await withExistingParents(trx, pending, [['roles', (g) => g.role_id], ['menu_buttons', (g) => g.button_id]]);
    if (kept.length) await trx.insertInto('role_buttons').values(kept).onConflict((oc) => oc.doNothing()).execute();
  });
}

/** Menu rows (portal or a terminal's: the portal's have no Terminal); a menu whose parent was deleted is skipped. */
async function seedMenus(db: DB, menus: readonly (MenuRow & { Terminal?: MenuTerminal })[]): Promise<void> {
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
