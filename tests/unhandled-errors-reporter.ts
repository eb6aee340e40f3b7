/**
 * Vitest reporter for `npm test`: writes the run's unhandled errors (uncaught exceptions and
 * rejections in a worker, outside any test's own failure) to test-results/unhandled-errors*.json, so
 * tests/run.ts can repeat them next to its closing line. The default reporter prints them in the
 * middle of a long log, and a CI excerpt that keeps only the tail showed that one had happened, not what it was.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Reporter, SerializedError } from 'vitest/node';

/** The file of one vitest run of `npm test` (UNHANDLED_ERRORS_RUN names it: two runs go side by side). */
export const unhandledErrorsFile = (run = process.env.UNHANDLED_ERRORS_RUN ?? 'vitest') => `test-results/unhandled-errors-${run}.json`;

export interface UnhandledErrorSummary {
  name: string;
  message: string;
  /** The test file (and test) that was running when it happened, as vitest attributes it. */
  file?: string;
  test?: string;
  stack: string[];
}

export function summarise(error: SerializedError): UnhandledErrorSummary {
  const attributed = error as SerializedError & { VITEST_TEST_PATH?: string; VITEST_TEST_NAME?: string };
  return {
    name: String(error.name ?? 'Error'),
    message: String(error.message ?? ''),
    file: attributed.VITEST_TEST_PATH,
    test: attributed.VITEST_TEST_NAME,
    stack: String(error.stack ?? '').split('\n').slice(1, 13).map((line) => line.trim()),
  };
}

export default class UnhandledErrorsReporter implements Reporter {
  onTestRunEnd(_modules: unknown, unhandledErrors: ReadonlyArray<SerializedError>) {
    mkdirSync('test-results', { recursive: true });
    writeFileSync(unhandledErrorsFile(), JSON.stringify(unhandledErrors.map(summarise), null, 2));
  }
}
