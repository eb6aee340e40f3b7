/**
 * Stateful handlers for the administration calls on users, roles and menus (openapi/paths/
 * admin-users.yaml, admin-roles.yaml, admin-menus.yaml), so `npm run dev:mock` behaves like the
 * reference server: a user has several roles and sees the union of their menus and buttons;
 * roles are given portal, PDA and tablet (PAD) menus and the menus' buttons per terminal; the
 * menu editor and the PDA menu screen edit each terminal's own tree.
 *
 * The rules are the server's own (src/shared/admin-rules: users, roles, menus, privileges, passwords),
 * with the catalogue's messages: the mock reads the facts from its memory and asks them, in the order
 * the server does. The x-permission checks are the server's alone: the mock trusts the screens to
 * hide what a role lacks.
 */
import { buildTree } from '../../src/shared/admin-rules/tree';
import { GENERATED_PASSWORD_ALPHABET, GENERATED_PASSWORD_LENGTH } from '../../src/shared/admin-rules/passwords';
import {
  changes,
  requireBuiltInAdminKept,
  requireGrantableRoleTypes,
  requireHeld,
  requireMayActOn,
  type PrivilegedCaller,
} from '../../src/shared/admin-rules/privileges';
import {
  checkUserReferences,
  requireManageableOrganizations,
  requireManageableUser as requireManageableUserRule,
  requireNoPasswordOnEdit,
  requireNotDeletingSelf,
  requireNotLockingSelf,
  requireUserNameFree,
  requireValidPassword,
  userExportRows,
  type ManageableOrganizations,
} from '../../src/shared/admin-rules/users';
import { checkRolePermissions, checkUserMenus, requireRole as requireFoundRole, requireRoleDeletable, requireRoleNameFree } from '../../src/shared/admin-rules/roles';
import {
  checkMenuParent,
  MENU_EDIT_SCREEN,
  MENU_READ_SCREENS,
  requireButtonCodeFree,
  requireFound,
  requireInTerminalScope,
  requireLinkFree,
  requireMenuCodeFree,
  requireParentInTerminal,
  savedMenuFields,
  type MenuSaveBody,
  type TerminalScope,
} from '../../src/shared/admin-rules/menus';
import { createContractHttp } from '../generated/handlers';
import {
  buttonsOf,
  decryptPassword,
  endSessionsOf,
  findUserByName,
  getMockDb,
  grantedMenuIds,
  granteeOf,
  hasMenu,
  isSuperAdmin,
  roleTypeOf,
  setUserRoles,
  toMenuItem,
} from '../db';
import { TERMINALS, type DemoMenu, type DemoMenuButton, type DemoMenuItem, type DemoRole, type DemoTerminal, type DemoUser } from './demo-data';
import { okWith as ok, signedInAnswer, textOf, XLSX_TYPE, type SignedIn } from './answers';

/** Runs a handler for the signed-in caller (./answers.ts: a Refusal becomes its error answer). */
const signedIn = (run: (caller: DemoUser, request: Request) => Promise<unknown> | unknown) => signedInAnswer((caller, request) => run(caller.user, request));

const queryOf = (request: Request) => new URL(request.url).searchParams;
const unique = <T>(values: readonly T[]) => [...new Set(values)];
const terminalOf = (value: string | null | undefined): DemoTerminal | undefined => TERMINALS.find((t) => t === value);

// ---- users ----------------------------------------------------------------------------------------

/** The caller as the privilege rules see them. */
const privileged = (caller: DemoUser): PrivilegedCaller => ({ id: caller.ID, roleType: roleTypeOf(caller) });

/** The organisations the caller may manage users of; null for every organisation (a super administrator). */
const manageableOrganizations = (caller: DemoUser): ManageableOrganizations => (isSuperAdmin(caller) ? null : new Set(caller.organizationIds));

function requireManageableUser(caller: DemoUser, userId: string): DemoUser {
  const user = getMockDb().users.find((u) => u.ID === userId);
  requireManageableUserRule(user && { orgIds: user.organizationIds }, manageableOrganizations(caller));
  return user!;
}

/** As requireManageableUser, and only a super administrator acts on a super administrator. */
function requireActionableUser(caller: DemoUser, userId: string): DemoUser {
  const user = requireManageableUser(caller, userId);
  requireMayActOn(privileged(caller), roleTypeOf(user));
  return user;
}

const roleTypesOf = (roleIds: readonly string[]) => getMockDb().roles.filter((r) => roleIds.includes(r.ID)).map((r) => r.type);

/** The menus (in a terminal tree) and buttons the caller holds: through their roles, and menus also directly. */
function heldGrants(caller: DemoUser, terminal: DemoTerminal) {
  const menus = grantedMenuIds(granteeOf(caller), terminal);
  const roleButtons = new Set(caller.ROLE_IDS.flatMap((id) => getMockDb().roles.find((r) => r.ID === id)?.buttonIds ?? []));
  return { menus, buttons: roleButtons };
}

const roleNamed = (roleId: string) => getMockDb().roles.find((r) => r.ID === roleId)?.ROLE_NAME ?? roleId;

const toAdminUser = (user: DemoUser) => ({
  ID: user.ID,
  USER_NAME: user.USER_NAME,
  NICK_NAME: user.NICK_NAME,
  ROLE_ID: user.ROLE_ID,
  ROLE_IDS: [...user.ROLE_IDS],
  ROLE_NAME: user.ROLE_IDS.map(roleNamed).join(','),
  ROLE_NAMES: user.ROLE_IDS.map(roleNamed),
  USER_TYPE: user.USER_TYPE,
  ORGANIZE_IDS: [...user.organizationIds].sort(),
  PHONE: user.PHONE,
  EMAIL: user.EMAIL,
  WECHAT_ID: user.WECHAT_ID,
  DINGTALK_ID: user.DINGTALK_ID,
  REMARK: user.REMARK,
  IS_AVAILABLE: user.IS_AVAILABLE,
  IS_LOCKED: user.IS_LOCKED,
  CREATED_AT: user.CREATED_AT,
});

function generatePassword(): string {
  const random = crypto.getRandomValues(new Uint32Array(GENERATED_PASSWORD_LENGTH));
  return [...random].map((n) => GENERATED_PASSWORD_ALPHABET[n % GENERATED_PASSWORD_ALPHABET.length]).join('');
}

/** The password to set: the administrator's (decrypted, spec §5 length) or a generated one. */
function chosenPassword(encrypted: string | undefined): { password: string; generated: boolean } {
  if (!encrypted) return { password: generatePassword(), generated: true };
  const password = decryptPassword(encrypted) ?? '';
  requireValidPassword(password);
  return { password, generated: false };
}

interface UserSave {
  ID?: string;
  USER_NAME: string;
  NICK_NAME: string;
  ROLE_IDS: string[];
  ORGANIZE_IDS: string[];
  USER_TYPE?: string | null;
  PHONE?: string | null;
  EMAIL?: string | null;
  WECHAT_ID?: string | null;
  DINGTALK_ID?: string | null;
  REMARK?: string | null;
  IS_AVAILABLE?: boolean;
  Password?: string;
}

function saveUser(caller: DemoUser, body: UserSave, request: Request) {
  const db = getMockDb();
  const userName = body.USER_NAME.trim();
  const roleIds = unique(body.ROLE_IDS.map((id) => id.trim()));
  const orgIds = unique(body.ORGANIZE_IDS);
  checkUserReferences(roleIds, orgIds, { roleIds: new Set(db.roles.map((r) => r.ID)), orgIds: new Set(db.organizations.map((o) => o.Id)) });
  if (body.ID) {
    const target = requireActionableUser(caller, body.ID);
    // Only what changes is the caller's to give or take: a user's other organisations and roles stay.
    const orgChanges = changes(target.organizationIds, orgIds);
    requireManageableOrganizations(manageableOrganizations(caller), [...orgChanges.added, ...orgChanges.removed]);
    requireGrantableRoleTypes(privileged(caller), roleTypesOf(changes(target.ROLE_IDS, roleIds).added));
    requireBuiltInAdminKept(privileged(caller), target.ID, { removes: body.IS_AVAILABLE === false, keepsSuperAdmin: roleTypesOf(roleIds).includes('SUPER_ADMIN') });
  } else {
    requireManageableOrganizations(manageableOrganizations(caller), orgIds);
    requireGrantableRoleTypes(privileged(caller), roleTypesOf(roleIds));
  }
  requireUserNameFree(findUserByName(userName)?.ID, body.ID);
  const fields = {
    USER_NAME: userName,
    NICK_NAME: body.NICK_NAME.trim(),
    USER_TYPE: body.USER_TYPE ?? null,
    PHONE: body.PHONE ?? null,
    EMAIL: body.EMAIL ?? null,
    WECHAT_ID: body.WECHAT_ID ?? null,
    DINGTALK_ID: body.DINGTALK_ID ?? null,
    REMARK: body.REMARK ?? null,
    IS_AVAILABLE: body.IS_AVAILABLE ?? true,
    organizationIds: orgIds,
  };
  if (body.ID) {
    const user = requireManageableUser(caller, body.ID);
    requireNoPasswordOnEdit(body.Password);
    Object.assign(user, fields);
    setUserRoles(user, roleIds);
    // A user made unavailable starts again from the login.
    if (!user.IS_AVAILABLE) endSessionsOf(user.ID);
    return ok(request, { ID: user.ID, Password: null }, 'masterSaved');
  }
  const { password, generated } = chosenPassword(body.Password);
  const user: DemoUser = {
    ...fields,
    ID: crypto.randomUUID(),
    ROLE_IDS: [],
    ROLE_ID: '',
    password,
    menuIds: { PC: [], PDA: [], PAD: [] },
    IS_LOCKED: false,
    CREATED_AT: new Date().toISOString(),
  };
  setUserRoles(user, roleIds);
  db.users.push(user);
  return ok(request, { ID: user.ID, Password: generated ? password : null }, 'masterSaved');
}

/** The users a User/LoadData or User/ExportData query finds that the caller may manage, in the server's order. */
function findUsers(caller: DemoUser, query: URLSearchParams) {
  const scope = manageableOrganizations(caller);
  const orgId = query.get('ORGANIZE_ID');
  requireManageableOrganizations(scope, orgId ? [orgId] : []);
  const key = query.get('Key')?.trim().toLowerCase();
  const roleId = query.get('ROLE_ID');
  return getMockDb()
    .users.filter((u) => !key || [u.USER_NAME, u.NICK_NAME, u.PHONE ?? ''].some((v) => v.toLowerCase().includes(key)))
    .filter((u) => !roleId || u.ROLE_IDS.includes(roleId))
    .filter((u) => !orgId || u.organizationIds.includes(orgId))
    .filter((u) => !scope || u.organizationIds.some((id) => scope.has(id)))
    .sort((a, b) => a.CREATED_AT.localeCompare(b.CREATED_AT) || a.USER_NAME.localeCompare(b.USER_NAME));
}

function listUsers(caller: DemoUser, request: Request) {
  const query = queryOf(request);
  const found = findUsers(caller, query);
  const page = Number(query.get('Page') ?? 1);
  const limit = Math.min(Number(query.get('Limit') ?? 200), 100000);
  return { ...ok(request, found.slice((page - 1) * limit, page * limit).map(toAdminUser)), count: found.length };
}

/** User/ExportData: a real xlsx of the users found (exceljs runs in the browser as on the server; loaded when a tester exports). */
async function exportUsers(caller: SignedIn, request: Request) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const title = textOf(request, 'userExportFileName');
  workbook.addWorksheet(title).addRows(userExportRows(findUsers(caller.user, queryOf(request)).map(toAdminUser), caller.language));
  return new Response(await workbook.xlsx.writeBuffer(), {
    status: 200,
    headers: { 'Content-Type': XLSX_TYPE, 'Content-Disposition': `attachment; filename="users.xlsx"; filename*=UTF-8''${encodeURIComponent(`${title}.xlsx`)}` },
  });
}

// ---- menus --------------------------------------------------------------------------------------

const byMenuOrder = (a: DemoMenu, b: DemoMenu) => a.SORT_NUM - b.SORT_NUM || a.Menu_Code.localeCompare(b.Menu_Code);
const byButtonOrder = (a: DemoMenuButton, b: DemoMenuButton) =>
  a.Parent_Id.localeCompare(b.Parent_Id) || a.SORT_NUM - b.SORT_NUM || a.Menu_Code.localeCompare(b.Menu_Code);

const menusOf = (terminal: DemoTerminal) => getMockDb().menus.filter((m) => m.Terminal === terminal).sort(byMenuOrder);
const findMenu = (id: string | null | undefined) => getMockDb().menus.find((m) => m.Id === id);
const buttonsOfMenu = (menuId: string) => getMockDb().menuButtons.filter((b) => b.Parent_Id === menuId).sort(byButtonOrder);

type AdminMenuNode = DemoMenu & { Buttons: DemoMenuButton[]; children?: AdminMenuNode[] };
const adminMenusOf = (terminal: DemoTerminal) => menusOf(terminal).map((m): AdminMenuNode => ({ ...m, Buttons: buttonsOfMenu(m.Id) }));

/**
 * The terminals whose menus the caller may read or change: every one with the general grant (the
 * menu screen, or for reading also the role and user screens), else only PDA — the caller has the
 * PDA menu configuration screen (AdminPdaMenu) alone.
 */
function terminalScope(caller: DemoUser, general: readonly { menuCode: string; buttonCode?: string }[]): TerminalScope {
  return general.some((grant) => hasGrant(caller, grant)) ? 'all' : 'PDA';
}
/** The caller has the menu (and its button when one is named), as the server's grant check. */
function hasGrant(caller: DemoUser, { menuCode, buttonCode }: { menuCode: string; buttonCode?: string }): boolean {
  if (!hasMenu(granteeOf(caller), menuCode)) return false;
  if (!buttonCode) return true;
  const menu = getMockDb().menus.find((m) => m.Menu_Code === menuCode);
  return Boolean(menu && buttonsOf(granteeOf(caller), menu.Terminal)[menu.Id]?.includes(buttonCode));
}
const requireInScope = requireInTerminalScope;
const READ: { menuCode: string; buttonCode?: string }[] = MENU_READ_SCREENS.map((menuCode) => ({ menuCode }));
const SAVE = [{ menuCode: MENU_EDIT_SCREEN, buttonCode: 'Save' }];
const DELETE = [{ menuCode: MENU_EDIT_SCREEN, buttonCode: 'Delete' }];

const linkTaken = (link: string, exceptId: string | undefined) => Boolean(link) && getMockDb().menus.some((m) => m.Link_Url === link && m.Id !== exceptId);

/** A menu and every menu under it. */
function subtreeIds(menuId: string): Set<string> {
  const ids = new Set([menuId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const menu of getMockDb().menus) {
      if (menu.Parent_Id && ids.has(menu.Parent_Id) && !ids.has(menu.Id)) {
        ids.add(menu.Id);
        grew = true;
      }
    }
  }
  return ids;
}

/** Removes menus with their buttons and every grant of them (the server's foreign keys cascade). */
function removeMenus(ids: Set<string>) {
  const db = getMockDb();
  const buttonIds = new Set(db.menuButtons.filter((b) => ids.has(b.Parent_Id)).map((b) => b.Id));
  db.menus = db.menus.filter((m) => !ids.has(m.Id));
  removeButtons(buttonIds);
  for (const holder of [...db.roles, ...db.users]) {
    for (const terminal of TERMINALS) holder.menuIds[terminal] = holder.menuIds[terminal].filter((id) => !ids.has(id));
  }
}

function removeButtons(ids: Set<string>) {
  const db = getMockDb();
  db.menuButtons = db.menuButtons.filter((b) => !ids.has(b.Id));
  for (const role of db.roles) role.buttonIds = role.buttonIds.filter((id) => !ids.has(id));
}

interface MenuSave extends MenuSaveBody {
  Id?: string;
  Terminal?: DemoTerminal;
}

function saveMenu(caller: DemoUser, body: MenuSave, request: Request) {
  const db = getMockDb();
  const existing = body.Id ? findMenu(body.Id) : undefined;
  requireFound(!body.Id || existing);
  // A menu stays in its terminal's tree, under a parent of the same tree.
  const terminal = existing?.Terminal ?? body.Terminal ?? 'PC';
  const menu: DemoMenu = { Id: existing?.Id ?? crypto.randomUUID(), ...savedMenuFields(body, terminal) };
  const parentId = menu.Parent_Id;
  requireFound(!parentId || findMenu(parentId));
  checkMenuParent(body.Id, parentId, new Map(db.menus.map((m) => [m.Id, m.Parent_Id])));
  requireInScope(terminalScope(caller, SAVE), terminal);
  if (parentId) requireParentInTerminal(findMenu(parentId)?.Terminal, terminal);
  requireLinkFree(linkTaken(menu.Link_Url, body.Id));
  const code = menu.Menu_Code;
  requireMenuCodeFree(db.menus.some((m) => m.Menu_Code === code && m.Id !== body.Id), code);
  if (existing) {
    Object.assign(existing, menu);
    // Buttons name their menu by code as well (ParentMenuCode).
    for (const button of db.menuButtons) if (button.Parent_Id === menu.Id) button.ParentMenuCode = code;
  } else {
    db.menus.push(menu);
  }
  return ok(request, { ...menu, Buttons: buttonsOfMenu(menu.Id) }, 'masterSaved');
}

interface ButtonSave {
  Id?: string;
  Parent_Id: string;
  Menu_Code: string;
  Button_Name: string;
  Button_Name_En?: string;
  SORT_NUM?: number;
}

function saveButton(caller: DemoUser, body: ButtonSave, request: Request) {
  const db = getMockDb();
  const menu = findMenu(body.Parent_Id);
  requireFound(menu);
  const scope = terminalScope(caller, SAVE);
  requireInScope(scope, menu.Terminal);
  const existing = body.Id ? db.menuButtons.find((b) => b.Id === body.Id) : undefined;
  // An edited button must be one of the caller's terminal too (it may move between menus).
  if (existing) requireInScope(scope, findMenu(existing.Parent_Id)?.Terminal);
  const code = body.Menu_Code.trim();
  requireButtonCodeFree(db.menuButtons.some((b) => b.Parent_Id === menu.Id && b.Menu_Code === code && b.Id !== body.Id), code);
  requireFound(!body.Id || existing);
  const button: DemoMenuButton = {
    Id: existing?.Id ?? crypto.randomUUID(),
    Parent_Id: menu.Id,
    Menu_Code: code,
    ParentMenuCode: menu.Menu_Code,
    Button_Name: body.Button_Name.trim(),
    Button_Name_En: body.Button_Name_En ?? '',
    SORT_NUM: body.SORT_NUM ?? 0,
  };
  if (existing) Object.assign(existing, button);
  else db.menuButtons.push(button);
  return ok(request, button, 'masterSaved');
}

/** A terminal's menus as a tree of MenuItem rows (orphans become roots, as the server's buildTree). */
const menuItemTree = (terminal: DemoTerminal): DemoMenuItem[] => buildTree(menusOf(terminal).map(toMenuItem), (m) => m.Id, (m) => m.Parent_Id);

// ---- roles --------------------------------------------------------------------------------------

const toRole = (role: DemoRole) => ({
  ID: role.ID,
  ROLE_NAME: role.ROLE_NAME,
  ROLE_TYPE: role.type,
  IS_SYSTEM_DEFAULT: role.IS_SYSTEM_DEFAULT,
  REMARK: role.REMARK,
  CREATED_AT: role.CREATED_AT,
});

const requireRole = (roleId: string): DemoRole => requireFoundRole(getMockDb().roles.find((r) => r.ID === roleId));

interface RoleSave {
  ID?: string;
  ROLE_NAME: string;
  ROLE_TYPE: DemoRole['type'];
  IS_SYSTEM_DEFAULT?: boolean;
  REMARK?: string | null;
}

function saveRole(caller: DemoUser, body: RoleSave, request: Request) {
  const db = getMockDb();
  const name = body.ROLE_NAME.trim();
  const existing = body.ID ? requireRole(body.ID) : undefined;
  if (existing) requireMayActOn(privileged(caller), existing.type);
  requireGrantableRoleTypes(privileged(caller), [body.ROLE_TYPE]);
  requireRoleNameFree(db.roles.some((r) => r.ROLE_NAME === name && r.ID !== body.ID));
  const fields = { ROLE_NAME: name, type: body.ROLE_TYPE, IS_SYSTEM_DEFAULT: body.IS_SYSTEM_DEFAULT ?? false, REMARK: body.REMARK ?? null };
  if (existing) {
    Object.assign(existing, fields);
    return ok(request, toRole(existing), 'masterSaved');
  }
  const role: DemoRole = { ...fields, ID: crypto.randomUUID(), CREATED_AT: new Date().toISOString(), menuIds: { PC: [], PDA: [], PAD: [] }, buttonIds: [] };
  db.roles.push(role);
  return ok(request, toRole(role), 'masterSaved');
}

function rolePermissions(role: DemoRole, terminal: DemoTerminal) {
  const terminalMenus = new Set(menusOf(terminal).map((m) => m.Id));
  return {
    MenuIds: role.menuIds[terminal].filter((id) => terminalMenus.has(id)).sort(),
    ButtonIds: getMockDb()
      .menuButtons.filter((b) => role.buttonIds.includes(b.Id) && terminalMenus.has(b.Parent_Id))
      .map((b) => b.Id)
      .sort(),
  };
}

function saveRolePermissions(caller: DemoUser, body: { ROLE_ID: string; APP_CODE: DemoTerminal; MENU_IDS: string[]; BUTTON_IDS: string[] }, request: Request) {
  const role = requireRole(body.ROLE_ID);
  requireMayActOn(privileged(caller), role.type);
  const terminal = body.APP_CODE;
  const menuIds = unique(body.MENU_IDS);
  const buttonIds = unique(body.BUTTON_IDS);
  const terminalMenus = new Set(menusOf(terminal).map((m) => m.Id));
  const chosenButtons = getMockDb().menuButtons.filter((b) => buttonIds.includes(b.Id)).map((b) => ({ id: b.Id, parentId: b.Parent_Id }));
  checkRolePermissions(menuIds, buttonIds, terminalMenus, chosenButtons);
  // What the role has already may stay; what it newly gets must be the caller's own.
  const held = heldGrants(caller, terminal);
  requireHeld(privileged(caller), menuIds.filter((id) => !role.menuIds[terminal].includes(id)), held.menus);
  requireHeld(privileged(caller), buttonIds.filter((id) => !role.buttonIds.includes(id)), held.buttons);
  role.menuIds[terminal] = menuIds;
  // Replace the buttons of this terminal's menus; other terminals' buttons stay.
  const terminalButtons = new Set(getMockDb().menuButtons.filter((b) => terminalMenus.has(b.Parent_Id)).map((b) => b.Id));
  role.buttonIds = [...role.buttonIds.filter((id) => !terminalButtons.has(id)), ...buttonIds];
  return ok(request, null, 'masterSaved');
}

// ---- handlers -----------------------------------------------------------------------------------

export function adminHandlers(baseUrl: string) {
  const http = createContractHttp(baseUrl);
  return [
    http.get('/User/LoadData', signedIn((caller, request) => listUsers(caller, request))),
    http.get('/User/ExportData', signedInAnswer((caller, request) => exportUsers(caller, request))),
    http.post('/User/IsExistsName', signedIn(async (_caller, request) => {
      const body = (await request.json()) as { USER_NAME: string; ID?: string };
      const existing = findUserByName(body.USER_NAME.trim());
      return ok(request, Boolean(existing && existing.ID !== body.ID));
    })),
    http.post('/User/AddOrModifySave', signedIn(async (caller, request) => saveUser(caller, (await request.json()) as UserSave, request))),
    http.post('/User/ChangeLockStatus', signedIn(async (caller, request) => {
      const { ID, IS_LOCKED } = (await request.json()) as { ID: string; IS_LOCKED: boolean };
      const user = requireActionableUser(caller, ID);
      requireNotLockingSelf(caller.ID, ID, IS_LOCKED);
      requireBuiltInAdminKept(privileged(caller), ID, { removes: IS_LOCKED });
      user.IS_LOCKED = IS_LOCKED;
      // Locking revokes the user's sessions at once; unlocking does not bring them back.
      if (IS_LOCKED) endSessionsOf(ID);
      return ok(request, null, 'masterSaved');
    })),
    http.post('/User/Delete', signedIn((caller, request) => {
      const id = queryOf(request).get('id') ?? '';
      requireActionableUser(caller, id);
      requireNotDeletingSelf(caller.ID, id);
      requireBuiltInAdminKept(privileged(caller), id, { removes: true });
      const db = getMockDb();
      db.users = db.users.filter((u) => u.ID !== id);
      endSessionsOf(id);
      return ok(request, null, 'masterDeleted');
    })),
    http.post('/User/ResetPassword', signedIn(async (caller, request) => {
      const { ID, Password } = (await request.json()) as { ID: string; Password?: string };
      const user = requireActionableUser(caller, ID);
      const { password, generated } = chosenPassword(Password);
      user.password = password;
      getMockDb().wrongPasswords.delete(ID);
      getMockDb().lockedUserIds.delete(ID);
      endSessionsOf(ID);
      return ok(request, { ID, Password: generated ? password : null }, 'masterSaved');
    })),
    http.get('/User/GetUserMenuTree', signedIn((caller, request) => {
      const query = queryOf(request);
      const terminal = terminalOf(query.get('appCode')) ?? 'PC';
      const user = requireManageableUser(caller, query.get('userId') ?? '');
      const byRoles = unique(user.ROLE_IDS.flatMap((id) => getMockDb().roles.find((r) => r.ID === id)?.menuIds[terminal] ?? []));
      return ok(request, { Menus: menuItemTree(terminal), CheckedIds: [...user.menuIds[terminal]].sort(), RoleMenuIds: byRoles.sort() });
    })),
    http.post('/User/SaveUserMenu', signedIn(async (caller, request) => {
      const { USER_ID, APP_CODE, MENU_IDS } = (await request.json()) as { USER_ID: string; APP_CODE: DemoTerminal; MENU_IDS: string[] };
      const user = requireActionableUser(caller, USER_ID);
      const menuIds = unique(MENU_IDS);
      checkUserMenus(menuIds, new Set(menusOf(APP_CODE).map((m) => m.Id)));
      // Menus the user has directly already may stay; new ones must be the caller's own.
      requireHeld(privileged(caller), menuIds.filter((id) => !user.menuIds[APP_CODE].includes(id)), heldGrants(caller, APP_CODE).menus);
      user.menuIds[APP_CODE] = menuIds;
      return ok(request, null, 'masterSaved');
    })),

    http.get('/Role/GetAll', signedIn((_caller, request) =>
      ok(request, [...getMockDb().roles].sort((a, b) => a.CREATED_AT.localeCompare(b.CREATED_AT) || a.ROLE_NAME.localeCompare(b.ROLE_NAME)).map(toRole)),
    )),
    http.post('/Role/AddOrModifySave', signedIn(async (caller, request) => saveRole(caller, (await request.json()) as RoleSave, request))),
    http.post('/Role/Delete', signedIn((caller, request) => {
      const role = requireRole(queryOf(request).get('id') ?? '');
      requireMayActOn(privileged(caller), role.type);
      requireRoleDeletable({ isSystemDefault: role.IS_SYSTEM_DEFAULT }, getMockDb().users.some((u) => u.ROLE_IDS.includes(role.ID)));
      getMockDb().roles = getMockDb().roles.filter((r) => r.ID !== role.ID);
      return ok(request, null, 'masterDeleted');
    })),
    http.get('/Role/GetPermissions', signedIn((_caller, request) => {
      const query = queryOf(request);
      const role = requireRole(query.get('roleId') ?? '');
      return ok(request, rolePermissions(role, terminalOf(query.get('appCode')) ?? 'PC'));
    })),
    http.post('/Role/SavePermissions', signedIn(async (caller, request) => saveRolePermissions(caller, await request.json() as never, request))),

    http.get('/Menu/LoadData2Tree', signedIn((caller, request) => {
      const scope = terminalScope(caller, READ);
      const terminal = terminalOf(queryOf(request).get('terminal')) ?? (scope === 'PDA' ? 'PDA' : 'PC');
      requireInScope(scope, terminal);
      return ok(request, buildTree(adminMenusOf(terminal), (m) => m.Id, (m) => m.Parent_Id));
    })),
    http.post('/Menu/IsExistsLinkUrl', signedIn(async (_caller, request) => {
      const body = (await request.json()) as { Link_Url: string; Id?: string };
      return ok(request, linkTaken(body.Link_Url.trim(), body.Id));
    })),
    http.post('/Menu/AddOrModifySave', signedIn(async (caller, request) => saveMenu(caller, (await request.json()) as MenuSave, request))),
    http.post('/Menu/Delete', signedIn((caller, request) => {
      const menu = findMenu(queryOf(request).get('id'));
      requireFound(menu);
      requireInScope(terminalScope(caller, DELETE), menu.Terminal);
      removeMenus(subtreeIds(menu.Id));
      return ok(request, null, 'masterDeleted');
    })),
    http.get('/Menu/LoadDataSub', signedIn((caller, request) => {
      const menuId = queryOf(request).get('menuId') ?? '';
      requireInScope(terminalScope(caller, [{ menuCode: MENU_EDIT_SCREEN }]), findMenu(menuId)?.Terminal);
      return ok(request, buttonsOfMenu(menuId));
    })),
    http.post('/Menu/AddOrModifySubSave', signedIn(async (caller, request) => saveButton(caller, (await request.json()) as ButtonSave, request))),
    http.post('/Menu/DeleteSub', signedIn((caller, request) => {
      const button = getMockDb().menuButtons.find((b) => b.Id === queryOf(request).get('id'));
      requireFound(button);
      requireInScope(terminalScope(caller, DELETE), findMenu(button.Parent_Id)?.Terminal);
      removeButtons(new Set([button.Id]));
      return ok(request, null, 'masterDeleted');
    })),
  ];
}
