/**
 * The grid's codes (spec §3 DATA_TYPE / ACTION_TYPE, §6 button codes) and constants (§9).
 * Stored values are the server's numbers and strings; names here are for reading the code.
 */
import type { ListButton } from '../../api/access-codes';

/** How a search field's value is entered and compared (spec §3 DATA_TYPE). */
export const DATA_TYPE = {
  text: 1,
  dropdown: 2,
  number: 3,
  date: 4,
  dateRange: 5,
  multiLineText: 6,
  numberRange: 7,
  multiSelect: 8,
} as const;
export type DataType = (typeof DATA_TYPE)[keyof typeof DATA_TYPE];
export const DATA_TYPES = Object.values(DATA_TYPE) as DataType[];

/** The comparison a search condition makes (spec §3 ACTION_TYPE). */
export const ACTION_TYPE = {
  equals: 1,
  greater: 2,
  greaterOrEqual: 3,
  less: 4,
  lessOrEqual: 5,
  like: 6,
  notEqual: 7,
  isNull: 8,
  isNotNull: 9,
  prefixLike: 10,
} as const;
export type ActionType = (typeof ACTION_TYPE)[keyof typeof ACTION_TYPE];
export const ACTION_TYPES = Object.values(ACTION_TYPE) as ActionType[];

export const isNullAction = (action: number | undefined): boolean =>
  action === ACTION_TYPE.isNull || action === ACTION_TYPE.isNotNull;
export const isGreaterAction = (action: number | undefined): boolean =>
  action === ACTION_TYPE.greater || action === ACTION_TYPE.greaterOrEqual;
export const isLessAction = (action: number | undefined): boolean =>
  action === ACTION_TYPE.less || action === ACTION_TYPE.lessOrEqual;

/** Data types whose value is a pair (from, to). */
export const isRangeType = (dataType: number | undefined): boolean =>
  dataType === DATA_TYPE.dateRange || dataType === DATA_TYPE.numberRange;
export const isDateType = (dataType: number | undefined): boolean =>
  dataType === DATA_TYPE.date || dataType === DATA_TYPE.dateRange;

/**
 * Grid toolbar permissions (spec §6): each control shows only when its code is granted. The codes
 * are the contract's (ListButton): one that no x-permission names does not compile, and one the
 * contract adds without a control here fails the check below.
 */
export const GRID_BUTTON = {
  advancedSearch: 'SeniorSearch',
  settings: 'SeniorSetting',
  columnConfig: 'SeniorColumn',
  importConfig: 'ConfigurationImport',
  exportConfig: 'ConfigurationExport',
  deleteAllSettings: 'SeniorSettingDeleteAll',
  deleteOneSetting: 'DeleteOne',
  deleteAllColumnConfig: 'SeniorColumnDeleteAll',
} as const satisfies Record<string, ListButton>;
export type GridButtonCode = (typeof GRID_BUTTON)[keyof typeof GRID_BUTTON];
export const ALL_GRID_BUTTON_CODES = Object.values(GRID_BUTTON) as GridButtonCode[];
const _everyListButtonHasAControl: [Exclude<ListButton, GridButtonCode>] extends [never] ? true : never = true;

export type YesNo = 'Y' | 'N';
export const AGGREGATIONS = ['sum', 'avg'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** Saved advanced-search rows carry this SEARCH_MODE (spec §3). */
export const ADVANCED_SEARCH_MODE = 'advanced_search';
