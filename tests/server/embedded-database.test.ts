/**
 * Issue 11 defects 3 and 4 on the embedded database's files: the time limit (a query past it ends
 * PGlite's worker; committed data survives, the unfinished transaction leaves nothing), one process
 * per data directory (a second server refuses and touches nothing; after a kill -9 of the first the
 * directory opens), and backup -> restore -> the restored copy opens with the same data.
 * PGlite only: PostgreSQL has none of these files.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { lockDataDir, lockFileOf } from '../../server/db/data-dir-lock.ts';
import { DEFAULT_DATABASE_LIMITS, openDatabase, type DB } from '../../server/db/database.ts';
import { createUser } from '../../server/modules/users/accounts.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node --import tsx <script> ...args` in the repository with extra environment; resolves when it ends. */
function runNode(args: string[], env: Record<string, string>): { done: Promise<Run>; pid: number; kill(signal: NodeJS.Signals): void; output(): string } {
  // DATABASE_URL (set for the PostgreSQL runs of the suites) would make them use PostgreSQL instead.
  const childEnv = { ...process.env, DATABASE_URL: '', ...env };
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const done = new Promise<Run>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
  return { done, pid: child.pid!, kill: (signal) => child.kill(signal), output: () => stdout + stderr };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const userNamed = (db: DB, userName: string) =>
  db.selectFrom('users').select('user_name').where('user_name', '=', userName).executeTakeFirst();

describe('the embedded database on disk', () => {
  let root: string;
  let dataDir: string;
  const userName = `kept_${process.pid}`;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'portal-embedded-'));
    dataDir = path.join(root, 'data');
    const database = await openDatabase({ dataDir });
    try {
      await (await buildApp({ db: database.db })).close();
      await createUser(database.db, { userName, nickName: userName, roleIds: ['role-operator'], password: 'secret-1', orgIds: ['org-f01'] });
    } finally {
      await database.close();
    }
  }, 300_000);

  afterAll(() => rm(root, { recursive: true, force: true }));

  it('a query past the time limit is cancelled; committed data stays, the unfinished transaction leaves nothing', async () => {
    const database = await openDatabase({ dataDir }, { ...DEFAULT_DATABASE_LIMITS, statementTimeoutMs: 300 });
    try {
      const endless = sql`select count(*) from demo_reels a cross join demo_reels b`;
      const halfWritten = database.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('users').where('user_name', '=', userName).execute();
        await endless.execute(trx);
      });
      await expect(halfWritten).rejects.toMatchObject({ code: '57014' });
      // The database was reopened behind the scenes and answers again, with the delete undone.
      expect(await userNamed(database.db, userName)).toEqual({ user_name: userName });
    } finally {
      await database.close();
    }
    const reopened = await openDatabase({ dataDir });
    try {
      expect(await userNamed(reopened.db, userName)).toEqual({ user_name: userName });
    } finally {
      await reopened.close();
    }
  }, 300_000);

  it('reports its memory: the WebAssembly memory it holds, which a large sort makes grow, and its thread’s heap', async () => {
    const database = await openDatabase({ dataDir });
    try {
      const before = await database.memory!();
      expect(before.wasmBytes).toBeGreaterThan(16 * 1024 * 1024);
      expect(before.heapBytes).toBeGreaterThan(0);
      await sql`set work_mem = '256MB'`.execute(database.db);
      await sql`select count(*) from (select md5(g::text) as m from generate_series(1, 400000) g order by 1) s`.execute(database.db);
      const after = await database.memory!();
      expect(after.wasmBytes).toBeGreaterThan(before.wasmBytes!);
    } finally {
      await database.close();
    }
  }, 300_000);

  it('backup -> restore: the restored copy opens with the same data; a restore never overwrites, a backup waits for no running server', async () => {
    const backupFile = path.join(root, 'backup.tar.gz');
    const backup = await runNode(['server/db-command.ts', 'backup', backupFile], { DATA_DIR: dataDir }).done;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up .* \(\d+ bytes; checked: it loads, \d+ tables, \d+ migrations\)\./);

    const restoredDir = path.join(root, 'restored');
    const restore = await runNode(['server/db-command.ts', 'restore', backupFile], { DATA_DIR: restoredDir }).done;
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^Restored .* \(checked: it opens, \d+ tables, \d+ migrations\)\./);
    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      expect(await userNamed(restored.db, userName)).toEqual({ user_name: userName });
    } finally {
      await restored.close();
    }

    const overwrite = await runNode(['server/db-command.ts', 'restore', backupFile], { DATA_DIR: restoredDir }).done;
    expect(overwrite.code).toBe(1);
    expect(overwrite.stderr).toContain('is not empty: restore into a new directory');

    const unlock = await lockDataDir(dataDir);
    try {
      const whileRunning = await runNode(['server/db-command.ts', 'backup', path.join(root, 'second.tar.gz')], { DATA_DIR: dataDir }).done;
      expect(whileRunning.code).toBe(1);
      expect(whileRunning.stderr).toContain(`The data directory is in use by process ${process.pid}`);
      expect(await readdir(root)).not.toContain('second.tar.gz');
    } finally {
      await unlock();
    }
  }, 180_000);

  it('a second server on the same data directory refuses and touches nothing; after kill -9 of the first the directory opens', async () => {
    const env = { DATA_DIR: dataDir, CAPTCHA: 'off', PORTAL_DIR: path.join(root, 'no-portal') };
    const firstPort = await freePort();
    const first = runNode(['server/main.ts'], { ...env, PORT: String(firstPort) });
    try {
      for (let waited = 0; !first.output().includes('Portal ready'); waited++) {
        if (waited > 1200) throw new Error(`the first server did not start: ${first.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const filesBefore = (await readdir(dataDir, { recursive: true })).sort();

      const otherPort = await runNode(['server/main.ts'], { ...env, PORT: String(await freePort()) }).done;
      expect(otherPort.code).toBe(1);
      expect(otherPort.stderr).toContain(`The data directory is in use by process ${first.pid}`);
      const samePort = await runNode(['server/main.ts'], { ...env, PORT: String(firstPort) }).done;
      expect(samePort.code).toBe(1);
      expect(samePort.stderr).toContain(`Cannot listen on port ${firstPort}`);

      expect((await readdir(dataDir, { recursive: true })).sort()).toEqual(filesBefore);
      expect(await readFile(lockFileOf(dataDir), 'utf8')).toBe(`${first.pid}\n`);
    } finally {
      first.kill('SIGKILL');
      await first.done;
    }

    // The lock left by the killed server is stale: it does not stop the next open.
    const reopened = await openDatabase({ dataDir });
    try {
      expect(await userNamed(reopened.db, userName)).toEqual({ user_name: userName });
    } finally {
      await reopened.close();
    }
  }, 240_000);

  it('a data directory whose files do not open stops the server with what to do, and leaves no lock', async () => {
    // Damaged as an operating-system crash can leave it (fsync is off): the write-ahead log is gone.
    const damaged = path.join(root, 'damaged');
    await cp(dataDir, damaged, { recursive: true });
    for (const file of await readdir(path.join(damaged, 'pg_wal'))) {
      if (/^[0-9A-F]{24}$/.test(file)) await rm(path.join(damaged, 'pg_wal', file));
    }
    const start = await runNode(['server/main.ts'], { DATA_DIR: damaged, CAPTCHA: 'off', PORTAL_DIR: path.join(root, 'no-portal'), PORT: String(await freePort()) }).done;
    expect(start.code).toBe(1);
    expect(start.stderr).toContain(`The embedded database in ${damaged} could not be opened (`);
    expect(start.stderr).toContain('Restore the latest backup into a new directory (DATA_DIR=<new directory> npm run db:restore -- <backup file>)');
    expect(start.stdout).not.toContain('Portal ready');
    expect(await readdir(root)).not.toContain('damaged.lock');
  }, 300_000);

  it('a lock naming a process that no longer runs is taken over; a live one is not', async () => {
    const dir = path.join(root, 'lock-only');
    await writeFile(lockFileOf(dir), '999999999\n');
    const release = await lockDataDir(dir);
    expect(await readFile(lockFileOf(dir), 'utf8')).toBe(`${process.pid}\n`);
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${process.pid}`);
    await release();
    expect(await readdir(root)).not.toContain('lock-only.lock');
  });
});
