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
  DEMO_MENUS,
  DEMO_ORGANIZATIONS,
  DEMO_ROLES,
  DEMO_USERS,
  PORTAL_APP_CODE,
  menuIdOf,
  type DemoMenuItem,
  type DemoUser,
} from './scenarios/demo-data';
import { MOCK_PRIVATE_KEY_PEM } from './scenarios/rsa-key';

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
    menus: structuredClone(DEMO_MENUS),
    childApps: structuredClone(DEMO_CHILD_APPS),
    apiPathConfig: structuredClone(DEMO_API_PATH_CONFIG),
    environmentVariables: structuredClone(DEMO_ENVIRONMENT_VARIABLES),
    sessions: new Map<string, MockSession>(),
    /** Captcha id -> the code it shows. */
    captchas: new Map<string, string>(),
    /** User id -> consecutive wrong passwords. */
    wrongPasswords: new Map<string, number>(),
    /** Users locked after too many wrong passwords (until the mock is reset). */
    lockedUserIds: new Set<string>(),
  };
}

export type MockDb = ReturnType<typeof createMockDb>;

let db: MockDb = createMockDb();

export const getMockDb = (): MockDb => db;

export function resetMockDb(options?: MockDbOptions): MockDb {
  db = createMockDb(options);
  return db;
}

export const findUserByName = (userName: string): DemoUser | undefined =>
  db.users.find((user) => user.USER_NAME.toUpperCase() === userName.trim().toUpperCase());

export const findUserById = (id: string): DemoUser | undefined => db.users.find((user) => user.ID === id);

export const organizationsOf = (user: DemoUser) => db.organizations.filter((org) => user.organizationIds.includes(org.Id));

export function startSession(user: DemoUser, organizationId: string): MockSession {
  const session = { token: `mock-token-${randomId()}`, ticket: `mock-ticket-${randomId()}`, userId: user.ID, organizationId };
  db.sessions.set(session.token, session);
  return session;
}

export const findSessionByTicket = (ticket: string): MockSession | undefined =>
  [...db.sessions.values()].find((session) => session.ticket === ticket);

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

const roleOf = (roleId: string) => db.roles.find((role) => role.ID === roleId);

/** A super administrator may read any role's menus; everyone else only their own (as the server). */
export const maySeeRoleMenus = (user: DemoUser, roleId: string): boolean =>
  roleId === user.ROLE_ID || roleOf(user.ROLE_ID)?.type === 'SUPER_ADMIN';

/**
 * The role's menu tree for an app code, as the server builds it: granted, enabled menus only;
 * a child whose parent is not granted is unreachable and left out.
 */
export function menuTreeOf(roleId: string, appCode: string = PORTAL_APP_CODE): DemoMenuItem[] {
  const granted = new Set(appCode === PORTAL_APP_CODE ? (roleOf(roleId)?.menuCodes ?? []) : []);
  const items = new Map(
    db.menus
      .filter((menu) => granted.has(menu.Menu_Code) && menu.ENABLED === 'Y')
      .sort((a, b) => (a.SORT_NUM ?? 0) - (b.SORT_NUM ?? 0))
      .map((menu): [string, DemoMenuItem] => [menu.Id, { ...menu }]),
  );
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

/** Granted button codes keyed by the id of their menu (spec §6, contract ButtonMapResponse). */
export function buttonsOf(roleId: string, appCode: string = PORTAL_APP_CODE): Record<string, string[]> {
  const role = roleOf(roleId);
  if (!role || appCode !== PORTAL_APP_CODE) return {};
  return Object.fromEntries(
    Object.entries(role.buttons)
      .filter(([menuCode, codes]) => codes.length && role.menuCodes.includes(menuCode))
      .map(([menuCode, codes]) => [menuIdOf(menuCode), codes]),
  );
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
