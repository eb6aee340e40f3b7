/**
 * Menu link -> lazy page (spec §2 dynamic routes). The key is the menu link without its leading
 * slash and without its query: `/bill/master?billType=IN` -> 'bill/master' (the page reads
 * billType from useMenuRoute().params). A link with no entry here shows the 'module not found'
 * page. `npm run gen` appends entries above the marker line; keep one entry per line.
 */
import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * The page that is just the DataGrid of its menu link's LIST_ROUTE. The router knows from this entry
 * which grid such a route opens, and fetches the grid's data with the page's code (routes/routeObjects.tsx).
 */
const listRoutePage: PageLoader = () => import('../grid/ListRoutePage');
export const isListRoutePage = (loader: PageLoader | undefined) => loader === listRoutePage;

export const pageRegistry: Record<string, PageLoader> = {
  'grid/demo-reels': listRoutePage,
  // The home menus' lists (server/db/seed/system-data.ts HOME_LISTS): a DataGrid of the menu link's LIST_ROUTE.
  'home/notice': listRoutePage,
  'home/warning': listRoutePage,
  'home/todo': listRoutePage,
  'home/memo': listRoutePage,
  'masterdata/lookup': () => import('../features/masterdata/pages/LookupPage'),
  'masterdata/company': () => import('../features/masterdata/pages/CompanyPage'),
  'masterdata/factory': () => import('../features/masterdata/pages/FactoryPage'),
  'masterdata/business-unit': () => import('../features/masterdata/pages/BusinessUnitPage'),
  'masterdata/storage-location': () => import('../features/masterdata/pages/StorageLocationPage'),
  'masterdata/locator': () => import('../features/masterdata/pages/LocatorPage'),
  'masterdata/vendor': () => import('../features/masterdata/pages/VendorPage'),
  'masterdata/customer': () => import('../features/masterdata/pages/CustomerPage'),
  'masterdata/part': () => import('../features/masterdata/pages/PartPage'),
  'masterdata/part-extension': () => import('../features/masterdata/pages/PartExtensionPage'),
  'masterdata/warehouse-manager': () => import('../features/masterdata/pages/WarehouseManagerPage'),
  'masterdata/part-charger': () => import('../features/masterdata/pages/PartChargerPage'),
  'masterdata/rack': () => import('../features/masterdata/pages/RackPage'),
  'masterdata/rack-cell': () => import('../features/masterdata/pages/RackCellPage'),
  'masterdata/standard-pack': () => import('../features/masterdata/pages/StandardPackPage'),
  'masterdata/unit-conversion': () => import('../features/masterdata/pages/UnitConversionPage'),
  'masterdata/part-mapping': () => import('../features/masterdata/pages/PartMappingPage'),
  'masterdata/vendor-mapping': () => import('../features/masterdata/pages/VendorMappingPage'),
  'schedule/bill-type': () => import('../features/masterdata/pages/BillTypePage'),
  'schedule/bill-type-extension': () => import('../features/masterdata/pages/BillTypeExtensionPage'),
  'schedule/service-config': () => import('../features/masterdata/pages/ServiceConfigPage'),
  'schedule/job': () => import('../features/admin/pages/JobSchedulePage'),
  'admin/user': () => import('../features/admin/pages/UsersPage'),
  'admin/role': () => import('../features/admin/pages/RolesPage'),
  'admin/menu': () => import('../features/admin/pages/MenusPage'),
  'admin/pda-menu': () => import('../features/admin/pages/PdaMenusPage'),
  'admin/organization': () => import('../features/admin/pages/OrganizationsPage'),
  'admin/organization-type': () => import('../features/admin/pages/OrganizationTypesPage'),
  'admin/env-config': () => import('../features/admin/pages/EnvConfigPage'),
  'admin/sys-app': () => import('../features/admin/pages/SysAppsPage'),
  'admin/version': () => import('../features/home/pages/VersionPage'),
  'admin/tools-file': () => import('../features/admin/pages/ToolsFilePage'),
  'admin/download': () => import('../features/admin/pages/DownloadPage'),
  'admin/excel-import': () => import('../features/admin/pages/ExcelImportPage'),
  // One page for every bill type: the menus Bill<CODE> link /bill/master?billType=<CODE> (the page reads billType).
  'bill/master': () => import('../features/bills/pages/BillMasterPage'),
  'warehouse/receiving': () => import('../features/bills/pages/GoodsReceivingPage'),
  'warehouse/stock': () => import('../features/stock/pages/StockQueryPage'),
  'warehouse/reel': () => import('../features/stock/pages/ReelQueryPage'),
  'warehouse/ledger': () => import('../features/stock/pages/StockLedgerPage'),
  'warehouse/reel-aging': () => import('../features/warehouse/pages/ReelAgingPage'),
  'reel/parse-rule': () => import('../features/masterdata/pages/BarcodeRulePage'),
  'reel/generate': () => import('../features/stock/pages/ReelLabelsPage'),
  'warehouse/rack-view': () => import('../features/warehouse/pages/RackViewPage'),
  'quality/tool': () => import('../features/masterdata/pages/QualityToolPage'),
  'quality/check-item': () => import('../features/masterdata/pages/QualityCheckItemPage'),
  'quality/level': () => import('../features/masterdata/pages/QualityLevelPage'),
  'quality/sample-code': () => import('../features/masterdata/pages/QualitySampleCodePage'),
  'quality/aql': () => import('../features/masterdata/pages/QualityAqlPage'),
  'quality/sample-scheme': () => import('../features/masterdata/pages/QualitySampleSchemePage'),
  'quality/template': () => import('../features/masterdata/pages/QualityTemplatePage'),
  'quality/document': () => import('../features/quality/pages/QualityDocumentPage'),
  'warehouse/equipment': () => import('../features/masterdata/pages/EquipmentPage'),
  'stocktake': () => import('../features/stocktake/pages/StocktakePage'),
  'msd/run-card': () => import('../features/msd/pages/MsdRunCardPage'),
  'masterdata/aux-material-category': () => import('../features/masterdata/pages/AuxMaterialCategoryPage'),
  'masterdata/aux-material': () => import('../features/masterdata/pages/AuxMaterialPage'),
  'warehouse/solder-paste': () => import('../features/warehouse/pages/SolderPastePage'),
  'warehouse/red-glue': () => import('../features/warehouse/pages/RedGluePage'),
  // One page for every custom report: the menus link /report/loading?code=<code> (the page reads code).
  'report/loading': () => import('../features/reports/pages/ReportLoadingPage'),
  'report/setting': () => import('../features/reports/pages/ReportSettingPage'),
  // Opened in a new window by its menu (Target _blank): the window shows it at this path.
  'report/setting-help': () => import('../features/reports/pages/ReportSettingHelpPage'),
  'report/sql-config': () => import('../features/reports/pages/SqlConfigPage'),
  'quality/loose-approval': () => import('../features/quality/pages/QualityLooseApprovalPage'),
  'quality/report': () => import('../features/quality/pages/QualityReportPage'),
  'report/portal-card': () => import('../features/masterdata/pages/PortalCardPage'),
  'report/portal-scheme': () => import('../features/home/pages/PortalSchemePage'),
  'warehouse/home-config': () => import('../features/home/pages/HomeConfigPage'),
  'quality/acceptance-rate': () => import('../features/quality/pages/QualityAcceptanceRatePage'),
  'quality/defect-pareto': () => import('../features/quality/pages/QualityDefectParetoPage'),
  // plop:append-page (generators insert above this line)
};
