/**
 * Lean list calls (issue 15): the session check, the grants and the list's configuration are kept
 * in the server process (server/db/generation-cache.ts), so a warm list call runs one read of the
 * cache generation plus the read-only transaction (BEGIN, its set-up, count, page, COMMIT) — counted
 * here at node-postgres, under Kysely, so BEGIN and COMMIT count too, on both databases.
 *
 * And every change those caches are read from takes effect on the very next call, also in another
 * server process on the same database: a second app ("process B", its own cache; on PostgreSQL its
 * own connection pool) is warmed, then the change is made through the first app or straight in SQL,
 * and B's next call must see it. Without the generation triggers (migration 0086_01) B answers from
 * its cache and these fail.
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { PORTAL_APP_CODE, menuIdOf } from '../../server/db/seed/demo-data.ts';
import { DEMO_REELS_LIST_ROUTE, DEMO_REELS_MENU_CODE } from '../../server/db/seed/demo-list-data.ts';
import { GenerationCache } from '../../server/db/generation-cache.ts';
import { EXACT_COUNT_BOUND, cachedListSettings, queryList } from '../../server/query/list-query.ts';
import { StatementCounter } from '../../bench/statement-counter.ts';
import { describeServer, type CallResult } from './support/test-server.ts';

const F01 = 'org-f01';
const LIST = DEMO_REELS_LIST_ROUTE;
/** Generation read, BEGIN, set_config (timeouts), count (with the footer figures), page, COMMIT. */
const MAX_LIST_CALL_STATEMENTS = 6;

/** Statements sent to the database (either one: PGlite is driven through node-postgres too) while `run` runs. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const original = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    sent.push(typeof first === 'string' ? first : first.text);
    return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return sent;
}

/** ListParam/Import's multipart form: the drawer's 导入配置 with an exported file. */
function importForm(listRoute: string, fileText: string) {
  const boundary = 'list-call-cache-boundary';
  const part = (headers: string, text: string) => `--${boundary}\r\n${headers}\r\n\r\n${text}\r\n`;
  const payload =
    part('Content-Disposition: form-data; name="LIST_ROUTE"', listRoute) +
    part('Content-Disposition: form-data; name="file"; filename="settings.json"\r\nContent-Type: application/json', fileText) +
    `--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeServer('lean list calls', {}, (server) => {
  let other: DatabaseHandle | undefined;
  let processB: FastifyInstance;

  beforeAll(async () => {
    // PostgreSQL: a pool of its own, as another server process has; PGlite has one session, shared.
    other = server.databaseUrl ? await openDatabase({ databaseUrl: server.databaseUrl }) : undefined;
    processB = await buildApp({ db: other?.db ?? server.db, config: server.config, clock: server.clock });
  });
  afterAll(async () => {
    await processB?.close();
    await other?.close();
  });

  /** A call to process B; its status and body. */
  async function callB(path: string, token: string, body: unknown) {
    const res = await processB.inject({ method: 'POST', url: `/api${path}`, headers: { authorization: `Bearer ${token}`, organizeid: F01 }, payload: body as object });
    return { status: res.statusCode, body: res.json() };
  }
  const queryB = (token: string, body: object = {}) => callB('/ListParam/QueryData', token, { LIST_ROUTE: LIST, Page: 1, Limit: 5, ...body });

  /** A user whose own role has the reels list's menu; the role id, for taking the grant away. */
  async function reelsUser() {
    const roleId = `role-cache-${Math.random().toString(36).slice(2, 8)}`;
    await server.db.insertInto('roles').values({ id: roleId, name: roleId, role_type: 'NORMAL' }).execute();
    await server.db.insertInto('role_menus').values({ role_id: roleId, menu_id: menuIdOf(DEMO_REELS_MENU_CODE), app_code: PORTAL_APP_CODE }).execute();
    const user = await server.createUser({ roleIds: [roleId], password: 'old-pass' });
    const { Token } = await server.login(user.userName, 'old-pass', F01);
    return { ...user, roleId, token: Token };
  }

  it(`a warm list call issues at most ${MAX_LIST_CALL_STATEMENTS} statements, and a warm settings load one`, async () => {
    const user = await reelsUser();
    const body = { LIST_ROUTE: LIST, Page: 2, Limit: 20, sort: [{ field: 'received_at', order: 'desc' }], wantAggregates: true,
      conditions: [{ PARAM_NAME: 'status', FIELD_NAME: 'status', DATA_TYPE: 8, ACTION_TYPE: 1, PARAM_VALUE: ['IN_STOCK', 'FROZEN'] }] };
    const cold = await server.call('POST', '/ListParam/QueryData', { token: user.token, body });
    expect(cold.status).toBe(200);
    expect(cold.body.data.rows).toHaveLength(20);

    const sent = await statementsOf(() => server.call('POST', '/ListParam/QueryData', { token: user.token, body }));
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(MAX_LIST_CALL_STATEMENTS);
    expect(sent.join('\n')).not.toMatch(/list_routes|list_params|pg_attribute|sessions|role_menus|user_organizations/);

    await server.call('POST', '/ListParam/LoadData', { token: user.token, body: { LIST_ROUTE: LIST } });
    const settings = await statementsOf(() => server.call('POST', '/ListParam/LoadData', { token: user.token, body: { LIST_ROUTE: LIST } }));
    expect(settings).toHaveLength(1);
  });

  it("a page's rows go out as the database wrote them, not parsed and serialised again", async () => {
    // row_to_json writes a numeric(12, 4) with its four decimals; JSON.parse and JSON.stringify would drop the zeros.
    const admin = (await server.login('ADMIN', 'admin123', F01)).Token;
    const query = { LIST_ROUTE: LIST, Page: 1, Limit: 1 };
    const first = (await server.call('POST', '/ListParam/QueryData', { token: admin, body: query })).body.data;
    const reelId = String(first.rows[0][first.KEY_FIELD]);
    await sql`update demo_reels set unit_price = 2.5 where reel_id = ${reelId}`.execute(server.db);
    const res = await server.app.inject({ method: 'POST', url: '/api/ListParam/QueryData', headers: { authorization: `Bearer ${admin}`, organizeid: F01 }, payload: query });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toMatch(/:2\.5000[,}]/);
    const answer = res.json();
    expect(answer.data.rows).toHaveLength(1);
    expect(answer.data.rows[0][first.KEY_FIELD]).toBe(first.rows[0][first.KEY_FIELD]);
    expect(answer).toMatchObject({ code: 200, count: expect.any(Number), data: { KEY_FIELD: first.KEY_FIELD } });
  });

  it('a logout ends the token in the other process on its next call', async () => {
    const user = await reelsUser();
    expect((await queryB(user.token)).status).toBe(200);
    await server.call('POST', '/Auth/Logout', { token: user.token });
    expect((await queryB(user.token)).status).toBe(401);
  });

  it('a lock ends the token in the other process on its next call', async () => {
    const user = await reelsUser();
    const admin = (await server.login('ADMIN', 'admin123', F01)).Token;
    expect((await queryB(user.token)).status).toBe(200);
    expect((await server.call('POST', '/User/ChangeLockStatus', { token: admin, body: { ID: user.id, IS_LOCKED: true } })).status).toBe(200);
    expect((await queryB(user.token)).status).toBe(401);
  });

  it('a password change ends the token in the other process on its next call', async () => {
    const user = await reelsUser();
    expect((await queryB(user.token)).status).toBe(200);
    const changed = await server.changePassword({ id: user.id, userName: user.userName, token: user.token }, { old: 'old-pass', new: 'new-pass' });
    expect(changed.body.code).toBe(200);
    expect((await queryB(user.token)).status).toBe(401);
  });

  it("a grant taken from the user's role, or the role from the user, is refused on the next call", async () => {
    const first = await reelsUser();
    expect((await queryB(first.token)).status).toBe(200);
    await server.db.deleteFrom('role_menus').where('role_id', '=', first.roleId).execute();
    expect((await queryB(first.token)).status).toBe(403);

    const second = await reelsUser();
    expect((await queryB(second.token)).status).toBe(200);
    await server.db.deleteFrom('user_roles').where('user_id', '=', second.id).execute();
    expect((await queryB(second.token)).status).toBe(403);
  });

  it("a saved list setting is searched by and loaded on the other process's next call", async () => {
    const admin = (await server.login('ADMIN', 'admin123', F01)).Token;
    const probe = { PARAM_NAME: 'cacheProbe', FIELD_NAME: 'status', DATA_TYPE: 1, ACTION_TYPE: 1, PARAM_VALUE: 'FROZEN' };
    // Not configured yet: refused.
    expect((await queryB(admin, { conditions: [probe] })).status).toBe(400);
    const settingsBefore = (await callB('/ListParam/LoadData', admin, { LIST_ROUTE: LIST })).body.count;
    const all = await queryB(admin);
    const frozen = await queryB(admin, { conditions: [{ ...probe, PARAM_NAME: 'status', DATA_TYPE: 8, PARAM_VALUE: ['FROZEN'] }] });
    expect(frozen.body.count).toBeGreaterThan(0);
    expect(frozen.body.count).toBeLessThan(all.body.count);

    const saved = await server.call('POST', '/ListParam/SaveData', {
      token: admin,
      body: [{ LIST_ROUTE: LIST, PARAM_NAME: 'cacheProbe', PARAM_CAPTION: 'probe', FIELD_NAME: 'status', DATA_TYPE: 1, ACTION_TYPE: 1 }],
    });
    expect(saved.status).toBe(200);
    expect((await callB('/ListParam/LoadData', admin, { LIST_ROUTE: LIST })).body.count).toBe(settingsBefore + 1);
    expect((await queryB(admin, { conditions: [probe] })).body.count).toBe(frozen.body.count);
  });

  it('the settings drawer: a setting saved, one deleted, all deleted and imported back show on the next load and search, in both processes', async () => {
    const admin = (await server.login('ADMIN', 'admin123', F01)).Token;
    const load = async (call: (path: string, body: object) => Promise<Pick<CallResult, 'status' | 'body'>>) => {
      const { status, body } = await call('/ListParam/LoadData', { LIST_ROUTE: LIST });
      expect(status).toBe(200);
      return (body.data as { ID: string; PARAM_NAME: string }[]).map((s) => s.PARAM_NAME).sort();
    };
    const callA = async (path: string, body: object) => {
      const { status, body: answer } = await server.call('POST', path, { token: admin, body });
      return { status, body: answer };
    };
    const onB = (path: string, body: object) => callB(path, admin, body);
    const vendor = { PARAM_NAME: 'vendorName', FIELD_NAME: 'vendor_name', DATA_TYPE: 1, ACTION_TYPE: 2, PARAM_VALUE: '村田' };
    const search = (call: typeof callA) => call('/ListParam/QueryData', { LIST_ROUTE: LIST, Page: 1, Limit: 5, conditions: [vendor] });

    // Both processes warm, as the grid is when its drawer opens: the settings, a search, a page.
    const before = await load(callA);
    expect(before).not.toContain('vendorName');
    expect(await load(onB)).toEqual(before);
    expect((await search(callA)).status).toBe(400);
    expect((await search(onB)).status).toBe(400);
    const exported = (await server.call('GET', '/ListParam/Export', { token: admin, query: { listRoute: LIST } })).body.data;

    // 保存 in the drawer, then its reload and the advanced search.
    const saved = await callA('/ListParam/SaveData', [{ LIST_ROUTE: LIST, PARAM_NAME: 'vendorName', PARAM_CAPTION: '供应商名称', FIELD_NAME: 'vendor_name', DATA_TYPE: 1, ACTION_TYPE: 2 }]);
    expect(saved.status).toBe(200);
    expect(await load(callA)).toEqual([...before, 'vendorName'].sort());
    expect(await load(onB)).toEqual([...before, 'vendorName'].sort());
    expect((await search(callA)).status).toBe(200);
    expect((await search(onB)).status).toBe(200);

    // 删除 of one row.
    const vendorId = ((await callA('/ListParam/LoadData', { LIST_ROUTE: LIST })).body.data as { ID: string; PARAM_NAME: string }[]).find((s) => s.PARAM_NAME === 'vendorName')!.ID;
    expect((await callA('/ListParam/DeleteOne', { LIST_ROUTE: LIST, ID: vendorId })).status).toBe(200);
    expect(await load(callA)).toEqual(before);
    expect(await load(onB)).toEqual(before);
    expect((await search(onB)).status).toBe(400);

    // 全部删除.
    expect((await callA('/ListParam/DeleteAllParams', { LIST_ROUTE: LIST })).status).toBe(200);
    try {
      expect(await load(callA)).toEqual([]);
      expect(await load(onB)).toEqual([]);
    } finally {
      // 导入配置 brings them back (and must show as well).
      const imported = await server.call('POST', '/ListParam/Import', { token: admin, ...importForm(LIST, JSON.stringify(exported)) });
      expect(imported.status).toBe(200);
    }
    expect(await load(callA)).toEqual(before);
    expect(await load(onB)).toEqual(before);
  });

  it("the grid's reload after a settings save (its calls at once, on a cache the save emptied) answers every call, with the new setting", async () => {
    const admin = (await server.login('ADMIN', 'admin123', F01)).Token;
    const settingsOf = (answer: Pick<CallResult, 'status' | 'body'>) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.data as { PARAM_NAME: string }[]).map((s) => s.PARAM_NAME);
    };
    const before = settingsOf(await server.call('POST', '/ListParam/LoadData', { token: admin, body: { LIST_ROUTE: LIST } }));
    const probe = { PARAM_NAME: 'reloadProbe', FIELD_NAME: 'vendor_name', DATA_TYPE: 1, ACTION_TYPE: 2, PARAM_VALUE: '村田' };
    const saved = await server.call('POST', '/ListParam/SaveData', {
      token: admin,
      body: [{ LIST_ROUTE: LIST, PARAM_NAME: probe.PARAM_NAME, PARAM_CAPTION: 'probe', FIELD_NAME: probe.FIELD_NAME, DATA_TYPE: 1, ACTION_TYPE: 2 }],
    });
    expect(saved.status).toBe(200);
    try {
      // As the grid sends them when the drawer's save invalidates its queries: the settings and the rows together.
      // (The rows first: their read-only transaction begins while the settings are still being loaded.)
      const [rows, settings, searched, settingsAgain] = await Promise.all([
        server.call('POST', '/ListParam/QueryData', { token: admin, body: { LIST_ROUTE: LIST, Page: 1, Limit: 5 } }),
        server.call('POST', '/ListParam/LoadData', { token: admin, body: { LIST_ROUTE: LIST } }),
        server.call('POST', '/ListParam/QueryData', { token: admin, body: { LIST_ROUTE: LIST, Page: 1, Limit: 5, conditions: [probe] } }),
        server.call('POST', '/ListParam/LoadData', { token: admin, body: { LIST_ROUTE: LIST } }),
      ]);
      expect(settingsOf(settings).sort()).toEqual([...before, probe.PARAM_NAME].sort());
      expect(settingsOf(settingsAgain)).toContain(probe.PARAM_NAME);
      expect(rows.status, JSON.stringify(rows.body)).toBe(200);
      expect(searched.status, JSON.stringify(searched.body)).toBe(200);
    } finally {
      await server.db.deleteFrom('list_params').where('list_route', '=', LIST).where('param_name', '=', probe.PARAM_NAME).execute();
    }
  });

  it("a list query and a settings load of another request, on a cache just emptied, both finish (the query's transaction never waits on the other's load)", async () => {
    // What the drawer's reload met, made certain: the database busy (on PGlite, its one connection
    // held), a list query queued for it, then a settings load of the same list (another request's
    // LoadData) queued behind it. On PGlite a query whose transaction waited on that shared load
    // held the connection the load needed, and both failed once the pool's wait ran out.
    const cache = new GenerationCache(server.db);
    await cache.refresh();
    let release!: () => void;
    const busy = server.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await vi.waitUntil(() => release !== undefined);
    const settle = <T,>(promise: Promise<T>) => promise.then((value) => ({ value }), (error: unknown) => ({ error }));
    const query = settle(
      queryList(server.db, cache, 30_000, { orgId: F01, userName: 'ADMIN' }, { listRoute: LIST, conditions: [], page: 1, limit: 5, sort: [], wantAggregates: false }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const settings = settle(cachedListSettings(cache, server.db, LIST));
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await busy;
    const [queried, loaded] = await Promise.all([query, settings]);
    expect('error' in queried ? String(queried.error) : undefined).toBeUndefined();
    expect('error' in loaded ? String(loaded.error) : undefined).toBeUndefined();
    expect('value' in queried && queried.value.rows).toHaveLength(5);
    expect('value' in loaded && loaded.value.length).toBeGreaterThan(0);
  });

  it('the cache refuses a load inside a transaction (it would wait on the pool while holding a connection, or keep an old snapshot)', async () => {
    const cache = new GenerationCache(server.db);
    await cache.refresh();
    await server.db.transaction().execute(async (trx) => {
      expect(() => cache.get('k', trx, async () => 1)).toThrow(/inside a transaction/);
    });
    expect(await cache.get('k', server.db, async () => 1)).toBe(1);
  });

  it('scans arriving together share one generation read; a refresh asked after a change committed sees it, one asked while a read is out waits for the next', async () => {
    const counter = new StatementCounter();
    const db = server.db.withPlugin(counter);
    const cache = new GenerationCache(db);
    await cache.refresh();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', db, load)).toBe(1);

    counter.on = true;
    await Promise.all(Array.from({ length: 8 }, () => cache.refresh()));
    expect(counter.statements).toBe(1);
    expect(await cache.get('k', db, load)).toBe(1);

    // The generation raised as a committed change raises it: the next refresh drops the entry.
    await sql`update cache_generation set generation = generation + 1 where id = 1`.execute(server.db);
    await cache.refresh();
    expect(await cache.get('k', db, load)).toBe(2);

    // A refresh asked once a read is sent does not take that read's answer: it reads again, after the change.
    counter.reset();
    const first = cache.refresh();
    await new Promise((resolve) => setImmediate(resolve));
    await sql`update cache_generation set generation = generation + 1 where id = 1`.execute(server.db);
    const second = cache.refresh();
    await Promise.all([first, second]);
    expect(counter.statements).toBe(2);
    expect(await cache.get('k', db, load)).toBe(3);
    counter.on = false;
  });

  it("a list route's changed configuration applies on the other process's next call", async () => {
    const admin = (await server.login('ADMIN', 'admin123', F01)).Token;
    const all = (await queryB(admin)).body.count as number;
    await server.db.updateTable('list_routes').set({ source_filter: JSON.stringify({ status: 'FROZEN' }) }).where('list_route', '=', LIST).execute();
    try {
      const filtered = (await queryB(admin)).body.count as number;
      expect(filtered).toBeGreaterThan(0);
      expect(filtered).toBeLessThan(all);
    } finally {
      await server.db.updateTable('list_routes').set({ source_filter: null }).where('list_route', '=', LIST).execute();
    }
    expect((await queryB(admin)).body.count).toBe(all);
  });

  it('counts exactly up to the bound, estimates beyond it (said so), and counts exactly with footer figures', async () => {
    const admin = (await server.login('ADMIN', 'admin123', F01)).Token;
    const reelsOf = async (where: ReturnType<typeof sql>) =>
      Number((await sql<{ n: string }>`select count(*)::text as n from demo_reels where org_id = ${F01} and ${where}`.execute(server.db)).rows[0].n);
    const exact = await reelsOf(sql`true`);
    expect(exact).toBeGreaterThan(EXACT_COUNT_BOUND);

    const estimated = await server.call('POST', '/ListParam/QueryData', { token: admin, body: { LIST_ROUTE: LIST, Page: 1, Limit: 5 } });
    expect(estimated.body.countIsEstimate).toBe(true);
    expect(estimated.body.count).toBeGreaterThan(EXACT_COUNT_BOUND);
    // The planner's figure: as good as the table's statistics (an unanalysed test table's are rough), but of the same order.
    expect(estimated.body.count / exact).toBeGreaterThan(0.1);
    expect(estimated.body.count / exact).toBeLessThan(10);
    expect(estimated.body.data.rows).toHaveLength(5);

    const withFigures = await server.call('POST', '/ListParam/QueryData', { token: admin, body: { LIST_ROUTE: LIST, Page: 1, Limit: 5, wantAggregates: true } });
    expect(withFigures.body.count).toBe(exact);
    expect(withFigures.body).not.toHaveProperty('countIsEstimate');

    const frozen = { PARAM_NAME: 'status', FIELD_NAME: 'status', DATA_TYPE: 8, ACTION_TYPE: 1, PARAM_VALUE: ['FROZEN'] };
    const few = await server.call('POST', '/ListParam/QueryData', { token: admin, body: { LIST_ROUTE: LIST, Page: 1, Limit: 5, conditions: [frozen] } });
    const exactFew = await reelsOf(sql`status = 'FROZEN'`);
    expect(exactFew).toBeLessThanOrEqual(EXACT_COUNT_BOUND);
    expect(few.body.count).toBe(exactFew);
    expect(few.body).not.toHaveProperty('countIsEstimate');
  });

  it('a session past its expiry is refused although it is cached', async () => {
    const user = await reelsUser();
    expect((await queryB(user.token)).status).toBe(200);
    const { expires_at } = await server.db.selectFrom('sessions').select('expires_at').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    server.advanceClock(expires_at.getTime() - server.clock().getTime() + 1000);
    expect((await queryB(user.token)).status).toBe(401);
  });
});
