/**
 * Where a refused call's request went wrong, when the answer says (the contract's ProblemPlace, sent as the
 * Problem's `data`): the field by its wire name and, for a line's field, the line's number. A form marks
 * that field with the server's reason instead of leaving the user to find it from a toast; for one value of
 * a list field (a measurement), `Cell` its position in the list from 1.
 */
import type { FieldMarks, FieldPath } from '../core/forms/useFieldMarks';
import type { CallOptions } from './call';
import { ApiError, serverReason } from './errors';
import type { components } from './schema';

export type ProblemPlace = components['schemas']['ProblemPlace'];

/** The place a failed call's answer points at, with the server's reason; undefined when it names none. */
export function problemPlaceOf(error: unknown): { place: ProblemPlace; reason: string } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const data = (error.body as { data?: unknown } | undefined)?.data;
  const reason = serverReason(error);
  if (!data || typeof data !== 'object' || !reason) return undefined;
  const { LineNo, Field, Cell } = data as Record<string, unknown>;
  if (typeof Field !== 'string') return undefined;
  return { place: { Field, ...(typeof LineNo === 'number' ? { LineNo } : {}), ...(typeof Cell === 'number' ? { Cell } : {}) }, reason };
}

/** The form's field of a place: the one of the same wire name, for a form whose fields are the request's. */
const sameNamedField = (place: ProblemPlace): FieldPath | undefined => (place.LineNo === undefined && place.Field ? [place.Field] : undefined);

/**
 * Runs a form's save (`save` passes the options to its call). A refusal whose answer places it on one of the
 * form's fields (`fieldOf` names that field, by default the one of the same wire name) is shown on that
 * field (marks.mark) and not toasted; any other failure is toasted as before. Rejects as the save does, so
 * the form stays open with everything typed.
 */
export async function saveMarkingRefusal<T>(
  marks: FieldMarks,
  save: (options: CallOptions) => Promise<T>,
  fieldOf: (place: ProblemPlace) => FieldPath | undefined = sameNamedField,
): Promise<T> {
  const refusedField = (error: unknown) => {
    const refused = problemPlaceOf(error);
    const name = refused && fieldOf(refused.place);
    return name && marks.has(name) ? { name, reason: refused.reason } : undefined;
  };
  try {
    return await save({ silent: (error) => refusedField(error) !== undefined });
  } catch (error) {
    const field = refusedField(error);
    if (field) marks.mark(field.name, field.reason);
    throw error;
  }
}
