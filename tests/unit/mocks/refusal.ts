/** The server's message of a call the mock back end refused (the ApiError's detail), failing the test when it was not refused. */
import { expect } from 'vitest';
import { ApiError } from '../../../src/api/errors';

export async function refusal(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the call was refused').toBeInstanceOf(ApiError);
  return (error as ApiError).detail ?? (error as ApiError).message;
}
