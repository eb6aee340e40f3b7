/** Chart axes drawn as plain SVG (the home page's data show, a report's chart): no charting library. */

/** A round axis maximum (1, 2 or 5 times a power of ten) at or above the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}
