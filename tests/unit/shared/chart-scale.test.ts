import { describe, expect, it } from 'vitest';
import { niceMax, pieSlices, plotFrame } from '../../../src/shared/chart-scale';

describe('chart scale', () => {
  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 0.3, 7, 130, 4999, 5001].map(niceMax)).toEqual([1, 0.5, 10, 200, 5000, 10000]);
  });

  it('puts categories in equal slots and values on a scale from the bottom (negatives at 0)', () => {
    const frame = plotFrame({ width: 120, height: 110, pad: { top: 10, right: 10, bottom: 0, left: 10 } }, 4, 80);
    expect(frame.max).toBe(100);
    expect(frame.slot).toBe(25);
    expect([0, 3].map(frame.centre)).toEqual([22.5, 97.5]);
    expect([0, 50, 100, -5].map(frame.y)).toEqual([110, 60, 10, 110]);
  });

  it('draws slices from twelve o’clock clockwise, a whole pie as a circle, negatives as nothing', () => {
    const [half, quarter, none] = pieSlices([2, 1, -3, 1], 0, 0, 10);
    expect(half).toMatch(/^M 0 0 L [-0-9.e]+ -10 A 10 10 0 0 1 /);
    expect(quarter).toContain('A 10 10 0 0 1');
    expect(none).toMatch(/^M 0 0 L /);
    expect(pieSlices([5], 0, 0, 10)[0]).toBe('M -10 0 a 10 10 0 1 0 20 0 a 10 10 0 1 0 -20 0');
  });
});
