/**
 * Which columns the grid shows (spec §3 column config, §9 column width and date formats): the
 * user's visible columns in ORD_IDX order or, when the user has none yet, every column of the
 * list's data source. Date fields (settings of type 4/5) get their display format; so do the
 * source's day and instant columns without such a setting (the server tells each column's type),
 * instead of showing the ISO text the rows carry.
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
  /** Cell text for values that need formatting (dates); absent means the value as is. */
  format?: (value: unknown) => string;
}

type ColumnType = TableColumnInfo['COLUMN_TYPE'];

const inLocalTime = (format: string) => (value: unknown) => {
  if (value == null || value === '') return '';
  const parsed = dayjs(value as string | number | Date);
  return parsed.isValid() ? parsed.format(format) : String(value);
};
const dateTimeCell = inLocalTime(DATE_FORMAT.dateTimeColumn);

function formatterFor(setting: SearchFieldSetting | undefined, columnType: ColumnType): GridColumnSpec['format'] {
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

/**
 * `tableColumns` are the source's columns: the grid's columns when the user has no configuration,
 * and each column's type either way (empty while they load: no type, so values as they are).
 */
export function gridColumnSpecs(
  configs: readonly ColumnConfig[],
  tableColumns: readonly TableColumnInfo[],
  settings: readonly SearchFieldSetting[],
): GridColumnSpec[] {
  const settingByField = new Map(settings.map((s) => [s.FIELD_NAME, s]));
  const typeByField = new Map(tableColumns.map((c) => [c.COLUMN_NAME, c.COLUMN_TYPE]));
  const base: Omit<GridColumnSpec, 'format'>[] = configs.length
    ? byOrder(configs)
        .filter((c) => c.IS_VISIBLE === 'Y')
        .map((c) => ({ field: c.FIELD_NAME, caption: c.FIELD_CAPTION || c.FIELD_NAME, width: c.FIELD_WIDTH || DEFAULT_COLUMN_WIDTH }))
    : tableColumns.map((c) => ({ field: c.COLUMN_NAME, caption: c.COLUMN_CAPTION || c.COLUMN_NAME, width: DEFAULT_COLUMN_WIDTH }));
  return base.map((spec) => ({ ...spec, format: formatterFor(settingByField.get(spec.field), typeByField.get(spec.field)) }));
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
