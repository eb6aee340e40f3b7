/**
 * The mock back end's state: the demo plant (users, organisations, roles, menus, child apps)
 * plus what the calls change — sessions, SSO tickets, wrong-password counts, captchas and
 * changed passwords. `resetMockDb()` starts over (tests call it after each test).
 */
import forge from 'node-forge';
import {
  DEMO_API_PATH_CONFIG,
  DEMO_CHILD_APPS,
  DEMO_ENVIRONMENT_VARIABLES,
  DEMO_MENU_BUTTONS,
  DEMO_MENUS,
  DEMO_ORGANIZATIONS,
  DEMO_ROLES,
  DEMO_USERS,
  PORTAL_APP_CODE,
  TERMINALS,
  type DemoMenu,
  type DemoMenuItem,
  type DemoRole,
  type DemoTerminal,
  type DemoUser,
} from './scenarios/demo-data';
import { MOCK_PRIVATE_KEY_PEM } from './scenarios/rsa-key';
import { strongestRoleType, type RoleType } from '../src/shared/admin-rules/privileges';

export interface MockSession {
  token: string;
  ticket: string;
  userId: string;
  organizationId: string;
}

export interface MockDbOptions {
  /** Serve captchas and check the code on login (default true). */
  captcha?: boolean;
}

export function createMockDb({ captcha = true }: MockDbOptions = {}) {
  return {
    captchaEnabled: captcha,
    users: structuredClone(DEMO_USERS),
    organizations: structuredClone(DEMO_ORGANIZATIONS),
    roles: structuredClone(DEMO_ROLES),
    /** Every terminal's menus (Terminal says which tree). */
    menus: structuredClone(DEMO_MENUS),
    menuButtons: structuredClone(DEMO_MENU_BUTTONS),
    childApps: structuredClone(DEMO_CHILD_APPS),
    apiPathConfig: structuredClone(DEMO_API_PATH_CONFIG),
    environmentVariables: structuredClone(DEMO_ENVIRONMENT_VARIABLES),
    sessions: new Map<string, MockSession>(),
    /** Unused single sign-on tickets (the login's, Auth/NewTicket's) -> the token of the session they sign in to. */
    tickets: new Map<string, string>(),
    /** Captcha id -> the code it shows. */
    captchas: new Map<string, string>(),
    /** User id -> consecutive wrong passwords. */
    wrongPasswords: new Map<string, number>(),
    /** Users locked after too many wrong passwords (until the mock is reset). */
    lockedUserIds: new Set<string>(),
    /** What each scenario keeps besides the above (list settings, uploaded files ...), under the scenario's key: see scenarioState. */
    scenarios: new Map<string, unknown>(),
  };
}

export type MockDb = ReturnType<typeof createMockDb>;

let db: MockDb = createMockDb();

export const getMockDb = (): MockDb => db;

export function resetMockDb(options?: MockDbOptions): MockDb {
  db = createMockDb(options);
  return db;
}

/** Puts a saved state back (mock mode in the browser keeps it across reloads and tabs: mocks/persist.ts). */
export function replaceMockDb(saved: MockDb): void {
  db = saved;
}

/**
 * A scenario's own state in the mock db, made by `initial` on first use. Kept in the db (not in a module
 * variable) so that a reset starts it over and the browser's saved state carries it across reloads.
 */
export function scenarioState<T>(key: string, initial: () => T): T {
  if (!db.scenarios.has(key)) db.scenarios.set(key, initial());
  return db.scenarios.get(key) as T;
}

/** Environment rows by environment, then variable (the server's order). */
export const envVarsInOrder = () => [...db.environmentVariables].sort((a, b) => a.EnvName.localeCompare(b.EnvName) || a.VarName.localeCompare(b.VarName));

/** Child apps by sort number, then code (the server's order). */
export const childAppsInOrder = () => [...db.childApps].sort((a, b) => a.SORT_NUM - b.SORT_NUM || a.Code.localeCompare(b.Code));

export const findUserByName = (userName: string): DemoUser | undefined =>
  db.users.find((user) => user.USER_NAME.toUpperCase() === userName.trim().toUpperCase());

export const findUserById = (id: string): DemoUser | undefined => db.users.find((user) => user.ID === id);

export const organizationsOf = (user: DemoUser) => db.organizations.filter((org) => user.organizationIds.includes(org.Id));

export function startSession(user: DemoUser, organizationId: string): MockSession {
  const session = { token: `mock-token-${randomId()}`, ticket: `mock-ticket-${randomId()}`, userId: user.ID, organizationId };
  db.sessions.set(session.token, session);
  db.tickets.set(session.ticket, session.token);
  return session;
}

/** The session's user while they may still act: an administrator's lock or the unavailable flag ends their sessions (as the server). */
export function activeUserOf(session: MockSession): DemoUser | undefined {
  const user = findUserById(session.userId);
  return user && !user.IS_LOCKED && user.IS_AVAILABLE ? user : undefined;
}

/** Uses a ticket up (each is good for one exchange, as on the server); the session it signs in to. */
export function takeTicket(ticket: string): MockSession | undefined {
  const token = db.tickets.get(ticket);
  db.tickets.delete(ticket);
  return token === undefined ? undefined : db.sessions.get(token);
}

/** A one-use ticket for one child-app frame load of the session. */
export function newFrameTicket(session: MockSession): string {
  const ticket = `mock-frame-ticket-${randomId()}`;
  db.tickets.set(ticket, session.token);
  return ticket;
}

export function endSessionsOf(userId: string): void {
  for (const [token, session] of db.sessions) if (session.userId === userId) db.sessions.delete(token);
}

export function newCaptcha(): { id: string; code: string } {
  const code = String(Math.floor(1000 + Math.random() * 9000));
  const id = randomId();
  db.captchas.set(id, code);
  return { id, code };
}

/** A captcha answers one attempt only. */
export function takeCaptcha(id: string | undefined, code: string | undefined): boolean {
  if (!id) return false;
  const expected = db.captchas.get(id);
  db.captchas.delete(id);
  return expected !== undefined && expected.toLowerCase() === (code ?? '').trim().toLowerCase();
}

const roleOf = (roleId: string): DemoRole | undefined => db.roles.find((role) => role.ID === roleId);

/** `roleId` is one id or a comma-separated list (UserInfo.ROLE_ID of a user with several roles). */
export const roleIdsOf = (roleId: string): string[] => [...new Set(roleId.split(',').map((id) => id.trim()).filter(Boolean))];

/** Gives the user these roles, keeping the legacy comma-joined ROLE_ID in step. */
export function setUserRoles(user: DemoUser, roleIds: readonly string[]): void {
  user.ROLE_IDS = [...roleIds];
  user.ROLE_ID = roleIds.join(',');
}

/** The strongest type of the user's roles (src/shared/admin-rules/privileges.ts). */
export const roleTypeOf = (user: DemoUser): RoleType => strongestRoleType(user.ROLE_IDS.flatMap((id) => roleOf(id)?.type ?? []));

/** A user whose strongest role type is the super administrator's. */
export const isSuperAdmin = (user: DemoUser): boolean => roleTypeOf(user) === 'SUPER_ADMIN';

/** Users read their own roles' menus; only a super administrator may read other roles' (as the server). */
export const maySeeRoleMenus = (user: DemoUser, roleIds: readonly string[]): boolean =>
  roleIds.every((id) => user.ROLE_IDS.includes(id)) || isSuperAdmin(user);

/** Whose grants: the roles, and the user whose directly given menus count too (none: the roles' alone). */
export interface MockGrantee {
  roleIds: readonly string[];
  user?: DemoUser;
}

/** The signed-in user as a grantee: their roles and their directly given menus. */
export const granteeOf = (user: DemoUser): MockGrantee => ({ roleIds: user.ROLE_IDS, user });

const asTerminal = (appCode: string): DemoTerminal | undefined => TERMINALS.find((t) => t === appCode);

/** Ids of the menus the grantee is given in a terminal tree: the union over the roles, plus the user's own. */
export function grantedMenuIds(grantee: MockGrantee, terminal: DemoTerminal): Set<string> {
  const ids = new Set(grantee.roleIds.flatMap((id) => roleOf(id)?.menuIds[terminal] ?? []));
  for (const id of grantee.user?.menuIds[terminal] ?? []) ids.add(id);
  return ids;
}

/** Granted, enabled menus of a terminal, by SORT_NUM then code (as the server orders them). */
function grantedMenus(grantee: MockGrantee, terminal: DemoTerminal): DemoMenu[] {
  const granted = grantedMenuIds(grantee, terminal);
  return db.menus
    .filter((menu) => menu.Terminal === terminal && granted.has(menu.Id) && menu.ENABLED === 'Y')
    .sort((a, b) => a.SORT_NUM - b.SORT_NUM || a.Menu_Code.localeCompare(b.Menu_Code));
}

/** Whether the grantee has an enabled menu with this code in any terminal tree (the menu half of the server's grant check). */
export const hasMenu = (grantee: MockGrantee, menuCode: string): boolean =>
  TERMINALS.some((terminal) => grantedMenus(grantee, terminal).some((menu) => menu.Menu_Code === menuCode));

/** A menu as the session's menu calls send it (contract MenuItem). */
export const toMenuItem = (menu: DemoMenu): DemoMenuItem => ({
  Id: menu.Id,
  Parent_Id: menu.Parent_Id,
  Menu_Name: menu.Menu_Name,
  MENU_EN: menu.MENU_EN,
  Menu_Code: menu.Menu_Code,
  Link_Url: menu.Link_Url,
  Icon_Url: menu.Icon_Url,
  Target: menu.Target,
  COLUMNS: menu.COLUMNS,
  AppUrl: menu.AppUrl,
  AppCode: menu.AppCode,
  ENABLED: menu.ENABLED,
  SORT_NUM: menu.SORT_NUM,
});

/**
 * The grantee's menu tree for an app code (terminal), as the server builds it: the union of the
 * roles' granted, enabled menus (and the user's own); a child whose parent is not granted is
 * unreachable and left out.
 */
export function menuTreeOf(grantee: MockGrantee, appCode: string = PORTAL_APP_CODE): DemoMenuItem[] {
  const terminal = asTerminal(appCode);
  if (!terminal) return [];
  const items = new Map(grantedMenus(grantee, terminal).map((menu): [string, DemoMenuItem] => [menu.Id, toMenuItem(menu)]));
  const roots: DemoMenuItem[] = [];
  for (const item of items.values()) {
    if (item.Parent_Id == null) {
      roots.push(item);
      continue;
    }
    const parent = items.get(item.Parent_Id);
    if (parent) (parent.children ??= []).push(item);
  }
  return roots;
}

/**
 * Granted button codes keyed by the id of their menu (spec §6, contract ButtonMapResponse): a
 * button one of the roles is given, of a menu the grantee has in that terminal tree.
 */
export function buttonsOf(grantee: MockGrantee, appCode: string = PORTAL_APP_CODE): Record<string, string[]> {
  const terminal = asTerminal(appCode);
  if (!terminal) return {};
  const roleButtons = new Set(grantee.roleIds.flatMap((id) => roleOf(id)?.buttonIds ?? []));
  const buttons: Record<string, string[]> = {};
  for (const menu of grantedMenus(grantee, terminal)) {
    const codes = db.menuButtons
      .filter((b) => b.Parent_Id === menu.Id && roleButtons.has(b.Id))
      .sort((a, b) => a.SORT_NUM - b.SORT_NUM || a.Menu_Code.localeCompare(b.Menu_Code))
      .map((b) => b.Menu_Code);
    if (codes.length) buttons[menu.Id] = codes;
  }
  return buttons;
}

let privateKey: forge.pki.rsa.PrivateKey | undefined;

/** The plain text of a jsencrypt (PKCS#1 v1.5, base64) ciphertext, or undefined if it is not one. */
export function decryptPassword(cipher: string): string | undefined {
  privateKey ??= forge.pki.privateKeyFromPem(MOCK_PRIVATE_KEY_PEM);
  try {
    return forge.util.decodeUtf8(privateKey.decrypt(forge.util.decode64(cipher), 'RSAES-PKCS1-V1_5'));
  } catch {
    return undefined;
  }
}

function randomId(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
