/** Shelf/Cells: the rack view's read; Shelf/SuggestCell: put-to-light at receipt (shelves.ts), in the organisation the caller acts in. */
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import { rackCells, suggestCell } from './shelves.ts';

export function shelfHandlers(ctx: ServerContext) {
  return exactHandlers({
    ShelfCells: async (request) => {
      const view = await rackCells(ctx, authOf(request).orgId, request.query.rackCode);
      if (!view) throw new Problem(404, 'shelfRackNotFound', { rack: request.query.rackCode });
      return ok(view);
    },
    ShelfSuggestCell: async (request) => ok(await suggestCell(ctx, authOf(request).orgId, request.body, request.log)),
  } satisfies Partial<OperationHandlers>);
}
