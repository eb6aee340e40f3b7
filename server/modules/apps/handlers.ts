/** SysApp/*: the child applications the portal embeds (the list for the shell, the paged list for the admin screen). */
import type { ServerContext } from '../../context.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { legacyOk } from '../../http/responses.ts';
import { pageWithCount } from '../../query/paging.ts';

export function appsHandlers(ctx: ServerContext) {
  return exactHandlers({
    SysAppGetAll: async () =>
      legacyOk(
        await ctx.db
          .selectFrom('child_apps')
          .select(['code as Code', 'name as Name', 'url as Url'])
          .orderBy('sort_num')
          .orderBy('code')
          .execute(),
      ),

    // The system-app screen: every child app with its order and login flag, paged (legacy shape).
    SysAppList: async (request) => {
      const { Page, Limit } = request.body;
      const { rows, count } = await pageWithCount(
        ctx.db.selectFrom('child_apps'),
        (apps) => apps.select(['code as Code', 'name as Name', 'url as Url', 'sort_num as SORT_NUM', 'requires_login as RequiresLogin']).orderBy('sort_num').orderBy('code'),
        { page: Page, limit: Limit },
      );
      return legacyOk(rows, count);
    },
  } satisfies Partial<OperationHandlers>);
}
