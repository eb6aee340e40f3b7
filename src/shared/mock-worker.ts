/**
 * How the app starts the mock back end in mock mode (`npm run dev:mock`): mocks/browser.ts implements
 * it, src/main.tsx calls it. `apiBase` is where the client sends its calls (src/api/base.ts),
 * `absoluteApiBase` the same as an absolute URL.
 */
export type StartMockWorker = (bases: { apiBase: string; absoluteApiBase: string }) => Promise<unknown>;
