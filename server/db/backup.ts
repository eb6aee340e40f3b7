/**
 * Backup and restore of the embedded database (`npm run db:backup -- <file>`, `npm run db:restore --
 * <file>`). A backup is PGlite's dump of the whole data directory (a gzipped tar), taken while this
 * process holds the directory's lock, so the server must be stopped (a running server holds the lock
 * and the command says so). Both check their result opens: the backup by loading it into a database
 * in memory, the restore by opening the restored directory, each counting the applied migrations.
 */
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock.ts';

export interface OpenCheck {
  /** Applied schema migrations: 0 would mean an empty, not a restored, database. */
  migrations: number;
  /** Tables in the public schema. */
  tables: number;
}

/** Opens nothing itself: asks an open PGlite what a server would need to find. */
async function checkOpens(pglite: PGlite): Promise<OpenCheck> {
  const tables = await pglite.query<{ n: number }>(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
  const migrations = await pglite.query<{ n: number }>(
    `select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'kysely_migration'`,
  );
  const applied = migrations.rows[0].n ? (await pglite.query<{ n: number }>('select count(*)::int as n from kysely_migration')).rows[0].n : 0;
  if (!applied) throw new Error('the database holds no schema: it is not a backup of this server');
  return { migrations: applied, tables: tables.rows[0].n };
}

/** Writes a backup of `dataDir` to `file` (whole or not at all) and checks that it loads. */
export async function backupDataDir(dataDir: string, file: string): Promise<OpenCheck & { bytes: number }> {
  const unlock = await lockDataDir(dataDir);
  let dump: Blob;
  try {
    if (!(await readdir(dataDir).catch(() => [])).length) throw new Error(`${dataDir} holds no database`);
    const pglite = await PGlite.create(dataDir);
    try {
      dump = await pglite.dumpDataDir('gzip');
    } finally {
      await pglite.close();
    }
  } finally {
    await unlock();
  }
  const bytes = Buffer.from(await dump.arrayBuffer());
  const check = await checkDump(bytes);
  const partial = `${file}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
  return { ...check, bytes: bytes.length };
}

/** Loads a backup into a database in memory and checks it. */
async function checkDump(bytes: Buffer<ArrayBuffer>): Promise<OpenCheck> {
  const pglite = await PGlite.create({ loadDataDir: new Blob([bytes]) });
  try {
    return await checkOpens(pglite);
  } finally {
    await pglite.close();
  }
}

/**
 * Restores `file` into `dataDir`, which must not exist or be empty (a restore never overwrites a
 * database: move the old one aside first), and checks that the restored directory opens.
 * On failure the directory is removed again, so nothing half-restored is left to start on.
 */
export async function restoreDataDir(file: string, dataDir: string): Promise<OpenCheck> {
  const bytes = await readFile(file);
  const existing = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (existing.length) throw new Error(`${dataDir} is not empty: restore into a new directory (move the old one aside first)`);
  const unlock = await lockDataDir(dataDir);
  try {
    const loaded = await PGlite.create(dataDir, { loadDataDir: new Blob([bytes]) });
    await loaded.close();
    // Opened again from its files, as the server will.
    const reopened = await PGlite.create(dataDir);
    try {
      return await checkOpens(reopened);
    } finally {
      await reopened.close();
    }
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    await unlock();
  }
}
