/**
 * Starting PGlite from nothing (initdb) and migrating and seeding it costs many seconds; loading a dump of a
 * seeded database costs under one. The first suite that needs one builds a dump of a database the server
 * has started on once (migrated, seeded, login key made) and leaves it in the system temp directory;
 * each test process reads it once, and every suite loads its own in-memory copy from it. The file name
 * carries the hash of what the seed is built from (serverSourcesHash, as the server's initial data directory), so any change to it makes a new one.
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

/**
 * While the snapshot is built, WAL is kept to PostgreSQL's least (two 16 MB segments, not the default 80 MB) and
 * checkpointed before the dump: the WAL was half of a 123 MB dump that every suite loads, and a 90 MB copy loads
 * in ~35 % less time. The copies run with the server's defaults again.
 */
const SMALL_WAL = ['-c', 'min_wal_size=32MB', '-c', 'max_wal_size=32MB'];
/** Part of the file name: a snapshot built the way an older version of this file built it is not read. */
const SNAPSHOT_FORMAT = 'checkpointed';

async function buildSnapshot(file: string): Promise<Uint8Array> {
  const pglite = await PGlite.create({ startParams: [...PGlite.defaultStartParams, ...SMALL_WAL] });
  const database = pgliteDatabase(pglite);
  try {
    await (await buildApp({ db: database.db })).close();
    await pglite.exec('CHECKPOINT');
    const dump = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
    // The file appears whole or not at all: suites may race to build it.
    await mkdir(SNAPSHOT_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, dump);
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

/** The dump of each server sources' snapshot this test process has read: read (or built) once, not once per suite. */
const dumps = new Map<string, Promise<Uint8Array>>();

function seededDump(): Promise<Uint8Array> {
  return serverSourcesHash().then((hash) => {
    const file = path.join(SNAPSHOT_DIR, `${hash}-${SNAPSHOT_FORMAT}.tar`);
    if (!dumps.has(file)) {
      const dump = readFile(file).then(
        (bytes) => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        () => buildSnapshot(file),
      );
      dumps.set(file, dump);
      dump.catch(() => dumps.delete(file));
    }
    // Its modification time says when a run last read it (see buildSnapshot).
    void utimes(file, new Date(), new Date()).catch(() => {});
    return dumps.get(file)!;
  });
}

/**
 * The dump as the Blob PGlite loads, answering arrayBuffer() with the bytes already in memory: PGlite only calls
 * that, and Node's own Blob reads its bytes back in 64 KB chunks and joins them (~0.2 s of a 90 MB load). Not a
 * copy either (~0.3 s more): PGlite only reads it, untarring each file into its in-memory file system, which copies
 * the file's bytes (FS.writeFile without canOwn), so no suite's writes reach the dump the next suite loads.
 */
class LoadedDump extends Blob {
  constructor(private readonly dump: Uint8Array) {
    super();
  }
  override get size() {
    return this.dump.byteLength;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.dump;
    // readFile gives a 90 MB file a buffer of its own; a smaller one may share Node's pool, and is copied.
    return byteOffset === 0 && byteLength === buffer.byteLength ? (buffer as ArrayBuffer) : this.dump.slice().buffer;
  }
}

/**
 * A suite's database starts with 32 MB of shared buffers instead of PostgreSQL's 128 MB: PGlite sets all of it up in
 * its wasm memory at each start, which was ~0.4 s of each suite's ~1.2 s load. A suite's data (~55 MB, most of it
 * the grid demo's reels) lives in PGlite's in-memory file system either way, so a page not in the buffers is a copy
 * away, not a disk read.
 */
const SUITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** A new in-memory PGlite holding a started server's database. */
export async function openSeededPglite(): Promise<DatabaseHandle> {
  return pgliteDatabase(await PGlite.create({ loadDataDir: new LoadedDump(await seededDump()), startParams: SUITE_START_PARAMS }));
}

/** The dump itself (e.g. to write a data directory a spawned server starts on: openDatabase({ dataDir, loadDataDir })); a copy of its own. */
export async function seededPgliteDump(): Promise<Uint8Array> {
  return (await seededDump()).slice();
}

/** The same, with PGlite in a worker thread as the server runs it (openDatabase). */
export async function openSeededPgliteInWorker(limits?: DatabaseLimits): Promise<DatabaseHandle> {
  return openDatabase({ dataDir: 'memory://', loadDataDir: await seededPgliteDump() }, limits);
}
