/**
 * Starting PGlite from nothing (initdb) costs seconds; loading a dump of an initialised database
 * costs about half a second. The first suite that needs one builds a dump of a database the server
 * has started on once (migrated, seeded, login key made) and leaves it in the system temp
 * directory; every suite then loads its own in-memory copy from it. The file name carries the hash of
 * what the seed is built from (serverSourcesHash, as the server's initial data directory), so any change to it makes a new one.
 */
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../../server/app.ts';
import { openDatabase, pgliteDatabase, type DatabaseHandle, type DatabaseLimits } from '../../../server/db/database.ts';
import { serverSourcesHash } from '../../../server/db/initial-data-dir.ts';

const SNAPSHOT_DIR = path.join(tmpdir(), 'plant-portal-test-pglite');
/** A snapshot of other sources no run has read for this long is removed by the next build. */
const UNUSED_FOR_MS = 60 * 60_000;

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
    // Snapshots of other server sources are of no further use once no run has read them for a while. Not at once:
    // other runs on the machine (another checkout, the generators test's scratch copy, whose sources differ) read
    // theirs still, and each deleted under them was built again (migrations and the whole demo seed), deleting
    // this one in turn.
    for (const name of await readdir(SNAPSHOT_DIR)) {
      if (!name.endsWith('.tar') || name === path.basename(file)) continue;
      const other = path.join(SNAPSHOT_DIR, name);
      const lastRead = await stat(other).then((s) => s.mtimeMs, () => Date.now());
      if (Date.now() - lastRead > UNUSED_FOR_MS) await rm(other, { force: true });
    }
    return dump;
  } finally {
    await database.close();
  }
}

async function seededDump(): Promise<Blob> {
  const file = path.join(SNAPSHOT_DIR, `${await serverSourcesHash()}.tar`);
  return readFile(file).then(
    (bytes) => {
      // Its modification time says when a run last read it (see buildSnapshot).
      void utimes(file, new Date(), new Date()).catch(() => {});
      return new Blob([bytes]);
    },
    () => buildSnapshot(file),
  );
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
