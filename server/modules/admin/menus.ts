/**
 * Menu and button administration (Menu/*), and the menus given to one user directly, on top of the
 * menus of their roles (User/GetUserMenuTree, User/SaveUserMenu; server/modules/roles/menus.ts adds
 * them to what the user sees and may call). Rules of spec §5: a link address is unique ('该路由地址已存在'); a menu cannot
 * be its own parent nor the child of one of its descendants.
 */
import { randomUUID } from 'node:crypto';
import type { components } from '../../../src/api/schema';
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import type { DB } from '../../db/database.ts';
import type { MenuTerminal } from '../../db/schema.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import { messageForRequest } from '../../i18n.ts';
import type { FastifyRequest } from 'fastify';
import type { Grant } from '../../contract.ts';
import { granteeOf, hasAnyGrant } from '../roles/menus.ts';
import { requireHeldGrants } from '../roles/privileges.ts';
import { requireActionableUser, requireManageableUser } from '../users/admin-users.ts';
import { buildTree } from '../../../src/shared/admin-rules/tree.ts';
import {
  checkMenuParent,
  requireButtonCodeFree,
  requireFound,
  requireInTerminalScope,
  requireLinkFree,
  requireMenuCodeFree,
  requireParentInTerminal,
  MENU_EDIT_SCREEN,
  MENU_READ_SCREENS,
  type TerminalScope,
  savedMenuFields,
} from '../../../src/shared/admin-rules/menus.ts';
import { checkUserMenus } from '../../../src/shared/admin-rules/roles.ts';

type AdminMenu = components['schemas']['AdminMenu'];
type MenuButton = components['schemas']['MenuButton'];
type MenuItem = components['schemas']['MenuItem'];

async function loadButtons(db: DB, menuIds?: readonly string[]): Promise<MenuButton[]> {
  let query = db.selectFrom('menu_buttons').selectAll();
  if (menuIds) query = query.where('parent_id', 'in', menuIds.length ? menuIds : ['']);
  const rows = await query.orderBy('parent_id').orderBy('sort_num').orderBy('menu_code').execute();
  return rows.map((b) => ({
    Id: b.id,
    Parent_Id: b.parent_id,
    Menu_Code: b.menu_code,
    ParentMenuCode: b.parent_menu_code,
    Button_Name: b.button_name,
    Button_Name_En: b.button_name_en,
    SORT_NUM: b.sort_num,
  }));
}

/** Every menu of a terminal as flat rows (parents first by sort), each with its buttons. */
export async function loadAdminMenus(db: DB, terminal: MenuTerminal): Promise<AdminMenu[]> {
  const rows = await db.selectFrom('menus').selectAll().where('terminal', '=', terminal).orderBy('sort_num').orderBy('menu_code').execute();
  const buttons = await loadButtons(db, rows.map((r) => r.id));
  return rows.map((m) => ({
    Id: m.id,
    Parent_Id: m.parent_id,
    Menu_Code: m.menu_code,
    Menu_Name: m.menu_name,
    MENU_EN: m.menu_en,
    Call_Alias: m.call_alias,
    Icon_Url: m.icon_url,
    Link_Url: m.link_url,
    Target: m.target,
    Is_System_Default: m.is_system_default,
    Is_Expanded: m.is_expanded,
    Is_Shown: m.is_shown,
    SORT_NUM: m.sort_num,
    COLUMNS: m.param_config,
    Parent_Route: m.parent_route,
    ENABLED: m.enabled,
    AppCode: m.app_code,
    AppUrl: m.app_url,
    Terminal: m.terminal,
    Buttons: buttons.filter((b) => b.Parent_Id === m.id),
  }));
}

export const menuTree = (menus: AdminMenu[]) => buildTree(menus, (m) => m.Id, (m) => m.Parent_Id);

async function linkTaken(db: DB, link: string, exceptId: string | undefined): Promise<boolean> {
  if (!link) return false;
  let query = db.selectFrom('menus').select('id').where('link_url', '=', link);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

async function parentsOfAllMenus(db: DB): Promise<Map<string, string | null>> {
  const rows = await db.selectFrom('menus').select(['id', 'parent_id']).execute();
  return new Map(rows.map((r) => [r.id, r.parent_id]));
}

async function terminalOf(db: DB, menuId: string): Promise<MenuTerminal | undefined> {
  return (await db.selectFrom('menus').select('terminal').where('id', '=', menuId).executeTakeFirst())?.terminal;
}

export interface LinkMenu {
  code: string;
  name: string;
  nameEn: string;
  link: string;
  icon: string;
  /** A group of the portal (PC) menu. */
  parentId: string;
  /** The buttons a new item gets (code and names); an item already there keeps its own. */
  buttons: readonly { code: string; name: string; nameEn: string }[];
}

/**
 * A screen's own portal menu item, made or moved by the screen that owns the link (a report placed
 * from its wizard): the item with `code` must link to `link` (or not exist yet), no other item may
 * link there, and the parent must be a group (no link) of the PC tree. Runs in the caller's
 * transaction; grants nothing (角色管理 gives it to roles).
 */
export async function placeLinkMenu(db: DB, menu: LinkMenu): Promise<void> {
  const parent = await db.selectFrom('menus').select(['terminal', 'link_url']).where('id', '=', menu.parentId).executeTakeFirst();
  if (!parent || parent.terminal !== 'PC' || parent.link_url.trim()) throw new Problem(400, 'menuPlacementNotGroup');
  const existing = await db.selectFrom('menus').select(['id', 'link_url']).where('menu_code', '=', menu.code).forUpdate().executeTakeFirst();
  // The caller's request has no menu fields: the refusals name none.
  requireMenuCodeFree(Boolean(existing && existing.link_url !== menu.link), menu.code, null);
  requireLinkFree(await linkTaken(db, menu.link, existing?.id), null);
  if (existing) {
    await db.updateTable('menus').set({ parent_id: menu.parentId, menu_name: menu.name, menu_en: menu.nameEn }).where('id', '=', existing.id).execute();
    return;
  }
  const { last } = await db.selectFrom('menus').select((eb) => eb.fn.max('sort_num').as('last')).where('parent_id', '=', menu.parentId).executeTakeFirstOrThrow();
  const id = randomUUID();
  await db
    .insertInto('menus')
    .values({ id, parent_id: menu.parentId, menu_code: menu.code, menu_name: menu.name, menu_en: menu.nameEn, call_alias: null, icon_url: menu.icon, link_url: menu.link, target: '', sort_num: Number(last ?? 0) + 10, param_config: null, parent_route: null, enabled: 'Y', app_code: null, app_url: null, terminal: 'PC' })
    .execute();
  if (!menu.buttons.length) return;
  await db
    .insertInto('menu_buttons')
    .values(menu.buttons.map((button, index) => ({ id: randomUUID(), parent_id: id, menu_code: button.code, parent_menu_code: menu.code, button_name: button.name, button_name_en: button.nameEn, sort_num: (index + 1) * 10 })))
    .execute();
}

export function adminMenusHandlers(ctx: ServerContext) {
  const { db } = ctx;

  /**
   * The terminals whose menus the caller may read or change: every one with the general grant
   * (the menu screen, or for reading also the role and user screens), else only PDA — the caller
   * got through x-permission with the PDA menu configuration screen (AdminPdaMenu).
   */
  async function terminalScope(request: FastifyRequest, general: Grant[]): Promise<TerminalScope> {
    return (await hasAnyGrant(db, granteeOf(authOf(request).user), general)) ? 'all' : 'PDA';
  }
  const requireInScope = requireInTerminalScope;
  const READ: Grant[] = MENU_READ_SCREENS.map((menuCode) => ({ menuCode }));
  const SAVE: Grant[] = [{ menuCode: MENU_EDIT_SCREEN, buttonCode: 'Save' }];
  const DELETE: Grant[] = [{ menuCode: MENU_EDIT_SCREEN, buttonCode: 'Delete' }];
  const terminalOfButton = async (buttonId: string) =>
    (await db.selectFrom('menu_buttons').innerJoin('menus', 'menus.id', 'menu_buttons.parent_id').select('menus.terminal').where('menu_buttons.id', '=', buttonId).executeTakeFirst())?.terminal;

  return exactHandlers({
    MenuLoadData2Tree: async (request) => {
      const scope = await terminalScope(request, READ);
      const terminal = request.query.terminal ?? (scope === 'PDA' ? 'PDA' : 'PC');
      requireInScope(scope, terminal);
      return ok(menuTree(await loadAdminMenus(db, terminal)));
    },

    MenuIsExistsLinkUrl: async (request) => ok(await linkTaken(db, request.body.Link_Url.trim(), request.body.Id)),

    MenuAddOrModifySave: async (request) => {
      const body = request.body;
      const parents = await parentsOfAllMenus(db);
      requireFound(!body.Id || parents.has(body.Id));
      // A menu stays in its terminal's tree (PC, PDA or PAD), under a parent of the same tree.
      const terminal = (body.Id && (await terminalOf(db, body.Id))) || body.Terminal || 'PC';
      const menu = savedMenuFields(body, terminal);
      const parentId = menu.Parent_Id;
      requireFound(!parentId || parents.has(parentId));
      checkMenuParent(body.Id, parentId, parents);
      requireInScope(await terminalScope(request, SAVE), terminal);
      if (parentId) requireParentInTerminal(await terminalOf(db, parentId), terminal);
      requireLinkFree(await linkTaken(db, menu.Link_Url, body.Id));
      const code = menu.Menu_Code;
      let sameCode = db.selectFrom('menus').select('id').where('menu_code', '=', code);
      if (body.Id) sameCode = sameCode.where('id', '<>', body.Id);
      requireMenuCodeFree((await sameCode.executeTakeFirst()) !== undefined, code);

      const fields = {
        parent_id: parentId,
        menu_code: code,
        menu_name: menu.Menu_Name,
        menu_en: menu.MENU_EN,
        call_alias: menu.Call_Alias,
        icon_url: menu.Icon_Url,
        link_url: menu.Link_Url,
        target: menu.Target,
        is_system_default: menu.Is_System_Default,
        is_expanded: menu.Is_Expanded,
        is_shown: menu.Is_Shown,
        sort_num: menu.SORT_NUM,
        param_config: menu.COLUMNS,
        parent_route: menu.Parent_Route,
        enabled: menu.ENABLED,
        app_code: menu.AppCode,
        app_url: menu.AppUrl,
        terminal,
      } as const;
      const id = body.Id ?? randomUUID();
      await db.transaction().execute(async (trx) => {
        if (body.Id) {
          await trx.updateTable('menus').set(fields).where('id', '=', id).execute();
          // Buttons name their menu by code as well (ParentMenuCode).
          await trx.updateTable('menu_buttons').set({ parent_menu_code: code }).where('parent_id', '=', id).execute();
        } else {
          await trx.insertInto('menus').values({ id, ...fields }).execute();
        }
      });
      const saved = (await loadAdminMenus(db, fields.terminal)).find((m) => m.Id === id)!;
      return ok(saved, messageForRequest(request, 'masterSaved'));
    },

    MenuDelete: async (request) => {
      const terminal = await terminalOf(db, request.query.id);
      requireFound(terminal);
      requireInScope(await terminalScope(request, DELETE), terminal);
      const deleted = await db.deleteFrom('menus').where('id', '=', request.query.id).executeTakeFirst();
      requireFound(deleted.numDeletedRows);
      return ok(null, messageForRequest(request, 'masterDeleted'));
    },

    MenuLoadDataSub: async (request) => {
      requireInScope(await terminalScope(request, [{ menuCode: MENU_EDIT_SCREEN }]), await terminalOf(db, request.query.menuId));
      return ok(await loadButtons(db, [request.query.menuId]));
    },

    MenuAddOrModifySubSave: async (request) => {
      const body = request.body;
      const menu = await db.selectFrom('menus').select(['id', 'menu_code', 'terminal']).where('id', '=', body.Parent_Id).executeTakeFirst();
      requireFound(menu);
      const scope = await terminalScope(request, SAVE);
      requireInScope(scope, menu.terminal);
      // An edited button must be one of the caller's terminal too (it may move between menus).
      if (body.Id && scope === 'PDA') requireInScope(scope, (await terminalOfButton(body.Id)) ?? 'PDA');
      const code = body.Menu_Code.trim();
      let sameCode = db.selectFrom('menu_buttons').select('id').where('parent_id', '=', menu.id).where('menu_code', '=', code);
      if (body.Id) sameCode = sameCode.where('id', '<>', body.Id);
      requireButtonCodeFree((await sameCode.executeTakeFirst()) !== undefined, code);
      const fields = {
        parent_id: menu.id,
        menu_code: code,
        parent_menu_code: menu.menu_code,
        button_name: body.Button_Name.trim(),
        button_name_en: body.Button_Name_En ?? '',
        sort_num: body.SORT_NUM ?? 0,
      };
      const id = body.Id ?? randomUUID();
      if (body.Id) {
        const updated = await db.updateTable('menu_buttons').set(fields).where('id', '=', id).executeTakeFirst();
        requireFound(updated.numUpdatedRows);
      } else {
        await db.insertInto('menu_buttons').values({ id, ...fields }).execute();
      }
      const [saved] = (await loadButtons(db, [menu.id])).filter((b) => b.Id === id);
      return ok(saved, messageForRequest(request, 'masterSaved'));
    },

    MenuDeleteSub: async (request) => {
      const terminal = await terminalOfButton(request.query.id);
      requireFound(terminal);
      requireInScope(await terminalScope(request, DELETE), terminal);
      const deleted = await db.deleteFrom('menu_buttons').where('id', '=', request.query.id).executeTakeFirst();
      requireFound(deleted.numDeletedRows);
      return ok(null, messageForRequest(request, 'masterDeleted'));
    },

    UserGetUserMenuTree: async (request) => {
      const terminal = request.query.appCode ?? 'PC';
      await requireManageableUser(db, authOf(request), request.query.userId);
      const user = { id: request.query.userId };
      const menus: MenuItem[] = (await loadAdminMenus(db, terminal)).map((m) => ({
        Id: m.Id,
        Parent_Id: m.Parent_Id,
        Menu_Name: m.Menu_Name,
        MENU_EN: m.MENU_EN,
        Menu_Code: m.Menu_Code,
        Link_Url: m.Link_Url,
        Icon_Url: m.Icon_Url,
        Target: m.Target,
        COLUMNS: m.COLUMNS,
        AppUrl: m.AppUrl,
        AppCode: m.AppCode,
        ENABLED: m.ENABLED,
        SORT_NUM: m.SORT_NUM,
      }));
      const checked = await db.selectFrom('user_menus').select('menu_id').where('user_id', '=', user.id).where('app_code', '=', terminal).execute();
      // What the user's roles give already (the drawer shows them as given, not as the user's own).
      const byRoles = await db
        .selectFrom('role_menus')
        .innerJoin('user_roles', 'user_roles.role_id', 'role_menus.role_id')
        .select('role_menus.menu_id')
        .distinct()
        .where('user_roles.user_id', '=', user.id)
        .where('role_menus.app_code', '=', terminal)
        .execute();
      return ok({
        Menus: buildTree(menus, (m) => m.Id, (m) => m.Parent_Id),
        CheckedIds: checked.map((c) => c.menu_id).sort(),
        RoleMenuIds: byRoles.map((r) => r.menu_id).sort(),
      });
    },

    UserSaveUserMenu: async (request) => {
      const { USER_ID, APP_CODE, MENU_IDS } = request.body;
      const auth = authOf(request);
      await requireActionableUser(db, auth, USER_ID);
      const menuIds = [...new Set(MENU_IDS)];
      const known = menuIds.length
        ? new Set((await db.selectFrom('menus').select('id').where('id', 'in', menuIds).where('terminal', '=', APP_CODE).execute()).map((m) => m.id))
        : new Set<string>();
      checkUserMenus(menuIds, known);
      // Menus the user has directly already may stay; new ones must be the caller's own.
      const current = new Set((await db.selectFrom('user_menus').select('menu_id').where('user_id', '=', USER_ID).where('app_code', '=', APP_CODE).execute()).map((r) => r.menu_id));
      await requireHeldGrants(db, auth, APP_CODE, { menuIds: menuIds.filter((id) => !current.has(id)) });
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('user_menus').where('user_id', '=', USER_ID).where('app_code', '=', APP_CODE).execute();
        if (menuIds.length) await trx.insertInto('user_menus').values(menuIds.map((menuId) => ({ user_id: USER_ID, menu_id: menuId, app_code: APP_CODE }))).execute();
      });
      return ok(null, messageForRequest(request, 'masterSaved'));
    },
  } satisfies Partial<OperationHandlers>);
}
