/**
 * Kysely's view of the tables created by server/db/migrations/. Column names are snake_case; the
 * modules map them to the contract's wire names. `Generated` marks columns with a database default.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type YesNo = 'Y' | 'N';

export interface OrganizationsTable {
  id: string;
  code: string;
  name: string;
  parent_id: string | null;
  org_type: string | null;
  enabled: Generated<boolean>;
  remark: string | null;
  sort_num: Generated<number>;
  created_at: Generated<CreatedAt>;
}

export type RoleType = 'SUPER_ADMIN' | 'SYSTEM_ADMIN' | 'NORMAL';

export interface RolesTable {
  id: string;
  name: string;
  role_type: RoleType;
  is_system_default: Generated<boolean>;
  remark: string | null;
  created_at: Generated<CreatedAt>;
}

/** A user; their roles are in user_roles (0031_user_roles moved the old single role_id there). */
export interface UsersTable {
  id: string;
  user_name: string;
  nick_name: string;
  /** `scrypt$N$r$p$salt$hash`, see server/security/passwords.ts. Never leaves the server. */
  password_hash: string;
  phone: string | null;
  email: string | null;
  wechat_id: string | null;
  dingtalk_id: string | null;
  user_type: string | null;
  remark: string | null;
  is_available: Generated<boolean>;
  /** Locked by an administrator: no login, no token works. */
  is_locked: Generated<boolean>;
  /** Consecutive wrong passwords; reset by a successful login and when the login lock starts. */
  failed_login_count: Generated<number>;
  /** Set after too many wrong passwords: no login until then. */
  login_locked_until: Timestamp | null;
  created_at: Generated<CreatedAt>;
}

/** A role given to a user (0031_user_roles); menus and buttons are the union over a user's roles. */
export interface UserRolesTable {
  user_id: string;
  role_id: string;
  /** The order the roles were given in; the first is listed first (and is ROLE_ID's first id). */
  sort_num: Generated<number>;
}

export interface UserOrganizationsTable {
  user_id: string;
  org_id: string;
}

export interface MenusTable {
  id: string;
  parent_id: string | null;
  menu_code: string;
  /** Display name (zh) and English name. */
  menu_name: string;
  menu_en: string;
  call_alias: string | null;
  icon_url: string;
  link_url: string;
  target: '' | '_self' | '_blank';
  is_system_default: Generated<boolean>;
  is_expanded: Generated<boolean>;
  is_shown: Generated<boolean>;
  sort_num: number;
  /** Parameter config, sent as COLUMNS. */
  param_config: string | null;
  parent_route: string | null;
  enabled: YesNo;
  /** The child app the item loads (with app_url), e.g. DEMO; null for portal screens. */
  app_code: string | null;
  app_url: string | null;
  /** The terminal tree the menu belongs to: PC (portal), PDA or PAD (tablet); 0030_admin. */
  terminal: Generated<MenuTerminal>;
}

export type MenuTerminal = 'PC' | 'PDA' | 'PAD';

/** Organisation types (0030_admin). */
export interface OrganizationTypesTable {
  id: string;
  code: string;
  name: string;
  sort_num: Generated<number>;
  is_active: Generated<boolean>;
  remark: string | null;
  created_at: Generated<CreatedAt>;
}

/** Menus given to a user directly, on top of their roles' menus, per app code (User/SaveUserMenu; 0030_admin). */
export interface UserMenusTable {
  user_id: string;
  menu_id: string;
  app_code: string;
}

export interface MenuButtonsTable {
  id: string;
  /** The menu the button belongs to. */
  parent_id: string;
  /** The button code, e.g. SeniorSearch. */
  menu_code: string;
  parent_menu_code: string;
  button_name: string;
  button_name_en: string;
  sort_num: number;
}

export interface RoleMenusTable {
  role_id: string;
  menu_id: string;
  /** The terminal tree the grant belongs to (PORTAL_APP_CODE for the portal). */
  app_code: string;
}

export interface RoleButtonsTable {
  role_id: string;
  button_id: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** The organisation chosen at login. */
  org_id: string;
  /** sha256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  /** sha256 of the single sign-on ticket handed to child apps. */
  ticket_hash: string | null;
  /** Set for sessions made from a ticket (Auth/SsoValidate): revoked with their parent. */
  parent_session_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: Timestamp;
}

export interface RsaKeysTable {
  id: string;
  public_pem: string;
  private_pem: string;
  created_at: Generated<CreatedAt>;
}

export interface ChildAppsTable {
  code: string;
  name: string;
  url: string;
  sort_num: number;
  requires_login: Generated<boolean>;
}

export interface ApiPathConfigTable {
  name: string;
  value: string;
}

export interface EnvironmentVariablesTable {
  id: string;
  env_name: string;
  var_name: string;
  url_prefix: string;
  enabled: YesNo;
}

/** A list (data grid) and its data source (0002_list_config). */
export interface ListRoutesTable {
  list_route: string;
  title: string;
  title_en: string;
  source_kind: 'table' | 'sql';
  source_table: string | null;
  source_sql: string | null;
  key_field: string | null;
  org_scoped: Generated<boolean>;
  /** Only the caller's own rows (the source's user_name column), e.g. a user's to-do items. */
  user_scoped: Generated<boolean>;
  menu_code: string | null;
  /** The order when the user has not sorted: "field [asc|desc], ..." (the key field still closes it). */
  default_sort: string | null;
}

/** A search-field setting of a list (spec §3). */
export interface ListParamsTable {
  id: string;
  list_route: string;
  ord_idx: number;
  param_name: string;
  param_caption: string;
  field_name: string;
  data_type: number;
  action_type: number;
  is_fast_search: YesNo;
  default_value: string | null;
  show_format: string | null;
  /** Comma-separated 'sum' / 'avg'. */
  aggregation: string;
  is_paging: YesNo;
  remark: string | null;
  param_value: string | null;
  reference_sql: string | null;
  sub_sql: string | null;
}

/** A user's saved advanced-search condition of a list. */
export interface ListSavedConditionsTable {
  list_route: string;
  user_id: string;
  ord_id: number;
  param_name: string;
  field_name: string;
  action_type: number;
  data_type: number;
  param_value: string | null;
  is_paging: YesNo;
  search_mode: string;
}

/** A user's column configuration of a list. */
export interface ListUserColumnsTable {
  list_route: string;
  user_id: string;
  field_name: string;
  ord_idx: number;
  field_caption: string;
  field_width: number;
  is_visible: YesNo;
}

/** The demo list's data (0003_demo_reels). */
export interface DemoPartsTable {
  part_code: string;
  part_name: string;
  spec: string;
}

export interface DemoVendorsTable {
  vendor_code: string;
  vendor_name: string;
}

/** A user's favourite screen (0040_favourites). */
export interface UserFavouritesTable {
  id: string;
  user_id: string;
  menu_id: string;
  menu_path: string;
  enable: Generated<YesNo>;
  sort_num: Generated<number>;
  created_at: Generated<CreatedAt>;
}

/** Home page tables (0040_home). */
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type WarningCallStatus = 'pending' | 'processing' | 'success' | 'failure';

export interface HomeNoticesTable {
  id: string;
  org_id: string;
  title: string;
  /** Sanitised HTML. */
  content: string;
  is_top: YesNo;
  publisher: string;
  publish_time: Stamp;
}

export interface HomeWarningsTable {
  id: string;
  org_id: string;
  title: string;
  content: string;
  warning_level: 'info' | 'warning' | 'danger';
  call_status: WarningCallStatus;
  call_time: Date | string | null;
  created_at: Stamp;
}

export interface UserCommonFunctionsTable {
  id: string;
  user_id: string;
  menu_id: string;
  menu_path: string;
  sort_num: number;
}

export interface UserTodosTable {
  id: string;
  org_id: string;
  user_id: string;
  title: string;
  content: string;
  priority: 'high' | 'normal' | 'low';
  status: 'open' | 'done';
  due_time: Date | string | null;
  menu_path: string;
  created_at: Stamp;
}

export interface VersionMastersTable {
  id: string;
  version_no: string;
  title: string;
  /** A date; read it as text (to_char) so both drivers give 'YYYY-MM-DD'. */
  release_date: string;
  remark: string;
  created_at: Stamp;
}

export interface VersionDetailsTable {
  id: string;
  master_id: string;
  sort_num: number;
  change_type: 'feature' | 'improvement' | 'fix';
  content: string;
}

export interface UserMemosTable {
  id: string;
  user_id: string;
  content: string;
  created_at: Stamp;
}

export interface HomeDailyThroughputTable {
  org_id: string;
  stat_date: string;
  inbound_qty: number;
  outbound_qty: number;
  inspected_qty: number;
}

/** How often a user opened a menu screen (0040_favourites). */
export interface MenuClickStatsTable {
  id: string;
  user_id: string;
  menu_id: string;
  menu_path: string;
  menu_title: string;
  menu_en_title: string;
  menu_icon: string;
  num_of_click: number;
  last_click_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** An uploaded tool file (0050_tool_files); its bytes are in tool_file_contents. */
export interface ToolFilesTable {
  id: string;
  name: string;
  version: string;
  remark: Generated<string>;
  published: Generated<boolean>;
  file_name: string;
  content_type: string;
  /** bigint: the driver returns it as a string. */
  file_size: ColumnType<string, number, number>;
  sha256: string;
  uploaded_by: string;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface ToolFileContentsTable {
  tool_file_id: string;
  content: Uint8Array;
}

/** One row per demo row (or bulk demo data set) the seed has written; see seed/ledger.ts. */
export interface SeedLedgerTable {
  seed_table: string;
  seed_key: string;
  seeded_at: Stamp;
}

export interface Database {
  organizations: OrganizationsTable;
  roles: RolesTable;
  users: UsersTable;
  user_organizations: UserOrganizationsTable;
  menus: MenusTable;
  menu_buttons: MenuButtonsTable;
  role_menus: RoleMenusTable;
  role_buttons: RoleButtonsTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  rsa_keys: RsaKeysTable;
  child_apps: ChildAppsTable;
  api_path_config: ApiPathConfigTable;
  environment_variables: EnvironmentVariablesTable;
  list_routes: ListRoutesTable;
  list_params: ListParamsTable;
  list_saved_conditions: ListSavedConditionsTable;
  list_user_columns: ListUserColumnsTable;
  demo_parts: DemoPartsTable;
  demo_vendors: DemoVendorsTable;
  user_favourites: UserFavouritesTable;
  menu_click_stats: MenuClickStatsTable;
  home_notices: HomeNoticesTable;
  home_warnings: HomeWarningsTable;
  user_common_functions: UserCommonFunctionsTable;
  user_todos: UserTodosTable;
  version_masters: VersionMastersTable;
  version_details: VersionDetailsTable;
  user_memos: UserMemosTable;
  home_daily_throughput: HomeDailyThroughputTable;
  organization_types: OrganizationTypesTable;
  user_menus: UserMenusTable;
  user_roles: UserRolesTable;
  tool_files: ToolFilesTable;
  tool_file_contents: ToolFileContentsTable;
  seed_ledger: SeedLedgerTable;
}

export type UserRow = Selectable<UsersTable>;
export type MenuRow = Selectable<MenusTable>;
