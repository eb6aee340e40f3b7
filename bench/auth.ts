/**
 * The login slice on both databases, side by side: Auth/GetToken (scrypt + RSA decrypt dominate),
 * Auth/GetUserInfoByToken (the token check every call pays) and Role/LoadMenusByRoleId (the menu
 * tree each session loads). In-process (fastify inject) so the numbers compare the server's own work.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../server/app.ts';
import { DEFAULT_SERVER_CONFIG } from '../server/config.ts';
import { openDatabase, pgliteDatabase, type DatabaseHandle } from '../server/db/database.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { ms, printTable, time, type Timing } from './stats.ts';

async function measure(database: DatabaseHandle): Promise<Record<string, Timing>> {
  const app = await buildApp({ db: database.db, config: { ...DEFAULT_SERVER_CONFIG, captchaEnabled: false } });
  try {
    const call = async (method: 'GET' | 'POST', url: string, init: { token?: string; body?: object; org?: string } = {}) => {
      const res = await app.inject({
        method,
        url: `/api${url}`,
        headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.org ? { organizeid: init.org } : {}) },
        ...(init.body ? { payload: init.body } : {}),
      });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      return res.json();
    };
    const key = (await call('GET', '/Auth/GetPublicKey')).data.PublicKey as string;
    const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEFAULT_SERVER_CONFIG.adminPassword)).toString('base64');
    const orgs = (await call('GET', '/User/GetOrgInfo?userName=ADMIN')).data as { Id: string }[];
    const login = async () => {
      const body = await call('POST', '/Auth/GetToken', { org: orgs[0].Id, body: { UserName: 'ADMIN', Password: password } });
      if (body.ErrorInfo.Status) throw new Error(body.ErrorInfo.Message);
      return body.Result as { Token: string; Userinfo: { ROLE_ID: string } };
    };
    const session = await login();
    return {
      'Auth/GetToken': await time(login, { runs: 20 }),
      'Auth/GetUserInfoByToken': await time(() => call('POST', '/Auth/GetUserInfoByToken', { token: session.Token, org: orgs[0].Id }), { runs: 200 }),
      'Role/LoadMenusByRoleId': await time(
        () => call('GET', `/Role/LoadMenusByRoleId?roleId=${session.Userinfo.ROLE_ID}`, { token: session.Token, org: orgs[0].Id }),
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
  if (databaseUrl) {
    const scratch = await createScratchDatabase(databaseUrl);
    const postgres = await openDatabase({ databaseUrl: scratch.url });
    try {
      results.PostgreSQL = await measure(postgres);
    } finally {
      await postgres.close();
      await scratch.drop();
    }
  }
  const variants = Object.keys(results);
  const operations = Object.keys(results[variants[0]]);
  printTable(
    'Login slice, in-process, median (p95)',
    variants,
    operations.map((op) => [op, ...variants.map((v) => `${ms(results[v][op].median)} (${ms(results[v][op].p95)})`)]),
  );
}
