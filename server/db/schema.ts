/**
 * Kysely's view of the tables created by server/db/migrations/. Column names are snake_case; the
 * modules map them to the contract's wire names. `Generated` marks columns with a database default.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { PortalLayoutItem } from '../../src/shared/portal/cards.ts';
import type { ReportChart, ReportColumn, ReportParamDeclaration } from '../../src/shared/reports/definition.ts';

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
  created_at: Generated<CreatedAt>;
}

/** Wrong-password counts per user name and per client address (0072_login_throttle; server/modules/auth/throttle.ts). */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  locks: number;
  locked_until: Timestamp | null;
  last_failure_at: Timestamp;
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
  /** Set for sessions made from a ticket (Auth/SsoValidate): revoked with their parent. */
  parent_session_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** One-use single sign-on tickets (Auth/SsoValidate): the login's own and one per child-app frame load. */
export interface SsoTicketsTable {
  /** sha256 of the ticket; the ticket itself is never stored. */
  ticket_hash: string;
  /** The login session the ticket signs in to (never a child app's session). */
  session_id: string;
  expires_at: Timestamp;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: Timestamp;
  /** Who asked for it (0073_02), for the per-address limit; null for captchas made otherwise. */
  client_address: string | null;
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
  /** Fixed conditions, column = value, applied like the organisation scope (a bill type's list of the bills view). */
  source_filter: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  /** The named parameters an SQL source binds as `param.<name>` (a custom report's, migration 0120_01). */
  source_params: ColumnType<ReportParamDeclaration[] | null, string | null | undefined, string | null>;
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
  /** Migration 0093_01: what raised it (e.g. 'erp-outbox:42'), unique per organisation; null for others. */
  source: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0190_02: the English words of a warning the portal raised; null for one with words in one language. */
  title_en: ColumnType<string | null, string | null | undefined, string | null>;
  content_en: ColumnType<string | null, string | null | undefined, string | null>;
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

/** A list column's meaning beyond its name and caption (migration 0075_01): bookkeeping (hidden by default) or coded (a 字典 lookup type). */
export interface ListColumnMetaTable {
  list_route: string;
  field_name: string;
  hidden: Generated<boolean>;
  lookup_type: string | null;
  /** The caption the list's configuration gives the column (a report's grid step), over the source's own. */
  caption: ColumnType<string | null, string | null | undefined, string | null>;
  caption_en: ColumnType<string | null, string | null | undefined, string | null>;
  /** The column's width for a user without a column configuration. */
  width: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * Stock (migrations 0080_01, 0080_02; server/modules/stock/ledger.ts is their only writer). Quantities
 * are numeric: the driver returns them as exact decimal strings, written back as strings.
 */
type Quantity = ColumnType<string, string, string>;
export type ReelStatus = 'CREATED' | 'INSPECTION' | 'IN_STOCK' | 'ISSUED' | 'SCRAPPED';
export type StockTransactionKind = 'RECEIVE' | 'RELEASE' | 'RESERVE' | 'UNRESERVE' | 'ISSUE' | 'TRANSFER' | 'SCRAP' | 'SPLIT' | 'REVERSAL' | 'RELOT' | 'ADJUST';

export interface StockReelsTable {
  org_id: string;
  reel_code: string;
  part_code: string;
  vendor_code: string | null;
  lot_code: Generated<string>;
  date_code: string | null;
  /** A date column: read it as text (expire_date::text, 'YYYY-MM-DD'), as node-postgres would make a local-midnight Date of it. */
  expire_date: ColumnType<Date | string | null, string | null, string | null>;
  qty: Quantity;
  status: ReelStatus;
  /** Both set while the reel is in stock (INSPECTION, IN_STOCK), both null otherwise; loc '' is no locator. */
  sic: string | null;
  loc: string | null;
  reserved_qty: ColumnType<string, string | undefined, string>;
  reserved_bill_code: string | null;
  received_at: Timestamp | null;
  parent_reel_code: string | null;
  bill_code: string | null;
  bill_line_no: number | null;
  print_count: Generated<number>;
  print_date: Timestamp | null;
  printer: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

/** A reel's edited fields (migration 0090_01; server/modules/stock/reels.ts is its only writer). */
export type ReelHistoryField = 'LotCode' | 'DateCode' | 'ExpireDate';

export interface StockReelHistoryTable {
  id: Generated<string>;
  org_id: string;
  reel_code: string;
  field: ReelHistoryField;
  old_value: string | null;
  new_value: string | null;
  txn_id: string | null;
  user_id: string;
  user_name: string;
  changed_at: Stamp;
}

export interface StockBalancesTable {
  org_id: string;
  part_code: string;
  sic: string;
  loc: string;
  lot_code: string;
  on_hand: Quantity;
  reserved_qty: Quantity;
  inspection_qty: Quantity;
  updated_at: Stamp;
}

export interface StockRequestsTable {
  id: Generated<string>;
  org_id: string;
  idempotency_key: string | null;
  user_id: string;
  created_at: Stamp;
  transaction_ids: ColumnType<string[], string[] | undefined, string[]>;
}

export interface StockTransactionsTable {
  /** bigint: the driver returns it as a string. */
  id: Generated<string>;
  org_id: string;
  request_id: string;
  kind: StockTransactionKind;
  created_at: Stamp;
  user_id: string;
  user_name: string;
  bill_code: string | null;
  bill_line_no: number | null;
  reel_code: string;
  split_reel_code: string | null;
  part_code: string;
  lot_code: string;
  from_sic: string | null;
  from_loc: string | null;
  to_sic: string | null;
  to_loc: string | null;
  qty: Quantity;
  reserved_qty: Quantity;
  inspection_qty: Quantity;
  reserved_bill_code: string | null;
  reason: string | null;
  reverses_id: string | null;
  reel_status_before: ReelStatus | null;
  reel_status_after: ReelStatus;
}

/** The view stock_postings: each transaction as it changes one balance key (the from side negated). */
export interface StockPostingsView {
  transaction_id: string;
  org_id: string;
  created_at: Date;
  kind: StockTransactionKind;
  part_code: string;
  lot_code: string;
  sic: string;
  loc: string;
  reel_code: string;
  qty: string;
  reserved_qty: string;
  inspection_qty: string;
  bill_code: string | null;
  bill_line_no: number | null;
  user_name: string;
  reason: string | null;
}

/** One row: raised at the commit of every change a server process may cache (migration 0086_01). */
export interface CacheGenerationTable {
  id: number;
  /** bigint: text from node-postgres. */
  generation: ColumnType<string, never, never>;
}

export interface Database {
  cache_generation: CacheGenerationTable;
  organizations: OrganizationsTable;
  roles: RolesTable;
  users: UsersTable;
  login_throttle: LoginThrottleTable;
  user_organizations: UserOrganizationsTable;
  menus: MenusTable;
  menu_buttons: MenuButtonsTable;
  role_menus: RoleMenusTable;
  role_buttons: RoleButtonsTable;
  sessions: SessionsTable;
  sso_tickets: SsoTicketsTable;
  captchas: CaptchasTable;
  rsa_keys: RsaKeysTable;
  child_apps: ChildAppsTable;
  api_path_config: ApiPathConfigTable;
  environment_variables: EnvironmentVariablesTable;
  list_routes: ListRoutesTable;
  reports: ReportsTable;
  report_audit: ReportAuditTable;
  list_param_sql_audit: ListParamSqlAuditTable;
  portal_schemes: PortalSchemesTable;
  portal_home_config: PortalHomeConfigTable;
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
  list_column_meta: ListColumnMetaTable;
  stock_reels: StockReelsTable;
  stock_balances: StockBalancesTable;
  stock_requests: StockRequestsTable;
  stock_transactions: StockTransactionsTable;
  stock_postings: StockPostingsView;
  bill_counters: BillCountersTable;
  bill_headers: BillHeadersTable;
  bill_lines: BillLinesTable;
  bill_boxes: BillBoxesTable;
  bill_action_log: BillActionLogTable;
  bill_post_outbox: BillPostOutboxTable;
  bill_light_requests: BillLightRequestsTable;
  shelf_lit_reels: ShelfLitReelsTable;
  shelf_cell_lights: ShelfCellLightsTable;
  stock_reel_history: StockReelHistoryTable;
  job_schedules: JobSchedulesTable;
  job_runs: JobRunsTable;
}

export type UserRow = Selectable<UsersTable>;
export type MenuRow = Selectable<MenusTable>;

/** Bills (migration 0081_01; server/modules/bills is their only writer, in the ledger's transaction). */
export type BillStatusCode = 'EDITING' | 'WAITING' | 'PROCESSING' | 'CLOSED' | 'LOCKED' | 'CANCELLED';
export type BillLineStatusCode = 'OPEN' | 'CLOSED' | 'CANCELLED';
export type BillBoxStatusCode = 'CREATED' | 'RECEIVED' | 'RESERVED' | 'PICKED' | 'MOVED' | 'CANCELLED';

export interface BillCountersTable {
  org_id: string;
  bill_type: string;
  day: ColumnType<string, string, string>;
  last_no: number;
}

export interface BillHeadersTable {
  /** bigint: the driver returns it as a string. */
  id: Generated<string>;
  org_id: string;
  bill_code: string;
  bill_type: string;
  status: BillStatusCode;
  description: string | null;
  erp_bill_type: string | null;
  company_code: string | null;
  vendor_code: string | null;
  customer_code: string | null;
  move_reason: string | null;
  evidence_no: string | null;
  mo: string | null;
  mo_line: string | null;
  so: string | null;
  destination: string | null;
  created_by: string;
  created_by_id: string;
  created_at: Stamp;
  updated_at: Stamp;
  version: Generated<number>;
  /** A new bill's client-made key: a retried save with it finds the bill (migration 0081_03). */
  request_key: string | null;
  /** The ERP document it was sync-created from, unique per organisation (migration 0093_01). */
  erp_source: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BillLinesTable {
  bill_id: string;
  line_no: number;
  org_id: string;
  part_code: string;
  qty: Quantity;
  actual_qty: ColumnType<string, string | undefined, string>;
  total_box: number | null;
  mpq: string | null;
  to_sic: string | null;
  to_loc: string | null;
  from_sic: string | null;
  from_loc: string | null;
  from_bu: string | null;
  lot_code: string | null;
  date_code: string | null;
  /** A date column: read it as text (expire_date::text). */
  expire_date: ColumnType<Date | string | null, string | null, string | null>;
  status: ColumnType<BillLineStatusCode, BillLineStatusCode | undefined, BillLineStatusCode>;
}

export interface BillBoxesTable {
  bill_id: string;
  reel_code: string;
  org_id: string;
  line_no: number;
  part_code: string;
  qty: Quantity;
  status: BillBoxStatusCode;
  iqc_flag: Generated<boolean>;
  lot_code: Generated<string>;
  txn_id: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface BillActionLogTable {
  id: Generated<string>;
  org_id: string;
  bill_id: string;
  action: string;
  status_before: BillStatusCode | null;
  status_after: BillStatusCode;
  line_no: number | null;
  reel_code: string | null;
  qty: string | null;
  user_id: string;
  user_name: string;
  created_at: Stamp;
}

export interface BillPostOutboxTable {
  id: Generated<string>;
  org_id: string;
  bill_id: string;
  bill_code: string;
  line_no: number;
  payload: ColumnType<unknown, string, string>;
  status: ColumnType<'PENDING' | 'SENT' | 'FAILED', 'PENDING' | 'SENT' | 'FAILED' | undefined, 'PENDING' | 'SENT' | 'FAILED'>;
  attempts: Generated<number>;
  last_error: string | null;
  /** The last failure as a catalogue message (migration 0190_01), for the reader's language; none: `last_error`'s words only. */
  last_error_message: ColumnType<unknown, string | null | undefined, string | null>;
  created_by: string;
  created_at: Stamp;
  sent_at: Timestamp | null;
  /** Migration 0093_01: sent with every attempt; the ERP applies a posting once per key. */
  idempotency_key: Generated<string>;
  next_attempt_at: Stamp;
  claimed_until: Timestamp | null;
  claim_token: string | null;
}

export interface BillLightRequestsTable {
  id: Generated<string>;
  org_id: string;
  bill_id: string;
  light: 'ON' | 'OFF';
  reel_codes: ColumnType<string[], string[] | undefined, string[]>;
  status: ColumnType<'PENDING' | 'DONE' | 'FAILED', 'PENDING' | 'DONE' | 'FAILED' | undefined, 'PENDING' | 'DONE' | 'FAILED'>;
  created_by: string;
  created_at: Stamp;
}

/** Smart shelves (migration 0089_01; server/modules/shelves is their only writer). */
export interface ShelfLitReelsTable {
  org_id: string;
  bill_id: string;
  reel_code: string;
  cell_code: string;
  color: string;
  blink: ColumnType<boolean, boolean | undefined, boolean>;
  lit_at: Stamp;
  /** A put-to-light suggestion's line (migration 0091_01); null on a bill's light request. */
  line_no: ColumnType<number | null, number | null | undefined, number | null>;
  /** A put-to-light suggestion's reserved locator, one suggestion per locator (migration 0091_01); null on a bill's light request. */
  locator_code: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ShelfCellLightsTable {
  org_id: string;
  cell_code: string;
  light_on: boolean;
  color: string;
  blink: boolean;
  device: 'simulator' | 'mqtt';
  status: 'SENT' | 'FAILED';
  error: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type JobStatus = 'NOT_STARTED' | 'BEGUN' | 'EXECUTING' | 'SUCCESS' | 'FAILED' | 'STOPPED' | 'CANCELLED';

/** The job schedule (migration 0092_01; server/modules/jobs is its only writer). */
export interface JobSchedulesTable {
  id: string;
  name: string;
  address: string;
  interval_seconds: number | null;
  cron: string | null;
  exec_type: 'PARALLEL' | 'SERIAL';
  params: ColumnType<Record<string, unknown>, string | undefined, string>;
  retry_limit: Generated<number>;
  retry_delay_seconds: Generated<number>;
  enabled: Generated<boolean>;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  run_count: Generated<number>;
  success_count: Generated<number>;
  failure_count: Generated<number>;
  last_run_at: Date | null;
  next_run_at: Date | null;
  remark: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One attempt of a job's run (migration 0092_01). */
export interface JobRunsTable {
  id: Generated<string>;
  schedule_id: string;
  queue_job_id: string;
  attempt: number;
  trigger: 'SCHEDULE' | 'MANUAL';
  status: 'EXECUTING' | 'SUCCESS' | 'FAILED' | 'CANCELLED';
  started_at: Generated<Date>;
  ended_at: Date | null;
  duration_ms: number | null;
  error: string | null;
  /** The failure as a catalogue message (migration 0190_01), for the reader's language; none: `error`'s words only. */
  error_message: ColumnType<unknown, string | null | undefined, string | null>;
  /** The server process working the run, host/pid/id (migration 0180_01); none on rows from before. */
  worker: ColumnType<string | null, string | undefined, string | null>;
}

type Json<T> = ColumnType<T, string | undefined, string>;

/** A custom report (migration 0120_01): its data is the SQL list route `/report/loading/<code>`. */
export interface ReportsTable {
  code: string;
  name: string;
  name_en: string;
  parent_code: string | null;
  menu_code: string | null;
  sql_text: string | null;
  params: Json<ReportParamDeclaration[]>;
  drill_params: Json<Record<string, string>>;
  grid_columns: Json<ReportColumn[]>;
  chart: ColumnType<ReportChart | null, string | null | undefined, string | null>;
  help_html: string | null;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

/** A change of a search field's REFERENCE_SQL or SUB_SQL, with the SQL before and after (append-only). */
export interface ListParamSqlAuditTable {
  id: Generated<string>;
  list_route: string;
  param_name: string;
  field: 'REFERENCE_SQL' | 'SUB_SQL';
  user_name: string;
  at: Generated<Date>;
  sql_before: string | null;
  sql_after: string | null;
}

/** A change of a report, with its SQL before and after (append-only). */
export interface ReportAuditTable {
  id: Generated<string>;
  report_code: string;
  action: string;
  user_name: string;
  at: Generated<Date>;
  sql_before: string | null;
  sql_after: string | null;
  detail: ColumnType<Record<string, unknown> | null, string | null | undefined, never>;
}

/** A portal scheme (issue 21): a layout of portal cards, assigned to roles and users. */
export interface PortalSchemesTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  layout: Json<PortalLayoutItem[]>;
  role_ids: ColumnType<string[], string[] | undefined, string[]>;
  user_ids: ColumnType<string[], string[] | undefined, string[]>;
  version: Generated<number>;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

/** The home page of a user, a role or the default (target_id ''): a scheme or a path. */
export interface PortalHomeConfigTable {
  id: Generated<string>;
  org_id: string;
  target_kind: 'USER' | 'ROLE' | 'DEFAULT';
  target_id: string;
  scheme_id: string | null;
  path: string | null;
  updated_at: Generated<Date>;
  updated_by: string | null;
}
