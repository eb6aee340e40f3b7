/**
 * `npm test`: every project (unit, server, e2e) in one vitest run, then one plain closing line
 * ("N passed, N failed") that CI reads. Extra arguments go to vitest (e.g. `npm test -- --project unit`).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync, rmSync } from 'node:fs';
import { UNHANDLED_ERRORS_FILE, type UnhandledErrorSummary } from './unhandled-errors-reporter.ts';

mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
rmSync(UNHANDLED_ERRORS_FILE, { force: true });
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    '--reporter=./tests/unhandled-errors-reporter.ts',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);

let passed = 0;
let failed = 0;
/** Files with skipped tests (PostgreSQL-only suites without DATABASE_URL): said, never silent. */
let skipped: { file: string; count: number }[] = [];
try {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests;
  skipped = (result.testResults as { name: string; assertionResults: { status: string }[] }[])
    .map((file) => ({ file: file.name.replace(`${process.cwd()}/`, ''), count: file.assertionResults.filter((t) => t.status === 'skipped' || t.status === 'pending').length }))
    .filter((file) => file.count > 0);
  // A suite whose setup throws leaves its tests 'skipped', not failed: count the suite itself.
  failed = result.numFailedTests + (result.numFailedTestSuites ?? 0) + (result.numRuntimeErrorTestSuites ?? 0);
} catch {
  failed = Math.max(failed, 1);
}
if (passed + failed === 0) failed = 1; // a run that executed nothing proves nothing

// Unhandled errors fail the run although every test passed: repeat them here, where a log's tail shows them.
let unhandled: UnhandledErrorSummary[] = [];
try {
  unhandled = JSON.parse(readFileSync(UNHANDLED_ERRORS_FILE, 'utf8'));
} catch {
  // no file: the run ended before reporting (its status says so)
}
for (const error of unhandled) {
  console.log(`\nUnhandled ${error.name}: ${error.message}`);
  if (error.file) console.log(`  while running ${error.file.replace(`${process.cwd()}/`, '')}${error.test ? ` > ${error.test}` : ''}`);
  for (const line of error.stack) console.log(`    ${line}`);
}
const skippedCount = skipped.reduce((sum, file) => sum + file.count, 0);
if (skippedCount) {
  console.log(`\nSkipped (${process.env.DATABASE_URL ? 'see the files' : 'DATABASE_URL is not set: the PostgreSQL-only suites did not run'}):`);
  for (const { file, count } of skipped) console.log(`  ${file}: ${count}`);
}
console.log(`\nTests: ${passed} passed, ${failed} failed${skippedCount ? `, ${skippedCount} skipped` : ''}${unhandled.length ? `, ${unhandled.length} unhandled error(s)` : ''}`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
