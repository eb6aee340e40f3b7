/**
 * `node --import tsx server/main.ts`: the reference server with the built portal on one port.
 * Env: PORT (8080), DATABASE_URL (PostgreSQL; else embedded PGlite in DATA_DIR, default ./data),
 * CAPTCHA=off, ADMIN_PASSWORD (the seeded ADMIN's first password, default admin123),
 * PORTAL_DIR (the built portal to serve, default ./dist; the e2e run serves its own build).
 */
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { openDatabase } from './db/database.ts';
import { DEFAULT_ADMIN_PASSWORD } from './db/seed/demo-data.ts';
import { hasBuiltPortal } from './portal.ts';

const PORTAL_DIR = process.env.PORTAL_DIR || 'dist';

const env = configFromEnv();
const database = await openDatabase(env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: env.dataDir });
const app = await buildApp({ db: database.db, config: env.server, staticDir: PORTAL_DIR, logger: { level: 'warn' } });

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

await app.listen({ port: env.port, host: '0.0.0.0' });
if (!hasBuiltPortal(PORTAL_DIR)) {
  console.warn(`No built portal in ${PORTAL_DIR}: only the API is served. Run \`npm run build\` (or \`npm start\`, which builds first).`);
}
const login = env.server.adminPassword === DEFAULT_ADMIN_PASSWORD ? `ADMIN / ${DEFAULT_ADMIN_PASSWORD}` : 'ADMIN / the ADMIN_PASSWORD you set';
console.log(`Portal ready: http://localhost:${env.port}  (demo login ${login} — change it with ADMIN_PASSWORD)`);
