/**
 * The login slice on both databases, side by side: Auth/GetToken (scrypt + RSA decrypt dominate),
 * Auth/GetUserInfoByToken (the token check every call pays) and Role/LoadMenusByRoleId (the menu
 * tree each session loads). In-process (fastify inject) so the numbers compare the server's own work.
 */
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../server/app.ts';
import { DEFAULT_SERVER_CONFIG } from '../server/config.ts';
import { pgliteDatabase, type DatabaseHandle } from '../server/db/database.ts';
import { adminClient } from './admin-client.ts';
import { onScratchPostgres } from './scratch-database.ts';
import { ms, printTable, time, type Timing } from './stats.ts';

async function measure(database: DatabaseHandle): Promise<Record<string, Timing>> {
  const app = await buildApp({ db: database.db, config: { ...DEFAULT_SERVER_CONFIG, captchaEnabled: false } });
  try {
    const { call, org, login } = await adminClient(app);
    const session = await login();
    return {
      'Auth/GetToken': await time(login, { runs: 20 }),
      'Auth/GetUserInfoByToken': await time(() => call('POST', '/Auth/GetUserInfoByToken', { token: session.Token, org: org }), { runs: 200 }),
      'Role/LoadMenusByRoleId': await time(
        () => call('GET', `/Role/LoadMenusByRoleId?roleId=${session.Userinfo.ROLE_ID}`, { token: session.Token, org: org }),
        { runs: 100 },
      ),
    };
  } finally {
    await app.close();
  }
}

export async function benchAuth(databaseUrl: string | undefined) {
  const results: Record<string, Record<string, Timing>> = {};
  const pglite = pgliteDatabase(await PGlite.create());
  try {
    results.PGlite = await measure(pglite);
  } finally {
    await pglite.close();
  }
  if (databaseUrl) results.PostgreSQL = await onScratchPostgres(databaseUrl, measure);
  const variants = Object.keys(results);
  const operations = Object.keys(results[variants[0]]);
  printTable(
    'Login slice, in-process, median (p95)',
    variants,
    operations.map((op) => [op, ...variants.map((v) => `${ms(results[v][op].median)} (${ms(results[v][op].p95)})`)]),
  );
}
