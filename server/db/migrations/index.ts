/**
 * The migrations, in order, for Kysely's Migrator (an in-code provider: no directory scanning, so
 * they work the same under tsx, vitest and a bundle). Append new ones; never edit a released one.
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './0001_foundation.ts';
import * as listConfig from './0002_list_config.ts';
import * as demoReels from './0003_demo_reels.ts';
import * as listDefaultSort from './0004_list_default_sort.ts';
import { masterDataMigrations } from './masterdata.ts';
import * as admin from './0030_admin.ts';
import * as userRoles from './0031_user_roles.ts';
import * as favourites from './0040_favourites.ts';
import * as home from './0040_home.ts';
import * as homeLists from './0041_home_lists.ts';
import * as englishCaptions from './0042_english_captions.ts';
import * as toolFiles from './0050_tool_files.ts';
import * as seedLedger from './0060_seed_ledger.ts';

const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_list_config': listConfig,
  '0003_demo_reels': demoReels,
  '0004_list_default_sort': listDefaultSort,
  ...masterDataMigrations,
  '0040_favourites': favourites,
  '0040_home': home,
  '0041_home_lists': homeLists,
  '0042_english_captions': englishCaptions,
  '0030_admin': admin,
  '0031_user_roles': userRoles,
  '0050_tool_files': toolFiles,
  '0060_seed_ledger': seedLedger,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
