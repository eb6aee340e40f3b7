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
try {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests;
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
console.log(`\nTests: ${passed} passed, ${failed} failed${unhandled.length ? `, ${unhandled.length} unhandled error(s)` : ''}`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
