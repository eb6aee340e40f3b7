/**
 * Where a refused call's request went wrong, when the answer says (the contract's ProblemPlace, sent as the
 * Problem's `data`): the field by its wire name and, for a line's field, the line's number. A form marks
 * that field with the server's reason instead of leaving the user to find it from a toast.
 */
import { ApiError, serverReason } from './errors';
import type { components } from './schema';

export type ProblemPlace = components['schemas']['ProblemPlace'];

/** The place a failed call's answer points at, with the server's reason; undefined when it names none. */
export function problemPlaceOf(error: unknown): { place: ProblemPlace; reason: string } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const data = (error.body as { data?: unknown } | undefined)?.data;
  const reason = serverReason(error);
  if (!data || typeof data !== 'object' || !reason) return undefined;
  const { LineNo, Field } = data as Record<string, unknown>;
  if (typeof Field !== 'string') return undefined;
  return { place: { Field, ...(typeof LineNo === 'number' ? { LineNo } : {}) }, reason };
}
