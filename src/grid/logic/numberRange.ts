/** Number range rules (spec §5): min never exceeds max, and both ends are given or neither. */
import type { NumberRangeValue } from '../model/types';

export type RangeEnd = 'min' | 'max';

/** The range after one end changed: when the ends cross, the other end follows the one just edited. */
export function clampNumberRange([min, max]: NumberRangeValue, changed: RangeEnd): NumberRangeValue {
  if (min == null || max == null || min <= max) return [min, max];
  return changed === 'min' ? [min, min] : [max, max];
}

/** True when exactly one end is given: the editor shows its error state and the search refuses it. */
export const isHalfFilledRange = ([min, max]: NumberRangeValue): boolean => (min == null) !== (max == null);
