/**
 * Environment config administration (SysEnvConfig/List, Add, Update, Delete): the rows behind
 * ADMIN's environment selector. A row's UrlPrefix is an API address: it must be an http or https
 * URL ('API address configuration format is wrong', spec §5).
 */
import { randomUUID } from 'node:crypto';
import type { components } from '../../../src/api/schema';
import type { ServerContext } from '../../context.ts';
import type { DB } from '../../db/database.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import { messageForRequest } from '../../i18n.ts';
import { pageWithCount } from '../../query/paging.ts';
import { isHttpUrl } from '../../../src/shared/http-url.ts';

type EnvConfigRow = components['schemas']['EnvConfigRow'];
type EnvConfigSave = components['schemas']['EnvConfigSaveRequest'];


const columns = ['id as ID', 'env_name as EnvName', 'var_name as VarName', 'url_prefix as UrlPrefix', 'enabled as Enabled'] as const;

async function rowById(db: DB, id: string): Promise<EnvConfigRow | undefined> {
  return db.selectFrom('environment_variables').select(columns).where('id', '=', id).executeTakeFirst();
}

export function envConfigHandlers(ctx: ServerContext) {
  const { db } = ctx;

  /** The row to write, checked: a valid URL and no other row with the same environment and variable. */
  async function checked(body: EnvConfigSave, exceptId: string | undefined) {
    if (!isHttpUrl(body.UrlPrefix)) throw new Problem(400, 'envConfigUrlInvalid', {}, { Field: 'UrlPrefix' });
    const fields = { env_name: body.EnvName.trim(), var_name: body.VarName.trim(), url_prefix: body.UrlPrefix.trim(), enabled: body.Enabled ?? 'Y' };
    let same = db.selectFrom('environment_variables').select('id').where('env_name', '=', fields.env_name).where('var_name', '=', fields.var_name);
    if (exceptId) same = same.where('id', '<>', exceptId);
    if (await same.executeTakeFirst()) throw new Problem(409, 'envConfigExists', { env: fields.env_name, name: fields.var_name }, { Field: 'VarName' });
    return fields;
  }

  return exactHandlers({
    SysEnvConfigList: async (request) => {
      const { Page, Limit, Data } = request.body;
      let query = db.selectFrom('environment_variables');
      if (Data?.EnvName) query = query.where('env_name', '=', Data.EnvName);
      if (Data?.VarName) query = query.where('var_name', '=', Data.VarName);
      const { rows, count } = await pageWithCount(query, (found) => found.select(columns).orderBy('env_name').orderBy('var_name'), { page: Page, limit: Limit });
      return { ...ok(rows), count };
    },

    SysEnvConfigAdd: async (request) => {
      if (request.body.ID) throw new Problem(400, 'badRequest');
      const id = randomUUID();
      await db.insertInto('environment_variables').values({ id, ...(await checked(request.body, undefined)) }).execute();
      return ok((await rowById(db, id))!, messageForRequest(request, 'masterSaved'));
    },

    SysEnvConfigUpdate: async (request) => {
      const id = request.body.ID;
      if (!id || !(await rowById(db, id))) throw new Problem(404, 'masterNotFound');
      await db.updateTable('environment_variables').set(await checked(request.body, id)).where('id', '=', id).execute();
      return ok((await rowById(db, id))!, messageForRequest(request, 'masterSaved'));
    },

    SysEnvConfigDelete: async (request) => {
      const deleted = await db.deleteFrom('environment_variables').where('id', '=', request.query.id).executeTakeFirst();
      if (!deleted.numDeletedRows) throw new Problem(404, 'masterNotFound');
      return ok(null, messageForRequest(request, 'masterDeleted'));
    },
  } satisfies Partial<OperationHandlers>);
}
