/**
 * SPC for variable check items (issue 19; src/shared/quality/spc.ts), against a published worked
 * example: Montgomery, Introduction to Statistical Quality Control (6th ed.), Example 6.1 and §6.2.5,
 * the piston-ring inside diameters — 25 subgroups of 5, X̿ = 74.001 mm, R̄ = 0.023 mm, giving
 * X̄ chart limits 73.988 / 74.014, R chart limits 0 / 0.049, σ̂ = R̄/d2 = 0.0099 and, for the
 * specification 74.000 ± 0.05 mm, Cp = 1.68. Cpk = min(74.05 − 74.001, 74.001 − 73.95) / (3 × 0.0099)
 * = 0.049 / 0.0297 = 1.65 is worked here by hand from the same numbers.
 */
import { describe, expect, it } from 'vitest';
import { capability, westernElectric, xbarRChart, xbarRLimits } from '../../src/shared/quality/spc.ts';

describe('X̄-R chart and capability', () => {
  it('the piston-ring example: limits, σ, Cp and Cpk', () => {
    const { xbar, r, sigma } = xbarRLimits(74.001, 0.023, 5);
    expect(xbar.lcl).toBeCloseTo(73.988, 3);
    expect(xbar.ucl).toBeCloseTo(74.014, 3);
    expect(r.lcl).toBe(0);
    expect(r.ucl).toBeCloseTo(0.049, 3);
    expect(sigma).toBeCloseTo(0.0099, 4);
    // With σ̂ rounded to 0.0099 as the book does (unrounded, Cp is 1.686).
    const { cp, cpk } = capability(74.001, 0.0099, 73.95, 74.05);
    expect(cp).toBeCloseTo(1.68, 2);
    expect(cpk).toBeCloseTo(1.65, 2);
    // One limit only: Cp is undefined, Cpk is that side's.
    expect(capability(74.001, 0.0099, null, 74.05)).toEqual({ cp: null, cpk: expect.closeTo(1.65, 2) });
    expect(capability(74.001, sigma, 73.95, 74.05).cp).toBeCloseTo(1.686, 3);
  });

  it('means and ranges of subgroups, computed by hand', () => {
    const chart = xbarRChart([
      [10, 12, 11],
      [9, 11, 10],
      [12, 12, 12],
    ]);
    expect(chart.means).toEqual([11, 10, 12]);
    expect(chart.ranges).toEqual([2, 2, 0]);
    // X̿ = 11, R̄ = 4/3, A2(3) = 1.023: limits 11 ± 1.364; D4(3) = 2.574: UCL_R = 3.432.
    expect(chart.xbar.ucl).toBeCloseTo(12.364, 3);
    expect(chart.r.ucl).toBeCloseTo(3.432, 3);
    expect(() => xbarRChart([[1, 2], [1, 2, 3]])).toThrow(/different sizes/);
  });
});

describe('Western Electric rules', () => {
  const at = (points: number[]) => westernElectric(points, 0, 1);
  it('rule 1: one point beyond 3σ', () => {
    expect(at([0.5, 3.2, -3.5])).toEqual([[], [1], [1]]);
  });
  it('rule 2: two of three beyond 2σ on the same side, not on opposite sides', () => {
    expect(at([2.5, 0.1, 2.2])[2]).toEqual([2]);
    expect(at([2.5, 0.1, -2.2])[2]).toEqual([]);
  });
  it('rule 3: four of five beyond 1σ on the same side', () => {
    expect(at([1.5, 1.2, 0.2, 1.1, 1.3])[4]).toEqual([3]);
    expect(at([1.5, 1.2, 0.2, 0.1, 1.3])[4]).toEqual([]);
  });
  it('rule 4: eight in a row on one side of the centre line', () => {
    const run = [0.2, 0.4, 0.1, 0.3, 0.5, 0.2, 0.6, 0.1];
    expect(at(run)[7]).toEqual([4]);
    expect(at([...run.slice(0, 7), -0.1])[7]).toEqual([]);
  });
});
