/**
 * A custom report's declaration (issue 21, spec §2 report framework), shared by the server, the
 * mocks and the client: its named parameters, grid columns and chart, and the rules a saved report
 * must keep. A report's data is the list route `/report/loading/<code>` (the menu link
 * `/report/loading?code=<code>` becomes that route path), served by the DataGrid and the query engine.
 *
 * Named parameters are never written into the SQL text: the SQL reads them as `param.<name>`, a
 * column of a one-row relation of bound values the server puts next to it (server/query/list-source.ts).
 */
import { Refusal } from '../messages/refusal.ts';

export type ReportParamType = 'text' | 'number' | 'date';

export interface ReportParamDeclaration {
  /** Lower-case identifier; the SQL reads it as `param.<name>`. */
  name: string;
  caption: string;
  captionEn?: string;
  type: ReportParamType;
  /** Used when a search gives no value; null/absent: the parameter is null. */
  defaultValue?: string | null;
}

export interface ReportColumn {
  field: string;
  caption?: string;
  captionEn?: string;
  width?: number;
  /** Display format (e.g. 0.00, YYYY-MM-DD), the grid's SHOW_FORMAT. */
  format?: string;
  /** Footer figures: '', 'sum', 'avg' or 'sum,avg'. */
  aggregation?: '' | 'sum' | 'avg' | 'sum,avg';
  /** The column gets a search field (once; then it is the grid settings drawer's). */
  search?: boolean;
}

export interface ReportChart {
  type: 'line' | 'bar' | 'pie';
  /** The category column. */
  x: string;
  /** The value columns (pie: the first). */
  y: string[];
}

export const REPORT_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
export const REPORT_PARAM_NAME_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
/** Columns the `param` relation has already (the caller and a SUB_SQL's value). */
export const RESERVED_PARAM_NAMES: ReadonlySet<string> = new Set(['value', 'org_id', 'user_name']);
export const REPORT_PARAM_TYPES: readonly ReportParamType[] = ['text', 'number', 'date'];
/** Rows a preview of the SQL shows. */
export const REPORT_PREVIEW_ROWS = 50;
/** The link prefix of the custom-report-loading page (spec §2 dynamic routes). */
export const REPORT_LOADING_LINK = '/report/loading';

/** The LIST_ROUTE of a report's data. */
export const reportListRoute = (code: string) => `${REPORT_LOADING_LINK}/${code}`;
/** The menu link that opens a report. */
export const reportMenuLink = (code: string) => `${REPORT_LOADING_LINK}?code=${code}`;

/** The search field's DATA_TYPE (spec §3) of a parameter type: 1 text, 3 number, 4 date. */
export const paramDataType = (type: ReportParamType): 1 | 3 | 4 => (type === 'number' ? 3 : type === 'date' ? 4 : 1);

/** Refuses a report's parameters that the SQL could not read unambiguously. */
export function checkReportParams(params: readonly Pick<ReportParamDeclaration, 'name' | 'type'>[]): void {
  const seen = new Set<string>();
  for (const param of params) {
    if (!REPORT_PARAM_NAME_PATTERN.test(param.name) || RESERVED_PARAM_NAMES.has(param.name)) {
      throw new Refusal(400, 'reportParamName', { name: param.name });
    }
    if (seen.has(param.name)) throw new Refusal(400, 'reportParamDuplicate', { name: param.name });
    seen.add(param.name);
    if (!REPORT_PARAM_TYPES.includes(param.type)) throw new Refusal(400, 'reportParamType', { name: param.name });
  }
}

/** A report as a seed declares it (server/db/seed/report-data.ts; the mocks show the same ones). */
export interface SeededReport {
  code: string;
  name: string;
  nameEn: string;
  parentCode?: string;
  menuCode?: string;
  drillParams?: Record<string, string>;
  sql: string;
  params: ReportParamDeclaration[];
  columns: ReportColumn[];
  chart?: ReportChart;
}
