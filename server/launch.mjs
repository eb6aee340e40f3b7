/**
 * `npm start` (and `node server/launch.mjs main`, the server alone, for the tests that start it as a
 * process): server/start.ts, or server/main.ts, run from the bundle of the server's sources
 * (server-bundle.mjs), made first when a source changed. Plain JavaScript: it runs before any
 * TypeScript loader. Development (`npm run dev`) runs the sources through tsx.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serverBundle } from './server-bundle.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const entry = process.argv[2] ?? 'start';
if (entry !== 'start' && entry !== 'main') {
  console.error(`usage: node server/launch.mjs [start|main] (got ${entry})`);
  process.exit(2);
}
const folder = await serverBundle({
  root: ROOT,
  // Beside the prepared data directories (.cache/, ignored by git). Another folder must be inside the
  // project too: the bundle's packages are found from where it lies, in node_modules.
  outDir: process.env.SERVER_BUNDLE_DIR ? path.resolve(process.env.SERVER_BUNDLE_DIR) : path.join(ROOT, '.cache', 'server'),
  entries: { start: 'server/start.ts', main: 'server/main.ts' },
});
await import(pathToFileURL(path.join(folder, `${entry}.mjs`)).href);
