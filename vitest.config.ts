import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Vitest's default is one worker fewer than the cores, leaving one for its main process: on a 2-core
// CI machine that is a single worker while the main process idles (transforms are cached after the
// first files). Unit and server files run in one group, so both projects take the same number.
const workers = availableParallelism();

/**
 * Unit and server files share their worker's modules (isolate: false): a fresh module graph per file cost
 * more than the tests (a sample of 20 unit files: 58 s isolated, 24 s shared; 30 server files: 133 s, 81 s).
 * The set-up files reset what a test leaves (DOM, stores, storage, cookies, language, mock state; each server
 * suite its own app and database). A file that needs a module graph of its own runs in the "-isolated"
 * project of its kind: one that replaces a module (vi.mock: a module an earlier file imported would stay
 * the real one), sets the environment a module reads as it loads, or says why in an `isolated module graph:` comment.
 */
const NEEDS_OWN_MODULES = /vi\.mock\(|^process\.env\.\w+ =|isolated module graph:/m;
function testFilesOf(folder: string) {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${folder}/${file}`);
  const isolated = files.filter((file) => NEEDS_OWN_MODULES.test(readFileSync(file, 'utf8')));
  return { shared: { include: [`${folder}/**/*.test.{ts,tsx}`], exclude: isolated, isolate: false }, isolated: { include: isolated } };
}
const unitFiles = testFilesOf('tests/unit');
const serverFiles = testFilesOf('tests/server');

const unitProject = {
  plugins: [react()],
  test: {
    environment: 'jsdom' as const,
    maxWorkers: workers,
    setupFiles: ['tests/unit/setup.ts'],
    // A screen test waits up to 15 s per findBy (tests/unit/setup.ts); the default 5 s for a whole test is too short under load.
    testTimeout: 60_000,
  },
};

const serverProject = {
  environment: 'node' as const,
  maxWorkers: workers,
  // With DATABASE_URL: one migrated, seeded PostgreSQL template per run, copied by every suite.
  globalSetup: ['tests/server/support/postgres-template.ts'],
  testTimeout: 60_000,
  // A suite starts its server in a hook: on a loaded 2-core machine (the browser project runs alongside) that took
  // over two minutes at worst. The hook still fails when a server never comes up.
  hookTimeout: 300_000,
};

/** Unit/component (jsdom), server integration (node), each shared and isolated (above), and end-to-end (Chromium). */
export default defineConfig({
  test: {
    projects: [
      { ...unitProject, test: { ...unitProject.test, name: 'unit', ...unitFiles.shared } },
      { ...unitProject, test: { ...unitProject.test, name: 'unit-isolated', ...unitFiles.isolated } },
      { test: { ...serverProject, name: 'server', ...serverFiles.shared } },
      { test: { ...serverProject, name: 'server-isolated', ...serverFiles.isolated } },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          // One retry: a browser test waits for what it expects to see, so a failure has found something, and its
          // message is printed either way; but on a shared 2-core CI machine a lone timing loss (a frame late, a
          // scroll event delivered after a click) must not refuse a whole submission. A loss that recurs fails both tries.
          retry: 1,
          // expect.poll waits as long as a Playwright action does (30 s), not vitest's default 1 s: a page on a
          // loaded 2-core machine takes longer than that to show a search result or finish a transition.
          expect: { poll: { timeout: 30_000 } },
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
