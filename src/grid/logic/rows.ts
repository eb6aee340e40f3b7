/** New-row defaults and per-cell rules of the settings and column-config grids (spec §5, §9). */
import { ACTION_TYPE, DATA_TYPE, isDateType, type YesNo } from '../model/codes';
import { DEFAULT_COLUMN_WIDTH } from '../model/constants';
import type { ColumnConfigDraft, SearchFieldDraft, TableColumnInfo } from '../model/types';

type Ordered = { ORD_IDX?: number | null };

/** The highest ORD_IDX so far plus one, so a new row lands at the end. */
export const nextOrder = (rows: readonly Ordered[]): number =>
  rows.reduce((max, row) => Math.max(max, Number(row?.ORD_IDX) || 0), 0) + 1;

export const byOrder = <Row extends Ordered>(rows: readonly Row[]): Row[] =>
  [...rows].sort((a, b) => (Number(a.ORD_IDX) || 0) - (Number(b.ORD_IDX) || 0));

/** Spec §9: ACTION_TYPE 6, DATA_TYPE 1, IS_PAGING N. */
export function newSearchFieldDraft(rows: readonly Ordered[], listRoute: string): SearchFieldDraft {
  return {
    LIST_ROUTE: listRoute,
    ORD_IDX: nextOrder(rows),
    PARAM_NAME: '',
    PARAM_CAPTION: '',
    FIELD_NAME: '',
    DATA_TYPE: DATA_TYPE.text,
    ACTION_TYPE: ACTION_TYPE.like,
    IS_FAST_SEARCH: 'N',
    IS_PAGING: 'N',
    AGGREGATION: [],
    DEFAULT_VALUE: null,
    SHOW_FORMAT: null,
    REMARK: null,
    REFERENCE_SQL: null,
    SUB_SQL: null,
  };
}

/** Spec §5: a display format only means something for the date types 4 and 5. */
export const isShowFormatEditable = (dataType: number | undefined): boolean => isDateType(dataType);

const blankToNull = (text: string | null | undefined) => (text == null || text.trim() === '' ? null : text);

/** What SaveData gets: the route on every row, no stray format on non-date rows, blanks as null. */
export const settingsForSave = (rows: readonly SearchFieldDraft[], listRoute: string): SearchFieldDraft[] =>
  rows.map((row) => ({
    ...row,
    LIST_ROUTE: listRoute,
    ORD_IDX: Number(row.ORD_IDX) || 0,
    SHOW_FORMAT: isShowFormatEditable(row.DATA_TYPE) ? blankToNull(row.SHOW_FORMAT) : null,
    DEFAULT_VALUE: blankToNull(row.DEFAULT_VALUE),
    REMARK: blankToNull(row.REMARK),
    REFERENCE_SQL: blankToNull(row.REFERENCE_SQL),
    SUB_SQL: blankToNull(row.SUB_SQL),
    AGGREGATION: row.AGGREGATION ?? [],
  }));

/** Spec §9: a new column is 140 wide and visible. */
export function newColumnConfigDraft(rows: readonly Ordered[], listRoute: string): ColumnConfigDraft {
  return { LIST_ROUTE: listRoute, ORD_IDX: nextOrder(rows), FIELD_NAME: '', FIELD_CAPTION: '', FIELD_WIDTH: DEFAULT_COLUMN_WIDTH, IS_VISIBLE: 'Y' };
}

/**
 * The column configuration a user without one starts from: the grid's columns as it shows them
 * (every source column in order, caption, the width it shows the column in: `shownWidths`, else the
 * list's width, else 140), bookkeeping columns included but switched off, so saving it changes nothing
 * on screen until the user edits a row.
 */
export const columnDraftsOfSource = (
  tableColumns: readonly TableColumnInfo[],
  listRoute: string,
  shownWidths: ReadonlyMap<string, number> = new Map(),
): ColumnConfigDraft[] =>
  tableColumns.map((column, index) => ({
    LIST_ROUTE: listRoute,
    ORD_IDX: index + 1,
    FIELD_NAME: column.COLUMN_NAME,
    FIELD_CAPTION: column.COLUMN_CAPTION || column.COLUMN_NAME,
    FIELD_WIDTH: shownWidths.get(column.COLUMN_NAME) ?? (column.COLUMN_WIDTH || DEFAULT_COLUMN_WIDTH),
    IS_VISIBLE: column.IS_VISIBLE === 'N' ? 'N' : 'Y',
  }));

export const columnsForSave = (rows: readonly ColumnConfigDraft[], listRoute: string): ColumnConfigDraft[] =>
  rows.map((row) => ({
    LIST_ROUTE: listRoute,
    ORD_IDX: Number(row.ORD_IDX) || 0,
    FIELD_NAME: row.FIELD_NAME,
    FIELD_CAPTION: row.FIELD_CAPTION,
    FIELD_WIDTH: row.FIELD_WIDTH == null ? DEFAULT_COLUMN_WIDTH : Number(row.FIELD_WIDTH),
    IS_VISIBLE: row.IS_VISIBLE ?? 'Y',
  }));

export const yesNo = (flag: boolean): YesNo => (flag ? 'Y' : 'N');

/** Spec §5 show-all: 'alreadyAll' when every column is visible (the panel warns instead). */
export function showAllColumns<Row extends { IS_VISIBLE: YesNo }>(rows: readonly Row[]): Row[] | 'alreadyAll' {
  if (rows.every((row) => row.IS_VISIBLE === 'Y')) return 'alreadyAll';
  return rows.map((row) => ({ ...row, IS_VISIBLE: 'Y' }));
}
