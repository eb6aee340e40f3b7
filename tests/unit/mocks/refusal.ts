/** The server's message of a call the mock back end refused (the ApiError's detail), failing the test when it was not refused. */
import { expect } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { problemPlaceOf, type ProblemPlace } from '../../../src/api/problemPlace';

export async function refusal(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the call was refused').toBeInstanceOf(ApiError);
  return (error as ApiError).detail ?? (error as ApiError).message;
}

/** The message of a refused call, and the place of the request it is about (the answer's data; none: null). */
export async function refusalAt(call: Promise<unknown>): Promise<{ msg: string; at: ProblemPlace | null }> {
  let refused: unknown;
  const msg = await refusal(call.catch((error: unknown) => {
    refused = error;
    throw error;
  }));
  return { msg, at: problemPlaceOf(refused)?.place ?? null };
}
