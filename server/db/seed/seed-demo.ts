/**
 * The demo plant's rows, written on start unless DEMO_DATA=off, on top of the system data
 * (seed-system.ts, which writes the demo organisations as the starting ones): the operator with
 * their role and grants, child apps, environment rows, the demo list's rows, master data and home
 * content, bills with their stock and running clocks (demo-data.ts, seed-demo-list.ts, seed-masterdata.ts, seed-home.ts,
 * seed-demo-bills.ts, seed-demo-clocks.ts). Each row once per
 * database (the seed ledger, ledger.ts): an edited row is left alone and a deleted one stays deleted
 * across restarts (a deleted demo user does not come back with its default password), while data
 * added later is added to existing databases.
 */
import type { DB } from '../database.ts';
import { DEMO_CHILD_APPS, DEMO_ENVIRONMENT_VARIABLES, OPERATOR_GRANTS, OPERATOR_ROLE, OPERATOR_TERMINAL_GRANTS, OPERATOR_USER } from './demo-data.ts';
import { seedOnce } from './ledger.ts';
import { seedDemoBills } from './seed-demo-bills.ts';
import { seedDemoClocks } from './seed-demo-clocks.ts';
import { seedDemoQuality } from './seed-demo-quality.ts';
import { seedDemoList } from './seed-demo-list.ts';
import { seedHomeData } from './seed-home.ts';
import { seedMasterData, seedPortalDemo } from './seed-masterdata.ts';
import { seedGrants, seedRoles, seedUsers } from './seed-system.ts';

/** The demo plant's own rows (the system data must be there: its roles, menus and organisations). */
export async function seedDemoData(db: DB, options: { adminPassword: string; datedRows?: boolean }): Promise<void> {
  await seedRoles(db, [OPERATOR_ROLE]);
  await seedUsers(db, [OPERATOR_USER], options.adminPassword);
  await seedGrants(db, { [OPERATOR_ROLE.ID]: OPERATOR_GRANTS }, { [OPERATOR_ROLE.ID]: OPERATOR_TERMINAL_GRANTS });

  await seedOnce(db, 'child_apps', DEMO_CHILD_APPS, (app) => app.Code, (trx, apps) =>
    trx
      .insertInto('child_apps')
      .values(apps.map((app) => ({ code: app.Code, name: app.Name, url: app.Url, sort_num: app.SORT_NUM })))
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );

  await seedOnce(db, 'environment_variables', DEMO_ENVIRONMENT_VARIABLES, environmentVariableId, (trx, variables) =>
    trx
      .insertInto('environment_variables')
      .values(variables.map((row) => ({
        id: environmentVariableId(row),
        env_name: row.EnvName,
        var_name: row.VarName,
        url_prefix: row.UrlPrefix,
        enabled: row.Enabled,
      })))
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );

  await seedDemoList(db);
  await seedMasterData(db);
  await seedPortalDemo(db);
  // Dated relative to now: left for the first start when the rows go into an initial data directory (seed-start.ts).
  if (options.datedRows === false) return;
  await seedHomeData(db);
  // Before the bills: the demo receipt's inspection document is planned from the part's template.
  await seedDemoQuality(db);
  // After the master data: the bills' parts, vendors and places.
  await seedDemoBills(db, new Date());
  // After the master data: the moisture-sensitive part and the places of its reels.
  await seedDemoClocks(db, new Date());
}

const environmentVariableId = (row: (typeof DEMO_ENVIRONMENT_VARIABLES)[number]) => `env-${row.EnvName}-${row.VarName}`;
