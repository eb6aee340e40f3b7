/**
 * Incoming quality inspection (issue 19). Iqc/SamplePlan: the ISO 2859-1 single sampling plan of a
 * lot, from the shared tables (src/shared/quality/iso2859.ts) the client uses too.
 */
import { AQL_VALUES, aqlColumn, samplePlan, type InspectionLevel, type Severity } from '../../../src/shared/quality/iso2859.ts';
import { authOf, sqlCallerOf } from '../../access.ts';
import type { ServerContext } from '../../context.ts';
import { stockCaller } from '../stock/handlers.ts';
import { getDocument, judgeDocument, looseAccept, makeBill, saveResults, spcHistory } from './documents.ts';
import { Problem } from '../../http/problem.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { ok } from '../../http/responses.ts';
import { streamSheet, XLSX_TYPE } from '../../crud/excel.ts';
import { queryList } from '../../query/list-query.ts';
import { listColumnMeta } from '../../query/column-meta.ts';
import { languageOf } from '../../../src/shared/messages/catalogue.ts';
import { MAX_UNPAGED_ROWS } from '../../../src/shared/search/list-search.ts';
import { qualityReportPage } from '../../../src/shared/pages/quality-report.ts';
import { qualityAcceptanceRatePage } from '../../../src/shared/pages/quality-acceptance-rate.ts';
import { qualityDefectParetoPage } from '../../../src/shared/pages/quality-defect-pareto.ts';
import type { PageDeclaration } from '../../../src/shared/pages/declaration.ts';
import type { components } from '../../../src/api/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';

type SearchCondition = components['schemas']['SearchCondition'];
type ListSortField = components['schemas']['ListSortField'];

/** The plan, or the catalogue's refusal for an AQL that is not a column of the tables. */
export function planOf(lotSize: number, level: InspectionLevel, aql: number, severity: Severity) {
  if (aqlColumn(aql) < 0) throw new Problem(400, 'qualityAqlNotStandard', { aql, values: AQL_VALUES.join(', ') });
  return samplePlan({ lotSize, level, aql, severity });
}

/** The quality grids Iqc/ListExport exports, by their list route (the contract's enum). */
const EXPORTED_PAGES: Record<string, PageDeclaration> = Object.fromEntries(
  [qualityReportPage, qualityAcceptanceRatePage, qualityDefectParetoPage].map((page) => [page.link, page]),
);

export function qualityHandlers(ctx: ServerContext) {
  /** The grid's rows for its search as xlsx: its declared columns, coded ones by their 字典 labels, in the caller's language. */
  async function exportList(page: PageDeclaration, request: FastifyRequest, reply: FastifyReply, body: { conditions?: SearchCondition[]; sort?: ListSortField[] }) {
    const { conditions = [], sort = [] } = body;
    const caller = sqlCallerOf(request);
    const language = languageOf(request.headers['accept-language']);
    const listRoute = page.link;
    const found = await queryList(ctx.db, ctx.cache, ctx.config.listQueryTimeoutMs, caller, {
      listRoute, conditions, sort, page: 1, limit: MAX_UNPAGED_ROWS, wantAggregates: false, exactCount: true,
    });
    if (found.count > MAX_UNPAGED_ROWS) throw new Problem(400, 'listUnpagedTooLarge', { max: MAX_UNPAGED_ROWS });
    const meta = await listColumnMeta(ctx.db, listRoute, caller, language);
    const columns = page.list!.columns;
    const title = page.title[language];
    reply.header('content-type', XLSX_TYPE);
    reply.header('content-disposition', `attachment; filename="${listRoute.split('/').at(-1)}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${title}.xlsx`)}`);
    return reply.send(
      streamSheet(title, columns.map((column) => column.label[language]), (async function* rows() { yield found.rows; })(), (row) =>
        columns.map(({ name }) => {
          const value = row[name];
          if (value === null || value === undefined) return null;
          const label = meta.get(name)?.labels?.find((l) => l.CODE === value)?.NAME;
          return label ?? (value instanceof Date ? value.toISOString() : value);
        }),
      ),
    );
  }

  return exactHandlers({
    IqcSamplePlan: async (request) => {
      const { LotSize, Level, Aql, Severity } = request.body;
      const severity = Severity ?? 'NORMAL';
      const plan = planOf(LotSize, Level, Aql, severity);
      return ok({
        CodeLetter: plan.codeLetter,
        PlanLetter: plan.planLetter,
        SampleSize: plan.sampleSize,
        Ac: plan.ac,
        Re: plan.re,
        FullInspection: plan.fullInspection,
        Severity: severity,
      });
    },
    IqcDocumentGet: async (request) => ok(await getDocument(ctx.db, authOf(request).orgId, request.body.Id)),
    IqcSpcHistory: async (request) => ok(await spcHistory(ctx.db, authOf(request).orgId, request.body.Id, request.body.CheckItemCode)),
    IqcSaveResults: async (request) => {
      const caller = stockCaller(request);
      await saveResults(ctx.db, caller, request.body.Id, request.body.Items, ctx.clock().toISOString().slice(0, 10));
      return ok(await getDocument(ctx.db, caller.orgId, request.body.Id));
    },
    IqcJudge: async (request) => {
      const caller = stockCaller(request);
      await judgeDocument(ctx.db, caller, request.body);
      return ok(await getDocument(ctx.db, caller.orgId, request.body.Id));
    },
    IqcLooseAccept: async (request) => {
      const caller = stockCaller(request);
      await looseAccept(ctx.db, caller, request.body);
      return ok(await getDocument(ctx.db, caller.orgId, request.body.Id));
    },
    IqcMakeBill: async (request) => ok(await makeBill(ctx.db, stockCaller(request), request.body, ctx.clock())),
    // A quality grid's rows (检验报告, 来料批合格率, 缺陷柏拉图) for its search as xlsx.
    IqcListExport: async (request, reply) => exportList(EXPORTED_PAGES[request.body.LIST_ROUTE], request, reply, request.body),
  } satisfies Partial<OperationHandlers>);
}
