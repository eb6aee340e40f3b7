/**
 * An auxiliary-material container's life (solder paste, red glue; issue 20), as a pure function of its
 * events and the time now (the caller's clock: the server passes the database's time, tests any instant):
 *
 *   RECEIVED --store--> COLD --thaw--> THAWING --open--> OPENED --use--> (in use, stays OPENED)
 *                         ^                                  |--return--> COLD (exposure kept)
 *                         |__________________________________|--used up--> USED_UP
 *   any state not final --scrap--> SCRAPPED
 *
 * Rules: opening needs the material's minimum thaw time; using needs the container within its validity
 * (validity days from receipt) and its exposure (exposure hours, counted while opened, over all
 * openings). A warning is due once less than WARN_SHARE of either is left.
 */

export const AUX_EVENT_KINDS = ['RECEIVE', 'STORE', 'THAW', 'OPEN', 'USE', 'RETURN', 'USED_UP', 'SCRAP'] as const;
export type AuxEventKind = (typeof AUX_EVENT_KINDS)[number];
export type AuxState = 'RECEIVED' | 'COLD' | 'THAWING' | 'OPENED' | 'USED_UP' | 'SCRAPPED';

export interface AuxEvent {
  kind: AuxEventKind;
  at: Date;
}

export interface AuxLimits {
  validityDays: number;
  exposureHours: number;
  /** Minimum thaw before opening (none: no minimum). */
  thawHours: number | null;
}

const HOUR = 3_600_000;
/** A warning is due when less than this share of the validity or exposure is left. */
export const WARN_SHARE = 0.2;

export interface AuxStatus {
  state: AuxState;
  expiresAt: Date | null;
  /** Exposure counted so far (ms), over all openings. */
  exposedMs: number;
  exposureLeftMs: number;
  thawedMs: number;
  /** Why it cannot be used now, or null. */
  blocked: 'EXPIRED' | 'EXPOSURE_OVER' | null;
  /** Close to running out (or out): the home page's warning is due. */
  warn: boolean;
}

export function auxStatus(limits: AuxLimits, events: readonly AuxEvent[], now: Date): AuxStatus {
  const sorted = events.filter((e) => e.at.getTime() <= now.getTime()).sort((a, b) => a.at.getTime() - b.at.getTime());
  let state: AuxState = 'RECEIVED';
  let receivedAt: number | null = null;
  let exposedMs = 0;
  let openedAt: number | null = null;
  let thawAt: number | null = null;
  for (const event of sorted) {
    const at = event.at.getTime();
    switch (event.kind) {
      case 'RECEIVE':
        receivedAt = at;
        state = 'RECEIVED';
        break;
      case 'STORE':
        state = 'COLD';
        break;
      case 'THAW':
        state = 'THAWING';
        thawAt = at;
        break;
      case 'OPEN':
        state = 'OPENED';
        openedAt = at;
        break;
      case 'RETURN':
        if (openedAt !== null) exposedMs += at - openedAt;
        openedAt = null;
        state = 'COLD';
        break;
      case 'USED_UP':
      case 'SCRAP':
        if (openedAt !== null) exposedMs += at - openedAt;
        openedAt = null;
        state = event.kind === 'USED_UP' ? 'USED_UP' : 'SCRAPPED';
        break;
      case 'USE':
        break;
    }
  }
  if (openedAt !== null) exposedMs += now.getTime() - openedAt;
  const expiresAt = receivedAt === null ? null : new Date(receivedAt + limits.validityDays * 24 * HOUR);
  const exposureMs = limits.exposureHours * HOUR;
  const exposureLeftMs = Math.max(0, exposureMs - exposedMs);
  const thawedMs = state === 'THAWING' && thawAt !== null ? now.getTime() - thawAt : 0;
  const validityLeftMs = expiresAt === null ? Infinity : expiresAt.getTime() - now.getTime();
  const blocked = validityLeftMs <= 0 ? 'EXPIRED' : exposureLeftMs <= 0 ? 'EXPOSURE_OVER' : null;
  const final = state === 'USED_UP' || state === 'SCRAPPED';
  const warn =
    !final && (blocked !== null || validityLeftMs < limits.validityDays * 24 * HOUR * WARN_SHARE || (state === 'OPENED' && exposureLeftMs < exposureMs * WARN_SHARE));
  return { state, expiresAt, exposedMs, exposureLeftMs, thawedMs, blocked, warn };
}

/** The states an event may follow. */
const FROM: Readonly<Record<AuxEventKind, readonly AuxState[]>> = {
  RECEIVE: [],
  STORE: ['RECEIVED'],
  THAW: ['COLD'],
  OPEN: ['THAWING'],
  USE: ['OPENED'],
  RETURN: ['OPENED'],
  USED_UP: ['OPENED'],
  SCRAP: ['RECEIVED', 'COLD', 'THAWING', 'OPENED'],
};

export type AuxRefusal =
  | { reason: 'WRONG_STATE'; state: AuxState }
  | { reason: 'THAW_TOO_SHORT'; thawedHours: number; minHours: number }
  | { reason: 'EXPIRED'; expiresAt: Date }
  | { reason: 'EXPOSURE_OVER'; exposedHours: number; limitHours: number };

const hours = (ms: number) => Math.round((ms / HOUR) * 10) / 10;

/** Why the event cannot happen now, or null when it can. */
export function auxEventRefusal(limits: AuxLimits, events: readonly AuxEvent[], kind: AuxEventKind, now: Date): AuxRefusal | null {
  const status = auxStatus(limits, events, now);
  if (!FROM[kind].includes(status.state)) return { reason: 'WRONG_STATE', state: status.state };
  if (kind === 'OPEN' && limits.thawHours !== null && status.thawedMs < limits.thawHours * HOUR) {
    return { reason: 'THAW_TOO_SHORT', thawedHours: hours(status.thawedMs), minHours: limits.thawHours };
  }
  if (kind === 'OPEN' || kind === 'USE' || kind === 'THAW') {
    if (status.blocked === 'EXPIRED') return { reason: 'EXPIRED', expiresAt: status.expiresAt! };
    if (status.blocked === 'EXPOSURE_OVER') return { reason: 'EXPOSURE_OVER', exposedHours: hours(status.exposedMs), limitHours: limits.exposureHours };
  }
  return null;
}
