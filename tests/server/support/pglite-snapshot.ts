/**
 * Starting PGlite from nothing (initdb) costs seconds; loading a dump of an initialised database
 * costs about half a second. The first suite that needs one builds a dump of a database the server
 * has started on once (migrated, seeded, login key made) and leaves it in the system temp
 * directory; every suite then loads its own in-memory copy from it. The file name carries a hash of
 * the server's sources and of package-lock.json, so any server or dependency change makes a new one.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../../server/app.ts';
import { pgliteDatabase, type DatabaseHandle } from '../../../server/db/database.ts';

const SERVER_DIR = fileURLToPath(new URL('../../../server/', import.meta.url));
const LOCK_FILE = fileURLToPath(new URL('../../../package-lock.json', import.meta.url));
const SNAPSHOT_DIR = path.join(tmpdir(), 'plant-portal-test-pglite');

/** A hash of the server's sources and package-lock.json: what a database built by the server depends on. */
export async function serverSourcesHash(): Promise<string> {
  // The lock file pins PGlite's version (and everything the server runs on).
  const hash = createHash('sha256').update(await readFile(LOCK_FILE));
  const files = (await readdir(SERVER_DIR, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(file.slice(SERVER_DIR.length)).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

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

/** A new in-memory PGlite holding a started server's database. */
export async function openSeededPglite(): Promise<DatabaseHandle> {
  const file = path.join(SNAPSHOT_DIR, `${await serverSourcesHash()}.tar`);
  const dump = await readFile(file).then((bytes) => new Blob([bytes]), () => buildSnapshot(file));
  return pgliteDatabase(await PGlite.create({ loadDataDir: dump }));
}
