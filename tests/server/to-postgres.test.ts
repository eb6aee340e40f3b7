/**
 * The documented path from the embedded database to PostgreSQL: `npm run db:to-postgres -- <url>`
 * copies a PGlite data directory into a new PostgreSQL database, where the server then starts with
 * the same data (users can log in with their passwords). Needs DATABASE_URL.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { createUser } from '../../server/modules/users/accounts.ts';
import { scratchPostgres, TestServer } from './support/test-server.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const serverUrl = process.env.DATABASE_URL;

function copyCommand(dataDir: string, url: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/db-command.ts', 'to-postgres', url], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe.runIf(serverUrl)('from the embedded database to PostgreSQL', () => {
  // Made only when the suite runs: a skipped suite's body is still collected, without DATABASE_URL.
  const target = serverUrl ? scratchPostgres(serverUrl) : (undefined as never);
  let root: string | undefined;
  afterAll(async () => {
    await target.dispose();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('db:to-postgres copies every row into a new database, where the server starts with the same data', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'portal-to-postgres-'));
    const dataDir = path.join(root, 'data');
    const userName = `moved_${process.pid}`;
    const embedded = await openDatabase({ dataDir });
    let reels: number;
    try {
      await (await buildApp({ db: embedded.db })).close();
      await createUser(embedded.db, { userName, nickName: userName, roleIds: ['role-operator'], password: 'secret-1', orgIds: ['org-f01'] });
      reels = (await sql<{ n: number }>`select count(*)::int as n from demo_reels`.execute(embedded.db)).rows[0].n;
    } finally {
      await embedded.close();
    }
    await (await target.open()).close(); // creates the empty database

    const copy = await copyCommand(dataDir, target.url!);
    expect(copy.stderr).toBe('');
    expect(copy.code).toBe(0);
    expect(copy.stdout).toMatch(/^Copied .* into PostgreSQL: \d+ tables, \d+ rows\./);

    const again = await copyCommand(dataDir, target.url!);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('the PostgreSQL database is not empty');

    const server = new TestServer();
    try {
      await server.start(target);
      expect((await sql<{ n: number }>`select count(*)::int as n from demo_reels`.execute(server.db)).rows[0].n).toBe(reels);
      expect((await server.attemptLogin(userName, 'secret-1', 'org-f01')).body.ErrorInfo.Status).toBe(false);
    } finally {
      await server.stop();
    }
  }, 240_000);
});
