/** Chart axes drawn as plain SVG (the home page's data show, a report's chart): no charting library. */

/** A round axis maximum (1, 2 or 5 times a power of ten) at or above the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

/** A chart's drawing box in SVG units, and the margins its axes take. */
export interface PlotBox {
  width: number;
  height: number;
  pad: { top: number; right: number; bottom: number; left: number };
}

/** Where `count` categories and values up to `largest` go in `box`: one slot per category, value 0 at the bottom. */
export function plotFrame(box: PlotBox, count: number, largest: number) {
  const max = niceMax(largest);
  const plotWidth = box.width - box.pad.left - box.pad.right;
  const plotHeight = box.height - box.pad.top - box.pad.bottom;
  const slot = plotWidth / Math.max(count, 1);
  return {
    max,
    slot,
    /** The height of a value (negatives at 0). */
    y: (value: number) => box.pad.top + plotHeight - (Math.max(0, value) / max) * plotHeight,
    /** The middle of a category's slot. */
    centre: (index: number) => box.pad.left + slot * index + slot / 2,
  };
}

export type PlotFrame = ReturnType<typeof plotFrame>;

/**
 * The SVG paths of a pie's slices around (cx, cy) with radius r, from twelve o'clock clockwise; a
 * negative value counts as 0, and a slice that is the whole pie is drawn as a circle (an arc cannot
 * end where it starts).
 */
export function pieSlices(values: readonly number[], cx: number, cy: number, r: number): string[] {
  const shares = values.map((value) => Math.max(0, value));
  const total = shares.reduce((sum, value) => sum + value, 0) || 1;
  let start = -Math.PI / 2;
  return shares.map((value) => {
    const sweep = (value / total) * Math.PI * 2;
    const from = start;
    start += sweep;
    if (sweep >= Math.PI * 2 - 1e-9) return `M ${cx - r} ${cy} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0`;
    const end = from + sweep;
    return `M ${cx} ${cy} L ${cx + r * Math.cos(from)} ${cy + r * Math.sin(from)} A ${r} ${r} 0 ${sweep > Math.PI ? 1 : 0} 1 ${cx + r * Math.cos(end)} ${cy + r * Math.sin(end)} Z`;
  });
}
