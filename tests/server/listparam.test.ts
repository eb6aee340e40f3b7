/**
 * The grid framework's configuration calls on the seeded demo list (/grid/demo-reels): settings
 * and the grid buttons that guard them, each user's own column configuration and saved search,
 * dropdowns, export and import, the source's columns, and the list data of the demo reels.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_APP_CODE, menuIdOf } from '../../server/db/seed/demo-data.ts';
import { DEMO_PARTS, DEMO_REELS_LIST_ROUTE, DEMO_REELS_MENU_CODE, DEMO_REELS_SETTINGS } from '../../server/db/seed/demo-list-data.ts';
import { testDatabases, TestServer, describeServer } from './support/test-server.ts';

const LIST = DEMO_REELS_LIST_ROUTE;
const F01 = 'org-f01';
const F02 = 'org-f02';
const VIEWER_ROLE = 'role-reels-viewer';

/** A role that sees the demo list with only the search and column buttons (no settings, no delete-all). */
async function createViewerRole(server: TestServer) {
  await server.db.insertInto('roles').values({ id: VIEWER_ROLE, name: '料盘查看', role_type: 'NORMAL' }).execute();
  await server.db
    .insertInto('role_menus')
    .values(['Reel', DEMO_REELS_MENU_CODE].map((code) => ({ role_id: VIEWER_ROLE, menu_id: menuIdOf(code), app_code: PORTAL_APP_CODE })))
    .execute();
  await server.db
    .insertInto('role_buttons')
    .values(['SeniorSearch', 'SeniorColumn'].map((code) => ({ role_id: VIEWER_ROLE, button_id: `button-${DEMO_REELS_MENU_CODE}-${code}` })))
    .execute();
}

/** A multipart form as the portal's upload sends it: LIST_ROUTE and the JSON file. */
function importForm(listRoute: string, fileText: string) {
  const boundary = 'listparam-test-boundary';
  const payload = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="LIST_ROUTE"',
    '',
    listRoute,
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="高级查询配置.json"',
    'Content-Type: application/json',
    '',
    fileText,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const withoutIds = (settings: { ID: string }[]) => settings.map(({ ID: _id, ...rest }) => rest);

describeServer('list configuration and the demo list', {}, (server) => {
  let admin: string;
  let viewerA: { token: string; userName: string };
  let viewerB: { token: string; userName: string };

  beforeAll(async () => {
    await createViewerRole(server);
    admin = (await server.login('ADMIN', 'admin123', F01)).Token;
    const a = await server.createUser({ roleId: VIEWER_ROLE });
    const b = await server.createUser({ roleId: VIEWER_ROLE, orgIds: [F01, F02] });
    viewerA = { token: (await server.login(a.userName, a.password, F01)).Token, userName: a.userName };
    viewerB = { token: (await server.login(b.userName, b.password, F02)).Token, userName: b.userName };
  });

  const post = (path: string, token: string, body: unknown, query?: Record<string, string>) =>
    server.call('POST', `/ListParam/${path}`, { token, body, query });

  describe('the seeded demo list', () => {
    it('has a menu item whose link is the list and the settings of every search the demo offers', async () => {
      const menu = await server.db.selectFrom('menus').select('link_url').where('menu_code', '=', DEMO_REELS_MENU_CODE).executeTakeFirstOrThrow();
      expect(menu.link_url).toBe(LIST);
      const { body } = await post('LoadData', viewerA.token, { LIST_ROUTE: LIST, Page: 1, Limit: 999 });
      expect(body.count).toBe(DEMO_REELS_SETTINGS.length);
      expect(body.data.map((s: { PARAM_NAME: string }) => s.PARAM_NAME)).toEqual(DEMO_REELS_SETTINGS.map((s) => s.PARAM_NAME));
      expect(body.data.find((s: { PARAM_NAME: string }) => s.PARAM_NAME === 'qty')).toMatchObject({
        FIELD_NAME: 'qty', DATA_TYPE: 3, ACTION_TYPE: 3, AGGREGATION: ['sum', 'avg'], IS_PAGING: 'N', LIST_ROUTE: LIST,
      });
    });

    it('lists the source columns with their captions', async () => {
      const { body } = await server.call('GET', '/ListParam/GetIntiTableColumnList', { token: viewerA.token, query: { LIST_ROUTE: LIST } });
      expect(body.data.slice(0, 3)).toEqual([
        { COLUMN_NAME: 'reel_id', COLUMN_CAPTION: '料盘号', COLUMN_TYPE: 'text' },
        { COLUMN_NAME: 'org_id', COLUMN_CAPTION: '组织', COLUMN_TYPE: 'text', IS_VISIBLE: 'N' },
        { COLUMN_NAME: 'part_code', COLUMN_CAPTION: '料号', COLUMN_TYPE: 'text' },
      ]);
    });

    it('says which source columns are numbers, days and instants, so the grid can show them', async () => {
      const typeOf = async (listRoute: string) => {
        // ADMIN: these lists' menus (a role without a list's menu gets 403, list-permission.test.ts).
        const { body } = await server.call('GET', '/ListParam/GetIntiTableColumnList', { token: admin, query: { LIST_ROUTE: listRoute } });
        return Object.fromEntries(body.data.map((c: { COLUMN_NAME: string; COLUMN_TYPE: string }) => [c.COLUMN_NAME, c.COLUMN_TYPE]));
      };
      expect(await typeOf(LIST)).toMatchObject({ qty: 'number', unit_price: 'number', received_at: 'datetime', expiry_date: 'date', remark: 'text' });
      // A view's columns: the home area's to-do list.
      expect(await typeOf('/home/todo')).toMatchObject({ title: 'text', due_time: 'datetime', created_at: 'datetime' });
    });

    it('gives the captions in English to an English caller, for the demo list, a master-data list and a home list', async () => {
      const captions = async (listRoute: string) =>
        (await server.call('GET', '/ListParam/GetIntiTableColumnList', { token: admin, language: 'en', query: { LIST_ROUTE: listRoute } })).body.data;
      expect((await captions(LIST)).slice(0, 3)).toEqual([
        { COLUMN_NAME: 'reel_id', COLUMN_CAPTION: 'Reel ID', COLUMN_TYPE: 'text' },
        { COLUMN_NAME: 'org_id', COLUMN_CAPTION: 'Organisation', COLUMN_TYPE: 'text', IS_VISIBLE: 'N' },
        { COLUMN_NAME: 'part_code', COLUMN_CAPTION: 'Part code', COLUMN_TYPE: 'text' },
      ]);
      expect(await captions('/masterdata/part')).toContainEqual(expect.objectContaining({ COLUMN_NAME: 'min_pack_qty', COLUMN_CAPTION: 'Minimum pack qty' }));
      expect(await captions('/home/notice')).toContainEqual(expect.objectContaining({ COLUMN_NAME: 'is_top', COLUMN_CAPTION: 'Pinned' }));
    });

    it('holds tens of thousands of reels, and each user sees only those of the organisation they act in', async () => {
      const inF01 = await post('QueryData', viewerA.token, { LIST_ROUTE: LIST, Limit: 200 });
      const inF02 = await post('QueryData', viewerB.token, { LIST_ROUTE: LIST, Limit: 200 });
      // Past 10,000 matching rows (and no footer figures asked) the count is the planner's estimate, said so.
      const { rows: held } = await sql<{ count: string }>`select count(*) as count from demo_reels`.execute(server.db);
      expect(Number(held[0].count)).toBeGreaterThanOrEqual(30_000);
      expect(inF01.body.countIsEstimate).toBe(true);
      expect(inF01.body.count).toBeGreaterThan(10_000);
      expect(inF01.body.data.rows).toHaveLength(200);
      expect(inF01.body.data.rows.every((r: { org_id: string }) => r.org_id === F01)).toBe(true);
      expect(inF02.body.data.rows.every((r: { org_id: string }) => r.org_id === F02)).toBe(true);
      expect(inF01.body.data.KEY_FIELD).toBe('reel_id');
    });

    it('footer sums and averages equal the same figures computed directly in SQL over every filtered row', async () => {
      const condition = { PARAM_NAME: 'status', FIELD_NAME: 'status', DATA_TYPE: 8, ACTION_TYPE: 1, PARAM_VALUE: ['IN_STOCK', 'FROZEN'] };
      const { body } = await post('QueryData', viewerA.token, {
        LIST_ROUTE: LIST, conditions: [condition], Limit: 200, wantAggregates: true, sort: [{ field: 'received_at', order: 'desc' }],
      });
      const { rows } = await sql<{ count: string; qty_sum: string; qty_avg: string; price_avg: string }>`
        select count(*) as count, sum(qty)::text as qty_sum, avg(qty)::text as qty_avg, avg(unit_price)::text as price_avg
        from demo_reels where org_id = ${F01} and status in ('IN_STOCK', 'FROZEN')`.execute(server.db);
      expect(body.count).toBe(Number(rows[0].count));
      expect(body.data.rows).toHaveLength(200);
      expect(body.data.aggregates.qty.sum).toBe(rows[0].qty_sum);
      expect(Number(body.data.aggregates.qty.avg)).toBeCloseTo(Number(rows[0].qty_avg), 10);
      expect(Number(body.data.aggregates.unit_price.avg)).toBeCloseTo(Number(rows[0].price_avg), 10);
      expect(body.data.aggregates.unit_price.sum).toBeUndefined();
    });

    it('a search on a parameter with IS_PAGING Y returns all its rows on one page', async () => {
      const { body } = await post('QueryData', viewerA.token, {
        LIST_ROUTE: LIST,
        Limit: 1,
        conditions: [{ PARAM_NAME: 'reelIds', FIELD_NAME: 'reel_id', DATA_TYPE: 6, ACTION_TYPE: 1, PARAM_VALUE: 'R000000001\nR000000002\nR000000004' }],
      });
      expect(body.count).toBe(3);
      expect(body.data.rows.map((r: { reel_id: string }) => r.reel_id).sort()).toEqual(['R000000001', 'R000000002', 'R000000004']);
    });

    it('a parameter with a SUB_SQL finds the rows its sub-query names', async () => {
      const { body } = await post('QueryData', viewerA.token, {
        LIST_ROUTE: LIST,
        Limit: 1000,
        conditions: [{ PARAM_NAME: 'partSpec', FIELD_NAME: 'part_code', DATA_TYPE: 1, ACTION_TYPE: 1, PARAM_VALUE: 'sot-23' }],
      });
      const sot23 = DEMO_PARTS.filter((p) => p.spec.startsWith('SOT-23 ')).map((p) => p.part_code);
      expect(body.count).toBeGreaterThan(0);
      expect(new Set(body.data.rows.map((r: { part_code: string }) => r.part_code))).toEqual(new Set(sot23));
    });
  });

  describe("a list over an administrator's SQL", () => {
    const SUMMARY = 'qa/part-summary';
    beforeAll(async () => {
      await server.db
        .insertInto('list_routes')
        .values({
          list_route: SUMMARY,
          title: '物料汇总',
          title_en: 'Part summary',
          source_kind: 'sql',
          source_sql: 'select part_code, count(*) as reels, sum(qty) as total_qty from demo_reels where org_id = param.org_id group by part_code;',
          key_field: 'part_code',
        })
        .execute();
      await server.db
        .insertInto('list_params')
        .values({
          id: 'qa-summary-qty', list_route: SUMMARY, ord_idx: 0, param_name: 'totalQty', param_caption: '总数量', field_name: 'total_qty',
          data_type: 3, action_type: 3, is_fast_search: 'N', aggregation: 'sum', is_paging: 'N',
        })
        .execute();
    });

    it('offers the columns of its SELECT', async () => {
      const { body } = await server.call('GET', '/ListParam/GetIntiTableColumnList', { token: viewerA.token, query: { LIST_ROUTE: SUMMARY } });
      expect(body.data).toEqual([
        { COLUMN_NAME: 'part_code', COLUMN_CAPTION: 'part_code', COLUMN_TYPE: 'text' },
        { COLUMN_NAME: 'reels', COLUMN_CAPTION: 'reels', COLUMN_TYPE: 'number' },
        { COLUMN_NAME: 'total_qty', COLUMN_CAPTION: 'total_qty', COLUMN_TYPE: 'number' },
      ]);
    });

    it('is searched, sorted and summed like a table, over the rows of the caller\'s organisation', async () => {
      for (const [viewer, org] of [[viewerA, F01], [viewerB, F02]] as const) {
        const { body } = await post('QueryData', viewer.token, {
          LIST_ROUTE: SUMMARY,
          conditions: [{ FIELD_NAME: 'total_qty', DATA_TYPE: 3, ACTION_TYPE: 3, PARAM_VALUE: 1 }],
          sort: [{ field: 'reels', order: 'desc' }],
          wantAggregates: true,
        });
        const { rows } = await sql<{ parts: string; qty: string }>`
          select count(distinct part_code)::text as parts, sum(qty)::text as qty from demo_reels where org_id = ${org}`.execute(server.db);
        expect(body.count).toBe(Number(rows[0].parts));
        expect(body.data.aggregates.total_qty.sum).toBe(rows[0].qty);
        const reels = body.data.rows.map((r: { reels: number }) => r.reels);
        expect(reels).toEqual([...reels].sort((a, b) => b - a));
      }
    });
  });

  describe('dropdowns', () => {
    it('GetSelectList gives the CODE and NAME of every option of a REFERENCE_SQL', async () => {
      const { body } = await post('GetSelectList', viewerA.token, { LIST_ROUTE: LIST, PARAM_NAME: 'status' });
      expect(body.data).toEqual([
        { CODE: 'IN_STOCK', NAME: '在库' },
        { CODE: 'ISSUED', NAME: '已发料' },
        { CODE: 'FROZEN', NAME: '冻结' },
        { CODE: 'SCRAPPED', NAME: '报废' },
      ]);
    });

    it('the picker pages the options matching its key, sorted as asked, in the legacy shape', async () => {
      const { body } = await post('GetSelectPageList', viewerA.token, {
        LIST_ROUTE: LIST, PARAM_NAME: 'partCode', Key: '电容', Page: 1, Limit: 2, OrderByParam: 'CODE', OrderBySort: 1,
      });
      expect(body.TotalCount).toBe(DEMO_PARTS.filter((p) => p.part_name.includes('电容')).length);
      expect(body.Result.map((o: { CODE: string }) => o.CODE)).toEqual(['CC0805-226M', 'CC0603-106M']);
      expect(body.ErrorInfo).toEqual({ Status: false, Message: '' });
    });

    it('a picker key or sort that tries SQL is only a search text or a refusal', async () => {
      const keyed = await post('GetSelectPageList', viewerA.token, { LIST_ROUTE: LIST, PARAM_NAME: 'partCode', Key: "' or 1=1 --" });
      expect(keyed.body).toMatchObject({ Result: [], TotalCount: 0 });
      const sorted = await post('GetSelectPageList', viewerA.token, { LIST_ROUTE: LIST, PARAM_NAME: 'partCode', OrderByParam: 'CODE; drop table demo_parts' });
      expect(sorted.status).toBe(400);
      expect(sorted.body.msg).toBe('下拉列表只能按 CODE 或 NAME 排序');
      expect((await sql<{ n: string }>`select count(*) as n from demo_parts`.execute(server.db)).rows[0].n).toBe(String(DEMO_PARTS.length));
    });

    it('a parameter without a REFERENCE_SQL is not a dropdown', async () => {
      const { status, body } = await post('GetSelectList', viewerA.token, { LIST_ROUTE: LIST, PARAM_NAME: 'qty' });
      expect(status).toBe(400);
      expect(body.msg).toBe('查询参数 qty 没有配置下拉数据源（REFERENCE_SQL）');
    });
  });

  describe('column configuration belongs to each user', () => {
    const columns = (captionSuffix: string) => [
      { LIST_ROUTE: LIST, ORD_IDX: 0, FIELD_NAME: 'reel_id', FIELD_CAPTION: `料盘号${captionSuffix}` },
      { LIST_ROUTE: LIST, ORD_IDX: 1, FIELD_NAME: 'qty', FIELD_CAPTION: '数量', FIELD_WIDTH: 90, IS_VISIBLE: 'N' },
    ];

    it('a user sees the columns they saved, with width 140 and visible by default, and nobody else sees them', async () => {
      const saved = await post('SaveListFields', viewerA.token, columns('A'));
      expect(saved.body.data).toEqual([
        { LIST_ROUTE: LIST, USER_NAME: viewerA.userName, ORD_IDX: 0, FIELD_NAME: 'reel_id', FIELD_CAPTION: '料盘号A', FIELD_WIDTH: 140, IS_VISIBLE: 'Y' },
        { LIST_ROUTE: LIST, USER_NAME: viewerA.userName, ORD_IDX: 1, FIELD_NAME: 'qty', FIELD_CAPTION: '数量', FIELD_WIDTH: 90, IS_VISIBLE: 'N' },
      ]);
      expect((await post('LoadListFields', viewerB.token, { LIST_ROUTE: LIST })).body.data).toEqual([]);
      await post('SaveListFields', viewerB.token, columns('B'));
      expect((await post('LoadListFields', viewerA.token, { LIST_ROUTE: LIST })).body.data[0].FIELD_CAPTION).toBe('料盘号A');
      expect((await post('LoadListFields', viewerB.token, { LIST_ROUTE: LIST })).body.data[0].FIELD_CAPTION).toBe('料盘号B');
    });

    it('asking for or writing another user\'s configuration is refused', async () => {
      const read = await post('LoadListFields', viewerB.token, { LIST_ROUTE: LIST, USER_NAME: viewerA.userName });
      expect(read.status).toBe(403);
      const write = await post('SaveListFields', viewerB.token, [{ ...columns('X')[0], USER_NAME: viewerA.userName }]);
      expect(write.status).toBe(403);
      expect((await post('LoadListFields', viewerA.token, { LIST_ROUTE: LIST })).body.data[0].FIELD_CAPTION).toBe('料盘号A');
    });

    it('a column that is not in the list\'s source is refused', async () => {
      const { status, body } = await post('SaveListFields', viewerA.token, [{ ...columns('A')[0], FIELD_NAME: 'password_hash' }]);
      expect(status).toBe(400);
      expect(body.msg).toBe('字段 password_hash 不是该列表数据源中的列');
    });

    it('"delete all config" without SeniorColumnDeleteAll is refused and deletes nothing', async () => {
      const { status, body } = await post('DeleteFields', viewerB.token, { LIST_ROUTE: LIST, ALL: true });
      expect(status).toBe(403);
      expect(body.msg).toBe('没有该列表的 SeniorColumnDeleteAll 按钮权限');
      expect((await post('LoadListFields', viewerA.token, { LIST_ROUTE: LIST })).body.data).toHaveLength(2);
    });

    it('"delete user config" removes only the caller\'s; "delete all config" with the button removes everyone\'s', async () => {
      const own = await post('DeleteFields', viewerB.token, { LIST_ROUTE: LIST });
      expect(own.body).toEqual({ Result: 2, TotalCount: 0, ErrorInfo: { Status: false, Message: '' } });
      expect((await post('LoadListFields', viewerA.token, { LIST_ROUTE: LIST })).body.data).toHaveLength(2);
      await post('SaveListFields', viewerB.token, columns('B'));

      const all = await post('DeleteFields', admin, { LIST_ROUTE: LIST, ALL: true });
      expect(all.body.Result).toBe(4);
      expect((await post('LoadListFields', viewerA.token, { LIST_ROUTE: LIST })).body.data).toEqual([]);
      expect((await post('LoadListFields', viewerB.token, { LIST_ROUTE: LIST })).body.data).toEqual([]);
    });
  });

  describe('saved advanced searches belong to each user', () => {
    const search = [
      { PARAM_NAME: 'receivedAt', FIELD_NAME: 'received_at', DATA_TYPE: 5, ACTION_TYPE: 1, PARAM_VALUE: ['2025-02-01', '2025-02-28'] },
      { PARAM_NAME: 'vendor', FIELD_NAME: 'vendor_code', DATA_TYPE: 8, ACTION_TYPE: 1, PARAM_VALUE: ['V001', 'V002'], SEARCH_MODE: 'advanced_search' },
    ];

    it("a saved search comes back to its user only, with arrays stored as text joined with '-' (spec §3)", async () => {
      const saved = await post('SaveListAdvancedQuery', viewerA.token, search, { listRoute: LIST });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toEqual([
        { ORD_ID: 0, USER_NAME: viewerA.userName, LIST_ROUTE: LIST, PARAM_NAME: 'receivedAt', FIELD_NAME: 'received_at', DATA_TYPE: 5, ACTION_TYPE: 1,
          PARAM_VALUE: '2025-02-01-2025-02-28', IS_PAGING: 'N', SEARCH_MODE: 'advanced_search' },
        { ORD_ID: 1, USER_NAME: viewerA.userName, LIST_ROUTE: LIST, PARAM_NAME: 'vendor', FIELD_NAME: 'vendor_code', DATA_TYPE: 8, ACTION_TYPE: 1,
          PARAM_VALUE: 'V001-V002', IS_PAGING: 'N', SEARCH_MODE: 'advanced_search' },
      ]);
      expect((await post('LoadListAdvancedQuery', viewerB.token, { LIST_ROUTE: LIST })).body.data).toEqual([]);
      expect((await post('LoadListAdvancedQuery', viewerA.token, { LIST_ROUTE: LIST })).body.data).toEqual(saved.body.data);
      expect((await post('LoadListAdvancedQuery', viewerB.token, { LIST_ROUTE: LIST, USER_NAME: viewerA.userName })).status).toBe(403);
    });

    it('a loaded search can be sent to QueryData as it is', async () => {
      const loaded = (await post('LoadListAdvancedQuery', viewerA.token, { LIST_ROUTE: LIST })).body.data;
      const { status, body } = await post('QueryData', viewerA.token, { LIST_ROUTE: LIST, conditions: loaded, Limit: 10000 });
      expect(status).toBe(200);
      expect(body.count).toBeGreaterThan(0);
      for (const row of body.data.rows as { vendor_code: string; received_at: string }[]) {
        expect(['V001', 'V002']).toContain(row.vendor_code);
        expect(row.received_at >= '2025-01-31' && row.received_at < '2025-03-01').toBe(true);
      }
    });

    it("values whose '-'-joined text would read differently are kept as JSON text and search the same", async () => {
      const parts = ['RC0402-10K', 'CC0402-104K'];
      const saved = await post('SaveListAdvancedQuery', viewerB.token, [
        { PARAM_NAME: 'partCode', FIELD_NAME: 'part_code', DATA_TYPE: 8, ACTION_TYPE: 1, PARAM_VALUE: parts },
        { PARAM_NAME: 'qtyRange', FIELD_NAME: 'qty', DATA_TYPE: 7, ACTION_TYPE: 1, PARAM_VALUE: [-10, 1e21] },
        { PARAM_NAME: 'reelIds', FIELD_NAME: 'reel_id', DATA_TYPE: 6, ACTION_TYPE: 1, PARAM_VALUE: ['R000000001', 'R000000002'] },
        { PARAM_NAME: 'vendor', FIELD_NAME: 'vendor_code', DATA_TYPE: 8, ACTION_TYPE: 1, PARAM_VALUE: [] },
      ], { listRoute: LIST });
      expect(saved.status).toBe(200);
      expect(saved.body.data.map((c: { PARAM_VALUE: string }) => c.PARAM_VALUE)).toEqual([
        '["RC0402-10K","CC0402-104K"]', '["-10","1e+21"]', '["R000000001","R000000002"]', '[]',
      ]);

      const loaded = (await post('LoadListAdvancedQuery', viewerB.token, { LIST_ROUTE: LIST })).body.data;
      const byParts = await post('QueryData', viewerB.token, { LIST_ROUTE: LIST, conditions: loaded.slice(0, 1), Limit: 10000 });
      expect(byParts.status).toBe(200);
      const found = new Set((byParts.body.data.rows as { part_code: string }[]).map((row) => row.part_code));
      expect([...found].sort()).toEqual([...parts].sort());
      await post('SaveListAdvancedQuery', viewerB.token, [], { listRoute: LIST });
    });

    it('saving an empty search clears it; a condition on a field the list does not search is refused', async () => {
      const refused = await post('SaveListAdvancedQuery', viewerA.token, [{ FIELD_NAME: 'org_id', DATA_TYPE: 1, ACTION_TYPE: 1, PARAM_VALUE: F02 }], { listRoute: LIST });
      expect(refused.status).toBe(400);
      expect((await post('LoadListAdvancedQuery', viewerA.token, { LIST_ROUTE: LIST })).body.data).toHaveLength(2);
      await post('SaveListAdvancedQuery', viewerA.token, [], { listRoute: LIST });
      expect((await post('LoadListAdvancedQuery', viewerA.token, { LIST_ROUTE: LIST })).body.data).toEqual([]);
    });
  });

  describe('settings', () => {
    const newSetting = { LIST_ROUTE: LIST, PARAM_NAME: 'lotExact', PARAM_CAPTION: '批次（精确）', FIELD_NAME: 'lot_code' };

    it('a user without the SeniorSetting button cannot change settings', async () => {
      const { status, body } = await post('SaveData', viewerA.token, [newSetting]);
      expect(status).toBe(403);
      expect(body.msg).toBe('没有该列表的 SeniorSetting 按钮权限');
    });

    it('a new row gets the spec\'s defaults and an ID; sending the ID back updates that row; DeleteOne removes it', async () => {
      const added = await post('SaveData', admin, [newSetting]);
      const row = added.body.data.find((s: { PARAM_NAME: string }) => s.PARAM_NAME === 'lotExact');
      expect(row).toMatchObject({ DATA_TYPE: 1, ACTION_TYPE: 6, IS_FAST_SEARCH: 'N', IS_PAGING: 'N', AGGREGATION: [], ORD_IDX: 0 });

      const updated = await post('SaveData', admin, [{ ...newSetting, ID: row.ID, ACTION_TYPE: 1, ORD_IDX: 999 }]);
      expect(updated.body.data.filter((s: { PARAM_NAME: string }) => s.PARAM_NAME === 'lotExact')).toEqual([
        { ...row, ACTION_TYPE: 1, ORD_IDX: 999 },
      ]);

      expect((await post('DeleteOne', viewerA.token, { LIST_ROUTE: LIST, ID: row.ID })).status).toBe(403);
      expect((await post('DeleteOne', admin, { LIST_ROUTE: LIST, ID: row.ID })).body.data).toBe(1);
      expect((await post('LoadData', admin, { LIST_ROUTE: LIST })).body.count).toBe(DEMO_REELS_SETTINGS.length);
    });

    it.each([
      [{ FIELD_NAME: 'no_such_column' }, '字段 no_such_column 不是该列表数据源中的列'],
      [{ PARAM_NAME: 'qty' }, '字段(参数名) qty 已存在'],
      [{ LIST_ROUTE: 'qa/unknown' }, '未知的列表 qa/unknown'],
      [{ AGGREGATION: ['sum'] }, 'lotExact 配置的 SQL 无法执行：函数或运算符不接受这些参数类型'],
    ])('a setting with %j is refused: %s', async (change, message) => {
      const { status, body } = await post('SaveData', admin, [{ ...newSetting, ...change }]);
      expect(status).toBe(400);
      expect(body.msg).toMatch(message);
    });

    it.each([
      ['REFERENCE_SQL', 'delete from demo_parts returning part_code as code', 'lotExact 配置的 SQL 必须是一条 SELECT 查询'],
      ['REFERENCE_SQL', 'select part_code as code from demo_parts; delete from demo_parts', 'lotExact 配置的 SQL 必须是一条 SELECT 查询'],
      ['REFERENCE_SQL', 'with gone as (delete from demo_parts returning part_code) select part_code as code from gone', 'lotExact 配置的 SQL 不允许使用 DeleteStmt'],
      ['SUB_SQL', 'delete from demo_parts returning part_code', 'lotExact 配置的 SQL 必须是一条 SELECT 查询'],
      ['SUB_SQL', 'select part_code, part_name from demo_parts', 'lotExact 配置的 SQL 无法执行：返回的列与用法不符（例如子查询须只返回一列）'],
      ['REFERENCE_SQL', 'select part_name from demo_parts', 'lotExact 的下拉数据源 SQL 必须返回 CODE 列'],
    ])('a %s that writes, is two statements or does not fit is refused when saved and changes nothing', async (kind, text, message) => {
      const { status, body } = await post('SaveData', admin, [{ ...newSetting, [kind]: text }]);
      expect(status).toBe(400);
      expect(body.msg).toBe(message);
      expect((await sql<{ n: string }>`select count(*) as n from demo_parts`.execute(server.db)).rows[0].n).toBe(String(DEMO_PARTS.length));
      expect((await post('LoadData', admin, { LIST_ROUTE: LIST })).body.count).toBe(DEMO_REELS_SETTINGS.length);
    });

    it('saving several lists in one call is refused; saving an empty grid does nothing', async () => {
      const mixed = await post('SaveData', admin, [newSetting, { ...newSetting, LIST_ROUTE: 'qa/other', PARAM_NAME: 'x' }]);
      expect(mixed.status).toBe(400);
      expect((await post('SaveData', admin, [])).body).toEqual({ code: 200, msg: '', data: [], count: 0 });
    });
  });

  describe('export and import of the search configuration', () => {
    it('export, delete all, import gives back the same settings', async () => {
      const exported = await server.call('GET', '/ListParam/Export', { token: admin, query: { listRoute: LIST } });
      expect(exported.body.data).toMatchObject({ LIST_ROUTE: LIST, TITLE: '料盘清单（演示）' });
      expect(exported.body.data.PARAMS).toHaveLength(DEMO_REELS_SETTINGS.length);

      expect((await post('DeleteAllParams', viewerA.token, { LIST_ROUTE: LIST })).status).toBe(403);
      expect((await post('DeleteAllParams', admin, { LIST_ROUTE: LIST })).body.data).toBe(DEMO_REELS_SETTINGS.length);
      expect((await post('LoadData', admin, { LIST_ROUTE: LIST })).body).toMatchObject({ data: [], count: 0 });

      const imported = await server.call('POST', '/ListParam/Import', { token: admin, ...importForm(LIST, JSON.stringify(exported.body.data)) });
      expect(imported.status).toBe(200);
      expect(imported.body.ErrorInfo.Status).toBe(false);
      const after = (await post('LoadData', admin, { LIST_ROUTE: LIST })).body.data;
      expect(withoutIds(after)).toEqual(withoutIds(exported.body.data.PARAMS));
      expect(withoutIds(imported.body.Result)).toEqual(withoutIds(exported.body.data.PARAMS));
    });

    it('the export title follows the caller\'s language', async () => {
      const exported = await server.call('GET', '/ListParam/Export', { token: admin, query: { listRoute: LIST }, language: 'en' });
      expect(exported.body.data.TITLE).toBe('Component reels (demo)');
    });

    it('an import without the ConfigurationImport button, of a broken file, not sent as a form, or of no settings changes nothing', async () => {
      const before = (await post('LoadData', admin, { LIST_ROUTE: LIST })).body.data;
      const denied = await server.call('POST', '/ListParam/Import', { token: viewerA.token, ...importForm(LIST, JSON.stringify(before)) });
      expect(denied.status).toBe(403);
      const broken = await server.call('POST', '/ListParam/Import', { token: admin, ...importForm(LIST, '{"PARAMS": [{"PARAM_NAME": 1}]}') });
      expect(broken.status).toBe(400);
      expect(broken.body.msg).toMatch(/^导入文件无效：PARAMS\[0\]/);
      const notAForm = await server.call('POST', '/ListParam/Import', { token: admin, body: { LIST_ROUTE: LIST, file: JSON.stringify(before) } });
      expect(notAForm.body.msg).toBe('请求错误：请求体应为 multipart/form-data 表单');
      const empty = await server.call('POST', '/ListParam/Import', { token: admin, ...importForm(LIST, '[]') });
      expect(empty.body.msg).toBe('导入文件中没有配置项');
      expect((await post('LoadData', admin, { LIST_ROUTE: LIST })).body.data).toEqual(before);
    });
  });
});

// PGlite runs single-threaded without timers inside the database: the statement timeout is PostgreSQL's.
for (const database of testDatabases().filter((d) => d.name === 'PostgreSQL')) {
  describe(`configured SQL that runs too long (${database.name})`, () => {
    const server = new TestServer({ config: { listQueryTimeoutMs: 300 } });
    beforeAll(() => server.start(database));
    afterAll(async () => {
      await server.stop();
      await database.dispose();
    });

    it('is cut off by the statement timeout with a message to narrow the search', async () => {
      await server.db
        .insertInto('list_params')
        .values({
          id: 'slow', list_route: LIST, ord_idx: 0, param_name: 'slow', param_caption: 'slow', field_name: 'status', data_type: 2,
          action_type: 1, is_fast_search: 'N', aggregation: '', is_paging: 'N',
          // pg_sleep is refused by the parser (configured-sql.test.ts): a read that takes long instead.
          reference_sql: 'select count(*)::text as code from demo_reels a, demo_reels b, demo_reels c',
        })
        .execute();
      const token = (await server.login('ADMIN', 'admin123', F01)).Token;
      const started = Date.now();
      const { status, body } = await server.call('POST', '/ListParam/GetSelectList', { token, body: { LIST_ROUTE: LIST, PARAM_NAME: 'slow' } });
      expect(status).toBe(400);
      expect(body.msg).toBe('查询超时，请缩小查询范围');
      expect(Date.now() - started).toBeLessThan(4000);
    });
  });
}
