/**
 * The demo plant the mock back end serves, read from the reference server's seed
 * (`server/db/seed/demo-data.ts`, pure data) so `npm run dev:mock` and `npm start` show the same
 * portal. This is the one place that imports it; it reshapes the seed rows into the contract's
 * wire shapes the mock answers with.
 */
import type { components } from '../../src/api/schema';
import {
  DEFAULT_ADMIN_PASSWORD,
  DEMO_API_PATH_CONFIG,
  DEMO_CHILD_APPS as SEED_CHILD_APPS,
  DEMO_ENVIRONMENT_VARIABLES as SEED_ENVIRONMENT_VARIABLES,
  DEMO_MENUS as SEED_MENUS,
  DEMO_ORGANIZATIONS as SEED_ORGANIZATIONS,
  DEMO_ROLE_GRANTS,
  DEMO_ROLES as SEED_ROLES,
  DEMO_USERS as SEED_USERS,
  PORTAL_APP_CODE,
  menuIdOf,
  type DemoRoleType,
} from '../../server/db/seed/demo-data';

type Schemas = components['schemas'];
export type DemoOrganization = Schemas['Organization'];
export type DemoMenuItem = Schemas['MenuItem'];
export type DemoChildApp = Schemas['ChildApp'];
export type DemoEnvironmentVariable = Schemas['EnvironmentVariable'];

export { DEMO_API_PATH_CONFIG, PORTAL_APP_CODE, menuIdOf };

export interface DemoUser {
  ID: string;
  USER_NAME: string;
  NICK_NAME: string;
  ROLE_ID: string;
  /** Plain text: the mock compares it with the decrypted login password. */
  password: string;
  organizationIds: string[];
}

export interface DemoRole {
  ID: string;
  type: DemoRoleType;
  /** Menu codes the role is granted (portal terminal). */
  menuCodes: string[];
  /** Menu code -> granted button codes. */
  buttons: Record<string, string[]>;
}

export const DEMO_ORGANIZATIONS: DemoOrganization[] = SEED_ORGANIZATIONS.map(({ Id, OrganizeName, OrganizeCode }) => ({
  Id,
  OrganizeName,
  OrganizeCode,
}));

export const DEMO_USERS: DemoUser[] = SEED_USERS.map((user) => ({
  ID: user.ID,
  USER_NAME: user.USER_NAME,
  NICK_NAME: user.NICK_NAME,
  // The legacy single field: the roles comma-separated (as the server's UserInfo.ROLE_ID).
  ROLE_ID: user.ROLE_IDS.join(','),
  password: user.PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
  organizationIds: [...user.ORGANIZE_IDS],
}));

export const DEMO_ROLES: DemoRole[] = SEED_ROLES.map((role) => ({
  ID: role.ID,
  type: role.ROLE_TYPE,
  menuCodes: [...(DEMO_ROLE_GRANTS[role.ID]?.menuCodes ?? [])],
  buttons: Object.fromEntries(
    Object.entries(DEMO_ROLE_GRANTS[role.ID]?.buttons ?? {}).map(([menuCode, codes]) => [menuCode, [...codes]]),
  ),
}));

/** Every menu as a flat row (no children), parents before their children. */
export const DEMO_MENUS: DemoMenuItem[] = SEED_MENUS.map((menu) => ({ ...menu }));

export const DEMO_CHILD_APPS: DemoChildApp[] = SEED_CHILD_APPS.map(({ Code, Name, Url }) => ({ Code, Name, Url }));

export const DEMO_ENVIRONMENT_VARIABLES: DemoEnvironmentVariable[] = SEED_ENVIRONMENT_VARIABLES.map((row) => ({ ...row }));
