/**
 * The databases a kill -9 test runs a real server process on (support/spawned-server.ts): the embedded
 * database in a data directory of its own, and PostgreSQL when DATABASE_URL is set, each holding the
 * seeded demo plant.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database.ts';
import { seededPgliteDump } from './pglite-snapshot.ts';
import type { ServerSettings } from './spawned-server.ts';
import { testDatabases } from './test-server.ts';

export interface CrashTarget {
  name: string;
  settings: ServerSettings;
  /** Opens the database in this process as the next start would find it (for the SQL checks). */
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

/** The embedded database in a directory of its own, holding the seeded demo plant. */
async function pgliteTarget(): Promise<CrashTarget> {
  const root = await mkdtemp(path.join(tmpdir(), 'portal-crash-'));
  const dataDir = path.join(root, 'data');
  // The seeded demo plant, written into the directory (as a started server would leave it).
  const seeded = await openDatabase({ dataDir, loadDataDir: await seededPgliteDump() });
  await seeded.close();
  return { name: 'PGlite', settings: { dataDir, demoData: true }, open: () => openDatabase({ dataDir }), dispose: () => rm(root, { recursive: true, force: true }) };
}

async function postgresTarget(): Promise<CrashTarget> {
  const database = testDatabases().find((d) => d.name === 'PostgreSQL')!;
  // Creates the scratch database (a copy of the run's seeded template when there is one).
  await (await database.open()).close();
  return { name: 'PostgreSQL', settings: { databaseUrl: database.url, demoData: true }, open: () => database.open(), dispose: () => database.dispose() };
}

/** Each database's name and how to make a target on it: PGlite always, PostgreSQL with DATABASE_URL. */
export const crashTargets: [string, () => Promise<CrashTarget>][] = [
  ['PGlite', pgliteTarget],
  ...(process.env.DATABASE_URL ? [['PostgreSQL', postgresTarget] as [string, () => Promise<CrashTarget>]] : []),
];
