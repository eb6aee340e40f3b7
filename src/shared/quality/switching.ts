/**
 * ISO 2859-1:1999 clause 9 switching rules for one product stream (a vendor's part), as a pure
 * function over the lots in the order they were inspected (original inspection only; resubmitted
 * lots do not count):
 *
 * - normal → tightened: 2 lots not accepted among 5 or fewer consecutive lots (9.3.2);
 * - tightened → normal: 5 consecutive lots accepted under tightened inspection (9.3.3);
 * - normal → reduced: the switching score reaches 30 (9.3.3.2), production is at a steady rate and
 *   the responsible authority approves (`reducedApproved`). The score starts at 0 when normal
 *   inspection starts; after each lot: when the plan's Ac is 0 or 1, +2 if the lot is accepted,
 *   else back to 0; when Ac ≥ 2, +3 if the lot would have been accepted with the AQL one step
 *   tighter, else back to 0;
 * - reduced → normal: a lot is not accepted, or production becomes irregular (`irregular`) (9.3.4);
 * - tightened for 5 not-accepted lots in all → inspection discontinued (9.4), until the supplier
 *   has acted; then it resumes at tightened (`resume`).
 */
import type { Severity } from './iso2859.ts';

export interface SwitchState {
  severity: Severity;
  /** Results of the last lots under normal inspection (at most 5, newest last; true = accepted). */
  normalRecent: boolean[];
  /** Consecutive lots accepted under tightened inspection. */
  tightenedAccepted: number;
  /** Lots not accepted since tightened inspection started (9.4: 5 discontinues). */
  tightenedRejected: number;
  /** The switching score under normal inspection. */
  score: number;
  /** 9.4: acceptance inspection discontinued until the supplier has improved. */
  discontinued: boolean;
}

export interface LotResult {
  accepted: boolean;
  /** The plan's acceptance number (for the switching score). */
  ac: number;
  /** Whether the lot would have been accepted with the AQL one step tighter (only read when ac ≥ 2). */
  acceptedOneStepTighter?: boolean;
  /** Production irregular or delayed (reduced → normal). */
  irregular?: boolean;
}

export const START: SwitchState = { severity: 'NORMAL', normalRecent: [], tightenedAccepted: 0, tightenedRejected: 0, score: 0, discontinued: false };

const toNormal = (): SwitchState => ({ ...START });

/** The state after one lot; `reducedApproved`: steady production and the responsible authority's approval. */
export function nextSwitchState(state: SwitchState, lot: LotResult, options: { reducedApproved?: boolean } = {}): SwitchState {
  if (state.discontinued) throw new Error('acceptance inspection is discontinued (ISO 2859-1 9.4): resume it first');
  switch (state.severity) {
    case 'NORMAL': {
      const normalRecent = [...state.normalRecent, lot.accepted].slice(-5);
      if (normalRecent.filter((accepted) => !accepted).length >= 2) {
        return { ...START, severity: 'TIGHTENED' };
      }
      const gains = lot.ac >= 2 ? (lot.acceptedOneStepTighter ? 3 : 0) : lot.accepted ? 2 : 0;
      const score = gains === 0 ? 0 : state.score + gains;
      if (score >= 30 && (options.reducedApproved ?? true) && !lot.irregular) return { ...START, severity: 'REDUCED' };
      return { ...state, normalRecent, score };
    }
    case 'TIGHTENED': {
      if (lot.accepted) {
        const tightenedAccepted = state.tightenedAccepted + 1;
        return tightenedAccepted >= 5 ? toNormal() : { ...state, tightenedAccepted };
      }
      const tightenedRejected = state.tightenedRejected + 1;
      return { ...state, tightenedAccepted: 0, tightenedRejected, discontinued: tightenedRejected >= 5 };
    }
    case 'REDUCED':
      return !lot.accepted || lot.irregular ? toNormal() : state;
  }
}

/** Inspection resumed after a discontinuation (9.4): at tightened inspection. */
export function resume(state: SwitchState): SwitchState {
  return state.discontinued ? { ...START, severity: 'TIGHTENED' } : state;
}

/** The state after a sequence of lots, and the severity each lot was inspected at. */
export function runSwitching(lots: LotResult[], options: { reducedApproved?: boolean } = {}): { state: SwitchState; severities: Severity[] } {
  let state = START;
  const severities: Severity[] = [];
  for (const lot of lots) {
    severities.push(state.severity);
    state = nextSwitchState(state, lot, options);
  }
  return { state, severities };
}
