/**
 * One process per embedded data directory. Two PGlite instances on one directory corrupt it (a second
 * server opened it before failing on the port; after a kill -9 of the first the directory no longer
 * opened: "could not locate a valid checkpoint record"). So every process that opens a data directory
 * (the server, db:backup, db:restore) first creates `<dataDir>.lock` exclusively, holding its pid, and
 * removes it when done — PostgreSQL's own postmaster.pid rule.
 *
 * A lock whose process no longer runs (kill -9, power loss) is stale and taken over at once, so a
 * crash never blocks the next start. The file sits beside the directory, not in it, so backups of the
 * directory never carry a lock with them.
 */
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data directory is in use by process ${ownerPid} (lock file ${lockFile}). ` +
        `Stop that server first; if no such process is this server, delete the lock file.`,
    );
  }
}

export const lockFileOf = (dataDir: string) => `${path.resolve(dataDir)}.lock`;

/** Locks this process holds: its own pid in a lock file is not stale while it holds it. */
const held = new Set<string>();

/** Whether a process with this pid runs (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const ownerOf = async (file: string): Promise<number | undefined> =>
  readFile(file, 'utf8').then(
    (text) => Number.parseInt(text, 10),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    },
  );

/**
 * Takes the lock of `dataDir` for this process, or throws DataDirLockedError naming the process
 * that holds it. Returns the release. Creation is atomic (a complete file is hard-linked into place),
 * so of two processes starting together exactly one wins.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = lockFileOf(dataDir);
  if (held.has(lockFile)) throw new DataDirLockedError(lockFile, process.pid);
  const mine = `${lockFile}.${process.pid}`;
  await writeFile(mine, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await link(mine, lockFile);
        held.add(lockFile);
        return async () => {
          held.delete(lockFile);
          // Only our own lock is ours to remove.
          if ((await ownerOf(lockFile)) === process.pid) await unlink(lockFile);
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = await ownerOf(lockFile);
      if (owner === undefined) continue; // released meanwhile: try again
      // Our own pid in a lock we do not hold is a previous process's (pids repeat, e.g. in containers).
      if (owner !== process.pid && isRunning(owner)) throw new DataDirLockedError(lockFile, owner);
      // Stale. Move it aside atomically (of two processes doing this, one succeeds) and look at
      // what was moved: if a live process had just replaced the stale lock, put it back.
      const aside = `${lockFile}.stale.${process.pid}`;
      try {
        await rename(lockFile, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      const moved = await ownerOf(aside);
      if (moved !== undefined && moved !== owner && isRunning(moved)) {
        await link(aside, lockFile).catch(() => {});
        await unlink(aside);
        throw new DataDirLockedError(lockFile, moved);
      }
      await unlink(aside);
    }
    throw new DataDirLockedError(lockFile, (await ownerOf(lockFile)) ?? 0);
  } finally {
    await unlink(mine).catch(() => {});
  }
}
