/**
 * `npm start`: the portal built when dist/ is not the build of the current sources (portal-build.ts),
 * and meanwhile, when the embedded data directory is fresh, the initial data directory prepared
 * (initial-data-dir.ts) unless it already is; then the server (main.ts). The two are independent and
 * each takes seconds when it has work to do, so they run side by side: the build in a child process,
 * the database in this one.
 */
import { fileURLToPath } from 'node:url';
import { configFromEnv } from './config.ts';
import { initialDataDirTemplate, isFreshDataDir } from './db/initial-data-dir.ts';
import { ensurePortalBuilt } from './portal-build.ts';

const PROJECT_DIR = fileURLToPath(new URL('../', import.meta.url));
/** vite.config.ts's outDir for the portal. */
const BUILD_DIR = fileURLToPath(new URL('../dist', import.meta.url));

const env = configFromEnv();
const embeddedAndFresh = !env.databaseUrl && (await isFreshDataDir(env.dataDir));
await Promise.all([
  ensurePortalBuilt(PROJECT_DIR, BUILD_DIR),
  embeddedAndFresh ? initialDataDirTemplate({ demoData: env.server.demoData }) : undefined,
]);
await import('./main.ts');
