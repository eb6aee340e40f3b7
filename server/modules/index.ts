/** Every domain's handlers, keyed by the contract's operationId. */
import type { ServerContext } from '../context.ts';
import type { OperationHandlers } from '../http/operations.ts';
import { adminMenusHandlers } from './admin/menus.ts';
import { adminOrganizationsHandlers } from './admin/organizations.ts';
import { appsHandlers } from './apps/handlers.ts';
import { authHandlers } from './auth/handlers.ts';
import { barcodeHandlers } from './barcodes/handlers.ts';
import { billHandlers } from './bills/handlers.ts';
import { envConfigHandlers } from './config/env-config.ts';
import { configHandlers } from './config/handlers.ts';
import { favouritesHandlers } from './favourites/handlers.ts';
import { homeHandlers } from './home/handlers.ts';
import { listParamHandlers } from './listparam/handlers.ts';
import { masterDataModuleHandlers } from './masterdata/handlers.ts';
import { adminRolesHandlers } from './roles/admin-roles.ts';
import { rolesHandlers } from './roles/handlers.ts';
import { labelHandlers } from './labels/handlers.ts';
import { shelfHandlers } from './shelves/handlers.ts';
import { stockHandlers } from './stock/handlers.ts';
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
    ...barcodeHandlers(ctx),
    ...shelfHandlers(ctx),
  };
}
