/**
 * What a server writes on start (server/app.ts): the system data always, and the demo plant on top
 * unless DEMO_DATA=off. A clean plant's ADMIN is a member of one default organisation
 * (system-data.ts DEFAULT_ORGANIZATION), made only when the database has no organisation yet.
 */
import type { DB } from '../database.ts';
import { DEMO_ORGANIZATIONS } from './demo-data.ts';
import { seedDemoData } from './seed-demo.ts';
import { seedSystemData } from './seed-system.ts';
import { DEFAULT_ORGANIZATION } from './system-data.ts';

export interface SeedOptions {
  adminPassword: string;
  /** false (DEMO_DATA=off): only the system data, with ADMIN in one default organisation. */
  demoData: boolean;
  /**
   * false: leave out the demo rows dated relative to now (home notices, demo bills). An initial data
   * directory (initial-data-dir.ts) is made this way, possibly days before a server first starts on
   * it; that start adds them, dated then, as a start on an empty database would.
   */
  datedRows?: boolean;
}

export async function seedStartData(db: DB, options: SeedOptions): Promise<void> {
  if (!options.demoData) {
    await seedSystemData(db, { adminPassword: options.adminPassword, organizations: [DEFAULT_ORGANIZATION], onlyIntoEmpty: true });
    return;
  }
  await seedSystemData(db, { adminPassword: options.adminPassword, organizations: DEMO_ORGANIZATIONS });
  await seedDemoData(db, { adminPassword: options.adminPassword, datedRows: options.datedRows });
}
