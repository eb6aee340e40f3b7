/**
 * An equipment's years of use: from its entry date to its scrap date (or today while in use), in years
 * of 365.25 days, to one decimal. The reference server's list view md_equipment_list works out the same
 * in SQL (migration 0110_02); this is the rule for the mock back end.
 */
const DAY_MS = 86_400_000;

const dayOf = (value: unknown): number | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const text = value instanceof Date ? value.toISOString() : String(value);
  const day = Date.parse(`${text.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(day) ? undefined : day / DAY_MS;
};

export function yearsOfUse(entryDate: unknown, scrapDate: unknown, today: Date): number | null {
  const from = dayOf(entryDate);
  const to = dayOf(scrapDate) ?? dayOf(today.toISOString());
  if (from === undefined || to === undefined) return null;
  return Math.round(((to - from) / 365.25) * 10) / 10;
}
