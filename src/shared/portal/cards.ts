/**
 * Portal cards (issue 21): what a card shows (its data source) and how (its view). One list for the
 * server (validation, the 字典 lookups PORTAL_SOURCE / PORTAL_VIEW), the mocks and the portal page's
 * card renderers. A built-in source either is one of the home widgets (it draws itself: the view is
 * ignored) or is data (rows of label/value) that the card shows in the chosen view.
 */
import type { BilingualText } from '../bilingual';

export const PORTAL_SOURCE_LOOKUP = 'PORTAL_SOURCE';
export const PORTAL_VIEW_LOOKUP = 'PORTAL_VIEW';

export const PORTAL_DATA_SOURCES = ['REPORT', 'STOCK_BY_CATEGORY', 'INSPECTION_PASS_RATE', 'OPEN_BILLS_BY_STATUS', 'WARNINGS'] as const;
export const PORTAL_WIDGET_SOURCES = ['MEMO', 'TODO', 'NOTICES', 'THROUGHPUT', 'COMMON_FUNCTIONS', 'DATA_SHOW', 'VERSION'] as const;
export const PORTAL_SOURCES = [...PORTAL_DATA_SOURCES, ...PORTAL_WIDGET_SOURCES] as const;
export type PortalSource = (typeof PORTAL_SOURCES)[number];

export const PORTAL_VIEWS = ['NUMBER', 'TABLE', 'LINE', 'BAR', 'PIE', 'LIST'] as const;
export type PortalView = (typeof PORTAL_VIEWS)[number];

export const PORTAL_SOURCE_LABELS: Readonly<Record<PortalSource, BilingualText>> = {
  REPORT: { 'zh-chs': '自定义报表', en: 'Custom report' },
  STOCK_BY_CATEGORY: { 'zh-chs': '库存(按物料类别)', en: 'Stock by category' },
  INSPECTION_PASS_RATE: { 'zh-chs': '来料检验合格率', en: 'Inspection pass rate' },
  OPEN_BILLS_BY_STATUS: { 'zh-chs': '未完成单据(按状态)', en: 'Open bills by status' },
  WARNINGS: { 'zh-chs': '预警', en: 'Warnings' },
  MEMO: { 'zh-chs': '备忘录', en: 'Memos' },
  TODO: { 'zh-chs': '待办事项', en: 'To-do items' },
  NOTICES: { 'zh-chs': '公告', en: 'Notices' },
  THROUGHPUT: { 'zh-chs': '出入库趋势', en: 'Throughput' },
  COMMON_FUNCTIONS: { 'zh-chs': '常用功能', en: 'Common functions' },
  DATA_SHOW: { 'zh-chs': '数据展示', en: 'Data show' },
  VERSION: { 'zh-chs': '版本信息', en: 'Version info' },
};

export const PORTAL_VIEW_LABELS: Readonly<Record<PortalView, BilingualText>> = {
  NUMBER: { 'zh-chs': '数字', en: 'Number' },
  TABLE: { 'zh-chs': '表格', en: 'Table' },
  LINE: { 'zh-chs': '折线图', en: 'Line chart' },
  BAR: { 'zh-chs': '柱状图', en: 'Bar chart' },
  PIE: { 'zh-chs': '饼图', en: 'Pie chart' },
  LIST: { 'zh-chs': '列表', en: 'List' },
};

export const isWidgetSource = (source: string): boolean => (PORTAL_WIDGET_SOURCES as readonly string[]).includes(source);

/** The 字典 rows of both lookups (type, code, Chinese, English), seeded with the system lookups. */
export const PORTAL_LOOKUPS: readonly (readonly [string, string, string, string])[] = [
  ...PORTAL_SOURCES.map((code) => [PORTAL_SOURCE_LOOKUP, code, PORTAL_SOURCE_LABELS[code]['zh-chs'], PORTAL_SOURCE_LABELS[code].en] as const),
  ...PORTAL_VIEWS.map((code) => [PORTAL_VIEW_LOOKUP, code, PORTAL_VIEW_LABELS[code]['zh-chs'], PORTAL_VIEW_LABELS[code].en] as const),
];

/** Layout limits of a scheme's grid (react-grid-layout, 12 columns). */
export const PORTAL_GRID_COLUMNS = 12;
export const PORTAL_MAX_ROWS = 60;
export const PORTAL_MAX_HEIGHT = 20;
export const PORTAL_MAX_CARDS = 40;

export interface PortalLayoutItem {
  card: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export type LayoutProblem =
  | { key: 'portalLayoutUnknownCard'; params: { card: string } }
  | { key: 'portalLayoutDuplicateCard'; params: { card: string } }
  | { key: 'portalLayoutBadSize'; params: { card: string; columns: number; maxHeight: number; maxRows: number } }
  | { key: 'portalLayoutTooMany'; params: { max: number } };

/** Why a layout cannot be saved (null when it can): known cards, each once, inside the grid, sane sizes. */
export function layoutProblem(items: readonly PortalLayoutItem[], knownCards: ReadonlySet<string>): LayoutProblem | null {
  if (items.length > PORTAL_MAX_CARDS) return { key: 'portalLayoutTooMany', params: { max: PORTAL_MAX_CARDS } };
  const seen = new Set<string>();
  for (const item of items) {
    if (!knownCards.has(item.card)) return { key: 'portalLayoutUnknownCard', params: { card: item.card } };
    if (seen.has(item.card)) return { key: 'portalLayoutDuplicateCard', params: { card: item.card } };
    seen.add(item.card);
    const ints = [item.x, item.y, item.w, item.h].every((n) => Number.isInteger(n));
    if (!ints || item.x < 0 || item.y < 0 || item.w < 1 || item.h < 1 || item.x + item.w > PORTAL_GRID_COLUMNS || item.h > PORTAL_MAX_HEIGHT || item.y + item.h > PORTAL_MAX_ROWS) {
      return { key: 'portalLayoutBadSize', params: { card: item.card, columns: PORTAL_GRID_COLUMNS, maxHeight: PORTAL_MAX_HEIGHT, maxRows: PORTAL_MAX_ROWS } };
    }
  }
  return null;
}

/** The starting cards (demo data and mock mode): every home widget and built-in source once. */
export const STARTER_CARDS: readonly { code: string; title_zh: string; title_en: string; source: PortalSource; view: PortalView }[] = [
  { code: 'NOTICES', title_zh: '公告', title_en: 'Notices', source: 'NOTICES', view: 'LIST' },
  { code: 'TODO', title_zh: '待办事项', title_en: 'To-do items', source: 'TODO', view: 'LIST' },
  { code: 'MEMO', title_zh: '备忘录', title_en: 'Memos', source: 'MEMO', view: 'LIST' },
  { code: 'COMMON_FUNCTIONS', title_zh: '常用功能', title_en: 'Common functions', source: 'COMMON_FUNCTIONS', view: 'LIST' },
  { code: 'THROUGHPUT', title_zh: '出入库趋势', title_en: 'Throughput', source: 'THROUGHPUT', view: 'LINE' },
  { code: 'DATA_SHOW', title_zh: '数据展示', title_en: 'Data show', source: 'DATA_SHOW', view: 'NUMBER' },
  { code: 'VERSION', title_zh: '版本信息', title_en: 'Version info', source: 'VERSION', view: 'LIST' },
  { code: 'STOCK_CATEGORY', title_zh: '库存(按ABC分类)', title_en: 'Stock by ABC class', source: 'STOCK_BY_CATEGORY', view: 'PIE' },
  { code: 'IQC_PASS_RATE', title_zh: '来料检验合格率', title_en: 'Inspection pass rate', source: 'INSPECTION_PASS_RATE', view: 'NUMBER' },
  { code: 'OPEN_BILLS', title_zh: '未完成单据', title_en: 'Open bills', source: 'OPEN_BILLS_BY_STATUS', view: 'BAR' },
  { code: 'WARNINGS', title_zh: '未处理预警', title_en: 'Open warnings', source: 'WARNINGS', view: 'TABLE' },
];

/** The demo scheme's layout (仓库看板, demo data and mock mode). */
export const DEMO_PORTAL_LAYOUT: readonly PortalLayoutItem[] = [
  { card: 'NOTICES', x: 0, y: 0, w: 8, h: 4 },
  { card: 'TODO', x: 8, y: 0, w: 4, h: 4 },
  { card: 'THROUGHPUT', x: 0, y: 4, w: 8, h: 6 },
  { card: 'WARNINGS', x: 8, y: 4, w: 4, h: 6 },
];
