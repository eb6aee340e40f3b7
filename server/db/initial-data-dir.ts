/**
 * A fresh embedded data directory starts as a copy of a prepared one instead of from nothing: initdb,
 * every migration and the whole seed took most of a first start's ten seconds, a file copy takes a
 * fraction of one. Like PostgreSQL's template databases.
 *
 * The template is made once per version of what it is built from (the server's sources, the shared
 * declarations it seeds from, package-lock.json, which pins PGlite) and kept under .cache/ in the
 * project: migrated and seeded (the demo plant, or the clean one for DEMO_DATA=off), except what must
 * differ per installation or per day, which the first start on the copy writes as it would on an
 * empty database: the login key pair (made by every start that finds none), ADMIN's password
 * (ADMIN_PASSWORD is not known before; see PASSWORD_SET_ON_FIRST_START) and the demo rows dated
 * relative to now (home notices, demo bills). Migrations newer than the template (none, while its
 * hash is current) and seed rows added since are applied on top by the start as always.
 */
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { seedStartData } from './seed/seed-start.ts';
import { ADMIN_USER } from './seed/system-data.ts';
import { PASSWORD_SET_ON_FIRST_START } from './seed/seed-system.ts';

const PROJECT_DIR = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_TEMPLATE_CACHE = path.join(PROJECT_DIR, '.cache', 'initial-data-dir');

/** What a database built by the server depends on: its own sources and the shared declarations it seeds from
 * (master entities, bill types, the message catalogue). A bill type added to src/shared must make a new one. */
const SOURCE_DIRS = ['server/', 'src/shared/'];
/** Pins PGlite's version (and everything the server runs on). */
const LOCK_FILE = 'package-lock.json';

/** A hash of the server's sources, the shared declarations and package-lock.json. */
export async function serverSourcesHash(): Promise<string> {
  const hash = createHash('sha256').update(await readFile(path.join(PROJECT_DIR, LOCK_FILE)));
  for (const dir of SOURCE_DIRS.map((d) => path.join(PROJECT_DIR, d))) {
    const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(file.slice(PROJECT_DIR.length)).update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** No directory yet, or an empty one: nothing a start could lose by copying a template into it. */
export async function isFreshDataDir(dataDir: string): Promise<boolean> {
  return readdir(dataDir).then(
    (names) => names.length === 0,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return true;
      throw error;
    },
  );
}

export interface TemplateOptions {
  /** The demo plant (default) or the clean one (DEMO_DATA=off). */
  demoData: boolean;
  /** Where templates are kept (default .cache/initial-data-dir in the project). */
  cacheDir?: string;
}

async function buildTemplate(dir: string, demoData: boolean): Promise<void> {
  // Complete or absent: a start killed while building, or two starts building at once, leave no half template.
  const partial = `${dir}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  const database = pgliteDatabase(await PGlite.create(partial));
  try {
    await migrateToLatest(database.db);
    // The password is replaced on the first start (PASSWORD_SET_ON_FIRST_START), so any will do here.
    await seedStartData(database.db, { adminPassword: PASSWORD_SET_ON_FIRST_START, demoData, datedRows: false });
    await database.db.updateTable('users').set({ password_hash: PASSWORD_SET_ON_FIRST_START }).where('id', '=', ADMIN_USER.ID).execute();
  } finally {
    // Closing writes PGlite's files completely.
    await database.close();
  }
  await rename(partial, dir).catch(async (error: NodeJS.ErrnoException) => {
    await rm(partial, { recursive: true, force: true });
    // Another start finished the same template first: it is as good as ours.
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
  });
}

/**
 * The template data directory for the current sources, built when missing (which costs what a first
 * start on an empty directory costs); templates of older sources are removed then.
 */
export async function initialDataDirTemplate({ demoData, cacheDir = DEFAULT_TEMPLATE_CACHE }: TemplateOptions): Promise<string> {
  const hash = await serverSourcesHash();
  const name = `${hash}-${demoData ? 'demo' : 'clean'}`;
  const dir = path.join(cacheDir, name);
  if (!(await isFreshDataDir(dir))) return dir;
  await mkdir(cacheDir, { recursive: true });
  await buildTemplate(dir, demoData);
  for (const other of await readdir(cacheDir)) {
    if (!other.startsWith(hash) && !other.endsWith('.partial')) await rm(path.join(cacheDir, other), { recursive: true, force: true });
  }
  return dir;
}

/**
 * Makes a fresh data directory a copy of the template (building the template first if needed); leaves
 * any other directory alone. Returns whether it copied. The copy appears whole or not at all.
 */
export async function startFromTemplate(dataDir: string, options: TemplateOptions): Promise<boolean> {
  if (dataDir.startsWith('memory://') || !(await isFreshDataDir(dataDir))) return false;
  const template = await initialDataDirTemplate(options);
  const target = path.resolve(dataDir);
  const partial = `${target}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  // A copy-on-write clone where the file system offers one, else a plain copy.
  await cp(template, partial, { recursive: true, mode: constants.COPYFILE_FICLONE });
  // An empty directory the operator made is replaced; one that another start filled meanwhile is kept.
  await rmdir(target).catch(() => {});
  await rename(partial, target).catch(async (error: NodeJS.ErrnoException) => {
    await rm(partial, { recursive: true, force: true });
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
  });
  return true;
}
