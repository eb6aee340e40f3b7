/**
 * The administration screens' calls (spec §7 users, roles and apps, menus, environment config),
 * through the one api client. Failures show their toast (spec §8) in callWrapped and reject.
 */
import { api, type ApiSchema } from '../../api/client';
import { callPlain, callWrapped, callWrappedList, callLegacy, type CallOptions } from '../../api/call';
import { encryptPassword } from '../../api/password';

export type AdminUser = ApiSchema<'AdminUser'>;
export type AdminUserSave = ApiSchema<'AdminUserSaveRequest'>;
export type UserMenuItem = ApiSchema<'MenuItem'>;
export type Role = ApiSchema<'Role'>;
export type RoleSave = ApiSchema<'RoleSaveRequest'>;
export type Terminal = ApiSchema<'Terminal'>;
export type AdminMenu = ApiSchema<'AdminMenu'>;
export type AdminMenuSave = ApiSchema<'AdminMenuSaveRequest'>;
export type MenuButton = ApiSchema<'MenuButton'>;
export type MenuButtonSave = ApiSchema<'MenuButtonSaveRequest'>;
export type OrganizationNode = ApiSchema<'OrganizationNode'>;
export type OrganizationSave = ApiSchema<'OrganizationSaveRequest'>;
export type OrganizationType = ApiSchema<'OrganizationType'>;
export type OrganizationTypeSave = ApiSchema<'OrganizationTypeSaveRequest'>;
export type EnvConfigRow = ApiSchema<'EnvConfigRow'>;
export type EnvConfigSave = ApiSchema<'EnvConfigSaveRequest'>;

export const TERMINALS: readonly Terminal[] = ['PC', 'PDA', 'PAD'];

export interface UserSearch {
  Key?: string;
  ROLE_ID?: string;
  ORGANIZE_ID?: string;
}

// ---- users ----
export const loadUsers = (search: UserSearch & { Page: number; Limit: number }) =>
  callWrappedList(api.GET('/User/LoadData', { params: { query: search } }));

export const isUserNameTaken = async (USER_NAME: string, ID?: string) =>
  Boolean(await callWrapped(api.POST('/User/IsExistsName', { body: { USER_NAME, ...(ID ? { ID } : {}) } })));

/** Saves a user; a typed password is sent encrypted. Returns the generated password of a new user, if any. */
export async function saveUser(user: Omit<AdminUserSave, 'Password'> & { Password?: string }, options?: CallOptions) {
  const { Password, ...rest } = user;
  const body: AdminUserSave = { ...rest, ...(Password ? { Password: await encryptPassword(Password) } : {}) };
  return callWrapped(api.POST('/User/AddOrModifySave', { body }), options);
}

export const changeLockStatus = (ID: string, IS_LOCKED: boolean) => callWrapped(api.POST('/User/ChangeLockStatus', { body: { ID, IS_LOCKED } }));

export const deleteUser = (id: string) => callWrapped(api.POST('/User/Delete', { params: { query: { id } } }));

/** Resets to the typed password, or (none) to a generated one the answer carries once. */
export async function resetPassword(ID: string, password?: string) {
  return callWrapped(api.POST('/User/ResetPassword', { body: { ID, ...(password ? { Password: await encryptPassword(password) } : {}) } }));
}

export const exportUsers = (search: UserSearch) =>
  callPlain(api.GET('/User/ExportData', { params: { query: search }, parseAs: 'blob' })) as Promise<Blob>;

/** A terminal's menu tree with the menus given to the user directly (CheckedIds) and by their roles (RoleMenuIds). */
export const loadUserMenuTree = (userId: string, appCode: Terminal) =>
  callWrapped(api.GET('/User/GetUserMenuTree', { params: { query: { userId, appCode } } }));
export const saveUserMenus = (USER_ID: string, APP_CODE: Terminal, MENU_IDS: string[]) =>
  callWrapped(api.POST('/User/SaveUserMenu', { body: { USER_ID, APP_CODE, MENU_IDS } }));

// ---- roles ----
export const loadRoles = async () => (await callWrapped(api.GET('/Role/GetAll'))) ?? [];
export const saveRole = (body: RoleSave, options?: CallOptions) => callWrapped(api.POST('/Role/AddOrModifySave', { body }), options);
export const deleteRole = (id: string) => callWrapped(api.POST('/Role/Delete', { params: { query: { id } } }));
export const loadRolePermissions = (roleId: string, appCode: Terminal) =>
  callWrapped(api.GET('/Role/GetPermissions', { params: { query: { roleId, appCode } } }));
export const saveRolePermissions = (ROLE_ID: string, APP_CODE: Terminal, MENU_IDS: string[], BUTTON_IDS: string[]) =>
  callWrapped(api.POST('/Role/SavePermissions', { body: { ROLE_ID, APP_CODE, MENU_IDS, BUTTON_IDS } }));

// ---- menus and buttons ----
export const loadMenuTree = async (terminal: Terminal) => (await callWrapped(api.GET('/Menu/LoadData2Tree', { params: { query: { terminal } } }))) ?? [];
export const saveMenu = (body: AdminMenuSave, options?: CallOptions) => callWrapped(api.POST('/Menu/AddOrModifySave', { body }), options);
export const deleteMenu = (id: string) => callWrapped(api.POST('/Menu/Delete', { params: { query: { id } } }));
export const isLinkTaken = async (Link_Url: string, Id?: string) =>
  Boolean(await callWrapped(api.POST('/Menu/IsExistsLinkUrl', { body: { Link_Url, ...(Id ? { Id } : {}) } })));
export const saveMenuButton = (body: MenuButtonSave, options?: CallOptions) => callWrapped(api.POST('/Menu/AddOrModifySubSave', { body }), options);
export const deleteMenuButton = (id: string) => callWrapped(api.POST('/Menu/DeleteSub', { params: { query: { id } } }));

// ---- organisations ----
export const loadOrganizationTree = async () => (await callWrapped(api.GET('/Organize/LoadTree'))) ?? [];
export const saveOrganization = (body: OrganizationSave, options?: CallOptions) => callWrapped(api.POST('/Organize/AddOrModifySave', { body }), options);
export const deleteOrganization = (id: string) => callWrapped(api.POST('/Organize/Delete', { params: { query: { id } } }));
export const loadOrganizationTypes = async () => (await callWrapped(api.GET('/OrganizeType/LoadData'))) ?? [];
export const saveOrganizationType = (body: OrganizationTypeSave, options?: CallOptions) => callWrapped(api.POST('/OrganizeType/AddOrModifySave', { body }), options);
export const deleteOrganizationType = (id: string) => callWrapped(api.POST('/OrganizeType/Delete', { params: { query: { id } } }));

// ---- environment config and system apps ----
/** Spec §9: the environment config list loads up to 10000 rows. */
export const ENV_CONFIG_LIMIT = 10000;
export const loadEnvConfig = () => callWrappedList(api.POST('/SysEnvConfig/List', { body: { Page: 1, Limit: ENV_CONFIG_LIMIT } }));
export const addEnvConfig = (body: EnvConfigSave, options?: CallOptions) => callWrapped(api.POST('/SysEnvConfig/Add', { body }), options);
export const updateEnvConfig = (body: EnvConfigSave, options?: CallOptions) => callWrapped(api.POST('/SysEnvConfig/Update', { body }), options);
export const deleteEnvConfig = (id: string) => callWrapped(api.GET('/SysEnvConfig/Delete', { params: { query: { id } } }));
/** Spec §9: the app list loads up to 100000 rows. */
export const loadSysApps = () => callLegacy(api.POST('/SysApp/List', { body: { Page: 1, Limit: 100000 } }));

