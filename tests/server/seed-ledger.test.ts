/**
 * The seed ledger (server/db/seed/ledger.ts): the start-up seed writes each demo row once per
 * database. A demo row an administrator deleted stays deleted across restarts, a row the ledger
 * does not know yet (added to the demo data later, or missing from a database made before the
 * ledger) is written once, and a further start changes nothing.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { PORTAL_APP_CODE, menuIdOf } from '../../server/db/seed/demo-data.ts';
import { seedStartData } from '../../server/db/seed/seed-start.ts';
import { roleButtonKey, roleMenuKey } from '../../server/db/seed/seed-system.ts';
import { describeServer, type TestServer } from './support/test-server.ts';

const SEEDED_TABLES = [
  'organizations', 'roles', 'users', 'user_roles', 'user_organizations', 'menus', 'menu_buttons', 'role_menus', 'role_buttons',
  'child_apps', 'api_path_config', 'environment_variables', 'list_routes', 'list_params', 'demo_parts', 'demo_vendors', 'demo_reels',
  'md_company', 'md_part', 'md_rack_cell', 'home_notices', 'home_warnings', 'user_todos', 'version_masters', 'version_details',
  'user_memos', 'user_common_functions', 'home_daily_throughput', 'seed_ledger',
] as const;

/** Row counts of every table the seed writes, and of the ledger. */
async function counts(server: TestServer): Promise<Record<string, number>> {
  const entries = await Promise.all(SEEDED_TABLES.map(async (table) => {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(server.db);
    return [table, Number(rows[0].n)] as const;
  }));
  return Object.fromEntries(entries);
}

/** A restart on the same database: migrate and seed as a starting server does. */
async function restart(server: TestServer) {
  await (await buildApp({ db: server.db, config: server.config })).close();
}

const inLedger = async (server: TestServer, table: string, key: string) =>
  Boolean(await server.db.selectFrom('seed_ledger').select('seed_key').where('seed_table', '=', table).where('seed_key', '=', key).executeTakeFirst());

describeServer('seed ledger', {}, (server) => {
  it('records every seeded demo row, and bulk demo data sets as one entry each', async () => {
    expect(await inLedger(server, 'users', 'user-operator')).toBe(true);
    expect(await inLedger(server, 'menus', menuIdOf('WarehouseSolderPaste'))).toBe(true);
    expect(await inLedger(server, 'role_menus', roleMenuKey({ role_id: 'role-super-admin', menu_id: menuIdOf('WarehouseSolderPaste'), app_code: PORTAL_APP_CODE }))).toBe(true);
    const button = await server.db.selectFrom('role_buttons').selectAll().where('role_id', '=', 'role-operator').executeTakeFirstOrThrow();
    expect(await inLedger(server, 'role_buttons', roleButtonKey(button))).toBe(true);
    const bulk = await server.db.selectFrom('seed_ledger').select('seed_key').where('seed_table', '=', 'bulk').orderBy('seed_key').execute();
    expect(bulk.map((row) => row.seed_key)).toEqual(['demo-bills:v1', 'demo-clocks:v1', 'demo-list:reels:v1', 'demo-quality:v1', 'home:throughput:v1', 'masterdata:v1', 'portal:v1']);
    // Lookups and bill types are system data: one entry per organisation's row, so one added later reaches existing plants.
    expect(await inLedger(server, 'md_lookup', 'org-f01|UNIT|PCS')).toBe(true);
    expect(await inLedger(server, 'md_bill_type', 'org-f02|WIO')).toBe(true);
    // The demo receipt's inspection document (IND-00003) is planned from the demo template: a variable item with limits and an attribute one.
    const plan = await sql<{ check_item_code: string; kind: string; lower_limit: string | null; sample_size: number }>`
      select i.check_item_code, i.kind, i.lower_limit::text, i.sample_size from iqc_document_items i join iqc_documents d on d.id = i.document_id
       where d.org_id = 'org-f01' and d.part_code = 'IND-00003' order by i.seq`.execute(server.db);
    expect(plan.rows.map((r) => [r.check_item_code, r.kind, r.lower_limit === null ? null : Number(r.lower_limit)])).toEqual([['IND-L', 'VARIABLE', 4.23], ['IND-VIS', 'ATTRIBUTE', null]]);
    expect(plan.rows.every((r) => r.sample_size > 0)).toBe(true);
    const c = await counts(server);
    expect(c.demo_reels).toBeGreaterThan(1000);
    expect(c.seed_ledger).toBeLessThan(c.demo_reels);
  });

  it('leaves the planner statistics of the demo plant, so the grid’s first page of demo reels is read from the key’s index', async () => {
    const analyzed = await sql`select 1 from pg_stats where tablename = 'demo_reels'`.execute(server.db);
    expect(analyzed.rows.length).toBeGreaterThan(0);
    const org = (await sql<{ org_id: string }>`select org_id from demo_reels limit 1`.execute(server.db)).rows[0].org_id;
    const plan = await sql<{ 'QUERY PLAN': string }>`explain select row_to_json(src) from demo_reels as src where src.org_id = ${org} order by src.reel_id limit 20`.execute(server.db);
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('Index Scan using demo_reels_pkey');
  });

  it('a second seed run changes nothing', async () => {
    const before = await counts(server);
    await seedStartData(server.db, { adminPassword: server.config.adminPassword, demoData: true });
    await restart(server);
    expect(await counts(server)).toEqual(before);
  });

  it('a deleted demo user, role grant and menu stay deleted across restarts', async () => {
    const grant = await server.db.selectFrom('role_menus').selectAll().where('role_id', '=', 'role-operator').where('app_code', '=', PORTAL_APP_CODE).executeTakeFirstOrThrow();
    const buttonGrant = await server.db.selectFrom('role_buttons').selectAll().where('role_id', '=', 'role-operator').executeTakeFirstOrThrow();
    const menuId = menuIdOf('WarehouseSolderPaste');
    await server.db.deleteFrom('users').where('id', '=', 'user-operator').execute();
    await server.db.deleteFrom('role_menus').where('role_id', '=', grant.role_id).where('menu_id', '=', grant.menu_id).where('app_code', '=', grant.app_code).execute();
    await server.db.deleteFrom('role_buttons').where('role_id', '=', buttonGrant.role_id).where('button_id', '=', buttonGrant.button_id).execute();
    await server.db.deleteFrom('menus').where('id', '=', menuId).execute();
    const after = await counts(server);

    await restart(server);
    await seedStartData(server.db, { adminPassword: server.config.adminPassword, demoData: true });

    expect(await counts(server)).toEqual(after);
    expect(await server.db.selectFrom('users').select('id').where('id', '=', 'user-operator').executeTakeFirst()).toBeUndefined();
    expect((await server.attemptLogin('operator', 'operator123', 'org-f01')).body.ErrorInfo.Status).toBeTruthy();
    expect(await server.db.selectFrom('role_menus').select('menu_id').where('role_id', '=', grant.role_id).where('menu_id', '=', grant.menu_id).where('app_code', '=', grant.app_code).executeTakeFirst()).toBeUndefined();
    expect(await server.db.selectFrom('role_buttons').select('button_id').where('role_id', '=', buttonGrant.role_id).where('button_id', '=', buttonGrant.button_id).executeTakeFirst()).toBeUndefined();
    expect(await server.db.selectFrom('menus').select('id').where('id', '=', menuId).executeTakeFirst()).toBeUndefined();
  });

  it('a demo row the ledger does not know yet is written once, then its deletion sticks too', async () => {
    // As if added to demo-data.ts after this database was made: neither the row nor its ledger key.
    await server.db.deleteFrom('seed_ledger').where('seed_table', '=', 'users').where('seed_key', '=', 'user-operator').execute();
    const grant = { role_id: 'role-super-admin', menu_id: menuIdOf('MasterPart'), app_code: PORTAL_APP_CODE };
    await server.db.deleteFrom('role_menus').where('role_id', '=', grant.role_id).where('menu_id', '=', grant.menu_id).where('app_code', '=', grant.app_code).execute();
    await server.db.deleteFrom('seed_ledger').where('seed_table', '=', 'role_menus').where('seed_key', '=', roleMenuKey(grant)).execute();
    const before = await counts(server);

    await restart(server);
    expect(await server.db.selectFrom('users').select('id').where('id', '=', 'user-operator').executeTakeFirst()).toEqual({ id: 'user-operator' });
    expect((await server.attemptLogin('operator', 'operator123', 'org-f01')).body.ErrorInfo.Status).toBeFalsy();
    expect(await server.db.selectFrom('role_menus').select('menu_id').where('role_id', '=', grant.role_id).where('menu_id', '=', grant.menu_id).where('app_code', '=', grant.app_code).executeTakeFirst()).toBeDefined();
    expect(await inLedger(server, 'users', 'user-operator')).toBe(true);
    expect(await inLedger(server, 'role_menus', roleMenuKey(grant))).toBe(true);
    const added = await counts(server);
    expect(added.users).toBe(before.users + 1);
    expect(added.role_menus).toBe(before.role_menus + 1);
    expect(added.seed_ledger).toBe(before.seed_ledger + 2);

    await seedStartData(server.db, { adminPassword: server.config.adminPassword, demoData: true });
    expect(await counts(server)).toEqual(added);
    await server.db.deleteFrom('users').where('id', '=', 'user-operator').execute();
    await restart(server);
    expect(await server.db.selectFrom('users').select('id').where('id', '=', 'user-operator').executeTakeFirst()).toBeUndefined();
  });

  it('a column meaning added to a seeded list later reaches a database whose list exists, once; a list removed gets none', async () => {
    // As a database seeded before the bill lists hid the header fields their type's form does not show.
    const kept = '/bill/master/WO';
    const removed = '/bill/master/OD';
    await server.db.deleteFrom('list_column_meta').where('list_route', 'in', [kept, removed]).where('field_name', 'in', ['vendor_code', 'customer_code']).execute();
    await server.db.deleteFrom('seed_ledger').where('seed_table', '=', 'list_column_meta').where('seed_key', 'in', [`${kept} vendor_code`, `${kept} customer_code`, `${removed} vendor_code`]).execute();
    await server.db.deleteFrom('list_routes').where('list_route', '=', removed).execute();
    const hiddenOf = async (route: string) =>
      (await server.db.selectFrom('list_column_meta').select('field_name').where('list_route', '=', route).where('hidden', '=', true).orderBy('field_name').execute()).map((r) => r.field_name);
    expect(await hiddenOf(kept)).not.toContain('vendor_code');

    await restart(server);
    expect(await hiddenOf(kept)).toEqual(expect.arrayContaining(['customer_code', 'vendor_code']));
    expect(await hiddenOf(kept)).not.toContain('mo');
    expect(await hiddenOf(removed)).not.toContain('vendor_code');
    expect(await server.db.selectFrom('list_routes').select('list_route').where('list_route', '=', removed).executeTakeFirst()).toBeUndefined();
    expect(await inLedger(server, 'list_column_meta', `${kept} vendor_code`)).toBe(true);

    // Once: a column meaning the plant deleted stays deleted.
    await server.db.deleteFrom('list_column_meta').where('list_route', '=', kept).where('field_name', '=', 'vendor_code').execute();
    await restart(server);
    expect(await hiddenOf(kept)).not.toContain('vendor_code');
  });

  it('a plant seeded when the demo master data wrote the lookups keeps its deletions of them (no per-row entries yet)', async () => {
    // As such a plant's ledger was: bulk 'masterdata:v1', no md_lookup or md_bill_type entries; an administrator deleted a unit.
    await server.db.deleteFrom('seed_ledger').where('seed_table', 'in', ['md_lookup', 'md_bill_type']).execute();
    const kg = sql`from md_lookup where org_id = 'org-f01' and lookup_type = 'UNIT' and code = 'KG'`;
    await sql`delete ${kg}`.execute(server.db);
    await restart(server);
    expect((await sql`select id ${kg}`.execute(server.db)).rows).toEqual([]);
    expect(await inLedger(server, 'md_lookup', 'org-f01|UNIT|KG')).toBe(true);
  });

  it('a database from before the ledger gets its missing demo rows once, keeps its edits and bulk data, then deletions stick', async () => {
    const menuId = menuIdOf('MasterVendor');
    await server.db.deleteFrom('seed_ledger').execute();
    await server.db.deleteFrom('menus').where('id', '=', menuId).execute();
    await server.db.updateTable('roles').set({ remark: 'edited by an administrator' }).where('id', '=', 'role-operator').execute();
    await server.db.deleteFrom('user_memos').where('id', '=', 'memo-admin-1').execute();
    const before = await counts(server);

    await seedStartData(server.db, { adminPassword: server.config.adminPassword, demoData: true });
    const after = await counts(server);
    expect(await server.db.selectFrom('menus').select('id').where('id', '=', menuId).executeTakeFirst()).toEqual({ id: menuId });
    expect((await server.db.selectFrom('roles').select('remark').where('id', '=', 'role-operator').executeTakeFirstOrThrow()).remark).toBe('edited by an administrator');
    // The home data was written before the ledger as one set: what its users deleted is not brought back.
    expect(await server.db.selectFrom('user_memos').select('id').where('id', '=', 'memo-admin-1').executeTakeFirst()).toBeUndefined();
    // The bulk sets are not written a second time.
    for (const table of ['demo_reels', 'md_part', 'md_rack_cell', 'home_daily_throughput'] as const) expect(after[table]).toBe(before[table]);
    expect(after.seed_ledger).toBeGreaterThan(0);

    await server.db.deleteFrom('menus').where('id', '=', menuId).execute();
    const deleted = await counts(server);
    await restart(server);
    expect(await counts(server)).toEqual(deleted);
  });
});
