/** Live/Events: the caller's stream of live updates (hub.ts). */
import { authOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';

export function liveHandlers(ctx: ServerContext) {
  return exactHandlers({
    LiveEvents: async (request, reply) => ctx.live.open(request, reply, authOf(request)),
  } satisfies Partial<OperationHandlers>);
}
