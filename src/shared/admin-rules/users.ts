/**
 * The rules of user administration (User/*, spec §5, §8), for the server and the mocks: the roles and
 * organisations a user is given must exist (and at least one organisation), a user name is taken
 * once, a user's password is set on add only, nobody locks or deletes their own account, and the
 * organisation scope — a super administrator manages every user; anyone else only users of the
 * organisations they belong to, giving or taking away only those.
 */
import { Refusal } from '../messages/refusal.ts';
import { passwordRuleBroken } from './passwords.ts';

/** The organisations the caller may manage users of, or null for every one (a super administrator). */
export type ManageableOrganizations = ReadonlySet<string> | null;

/** The roles and organisations a save names exist, and there is at least one organisation. */
export function checkUserReferences(
  roleIds: readonly string[],
  orgIds: readonly string[],
  known: { roleIds: ReadonlySet<string>; orgIds: ReadonlySet<string> },
): void {
  const unknownRole = roleIds.find((id) => !known.roleIds.has(id));
  if (unknownRole) throw new Refusal(400, 'adminUnknownRole', { id: unknownRole });
  if (!orgIds.length) throw new Refusal(400, 'userOrganizationRequired');
  const unknownOrg = orgIds.find((id) => !known.orgIds.has(id));
  if (unknownOrg) throw new Refusal(400, 'adminUnknownOrganization', { id: unknownOrg });
}

/** 403 unless the caller may give or take away these organisations (their own ones). */
export function requireManageableOrganizations(allowed: ManageableOrganizations, changedOrgIds: readonly string[]): void {
  if (allowed && changedOrgIds.some((id) => !allowed.has(id))) throw new Refusal(403, 'accessDenied');
}

/**
 * 404 for an unknown user (undefined); 403 for a user outside the caller's organisations (a user with
 * no organisation is managed by super administrators only).
 */
export function requireManageableUser(user: { orgIds: readonly string[] } | undefined, allowed: ManageableOrganizations): void {
  if (!user) throw new Refusal(404, 'masterNotFound');
  if (allowed && !user.orgIds.some((id) => allowed.has(id))) throw new Refusal(403, 'accessDenied');
}

/** A user name belongs to one user (names match case-insensitively: the caller looks the name up so); refused about User/Save's field. */
export function requireUserNameFree(holderId: string | undefined, savedId: string | undefined): void {
  if (holderId !== undefined && holderId !== savedId) throw new Refusal(409, 'userExists', {}, { Field: 'USER_NAME' });
}

/** Passwords of existing users are changed with Reset password, not on edit. */
export function requireNoPasswordOnEdit(password: string | undefined): void {
  if (password) throw new Refusal(400, 'userPasswordRequiredOnAdd');
}

/** An administrator's password for a user follows spec §5. */
export function requireValidPassword(password: string): void {
  const broken = passwordRuleBroken('-', password, password);
  if (broken) throw new Refusal(400, broken);
}

export function requireNotLockingSelf(callerId: string, userId: string, locking: boolean): void {
  if (locking && userId === callerId) throw new Refusal(400, 'userCannotLockSelf');
}

export function requireNotDeletingSelf(callerId: string, userId: string): void {
  if (userId === callerId) throw new Refusal(400, 'userCannotDeleteSelf');
}

/** The columns of User/ExportData's sheet, in order (the server's and the mocks' export alike). */
export const USER_EXPORT_COLUMNS = [
  { key: 'USER_NAME', zh: '用户名', en: 'User name' },
  { key: 'NICK_NAME', zh: '姓名', en: 'Name' },
  { key: 'ROLE_NAME', zh: '角色', en: 'Role' },
  { key: 'USER_TYPE', zh: '用户类型', en: 'User type' },
  { key: 'ORGANIZE_IDS', zh: '组织', en: 'Organisations' },
  { key: 'PHONE', zh: '电话', en: 'Phone' },
  { key: 'EMAIL', zh: '邮箱', en: 'Email' },
  { key: 'WECHAT_ID', zh: '企业微信ID', en: 'Enterprise chat ID' },
  { key: 'DINGTALK_ID', zh: '钉钉ID', en: 'DingTalk ID' },
  { key: 'IS_AVAILABLE', zh: '可用', en: 'Available' },
  { key: 'IS_LOCKED', zh: '锁定', en: 'Locked' },
  { key: 'REMARK', zh: '备注', en: 'Remark' },
] as const;

export type ExportedUser = Record<(typeof USER_EXPORT_COLUMNS)[number]['key'], unknown>;

/** The export's rows: the header in the caller's language, then one row a user (flags Y/N, lists comma-joined). */
export function userExportRows(users: readonly ExportedUser[], language: 'zh-chs' | 'en'): unknown[][] {
  const header = USER_EXPORT_COLUMNS.map((column) => (language === 'en' ? column.en : column.zh));
  const cell = (value: unknown) => (typeof value === 'boolean' ? (value ? 'Y' : 'N') : Array.isArray(value) ? value.join(',') : value);
  return [header, ...users.map((user) => USER_EXPORT_COLUMNS.map(({ key }) => cell(user[key])))];
}
