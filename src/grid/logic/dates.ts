/** Date parsing and the date column's display (spec §9 date formats). */
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DATE_FORMAT } from '../model/constants';

dayjs.extend(customParseFormat);

/** Text in the given format (or any ISO-like text) as a dayjs, or null. */
export function parseDate(text: unknown, format: string): Dayjs | null {
  if (typeof text !== 'string' || !text) return null;
  const strict = dayjs(text, format, true);
  if (strict.isValid()) return strict;
  const loose = dayjs(text);
  return loose.isValid() ? loose : null;
}

const ISO_DATE_PREFIX = /^\d{4}-\d{2}-\d{2}/;

/**
 * A date column's cell text (yyyy-MM-dd). Called for every visible cell while scrolling, so the
 * common ISO text is cut, not parsed.
 */
export function formatDateCell(value: unknown): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string' && ISO_DATE_PREFIX.test(value)) return value.slice(0, 10);
  const parsed = dayjs(value as string | number | Date);
  return parsed.isValid() ? parsed.format(DATE_FORMAT.dateColumn) : String(value);
}
