import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Vitest's default is one worker fewer than the cores, leaving one for its main process: on a 2-core
// CI machine that is a single worker while the main process idles (transforms are cached after the
// first files). Unit and server files run in one group, so both projects take the same number.
const workers = availableParallelism();

/** Three projects: unit/component (jsdom), server integration (node) and end-to-end (Chromium). */
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          maxWorkers: workers,
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // A screen test waits up to 15 s per findBy (tests/unit/setup.ts); the default 5 s for a whole test is too short under load.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          maxWorkers: workers,
          include: ['tests/server/**/*.test.ts'],
          // With DATABASE_URL: one migrated, seeded PostgreSQL template per run, copied by every suite.
          globalSetup: ['tests/server/support/postgres-template.ts'],
          testTimeout: 60_000,
          // A suite starts its server in a hook: on a loaded 2-core machine (the browser project runs alongside) that took
          // over two minutes at worst. The hook still fails when a server never comes up.
          hookTimeout: 300_000,
        },
      },
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
