/**
 * Custom reports (issue 21, spec §2 report framework): a report is a row of `reports` and its data
 * is the SQL list `/report/loading/<code>` that the DataGrid and the query engine serve (search,
 * sort, paging, footer figures, export) like any other list. This file keeps the two in step:
 *
 * - the list route carries the report's SQL and named parameters (source_kind 'sql',
 *   source_params), and the menu whose grant opens it (a child report: its root's);
 * - each parameter is a search setting of the same name (its value is bound into the SQL as
 *   `param.<name>`, server/query/list-query.ts splitParamConditions), columns marked for search or
 *   footer figures get a setting once (then the grid's settings drawer owns them), and column
 *   captions go to list_column_meta.
 *
 * The SQL goes through the one configured-SQL gate (server/query/configured-sql.ts, read-only.ts):
 * parsed, one SELECT of plain reads, run read-only as the report role under row-level security with
 * the statement timeout. Saving SQL runs it once without reading a row, so a broken one is refused
 * when saved. Every change writes report_audit in the same transaction, with the SQL before and after.
 */
import { performance } from 'node:perf_hooks';
import { sql, type Selectable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { ReportsTable } from '../../db/schema.ts';
import { Problem } from '../../http/problem.ts';
import { sourceColumns, sourceRelation, type ListRoute, type SourceColumn, type SqlCaller } from '../../query/list-source.ts';
import { runAsReportReader, runReadOnly, type ReadOnlyTransaction } from '../../query/read-only.ts';
import {
  checkReportParams,
  paramDataType,
  REPORT_CODE_PATTERN,
  REPORT_PREVIEW_ROWS,
  reportListRoute,
  reportMenuLink,
  type ReportChart,
  type ReportColumn,
  type ReportParamDeclaration,
  type SeededReport,
} from '../../../src/shared/reports/definition.ts';
import { GRID_BUTTONS } from '../../db/seed/system-data.ts';
import { placeLinkMenu } from '../admin/menus.ts';
import { sanitizeRichHtml } from '../home/rich-text.ts';
import { refuseExtraImages } from '../../../src/shared/rich-text.ts';

export type ReportRow = Selectable<ReportsTable>;
type Handle = DB | ReadOnlyTransaction;

/** A report without a menu of its own is opened under the setting's menu (those who configure reports may view them). */
export const UNPLACED_REPORT_MENU = 'ReportSetting';
/** Report, child, grandchild ("sun"). */
export const MAX_REPORT_LEVEL = 3;

export type AuditAction = 'CREATE' | 'BASICS' | 'SQL' | 'GRID' | 'HELP' | 'DELETE';

export interface ReportBasics {
  code: string;
  name: string;
  nameEn: string;
  isNew: boolean;
  parentCode?: string | null;
  menuCode?: string | null;
  /** Menu placement: the portal menu group to put the report's own menu item under (the caller's right is checked before). */
  menuParentId?: string | null;
  drillParams?: Record<string, string>;
}

const settingIdPrefix = (code: string) => `report-${code}-`;
const paramSettingId = (code: string, name: string) => `${settingIdPrefix(code)}param-${name}`;
const columnSettingId = (code: string, field: string) => `${settingIdPrefix(code)}column-${field}`;

export async function findReport(db: Handle, code: string): Promise<ReportRow> {
  const report = await db.selectFrom('reports').selectAll().where('code', '=', code).executeTakeFirst();
  if (!report) throw new Problem(404, 'reportNotFound', { code });
  return report;
}

/** The report's ancestors, nearest first. */
export async function ancestorsOf(db: Handle, report: ReportRow): Promise<ReportRow[]> {
  const chain: ReportRow[] = [];
  let parentCode = report.parent_code;
  while (parentCode && chain.length < MAX_REPORT_LEVEL) {
    const parent = await findReport(db, parentCode);
    chain.push(parent);
    parentCode = parent.parent_code;
  }
  return chain;
}

export const levelOf = (ancestors: readonly ReportRow[]) => ancestors.length + 1;

/** The menu whose grant opens the report: its root's, else the setting's. */
const rootMenu = (report: ReportRow, ancestors: readonly ReportRow[]) =>
  (ancestors.at(-1) ?? report).menu_code ?? UNPLACED_REPORT_MENU;

async function descendantsOf(db: Handle, code: string): Promise<string[]> {
  const children = await db.selectFrom('reports').select('code').where('parent_code', '=', code).execute();
  const all: string[] = [];
  for (const child of children) all.push(child.code, ...(await descendantsOf(db, child.code)));
  return all;
}

async function audit(
  trx: Handle,
  code: string,
  action: AuditAction,
  userName: string,
  change: { sqlBefore?: string | null; sqlAfter?: string | null; detail?: Record<string, unknown> } = {},
): Promise<void> {
  await trx
    .insertInto('report_audit')
    .values({
      report_code: code,
      action,
      user_name: userName,
      sql_before: change.sqlBefore ?? null,
      sql_after: change.sqlAfter ?? null,
      detail: change.detail ? JSON.stringify(change.detail) : null,
    })
    .execute();
}

/** The list route a report's SQL and parameters make (not stored: for checking and previews). */
function routeOf(listRoute: string, title: string, sqlText: string, params: readonly ReportParamDeclaration[], menuCode: string | null): ListRoute {
  return {
    list_route: listRoute,
    title,
    title_en: title,
    source_kind: 'sql',
    source_table: null,
    source_sql: sqlText,
    key_field: null,
    // Organisation scoping is the report role's row-level security: a report's SQL need not return org_id.
    org_scoped: false,
    user_scoped: false,
    menu_code: menuCode,
    default_sort: null,
    source_filter: null,
    source_params: [...params],
  };
}

/**
 * Runs the SQL as the report would (read-only, as the report role, the caller's organisation, the
 * statement timeout) without reading a row, and answers its columns with their types. `name` is what
 * a refusal names.
 */
export async function checkReportSql(
  db: DB,
  timeoutMs: number,
  caller: SqlCaller,
  name: string,
  sqlText: string,
  params: readonly ReportParamDeclaration[],
): Promise<SourceColumn[]> {
  checkReportParams(params);
  const route = routeOf(name, name, sqlText, params, null);
  return runReadOnly(db, timeoutMs, async (trx) => {
    // LIMIT 0 plans and starts the statement (permissions included) and reads nothing.
    await runAsReportReader(trx, caller, { name }, () => sql`select src.* from ${sourceRelation(route, caller)} limit 0`.execute(trx));
    return sourceColumns(trx, route, caller, 'zh-chs', { withTypes: true });
  }, caller.language);
}

export interface ReportPreview {
  columns: { name: string; type: NonNullable<SourceColumn['type']> }[];
  rows: Record<string, unknown>[];
  elapsedMs: number;
}

/** The first REPORT_PREVIEW_ROWS rows of an SQL with parameter values, its columns and the time it took. */
export async function previewReportSql(
  db: DB,
  timeoutMs: number,
  caller: SqlCaller,
  sqlText: string,
  params: readonly ReportParamDeclaration[],
  values: Readonly<Record<string, string | number | null>>,
): Promise<ReportPreview> {
  checkReportParams(params);
  const name = 'SQL';
  const route = routeOf(name, name, sqlText, params, null);
  const textValues = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value === null ? null : String(value)]));
  const started = performance.now();
  return runReadOnly(db, timeoutMs, async (trx) => {
    const columns = await sourceColumns(trx, route, caller, 'zh-chs', { withTypes: true });
    const { rows } = await runAsReportReader(trx, caller, { name, bindsSearchValues: true }, () =>
      sql<{ row: Record<string, unknown> }>`select row_to_json(src) as row from ${sourceRelation(route, caller, textValues)} limit ${REPORT_PREVIEW_ROWS}`.execute(trx),
    );
    return {
      columns: columns.map((column) => ({ name: column.name, type: column.type ?? 'other' })),
      rows: rows.map((r) => r.row),
      elapsedMs: Math.round(performance.now() - started),
    };
  }, caller.language);
}

/** Writes the report's list route, parameter settings and column captions from its row (in the caller's transaction). */
async function syncList(trx: Handle, report: ReportRow): Promise<void> {
  const listRoute = reportListRoute(report.code);
  if (!report.sql_text) return;
  const ancestors = await ancestorsOf(trx, report);
  const values = {
    title: report.name,
    title_en: report.name_en || report.name,
    source_kind: 'sql' as const,
    source_table: null,
    source_sql: report.sql_text,
    source_params: JSON.stringify(report.params),
    key_field: null,
    org_scoped: false,
    menu_code: rootMenu(report, ancestors),
  };
  await trx
    .insertInto('list_routes')
    .values({ list_route: listRoute, ...values })
    .onConflict((oc) => oc.column('list_route').doUpdateSet(values))
    .execute();

  // Parameters: one search setting each, named like the parameter (its value is bound, not compared).
  const paramIds = report.params.map((param) => paramSettingId(report.code, param.name));
  await trx
    .deleteFrom('list_params')
    .where('list_route', '=', listRoute)
    .where('id', 'like', `${paramSettingId(report.code, '')}%`)
    .$if(paramIds.length > 0, (q) => q.where('id', 'not in', paramIds))
    .execute();
  // A setting of another kind that has a parameter's name would make the search ambiguous.
  if (report.params.length) {
    await trx
      .deleteFrom('list_params')
      .where('list_route', '=', listRoute)
      .where('param_name', 'in', report.params.map((param) => param.name))
      .where('id', 'not in', paramIds)
      .execute();
  }
  for (const [index, param] of report.params.entries()) {
    const setting = {
      param_name: param.name,
      param_caption: param.caption,
      field_name: param.name,
      data_type: paramDataType(param.type),
      action_type: 1,
      is_fast_search: 'Y' as const,
      default_value: param.defaultValue ?? null,
      ord_idx: index + 1,
    };
    await trx
      .insertInto('list_params')
      .values({ id: paramSettingId(report.code, param.name), list_route: listRoute, aggregation: '', is_paging: 'N', ...setting })
      .onConflict((oc) => oc.column('id').doUpdateSet(setting))
      .execute();
  }
}

/** The grid step: column captions (list_column_meta) and, once, search / footer settings of columns. */
async function syncColumns(trx: Handle, report: ReportRow, columns: readonly ReportColumn[], types: ReadonlyMap<string, SourceColumn['type']>): Promise<void> {
  const listRoute = reportListRoute(report.code);
  await trx.deleteFrom('list_column_meta').where('list_route', '=', listRoute).execute();
  // Every column the SQL returns: the chosen ones with their captions and widths, the others hidden
  // (still offered in the grid's column configuration). No columns chosen: all shown as they come.
  const chosen = new Map(columns.map((column) => [column.field, column]));
  const meta = [...types.keys()].map((field) => {
    const column = chosen.get(field);
    return {
      list_route: listRoute,
      field_name: field,
      hidden: columns.length > 0 && !column,
      caption: column?.caption || null,
      caption_en: column?.captionEn || null,
      width: column?.width || null,
    };
  });
  if (meta.length) await trx.insertInto('list_column_meta').values(meta).execute();
  const paramNames = new Set(report.params.map((param) => param.name));
  for (const [index, column] of columns.entries()) {
    if (!column.search && !column.aggregation && !column.format) continue;
    // A column named like a parameter: the parameter's setting is the search field.
    if (paramNames.has(column.field)) continue;
    const type = types.get(column.field);
    const setting = {
      param_name: column.field,
      param_caption: column.caption || column.field,
      field_name: column.field,
      data_type: type === 'number' ? 3 : type === 'date' || type === 'datetime' ? 5 : 1,
      action_type: type === 'text' ? 6 : 1,
      is_fast_search: column.search ? ('Y' as const) : ('N' as const),
      show_format: column.format || null,
      aggregation: column.aggregation ?? '',
      is_paging: 'N' as const,
      ord_idx: 100 + index,
    };
    // Once: an administrator's later edits in the grid's settings drawer stay, except the footer figures and format the grid step sets.
    await trx
      .insertInto('list_params')
      .values({ id: columnSettingId(report.code, column.field), list_route: listRoute, ...setting })
      .onConflict((oc) => oc.column('id').doUpdateSet({ aggregation: setting.aggregation, show_format: setting.show_format }))
      .execute();
  }
}

/** Step 1: adds or edits a report's basics. */
export async function saveReportBasics(db: DB, userName: string, basics: ReportBasics): Promise<ReportRow> {
  if (!REPORT_CODE_PATTERN.test(basics.code)) throw new Problem(400, 'reportCodeInvalid', { code: basics.code });
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('reports').selectAll().where('code', '=', basics.code).forUpdate().executeTakeFirst();
    if (basics.isNew && existing) throw new Problem(409, 'reportExists', { code: basics.code });
    if (!basics.isNew && !existing) throw new Problem(404, 'reportNotFound', { code: basics.code });
    const parentCode = basics.parentCode?.trim() || null;
    if (parentCode) {
      const parent = await trx.selectFrom('reports').selectAll().where('code', '=', parentCode).executeTakeFirst();
      if (!parent || parent.code === basics.code) throw new Problem(400, 'reportParentMissing', { code: parentCode });
      const ancestors = [parent, ...(await ancestorsOf(trx, parent))];
      if (ancestors.some((a) => a.code === basics.code) || levelOf(ancestors) > MAX_REPORT_LEVEL) throw new Problem(400, 'reportTooDeep');
      // A report moved under a parent keeps its own children: the deepest of them must stay within three levels.
      if (existing && (await subtreeDepth(trx, basics.code)) + levelOf(ancestors) - 1 > MAX_REPORT_LEVEL) throw new Problem(400, 'reportTooDeep');
    }
    let menuCode = parentCode ? null : basics.menuCode?.trim() || null;
    if (!parentCode && basics.menuParentId) {
      menuCode ??= `Report_${basics.code}`;
      const name = basics.name.trim();
      await placeLinkMenu(trx, {
        code: menuCode,
        name,
        nameEn: basics.nameEn.trim() || name,
        link: reportMenuLink(basics.code),
        icon: 'FundOutlined',
        parentId: basics.menuParentId,
        buttons: GRID_BUTTONS,
      });
    }
    const row = {
      name: basics.name.trim(),
      name_en: basics.nameEn.trim(),
      parent_code: parentCode,
      menu_code: menuCode,
      drill_params: JSON.stringify(parentCode ? (basics.drillParams ?? {}) : {}),
      updated_at: sql<Date>`now()`,
      updated_by: userName,
    };
    const saved = existing
      ? await trx.updateTable('reports').set(row).where('code', '=', basics.code).returningAll().executeTakeFirstOrThrow()
      : await trx.insertInto('reports').values({ code: basics.code, ...row }).returningAll().executeTakeFirstOrThrow();
    const unknownDrill = Object.keys(basics.drillParams ?? {}).find((name) => !saved.params.some((param) => param.name === name));
    if (parentCode && saved.params.length && unknownDrill) throw new Problem(400, 'reportDrillParamUnknown', { name: unknownDrill });
    await audit(trx, saved.code, existing ? 'BASICS' : 'CREATE', userName, {
      detail: { before: existing ? basicsOf(existing) : null, after: basicsOf(saved) },
    });
    // The report's and its descendants' lists follow the root's menu.
    for (const code of [saved.code, ...(await descendantsOf(trx, saved.code))]) await syncList(trx, await findReport(trx, code));
    return saved;
  });
}

const basicsOf = (row: ReportRow) => ({ name: row.name, nameEn: row.name_en, parentCode: row.parent_code, menuCode: row.menu_code, drillParams: row.drill_params });

async function subtreeDepth(db: Handle, code: string): Promise<number> {
  const children = await db.selectFrom('reports').select('code').where('parent_code', '=', code).execute();
  let deepest = 0;
  for (const child of children) deepest = Math.max(deepest, await subtreeDepth(db, child.code));
  return deepest + 1;
}

/** Step 2: the SQL and its parameters, checked by running it (no row read), then stored with the audit. */
export async function saveReportSql(
  db: DB,
  timeoutMs: number,
  caller: SqlCaller,
  code: string,
  sqlText: string,
  params: readonly ReportParamDeclaration[],
): Promise<ReportRow> {
  const report = await findReport(db, code);
  await checkReportSql(db, timeoutMs, caller, code, sqlText, params);
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('reports').selectAll().where('code', '=', report.code).forUpdate().executeTakeFirstOrThrow();
    const saved = await trx
      .updateTable('reports')
      .set({ sql_text: sqlText, params: JSON.stringify(params), updated_at: sql<Date>`now()`, updated_by: caller.userName })
      .where('code', '=', report.code)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, saved.code, 'SQL', caller.userName, {
      sqlBefore: before.sql_text,
      sqlAfter: sqlText,
      detail: { paramsBefore: before.params, paramsAfter: params },
    });
    await syncList(trx, saved);
    return saved;
  });
}

/** Step 3: the grid's columns and the chart; every column and chart column must be one the SQL returns. */
export async function saveReportGrid(
  db: DB,
  timeoutMs: number,
  caller: SqlCaller,
  code: string,
  columns: readonly ReportColumn[],
  chart: ReportChart | null,
): Promise<ReportRow> {
  const report = await findReport(db, code);
  if (!report.sql_text) throw new Problem(400, 'reportSqlMissing', { code });
  const returned = await checkReportSql(db, timeoutMs, caller, code, report.sql_text, report.params);
  const types = new Map(returned.map((column) => [column.name, column.type]));
  for (const field of [...columns.map((c) => c.field), ...(chart ? [chart.x, ...chart.y] : [])]) {
    if (!types.has(field)) throw new Problem(400, 'reportColumnUnknown', { field });
  }
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('reports').selectAll().where('code', '=', code).forUpdate().executeTakeFirstOrThrow();
    const saved = await trx
      .updateTable('reports')
      .set({ grid_columns: JSON.stringify(columns), chart: chart ? JSON.stringify(chart) : null, updated_at: sql<Date>`now()`, updated_by: caller.userName })
      .where('code', '=', code)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, code, 'GRID', caller.userName, { detail: { before: { columns: before.grid_columns, chart: before.chart }, after: { columns, chart } } });
    await syncColumns(trx, saved, columns, types);
    return saved;
  });
}

/**
 * The help document, sanitised (rich text from the editor, shown as HTML to every viewer of the report).
 * More images than the editor allows are refused, not silently dropped: the writer would lose the ones they chose.
 */
export async function saveReportHelp(db: DB, userName: string, code: string, html: string): Promise<ReportRow> {
  await findReport(db, code);
  const clean = sanitizeRichHtml(html);
  refuseExtraImages(clean, 'richTextTooManyImages', 'HelpHtml');
  return db.transaction().execute(async (trx) => {
    const saved = await trx
      .updateTable('reports')
      .set({ help_html: clean || null, updated_at: sql<Date>`now()`, updated_by: userName })
      .where('code', '=', code)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, code, 'HELP', userName);
    return saved;
  });
}

export async function deleteReport(db: DB, userName: string, code: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const report = await findReport(trx, code);
    if (await trx.selectFrom('reports').select('code').where('parent_code', '=', code).executeTakeFirst()) {
      throw new Problem(409, 'reportHasChildren', { code });
    }
    const listRoute = reportListRoute(code);
    await trx.deleteFrom('list_column_meta').where('list_route', '=', listRoute).execute();
    // Settings, saved searches and column configurations go with the list (on delete cascade).
    await trx.deleteFrom('list_routes').where('list_route', '=', listRoute).execute();
    await trx.deleteFrom('reports').where('code', '=', code).execute();
    // The report's own menu item (the wizard's placement) would open a report that is gone: it goes too, with its
    // buttons and grants (on delete cascade). A menu an administrator made with another link stays.
    await trx.deleteFrom('menus').where('link_url', '=', reportMenuLink(code)).execute();
    await audit(trx, code, 'DELETE', userName, { sqlBefore: report.sql_text, detail: { before: basicsOf(report) } });
  });
}

/** Every report, each after its parent (roots by code, then their children by code). */
export async function listReports(db: DB, codeContains?: string): Promise<{ report: ReportRow; level: number }[]> {
  const rows = await db.selectFrom('reports').selectAll().orderBy('code').execute();
  const byParent = new Map<string | null, ReportRow[]>();
  for (const row of rows) byParent.set(row.parent_code, [...(byParent.get(row.parent_code) ?? []), row]);
  const ordered: { report: ReportRow; level: number }[] = [];
  const visit = (parent: string | null, level: number) => {
    for (const row of byParent.get(parent) ?? []) {
      ordered.push({ report: row, level });
      visit(row.code, level + 1);
    }
  };
  visit(null, 1);
  const needle = codeContains?.trim().toLowerCase();
  return needle ? ordered.filter(({ report }) => report.code.toLowerCase().includes(needle)) : ordered;
}

export function reportAudit(db: DB, code: string) {
  return db.selectFrom('report_audit').selectAll().where('report_code', '=', code).orderBy('id', 'desc').limit(500).execute();
}

export async function childrenOf(db: DB, code: string): Promise<ReportRow[]> {
  return db.selectFrom('reports').selectAll().where('parent_code', '=', code).orderBy('code').execute();
}

/** Writes a seeded report (server/db/seed) in the seed's transaction; the SQL is the seed's own, checked by the tests. */
export async function writeSeededReport(trx: Handle, report: SeededReport): Promise<void> {
  checkReportParams(report.params);
  const saved = await trx
    .insertInto('reports')
    .values({
      code: report.code,
      name: report.name,
      name_en: report.nameEn,
      parent_code: report.parentCode ?? null,
      menu_code: report.menuCode ?? null,
      drill_params: JSON.stringify(report.drillParams ?? {}),
      sql_text: report.sql,
      params: JSON.stringify(report.params),
      grid_columns: JSON.stringify(report.columns),
      chart: report.chart ? JSON.stringify(report.chart) : null,
      updated_by: 'system',
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!saved) return;
  await audit(trx, saved.code, 'CREATE', 'system', { sqlAfter: saved.sql_text });
  await syncList(trx, saved);
  const types = new Map(report.columns.map((column) => [column.field, column.aggregation ? ('number' as const) : ('text' as const)]));
  await syncColumns(trx, saved, report.columns, types);
}
