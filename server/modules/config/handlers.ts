/** SysConfig/* and SysEnvConfig/*: API path configuration variables and server environment rows. */
import type { ServerContext } from '../../context.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { ok } from '../../http/responses.ts';

export function configHandlers(ctx: ServerContext) {
  return exactHandlers({
    SysConfigGetApiPathConfig: async () => {
      const rows = await ctx.db.selectFrom('api_path_config').select(['name', 'value']).orderBy('name').execute();
      return ok(Object.fromEntries(rows.map((row) => [row.name, row.value])));
    },

    SysEnvConfigGetEnvVars: async () =>
      ok(
        await ctx.db
          .selectFrom('environment_variables')
          .select(['env_name as EnvName', 'var_name as VarName', 'url_prefix as UrlPrefix', 'enabled as Enabled'])
          .orderBy('env_name')
          .orderBy('var_name')
          .execute(),
      ),
  } satisfies Partial<OperationHandlers>);
}
