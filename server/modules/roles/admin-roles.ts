/**
 * Role administration (Role/GetAll ... Role/SavePermissions): roles with their type and
 * system-default flag, and the permission assignment of spec §6 — menus per terminal tree (portal,
 * PDA, tablet) and the buttons of those menus, saved per role and application code. Who may set a
 * role's type, touch a super-administrator role or give which menus: roles/privileges.ts.
 */
import { randomUUID } from 'node:crypto';
import type { components } from '../../../src/api/schema';
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import type { DB } from '../../db/database.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { ok } from '../../http/responses.ts';
import { messageForRequest } from '../../i18n.ts';
import { requireGrantableRoleType, requireHeldGrants, requireMayActOnRole } from './privileges.ts';
import {
  checkRolePermissions,
  requireRole as requireFoundRole,
  requireRoleDeletable,
  requireRoleNameFree,
} from '../../../src/shared/admin-rules/roles.ts';

type Role = components['schemas']['Role'];

async function loadRoles(db: DB, id?: string): Promise<Role[]> {
  let query = db.selectFrom('roles').selectAll();
  if (id) query = query.where('id', '=', id);
  const rows = await query.orderBy('created_at').orderBy('name').execute();
  return rows.map((r) => ({
    ID: r.id,
    ROLE_NAME: r.name,
    ROLE_TYPE: r.role_type,
    IS_SYSTEM_DEFAULT: r.is_system_default,
    REMARK: r.remark,
    CREATED_AT: new Date(r.created_at as unknown as Date).toISOString(),
  }));
}

async function requireRole(db: DB, id: string) {
  return requireFoundRole(await db.selectFrom('roles').select(['id', 'is_system_default', 'role_type']).where('id', '=', id).executeTakeFirst());
}

export function adminRolesHandlers(ctx: ServerContext) {
  const { db } = ctx;

  return exactHandlers({
    RoleGetAll: async () => ok(await loadRoles(db)),

    RoleAddOrModifySave: async (request) => {
      const auth = authOf(request);
      const body = request.body;
      const name = body.ROLE_NAME.trim();
      if (body.ID) requireMayActOnRole(auth, await requireRole(db, body.ID));
      requireGrantableRoleType(auth, body.ROLE_TYPE);
      let sameName = db.selectFrom('roles').select('id').where('name', '=', name);
      if (body.ID) sameName = sameName.where('id', '<>', body.ID);
      requireRoleNameFree((await sameName.executeTakeFirst()) !== undefined);
      const fields = { name, role_type: body.ROLE_TYPE, is_system_default: body.IS_SYSTEM_DEFAULT ?? false, remark: body.REMARK ?? null };
      const id = body.ID ?? randomUUID();
      if (body.ID) await db.updateTable('roles').set(fields).where('id', '=', id).execute();
      else await db.insertInto('roles').values({ id, ...fields }).execute();
      const [role] = await loadRoles(db, id);
      return ok(role, messageForRequest(request, 'masterSaved'));
    },

    RoleDelete: async (request) => {
      const role = await requireRole(db, request.query.id);
      requireMayActOnRole(authOf(request), role);
      const inUse = (await db.selectFrom('user_roles').select('user_id').where('role_id', '=', role.id).executeTakeFirst()) !== undefined;
      requireRoleDeletable({ isSystemDefault: role.is_system_default }, inUse);
      await db.deleteFrom('roles').where('id', '=', role.id).execute();
      return ok(null, messageForRequest(request, 'masterDeleted'));
    },

    RoleGetPermissions: async (request) => {
      const role = await requireRole(db, request.query.roleId);
      const appCode = request.query.appCode ?? 'PC';
      const menus = await db
        .selectFrom('role_menus')
        .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
        .select('menus.id')
        .where('role_menus.role_id', '=', role.id)
        .where('role_menus.app_code', '=', appCode)
        .where('menus.terminal', '=', appCode)
        .execute();
      const buttons = await db
        .selectFrom('role_buttons')
        .innerJoin('menu_buttons', 'menu_buttons.id', 'role_buttons.button_id')
        .innerJoin('menus', 'menus.id', 'menu_buttons.parent_id')
        .select('menu_buttons.id')
        .where('role_buttons.role_id', '=', role.id)
        .where('menus.terminal', '=', appCode)
        .execute();
      return ok({ MenuIds: menus.map((m) => m.id).sort(), ButtonIds: buttons.map((b) => b.id).sort() });
    },

    RoleSavePermissions: async (request) => {
      const auth = authOf(request);
      const { ROLE_ID, APP_CODE, MENU_IDS, BUTTON_IDS } = request.body;
      requireMayActOnRole(auth, await requireRole(db, ROLE_ID));
      const menuIds = [...new Set(MENU_IDS)];
      const buttonIds = [...new Set(BUTTON_IDS)];
      const terminalMenus = new Set((await db.selectFrom('menus').select('id').where('terminal', '=', APP_CODE).execute()).map((m) => m.id));
      const buttons = buttonIds.length ? await db.selectFrom('menu_buttons').select(['id', 'parent_id']).where('id', 'in', buttonIds).execute() : [];
      checkRolePermissions(menuIds, buttonIds, terminalMenus, buttons.map((b) => ({ id: b.id, parentId: b.parent_id })));
      // What the role has already may stay; what it newly gets must be the caller's own.
      const currentMenus = new Set(
        (await db.selectFrom('role_menus').select('menu_id').where('role_id', '=', ROLE_ID).where('app_code', '=', APP_CODE).execute()).map((r) => r.menu_id),
      );
      const currentButtons = new Set((await db.selectFrom('role_buttons').select('button_id').where('role_id', '=', ROLE_ID).execute()).map((r) => r.button_id));
      await requireHeldGrants(db, auth, APP_CODE, {
        menuIds: menuIds.filter((id) => !currentMenus.has(id)),
        buttonIds: buttonIds.filter((id) => !currentButtons.has(id)),
      });

      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('role_menus').where('role_id', '=', ROLE_ID).where('app_code', '=', APP_CODE).execute();
        if (menuIds.length) await trx.insertInto('role_menus').values(menuIds.map((menuId) => ({ role_id: ROLE_ID, menu_id: menuId, app_code: APP_CODE }))).execute();
        // Replace the buttons of this terminal's menus; other terminals' buttons stay.
        const terminalButtonIds = trx.selectFrom('menu_buttons').innerJoin('menus', 'menus.id', 'menu_buttons.parent_id').select('menu_buttons.id').where('menus.terminal', '=', APP_CODE);
        await trx.deleteFrom('role_buttons').where('role_id', '=', ROLE_ID).where('button_id', 'in', terminalButtonIds).execute();
        if (buttonIds.length) await trx.insertInto('role_buttons').values(buttonIds.map((buttonId) => ({ role_id: ROLE_ID, button_id: buttonId }))).execute();
      });
      return ok(null, messageForRequest(request, 'masterSaved'));
    },
  } satisfies Partial<OperationHandlers>);
}
