/**
 * Who may hand out what (issue 11), for the server and the mocks alike. One rule, applied by every
 * call that grants something: nobody grants a role type, an organisation or a menu/button they do
 * not hold themselves.
 *
 * - Role types rank SUPER_ADMIN > SYSTEM_ADMIN > NORMAL; a caller holds their strongest type and every
 *   weaker one. Only a super administrator gives a super-administrator role or sets a role's type to it.
 * - Only a super administrator acts on a super administrator: edits, locks, resets or deletes such a
 *   user, or edits, deletes or re-permissions a super-administrator role.
 * - The built-in ADMIN (the seeded `user-admin`) cannot be locked, disabled, deleted or stripped of its
 *   super-administrator role by anyone else, so no one can shut the administrator out for good.
 * - Menus and buttons: a role's or a user's new menus and buttons must be ones the caller holds
 *   (through a role or, for menus, directly). What the target had already may stay or go.
 *
 * A super administrator holds everything. Every refusal is a 403 whose message says why; the callers
 * run the checks before anything is written, so a refused save changes nothing. Each side reads the
 * facts (role types, held grants) from its own store and asks these functions.
 */
import { Refusal } from '../messages/refusal.ts';

export type RoleType = 'SUPER_ADMIN' | 'SYSTEM_ADMIN' | 'NORMAL';

/** Stronger types rank lower: the strongest of several is the minimum. */
export const ROLE_TYPE_RANK: Record<RoleType, number> = { SUPER_ADMIN: 0, SYSTEM_ADMIN: 1, NORMAL: 2 };

/** The strongest of a user's role types (NORMAL with none). */
export const strongestRoleType = (types: readonly RoleType[]): RoleType =>
  [...types].sort((a, b) => ROLE_TYPE_RANK[a] - ROLE_TYPE_RANK[b])[0] ?? 'NORMAL';

/** The administrator the seed creates; it can only lose its powers by its own hand. */
export const BUILT_IN_ADMIN_ID = 'user-admin';

/** The caller as the privilege rules see them. */
export interface PrivilegedCaller {
  id: string;
  /** The strongest type of the caller's roles. */
  roleType: RoleType;
}

export const isSuperAdmin = (caller: PrivilegedCaller) => caller.roleType === 'SUPER_ADMIN';

/** Whether the caller holds this role type (theirs or a weaker one). */
const holdsRoleType = (caller: PrivilegedCaller, type: RoleType) => ROLE_TYPE_RANK[type] >= ROLE_TYPE_RANK[caller.roleType];

/** 403 unless the caller may set a role's type to, or give roles of, these types. */
export function requireGrantableRoleTypes(caller: PrivilegedCaller, types: readonly RoleType[]): void {
  if (types.some((type) => !holdsRoleType(caller, type))) throw new Refusal(403, 'privilegeRoleType');
}

/** 403 when the role (or the user, by their strongest type) is a super administrator's and the caller is not one. */
export function requireMayActOn(caller: PrivilegedCaller, targetType: RoleType): void {
  if (targetType === 'SUPER_ADMIN' && !isSuperAdmin(caller)) throw new Refusal(403, 'privilegeSuperAdminTarget');
}

/** 403 when someone other than the built-in ADMIN would lock, disable, delete or demote it. */
export function requireBuiltInAdminKept(caller: PrivilegedCaller, userId: string, change: { removes?: boolean; keepsSuperAdmin?: boolean }): void {
  if (userId !== BUILT_IN_ADMIN_ID || caller.id === BUILT_IN_ADMIN_ID) return;
  if (change.removes || change.keepsSuperAdmin === false) throw new Refusal(403, 'privilegeBuiltInAdmin');
}

/** 403 naming the first newly given menu or button the caller does not hold (a super administrator holds all). */
export function requireHeld(caller: PrivilegedCaller, added: readonly string[], held: ReadonlySet<string>): void {
  if (isSuperAdmin(caller)) return;
  const missing = added.find((id) => !held.has(id));
  if (missing) throw new Refusal(403, 'privilegeMenu', { id: missing });
}

/** What `next` adds to and removes from `current`. */
export function changes(current: readonly string[], next: readonly string[]) {
  const before = new Set(current);
  const after = new Set(next);
  return { added: next.filter((id) => !before.has(id)), removed: current.filter((id) => !after.has(id)) };
}
