/**
 * A point in time as the portal shows it, the same in both languages (YYYY-MM-DD HH:mm:ss): the
 * browser's toLocaleString would follow the computer's locale, not the portal's language.
 */
import dayjs from 'dayjs';

export const TIME_FORMAT = { second: 'YYYY-MM-DD HH:mm:ss', minute: 'YYYY-MM-DD HH:mm' } as const;

export function formatTime(value: string | number | Date | null | undefined, precision: keyof typeof TIME_FORMAT = 'second'): string {
  if (value === null || value === undefined || value === '') return '';
  const time = dayjs(value);
  return time.isValid() ? time.format(TIME_FORMAT[precision]) : String(value);
}

/** A duration in hours as a countdown clock, H:MM:SS (hours may pass 24: exposure and floor life run for days). */
export function formatHoursClock(hours: number): string {
  const seconds = Math.max(0, Math.floor(hours * 3600));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}
