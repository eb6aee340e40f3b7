/**
 * The rules of role administration (Role/*, spec §6), for the server and the mocks: a role name is
 * taken once; a system-default role, or one a user still has, cannot be deleted; permissions are
 * menus of the terminal tree they are saved for, and buttons only with their menu.
 */
import { Refusal } from '../messages/refusal.ts';

/** 404 for a role that does not exist. */
export function requireRole<R>(role: R | undefined): R {
  if (!role) throw new Refusal(404, 'masterNotFound');
  return role;
}

/** A role name is taken once; refused about Role/Save's field. */
export function requireRoleNameFree(takenByAnother: boolean): void {
  if (takenByAnother) throw new Refusal(409, 'roleNameExists', {}, { Field: 'ROLE_NAME' });
}

export function requireRoleDeletable(role: { isSystemDefault: boolean }, inUse: boolean): void {
  if (role.isSystemDefault) throw new Refusal(409, 'roleSystemDefault');
  if (inUse) throw new Refusal(409, 'masterInUse');
}

/** Every menu is one of the terminal's; every button is a button of one of the chosen menus. */
export function checkRolePermissions(
  menuIds: readonly string[],
  buttonIds: readonly string[],
  terminalMenuIds: ReadonlySet<string>,
  buttons: readonly { id: string; parentId: string }[],
): void {
  const unknownMenu = menuIds.find((id) => !terminalMenuIds.has(id));
  if (unknownMenu) throw new Refusal(400, 'roleUnknownMenu', { id: unknownMenu });
  const chosenMenus = new Set(menuIds);
  const unknownButton = buttonIds.find((id) => !buttons.some((b) => b.id === id && chosenMenus.has(b.parentId)));
  if (unknownButton) throw new Refusal(400, 'roleUnknownButton', { id: unknownButton });
}

/** The menus given to a user directly are menus of the terminal they are saved for. */
export function checkUserMenus(menuIds: readonly string[], terminalMenuIds: ReadonlySet<string>): void {
  const unknown = menuIds.find((id) => !terminalMenuIds.has(id));
  if (unknown) throw new Refusal(400, 'roleUnknownMenu', { id: unknown });
}
