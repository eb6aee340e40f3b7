/** Role/*: the menu tree of roles (one or a comma list, as UserInfo.ROLE_ID) and the caller's button permissions. */
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import { PORTAL_APP_CODE } from '../../db/seed/demo-data.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import { grantedButtons, granteeOf, grantedMenuTree } from './menus.ts';

/** The terminal tree asked for; the portal's when the caller sends none. */
const appCodeOf = (appCode: string | undefined) => appCode?.trim() || PORTAL_APP_CODE;

/** `roleId` is one id or a comma-separated list (UserInfo.ROLE_ID of a user with several roles). */
const roleIdsOf = (roleId: string) => [...new Set(roleId.split(',').map((id) => id.trim()).filter(Boolean))];

export function rolesHandlers(ctx: ServerContext) {
  return exactHandlers({
    RoleLoadMenusByRoleId: async (request) => {
      const { user } = authOf(request);
      const roleIds = roleIdsOf(request.query.roleId);
      if (!roleIds.length) throw new Problem(403, 'accessDenied');
      // Users read their own roles' menus (plus the menus given to them directly); only a super
      // administrator may read other roles'.
      const ownRoles = roleIds.every((id) => user.roleIds.includes(id));
      if (!ownRoles && user.roleType !== 'SUPER_ADMIN') throw new Problem(403, 'accessDenied');
      const grantee = ownRoles ? { roleIds, userId: user.id } : { roleIds };
      return ok(await grantedMenuTree(ctx.db, grantee, appCodeOf(request.query.appCode)));
    },

    RoleGetAllButtonByRoleId: async (request) =>
      ok(await grantedButtons(ctx.db, granteeOf(authOf(request).user), appCodeOf(request.query.appCode))),
  } satisfies Partial<OperationHandlers>);
}
