/**
 * The grid's shapes (spec §3). Server rows are the contract's types (openapi/schemas/listparam.yaml);
 * the rest is what the grid's logic and components work with.
 */
import type { paths } from '../../api/schema';
import type { ActionType, DataType, YesNo } from './codes';

// Shapes are taken from the ListParam operations, which keep the spec's legacy names, so they
// follow the contract without depending on how its schema components are named.
type JsonOf<Content> = Content extends { content: { 'application/json': infer Json } } ? Json : never;
type RequestOf<Path extends keyof paths, Method extends 'get' | 'post'> = JsonOf<NonNullable<paths[Path][Method]>['requestBody']>;
type OkOf<Path extends keyof paths, Method extends 'get' | 'post'> = JsonOf<NonNullable<paths[Path][Method]>['responses'][200]>;

/** A search-field setting as the server keeps it. */
export type SearchFieldSetting = OkOf<'/ListParam/LoadData', 'post'>['data'][number];
/** A settings row as the drawer edits and SaveData takes it (no ID yet when new). */
export type SearchFieldDraft = RequestOf<'/ListParam/SaveData', 'post'>[number];
/** One column of the user's column configuration as loaded. */
export type ColumnConfig = OkOf<'/ListParam/LoadListFields', 'post'>['data'][number];
/** A column-config row as the drawer edits and SaveListFields takes it. */
export type ColumnConfigDraft = RequestOf<'/ListParam/SaveListFields', 'post'>[number];
export type DropdownOption = OkOf<'/ListParam/GetSelectList', 'post'>['data'][number];
/** A column of the list's data source (the column config's field choices). */
export type TableColumnInfo = OkOf<'/ListParam/GetIntiTableColumnList', 'get'>['data'][number];
/** A condition as QueryData and SaveListAdvancedQuery take it. */
export type QueryCondition = NonNullable<RequestOf<'/ListParam/QueryData', 'post'>['conditions']>[number];
export type SavedCondition = OkOf<'/ListParam/LoadListAdvancedQuery', 'post'>['data'][number];
export type SearchValue = QueryCondition['PARAM_VALUE'];
export type QueryRowsRequest = RequestOf<'/ListParam/QueryData', 'post'>;
export type QueryRowsData = OkOf<'/ListParam/QueryData', 'post'>['data'];
/** Whole-result footer figures of one field (exact decimals as text). */
export type FieldAggregates = NonNullable<QueryRowsData['aggregates']>[string];
/** The exported search configuration (the file's content). */
export type ListConfigExport = OkOf<'/ListParam/Export', 'get'>['data'];

/** A number range's ends; null is an empty end. */
export type NumberRangeValue = [number | null, number | null];
/** A date range's ends as text in DATE_FORMAT.range. */
export type DateRangeValue = [string | null, string | null];

/**
 * A condition's value while it is edited: text/dropdown/multi-line text and dates as text (dates
 * in the picker's format), numbers as numbers, ranges as pairs, multi-select as a list.
 */
export type ConditionValue = string | number | string[] | NumberRangeValue | DateRangeValue | null;

/** One row of the advanced-search dialog. */
export interface SearchCondition {
  /** Stable React key of the row. */
  key: string;
  PARAM_NAME?: string;
  FIELD_NAME?: string;
  DATA_TYPE: DataType;
  ACTION_TYPE: ActionType;
  IS_PAGING: YesNo;
  value: ConditionValue;
}

export type GridRow = Record<string, unknown>;

/** Footer figures per data field (FIELD_NAME) as display text. */
export interface FooterValues {
  sum: Record<string, string>;
  avg: Record<string, string>;
}
