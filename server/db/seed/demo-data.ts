/**
 * The demo data a fresh server starts with: organisations, roles, users, the full menu tree of
 * spec §2 "Screen areas" with buttons, child apps, API path configuration and environment rows.
 *
 * Pure data with NO imports: the reference server seeds it (server/db/seed/seed-demo.ts) and the
 * MSW mocks serve it, so both show the same portal. Rows use the wire field names of the contract
 * (MenuItem, ChildApp, Organization, ...) wherever the contract has them.
 *
 * Link conventions the client's route builder relies on (spec §2 dynamic routes):
 * - in-frame screens: `/<area>/<screen>` (e.g. `/admin/user`, `/masterdata/part`), or `/stocktake`, `/log`;
 * - bill masters: `/bill/master?billType=IN` and custom report loading `/report/loading?code=DEMO_STOCK`
 *   (the one query value becomes an extra path segment);
 * - `{REPORT_HOST}/view`: placeholder replaced from DEMO_API_PATH_CONFIG, opened at /Iframe/{menuCode};
 * - `https://...`: external page in the iframe; Target `_blank`: opens in a new window;
 * - AppUrl + AppCode: loads a child app; AppCode 'SCM' and ENABLED 'N' items are dropped by the client
 *   (the server already leaves out ENABLED 'N').
 */

/** The terminal whose menu tree a role assignment belongs to (role menus are saved per role and app code). */
export const PORTAL_APP_CODE = 'PC';

export const DEFAULT_ADMIN_PASSWORD = 'admin123';

export const DEMO_ORGANIZATIONS = [
  { Id: 'org-f01', OrganizeCode: 'F01', OrganizeName: '一厂', SORT_NUM: 10 },
  { Id: 'org-f02', OrganizeCode: 'F02', OrganizeName: '二厂', SORT_NUM: 20 },
] as const;

export type DemoRoleType = 'SUPER_ADMIN' | 'SYSTEM_ADMIN' | 'NORMAL';

export const DEMO_ROLES: readonly {
  ID: string;
  ROLE_NAME: string;
  ROLE_TYPE: DemoRoleType;
  IS_SYSTEM_DEFAULT: boolean;
  REMARK: string;
}[] = [
  { ID: 'role-super-admin', ROLE_NAME: '超级管理员', ROLE_TYPE: 'SUPER_ADMIN', IS_SYSTEM_DEFAULT: true, REMARK: 'Sees every menu and button' },
  { ID: 'role-system-admin', ROLE_NAME: '系统管理员', ROLE_TYPE: 'SYSTEM_ADMIN', IS_SYSTEM_DEFAULT: true, REMARK: 'Administration area' },
  { ID: 'role-operator', ROLE_NAME: '仓库操作员', ROLE_TYPE: 'NORMAL', IS_SYSTEM_DEFAULT: false, REMARK: 'Warehouse floor work' },
];

/** PASSWORD null: the server takes it from ADMIN_PASSWORD (default DEFAULT_ADMIN_PASSWORD). */
export const DEMO_USERS: readonly {
  ID: string;
  USER_NAME: string;
  NICK_NAME: string;
  /** The user's roles (spec §3 User: roles); menus and buttons are the union over them. */
  ROLE_IDS: readonly string[];
  PASSWORD: string | null;
  ORGANIZE_IDS: readonly string[];
}[] = [
  { ID: 'user-admin', USER_NAME: 'ADMIN', NICK_NAME: '管理员', ROLE_IDS: ['role-super-admin'], PASSWORD: null, ORGANIZE_IDS: ['org-f01', 'org-f02'] },
  { ID: 'user-operator', USER_NAME: 'operator', NICK_NAME: '操作员', ROLE_IDS: ['role-operator'], PASSWORD: 'operator123', ORGANIZE_IDS: ['org-f01'] },
];

/** The data grid's button codes (spec §6); each shows its control only when the role has it. */
export const GRID_BUTTONS = [
  { code: 'SeniorSearch', name: '高级查询', nameEn: 'Advanced search' },
  { code: 'SeniorSetting', name: '高级设置', nameEn: 'Advanced settings' },
  { code: 'SeniorColumn', name: '列配置', nameEn: 'Column configuration' },
  { code: 'ConfigurationImport', name: '导入配置', nameEn: 'Import configuration' },
  { code: 'ConfigurationExport', name: '导出配置', nameEn: 'Export configuration' },
  { code: 'SeniorSettingDeleteAll', name: '删除全部配置', nameEn: 'Delete all settings' },
  { code: 'DeleteOne', name: '删除配置项', nameEn: 'Delete one setting' },
  { code: 'SeniorColumnDeleteAll', name: '删除全部列配置', nameEn: 'Delete all column configuration' },
] as const;

const GRID_BUTTON_CODES = GRID_BUTTONS.map((b) => b.code);

/** Buttons of the administration and master-data screens; each gates its control and the call behind it (`x-permission: Menu#Button`). */
export const RECORD_BUTTONS = [
  { code: 'Save', name: '新增/编辑', nameEn: 'Add / edit' },
  { code: 'Delete', name: '删除', nameEn: 'Delete' },
  { code: 'Lock', name: '锁定/解锁', nameEn: 'Lock / unlock' },
  { code: 'ResetPassword', name: '重置密码', nameEn: 'Reset password' },
  { code: 'Export', name: '导出', nameEn: 'Export' },
  { code: 'Import', name: '导入', nameEn: 'Import' },
  { code: 'Permission', name: '分配权限', nameEn: 'Assign permissions' },
] as const;

const EDIT_BUTTONS = ['Save', 'Delete'];
const USER_BUTTONS = ['Save', 'Delete', 'Lock', 'ResetPassword', 'Export', 'Permission'];
const ROLE_BUTTONS = ['Save', 'Delete', 'Permission'];
const MASTER_BUTTONS = ['Save', 'Delete', 'Import', 'Export'];


interface MenuSpec {
  code: string;
  name: string;
  nameEn: string;
  link?: string;
  icon?: string;
  target?: '' | '_self' | '_blank';
  enabled?: 'Y' | 'N';
  appCode?: string;
  appUrl?: string;
  buttons?: readonly string[];
  children?: MenuSpec[];
}

const group = (code: string, name: string, nameEn: string, icon: string, children: MenuSpec[]): MenuSpec => ({
  code, name, nameEn, icon, children,
});
/** A grid screen: gets every grid button. */
const list = (code: string, name: string, nameEn: string, link: string, icon: string, extra: Partial<MenuSpec> = {}): MenuSpec => ({
  code, name, nameEn, link, icon, buttons: GRID_BUTTON_CODES, ...extra,
});
/** A master-data screen (server/crud): the grid buttons plus add/edit, delete, import and export. */
const master = (code: string, name: string, nameEn: string, link: string, icon: string): MenuSpec =>
  list(code, name, nameEn, link, icon, { buttons: [...GRID_BUTTON_CODES, ...MASTER_BUTTONS] });
/** A screen without a data grid. */
const page = (code: string, name: string, nameEn: string, link: string, icon: string, extra: Partial<MenuSpec> = {}): MenuSpec => ({
  code, name, nameEn, link, icon, ...extra,
});

/** Bill types of spec §2 with demo names (the bill-type master data makes them editable). */
const BILL_TYPES: readonly [code: string, name: string, nameEn: string][] = [
  ['WI', '成品入库单', 'Finished goods receipt'],
  ['ASN', '到货通知单', 'Advance shipping notice'],
  ['OD', '销售出库单', 'Sales delivery'],
  ['DD', '调拨单', 'Transfer order'],
  ['IN', '采购入库单', 'Purchase receipt'],
  ['RMA', '客户退货单', 'Customer return (RMA)'],
  ['RT', '退供应商单', 'Return to vendor'],
  ['OR', '补料出库单', 'Replenishment issue'],
  ['WO', '工单发料单', 'Work-order issue'],
  ['XX', '杂项出库单', 'Miscellaneous issue'],
  ['RW', '生产退料单', 'Production return'],
  ['RX', '超领退料单', 'Excess-issue return'],
  ['IO', '库内移库单', 'Internal move'],
  ['WIO', '仓间调拨单', 'Inter-warehouse transfer'],
  ['BO', '借出单', 'Lend-out'],
  ['BB', '报废单', 'Scrap'],
  ['JJ', '加急发料单', 'Urgent issue'],
  ['OS', '委外发料单', 'Outsourcing issue'],
  ['GG', '换货入库单', 'Exchange receipt'],
  ['OUT', '其他出库单', 'Other issue'],
  ['QD', '质检单', 'Quality inspection bill'],
  ['QT', '质检退货单', 'Quality return'],
  ['RQC', '复检单', 'Re-inspection'],
];

const DEMO_MENU_TREE: MenuSpec[] = [
  group('HomeArea', '首页内容', 'Home content', 'NotificationOutlined', [
    list('HomeNotice', '通知公告', 'Notices', '/home/notice', 'NotificationOutlined'),
    list('HomeWarning', '预警信息', 'Warnings', '/home/warning', 'AlertOutlined'),
    list('HomeTodo', '待办事项', 'To-do items', '/home/todo', 'CheckSquareOutlined'),
    list('HomeMemo', '备忘录', 'Memos', '/home/memo', 'ProfileOutlined'),
  ]),
  group('Admin', '系统管理', 'System admin', 'SettingOutlined', [
    list('AdminUser', '用户管理', 'User management', '/admin/user', 'UserOutlined', { buttons: [...GRID_BUTTON_CODES, ...USER_BUTTONS] }),
    list('AdminRole', '角色管理', 'Role management', '/admin/role', 'TeamOutlined', { buttons: [...GRID_BUTTON_CODES, ...ROLE_BUTTONS] }),
    list('AdminMenu', '菜单与按钮管理', 'Menus and buttons', '/admin/menu', 'MenuOutlined', { buttons: [...GRID_BUTTON_CODES, ...EDIT_BUTTONS] }),
    list('AdminOrganization', '组织管理', 'Organisations', '/admin/organization', 'ApartmentOutlined', { buttons: [...GRID_BUTTON_CODES, ...EDIT_BUTTONS] }),
    list('AdminOrganizationType', '组织类型', 'Organisation types', '/admin/organization-type', 'ClusterOutlined', { buttons: [...GRID_BUTTON_CODES, ...EDIT_BUTTONS] }),
    list('AdminPdaMenu', 'PDA菜单配置', 'PDA menu configuration', '/admin/pda-menu', 'MobileOutlined', { buttons: [...GRID_BUTTON_CODES, ...EDIT_BUTTONS] }),
    list('AdminSysApp', '系统应用', 'System apps', '/admin/sys-app', 'AppstoreOutlined'),
    list('AdminEnvConfig', '环境配置', 'Environment config', '/admin/env-config', 'EnvironmentOutlined', { buttons: [...GRID_BUTTON_CODES, ...EDIT_BUTTONS] }),
    list('AdminVersion', '版本管理', 'Versions', '/admin/version', 'TagsOutlined'),
    list('AdminToolsFile', '工具文件', 'Tools files', '/admin/tools-file', 'ToolOutlined', { buttons: [...GRID_BUTTON_CODES, ...EDIT_BUTTONS] }),
    list('AdminDownload', '下载中心', 'Downloads', '/admin/download', 'DownloadOutlined'),
    page('AdminExcelImport', 'Excel导入', 'Excel import', '/admin/excel-import', 'FileExcelOutlined'),
    page('AdminOnlineHelp', '在线帮助', 'Online help', 'https://example.com/', 'QuestionCircleOutlined'),
  ]),
  group('Report', '报表中心', 'Report framework', 'BarChartOutlined', [
    list('ReportStock', '库存报表', 'Stock report', '/report/loading?code=DEMO_STOCK', 'FundOutlined'),
    list('ReportSetting', '自定义报表设置', 'Custom report setting', '/report/setting', 'FormOutlined'),
    page('ReportSettingHelp', '报表设置帮助文档', 'Report setting help', '/report/setting-help', 'ReadOutlined', { target: '_blank' }),
    list('ReportSqlConfig', 'SQL配置', 'SQL configuration', '/report/sql-config', 'ConsoleSqlOutlined'),
    list('ReportPortalCard', '门户卡片管理', 'Portal cards', '/report/portal-card', 'CreditCardOutlined'),
    list('ReportPortalScheme', '门户方案管理', 'Portal schemes', '/report/portal-scheme', 'LayoutOutlined'),
    page('ReportHostView', '报表服务', 'Report server', '{REPORT_HOST}/view', 'GlobalOutlined'),
  ]),
  group('Warehouse', '仓库管理', 'Warehouse', 'ShopOutlined', [
    group('WarehouseAuxiliary', '辅料管理', 'Auxiliary materials', 'ExperimentOutlined', [
      list('WarehouseSolderPaste', '锡膏管理', 'Solder paste', '/warehouse/solder-paste', 'BgColorsOutlined'),
      list('WarehouseRedGlue', '红胶管理', 'Red glue', '/warehouse/red-glue', 'HighlightOutlined'),
    ]),
    list('WarehouseEquipment', '设备台账', 'Equipment ledger', '/warehouse/equipment', 'DesktopOutlined'),
    page('WarehouseHomeConfig', '首页配置', 'Homepage configuration', '/warehouse/home-config', 'DashboardOutlined'),
    list('WarehouseReceiving', '收货', 'Goods receiving', '/warehouse/receiving', 'InboxOutlined'),
  ]),
  group('MasterData', '基础资料', 'Master data', 'DatabaseOutlined', [
    master('MasterLookup', '字典', 'Lookup', '/masterdata/lookup', 'BookOutlined'),
    master('MasterCompany', '公司', 'Company', '/masterdata/company', 'BankOutlined'),
    master('MasterBusinessUnit', '业务单元', 'Business unit', '/masterdata/business-unit', 'PartitionOutlined'),
    master('MasterLocator', '库位', 'Locator', '/masterdata/locator', 'AimOutlined'),
    master('MasterPart', '物料', 'Part', '/masterdata/part', 'BlockOutlined'),
    master('MasterPartExtension', '物料扩展', 'Part extension', '/masterdata/part-extension', 'ControlOutlined'),
    master('MasterVendor', '供应商', 'Vendor', '/masterdata/vendor', 'ShoppingOutlined'),
    master('MasterCustomer', '客户', 'Customer', '/masterdata/customer', 'CustomerServiceOutlined'),
    master('MasterWarehouseManager', '仓管员代码', 'Warehouse-manager code', '/masterdata/warehouse-manager', 'IdcardOutlined'),
    master('MasterStorageLocation', '存储地点', 'Storage location', '/masterdata/storage-location', 'ContainerOutlined'),
    master('MasterPartCharger', '物料负责人', 'Part charger', '/masterdata/part-charger', 'ThunderboltOutlined'),
    master('MasterRack', '电子料架与储位', 'Electronic rack and cell', '/masterdata/rack', 'HddOutlined'),
    master('MasterStandardPack', '标准包装', 'Standard pack', '/masterdata/standard-pack', 'GiftOutlined'),
    master('MasterUnitConversion', '单位换算', 'Unit conversion', '/masterdata/unit-conversion', 'SwapOutlined'),
    master('MasterPartMapping', '新旧料号对照', 'Old-to-new part mapping', '/masterdata/part-mapping', 'RetweetOutlined'),
    master('MasterVendorMapping', '新旧供应商对照', 'Old-to-new vendor mapping', '/masterdata/vendor-mapping', 'RetweetOutlined'),
    master('MasterFactory', '工厂', 'Factory', '/masterdata/factory', 'DatabaseOutlined'),
    master('MasterRackCell', '电子料架储位', 'Electronic rack cell', '/masterdata/rack-cell', 'DatabaseOutlined'),
    master('ScheduleBillTypeExtension', '单据类型扩展', 'Bill type extensions', '/schedule/bill-type-extension', 'DatabaseOutlined'),
    // plop:append-master-menu (npm run gen -- master inserts above this line)
  ]),
  group('Schedule', '调度与配置', 'Scheduling and configuration', 'ScheduleOutlined', [
    list('ScheduleJob', '作业调度', 'Job schedule', '/schedule/job', 'FieldTimeOutlined'),
    master('ScheduleBillType', '单据类型', 'Bill types', '/schedule/bill-type', 'FileTextOutlined'),
    master('ScheduleServiceConfig', '服务配置', 'Service configuration', '/schedule/service-config', 'CloudServerOutlined'),
  ]),
  group('Bill', '单据管理', 'Bills', 'FileDoneOutlined', [
    ...BILL_TYPES.map(([type, name, nameEn]) =>
      list(`Bill${type}`, name, nameEn, `/bill/master?billType=${type}`, 'FileTextOutlined'),
    ),
    list('BillLegacy', '旧版单据', 'Legacy bills', '/bill/legacy', 'FileTextOutlined', { enabled: 'N' }),
  ]),
  group('Reel', '条码管理', 'Reels and barcodes', 'BarcodeOutlined', [
    list('ReelGenerate', '条码生成', 'Reel barcode generation', '/reel/generate', 'QrcodeOutlined'),
    list('ReelParseRule', '条码解析规则', 'Barcode parsing rules', '/reel/parse-rule', 'CodeOutlined'),
    // The demo data grid (demo-list-data.ts: list /grid/demo-reels, tens of thousands of reels).
    list('GridDemoReels', '料盘清单（演示）', 'Component reels (demo)', '/grid/demo-reels', 'TableOutlined'),
  ]),
  group('Quality', '品质检验', 'Quality inspection', 'SafetyCertificateOutlined', [
    list('QualityCheckItem', '检验项目', 'Check items', '/quality/check-item', 'CheckCircleOutlined'),
    list('QualityTool', '检验工具', 'Inspection tools', '/quality/tool', 'ToolOutlined'),
    list('QualityLevel', '检验水平', 'Inspection levels', '/quality/level', 'SlidersOutlined'),
    list('QualitySampleCode', '样本字码', 'Sample codes', '/quality/sample-code', 'NumberOutlined'),
    list('QualityAql', 'AQL', 'AQL', '/quality/aql', 'PercentageOutlined'),
    list('QualitySampleScheme', '抽样方案', 'Sample schemes', '/quality/sample-scheme', 'ExperimentOutlined'),
    list('QualityTemplate', '检验模板', 'Inspection templates', '/quality/template', 'SnippetsOutlined'),
    list('QualityReport', '检验报告', 'Inspection reports', '/quality/report', 'FileSearchOutlined'),
    list('QualityDocument', '检验单', 'Inspection documents', '/quality/document', 'FileProtectOutlined'),
    list('QualityLooseApproval', '放宽接收审批', 'Loose-acceptance approval', '/quality/loose-approval', 'SolutionOutlined'),
  ]),
  list('Stocktake', '盘点', 'Stocktaking', '/stocktake', 'AuditOutlined'),
  list('MsdRunCard', '湿敏元件流转卡履历', 'Moisture-sensitive run-card history', '/msd/run-card', 'HistoryOutlined'),
  page('FrontLog', '前端日志', 'Front-end log', '/log', 'CodeOutlined'),
  group('ChildApps', '子应用', 'Child apps', 'ApiOutlined', [
    page('DemoChildHome', '演示子应用', 'Demo child app', '/demo/home', 'AppstoreOutlined', { appCode: 'DEMO', appUrl: '/child-demo/' }),
    page('ScmPurchase', 'SCM采购协同', 'SCM purchasing', '/scm/purchase', 'LinkOutlined', { appCode: 'SCM', appUrl: '/scm/' }),
  ]),
];

/** A menu item as Role/LoadMenusByRoleId sends it (without children). */
export interface DemoMenuRow {
  Id: string;
  Parent_Id: string | null;
  Menu_Name: string;
  MENU_EN: string;
  Menu_Code: string;
  Link_Url: string;
  Icon_Url: string;
  Target: '' | '_self' | '_blank';
  COLUMNS: string | null;
  AppUrl: string | null;
  AppCode: string | null;
  ENABLED: 'Y' | 'N';
  SORT_NUM: number;
}

/** A menu button (spec §3: Parent_Id, Menu_Code, ParentMenuCode). */
export interface DemoButtonRow {
  Id: string;
  Parent_Id: string;
  Menu_Code: string;
  ParentMenuCode: string;
  Button_Name: string;
  Button_Name_En: string;
  SORT_NUM: number;
}

export const menuIdOf = (menuCode: string) => `menu-${menuCode}`;

function flatten(specs: MenuSpec[], parentId: string | null, menus: DemoMenuRow[], buttons: DemoButtonRow[]) {
  specs.forEach((spec, index) => {
    const id = menuIdOf(spec.code);
    menus.push({
      Id: id,
      Parent_Id: parentId,
      Menu_Name: spec.name,
      MENU_EN: spec.nameEn,
      Menu_Code: spec.code,
      Link_Url: spec.link ?? '',
      Icon_Url: spec.icon ?? '',
      Target: spec.target ?? '',
      COLUMNS: null,
      AppUrl: spec.appUrl ?? null,
      AppCode: spec.appCode ?? null,
      ENABLED: spec.enabled ?? 'Y',
      SORT_NUM: (index + 1) * 10,
    });
    (spec.buttons ?? []).forEach((code, buttonIndex) => {
      const label = [...GRID_BUTTONS, ...RECORD_BUTTONS].find((b) => b.code === code);
      buttons.push({
        Id: `button-${spec.code}-${code}`,
        Parent_Id: id,
        Menu_Code: code,
        ParentMenuCode: spec.code,
        Button_Name: label?.name ?? code,
        Button_Name_En: label?.nameEn ?? code,
        SORT_NUM: (buttonIndex + 1) * 10,
      });
    });
    flatten(spec.children ?? [], id, menus, buttons);
  });
}

const flatMenus: DemoMenuRow[] = [];
const flatButtons: DemoButtonRow[] = [];
flatten(DEMO_MENU_TREE, null, flatMenus, flatButtons);

/** Every menu, parents before their children. */
export const DEMO_MENUS: readonly DemoMenuRow[] = flatMenus;
export const DEMO_MENU_BUTTONS: readonly DemoButtonRow[] = flatButtons;

/** Which menus and buttons each role is given (for the PORTAL_APP_CODE tree). */
export const DEMO_ROLE_GRANTS: Record<string, { menuCodes: readonly string[]; buttons: Readonly<Record<string, readonly string[]>> }> = {
  // The super administrator is given everything.
  'role-super-admin': {
    menuCodes: DEMO_MENUS.map((m) => m.Menu_Code),
    buttons: Object.fromEntries(
      DEMO_MENUS.map((m) => [m.Menu_Code, DEMO_MENU_BUTTONS.filter((b) => b.ParentMenuCode === m.Menu_Code).map((b) => b.Menu_Code)]),
    ),
  },
  'role-system-admin': {
    menuCodes: [
      'HomeArea', 'HomeNotice', 'Admin', 'AdminUser', 'AdminRole', 'AdminMenu', 'AdminOrganization', 'AdminEnvConfig',
      'AdminToolsFile', 'AdminDownload', 'AdminExcelImport',
    ],
    buttons: {
      AdminUser: [...GRID_BUTTON_CODES, ...USER_BUTTONS],
      AdminRole: [...GRID_BUTTON_CODES, ...ROLE_BUTTONS],
      AdminMenu: EDIT_BUTTONS,
      AdminOrganization: EDIT_BUTTONS,
      AdminEnvConfig: EDIT_BUTTONS,
      AdminToolsFile: EDIT_BUTTONS,
    },
  },
  // The operator sees a subset, with only searching and column buttons.
  'role-operator': {
    menuCodes: [
      'HomeArea', 'HomeNotice', 'HomeTodo',
      'Warehouse', 'WarehouseAuxiliary', 'WarehouseSolderPaste', 'WarehouseRedGlue', 'WarehouseReceiving',
      'MasterData', 'MasterPart', 'MasterVendor',
      'Bill', 'BillIN', 'BillOD', 'BillLegacy',
      'Reel', 'GridDemoReels',
      'Stocktake', 'FrontLog',
    ],
    buttons: {
      MasterPart: ['SeniorSearch', 'SeniorColumn'],
      BillIN: ['SeniorSearch', 'SeniorColumn'],
      GridDemoReels: ['SeniorSearch', 'SeniorColumn'],
    },
  },
};

/** The handheld (PDA) and tablet (PAD) terminals: menu trees of their own (spec §6 role assignment). */
export type DemoTerminal = 'PDA' | 'PAD';

/** The PDA scanner app's menus: warehouse floor work done by scanning reels, bills and locators. */
const PDA_MENU_TREE: MenuSpec[] = [
  group('PdaInbound', '入库作业', 'Inbound', 'ImportOutlined', [
    page('PdaReceiveScan', '收货扫描', 'Receiving scan', '/pda/receive-scan', 'ScanOutlined'),
    page('PdaIqcScan', '来料检验扫描', 'Incoming inspection scan', '/pda/iqc-scan', 'SafetyCertificateOutlined'),
    page('PdaPutaway', '上架', 'Put-away', '/pda/putaway', 'VerticalAlignTopOutlined'),
    page('PdaReturnReceive', '退料入库扫描', 'Return receipt scan', '/pda/return-receive', 'RollbackOutlined'),
  ]),
  group('PdaOutbound', '出库作业', 'Outbound', 'ExportOutlined', [
    page('PdaIssueScan', '发料扫描', 'Issue scan', '/pda/issue-scan', 'ScanOutlined'),
    page('PdaPicking', '拣货', 'Picking', '/pda/picking', 'ShoppingCartOutlined'),
    page('PdaDeliveryScan', '出货扫描', 'Delivery scan', '/pda/delivery-scan', 'CarOutlined'),
  ]),
  group('PdaInventory', '库内作业', 'In-warehouse', 'DatabaseOutlined', [
    page('PdaTransfer', '调拨', 'Transfer', '/pda/transfer', 'SwapOutlined'),
    page('PdaMoveLocator', '移库位', 'Locator move', '/pda/move-locator', 'DragOutlined'),
    page('PdaStocktake', '盘点扫描', 'Stocktaking scan', '/pda/stocktake', 'AuditOutlined'),
    page('PdaReelSplit', '拆盘', 'Reel split', '/pda/reel-split', 'ScissorOutlined'),
    page('PdaReelMerge', '合盘', 'Reel merge', '/pda/reel-merge', 'MergeCellsOutlined'),
    page('PdaScrapScan', '报废扫描', 'Scrap scan', '/pda/scrap-scan', 'DeleteOutlined'),
  ]),
  group('PdaQuery', '查询', 'Queries', 'SearchOutlined', [
    page('PdaReelQuery', '条码查询', 'Reel lookup', '/pda/reel-query', 'BarcodeOutlined'),
    page('PdaStockQuery', '库存查询', 'Stock lookup', '/pda/stock-query', 'FundOutlined'),
    page('PdaMsdQuery', '湿敏元件查询', 'Moisture-sensitive part lookup', '/pda/msd-query', 'HistoryOutlined'),
  ]),
];

/** The tablet (PAD) app's menus: line-side boards and calls. */
const PAD_MENU_TREE: MenuSpec[] = [
  group('PadBoards', '看板', 'Boards', 'DashboardOutlined', [
    page('PadLineKanban', '产线物料看板', 'Line material board', '/pad/line-kanban', 'FundProjectionScreenOutlined'),
    page('PadWarehouseKanban', '仓库作业看板', 'Warehouse work board', '/pad/warehouse-kanban', 'ShopOutlined'),
  ]),
  group('PadLineSide', '线边作业', 'Line side', 'ToolOutlined', [
    page('PadMaterialCall', '叫料', 'Material call', '/pad/material-call', 'NotificationOutlined'),
    page('PadFeedingCheck', '上料核对', 'Feeder loading check', '/pad/feeding-check', 'CheckSquareOutlined'),
    page('PadLineReturn', '线边退料', 'Line-side return', '/pad/line-return', 'RollbackOutlined'),
    page('PadPatrolInspection', '品质巡检', 'Quality patrol', '/pad/patrol-inspection', 'SafetyCertificateOutlined'),
    page('PadSop', 'SOP查看', 'SOP viewer', '/pad/sop', 'ReadOutlined'),
  ]),
];

/** A menu of a PDA or tablet tree (Terminal says which). */
export type DemoTerminalMenuRow = DemoMenuRow & { Terminal: DemoTerminal };

function terminalMenus(terminal: DemoTerminal, tree: MenuSpec[]): DemoTerminalMenuRow[] {
  const menus: DemoMenuRow[] = [];
  flatten(tree, null, menus, []);
  return menus.map((menu) => ({ ...menu, Terminal: terminal }));
}

/** Every PDA and tablet menu, parents before their children (not in DEMO_MENUS, the portal's tree). */
export const DEMO_TERMINAL_MENUS: readonly DemoTerminalMenuRow[] = [...terminalMenus('PDA', PDA_MENU_TREE), ...terminalMenus('PAD', PAD_MENU_TREE)];

/** Which PDA and tablet menus each role is given (saved with app code PDA / PAD). */
export const DEMO_TERMINAL_GRANTS: Record<string, Partial<Record<DemoTerminal, readonly string[]>>> = {
  'role-super-admin': {
    PDA: DEMO_TERMINAL_MENUS.filter((m) => m.Terminal === 'PDA').map((m) => m.Menu_Code),
    PAD: DEMO_TERMINAL_MENUS.filter((m) => m.Terminal === 'PAD').map((m) => m.Menu_Code),
  },
  'role-operator': {
    PDA: [
      'PdaInbound', 'PdaReceiveScan', 'PdaPutaway',
      'PdaOutbound', 'PdaIssueScan', 'PdaPicking',
      'PdaInventory', 'PdaTransfer', 'PdaStocktake', 'PdaReelSplit',
      'PdaQuery', 'PdaReelQuery', 'PdaStockQuery',
    ],
    PAD: ['PadLineSide', 'PadMaterialCall'],
  },
};

/** Child apps (spec §3); the client drops SCM. */
export const DEMO_CHILD_APPS = [
  { Code: 'DEMO', Name: '演示子应用', Url: '/child-demo/', SORT_NUM: 10 },
  { Code: 'SCM', Name: 'SCM供应链协同', Url: '/scm/', SORT_NUM: 20 },
] as const;

/** API path configuration variables: `{NAME}` placeholders in menu links are replaced from these. */
export const DEMO_API_PATH_CONFIG: Readonly<Record<string, string>> = {
  REPORT_HOST: 'http://localhost:8080/report-host',
};

/** Server environment rows for ADMIN's environment selector (spec §3 "Environment variable row"). */
export const DEMO_ENVIRONMENT_VARIABLES = [
  { EnvName: 'LOCAL', VarName: 'API_BASE', UrlPrefix: 'http://localhost:8080/api', Enabled: 'Y' },
  { EnvName: 'TEST', VarName: 'API_BASE', UrlPrefix: 'http://test-server:8080/api', Enabled: 'Y' },
  { EnvName: 'OLD', VarName: 'API_BASE', UrlPrefix: 'http://old-server:8080/api', Enabled: 'N' },
] as const;
