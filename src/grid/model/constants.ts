/** Grid limits and defaults (spec §9). */
import { TIME_FORMAT } from '../../core/format/time';

export const DEFAULT_COLUMN_WIDTH = 140;
/** The settings drawer lists every search field of a route in one page. */
export const SETTINGS_PAGE_SIZE = 999;

export const PICKER_PAGE_SIZES = [15, 25, 35, 45] as const;
export const DEFAULT_PICKER_PAGE_SIZE = PICKER_PAGE_SIZES[0];

export const CUSTOM_PAGE_SIZE_MIN = 10;
export const CUSTOM_PAGE_SIZE_MAX = 10_000;
export const CUSTOM_PAGE_SIZE_STEP = 10;

/**
 * dayjs formats for spec §9's yyyy/MM/dd (search picker), yyyy-MM-dd (date column), range. A
 * column of instants (with a time of day) is the date column's format with the time, as every other
 * screen of the portal writes an instant (core/format/time.ts): one look for a time wherever it is.
 */
export const DATE_FORMAT = {
  default: 'YYYY-MM-DD',
  searchPicker: 'YYYY/MM/DD',
  dateColumn: 'YYYY-MM-DD',
  range: 'YYYY/MM/DD HH:mm:ss',
  dateTimeColumn: TIME_FORMAT.second,
} as const;

/** Dialog and drawer widths (spec §2). */
export const ADVANCED_SEARCH_WIDTH = '50%';
export const SETTINGS_DRAWER_WIDTH = '95%';
export const COLUMN_CONFIG_DRAWER_WIDTH = '60%';
