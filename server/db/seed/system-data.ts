/**
 * The system data every plant starts with, demo or not (DEMO_DATA=off starts with only this): the
 * menu trees of spec §2 "Screen areas" (portal, PDA, tablet) with their buttons, the two system
 * roles with their grants, the ADMIN user, the bill types of DESIGN.md, the lookups the product's
 * screens use, the report host setting, and the one organisation a clean plant starts with.
 * The demo plant adds its organisations, users and records on top (demo-data.ts).
 *
 * Pure data, importing only the bill-type declarations (src/shared/bills, pure data as well): the
 * reference server seeds it (seed-system.ts) and the MSW mocks serve it (through demo-data.ts).
 * Rows use the contract's wire field names where it has them.
 *
 * Link conventions the client's route builder relies on (spec §2 dynamic routes):
 * - in-frame screens: `/<area>/<screen>` (e.g. `/admin/user`, `/masterdata/part`), or `/stocktake`, `/log`;
 * - bill masters: `/bill/master?billType=IN` and custom report loading `/report/loading?code=DEMO_STOCK`
 *   (the one query value becomes an extra path segment);
 * - `{REPORT_HOST}/view`: placeholder replaced from API_PATH_CONFIG, opened at /Iframe/{menuCode};
 * - `https://...`: external page in the iframe; Target `_blank`: opens in a new window;
 * - AppUrl + AppCode: loads a child app; AppCode 'SCM' and ENABLED 'N' items are dropped by the client
 *   (the server already leaves out ENABLED 'N').
 */
import { BILL_ACTION_RULES, BILL_ACTIONS, type BillAction } from '../../../src/shared/bills/actions.ts';
import {
  BILL_BOX_STATUS_LABELS,
  BILL_BOX_STATUSES,
  BILL_LINE_STATUS_LABELS,
  BILL_LINE_STATUSES,
  BILL_STATUS_LABELS,
  BILL_STATUSES,
} from '../../../src/shared/bills/statuses.ts';
import { BILL_TYPE_DECLARATIONS } from '../../../src/shared/bills/types/index.ts';
import { billListColumnsNotShown } from '../../../src/shared/bills/fields.ts';
import { EQUIPMENT_STATUS_LABELS, EQUIPMENT_STATUSES } from '../../../src/shared/equipment/statuses.ts';
import { PORTAL_LOOKUPS } from '../../../src/shared/portal/cards.ts';
import { STOCKTAKE_STATUS_LABELS, STOCKTAKE_STATUS_LOOKUP, STOCKTAKE_STATUSES } from '../../../src/shared/stocktake/statuses.ts';
import { PAGE_DECLARATIONS } from '../../../src/shared/pages/index.ts';
import type { PageDeclaration } from '../../../src/shared/pages/declaration.ts';

/** The terminal whose menu tree a role assignment belongs to (role menus are saved per role and app code). */
export const PORTAL_APP_CODE = 'PC';

export const DEFAULT_ADMIN_PASSWORD = 'admin123';

/**
 * A clean plant's one organisation (DEMO_DATA=off on an empty database): ADMIN logs into it and
 * renames it, or adds the plant's own, in 组织管理. A demo plant starts with the demo organisations instead.
 */
export const DEFAULT_ORGANIZATION = { Id: 'org-main', OrganizeCode: 'MAIN', OrganizeName: '本厂', SORT_NUM: 10 } as const;

export type RoleType = 'SUPER_ADMIN' | 'SYSTEM_ADMIN' | 'NORMAL';

export interface RoleRow {
  ID: string;
  ROLE_NAME: string;
  ROLE_TYPE: RoleType;
  IS_SYSTEM_DEFAULT: boolean;
  REMARK: string;
}

export const SYSTEM_ROLES: readonly RoleRow[] = [
  { ID: 'role-super-admin', ROLE_NAME: '超级管理员', ROLE_TYPE: 'SUPER_ADMIN', IS_SYSTEM_DEFAULT: true, REMARK: 'Sees every menu and button' },
  { ID: 'role-system-admin', ROLE_NAME: '系统管理员', ROLE_TYPE: 'SYSTEM_ADMIN', IS_SYSTEM_DEFAULT: true, REMARK: 'Administration area' },
];

export interface UserRow {
  ID: string;
  USER_NAME: string;
  NICK_NAME: string;
  /** The user's roles (spec §3 User: roles); menus and buttons are the union over them. */
  ROLE_IDS: readonly string[];
  /** null: the server takes it from ADMIN_PASSWORD (default DEFAULT_ADMIN_PASSWORD). */
  PASSWORD: string | null;
}

/** The administrator; the seed makes it a member of the plant's starting organisations. */
export const ADMIN_USER: UserRow = { ID: 'user-admin', USER_NAME: 'ADMIN', NICK_NAME: '管理员', ROLE_IDS: ['role-super-admin'], PASSWORD: null };

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
  { code: 'Retry', name: '重试', nameEn: 'Retry' },
  // Stocktaking (issue 20): counting and re-counting, starting the re-count, approving and posting.
  { code: 'Count', name: '盘点', nameEn: 'Count' },
  { code: 'Recount', name: '复盘', nameEn: 'Re-count' },
  { code: 'Approve', name: '审核过账', nameEn: 'Approve and post' },
  // The report setting's SQL configuration: the only button that may save a report's SQL (issue 21).
  { code: 'SqlConfig', name: 'SQL配置', nameEn: 'SQL configuration' },
  // 检验单 (issue 19): the return-to-vendor or scrap bill of a rejected lot (Iqc/MakeBill).
  { code: 'MakeBill', name: '生成退货/报废单', nameEn: 'Make return / scrap bill' },
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


/**
 * The bill types of spec §2 as the bill-type master (单据类型, md_bill_type) of each starting organisation is seeded with them: code,
 * name, English name, category (DESIGN.md "Bill types"), required header fields. The one source of a
 * type's name: the 单据管理 menu items take theirs from here too (DESIGN.md: one name per type everywhere).
 */
export const BILL_TYPES: readonly {
  code: string;
  name: string;
  nameEn: string;
  category: string;
  requiredHeaderFields: string;
  erpBillType: string;
  inspection: boolean;
  fefo: boolean;
  /** The actions it offers: its menu's buttons (one per action, the action's code). */
  actions: readonly BillAction[];
}[] = BILL_TYPE_DECLARATIONS.map((type) => ({
  code: type.code,
  name: type.name['zh-chs'],
  nameEn: type.name.en,
  category: type.category,
  requiredHeaderFields: type.requiredHeaderFields.join(','),
  erpBillType: type.erpBillType,
  inspection: type.inspection,
  fefo: type.fefo,
  actions: type.actions,
}));

/** The bill actions as menu buttons (the button code is the action's name, src/shared/bills/actions.ts). */
export const BILL_ACTION_BUTTONS = BILL_ACTIONS.map((code) => ({ code, name: BILL_ACTION_RULES[code].label['zh-chs'], nameEn: BILL_ACTION_RULES[code].label.en }));

/** The list route of a bill type's grid (its own, so each type keeps its own grid settings). */
export const billListRoute = (code: string) => `/bill/master/${code}`;


const MENU_TREE: MenuSpec[] = [
  group('HomeArea', '首页内容', 'Home content', 'NotificationOutlined', [
    // Save: publishing and rewriting notices (x-permission HomeNotice#Save); the menu alone reads them.
    list('HomeNotice', '通知公告', 'Notices', '/home/notice', 'NotificationOutlined', { buttons: [...GRID_BUTTON_CODES, 'Save'] }),
    // Retry: trying a warning's call again (x-permission HomeWarning#Retry, e.g. an ERP posting that did not get through).
    list('HomeWarning', '预警信息', 'Warnings', '/home/warning', 'AlertOutlined', { buttons: [...GRID_BUTTON_CODES, 'Retry'] }),
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
    list('ReportSetting', '自定义报表设置', 'Custom report setting', '/report/setting', 'FormOutlined', { buttons: [...GRID_BUTTON_CODES, 'Save', 'Delete', 'SqlConfig'] }),
    page('ReportSettingHelp', '报表设置帮助文档', 'Report setting help', '/report/setting-help', 'ReadOutlined', { target: '_blank' }),
    list('ReportSqlConfig', 'SQL配置', 'SQL configuration', '/report/sql-config', 'ConsoleSqlOutlined'),
    master('ReportPortalCard', '门户卡片管理', 'Portal cards', '/report/portal-card', 'CreditCardOutlined'),
    list('ReportPortalScheme', '门户方案管理', 'Portal schemes', '/report/portal-scheme', 'LayoutOutlined', { buttons: [...GRID_BUTTON_CODES, ...EDIT_BUTTONS] }),
    page('ReportHostView', '报表服务', 'Report server', '{REPORT_HOST}/view', 'GlobalOutlined'),
  ]),
  group('Warehouse', '仓库管理', 'Warehouse', 'ShopOutlined', [
    group('WarehouseAuxiliary', '辅料管理', 'Auxiliary materials', 'ExperimentOutlined', [
      list('WarehouseSolderPaste', '锡膏管理', 'Solder paste', '/warehouse/solder-paste', 'BgColorsOutlined', { buttons: [...GRID_BUTTON_CODES, 'Save'] }),
      list('WarehouseRedGlue', '红胶管理', 'Red glue', '/warehouse/red-glue', 'HighlightOutlined', { buttons: [...GRID_BUTTON_CODES, 'Save'] }),
    ]),
    // The equipment ledger (issue 20): a master-data screen (src/shared/masterdata/entities/equipment.ts).
    master('WarehouseEquipment', '设备台账', 'Equipment ledger', '/warehouse/equipment', 'DesktopOutlined'),
    page('WarehouseHomeConfig', '首页配置', 'Homepage configuration', '/warehouse/home-config', 'DashboardOutlined', { buttons: EDIT_BUTTONS }),
    list('WarehouseReceiving', '收货', 'Goods receiving', '/warehouse/receiving', 'InboxOutlined'),
    // The stock screens (issue 14): reads of the stock ledger (x-permission of Stock/Balance, Stock/Ledger, Reel/Get).
    page('WarehouseStock', '库存查询', 'Stock query', '/warehouse/stock', 'DatabaseOutlined'),
    page('WarehouseReel', '条码查询与履历', 'Reel query and history', '/warehouse/reel', 'BarcodeOutlined'),
    page('WarehouseLedger', '库存流水', 'Stock ledger', '/warehouse/ledger', 'HistoryOutlined'),
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
    master('MasterAuxMaterialCategory', '辅料类别', 'Auxiliary material category', '/masterdata/aux-material-category', 'DatabaseOutlined'),
    master('MasterAuxMaterial', '辅料', 'Auxiliary material', '/masterdata/aux-material', 'DatabaseOutlined'),
    // plop:append-master-menu (npm run gen -- master inserts above this line)
  ]),
  group('Schedule', '调度与配置', 'Scheduling and configuration', 'ScheduleOutlined', [
    // Scheduled jobs (issue 18, server/modules/jobs): Save also starts, stops, runs and cancels them.
    list('ScheduleJob', '作业调度', 'Job schedule', '/schedule/job', 'FieldTimeOutlined', { buttons: [...GRID_BUTTON_CODES, ...EDIT_BUTTONS] }),
    master('ScheduleBillType', '单据类型', 'Bill types', '/schedule/bill-type', 'FileTextOutlined'),
    master('ScheduleServiceConfig', '服务配置', 'Service configuration', '/schedule/service-config', 'CloudServerOutlined'),
  ]),
  group('Bill', '单据管理', 'Bills', 'FileDoneOutlined', [
    // Each type's menu: the grid buttons and one button per action the type offers.
    ...BILL_TYPES.map((type) =>
      list(`Bill${type.code}`, type.name, type.nameEn, `/bill/master?billType=${type.code}`, 'FileTextOutlined', {
        buttons: [...GRID_BUTTON_CODES, ...type.actions],
      }),
    ),
    list('BillLegacy', '旧版单据', 'Legacy bills', '/bill/legacy', 'FileTextOutlined', { enabled: 'N' }),
  ]),
  group('Reel', '条码管理', 'Reels and barcodes', 'BarcodeOutlined', [
    list('ReelGenerate', '条码生成', 'Reel barcode generation', '/reel/generate', 'QrcodeOutlined'),
    master('ReelParseRule', '条码解析规则', 'Barcode parsing rules', '/reel/parse-rule', 'CodeOutlined'),
    // The demo data grid (demo-list-data.ts: list /grid/demo-reels, tens of thousands of reels).
    list('GridDemoReels', '料盘清单（演示）', 'Component reels (demo)', '/grid/demo-reels', 'TableOutlined'),
  ]),
  group('Quality', '品质检验', 'Quality inspection', 'SafetyCertificateOutlined', [
    master('QualityCheckItem', '检验项目', 'Check items', '/quality/check-item', 'CheckCircleOutlined'),
    master('QualityTool', '检验工具', 'Inspection tools', '/quality/tool', 'ToolOutlined'),
    master('QualityLevel', '检验水平', 'Inspection levels', '/quality/level', 'SlidersOutlined'),
    master('QualitySampleCode', '样本字码', 'Sample codes', '/quality/sample-code', 'NumberOutlined'),
    master('QualityAql', 'AQL', 'AQL', '/quality/aql', 'PercentageOutlined'),
    master('QualitySampleScheme', '抽样方案', 'Sample schemes', '/quality/sample-scheme', 'ExperimentOutlined'),
    master('QualityTemplate', '检验模板', 'Inspection templates', '/quality/template', 'SnippetsOutlined'),
    list('QualityReport', '检验报告', 'Inspection reports', '/quality/report', 'FileSearchOutlined'),
    list('QualityDocument', '检验单', 'Inspection documents', '/quality/document', 'FileProtectOutlined', { buttons: [...GRID_BUTTON_CODES, 'MakeBill'] }),
    list('QualityLooseApproval', '放宽接收审批', 'Loose-acceptance approval', '/quality/loose-approval', 'SolutionOutlined'),
  ]),
  // Stocktaking (issue 20, server/modules/stocktake): Save makes, starts and cancels count plans; Count counts and
  // re-counts; Recount starts the re-count of the variances; Approve approves and posts the differences.
  list('Stocktake', '盘点', 'Stocktaking', '/stocktake', 'AuditOutlined', { buttons: [...GRID_BUTTON_CODES, 'Save', 'Count', 'Recount', 'Approve'] }),
  // Moisture-sensitive run cards (issue 20, server/modules/msd): Save records a reel's events (opened, dry cabinet, baked).
  list('MsdRunCard', '湿敏元件流转卡履历', 'Moisture-sensitive run-card history', '/msd/run-card', 'HistoryOutlined', { buttons: [...GRID_BUTTON_CODES, 'Save'] }),
  page('FrontLog', '前端日志', 'Front-end log', '/log', 'CodeOutlined'),
  group('ChildApps', '子应用', 'Child apps', 'ApiOutlined', [
    page('DemoChildHome', '演示子应用', 'Demo child app', '/demo/home', 'AppstoreOutlined', { appCode: 'DEMO', appUrl: '/child-demo/' }),
    page('ScmPurchase', 'SCM采购协同', 'SCM purchasing', '/scm/purchase', 'LinkOutlined', { appCode: 'SCM', appUrl: '/scm/' }),
  ]),
];


/** A menu item as Role/LoadMenusByRoleId sends it (without children). */
export interface MenuRow {
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
export interface ButtonRow {
  Id: string;
  Parent_Id: string;
  Menu_Code: string;
  ParentMenuCode: string;
  Button_Name: string;
  Button_Name_En: string;
  SORT_NUM: number;
}

export const menuIdOf = (menuCode: string) => `menu-${menuCode}`;

function flatten(specs: MenuSpec[], parentId: string | null, menus: MenuRow[], buttons: ButtonRow[]) {
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
      const label = [...GRID_BUTTONS, ...RECORD_BUTTONS, ...BILL_ACTION_BUTTONS].find((b) => b.code === code);
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

/**
 * The menu items of the screens `npm run gen -- page` made (src/shared/pages): each under its menu
 * group, a list screen with the grid buttons. A page whose link has a seeded item (parentMenu null)
 * uses that item.
 */
function withGeneratedPages(tree: MenuSpec[], pages: readonly PageDeclaration[]): MenuSpec[] {
  const groupOf = (specs: MenuSpec[], code: string): MenuSpec | undefined => {
    for (const spec of specs) {
      if (spec.code === code && spec.children) return spec;
      const found = groupOf(spec.children ?? [], code);
      if (found) return found;
    }
    return undefined;
  };
  for (const declared of pages.filter((p) => p.parentMenu !== null)) {
    const parent = groupOf(tree, declared.parentMenu!);
    if (!parent) throw new Error(`page ${declared.name}: there is no menu group ${declared.parentMenu}`);
    const make = declared.list ? list : page;
    parent.children!.push(make(declared.menuCode, declared.title['zh-chs'], declared.title.en, declared.link, declared.list ? 'TableOutlined' : 'FileOutlined'));
  }
  return tree;
}

const flatMenus: MenuRow[] = [];
const flatButtons: ButtonRow[] = [];
flatten(withGeneratedPages(MENU_TREE, PAGE_DECLARATIONS), null, flatMenus, flatButtons);

/** Every menu, parents before their children. */
export const SYSTEM_MENUS: readonly MenuRow[] = flatMenus;
export const SYSTEM_MENU_BUTTONS: readonly ButtonRow[] = flatButtons;

/** Which menus and buttons each system role is given (for the PORTAL_APP_CODE tree). */
export const SYSTEM_ROLE_GRANTS: Record<string, { menuCodes: readonly string[]; buttons: Readonly<Record<string, readonly string[]>> }> = {
  // The super administrator is given everything.
  'role-super-admin': {
    menuCodes: SYSTEM_MENUS.map((m) => m.Menu_Code),
    buttons: Object.fromEntries(
      SYSTEM_MENUS.map((m) => [m.Menu_Code, SYSTEM_MENU_BUTTONS.filter((b) => b.ParentMenuCode === m.Menu_Code).map((b) => b.Menu_Code)]),
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
      HomeNotice: ['Save'],
    },
  },
};

/** The handheld (PDA) and tablet (PAD) terminals: menu trees of their own (spec §6 role assignment). */
export type Terminal = 'PDA' | 'PAD';

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
export type TerminalMenuRow = MenuRow & { Terminal: Terminal };

function terminalMenus(terminal: Terminal, tree: MenuSpec[]): TerminalMenuRow[] {
  const menus: MenuRow[] = [];
  flatten(tree, null, menus, []);
  return menus.map((menu) => ({ ...menu, Terminal: terminal }));
}

/** Every PDA and tablet menu, parents before their children (not in SYSTEM_MENUS, the portal's tree). */
export const SYSTEM_TERMINAL_MENUS: readonly TerminalMenuRow[] = [...terminalMenus('PDA', PDA_MENU_TREE), ...terminalMenus('PAD', PAD_MENU_TREE)];

/** Which PDA and tablet menus each role is given (saved with app code PDA / PAD). */
export const SYSTEM_TERMINAL_GRANTS: Record<string, Partial<Record<Terminal, readonly string[]>>> = {
  'role-super-admin': {
    PDA: SYSTEM_TERMINAL_MENUS.filter((m) => m.Terminal === 'PDA').map((m) => m.Menu_Code),
    PAD: SYSTEM_TERMINAL_MENUS.filter((m) => m.Terminal === 'PAD').map((m) => m.Menu_Code),
  },
};

/**
 * API path configuration variables: `{NAME}` placeholders in menu links are replaced from these. Relative
 * to the portal, so they work on any host and PORT; a plant with its own report server sets the full URL.
 */
export const API_PATH_CONFIG: Readonly<Record<string, string>> = {
  REPORT_HOST: '/report-host',
};

/**
 * The 字典 lookups the product's screens use (type, code, Chinese, English): units, moisture levels,
 * storage-location types, ABC classes, bill categories, field types, and the labels of the coded
 * columns of the home lists. Seeded for each starting organisation.
 */
export const SYSTEM_LOOKUPS: readonly (readonly [type: string, code: string, name: string, nameEn: string])[] = [
  ['UNIT', 'PCS', '个', 'Piece'], ['UNIT', 'REEL', '盘', 'Reel'], ['UNIT', 'BOX', '箱', 'Box'], ['UNIT', 'KG', '千克', 'Kilogram'], ['UNIT', 'M', '米', 'Metre'],
  ['MSL_LEVEL', '1', '1级', 'Level 1'], ['MSL_LEVEL', '2', '2级', 'Level 2'], ['MSL_LEVEL', '2A', '2A级', 'Level 2A'], ['MSL_LEVEL', '3', '3级', 'Level 3'],
  ['MSL_LEVEL', '4', '4级', 'Level 4'], ['MSL_LEVEL', '5', '5级', 'Level 5'], ['MSL_LEVEL', '5A', '5A级', 'Level 5A'], ['MSL_LEVEL', '6', '6级', 'Level 6'],
  ['SIC_TYPE', 'RAW', '原材料仓', 'Raw materials'], ['SIC_TYPE', 'WIP', '线边仓', 'Line side'], ['SIC_TYPE', 'FG', '成品仓', 'Finished goods'], ['SIC_TYPE', 'MRB', '不良品仓', 'Rejects'],
  ['ABC_CLASS', 'A', 'A类', 'Class A'], ['ABC_CLASS', 'B', 'B类', 'Class B'], ['ABC_CLASS', 'C', 'C类', 'Class C'],
  ['BILL_CATEGORY', 'INBOUND', '入库', 'Inbound'], ['BILL_CATEGORY', 'RETURN_IN', '退料入库', 'Return in'], ['BILL_CATEGORY', 'RETURN_VENDOR', '退供应商', 'Return to vendor'],
  ['BILL_CATEGORY', 'OUTBOUND', '出库', 'Outbound'], ['BILL_CATEGORY', 'TRANSFER', '调拨', 'Transfer'], ['BILL_CATEGORY', 'SCRAP', '报废', 'Scrap'], ['BILL_CATEGORY', 'QUALITY', '品质', 'Quality'],
  ['FIELD_TYPE', 'TEXT', '文本', 'Text'], ['FIELD_TYPE', 'NUMBER', '数字', 'Number'], ['FIELD_TYPE', 'DATE', '日期', 'Date'],
  ['WARNING_LEVEL', 'info', '提示', 'Info'], ['WARNING_LEVEL', 'warning', '警告', 'Warning'], ['WARNING_LEVEL', 'danger', '严重', 'Critical'],
  ['CALL_STATUS', 'pending', '待处理', 'Pending'], ['CALL_STATUS', 'processing', '处理中', 'Processing'],
  ['CALL_STATUS', 'success', '成功', 'Succeeded'], ['CALL_STATUS', 'failure', '失败', 'Failed'],
  ['TODO_PRIORITY', 'high', '高', 'High'], ['TODO_PRIORITY', 'normal', '普通', 'Normal'], ['TODO_PRIORITY', 'low', '低', 'Low'],
  ['TODO_STATUS', 'open', '未完成', 'Open'], ['TODO_STATUS', 'done', '已完成', 'Done'],
  ['YES_NO', 'Y', '是', 'Yes'], ['YES_NO', 'N', '否', 'No'],
  // Incoming quality inspection (issue 19): check-item kinds, defect classes, ISO 2859-1 inspection levels.
  ['QC_ITEM_KIND', 'ATTRIBUTE', '计数型', 'Attribute'], ['QC_ITEM_KIND', 'VARIABLE', '计量型', 'Variable'],
  ['QC_DEFECT_CLASS', 'A', 'A类', 'Class A'], ['QC_DEFECT_CLASS', 'B', 'B类', 'Class B'], ['QC_DEFECT_CLASS', 'C', 'C类', 'Class C'],
  ['QC_DEFECT_CLASS', 'D', 'D类', 'Class D'], ['QC_DEFECT_CLASS', 'E', 'E类', 'Class E'], ['QC_DEFECT_CLASS', 'F', 'F类', 'Class F'],
  ['QC_ISO_LEVEL', 'S-1', '特殊检验水平 S-1', 'Special level S-1'], ['QC_ISO_LEVEL', 'S-2', '特殊检验水平 S-2', 'Special level S-2'],
  ['QC_ISO_LEVEL', 'S-3', '特殊检验水平 S-3', 'Special level S-3'], ['QC_ISO_LEVEL', 'S-4', '特殊检验水平 S-4', 'Special level S-4'],
  ['QC_ISO_LEVEL', 'I', '一般检验水平 I', 'General level I'], ['QC_ISO_LEVEL', 'II', '一般检验水平 II', 'General level II'],
  ['QC_ISO_LEVEL', 'III', '一般检验水平 III', 'General level III'],
  ['QC_DOC_STATUS', 'PENDING', '待检验', 'Pending'], ['QC_DOC_STATUS', 'ACCEPTED', '已接收', 'Accepted'], ['QC_DOC_STATUS', 'REJECTED', '已拒收', 'Rejected'],
  ['QC_DOC_STATUS', 'CONCESSION', '放宽接收', 'Concession'],
  ['QC_SEVERITY', 'NORMAL', '正常检验', 'Normal'], ['QC_SEVERITY', 'TIGHTENED', '加严检验', 'Tightened'], ['QC_SEVERITY', 'REDUCED', '放宽检验', 'Reduced'],
  ['QC_RESULT', 'ACCEPT', '接收', 'Accept'], ['QC_RESULT', 'REJECT', '拒收', 'Reject'],
  // Where a configured SQL is used (SQL配置, view sql_config_list).
  ['SQL_CONFIG_KIND', 'REPORT', '报表 SQL', 'Report SQL'], ['SQL_CONFIG_KIND', 'REFERENCE_SQL', '下拉数据源', 'Dropdown source'],
  ['SQL_CONFIG_KIND', 'SUB_SQL', '子查询', 'Sub-query'],
  // Barcode parsing rule kinds (src/shared/barcodes/rules.ts).
  ['BARCODE_RULE_KIND', 'GS1', 'GS1 应用标识符', 'GS1 application identifiers'], ['BARCODE_RULE_KIND', 'ECIA', 'ECIA/MH10 数据标识符', 'ECIA / MH10 data identifiers'],
  ['BARCODE_RULE_KIND', 'DELIMITED', '分隔符', 'Delimited fields'], ['BARCODE_RULE_KIND', 'FIXED', '固定位置', 'Fixed positions'],
  ['BARCODE_RULE_KIND', 'REGEX', '正则表达式', 'Regular expression'],
  // Bill, bill-line and bill-reel statuses (src/shared/bills/statuses.ts): shown, never their codes.
  ...BILL_STATUSES.map((code) => ['BILL_STATUS', code, BILL_STATUS_LABELS[code]['zh-chs'], BILL_STATUS_LABELS[code].en] as const),
  ...BILL_LINE_STATUSES.map((code) => ['BILL_LINE_STATUS', code, BILL_LINE_STATUS_LABELS[code]['zh-chs'], BILL_LINE_STATUS_LABELS[code].en] as const),
  ...BILL_BOX_STATUSES.map((code) => ['BILL_BOX_STATUS', code, BILL_BOX_STATUS_LABELS[code]['zh-chs'], BILL_BOX_STATUS_LABELS[code].en] as const),
  // Reel statuses (stock_reels.status): the reel grid (/reel/generate) shows them by name.
  ['STOCK_REEL_STATUS', 'CREATED', '未收货', 'Not received'], ['STOCK_REEL_STATUS', 'INSPECTION', '待检验', 'Pending inspection'],
  ['STOCK_REEL_STATUS', 'IN_STOCK', '在库', 'In stock'], ['STOCK_REEL_STATUS', 'ISSUED', '已发料', 'Issued'], ['STOCK_REEL_STATUS', 'SCRAPPED', '已报废', 'Scrapped'],
  // Equipment statuses (src/shared/equipment/statuses.ts): the equipment ledger shows them by name.
  ...EQUIPMENT_STATUSES.map((code) => ['EQUIPMENT_STATUS', code, EQUIPMENT_STATUS_LABELS[code]['zh-chs'], EQUIPMENT_STATUS_LABELS[code].en] as const),
  // Moisture-sensitive reel events (src/shared/msd/floor-life.ts): the run-card history shows them by name.
  ['MSD_EVENT', 'OPEN', '拆封', 'Bag opened'], ['MSD_EVENT', 'DRY_IN', '放入干燥柜', 'Into dry cabinet'],
  ['MSD_EVENT', 'DRY_OUT', '取出干燥柜', 'Out of dry cabinet'], ['MSD_EVENT', 'BAKE', '烘烤', 'Baked'],
  // Auxiliary material types (master data 辅料, src/shared/masterdata/entities/aux-material.ts).
  ['AUX_MATERIAL_TYPE', 'SOLDER_PASTE', '锡膏', 'Solder paste'], ['AUX_MATERIAL_TYPE', 'RED_GLUE', '红胶', 'Red glue'],
  ['AUX_STATE', 'RECEIVED', '已收货', 'Received'], ['AUX_STATE', 'COLD', '冷藏中', 'In cold storage'], ['AUX_STATE', 'THAWING', '回温中', 'Thawing'],
  ['AUX_STATE', 'OPENED', '已开封', 'Opened'], ['AUX_STATE', 'USED_UP', '已用完', 'Used up'], ['AUX_STATE', 'SCRAPPED', '已报废', 'Scrapped'],
  // Stock count statuses (src/shared/stocktake/statuses.ts): the stocktaking grid shows them by name.
  ...STOCKTAKE_STATUSES.map((code) => [STOCKTAKE_STATUS_LOOKUP, code, STOCKTAKE_STATUS_LABELS[code]['zh-chs'], STOCKTAKE_STATUS_LABELS[code].en] as const),
  // Portal card sources and views (src/shared/portal/cards.ts): the card grid shows them by name.
  ...PORTAL_LOOKUPS,
];

/** A search-field setting of a bill list (the contract's ListSettingInput without LIST_ROUTE). */
export interface BillListSetting {
  PARAM_NAME: string;
  PARAM_CAPTION: string;
  FIELD_NAME: string;
  DATA_TYPE: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
  ACTION_TYPE: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;
  IS_FAST_SEARCH?: 'Y' | 'N';
  SHOW_FORMAT?: string;
  REFERENCE_SQL?: string;
}

/**
 * Each bill type's grid (LIST_ROUTE `/bill/master/<TYPE>`, the type's menu's link made a path): the
 * view bill_header_list (migration 0081_02, captions in both languages) narrowed to the type by the
 * route's fixed condition, newest first; its search fields follow the type's header fields.
 */
export const BILL_LISTS = BILL_TYPE_DECLARATIONS.map((type) => {
  const shows = (field: string) => (type.headerFields as readonly string[]).includes(field);
  const settings: BillListSetting[] = [
    { PARAM_NAME: 'billCode', PARAM_CAPTION: '单据号', FIELD_NAME: 'bill_code', DATA_TYPE: 1, ACTION_TYPE: 10, IS_FAST_SEARCH: 'Y' },
    {
      PARAM_NAME: 'status', PARAM_CAPTION: '状态', FIELD_NAME: 'status', DATA_TYPE: 8, ACTION_TYPE: 1, IS_FAST_SEARCH: 'Y',
      REFERENCE_SQL: "select code, name from md_lookup where org_id = param.org_id and lookup_type = 'BILL_STATUS' order by sort_num",
    },
    ...(shows('vendor_code') ? [{ PARAM_NAME: 'vendorCode', PARAM_CAPTION: '供应商', FIELD_NAME: 'vendor_code', DATA_TYPE: 1, ACTION_TYPE: 1 } as const] : []),
    ...(shows('customer_code') ? [{ PARAM_NAME: 'customerCode', PARAM_CAPTION: '客户', FIELD_NAME: 'customer_code', DATA_TYPE: 1, ACTION_TYPE: 1 } as const] : []),
    ...(shows('mo') ? [{ PARAM_NAME: 'mo', PARAM_CAPTION: '工单号', FIELD_NAME: 'mo', DATA_TYPE: 1, ACTION_TYPE: 10 } as const] : []),
    ...(shows('so') ? [{ PARAM_NAME: 'so', PARAM_CAPTION: '销售订单号', FIELD_NAME: 'so', DATA_TYPE: 1, ACTION_TYPE: 10 } as const] : []),
    { PARAM_NAME: 'description', PARAM_CAPTION: '描述', FIELD_NAME: 'description', DATA_TYPE: 1, ACTION_TYPE: 6 },
    { PARAM_NAME: 'createdAt', PARAM_CAPTION: '创建时间', FIELD_NAME: 'created_at', DATA_TYPE: 5, ACTION_TYPE: 1, SHOW_FORMAT: 'YYYY-MM-DD' },
  ];
  return {
    route: {
      list_route: billListRoute(type.code),
      title: type.name['zh-chs'],
      title_en: type.name.en,
      source_table: 'bill_header_list',
      source_filter: { bill_type: type.code },
      org_scoped: true,
      menu_code: `Bill${type.code}`,
      default_sort: 'created_at desc',
    },
    settings,
    /**
     * Coded and bookkeeping columns (list_column_meta): the status shown by its label; the type, id and organisation
     * hidden, and the header fields the type's form does not show.
     */
    columnMeta: [
      { field_name: 'status', hidden: false, lookup_type: 'BILL_STATUS' },
      { field_name: 'bill_type', hidden: true, lookup_type: null },
      { field_name: 'id', hidden: true, lookup_type: null },
      { field_name: 'org_id', hidden: true, lookup_type: null },
      ...billListColumnsNotShown(type.headerFields).map((field) => ({ field_name: field, hidden: true, lookup_type: null })),
    ],
  };
});

/** Search settings by a generated page's column type: DATA_TYPE (1 text, 3 number, 4 date, 5 date and time) and ACTION_TYPE (6 like, 1 equals). */
const PAGE_SEARCH = { text: [1, 6], int: [3, 1], number: [3, 1], date: [4, 1], datetime: [5, 1] } as const;

/**
 * The grids of the list screens `npm run gen -- page` made (src/shared/pages): the page's link as
 * LIST_ROUTE over its source, one search setting per declared column (yes/no columns are not
 * searched), the first two the quick search; the organisation column hidden.
 */
export const PAGE_LISTS = PAGE_DECLARATIONS.flatMap((declared) => {
  if (!declared.list) return [];
  const searched = declared.list.columns.filter((column) => column.type !== 'bool');
  const settings: BillListSetting[] = searched.map((column, index) => ({
    PARAM_NAME: column.name,
    PARAM_CAPTION: column.label['zh-chs'],
    FIELD_NAME: column.name,
    DATA_TYPE: PAGE_SEARCH[column.type as keyof typeof PAGE_SEARCH][0],
    ACTION_TYPE: PAGE_SEARCH[column.type as keyof typeof PAGE_SEARCH][1],
    IS_FAST_SEARCH: index < 2 ? 'Y' : 'N',
    // No SHOW_FORMAT: a date-and-time column takes the grid's default, with seconds, like every other grid.
  }));
  return [
    {
      route: {
        list_route: declared.link,
        title: declared.title['zh-chs'],
        title_en: declared.title.en,
        source_table: declared.list.source,
        source_filter: {},
        org_scoped: declared.list.orgScoped,
        key_field: declared.list.keyField,
        menu_code: declared.menuCode,
        default_sort: declared.list.defaultSort ?? null,
      },
      settings,
      columnMeta: [
        ...(declared.list.orgScoped ? [{ field_name: 'org_id', hidden: true, lookup_type: null }] : []),
        ...(declared.list.columnMeta ?? []).map((meta) => ({ field_name: meta.field, hidden: meta.hidden ?? false, lookup_type: meta.lookup ?? null })),
      ],
    },
  ];
});

/**
 * The home menus' list screens (DataGrids over the 0041 views); to-do items and memos show only the caller's own.
 * Until the user sorts: pinned notices first, then the newest; to-dos by due time.
 */
export const HOME_LISTS = [
  { list_route: '/home/notice', title: '通知公告', title_en: 'Notices', source_table: 'home_notice_list', org_scoped: true, user_scoped: false, menu_code: 'HomeNotice', default_sort: 'is_top desc, publish_time desc' },
  { list_route: '/home/warning', title: '预警信息', title_en: 'Warnings', source_table: 'home_warning_list', org_scoped: true, user_scoped: false, menu_code: 'HomeWarning', default_sort: 'created_at desc' },
  { list_route: '/home/todo', title: '待办事项', title_en: 'To-do items', source_table: 'home_todo_list', org_scoped: true, user_scoped: true, menu_code: 'HomeTodo', default_sort: 'due_time' },
  { list_route: '/home/memo', title: '备忘录', title_en: 'Memos', source_table: 'home_memo_list', org_scoped: false, user_scoped: true, menu_code: 'HomeMemo', default_sort: 'created_at desc' },
] as const;
