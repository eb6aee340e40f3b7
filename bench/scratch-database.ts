/**
 * A throw-away PostgreSQL database per bench run. Dropping it must wait for the bench's own
 * connections to be gone: pg's Pool.end() resolves once it has *asked* its clients to close, and a
 * DROP ... WITH (FORCE) in that moment terminates a still-closing client, whose FATAL then surfaces
 * as an unhandled 'error' on the ended pool and kills the bench process (seen on the shared machine).
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/db/database.ts';

const DROP_ATTEMPTS = 40;
const DROP_RETRY_MS = 250;

export interface ScratchDatabase {
  url: string;
  /** Drops the database once nothing uses it any more (FORCE only after ~10 s of waiting). */
  drop(): Promise<void>;
}

export async function createScratchDatabase(databaseUrl: string): Promise<ScratchDatabase> {
  const name = `portal_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(databaseUrl), { pathname: `/${name}` }).toString();
  return {
    url,
    async drop() {
      try {
        for (let attempt = 1; attempt <= DROP_ATTEMPTS; attempt++) {
          try {
            await admin.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (error) {
            // 55006: still being accessed by other users (our clients have not finished closing).
            if ((error as { code?: string }).code !== '55006') throw error;
            await sleep(DROP_RETRY_MS);
          }
        }
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** Runs `work` on a fresh, migrated PostgreSQL scratch database (the server's own open), then drops it. */
export async function onScratchPostgres<T>(databaseUrl: string, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const scratch = await createScratchDatabase(databaseUrl);
  const postgres = await openDatabase({ databaseUrl: scratch.url });
  try {
    return await work(postgres);
  } finally {
    await postgres.close();
    await scratch.drop();
  }
}
