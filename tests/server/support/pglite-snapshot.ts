/**
 * Starting PGlite from nothing (initdb) costs seconds; loading a dump of an initialised database
 * costs about half a second. The first suite that needs one builds a dump of a database the server
 * has started on once (migrated, seeded, login key made) and leaves it in the system temp
 * directory; every suite then loads its own in-memory copy from it. The file name carries the hash of
 * what the seed is built from (serverSourcesHash, as the server's initial data directory), so any change to it makes a new one.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../../server/app.ts';
import { openDatabase, pgliteDatabase, type DatabaseHandle, type DatabaseLimits } from '../../../server/db/database.ts';
import { serverSourcesHash } from '../../../server/db/initial-data-dir.ts';

const SNAPSHOT_DIR = path.join(tmpdir(), 'plant-portal-test-pglite');

async function buildSnapshot(file: string): Promise<Blob> {
  const pglite = await PGlite.create();
  const database = pgliteDatabase(pglite);
  try {
    await (await buildApp({ db: database.db })).close();
    const dump = await pglite.dumpDataDir('none');
    // The file appears whole or not at all: suites may race to build it.
    await mkdir(SNAPSHOT_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    // Snapshots of older server sources are of no further use.
    for (const name of await readdir(SNAPSHOT_DIR)) {
      if (name.endsWith('.tar') && name !== path.basename(file)) await rm(path.join(SNAPSHOT_DIR, name), { force: true });
    }
    return dump;
  } finally {
    await database.close();
  }
}

async function seededDump(): Promise<Blob> {
  const file = path.join(SNAPSHOT_DIR, `${await serverSourcesHash()}.tar`);
  return readFile(file).then((bytes) => new Blob([bytes]), () => buildSnapshot(file));
}

/** A new in-memory PGlite holding a started server's database. */
export async function openSeededPglite(): Promise<DatabaseHandle> {
  return pgliteDatabase(await PGlite.create({ loadDataDir: await seededDump() }));
}

/** The dump itself (e.g. to write a data directory a spawned server starts on: openDatabase({ dataDir, loadDataDir })). */
export async function seededPgliteDump(): Promise<Uint8Array> {
  return new Uint8Array(await (await seededDump()).arrayBuffer());
}

/** The same, with PGlite in a worker thread as the server runs it (openDatabase). */
export async function openSeededPgliteInWorker(limits?: DatabaseLimits): Promise<DatabaseHandle> {
  return openDatabase({ dataDir: 'memory://', loadDataDir: await seededPgliteDump() }, limits);
}
