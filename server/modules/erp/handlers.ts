/**
 * The ERP bridge's calls: SysWarning/Retry (a stuck posting's warning tried again, x-permission
 * HomeWarning#Retry) and Bill/SyncFromErp (spec §4 sync-create from ERP for one bill type,
 * x-permission billType(body.BillType)#Save: who may make bills of the type may import them).
 */
import type { ServerContext } from '../../context.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import { messageForRequest, requestLanguage } from '../../i18n.ts';
import { renderStoredMessage } from '../../../src/shared/messages/catalogue.ts';
import { authOf } from '../../access.ts';
import { stockCaller } from '../stock/handlers.ts';
import { DEFAULT_ERP_SERVICE, ErpCallError, erpEndpoints } from './client.ts';
import { retryPostingWarning } from './delivery.ts';
import { isSyncBillType, syncOrganisation } from './sync.ts';

export function erpHandlers(ctx: ServerContext) {
  return exactHandlers({
    SysWarningRetry: async (request) => {
      const { orgId } = authOf(request);
      const id = request.body.Id;
      const outcome = await retryPostingWarning(ctx.db, orgId, id);
      if (outcome === 'not-found') throw new Problem(404, 'warningNotFound');
      if (outcome === 'not-retryable') throw new Problem(400, 'warningNotRetryable');
      if (outcome === 'not-configured') throw new Problem(400, 'erpNotConfigured', { service: DEFAULT_ERP_SERVICE });
      const message =
        outcome.status === 'success'
          ? messageForRequest(request, 'warningRetrySuccess')
          : outcome.status === 'failure'
            ? messageForRequest(request, 'warningRetryFailure', {
                error: outcome.error ? renderStoredMessage(requestLanguage(request), outcome.error.message, outcome.error.text) : '',
              })
            : messageForRequest(request, 'warningRetryProcessing');
      return ok({ ID: id, CALL_STATUS: outcome.status }, message);
    },

    BillSyncFromErp: async (request) => {
      const caller = stockCaller(request);
      const billType = request.body.BillType;
      if (!isSyncBillType(billType)) throw new Problem(400, 'erpSyncBillTypeUnsupported', { type: billType });
      const endpoint = (await erpEndpoints(ctx.db, DEFAULT_ERP_SERVICE, [caller.orgId])).get(caller.orgId);
      if (!endpoint) throw new Problem(400, 'erpNotConfigured', { service: DEFAULT_ERP_SERVICE });
      try {
        const report = await syncOrganisation(ctx.db, endpoint, caller, ctx.clock, { billTypes: [billType] });
        return ok(
          {
            Created: report.created.map((c) => ({ Source: c.source, BillCode: c.billCode })),
            Existing: report.existing,
            Problems: report.problems.map((problem) => messageForRequest(request, problem.message, problem.params)),
          },
          messageForRequest(request, 'erpSyncDone', { created: report.created.length, existing: report.existing }),
        );
      } catch (error) {
        // The ERP's failure in the caller's language (its `message` is the default language's, already 'ERP调用失败：…').
        if (error instanceof ErpCallError) throw new Problem(502, error.ref.message, error.ref.params);
        throw error;
      }
    },
  } satisfies Partial<OperationHandlers>);
}
