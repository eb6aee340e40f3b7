/**
 * The starting reports (server/db/seed/report-data.ts) in mock mode: 库存报表 and its child as grids
 * (their columns, captions, footer sums and search fields as the server configures them) over stock
 * made from the mock's in-stock demo reels, the loading page's layout (chart, child, breadcrumb) and
 * the setting's list. SQL is not run here: a report parameter that is also a column of the rows
 * filters that column (the child's part is a hidden column of its rows); one that is not is left out.
 * Saving a report answers the contract's example (a tester sees the wizard work, not the report change),
 * to a caller with the button the server asks for.
 */
import Decimal from 'decimal.js';
import type { components } from '../../src/api/schema';
import { paramDataType, reportListRoute, type SeededReport } from '../../src/shared/reports/definition';
import { Refusal } from '../../src/shared/messages/refusal';
import { refuseExtraImages } from '../../src/shared/rich-text';
import { SYSTEM_REPORTS } from '../../server/db/seed/report-data';
import { buttonsOf, granteeOf } from '../db';
import fixtures from '../generated/fixtures.json';
import { createContractHttp } from '../generated/handlers';
import { okWith as ok, signedInAnswer, type SignedIn } from './answers';
import { menuIdOf } from './demo-data';
import { DEMO_REELS_MOCK_LIST, type MockList } from './listparam';

type Row = Record<string, unknown>;
type ReportRow = components['schemas']['ReportRow'];
type ReportHelpRequest = components['schemas']['ReportHelpRequest'];

const inStock = DEMO_REELS_MOCK_LIST.rows.filter((reel) => reel.status === 'IN_STOCK' && reel.storage_location);

/** Sums of reel quantities grouped by `keyOf`, with the group's first reel. */
function grouped(keyOf: (reel: Row) => string) {
  const groups = new Map<string, { first: Row; qty: Decimal; places: Set<string> }>();
  for (const reel of inStock) {
    const key = keyOf(reel);
    const group = groups.get(key) ?? { first: reel, qty: new Decimal(0), places: new Set<string>() };
    group.qty = group.qty.plus(String(reel.qty));
    group.places.add(String(reel.storage_location));
    groups.set(key, group);
  }
  return [...groups.values()];
}

const ROWS: Record<string, () => Row[]> = {
  DEMO_STOCK: () =>
    grouped((reel) => `${reel.org_id}|${reel.part_code}`).map(({ first, qty, places }) => ({
      org_id: first.org_id,
      part_code: first.part_code,
      part_name: first.part_name,
      spec: null,
      on_hand: qty.toNumber(),
      reserved_qty: 0,
      available_qty: qty.toNumber(),
      places: places.size,
    })),
  DEMO_STOCK_PLACE: () =>
    grouped((reel) => `${reel.org_id}|${reel.part_code}|${reel.storage_location}|${reel.lot_code}`).map(({ first, qty }) => ({
      org_id: first.org_id,
      part_code: first.part_code,
      sic: first.storage_location,
      loc: '',
      lot_code: first.lot_code,
      on_hand: qty.toNumber(),
      reserved_qty: 0,
      inspection_qty: 0,
      updated_at: first.received_at ?? null,
    })),
};

function mockListOf(report: SeededReport): MockList {
  const rows = (ROWS[report.code] ?? (() => []))();
  const columnNames = new Set(report.columns.map((column) => column.field));
  // A parameter that is a column of the rows but not shown (the child's part): hidden, so its fixed condition can filter it.
  const hiddenParams = report.params.filter((param) => !columnNames.has(param.name) && rows.some((row) => param.name in row));
  const numeric = (field: string) => rows.some((row) => typeof row[field] === 'number');
  return {
    listRoute: reportListRoute(report.code),
    title: report.name,
    titleEn: report.nameEn,
    keyField: null,
    menuCode: (report.parentCode ? SYSTEM_REPORTS.find((r) => r.code === report.parentCode)?.menuCode : report.menuCode) ?? 'ReportSetting',
    orgScoped: true,
    columns: [
      ...report.columns.map((column) => ({ name: column.field, caption: column.caption ?? column.field, captionEn: column.captionEn, type: numeric(column.field) ? ('number' as const) : ('text' as const) })),
      ...hiddenParams.map((param) => ({ name: param.name, caption: param.caption, captionEn: param.captionEn, hidden: true })),
    ],
    rows,
    settings: [
      ...report.params
        .filter((param) => columnNames.has(param.name) || hiddenParams.includes(param))
        .map((param, index) => ({
          ORD_IDX: index + 1,
          PARAM_NAME: param.name,
          PARAM_CAPTION: param.caption,
          FIELD_NAME: param.name,
          DATA_TYPE: paramDataType(param.type),
          ACTION_TYPE: 1 as const,
          IS_FAST_SEARCH: 'Y' as const,
          IS_PAGING: 'N' as const,
        })),
      ...report.columns
        .filter((column) => (column.search || column.aggregation) && !report.params.some((param) => param.name === column.field))
        .map((column, index) => ({
          ORD_IDX: 100 + index,
          PARAM_NAME: column.field,
          PARAM_CAPTION: column.caption ?? column.field,
          FIELD_NAME: column.field,
          DATA_TYPE: numeric(column.field) ? (3 as const) : (1 as const),
          ACTION_TYPE: numeric(column.field) ? (1 as const) : (6 as const),
          IS_FAST_SEARCH: column.search ? ('Y' as const) : ('N' as const),
          IS_PAGING: 'N' as const,
          AGGREGATION: column.aggregation ? column.aggregation.split(',') : [],
        })),
    ] as MockList['settings'],
  };
}

export const REPORT_MOCK_LISTS: MockList[] = SYSTEM_REPORTS.map(mockListOf);

const levelOf = (report: SeededReport): number => {
  const parent = SYSTEM_REPORTS.find((r) => r.code === report.parentCode);
  return parent ? levelOf(parent) + 1 : 1;
};

const wireReport = (report: SeededReport): ReportRow => ({
  Code: report.code,
  Name: report.name,
  NameEn: report.nameEn,
  ParentCode: report.parentCode ?? null,
  MenuCode: report.menuCode ?? null,
  Level: levelOf(report),
  ListRoute: reportListRoute(report.code),
  Sql: report.sql,
  Params: report.params,
  DrillParams: report.drillParams ?? {},
  Columns: report.columns,
  Chart: report.chart ?? null,
  HelpHtml: null,
  UpdatedAt: '2025-01-01T00:00:00.000Z',
  UpdatedBy: 'system',
});

const linkOf = (report: SeededReport) => ({
  Code: report.code,
  Name: report.name,
  NameEn: report.nameEn,
  ListRoute: reportListRoute(report.code),
  DrillParams: report.drillParams ?? {},
});

/**
 * The setting's writes need their button of 自定义报表设置 as on the server (the contract's
 * x-permission): Save for basics, grid and help, SqlConfig for the SQL and its preview — only the
 * SQL-configuration button touches SQL —, Delete for delete. Granted, they answer the contract's example.
 */
function withButton(button: 'Save' | 'SqlConfig' | 'Delete', answer: unknown, check?: (request: Request) => Promise<void>) {
  return signedInAnswer(async (caller: SignedIn, request) => {
    if (!(buttonsOf(granteeOf(caller.user))[menuIdOf('ReportSetting')] ?? []).includes(button)) throw new Refusal(403, 'accessDenied');
    await check?.(request);
    return answer;
  });
}

/** A help document with more images than the editor allows is refused, as the server refuses it (saveReportHelp). */
async function checkHelpImages(request: Request): Promise<void> {
  const { HelpHtml } = (await request.json()) as ReportHelpRequest;
  refuseExtraImages(HelpHtml, 'richTextTooManyImages', 'HelpHtml');
}

export function reportHandlers(baseUrl: string) {
  const http = createContractHttp(baseUrl);
  return [
    http.post('/Report/SaveBasics', withButton('Save', fixtures.ReportSaveBasics)),
    http.post('/Report/SaveGrid', withButton('Save', fixtures.ReportSaveGrid)),
    http.post('/Report/SaveHelp', withButton('Save', fixtures.ReportSaveHelp, checkHelpImages)),
    http.post('/Report/SaveSql', withButton('SqlConfig', fixtures.ReportSaveSql)),
    http.post('/Report/Preview', withButton('SqlConfig', fixtures.ReportPreview)),
    http.post('/Report/Delete', withButton('Delete', fixtures.ReportDelete)),
    http.post('/Report/LoadData', signedInAnswer((_caller, request) => {
      const rows = SYSTEM_REPORTS.map(wireReport);
      return { ...ok(request, rows), count: rows.length };
    })),
    http.get('/Report/Layout', signedInAnswer((_caller, request) => {
      const listRoute = new URL(request.url).searchParams.get('LIST_ROUTE') ?? '';
      const report = SYSTEM_REPORTS.find((r) => reportListRoute(r.code) === listRoute);
      if (!report) throw new Refusal(404, 'reportNotFound', { code: listRoute });
      const ancestors: SeededReport[] = [];
      for (let parent = SYSTEM_REPORTS.find((r) => r.code === report.parentCode); parent; parent = SYSTEM_REPORTS.find((r) => r.code === parent!.parentCode)) {
        ancestors.push(parent);
      }
      return ok(request, {
        Code: report.code,
        Name: report.name,
        NameEn: report.nameEn,
        Chart: report.chart ?? null,
        HelpHtml: null,
        Params: report.params,
        Children: SYSTEM_REPORTS.filter((r) => r.parentCode === report.code).map(linkOf),
        Ancestors: ancestors.map(linkOf),
      });
    })),
  ];
}
