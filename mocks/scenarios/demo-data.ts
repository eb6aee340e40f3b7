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
  DEMO_MENU_BUTTONS as SEED_MENU_BUTTONS,
  DEMO_MENUS as SEED_MENUS,
  DEMO_ORGANIZATIONS as SEED_ORGANIZATIONS,
  DEMO_ROLE_GRANTS,
  DEMO_ROLES as SEED_ROLES,
  DEMO_TERMINAL_GRANTS,
  DEMO_TERMINAL_MENUS as SEED_TERMINAL_MENUS,
  DEMO_USERS as SEED_USERS,
  PORTAL_APP_CODE,
  menuIdOf,
  type DemoRoleType,
} from '../../server/db/seed/demo-data';

type Schemas = components['schemas'];
export type DemoOrganization = Schemas['Organization'];
export type DemoMenuItem = Schemas['MenuItem'];
/** A child app with the system-app screen's order and login flag (SysApp/List's row). */
export type DemoChildApp = Schemas['SysAppRow'];
/** An environment row with its key (SysEnvConfig/List's row). */
export type DemoEnvironmentVariable = Schemas['EnvConfigRow'];
export type DemoTerminal = Schemas['Terminal'];
/** A menu of any terminal's tree, with every admin field (AdminMenu without its buttons and children). */
export type DemoMenu = Omit<Schemas['AdminMenu'], 'Buttons' | 'children'>;
export type DemoMenuButton = Schemas['MenuButton'];

/** The terminals' trees: the portal's (PC), the PDA's and the tablet's (PAD). */
export const TERMINALS: readonly DemoTerminal[] = ['PC', 'PDA', 'PAD'];

export { DEMO_API_PATH_CONFIG, PORTAL_APP_CODE, menuIdOf };

export interface DemoUser {
  ID: string;
  USER_NAME: string;
  NICK_NAME: string;
  /** The user's roles (spec §3 User: roles); menus and buttons are the union over them. */
  ROLE_IDS: string[];
  /** The legacy single field: ROLE_IDS comma-separated (as the server's UserInfo.ROLE_ID); set with ROLE_IDS. */
  ROLE_ID: string;
  /** Plain text: the mock compares it with the decrypted login password. */
  password: string;
  organizationIds: string[];
  /** Ids of the menus given to the user directly, per terminal (User/SaveUserMenu; no buttons). */
  menuIds: Record<DemoTerminal, string[]>;
  USER_TYPE: string | null;
  PHONE: string | null;
  EMAIL: string | null;
  WECHAT_ID: string | null;
  DINGTALK_ID: string | null;
  REMARK: string | null;
  IS_AVAILABLE: boolean;
  /** Locked by an administrator (User/ChangeLockStatus). */
  IS_LOCKED: boolean;
  CREATED_AT: string;
}

export interface DemoRole {
  ID: string;
  ROLE_NAME: string;
  type: DemoRoleType;
  IS_SYSTEM_DEFAULT: boolean;
  REMARK: string | null;
  CREATED_AT: string;
  /** Ids of the menus the role is granted, per terminal tree (as the server's role_menus). */
  menuIds: Record<DemoTerminal, string[]>;
  /** Ids of the buttons the role is granted (as the server's role_buttons). */
  buttonIds: string[];
}

/** When the demo rows were made (the seed's rows get the server's start time; any fixed instant serves). */
const SEEDED_AT = '2026-01-01T00:00:00.000Z';

export const DEMO_ORGANIZATIONS: DemoOrganization[] = SEED_ORGANIZATIONS.map(({ Id, OrganizeName, OrganizeCode }) => ({
  Id,
  OrganizeName,
  OrganizeCode,
}));

export const DEMO_USERS: DemoUser[] = SEED_USERS.map((user) => ({
  ID: user.ID,
  USER_NAME: user.USER_NAME,
  NICK_NAME: user.NICK_NAME,
  ROLE_IDS: [...user.ROLE_IDS],
  ROLE_ID: user.ROLE_IDS.join(','),
  password: user.PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
  organizationIds: [...user.ORGANIZE_IDS],
  menuIds: { PC: [], PDA: [], PAD: [] },
  USER_TYPE: null,
  PHONE: null,
  EMAIL: null,
  WECHAT_ID: null,
  DINGTALK_ID: null,
  REMARK: null,
  IS_AVAILABLE: true,
  IS_LOCKED: false,
  CREATED_AT: SEEDED_AT,
}));

export const DEMO_ROLES: DemoRole[] = SEED_ROLES.map((role) => ({
  ID: role.ID,
  ROLE_NAME: role.ROLE_NAME,
  type: role.ROLE_TYPE,
  IS_SYSTEM_DEFAULT: role.IS_SYSTEM_DEFAULT,
  REMARK: role.REMARK,
  CREATED_AT: SEEDED_AT,
  menuIds: {
    PC: (DEMO_ROLE_GRANTS[role.ID]?.menuCodes ?? []).map(menuIdOf),
    PDA: (DEMO_TERMINAL_GRANTS[role.ID]?.PDA ?? []).map(menuIdOf),
    PAD: (DEMO_TERMINAL_GRANTS[role.ID]?.PAD ?? []).map(menuIdOf),
  },
  buttonIds: Object.entries(DEMO_ROLE_GRANTS[role.ID]?.buttons ?? {}).flatMap(([menuCode, codes]) =>
    codes.map((code) => SEED_MENU_BUTTONS.find((b) => b.ParentMenuCode === menuCode && b.Menu_Code === code)!.Id),
  ),
}));

/** Every menu of every terminal as a flat row (no children), parents before their children; seeded as the server seeds them. */
export const DEMO_MENUS: DemoMenu[] = [
  ...SEED_MENUS.map((menu) => ({ ...menu, Terminal: 'PC' as const })),
  ...SEED_TERMINAL_MENUS.map((menu) => ({ ...menu })),
].map((menu) => ({ ...menu, Call_Alias: null, Is_System_Default: true, Is_Expanded: false, Is_Shown: true, Parent_Route: null }));

export const DEMO_MENU_BUTTONS: DemoMenuButton[] = SEED_MENU_BUTTONS.map((button) => ({ ...button }));

export const DEMO_CHILD_APPS: DemoChildApp[] = SEED_CHILD_APPS.map(({ Code, Name, Url, SORT_NUM }) => ({ Code, Name, Url, SORT_NUM, RequiresLogin: true }));

export const DEMO_ENVIRONMENT_VARIABLES: DemoEnvironmentVariable[] = SEED_ENVIRONMENT_VARIABLES.map((row) => ({ ID: `env-${row.EnvName}-${row.VarName}`, ...row }));
