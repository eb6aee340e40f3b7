/**
 * Codes numbered per calendar day, `<KIND><yyyymmdd><nnnn>` (bills by type, reels generated without a
 * bill): how the reference server (server/db/day-codes.ts, numbers from bill_counters) and the mocks'
 * bills (mocks/scenarios/bills.ts) write them.
 */

/** The plant's calendar day (the local time zone), `yyyy-mm-dd`. */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The code of the day's `no`th `kind`. */
export const dayCode = (kind: string, day: string, no: number): string => `${kind}${day.replaceAll('-', '')}${String(no).padStart(4, '0')}`;
