/**
 * A fresh embedded data directory starts as a copy of a prepared template (server/db/initial-data-dir.ts)
 * and ends up as a start on an empty directory would leave it: the same rows in every table, ADMIN with
 * the ADMIN_PASSWORD of its first start, its own login key.
 */
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type DB, type DatabaseHandle } from '../../server/db/database.ts';
import { initialDataDirTemplate, startFromTemplate } from '../../server/db/initial-data-dir.ts';
import { ADMIN_USER } from '../../server/db/seed/system-data.ts';
import { verifyPassword } from '../../server/security/passwords.ts';
import { openSeededPglite } from './support/pglite-snapshot.ts';

let root: string;
let cacheDir: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'initial-data-dir-'));
  cacheDir = path.join(root, 'cache');
}, 300_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Rows per table of the public schema. */
async function rowCounts(db: DB): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ name: string }>`select relname as name from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace order by relname`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    counts[name] = Number(rows[0].n);
  }
  return counts;
}

const adminPasswordHash = async (db: DB) =>
  (await db.selectFrom('users').select('password_hash').where('id', '=', ADMIN_USER.ID).executeTakeFirstOrThrow()).password_hash;

describe('a fresh data directory started from the template', () => {
  let fromTemplate: DatabaseHandle;
  let fromEmpty: DatabaseHandle;

  beforeAll(async () => {
    const dataDir = path.join(root, 'data');
    expect(await startFromTemplate(dataDir, { demoData: true, cacheDir })).toBe(true);
    fromTemplate = await openDatabase({ dataDir });
    await (await buildApp({ db: fromTemplate.db, config: { adminPassword: 'first-start-secret' } })).close();
    // What a server leaves on an empty database (the suites' seeded snapshot).
    fromEmpty = await openSeededPglite();
  }, 600_000);

  afterAll(async () => {
    await fromTemplate?.close();
    await fromEmpty?.close();
  });

  it('has the same rows in every table as a start on an empty database', async () => {
    const [template, empty] = await Promise.all([rowCounts(fromTemplate.db), rowCounts(fromEmpty.db)]);
    expect(template).toEqual(empty);
    // Spot checks that there is a demo plant to compare at all.
    expect(template.users).toBeGreaterThanOrEqual(2);
    expect(template.menus).toBeGreaterThan(50);
    expect(template.md_part).toBeGreaterThanOrEqual(400);
    expect(template.home_notices).toBeGreaterThan(0);
  });

  it('gives ADMIN the ADMIN_PASSWORD of its first start, and makes its own login key', async () => {
    const hash = await adminPasswordHash(fromTemplate.db);
    expect(await verifyPassword('first-start-secret', hash)).toBe(true);
    expect(await verifyPassword('admin123', hash)).toBe(false);
    const keys = await fromTemplate.db.selectFrom('rsa_keys').select('public_pem').execute();
    const emptyKeys = await fromEmpty.db.selectFrom('rsa_keys').select('public_pem').execute();
    expect(keys).toHaveLength(1);
    expect(keys[0].public_pem).not.toBe(emptyKeys[0].public_pem);
  });
});

describe('the template', () => {
  // So the first start on a copy writes them as a start on an empty database does: its own key, the
  // ADMIN_PASSWORD it is given, the home notices and demo bills dated relative to that start.
  it('holds no login key, no usable ADMIN password and none of the demo rows dated relative to now', async () => {
    const template = await initialDataDirTemplate({ demoData: true, cacheDir });
    const copy = path.join(root, 'template-copy');
    await cp(template, copy, { recursive: true });
    const handle = await openDatabase({ dataDir: copy });
    try {
      expect(await handle.db.selectFrom('rsa_keys').select('id').execute()).toEqual([]);
      const hash = await adminPasswordHash(handle.db);
      expect(await verifyPassword('admin123', hash)).toBe(false);
      expect(await handle.db.selectFrom('home_notices').select('id').execute()).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 300_000);

  it('is not copied into a data directory that holds anything', async () => {
    const dataDir = path.join(root, 'used');
    await mkdir(dataDir);
    await writeFile(path.join(dataDir, 'PG_VERSION'), '18');
    expect(await startFromTemplate(dataDir, { demoData: true, cacheDir })).toBe(false);
    expect(await readdir(dataDir)).toEqual(['PG_VERSION']);
  });
});
