/**
 * The demo plant a server starts with unless DEMO_DATA=off: the system data (system-data.ts) plus
 * two demo organisations, a warehouse operator with a role of their own, child apps and environment
 * rows (the master data, home content and demo list rows are seeded by seed-masterdata.ts,
 * seed-home.ts and seed-demo-list.ts). The DEMO_* sets below are what the demo portal shows: system
 * rows and demo rows together, as the MSW mocks serve them; seed-demo.ts writes only the demo rows.
 *
 * Pure data, importing nothing but the pure system data, so the mocks can serve it.
 */
import {
  ADMIN_USER,
  API_PATH_CONFIG,
  BILL_TYPES,
  SYSTEM_MENU_BUTTONS,
  SYSTEM_MENUS,
  SYSTEM_ROLE_GRANTS,
  SYSTEM_ROLES,
  SYSTEM_TERMINAL_GRANTS,
  SYSTEM_TERMINAL_MENUS,
  type ButtonRow,
  type MenuRow,
  type RoleRow,
  type RoleType,
  type Terminal,
  type TerminalMenuRow,
  type UserRow,
} from './system-data.ts';

export { DEFAULT_ADMIN_PASSWORD, GRID_BUTTONS, PORTAL_APP_CODE, RECORD_BUTTONS, menuIdOf } from './system-data.ts';
export type DemoRoleType = RoleType;
export type DemoMenuRow = MenuRow;
export type DemoButtonRow = ButtonRow;
export type DemoTerminal = Terminal;
export type DemoTerminalMenuRow = TerminalMenuRow;

export const DEMO_ORGANIZATIONS = [
  { Id: 'org-f01', OrganizeCode: 'F01', OrganizeName: '一厂', SORT_NUM: 10 },
  { Id: 'org-f02', OrganizeCode: 'F02', OrganizeName: '二厂', SORT_NUM: 20 },
] as const;

/** The demo's own role: warehouse floor work. */
export const OPERATOR_ROLE: RoleRow = { ID: 'role-operator', ROLE_NAME: '仓库操作员', ROLE_TYPE: 'NORMAL', IS_SYSTEM_DEFAULT: false, REMARK: 'Warehouse floor work' };

/** The demo's own user, in the first demo organisation. */
export const OPERATOR_USER: UserRow & { ORGANIZE_IDS: readonly string[] } = {
  ID: 'user-operator', USER_NAME: 'operator', NICK_NAME: '操作员', ROLE_IDS: ['role-operator'], PASSWORD: 'operator123', ORGANIZE_IDS: ['org-f01'],
};

export const DEMO_ROLES: readonly RoleRow[] = [...SYSTEM_ROLES, OPERATOR_ROLE];

/** ADMIN (a member of both demo organisations) and the operator. */
export const DEMO_USERS: readonly (UserRow & { ORGANIZE_IDS: readonly string[] })[] = [
  { ...ADMIN_USER, ORGANIZE_IDS: DEMO_ORGANIZATIONS.map((org) => org.Id) },
  OPERATOR_USER,
];

/** The demo portal shows every system menu. */
export const DEMO_MENUS: readonly MenuRow[] = SYSTEM_MENUS;
export const DEMO_MENU_BUTTONS: readonly ButtonRow[] = SYSTEM_MENU_BUTTONS;
export const DEMO_TERMINAL_MENUS: readonly TerminalMenuRow[] = SYSTEM_TERMINAL_MENUS;
export const DEMO_BILL_TYPES = BILL_TYPES;
export const DEMO_API_PATH_CONFIG = API_PATH_CONFIG;

/** The operator's portal menus and buttons: a subset, with only searching and column buttons. */
export const OPERATOR_GRANTS: { menuCodes: readonly string[]; buttons: Readonly<Record<string, readonly string[]>> } = {
  menuCodes: [
    'HomeArea', 'HomeNotice', 'HomeTodo',
    'Warehouse', 'WarehouseAuxiliary', 'WarehouseSolderPaste', 'WarehouseRedGlue', 'WarehouseReceiving',
    'MasterData', 'MasterPart', 'MasterVendor',
    'Bill', 'BillASN', 'BillIN', 'BillOD', 'BillWO', 'BillLegacy',
    'Reel', 'GridDemoReels',
    'Stocktake', 'FrontLog',
  ],
  buttons: {
    MasterPart: ['SeniorSearch', 'SeniorColumn'],
    // The warehouse's bills: searching, columns and every action the type offers.
    ...Object.fromEntries(
      ['ASN', 'IN', 'OD', 'WO'].map((code) => [`Bill${code}`, ['SeniorSearch', 'SeniorColumn', ...BILL_TYPES.find((t) => t.code === code)!.actions]]),
    ),
    GridDemoReels: ['SeniorSearch', 'SeniorColumn'],
  },
};

/** Which menus and buttons each role of the demo plant is given (for the PORTAL_APP_CODE tree). */
export const DEMO_ROLE_GRANTS: Record<string, { menuCodes: readonly string[]; buttons: Readonly<Record<string, readonly string[]>> }> = {
  ...SYSTEM_ROLE_GRANTS,
  [OPERATOR_ROLE.ID]: OPERATOR_GRANTS,
};

/** The operator's PDA and tablet menus (saved with app code PDA / PAD). */
export const OPERATOR_TERMINAL_GRANTS: Partial<Record<Terminal, readonly string[]>> = {
  PDA: [
    'PdaInbound', 'PdaReceiveScan', 'PdaPutaway',
    'PdaOutbound', 'PdaIssueScan', 'PdaPicking',
    'PdaInventory', 'PdaTransfer', 'PdaStocktake', 'PdaReelSplit',
    'PdaQuery', 'PdaReelQuery', 'PdaStockQuery',
  ],
  PAD: ['PadLineSide', 'PadMaterialCall'],
};

/** Which PDA and tablet menus each role of the demo plant is given. */
export const DEMO_TERMINAL_GRANTS: Record<string, Partial<Record<Terminal, readonly string[]>>> = {
  ...SYSTEM_TERMINAL_GRANTS,
  [OPERATOR_ROLE.ID]: OPERATOR_TERMINAL_GRANTS,
};

/** Child apps (spec §3); the client drops SCM. */
export const DEMO_CHILD_APPS = [
  { Code: 'DEMO', Name: '演示子应用', Url: '/child-demo/', SORT_NUM: 10 },
  { Code: 'SCM', Name: 'SCM供应链协同', Url: '/scm/', SORT_NUM: 20 },
] as const;

/** Server environment rows for ADMIN's environment selector (spec §3 "Environment variable row"). */
export const DEMO_ENVIRONMENT_VARIABLES = [
  { EnvName: 'LOCAL', VarName: 'API_BASE', UrlPrefix: 'http://localhost:8080/api', Enabled: 'Y' },
  { EnvName: 'TEST', VarName: 'API_BASE', UrlPrefix: 'http://test-server:8080/api', Enabled: 'Y' },
  { EnvName: 'OLD', VarName: 'API_BASE', UrlPrefix: 'http://old-server:8080/api', Enabled: 'N' },
] as const;
