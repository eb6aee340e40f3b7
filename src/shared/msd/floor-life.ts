/**
 * Floor life of moisture-sensitive devices per IPC/JEDEC J-STD-033 (issue 20), as a pure function of
 * a reel's events and the time now (the clock is the caller's: the server passes the database's time,
 * tests any instant they like). Shared by the server (the ledger refuses to issue a reel past its floor
 * life) and the run-card screen (remaining floor life).
 *
 * Floor life at ≤ 30 °C / 60 % RH (J-STD-033 table 5-1): MSL 1 unlimited, 2 one year, 2a four weeks,
 * 3 168 h, 4 72 h, 5 48 h, 5a 24 h, 6 bake before use (then the time on the label, TOL).
 *
 * Events: OPEN (the dry bag opened: the clock runs), DRY_IN / DRY_OUT (into and out of a dry cabinet
 * ≤ 10 % RH, or re-sealed in a dry bag: the clock pauses), BAKE (baked: exposure back to 0; the parts
 * are out of the oven, so the clock runs again). J-STD-033 §7 short exposures: for MSL 2a–4 exposed at
 * most 12 h, dry storage of at least 5 × the exposure resets the exposure to 0; for MSL 5–5a exposed at
 * most 8 h, 10 × the exposure does (the storage time is counted when the reel leaves the cabinet).
 */

export const MSL_LEVELS = ['1', '2', '2A', '3', '4', '5', '5A', '6'] as const;
export type MslLevel = (typeof MSL_LEVELS)[number];

const HOUR = 3_600_000;

/** Floor life in hours (null: unlimited; MSL 6: the time on the label after a bake). */
export const FLOOR_LIFE_HOURS: Readonly<Record<MslLevel, number | null>> = {
  '1': null,
  '2': 365 * 24,
  '2A': 4 * 7 * 24,
  '3': 168,
  '4': 72,
  '5': 48,
  '5A': 24,
  '6': 6,
};

export const MSD_EVENT_KINDS = ['OPEN', 'DRY_IN', 'DRY_OUT', 'BAKE'] as const;
export type MsdEventKind = (typeof MSD_EVENT_KINDS)[number];

export interface MsdEvent {
  kind: MsdEventKind;
  at: Date;
}

export type MsdState = 'SEALED' | 'OPEN' | 'DRY' | 'EXPIRED' | 'NEEDS_BAKE' | 'UNLIMITED';

export interface FloorLife {
  level: MslLevel;
  state: MsdState;
  /** Exposure counted so far (ms). */
  exposedMs: number;
  /** Floor life left (ms); null: unlimited (MSL 1, or a sealed bag). */
  remainingMs: number | null;
  /** The floor life (ms) of the level; null: unlimited. */
  floorLifeMs: number | null;
  /** May it be issued to the line now? */
  usable: boolean;
}

/** A level as stored (字典 MSL_LEVEL codes: 1, 2, 2A, ...; also 2a/5a), or null when none. */
export function mslLevelOf(code: string | null | undefined): MslLevel | null {
  const level = (code ?? '').trim().toUpperCase();
  return (MSL_LEVELS as readonly string[]).includes(level) ? (level as MslLevel) : null;
}

/** The short-exposure reset (J-STD-033 §7): the longest exposure it applies to and the dry-time factor, per level. */
function resetRule(level: MslLevel): { maxExposureMs: number; factor: number } | null {
  if (level === '2A' || level === '3' || level === '4') return { maxExposureMs: 12 * HOUR, factor: 5 };
  if (level === '5' || level === '5A') return { maxExposureMs: 8 * HOUR, factor: 10 };
  return null;
}

/** The floor life of a reel of `level` after `events` (in time order), at `now`. */
export function floorLife(level: MslLevel, events: readonly MsdEvent[], now: Date): FloorLife {
  const floorLifeHours = FLOOR_LIFE_HOURS[level];
  const floorLifeMs = floorLifeHours === null ? null : floorLifeHours * HOUR;
  // What happened by now, in time order (a later event has not happened yet at `now`).
  const sorted = events.filter((e) => e.at.getTime() <= now.getTime()).sort((a, b) => a.at.getTime() - b.at.getTime());
  let state: 'SEALED' | 'OPEN' | 'DRY' = 'SEALED';
  let baked = false;
  let exposedMs = 0;
  let since = 0;
  const reset = resetRule(level);
  for (const event of sorted) {
    const at = event.at.getTime();
    if (state === 'OPEN') exposedMs += Math.max(0, at - since);
    switch (event.kind) {
      case 'OPEN':
        if (state === 'SEALED') state = 'OPEN';
        break;
      case 'DRY_IN':
        if (state === 'OPEN') state = 'DRY';
        break;
      case 'DRY_OUT':
        if (state === 'DRY') {
          if (reset && exposedMs <= reset.maxExposureMs && at - since >= reset.factor * exposedMs) exposedMs = 0;
          state = 'OPEN';
        }
        break;
      case 'BAKE':
        exposedMs = 0;
        baked = true;
        state = 'OPEN';
        break;
    }
    since = at;
  }
  if (state === 'OPEN') exposedMs += Math.max(0, now.getTime() - since);

  if (floorLifeMs === null) return { level, state: 'UNLIMITED', exposedMs, remainingMs: null, floorLifeMs, usable: true };
  if (level === '6' && !baked) return { level, state: 'NEEDS_BAKE', exposedMs, remainingMs: 0, floorLifeMs, usable: false };
  if (state === 'SEALED') return { level, state, exposedMs: 0, remainingMs: null, floorLifeMs, usable: true };
  const remainingMs = Math.max(0, floorLifeMs - exposedMs);
  if (remainingMs === 0) return { level, state: 'EXPIRED', exposedMs, remainingMs, floorLifeMs, usable: false };
  return { level, state, exposedMs, remainingMs, floorLifeMs, usable: true };
}

/** Hours, one decimal, for messages. */
export const hoursText = (ms: number) => (Math.round((ms / HOUR) * 10) / 10).toString();

/** Where a reel's bag stands after its events (sealed, open, in the dry cabinet), whatever its floor life. */
export function bagState(events: readonly MsdEvent[]): 'SEALED' | 'OPEN' | 'DRY' {
  let state: 'SEALED' | 'OPEN' | 'DRY' = 'SEALED';
  for (const event of [...events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    if (event.kind === 'OPEN' && state === 'SEALED') state = 'OPEN';
    else if (event.kind === 'DRY_IN' && state === 'OPEN') state = 'DRY';
    else if (event.kind === 'DRY_OUT' && state === 'DRY') state = 'OPEN';
    else if (event.kind === 'BAKE') state = 'OPEN';
  }
  return state;
}

/** Whether the event can follow: open a sealed bag; into the dry cabinet when open; out of it when in; bake any time. */
export function eventAllowed(events: readonly MsdEvent[], kind: MsdEventKind): boolean {
  const state = bagState(events);
  if (kind === 'OPEN') return state === 'SEALED';
  if (kind === 'DRY_IN') return state === 'OPEN';
  if (kind === 'DRY_OUT') return state === 'DRY';
  return true;
}
