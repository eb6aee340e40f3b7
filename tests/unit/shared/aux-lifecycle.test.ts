/** Auxiliary-material containers (src/shared/auxiliary/lifecycle.ts) on a controllable clock: thaw too short refused, exposure exceeded blocked, validity, returns keep the exposure. */
import { describe, expect, it } from 'vitest';
import { auxEventRefusal, auxStatus, type AuxEvent, type AuxLimits } from '../../../src/shared/auxiliary/lifecycle';

const T0 = new Date('2026-03-01T08:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
const PASTE: AuxLimits = { validityDays: 180, exposureHours: 24, thawHours: 4 };
const thawing: AuxEvent[] = [
  { kind: 'RECEIVE', at: T0 },
  { kind: 'STORE', at: at(1) },
  { kind: 'THAW', at: at(10) },
];

describe('auxiliary-material containers', () => {
  it('refuses to open a container thawed less than the minimum', () => {
    expect(auxEventRefusal(PASTE, thawing, 'OPEN', at(13))).toEqual({ reason: 'THAW_TOO_SHORT', thawedHours: 3, minHours: 4 });
    expect(auxEventRefusal(PASTE, thawing, 'OPEN', at(14))).toBeNull();
  });

  it('blocks use once the exposure is used up, counted over all openings, and warns before', () => {
    const opened = [...thawing, { kind: 'OPEN' as const, at: at(14) }];
    expect(auxStatus(PASTE, opened, at(30))).toMatchObject({ state: 'OPENED', blocked: null, warn: false });
    expect(auxStatus(PASTE, opened, at(34)).warn).toBe(true);
    expect(auxEventRefusal(PASTE, opened, 'USE', at(38))).toEqual({ reason: 'EXPOSURE_OVER', exposedHours: 24, limitHours: 24 });
    // Returned to cold storage after 10 h: 14 h left at the next opening.
    const returned: AuxEvent[] = [...opened, { kind: 'RETURN', at: at(24) }, { kind: 'THAW', at: at(100) }, { kind: 'OPEN', at: at(105) }];
    expect(auxStatus(PASTE, returned, at(110)).exposureLeftMs / 3_600_000).toBe(9);
    expect(auxEventRefusal(PASTE, returned, 'USE', at(119))).toMatchObject({ reason: 'EXPOSURE_OVER' });
  });

  it('blocks a container past its validity and follows the states', () => {
    expect(auxEventRefusal(PASTE, thawing, 'OPEN', at(180 * 24 + 1))).toMatchObject({ reason: 'EXPIRED' });
    expect(auxEventRefusal(PASTE, thawing, 'USE', at(20))).toEqual({ reason: 'WRONG_STATE', state: 'THAWING' });
    expect(auxEventRefusal(PASTE, thawing, 'SCRAP', at(20))).toBeNull();
  });
});
