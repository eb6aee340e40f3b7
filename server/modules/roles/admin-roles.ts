/**
 * Role administration (Role/GetAll ... Role/SavePermissions): roles with their type and
 * system-default flag, and the permission assignment of spec §6 — menus per terminal tree (portal,
 * PDA, tablet) and the buttons of those menus, saved per role and application code.
 */
import { randomUUID } from 'node:crypto';
import type { components } from '../../../src/api/schema';
import type { ServerContext } from '../../context.ts';
import type { DB } from '../../db/database.ts';
import type { OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import { messageForRequest } from '../../i18n.ts';

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
  const role = await db.selectFrom('roles').select(['id', 'is_system_default']).where('id', '=', id).executeTakeFirst();
  if (!role) throw new Problem(404, 'masterNotFound');
  return role;
}

export function adminRolesHandlers(ctx: ServerContext) {
  const { db } = ctx;

  return {
    RoleGetAll: async () => ok(await loadRoles(db)),

    RoleAddOrModifySave: async (request) => {
      const body = request.body;
      const name = body.ROLE_NAME.trim();
      if (body.ID) await requireRole(db, body.ID);
      let sameName = db.selectFrom('roles').select('id').where('name', '=', name);
      if (body.ID) sameName = sameName.where('id', '<>', body.ID);
      if (await sameName.executeTakeFirst()) throw new Problem(409, 'roleNameExists');
      const fields = { name, role_type: body.ROLE_TYPE, is_system_default: body.IS_SYSTEM_DEFAULT ?? false, remark: body.REMARK ?? null };
      const id = body.ID ?? randomUUID();
      if (body.ID) await db.updateTable('roles').set(fields).where('id', '=', id).execute();
      else await db.insertInto('roles').values({ id, ...fields }).execute();
      const [role] = await loadRoles(db, id);
      return ok(role, messageForRequest(request, 'masterSaved'));
    },

    RoleDelete: async (request) => {
      const role = await requireRole(db, request.query.id);
      if (role.is_system_default) throw new Problem(409, 'roleSystemDefault');
      if (await db.selectFrom('user_roles').select('user_id').where('role_id', '=', role.id).executeTakeFirst()) throw new Problem(409, 'masterInUse');
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
      const { ROLE_ID, APP_CODE, MENU_IDS, BUTTON_IDS } = request.body;
      await requireRole(db, ROLE_ID);
      const menuIds = [...new Set(MENU_IDS)];
      const buttonIds = [...new Set(BUTTON_IDS)];
      const terminalMenus = new Set((await db.selectFrom('menus').select('id').where('terminal', '=', APP_CODE).execute()).map((m) => m.id));
      const unknownMenu = menuIds.find((id) => !terminalMenus.has(id));
      if (unknownMenu) throw new Problem(400, 'roleUnknownMenu', { id: unknownMenu });
      // A button is granted only with its menu.
      const chosenMenus = new Set(menuIds);
      const buttons = buttonIds.length ? await db.selectFrom('menu_buttons').select(['id', 'parent_id']).where('id', 'in', buttonIds).execute() : [];
      const unknownButton = buttonIds.find((id) => !buttons.some((b) => b.id === id && chosenMenus.has(b.parent_id)));
      if (unknownButton) throw new Problem(400, 'roleUnknownButton', { id: unknownButton });

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
  } satisfies Partial<OperationHandlers>;
}
