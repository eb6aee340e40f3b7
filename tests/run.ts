/**
 * `npm test`: every project (unit, server, e2e), then the failed tests listed and one plain closing line
 * ("N passed, N failed") that CI reads. Extra arguments go to one vitest run (e.g. `npm test -- --project unit`).
 *
 * Without arguments, two vitest runs go side by side: unit + server, and e2e. Vitest itself runs a project
 * whose files go one at a time (e2e: one portal, one database) only after all the others, and a browser test
 * mostly waits (a transition, a debounce, the server), using about a third of one core; side by side it
 * fills the cores the server files leave idle instead of adding its half hour at the end.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { unhandledErrorsFile, type UnhandledErrorSummary } from './unhandled-errors-reporter.ts';

interface Run {
  /** Names the run's report files. */
  name: string;
  args: string[];
}

const extra = process.argv.slice(2);
const runs: Run[] = extra.length
  ? [{ name: 'vitest', args: extra }]
  : [
      // unit*, server*: each kind's shared and isolated projects (vitest.config.ts).
      { name: 'vitest', args: ['--project', 'unit*', '--project', 'server*'] },
      { name: 'vitest-e2e', args: ['--project', 'e2e'] },
    ];

mkdirSync('test-results', { recursive: true });
const reportOf = (run: Run) => `test-results/${run.name}.json`;

/** Runs vitest; its output goes out line by line, so two runs side by side never cut into each other's lines. */
function runVitest(run: Run): Promise<number> {
  rmSync(reportOf(run), { force: true });
  rmSync(unhandledErrorsFile(run.name), { force: true });
  const child = spawn(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportOf(run)}`, '--reporter=./tests/unhandled-errors-reporter.ts', ...run.args],
    { stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, UNHANDLED_ERRORS_RUN: run.name } },
  );
  createInterface({ input: child.stdout! }).on('line', (line) => process.stdout.write(`${line}\n`));
  createInterface({ input: child.stderr! }).on('line', (line) => process.stderr.write(`${line}\n`));
  return new Promise((resolve) => child.once('close', (code) => resolve(code ?? 1)));
}

const statuses = await Promise.all(runs.map(runVitest));

interface FileResult {
  name: string;
  status: string;
  message?: string;
  assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
}

/**
 * A failure's first line. The JSON report keeps an error's stack, and a vitest timeout's stack is the one taken
 * where the test was declared: its first line reads "Error: STACK_TRACE_ERROR", which says nothing.
 */
function firstLine(failure = '') {
  const line = failure.split('\n')[0];
  return line === 'Error: STACK_TRACE_ERROR' ? 'timed out: the test (or its hook) ran past its timeout' : line;
}

let passed = 0;
let failed = 0;
/** Files with skipped tests (PostgreSQL-only suites without DATABASE_URL): said, never silent. */
const skipped: { file: string; count: number }[] = [];
const failures: string[] = [];
const relative = (file: string) => file.replace(`${process.cwd()}/`, '');
for (const run of runs) {
  try {
    const result = JSON.parse(readFileSync(reportOf(run), 'utf8'));
    passed += result.numPassedTests;
    failed += result.numFailedTests;
    for (const file of result.testResults as FileResult[]) {
      const testFailed = file.assertionResults.some((t) => t.status === 'failed');
      // A file whose setup throws leaves its tests 'skipped', not failed: count the file itself. (Vitest's
      // numFailedTestSuites also counts the file and describe of every failed test: one failure read as three.)
      if (file.status === 'failed' && !testFailed) failed += 1;
      const count = file.assertionResults.filter((t) => t.status === 'skipped' || t.status === 'pending').length;
      if (count) skipped.push({ file: relative(file.name), count });
      for (const test of file.assertionResults.filter((t) => t.status === 'failed')) {
        failures.push(`${relative(file.name)} > ${test.fullName}\n    ${firstLine(test.failureMessages?.[0])}`);
      }
      if ((file.message || file.status === 'failed') && !testFailed) {
        failures.push(`${relative(file.name)}\n    ${file.message ? file.message.split('\n')[0] : 'a set-up hook failed, so its tests did not run (its error is printed above)'}`);
      }
    }
  } catch {
    failures.push(`${run.name}: no report (the run ended before writing it)`);
    failed += 1;
  }
}
if (passed + failed === 0) failed = 1; // a run that executed nothing proves nothing

// Unhandled errors fail the run although every test passed: repeat them here, where a log's tail shows them.
const unhandled: UnhandledErrorSummary[] = runs.flatMap((run) => {
  try {
    return JSON.parse(readFileSync(unhandledErrorsFile(run.name), 'utf8'));
  } catch {
    return []; // no file: the run ended before reporting (its status says so)
  }
});
for (const error of unhandled) {
  console.log(`\nUnhandled ${error.name}: ${error.message}`);
  if (error.file) console.log(`  while running ${relative(error.file)}${error.test ? ` > ${error.test}` : ''}`);
  for (const line of error.stack) console.log(`    ${line}`);
}
const skippedCount = skipped.reduce((sum, file) => sum + file.count, 0);
if (skippedCount) {
  console.log(`\nSkipped (${process.env.DATABASE_URL ? 'see the files' : 'DATABASE_URL is not set: the PostgreSQL-only suites did not run'}):`);
  for (const { file, count } of skipped) console.log(`  ${file}: ${count}`);
}
if (failures.length) {
  console.log('\nFailed:');
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log(`\nTests: ${passed} passed, ${failed} failed${skippedCount ? `, ${skippedCount} skipped` : ''}${unhandled.length ? `, ${unhandled.length} unhandled error(s)` : ''}`);
process.exit(statuses.every((status) => status === 0) && failed === 0 ? 0 : 1);
