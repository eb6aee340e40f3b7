/** The custom page-size dialog's rules (spec §5, §9). */
import { CUSTOM_PAGE_SIZE_MAX, CUSTOM_PAGE_SIZE_MIN, CUSTOM_PAGE_SIZE_STEP } from '../model/constants';

/** Why one value is refused, as a key under grid:pageSize.errors; undefined when it is fine. */
export type PageSizeProblem = 'required' | 'outOfRange' | 'duplicate';

export function pageSizeProblem(value: unknown, all: readonly unknown[]): PageSizeProblem | undefined {
  if (value == null || value === '') return 'required';
  const n = Number(value);
  if (!Number.isInteger(n) || n < CUSTOM_PAGE_SIZE_MIN || n > CUSTOM_PAGE_SIZE_MAX || n % CUSTOM_PAGE_SIZE_STEP !== 0) {
    return 'outOfRange';
  }
  if (all.filter((other) => other != null && other !== '' && Number(other) === n).length > 1) return 'duplicate';
  return undefined;
}

/** The sizes as the pager offers them: ascending numbers. */
export const normalizePageSizes = (values: readonly unknown[]): number[] => values.map(Number).sort((a, b) => a - b);
