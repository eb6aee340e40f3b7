/**
 * Report/*: the custom report setting (three steps, help, delete, audit) and what the custom-report
 * loading page shows besides the grid (Report/Layout). The report's rows come from ListParam/QueryData
 * on its list `/report/loading/<code>`. Who may call what is the contract's x-permission: the setting's
 * menu, its Save / Delete buttons, and its SqlConfig button for anything that runs or saves SQL.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { components } from '../../../src/api/schema';
import { authOf, callerHolds, sqlCallerOf } from '../../access.ts';
import { MENU_EDIT_SCREEN } from '../../../src/shared/admin-rules/menus.ts';
import type { ServerContext } from '../../context.ts';
import { exactHandlers, type OperationHandlers } from '../../http/operations.ts';
import { Problem } from '../../http/problem.ts';
import { ok } from '../../http/responses.ts';
import { streamSheet, XLSX_TYPE } from '../../crud/excel.ts';
import { readListWithCursor } from '../../query/list-export.ts';
import { languageOf } from '../../../src/shared/messages/catalogue.ts';
import { REPORT_LOADING_LINK, REPORT_PREVIEW_ROWS, reportListRoute } from '../../../src/shared/reports/definition.ts';
import {
  ancestorsOf,
  childrenOf,
  deleteReport,
  findReport,
  levelOf,
  listReports,
  previewReportSql,
  reportAudit,
  saveReportBasics,
  saveReportGrid,
  saveReportHelp,
  saveReportSql,
  type ReportRow,
} from './reports.ts';

type WireReport = components['schemas']['ReportRow'];
type WireLink = components['schemas']['ReportLink'];

const wireReport = (row: ReportRow, level: number): WireReport => ({
  Code: row.code,
  Name: row.name,
  NameEn: row.name_en,
  ParentCode: row.parent_code,
  MenuCode: row.menu_code,
  Level: level,
  ListRoute: reportListRoute(row.code),
  Sql: row.sql_text,
  Params: row.params,
  DrillParams: row.drill_params,
  Columns: row.grid_columns,
  Chart: row.chart,
  HelpHtml: row.help_html,
  UpdatedAt: row.updated_at.toISOString(),
  UpdatedBy: row.updated_by,
});

const wireLink = (row: ReportRow): WireLink => ({
  Code: row.code,
  Name: row.name,
  NameEn: row.name_en,
  ListRoute: reportListRoute(row.code),
  DrillParams: row.drill_params,
});

export function reportHandlers(ctx: ServerContext) {
  const { db } = ctx;
  const timeoutMs = () => ctx.config.listQueryTimeoutMs;
  const reportOfList = (listRoute: string) => {
    const prefix = `${REPORT_LOADING_LINK}/`;
    if (!listRoute.startsWith(prefix)) throw new Problem(404, 'reportNotFound', { code: listRoute });
    return findReport(db, listRoute.slice(prefix.length));
  };
  const withLevel = async (row: ReportRow) => wireReport(row, levelOf(await ancestorsOf(db, row)));

  return exactHandlers({
    ReportLoadData: async (request) => {
      const reports = await listReports(db, request.body.Code);
      return { ...ok(reports.map(({ report, level }) => wireReport(report, level))), count: reports.length };
    },

    ReportSaveBasics: async (request) => {
      const body = request.body;
      // Placing the report in the menu writes a menu item: the menu screen's right, on top of the setting's.
      if (body.MenuParentId && !(await callerHolds(ctx, authOf(request), { menuCode: MENU_EDIT_SCREEN, buttonCode: 'Save' }))) {
        throw new Problem(403, 'reportMenuButtonMissing');
      }
      const saved = await saveReportBasics(db, sqlCallerOf(request).userName, {
        code: body.Code,
        name: body.Name,
        nameEn: body.NameEn,
        isNew: body.IsNew,
        parentCode: body.ParentCode,
        menuCode: body.MenuCode,
        menuParentId: body.MenuParentId,
        drillParams: body.DrillParams,
      });
      return ok(await withLevel(saved));
    },

    ReportSaveSql: async (request) => {
      const { Code, Sql, Params } = request.body;
      return ok(await withLevel(await saveReportSql(db, timeoutMs(), sqlCallerOf(request), Code, Sql, Params)));
    },

    ReportPreview: async (request) => {
      const { Sql, Params, Values = {} } = request.body;
      const preview = await previewReportSql(db, timeoutMs(), sqlCallerOf(request), Sql, Params, Values);
      return ok({ Columns: preview.columns, Rows: preview.rows, ElapsedMs: preview.elapsedMs, RowLimit: REPORT_PREVIEW_ROWS });
    },

    ReportSaveGrid: async (request) => {
      const { Code, Columns, Chart = null } = request.body;
      return ok(await withLevel(await saveReportGrid(db, timeoutMs(), sqlCallerOf(request), Code, Columns, Chart)));
    },

    ReportSaveHelp: async (request) => {
      const { Code, HelpHtml } = request.body;
      return ok(await withLevel(await saveReportHelp(db, sqlCallerOf(request).userName, Code, HelpHtml)));
    },

    ReportDelete: async (request) => {
      await deleteReport(db, sqlCallerOf(request).userName, request.body.Code);
      return ok(null);
    },

    ReportAudit: async (request) => {
      const rows = await reportAudit(db, request.body.Code);
      return ok(
        rows.map((row) => ({
          Id: String(row.id),
          Code: row.report_code,
          Action: row.action as 'CREATE',
          UserName: row.user_name,
          At: row.at.toISOString(),
          SqlBefore: row.sql_before,
          SqlAfter: row.sql_after,
          Detail: row.detail,
        })),
      );
    },

    ReportLayout: async (request) => {
      const report = await reportOfList(request.query.LIST_ROUTE);
      const [children, ancestors] = await Promise.all([childrenOf(db, report.code), ancestorsOf(db, report)]);
      return ok({
        Code: report.code,
        Name: report.name,
        NameEn: report.name_en,
        Chart: report.chart,
        HelpHtml: report.help_html,
        Params: report.params,
        Children: children.filter((child) => child.sql_text).map(wireLink),
        Ancestors: ancestors.map(wireLink),
      });
    },

    ReportExportData: async (request, reply) => {
      const { LIST_ROUTE, conditions = [], sort = [] } = request.body;
      const report = await reportOfList(LIST_ROUTE);
      const language = languageOf(request.headers['accept-language']);
      const configured = new Map(report.grid_columns.map((column) => [column.field, column]));
      const captionOf = (field: string) => {
        const column = configured.get(field);
        return (language === 'en' ? column?.captionEn || column?.caption : column?.caption) || field;
      };
      const title = language === 'en' ? report.name_en || report.name : report.name;
      // Every row, however many: the report's SQL runs once (a cursor, linear in its rows) and the
      // workbook is written to a file as the rows come, so neither the rows nor the database
      // session are held while the client downloads; the file goes when it has been sent.
      const file = join(tmpdir(), `report-export-${randomUUID()}.xlsx`);
      try {
        await readListWithCursor(db, ctx.cache, timeoutMs(), sqlCallerOf(request), { listRoute: LIST_ROUTE, conditions, sort }, ctx.config.exportPageRows, async (first, rest) => {
          const fields = first.length ? Object.keys(first[0]) : report.grid_columns.map((column) => column.field);
          const pages = (async function* pages() {
            if (first.length) yield first;
            yield* rest;
          })();
          await pipeline(
            streamSheet(title, fields.map(captionOf), pages, (row) =>
              fields.map((field) => {
                const value = row[field];
                if (value === null || value === undefined) return null;
                // Numbers come as JSON numbers, except numeric columns of a large scale (strings): kept as written.
                return typeof value === 'object' ? JSON.stringify(value) : value;
              }),
            ),
            createWriteStream(file),
          );
        });
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      const sent = createReadStream(file);
      sent.once('close', () => void rm(file, { force: true }));
      reply.header('content-type', XLSX_TYPE);
      reply.header('content-disposition', `attachment; filename="${report.code}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${title}.xlsx`)}`);
      return reply.send(sent);
    },
  } satisfies Partial<OperationHandlers>);
}
