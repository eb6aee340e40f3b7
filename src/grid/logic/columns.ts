/**
 * Which columns the grid shows (spec §3 column config, §9 column width and date formats): the
 * user's visible columns in ORD_IDX order or, when the user has none yet, the columns of the
 * list's data source the server shows by default (not the bookkeeping ones: IS_VISIBLE N).
 * Date fields (settings of type 4/5) get their display format; so do the source's day and instant
 * columns without such a setting (the server tells each column's type), instead of showing the
 * ISO text the rows carry. Coded columns show their 字典 label (the server sends each code's label
 * in the user's language), yes/no columns say yes or no, and numbers are grouped in the user's
 * locale and right-aligned; exports are made by the server and keep the plain values.
 */
import dayjs from 'dayjs';
import { DATA_TYPE } from '../model/codes';
import { DATE_FORMAT, DEFAULT_COLUMN_WIDTH } from '../model/constants';
import type { ColumnConfig, SearchFieldSetting, TableColumnInfo } from '../model/types';
import { formatDateCell } from './dates';
import type { AggregatedField } from './footer';
import { byOrder } from './rows';

export interface GridColumnSpec {
  /** The data key (the data source's column name). */
  field: string;
  caption: string;
  width: number;
  /** Cell text for values that need formatting (dates, codes, numbers, yes/no); absent means the value as is. */
  format?: (value: unknown) => string;
  /** Numbers sit on the right (cells and footer). */
  align?: 'right';
  /** Nobody set this column's width (neither the user's column configuration nor the list's): it grows to fit its text. */
  fitsText?: boolean;
}

/** How the user's language writes what the grid shows: digit grouping and yes/no. */
export interface CellLocale {
  /** A BCP 47 tag for Intl (zh-CN, en). */
  numberLocale: string;
  yes: string;
  no: string;
}

type ColumnType = TableColumnInfo['COLUMN_TYPE'];

const inLocalTime = (format: string) => (value: unknown) => {
  if (value == null || value === '') return '';
  const parsed = dayjs(value as string | number | Date);
  return parsed.isValid() ? parsed.format(format) : String(value);
};
const dateTimeCell = inLocalTime(DATE_FORMAT.dateTimeColumn);

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A number as the user's locale groups it (125,013,000), with the decimals it has (up to 6, as stored). */
export function formatGroupedNumber(value: unknown, locale: string): string {
  if (value == null || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return String(value);
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 })));
  return format.format(number);
}

/** Per locale, made once: the footer formatted each figure with two new Intl.NumberFormat objects. */
const decimalTextFormats = new Map<string, { integers: Intl.NumberFormat; decimalSeparator: string }>();
function decimalTextFormatOf(locale: string) {
  let format = decimalTextFormats.get(locale);
  if (!format) {
    const integers = new Intl.NumberFormat(locale);
    const decimalSeparator = integers.formatToParts(0.5).find((p) => p.type === 'decimal')?.value ?? '.';
    decimalTextFormats.set(locale, (format = { integers, decimalSeparator }));
  }
  return format;
}

/** A footer figure (exact decimal text, e.g. 3928.76) grouped the same way, keeping every decimal it has. */
export function formatGroupedDecimalText(text: string, locale: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text.trim());
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  // The whole part through Intl (BigInt: exact at any size); the decimals as they are.
  const { integers, decimalSeparator } = decimalTextFormatOf(locale);
  const grouped = integers.format(BigInt(whole));
  return `${sign}${grouped}${fraction ? decimalSeparator + fraction.slice(1) : ''}`;
}

function formatterFor(
  setting: SearchFieldSetting | undefined,
  column: TableColumnInfo | undefined,
  locale: CellLocale,
): GridColumnSpec['format'] {
  const columnType: ColumnType = column?.COLUMN_TYPE;
  if (column?.LABELS?.length) {
    const labels = new Map(column.LABELS.map((option) => [option.CODE, option.NAME]));
    // A code without a label (e.g. one taken out of 字典 later) still shows, as it is.
    return (value) => (value == null ? '' : (labels.get(String(value)) ?? String(value)));
  }
  if (columnType === 'boolean') return (value) => (value == null || value === '' ? '' : value === true || value === 'Y' ? locale.yes : locale.no);
  if (columnType === 'number') return (value) => formatGroupedNumber(value, locale.numberLocale);
  if (setting && (setting.DATA_TYPE === DATA_TYPE.date || setting.DATA_TYPE === DATA_TYPE.dateRange)) {
    const format = setting.SHOW_FORMAT || (setting.DATA_TYPE === DATA_TYPE.date ? DATE_FORMAT.dateColumn : DATE_FORMAT.dateTimeColumn);
    // The common case is cut from ISO text without parsing (cells render while scrolling); an
    // instant is parsed, as its day is the one in the user's time zone, not UTC's.
    if (format === DATE_FORMAT.dateColumn && columnType !== 'datetime') return formatDateCell;
    return inLocalTime(format);
  }
  if (columnType === 'datetime') return dateTimeCell;
  if (columnType === 'date') return formatDateCell;
  return undefined;
}

/** The grid's columns for a user without a column configuration: the source's columns it shows by default. */
export const defaultColumns = (tableColumns: readonly TableColumnInfo[]) => tableColumns.filter((c) => c.IS_VISIBLE !== 'N');

const ENGLISH_CELLS: CellLocale = { numberLocale: 'en', yes: 'Y', no: 'N' };

/**
 * `tableColumns` are the source's columns: the grid's columns when the user has no configuration,
 * and each column's type and labels either way (empty while they load: values as they are).
 */
export function gridColumnSpecs(
  configs: readonly ColumnConfig[],
  tableColumns: readonly TableColumnInfo[],
  settings: readonly SearchFieldSetting[],
  locale: CellLocale = ENGLISH_CELLS,
): GridColumnSpec[] {
  const settingByField = new Map(settings.map((s) => [s.FIELD_NAME, s]));
  const columnByField = new Map(tableColumns.map((c) => [c.COLUMN_NAME, c]));
  const base: Omit<GridColumnSpec, 'format'>[] = configs.length
    ? byOrder(configs)
        .filter((c) => c.IS_VISIBLE === 'Y')
        .map((c) => ({ field: c.FIELD_NAME, caption: c.FIELD_CAPTION || c.FIELD_NAME, width: c.FIELD_WIDTH || DEFAULT_COLUMN_WIDTH }))
    : defaultColumns(tableColumns).map((c) => ({
        field: c.COLUMN_NAME,
        caption: c.COLUMN_CAPTION || c.COLUMN_NAME,
        width: c.COLUMN_WIDTH || DEFAULT_COLUMN_WIDTH,
        ...(c.COLUMN_WIDTH ? {} : { fitsText: true }),
      }));
  return base.map((spec) => {
    const column = columnByField.get(spec.field);
    const numeric = column?.COLUMN_TYPE === 'number' && !column.LABELS?.length;
    return { ...spec, format: formatterFor(settingByField.get(spec.field), column, locale), ...(numeric ? { align: 'right' as const } : {}) };
  });
}

/** The footer's fields: shown columns whose setting asks for sum and/or avg. */
export function aggregatedFields(specs: readonly GridColumnSpec[], settings: readonly SearchFieldSetting[]): AggregatedField[] {
  const shown = new Set(specs.map((s) => s.field));
  const byField = new Map<string, Set<'sum' | 'avg'>>();
  for (const setting of settings) {
    if (!shown.has(setting.FIELD_NAME) || !setting.AGGREGATION?.length) continue;
    const set = byField.get(setting.FIELD_NAME) ?? new Set();
    setting.AGGREGATION.forEach((a) => set.add(a));
    byField.set(setting.FIELD_NAME, set);
  }
  return [...byField].map(([field, aggregations]) => ({ field, aggregations: [...aggregations] }));
}

/** The widest a column grows to fit its text; longer text ends in an ellipsis, as before. */
export const MAX_FITTED_COLUMN_WIDTH = 360;
/** A cell's padding on each side, and the room the header's sort arrows take beside the caption. */
const CELL_PADDING = 8;
const SORTER_WIDTH = 26;
/** The rows looked at: a page's first rows tell a column's usual text. */
const FITTED_ROWS = 200;

/**
 * The width of a text in pixels at `fontSize`, estimated per character (no canvas: the same answer in
 * every browser and in tests): a Chinese character or full-width sign is square, a capital or a digit
 * 0.68 of it, a narrow sign (i l . , : ; ' | space - /) 0.34, anything else 0.58: wide enough for the
 * sans-serif fonts the portal falls back to (a capital or digit measured 0.61 in Debian's Chromium).
 */
const NARROW_SIGNS = new Set("il.,:;'| -/!");
const WIDE_SIGNS = new Set('mw@#%&_');

export function textWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0x2e80 || (code >= 0x1100 && code <= 0x115f)) ems += 1;
    else if (NARROW_SIGNS.has(char) || code <= 0x20) ems += 0.34;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || WIDE_SIGNS.has(char)) ems += 0.68;
    else ems += 0.58;
  }
  return Math.ceil(ems * fontSize);
}

/**
 * Each column's width for the rows shown: a column nobody sized (`fitsText`) and whose cells the grid
 * formats itself grows beyond its default to fit its caption and the text of the first rows, up to
 * MAX_FITTED_COLUMN_WIDTH; it never shrinks below the default, and every other column keeps its width.
 */
export function textFittedWidths(
  specs: readonly GridColumnSpec[],
  rows: readonly (Record<string, unknown> | undefined)[],
  fontSize: number,
  ownRenderer: (field: string) => boolean,
): number[] {
  const sample = rows.slice(0, FITTED_ROWS);
  return specs.map((spec) => {
    if (!spec.fitsText || ownRenderer(spec.field)) return spec.width;
    let widest = textWidth(spec.caption, fontSize) + SORTER_WIDTH;
    for (const row of sample) {
      const value = row?.[spec.field];
      if (value === null || value === undefined || value === '') continue;
      widest = Math.max(widest, textWidth(spec.format ? spec.format(value) : String(value), fontSize));
    }
    const fitted = Math.min(MAX_FITTED_COLUMN_WIDTH, widest + 2 * CELL_PADDING + 4);
    return Math.max(spec.width, fitted);
  });
}

/**
 * Column widths that fill `available` pixels when together they are narrower, each widened in
 * proportion (the last takes the rounding), as antd's table stretches its header; otherwise the
 * widths as they are. The grid's body and header then share the same widths.
 */
export function fitColumnWidths(widths: readonly number[], available: number): number[] {
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (!widths.length || total <= 0 || !(available > total)) return [...widths];
  const fitted = widths.map((width) => Math.floor((width * available) / total));
  fitted[fitted.length - 1] += available - fitted.reduce((sum, width) => sum + width, 0);
  return fitted;
}
