/**
 * Statistical process control for a variable check item across lots (issue 19): the X̄-R chart
 * (each lot's measurements a subgroup), process capability Cp / Cpk, and the Western Electric rules
 * 1–4 for points out of control. Pure functions, shared by the server and the client.
 *
 * Constants A2, D3, D4, d2 for subgroups of 2 to 10 are the standard table's (ASTM STP 15D; e.g.
 * Montgomery, Introduction to Statistical Quality Control, Appendix VI).
 */

export const CHART_CONSTANTS: Readonly<Record<number, { A2: number; D3: number; D4: number; d2: number }>> = {
  2: { A2: 1.88, D3: 0, D4: 3.267, d2: 1.128 },
  3: { A2: 1.023, D3: 0, D4: 2.574, d2: 1.693 },
  4: { A2: 0.729, D3: 0, D4: 2.282, d2: 2.059 },
  5: { A2: 0.577, D3: 0, D4: 2.114, d2: 2.326 },
  6: { A2: 0.483, D3: 0, D4: 2.004, d2: 2.534 },
  7: { A2: 0.419, D3: 0.076, D4: 1.924, d2: 2.704 },
  8: { A2: 0.373, D3: 0.136, D4: 1.864, d2: 2.847 },
  9: { A2: 0.337, D3: 0.184, D4: 1.816, d2: 2.97 },
  10: { A2: 0.308, D3: 0.223, D4: 1.777, d2: 3.078 },
};

export interface Limits {
  lcl: number;
  cl: number;
  ucl: number;
}

export interface XbarRChart {
  /** Subgroup size n (the limits assume equal subgroups; n from 2 to 10). */
  n: number;
  means: number[];
  ranges: number[];
  xbar: Limits;
  r: Limits;
  /** σ estimated as R̄ / d2. */
  sigma: number;
}

/** X̄-R limits from the grand mean X̿ and the mean range R̄ of subgroups of n. */
export function xbarRLimits(grandMean: number, meanRange: number, n: number): { xbar: Limits; r: Limits; sigma: number } {
  const k = CHART_CONSTANTS[n];
  if (!k) throw new RangeError(`subgroup size ${n}: 2 to 10`);
  return {
    xbar: { lcl: grandMean - k.A2 * meanRange, cl: grandMean, ucl: grandMean + k.A2 * meanRange },
    r: { lcl: k.D3 * meanRange, cl: meanRange, ucl: k.D4 * meanRange },
    sigma: meanRange / k.d2,
  };
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** The X̄-R chart of subgroups of equal size (2 to 10). */
export function xbarRChart(subgroups: readonly (readonly number[])[]): XbarRChart {
  if (!subgroups.length) throw new RangeError('no subgroups');
  const n = subgroups[0].length;
  if (subgroups.some((g) => g.length !== n)) throw new RangeError('subgroups of different sizes');
  const means = subgroups.map((g) => mean(g));
  const ranges = subgroups.map((g) => Math.max(...g) - Math.min(...g));
  return { n, means, ranges, ...xbarRLimits(mean(means), mean(ranges), n) };
}

/** Cp = (USL − LSL) / 6σ (both limits needed); Cpk = min(USL − μ, μ − LSL) / 3σ (either limit). */
export function capability(mu: number, sigma: number, lsl: number | null, usl: number | null): { cp: number | null; cpk: number | null } {
  if (!(sigma > 0)) return { cp: null, cpk: null };
  const cp = lsl !== null && usl !== null ? (usl - lsl) / (6 * sigma) : null;
  const sides = [usl !== null ? (usl - mu) / (3 * sigma) : null, lsl !== null ? (mu - lsl) / (3 * sigma) : null].filter((v): v is number => v !== null);
  return { cp, cpk: sides.length ? Math.min(...sides) : null };
}

/**
 * The Western Electric rules broken at each point (1-based rule numbers), for points plotted around a
 * centre line with σ of the plotted statistic (for X̄: (UCL − CL) / 3):
 * 1. one point beyond 3σ; 2. two of three consecutive beyond 2σ on the same side;
 * 3. four of five consecutive beyond 1σ on the same side; 4. eight consecutive on the same side.
 * A rule is reported at the point that completes the run.
 */
export function westernElectric(points: readonly number[], cl: number, sigma: number): number[][] {
  const z = points.map((p) => (p - cl) / sigma);
  return z.map((_, i) => {
    const broken: number[] = [];
    if (Math.abs(z[i]) > 3) broken.push(1);
    for (const side of [1, -1]) {
      const beyond = (from: number, limit: number) => z.slice(Math.max(0, from), i + 1).filter((v) => side * v > limit).length;
      if (i >= 2 && side * z[i] > 2 && beyond(i - 2, 2) >= 2 && !broken.includes(2)) broken.push(2);
      if (i >= 4 && side * z[i] > 1 && beyond(i - 4, 1) >= 4 && !broken.includes(3)) broken.push(3);
      if (i >= 7 && z.slice(i - 7, i + 1).every((v) => side * v > 0) && !broken.includes(4)) broken.push(4);
    }
    return broken.sort();
  });
}
