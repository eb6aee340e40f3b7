/**
 * ListParam/*: the grid framework's calls (spec §7 List parameters) — a list's search-field
 * settings, each user's saved search and column configuration, dropdown options, the source's
 * columns, export/import of the settings, and the list data itself (QueryData, server/query/).
 * Who may call them (the list's menu, or one of its grid buttons) is the contract's x-permission,
 * checked before any handler here runs (server/access.ts listAccessControl).
 */
import type { FastifyRequest } from 'fastify';
import { authOf, callerHolds, sqlCallerOf, type RequestAuth } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import { exactHandlers, type OkBodyOf, type OperationHandlers } from '../../http/operations.ts';
import { RawJson, rawJsonArray, sendWithRawJson } from '../../http/raw-json.ts';
import { legacyOk, ok } from '../../http/responses.ts';
import { languageOf } from '../../../src/shared/messages/catalogue.ts';
import { listColumnMeta } from '../../query/column-meta.ts';
import { allOptions, optionPage } from '../../query/dropdown.ts';
import { cachedListRoute, cachedListSettings, loadListSettings, queryListJsonRows } from '../../query/list-query.ts';
import { findListRoute, sourceColumns } from '../../query/list-source.ts';
import { runReadOnly } from '../../query/read-only.ts';
import { settingsOfImportFile } from './import-file.ts';
import { singleListRoute } from '../../../src/shared/search/list-settings.ts';
import {
  deleteAllSettings,
  deleteSetting,
  dropdownSetting,
  saveSettings,
  toWireSetting,
} from './settings.ts';
import {
  deleteColumnConfig,
  loadColumnConfig,
  loadSavedConditions,
  requireOwnUserName,
  saveColumnConfig,
  saveSavedConditions,
} from './user-config.ts';


/** The multipart form of ListParam/Import, as server/http/uploads.ts puts it on the body. */
interface ImportForm {
  file: string;
  LIST_ROUTE: string;
}

export function listParamHandlers(ctx: ServerContext) {
  // Read at call time: the factory only closes over the context.
  const timeoutMs = () => ctx.config.listQueryTimeoutMs;
  // One gate for all configured SQL: the button that saves a custom report's SQL (ReportSetting#SqlConfig).
  const sqlConfigOf = (auth: RequestAuth) => () => callerHolds(ctx, auth, { menuCode: 'ReportSetting', buttonCode: 'SqlConfig' });

  return exactHandlers({
    ListParamLoadData: async (request) => {
      const route = await cachedListRoute(ctx.cache, ctx.db, request.body.LIST_ROUTE);
      const settings = (await cachedListSettings(ctx.cache, ctx.db, route.list_route)).map(toWireSetting);
      const { Page = 1, Limit = 999 } = request.body;
      return { ...ok(settings.slice((Page - 1) * Limit, Page * Limit)), count: settings.length };
    },

    ListParamSaveData: async (request) => {
      const auth = authOf(request);
      const listRoute = singleListRoute(request.body);
      // Spec §5: saving an empty settings grid does nothing.
      if (listRoute === undefined) return { ...ok([]), count: 0 };
      const route = await findListRoute(ctx.db, listRoute);
      const saved = await saveSettings(ctx.db, timeoutMs(), sqlCallerOf(request), route, request.body, { replaceAll: false, mayConfigureSql: sqlConfigOf(auth) });
      return { ...ok(saved.map(toWireSetting)), count: saved.length };
    },

    ListParamDeleteOne: async (request) => {
      const route = await findListRoute(ctx.db, request.body.LIST_ROUTE);
      return ok(await deleteSetting(ctx.db, sqlCallerOf(request), route, request.body.ID));
    },

    ListParamDeleteAllParams: async (request) => {
      const route = await findListRoute(ctx.db, request.body.LIST_ROUTE);
      return ok(await deleteAllSettings(ctx.db, sqlCallerOf(request), route));
    },

    ListParamGetSelectList: async (request) => {
      const caller = sqlCallerOf(request);
      const setting = await dropdownSetting(ctx.db, request.body.LIST_ROUTE, request.body.PARAM_NAME);
      return ok(await runReadOnly(ctx.db, timeoutMs(), (trx) => allOptions(trx, { ...setting, caller }), caller.language));
    },

    ListParamGetSelectPageList: async (request) => {
      const caller = sqlCallerOf(request);
      const { LIST_ROUTE, PARAM_NAME, Key, Page = 1, Limit = 15, OrderByParam, OrderBySort = 0 } = request.body;
      const setting = await dropdownSetting(ctx.db, LIST_ROUTE, PARAM_NAME);
      const { options, total } = await runReadOnly(ctx.db, timeoutMs(), (trx) =>
        optionPage(trx, { ...setting, caller }, { key: Key, page: Page, limit: Limit, orderBy: OrderByParam, descending: OrderBySort === 1 }),
      caller.language);
      return legacyOk(options, total);
    },

    ListParamLoadListAdvancedQuery: async (request) => {
      const auth = authOf(request);
      requireOwnUserName(auth, request.body.USER_NAME);
      return ok(await loadSavedConditions(ctx.db, auth, await findListRoute(ctx.db, request.body.LIST_ROUTE)));
    },

    ListParamSaveListAdvancedQuery: async (request) => {
      const auth = authOf(request);
      const route = await findListRoute(ctx.db, request.query.listRoute);
      return ok(await saveSavedConditions(ctx.db, timeoutMs(), auth, sqlCallerOf(request), route, request.body));
    },

    ListParamLoadListFields: async (request) => {
      const auth = authOf(request);
      requireOwnUserName(auth, request.body.USER_NAME);
      return ok(await loadColumnConfig(ctx.db, auth, await findListRoute(ctx.db, request.body.LIST_ROUTE)));
    },

    ListParamSaveListFields: async (request) => {
      const auth = authOf(request);
      const listRoute = singleListRoute(request.body);
      if (listRoute === undefined) return ok([]);
      const route = await findListRoute(ctx.db, listRoute);
      return ok(await saveColumnConfig(ctx.db, timeoutMs(), auth, sqlCallerOf(request), route, request.body));
    },

    ListParamDeleteFields: async (request) => {
      const auth = authOf(request);
      requireOwnUserName(auth, request.body.USER_NAME);
      const route = await findListRoute(ctx.db, request.body.LIST_ROUTE);
      return legacyOk(await deleteColumnConfig(ctx.db, route, request.body.ALL ? 'all-users' : { userId: auth.user.id }));
    },

    ListParamGetIntiTableColumnList: async (request) => {
      const caller = sqlCallerOf(request);
      const route = await findListRoute(ctx.db, request.query.LIST_ROUTE);
      const language = languageOf(request.headers['accept-language']);
      const columns = await runReadOnly(ctx.db, timeoutMs(), (trx) => sourceColumns(trx, route, caller, language, { withTypes: true }));
      // The product's own tables (not the list's source): read outside the source's read-only transaction.
      const meta = await listColumnMeta(ctx.db, route.list_route, caller, language);
      return ok(
        columns.map((column) => {
          const { hidden = false, labels, caption, width } = meta.get(column.name) ?? {};
          return {
            COLUMN_NAME: column.name,
            COLUMN_CAPTION: caption ?? column.caption,
            COLUMN_TYPE: column.type,
            ...(width ? { COLUMN_WIDTH: width } : {}),
            ...(hidden ? { IS_VISIBLE: 'N' as const } : {}),
            ...(labels ? { LABELS: labels } : {}),
          };
        }),
      );
    },

    ListParamExport: async (request) => {
      const route = await findListRoute(ctx.db, request.query.listRoute);
      const settings = (await loadListSettings(ctx.db, route.list_route)).map(toWireSetting);
      const title = languageOf(request.headers['accept-language']) === 'en' ? route.title_en : route.title;
      return ok({ LIST_ROUTE: route.list_route, TITLE: title, PARAMS: settings });
    },

    ListParamImport: async (request) => {
      const auth = authOf(request);
      // The contract validated the form (server/http/uploads.ts turns it into this body).
      const form = (request as FastifyRequest<{ Body: ImportForm }>).body;
      const route = await findListRoute(ctx.db, form.LIST_ROUTE);
      const inputs = settingsOfImportFile(form.file, route.list_route);
      const saved = await saveSettings(ctx.db, timeoutMs(), sqlCallerOf(request), route, inputs, { replaceAll: true, mayConfigureSql: sqlConfigOf(auth) });
      return legacyOk(saved.map(toWireSetting));
    },

    ListParamQueryData: async (request, reply) => {
      const { LIST_ROUTE, conditions = [], Page = 1, Limit = 200, sort = [], wantAggregates = false } = request.body;
      const page = await queryListJsonRows(ctx.db, ctx.cache, timeoutMs(), sqlCallerOf(request), {
        listRoute: LIST_ROUTE,
        conditions,
        page: Page,
        limit: Limit,
        sort,
        wantAggregates,
      });
      const rows = rawJsonArray(page.rows);
      // The contract's answer, with the rows as the database wrote them (one JSON text each).
      const answer: Omit<OkBodyOf<'ListParamQueryData'>, 'data'> & { data: Omit<OkBodyOf<'ListParamQueryData'>['data'], 'rows'> & { rows: RawJson } } = {
        ...ok({ rows, KEY_FIELD: page.keyField, ...(page.aggregates ? { aggregates: page.aggregates } : {}) }),
        count: page.count,
        ...(page.countIsEstimate ? { countIsEstimate: page.countIsEstimate } : {}),
      };
      // Answered: an async handler that returns the reply it sent is done (Fastify sends nothing more).
      return sendWithRawJson(reply, answer, rows) as never;
    },
  } satisfies Partial<OperationHandlers>);
}
