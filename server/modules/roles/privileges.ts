/**
 * Who may hand out what (issue 11, defect 2): the rules are src/shared/admin-rules/privileges.ts,
 * shared with the mocks; these read the facts they need (role types, held grants) from the database.
 */
import type { RequestAuth } from '../../access.ts';
import type { DB } from '../../db/database.ts';
import type { RoleType } from '../../db/schema.ts';
import {
  isSuperAdmin as isSuperAdminCaller,
  requireGrantableRoleTypes,
  requireHeld,
  requireMayActOn,
  type PrivilegedCaller,
} from '../../../src/shared/admin-rules/privileges.ts';
import { rolesOfUser } from '../auth/sessions.ts';

/** The request's caller as the privilege rules see them. */
export const privilegedCaller = (auth: RequestAuth): PrivilegedCaller => ({ id: auth.user.id, roleType: auth.user.roleType });

export const isSuperAdmin = (auth: RequestAuth) => isSuperAdminCaller(privilegedCaller(auth));

/** 403 unless the caller may set a role's type to `type`. */
export function requireGrantableRoleType(auth: RequestAuth, type: RoleType): void {
  requireGrantableRoleTypes(privilegedCaller(auth), [type]);
}

/** 403 unless the caller may give these roles (only the ones the user does not have yet are checked). */
export async function requireGrantableRoles(db: DB, auth: RequestAuth, addedRoleIds: readonly string[]): Promise<void> {
  if (!addedRoleIds.length || isSuperAdmin(auth)) return;
  const roles = await db.selectFrom('roles').select('role_type').where('id', 'in', [...addedRoleIds]).execute();
  requireGrantableRoleTypes(privilegedCaller(auth), roles.map((r) => r.role_type));
}

/** 403 when the role is a super-administrator role and the caller is not a super administrator. */
export function requireMayActOnRole(auth: RequestAuth, role: { role_type: RoleType }): void {
  requireMayActOn(privilegedCaller(auth), role.role_type);
}

/** 403 when the user is a super administrator and the caller is not. */
export async function requireMayActOnUser(db: DB, auth: RequestAuth, userId: string): Promise<void> {
  if (isSuperAdmin(auth)) return;
  requireMayActOn(privilegedCaller(auth), (await rolesOfUser(db, userId)).roleType);
}

/** Whether one of the roles is a super-administrator role. */
export async function includesSuperAdminRole(db: DB, roleIds: readonly string[]): Promise<boolean> {
  if (!roleIds.length) return false;
  const row = await db.selectFrom('roles').select('id').where('id', 'in', [...roleIds]).where('role_type', '=', 'SUPER_ADMIN').executeTakeFirst();
  return row !== undefined;
}

/**
 * 403 unless the caller holds every menu and button newly given (in the terminal tree `appCode`).
 * Menus count through the caller's roles and the menus given to the caller directly; buttons through
 * the caller's roles (direct menu grants bring no buttons).
 */
export async function requireHeldGrants(
  db: DB,
  auth: RequestAuth,
  appCode: string,
  added: { menuIds: readonly string[]; buttonIds?: readonly string[] },
): Promise<void> {
  const buttonIds = added.buttonIds ?? [];
  if (isSuperAdmin(auth) || (!added.menuIds.length && !buttonIds.length)) return;
  const roleIds = auth.user.roleIds.length ? [...auth.user.roleIds] : [''];
  if (added.menuIds.length) {
    const byRole = db.selectFrom('role_menus').select('menu_id').where('role_id', 'in', roleIds).where('app_code', '=', appCode);
    const byUser = db.selectFrom('user_menus').select('menu_id').where('user_id', '=', auth.user.id).where('app_code', '=', appCode);
    requireHeld(privilegedCaller(auth), added.menuIds, new Set((await byRole.union(byUser).execute()).map((r) => r.menu_id)));
  }
  if (buttonIds.length) {
    const held = await db.selectFrom('role_buttons').select('button_id').where('role_id', 'in', roleIds).where('button_id', 'in', [...buttonIds]).execute();
    requireHeld(privilegedCaller(auth), buttonIds, new Set(held.map((r) => r.button_id)));
  }
}
