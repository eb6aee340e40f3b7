/** J-STD-033 floor life (src/shared/msd/floor-life.ts) on a controllable clock: each level, the dry-cabinet pause, the short-exposure reset, bake. */
import { describe, expect, it } from 'vitest';
import { floorLife, mslLevelOf, type MsdEvent } from '../../../src/shared/msd/floor-life';

const T0 = new Date('2026-03-01T08:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
const hoursLeft = (ms: number | null) => (ms === null ? null : ms / 3_600_000);

describe('MSD floor life (J-STD-033)', () => {
  it('gives each level its floor life once the bag is opened', () => {
    const opened: MsdEvent[] = [{ kind: 'OPEN', at: T0 }];
    expect(floorLife('1', opened, at(10_000))).toMatchObject({ state: 'UNLIMITED', usable: true, remainingMs: null });
    expect(hoursLeft(floorLife('2', opened, at(24)).remainingMs)).toBe(365 * 24 - 24);
    expect(hoursLeft(floorLife('2A', opened, at(24)).remainingMs)).toBe(28 * 24 - 24);
    expect(hoursLeft(floorLife('3', opened, at(100)).remainingMs)).toBe(68);
    expect(hoursLeft(floorLife('4', opened, at(70)).remainingMs)).toBe(2);
    expect(hoursLeft(floorLife('5', opened, at(40)).remainingMs)).toBe(8);
    expect(hoursLeft(floorLife('5A', opened, at(23)).remainingMs)).toBe(1);
  });

  it('does not run while the bag is sealed, and refuses a reel opened past its floor life', () => {
    expect(floorLife('3', [], at(500))).toMatchObject({ state: 'SEALED', usable: true });
    expect(floorLife('3', [{ kind: 'OPEN', at: T0 }], at(167.9)).usable).toBe(true);
    expect(floorLife('3', [{ kind: 'OPEN', at: T0 }], at(168))).toMatchObject({ state: 'EXPIRED', usable: false, remainingMs: 0 });
  });

  it('pauses in the dry cabinet', () => {
    const events: MsdEvent[] = [
      { kind: 'OPEN', at: T0 },
      { kind: 'DRY_IN', at: at(100) },
      { kind: 'DRY_OUT', at: at(300) },
    ];
    expect(floorLife('3', events, at(200))).toMatchObject({ state: 'DRY', exposedMs: 100 * 3_600_000 });
    expect(hoursLeft(floorLife('3', events, at(350)).remainingMs)).toBe(18);
  });

  it('resets a short exposure after 5 × (MSL 2a–4) or 10 × (MSL 5–5a) its time in the dry cabinet', () => {
    const short = (dryHours: number): MsdEvent[] => [
      { kind: 'OPEN', at: T0 },
      { kind: 'DRY_IN', at: at(10) },
      { kind: 'DRY_OUT', at: at(10 + dryHours) },
    ];
    expect(floorLife('3', short(50), at(60)).exposedMs).toBe(0);
    expect(hoursLeft(floorLife('3', short(49), at(59)).remainingMs)).toBe(158);
    expect(floorLife('5', short(8 * 10), at(90)).exposedMs).toBe(10 * 3_600_000); // 10 h > 8 h: no reset
    const fiveHours: MsdEvent[] = [{ kind: 'OPEN', at: T0 }, { kind: 'DRY_IN', at: at(5) }, { kind: 'DRY_OUT', at: at(55) }];
    expect(floorLife('5', fiveHours, at(55)).exposedMs).toBe(0);
  });

  it('resets at a bake; MSL 6 must be baked before use, then has the time on its label', () => {
    const expired: MsdEvent[] = [{ kind: 'OPEN', at: T0 }];
    expect(floorLife('4', expired, at(80)).usable).toBe(false);
    const baked = [...expired, { kind: 'BAKE' as const, at: at(90) }];
    expect(floorLife('4', baked, at(100))).toMatchObject({ state: 'OPEN', usable: true, exposedMs: 10 * 3_600_000 });
    expect(floorLife('6', [], at(1))).toMatchObject({ state: 'NEEDS_BAKE', usable: false });
    expect(floorLife('6', [{ kind: 'OPEN', at: T0 }], at(1)).usable).toBe(false);
    expect(floorLife('6', [{ kind: 'BAKE', at: T0 }], at(5)).usable).toBe(true);
    expect(floorLife('6', [{ kind: 'BAKE', at: T0 }], at(6)).usable).toBe(false);
  });

  it('reads the stored level codes', () => {
    expect(mslLevelOf('2a')).toBe('2A');
    expect(mslLevelOf('3')).toBe('3');
    expect(mslLevelOf('')).toBeNull();
    expect(mslLevelOf(null)).toBeNull();
  });
});
