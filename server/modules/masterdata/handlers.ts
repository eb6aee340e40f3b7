/**
 * Master data (spec §2): every entity declared in src/shared/masterdata/entities gets its five
 * operations from the shared CRUD mechanism (server/crud). Nothing entity-specific lives here.
 */
import { masterEntities } from '../../../src/shared/masterdata/entities/index.ts';
import type { ServerContext } from '../../context.ts';
import type { OperationHandlers } from '../../http/operations.ts';
import { masterDataHandlers } from '../../crud/handlers.ts';

export function masterDataModuleHandlers(ctx: ServerContext): Partial<OperationHandlers> {
  // Made at run time from the declarations, so their operationIds are not known to the compiler: their
  // results are checked against the master-data schemas in server/crud instead (the contract
  // validated each request before).
  return masterDataHandlers(ctx, masterEntities) as Partial<OperationHandlers>;
}
