/**
 * Master data (spec §2): every entity declared in src/features/masterdata/entities gets its five
 * operations from the shared CRUD mechanism (server/crud). Nothing entity-specific lives here.
 */
import { masterEntities } from '../../../src/features/masterdata/entities/index.ts';
import type { ServerContext } from '../../context.ts';
import type { OperationHandlers } from '../../http/operations.ts';
import { masterDataHandlers } from '../../crud/handlers.ts';

export function masterDataModuleHandlers(ctx: ServerContext): Partial<OperationHandlers> {
  // Generic handlers, typed by the declarations; the contract validated each request before.
  return masterDataHandlers(ctx, masterEntities) as Partial<OperationHandlers>;
}
