/**
 * `npm test`: every project (unit, server, e2e) in one vitest run, then one plain closing line
 * ("N passed, N failed") that CI reads. Extra arguments go to vitest (e.g. `npm test -- --project unit`).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
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
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
