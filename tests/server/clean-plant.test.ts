/**
 * DEMO_DATA=off: a clean plant starts with the system data only — every menu and button, the system
 * roles, the bill types and lookups of its one organisation 本厂 (MAIN), and ADMIN in it — and no demo
 * organisations, users or records. A restart adds nothing.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { pgliteDatabase } from '../../server/db/database.ts';
import { BILL_TYPES, DEFAULT_ORGANIZATION, SYSTEM_MENUS, SYSTEM_TERMINAL_MENUS } from '../../server/db/seed/system-data.ts';
import { scratchPostgres, TestServer, type TestDatabase } from './support/test-server.ts';

interface MenuItem {
  Menu_Code: string;
  children?: MenuItem[];
}
const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children ?? [])]);

/** Empty databases: the snapshot and template the other suites start from hold the demo plant. */
const emptyDatabases: TestDatabase[] = [
  { name: 'PGlite', open: async () => pgliteDatabase(await PGlite.create()), dispose: async () => {} },
  ...(process.env.DATABASE_URL ? [scratchPostgres(process.env.DATABASE_URL)] : []),
];

for (const database of emptyDatabases) {
  describe(`a clean plant, DEMO_DATA=off (${database.name})`, () => {
    const server = new TestServer({ config: { demoData: false } });
    beforeAll(() => server.start(database), 120_000);
    afterAll(async () => {
      await server.stop();
      await database.dispose();
    });
    const count = async (table: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(server.db)).rows[0].n);

    it('has one organisation, ADMIN as its only user, and the system roles', async () => {
      const orgs = await server.db.selectFrom('organizations').select(['id', 'code', 'name']).execute();
      expect(orgs).toEqual([{ id: DEFAULT_ORGANIZATION.Id, code: 'MAIN', name: '本厂' }]);
      const users = await server.db.selectFrom('users').select('user_name').execute();
      expect(users).toEqual([{ user_name: 'ADMIN' }]);
      const roles = await server.db.selectFrom('roles').select('id').orderBy('id').execute();
      expect(roles.map((r) => r.id)).toEqual(['role-super-admin', 'role-system-admin']);
    });

    it('has every menu, the bill types and lookups, and no demo records', async () => {
      expect(await count('menus')).toBe(SYSTEM_MENUS.length + SYSTEM_TERMINAL_MENUS.length);
      expect(await count('md_bill_type')).toBe(BILL_TYPES.length);
      const units = await sql<{ code: string }>`select code from md_lookup where lookup_type = 'UNIT' and org_id = ${DEFAULT_ORGANIZATION.Id} order by sort_num`.execute(server.db);
      expect(units.rows.map((r) => r.code)).toEqual(['PCS', 'REEL', 'BOX', 'KG', 'M']);
      for (const table of ['md_company', 'md_part', 'md_vendor', 'md_customer', 'md_storage_location', 'md_service_config', 'demo_reels', 'demo_parts',
        'home_notices', 'home_warnings', 'user_todos', 'version_masters', 'home_daily_throughput', 'child_apps', 'environment_variables']) {
        expect(await count(table), table).toBe(0);
      }
    });

    it('ADMIN logs into 本厂 with the ADMIN password, sees every menu and an empty part list', async () => {
      const { Token: token, Userinfo } = await server.login('ADMIN', server.config.adminPassword, DEFAULT_ORGANIZATION.Id);
      expect(Userinfo.ORGANIZE_ID).toBe(DEFAULT_ORGANIZATION.Id);
      const menus = await server.call('GET', '/Role/LoadMenusByRoleId', { token, query: { roleId: 'role-super-admin' } });
      const codes = flatten(menus.body.data as MenuItem[]).map((m) => m.Menu_Code);
      // Every enabled portal menu (the server leaves out ENABLED 'N').
      expect(new Set(codes)).toEqual(new Set(SYSTEM_MENUS.filter((m) => m.ENABLED === 'Y').map((m) => m.Menu_Code)));
      const parts = await server.call('POST', '/Part/LoadData', { token, body: { conditions: [] } });
      expect(parts.status).toBe(200);
      expect(parts.body.count).toBe(0);
      const lookups = await server.call('POST', '/Lookup/LoadData', { token, body: { conditions: [] } });
      expect(lookups.body.count).toBeGreaterThan(0);
    });

    it('a restart adds nothing, not even a second organisation', async () => {
      const before = await count('seed_ledger');
      const orgs = await count('organizations');
      await (await buildApp({ db: server.db, config: server.config })).close();
      expect(await count('seed_ledger')).toBe(before);
      expect(await count('organizations')).toBe(orgs);
    });
  });
}
