/** Every domain's handlers, keyed by the contract's operationId. */
import type { ServerContext } from '../context.ts';
import type { OperationHandlers } from '../http/operations.ts';
import { adminMenusHandlers } from './admin/menus.ts';
import { adminOrganizationsHandlers } from './admin/organizations.ts';
import { appsHandlers } from './apps/handlers.ts';
import { authHandlers } from './auth/handlers.ts';
import { barcodeHandlers } from './barcodes/handlers.ts';
import { billHandlers } from './bills/handlers.ts';
import { equipmentHandlers } from './equipment/handlers.ts';
import { erpHandlers } from './erp/handlers.ts';
import { envConfigHandlers } from './config/env-config.ts';
import { configHandlers } from './config/handlers.ts';
import { favouritesHandlers } from './favourites/handlers.ts';
import { homeHandlers } from './home/handlers.ts';
import { listParamHandlers } from './listparam/handlers.ts';
import { masterDataModuleHandlers } from './masterdata/handlers.ts';
import { adminRolesHandlers } from './roles/admin-roles.ts';
import { rolesHandlers } from './roles/handlers.ts';
import { labelHandlers } from './labels/handlers.ts';
import { qualityHandlers } from './quality/handlers.ts';
import { shelfHandlers } from './shelves/handlers.ts';
import { jobsHandlers } from './jobs/handlers.ts';
import { liveHandlers } from './live/handlers.ts';
import { portalHandlers } from './portal/handlers.ts';
import { reportHandlers } from './reports/handlers.ts';
import { stockHandlers } from './stock/handlers.ts';
import { stocktakeHandlers } from './stocktake/handlers.ts';
import { msdHandlers } from './msd/handlers.ts';
import { auxiliaryHandlers } from './auxiliary/handlers.ts';
import { excelImportHandlers } from './tools/excel-import.ts';
import { toolFilesHandlers } from './tools/tool-files.ts';
import { adminUsersHandlers } from './users/admin-users.ts';
import { usersHandlers } from './users/handlers.ts';

export function operationHandlers(ctx: ServerContext): Partial<OperationHandlers> {
  return {
    ...authHandlers(ctx),
    ...usersHandlers(ctx),
    ...rolesHandlers(ctx),
    ...appsHandlers(ctx),
    ...configHandlers(ctx),
    ...favouritesHandlers(ctx),
    ...homeHandlers(ctx),
    ...listParamHandlers(ctx),
    ...masterDataModuleHandlers(ctx),
    ...adminUsersHandlers(ctx),
    ...adminRolesHandlers(ctx),
    ...adminMenusHandlers(ctx),
    ...adminOrganizationsHandlers(ctx),
    ...envConfigHandlers(ctx),
    ...toolFilesHandlers(ctx),
    ...excelImportHandlers(ctx),
    ...stockHandlers(ctx),
    ...labelHandlers(ctx),
    ...billHandlers(ctx),
    ...erpHandlers(ctx),
    ...barcodeHandlers(ctx),
    ...shelfHandlers(ctx),
    ...qualityHandlers(ctx),
    ...jobsHandlers(ctx),
    ...liveHandlers(ctx),
    ...equipmentHandlers(ctx),
    ...stocktakeHandlers(ctx),
    ...msdHandlers(ctx),
    ...auxiliaryHandlers(ctx),
    ...reportHandlers(ctx),
    ...portalHandlers(ctx),
  };
}
