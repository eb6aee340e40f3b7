/**
 * `node --import tsx server/main.ts`: the reference server with the built portal on one port.
 * Env: PORT (8080), DATABASE_URL (PostgreSQL; else embedded PGlite in DATA_DIR, default ./data),
 * CAPTCHA=off, ADMIN_PASSWORD (the seeded ADMIN's first password, default admin123), DEMO_DATA=off (a
 * clean plant: only the system data, ADMIN in the organisation 本厂),
 * PORTAL_DIR (the built portal to serve, default ./dist; the e2e run serves its own build).
 * `npm start` runs this through server/start.ts, which builds the portal first when it is not current.
 */
import { createServer } from 'node:net';
import { configFromEnv } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { DEFAULT_DATABASE_LIMITS, EmbeddedDatabaseUnopenableError, openDatabase } from './db/database.ts';
import { startFromTemplate } from './db/initial-data-dir.ts';
import { DEFAULT_ADMIN_PASSWORD } from './db/seed/system-data.ts';
import { hasBuiltPortal } from './portal.ts';

const PORTAL_DIR = process.env.PORTAL_DIR || 'dist';

const env = configFromEnv();

/** Fails (before the database is opened) when another process listens on the port already. */
function checkPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

try {
  // A second server on the same port stops here, without touching the database.
  await checkPortFree(env.port, env.host);
} catch (error) {
  console.error(`Cannot listen on port ${env.port}: ${(error as Error).message}. Is the server running already?`);
  process.exit(1);
}

// A fresh embedded data directory starts as a copy of the prepared one (initial-data-dir.ts), not from initdb.
if (!env.databaseUrl) await startFromTemplate(env.dataDir, { demoData: env.server.demoData });
const opening = openDatabase(env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: env.dataDir }, {
  ...DEFAULT_DATABASE_LIMITS,
  statementTimeoutMs: env.server.listQueryTimeoutMs,
});
// Answered below, once the app's modules are in: a refusal meanwhile is not an unhandled rejection.
opening.catch(() => undefined);
// The app's modules load here while the embedded database opens in its worker (over a second of wasm each).
const { buildApp } = await import('./app.ts');
const database = await opening.catch((error: unknown) => {
  // A second server on the same data directory stops here and touches nothing (data-dir-lock.ts);
  // so does a data directory whose files do not open (what to do is in the message).
  if (error instanceof DataDirLockedError || error instanceof EmbeddedDatabaseUnopenableError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
const app = await buildApp({ db: database.db, notifications: database.notifications, config: env.server, staticDir: PORTAL_DIR, logger: { level: 'warn' } });

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await app.close();
  // PGlite writes its files completely only when closed.
  await database.close();
  process.exit(0);
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

try {
  await app.listen({ port: env.port, host: env.host });
} catch (error) {
  // The port was taken while the database opened: close it properly (files complete, lock released).
  console.error(`Cannot listen on port ${env.port}: ${(error as Error).message}`);
  await app.close();
  await database.close();
  process.exit(1);
}
if (!hasBuiltPortal(PORTAL_DIR)) {
  console.warn(`No built portal in ${PORTAL_DIR}: only the API is served. Run \`npm run build\` (or \`npm start\`, which builds first).`);
}
const login = env.server.adminPassword === DEFAULT_ADMIN_PASSWORD ? `ADMIN / ${DEFAULT_ADMIN_PASSWORD}` : 'ADMIN / the ADMIN_PASSWORD you set';
const plant = env.server.demoData ? 'demo plant' : 'clean plant (DEMO_DATA=off)';
console.log(`Portal ready: http://localhost:${env.port}  (${plant}; login ${login} — change it with ADMIN_PASSWORD)`);
