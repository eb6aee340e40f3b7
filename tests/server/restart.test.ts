import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { scratchPostgres, TestServer, type TestDatabase } from './support/test-server.ts';

async function pgliteInTempDir(): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-restart-'));
  return { name: 'PGlite', open: () => openDatabase({ dataDir: dir }), dispose: () => rm(dir, { recursive: true, force: true }) };
}

const databases: (readonly [name: string, make: () => Promise<TestDatabase>])[] = [
  ['PGlite in a directory', pgliteInTempDir],
  ...(process.env.DATABASE_URL ? [['PostgreSQL', async () => scratchPostgres(process.env.DATABASE_URL!)] as const] : []),
];

/**
 * A first start on an empty directory builds the embedded database's template when the checkout has none yet (migrations
 * and the whole seed, as initial-data-dir.test allows minutes for): on a loaded 2-core machine that alone passed 60 s.
 */
const FIRST_START_MAY_BUILD_THE_TEMPLATE_MS = 300_000;

describe('restart', () => {
  it.each(databases)(
    'users, sessions and the login key written before a restart are there after it (%s)',
    async (_name, makeDatabase) => {
      const database = await makeDatabase();
      const server = new TestServer();
      try {
        await server.start(database);
        const user = await server.createUser();
        const { Token } = await server.login(user.userName, user.password, 'org-f01');
        const keyBefore = (await server.call('GET', '/Auth/GetPublicKey')).body.data.PublicKey;
        await server.stop();

        await server.start(database);
        expect((await server.call('GET', '/Auth/GetPublicKey')).body.data.PublicKey).toBe(keyBefore);
        const { body } = await server.call('POST', '/Auth/GetUserInfoByToken', { token: Token });
        expect(body.data.USER_NAME).toBe(user.userName);
        expect((await server.attemptLogin(user.userName, user.password, 'org-f01')).body.ErrorInfo.Status).toBe(false);
      } finally {
        await server.stop();
        await database.dispose();
      }
    },
    FIRST_START_MAY_BUILD_THE_TEMPLATE_MS,
  );
});
