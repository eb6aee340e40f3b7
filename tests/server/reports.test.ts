/**
 * Custom reports (issue 21): a report's named parameters are bound values, its SQL is confined by
 * the one configured-SQL gate (refused when saved, and harmless when stored some other way), it reads
 * only the report role's tables and only the caller's organisation, every change is audited with the
 * SQL before and after, and only the SQL-configuration button saves SQL.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_LIMITS } from '../../server/db/database.ts';
import { F01 } from './support/masterdata.ts';
import { tokenWith } from './support/roles.ts';
import { describeServer } from './support/test-server.ts';

const F02 = 'org-f02';
const STOCK = '/report/loading/DEMO_STOCK';

interface Condition {
  PARAM_NAME: string;
  FIELD_NAME: string;
  DATA_TYPE: number;
  ACTION_TYPE: number;
  PARAM_VALUE: unknown;
}
const param = (name: string, value: unknown, dataType = 1): Condition => ({ PARAM_NAME: name, FIELD_NAME: name, DATA_TYPE: dataType, ACTION_TYPE: 1, PARAM_VALUE: value });

/** A report with a text, a number and a date parameter over the stock balances. */
const PARAMS_SQL = `select b.part_code, b.sic, b.on_hand from stock_balances b
where (param.part is null or b.part_code = param.part)
  and (param.min_qty is null or b.on_hand >= param.min_qty)
  and (param.since is null or b.updated_at >= param.since)`;
const PARAMS = [
  { name: 'part', caption: '料号', type: 'text' },
  { name: 'min_qty', caption: '最小数量', type: 'number' },
  { name: 'since', caption: '起始日期', type: 'date' },
];

/** [what it tries, the SQL, the message it is refused with ({name} is the report's code)]. */
const WRITING_SQL: readonly (readonly [string, string, string])[] = [
  ['inserts', "insert into stock_balances (org_id, part_code, sic) values ('org-f01', 'X', 'X')", '{name} 配置的 SQL 必须是一条 SELECT 查询'],
  ['updates', 'update stock_balances set on_hand = 0', '{name} 配置的 SQL 必须是一条 SELECT 查询'],
  ['deletes', 'delete from stock_balances', '{name} 配置的 SQL 必须是一条 SELECT 查询'],
  ['drops a table (DDL)', 'drop table stock_balances', '{name} 配置的 SQL 必须是一条 SELECT 查询'],
  ['creates a table (DDL)', 'create table owned (x int)', '{name} 配置的 SQL 必须是一条 SELECT 查询'],
  ['truncates', 'truncate stock_balances', '{name} 配置的 SQL 必须是一条 SELECT 查询'],
  ['locks rows FOR UPDATE', 'select part_code from stock_balances for update', '{name} 配置的 SQL 不允许使用 FOR UPDATE / FOR SHARE'],
  ['deletes in a CTE', 'with gone as (delete from stock_balances returning part_code) select part_code from gone', '{name} 配置的 SQL 不允许使用 DeleteStmt'],
  ['updates in a CTE', 'with x as (update stock_balances set on_hand = 0 returning part_code) select part_code from x', '{name} 配置的 SQL 不允许使用 UpdateStmt'],
  ['reads a server file', "select pg_read_file('/etc/passwd') as part_code", '{name} 配置的 SQL 不允许调用函数 pg_read_file'],
  ['copies from a program', "copy stock_balances from program 'id'", '{name} 配置的 SQL 必须是一条 SELECT 查询'],
  ['lifts the timeout with set_config', "select set_config('statement_timeout', '0', false) as part_code", '{name} 配置的 SQL 不允许调用函数 set_config'],
  ['adds a statement after ;', 'select part_code from stock_balances; delete from stock_balances', '{name} 配置的 SQL 必须是一条 SELECT 查询'],
  ['creates a table with SELECT INTO', 'select part_code into owned from stock_balances', '{name} 配置的 SQL 不允许使用 SELECT INTO'],
  ['reads the users table', 'select user_name, password_hash from users', '{name} 配置的 SQL 无法执行：读取了报表不允许读取的数据'],
  ['reads sessions in a subquery', 'select part_code from stock_balances where exists (select 1 from sessions)', '{name} 配置的 SQL 无法执行：读取了报表不允许读取的数据'],
];

/** Search values that would change an SQL statement if they were ever written into it. */
const INJECTION_VALUES = [
  "' or '1'='1",
  "x'; delete from stock_balances; --",
  "%' or 1=1 --",
  "') or true; drop table users; --",
  '$$; delete from stock_balances; $$',
  "\\'; select pg_sleep(5); --",
  'param.part',
  "x' union select user_name, password_hash, 0 from users --",
  '/* */ or 1=1',
  "'; set role postgres; --",
];

// In a worker, the embedded database has a time limit (here 4 s; PostgreSQL's statement timeout is 1 s). At 1.5 s,
// an ordinary statement of the suite's login outran it once on a machine running two test runs (load 12).
const LIMITS = { pgliteInWorker: true, config: { listQueryTimeoutMs: 1000 }, databaseLimits: { ...DEFAULT_DATABASE_LIMITS, statementTimeoutMs: 4000 } };

describeServer('custom reports', LIMITS, (server) => {
  let admin: string;
  let adminF02: string;

  beforeAll(async () => {
    admin = (await server.login('ADMIN', 'admin123', F01)).Token;
    adminF02 = (await server.login('ADMIN', 'admin123', F02)).Token;
  });

  const report = (action: string, body: unknown, token = admin, language?: 'en') => server.call('POST', `/Report/${action}`, { token, body, language });
  const query = (listRoute: string, conditions: Condition[], token = admin, extra: Record<string, unknown> = {}) =>
    server.call('POST', '/ListParam/QueryData', { token, body: { LIST_ROUTE: listRoute, conditions, Limit: 10_000, ...extra } });

  /** The stock balances as the application reads them (the ground truth a report must agree with). */
  const balances = async (orgId: string) =>
    (await sql<{ part_code: string; sic: string; on_hand: string; updated_at: Date }>`
      select part_code, sic, on_hand::text as on_hand, updated_at from stock_balances where org_id = ${orgId}`.execute(server.db)).rows;

  /** What a hostile value could have changed, read as the application. */
  const state = async () =>
    (await sql<{ balances: string; users: string; reports: string; tables: string }>`
      select (select count(*) || ':' || coalesce(sum(on_hand), 0) from stock_balances)::text as balances,
             (select count(*) from users)::text as users,
             (select count(*) from reports)::text as reports,
             (select count(*) from pg_class where relname = 'owned')::text as tables`.execute(server.db)).rows[0];

  const createReport = async (code: string, sqlText: string, params: unknown[] = [], extra: Record<string, unknown> = {}) => {
    const basics = await report('SaveBasics', { Code: code, Name: code, NameEn: code, IsNew: true, ...extra });
    expect(basics.status, basics.body.msg).toBe(200);
    const saved = await report('SaveSql', { Code: code, Sql: sqlText, Params: params });
    expect(saved.status, saved.body.msg).toBe(200);
    return saved.body.data;
  };

  it('the seeded stock report answers the stock by part, its parameters narrowing it, with footer sums', async () => {
    const rows = (await balances(F01)).filter((row) => Number(row.on_hand) > 0);
    expect(rows.length).toBeGreaterThan(0);
    const expected = (keep: (row: (typeof rows)[number]) => boolean) => {
      const byPart = new Map<string, number>();
      for (const row of rows.filter(keep)) byPart.set(row.part_code, (byPart.get(row.part_code) ?? 0) + Number(row.on_hand));
      return [...byPart].map(([part, qty]) => ({ part, qty })).sort((a, b) => a.part.localeCompare(b.part));
    };
    const answered = (data: { rows: { part_code: string; on_hand: number | string }[] }) =>
      data.rows.map((row) => ({ part: row.part_code, qty: Number(row.on_hand) })).sort((a, b) => a.part.localeCompare(b.part));

    const all = await query(STOCK, [], admin, { wantAggregates: true });
    expect(all.status, all.body.msg).toBe(200);
    expect(answered(all.body.data)).toEqual(expected(() => true));
    expect(Number(all.body.data.aggregates.on_hand.sum)).toBeCloseTo(rows.reduce((sum, row) => sum + Number(row.on_hand), 0), 6);

    const part = rows[0].part_code;
    const prefix = part.slice(0, Math.max(1, part.length - 1));
    const byPrefix = await query(STOCK, [param('part_code', prefix)]);
    expect(answered(byPrefix.body.data)).toEqual(expected((row) => row.part_code.startsWith(prefix)));
    const sic = rows[0].sic;
    const bySic = await query(STOCK, [param('part_code', prefix), param('sic', sic)]);
    expect(answered(bySic.body.data)).toEqual(expected((row) => row.part_code.startsWith(prefix) && row.sic === sic));
    // A condition on a column of the result still works next to the parameters.
    const named = await query(STOCK, [param('part_code', prefix), { PARAM_NAME: 'part_name', FIELD_NAME: 'part_name', DATA_TYPE: 1, ACTION_TYPE: 6, PARAM_VALUE: 'no such part name' }]);
    expect(named.status, named.body.msg).toBe(200);
    expect(named.body.data.rows).toEqual([]);
  });

  it('its child report gives a row\'s places, opened with the row\'s part, and the layout links them both ways', async () => {
    const layout = await server.call('GET', '/Report/Layout', { token: admin, query: { LIST_ROUTE: STOCK }, language: 'en' });
    expect(layout.status, layout.body.msg).toBe(200);
    expect(layout.body.data).toMatchObject({ Code: 'DEMO_STOCK', NameEn: 'Stock report', Chart: { type: 'bar', x: 'part_code' }, Ancestors: [] });
    expect(layout.body.data.Children).toEqual([
      expect.objectContaining({ Code: 'DEMO_STOCK_PLACE', ListRoute: '/report/loading/DEMO_STOCK_PLACE', DrillParams: { part_code: 'part_code' } }),
    ]);
    const part = (await balances(F01)).find((row) => Number(row.on_hand) > 0)!.part_code;
    const places = await query('/report/loading/DEMO_STOCK_PLACE', [param('part_code', part)]);
    expect(places.status, places.body.msg).toBe(200);
    const expected = (await balances(F01)).filter((row) => row.part_code === part && Number(row.on_hand) > 0);
    expect(places.body.data.rows.length).toBe(expected.length);
    const child = await server.call('GET', '/Report/Layout', { token: admin, query: { LIST_ROUTE: '/report/loading/DEMO_STOCK_PLACE' } });
    expect(child.body.data.Ancestors.map((a: { Code: string }) => a.Code)).toEqual(['DEMO_STOCK']);
    // The grid shows the report's captions in the caller's language.
    const columns = await server.call('GET', '/ListParam/GetIntiTableColumnList', { token: admin, query: { LIST_ROUTE: STOCK }, language: 'en' });
    expect(columns.body.data.find((c: { COLUMN_NAME: string }) => c.COLUMN_NAME === 'on_hand').COLUMN_CAPTION).toBe('On hand');
  });

  it('exports the search as an xlsx with the report\'s captions in the caller\'s language', async () => {
    const part = (await balances(F01)).find((row) => Number(row.on_hand) > 0)!.part_code;
    const file = await server.call('POST', '/Report/ExportData', { token: admin, language: 'en', body: { LIST_ROUTE: STOCK, conditions: [param('part_code', part)] } });
    expect(file.status, file.body?.msg).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawBody as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Stock report');
    expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['Part', 'Part name', 'Specification', 'On hand']);
    const exported = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(exported[0]).toBe(part);
    expect(sheet.rowCount).toBe(2);
  });

  it('text, number and date parameters are bound values: an injection corpus changes neither the answer nor the data', async () => {
    await createReport('T_PARAMS', PARAMS_SQL, PARAMS);
    const list = '/report/loading/T_PARAMS';
    const rows = (await balances(F01)).sort((a, b) => Number(a.on_hand) - Number(b.on_hand));
    const part = rows[0].part_code;
    const count = async (conditions: Condition[]) => {
      const answer = await query(list, conditions);
      expect(answer.status, answer.body.msg).toBe(200);
      return answer.body.data.rows.length;
    };
    expect(await count([])).toBe(rows.length);
    expect(await count([param('part', part)])).toBe(rows.filter((r) => r.part_code === part).length);
    const threshold = Number(rows[Math.floor(rows.length / 2)].on_hand);
    expect(await count([param('min_qty', threshold, 3)])).toBe(rows.filter((r) => Number(r.on_hand) >= threshold).length);
    expect(await count([param('since', '2999-01-01', 4)])).toBe(0);

    const before = await state();
    for (const value of INJECTION_VALUES) {
      // As text the value is a part code no row has: nothing matches, and nothing else happens.
      expect(await count([param('part', value)]), value).toBe(0);
      // As a number or a date it is not one: refused as a bad value, never run as SQL.
      for (const [name, dataType] of [['min_qty', 3], ['since', 4]] as const) {
        const refused = await query(list, [param(name, value, dataType)]);
        expect(refused.status, `${name}: ${value}`).toBe(400);
      }
    }
    expect(await state()).toEqual(before);
  });

  describe.each(WRITING_SQL)('SQL that %s', (_what, text, message) => {
    it('is refused when saved or previewed, and cannot write when stored some other way', async () => {
      const code = `W_${Math.random().toString(36).slice(2, 8)}`;
      expect((await report('SaveBasics', { Code: code, Name: code, NameEn: code, IsNew: true })).status).toBe(200);
      const before = await state();
      const saved = await report('SaveSql', { Code: code, Sql: text, Params: [] });
      expect(saved.status).toBe(400);
      expect(saved.body.msg).toBe(message.replace('{name}', code));
      const preview = await report('Preview', { Sql: text, Params: [] });
      expect(preview.status).toBe(400);
      expect((await report('LoadData', { Code: code })).body.data[0].Sql).toBeNull();

      // Stored behind the checks' back (a database edit, an old backup): running it changes nothing either.
      const listRoute = `/report/loading/${code}`;
      await server.db.updateTable('reports').set({ sql_text: text }).where('code', '=', code).execute();
      await server.db.insertInto('list_routes').values({ list_route: listRoute, title: code, title_en: code, source_kind: 'sql', source_sql: text, menu_code: 'ReportSetting' }).execute();
      const run = await query(listRoute, []);
      expect(run.status).toBe(400);
      expect(run.body.msg).toBe(message.replace('{name}', listRoute));
      expect(await state()).toEqual({ ...before, reports: before.reports });
    });
  });

  it("a report reads only the caller's organisation's rows, whatever its SQL asks for", async () => {
    // The demo reels are in both organisations.
    const reels = async (orgId: string) => Number((await sql<{ n: string }>`select count(*)::text as n from demo_reels where org_id = ${orgId}`.execute(server.db)).rows[0].n);
    expect(await reels(F02)).toBeGreaterThan(0);
    await createReport('T_ORGS', 'select org_id, reel_id from demo_reels');
    await createReport('T_OTHER', `select org_id, reel_id from demo_reels where org_id = '${F02}'`);
    const f01 = await query('/report/loading/T_ORGS', [], admin, { Limit: 200 });
    expect(new Set(f01.body.data.rows.map((r: { org_id: string }) => r.org_id))).toEqual(new Set([F01]));
    const orgsOf = async (token: string) =>
      (await report('Preview', { Sql: 'select org_id, count(*)::int as n from demo_reels group by org_id', Params: [] }, token)).body.data.Rows;
    expect(await orgsOf(admin)).toEqual([{ org_id: F01, n: await reels(F01) }]);
    expect(await orgsOf(adminF02)).toEqual([{ org_id: F02, n: await reels(F02) }]);
    expect((await query('/report/loading/T_OTHER', [])).body.data.rows).toEqual([]);
    const preview = await report('Preview', { Sql: `select org_id from demo_reels where org_id = '${F02}'`, Params: [] });
    expect(preview.body.data.Rows).toEqual([]);
  });

  it('the preview answers the first 50 rows, the columns with their types and the time it took', async () => {
    const preview = await report('Preview', { Sql: PARAMS_SQL, Params: PARAMS, Values: { min_qty: 0 } });
    expect(preview.status, preview.body.msg).toBe(200);
    expect(preview.body.data.Columns).toEqual([
      { name: 'part_code', type: 'text' },
      { name: 'sic', type: 'text' },
      { name: 'on_hand', type: 'number' },
    ]);
    expect(preview.body.data.Rows.length).toBe(Math.min(50, (await balances(F01)).length));
    expect(preview.body.data.RowLimit).toBe(50);
    expect(preview.body.data.ElapsedMs).toBeGreaterThanOrEqual(0);
    const many = await report('Preview', { Sql: 'select n from generate_series(1, 1000) as n', Params: [] });
    expect(many.body.data.Rows.length).toBe(50);
  });

  it('every change is audited with the SQL before and after; bad parameters and unknown columns are refused', async () => {
    await createReport('T_AUDIT', 'select part_code from stock_balances');
    const second = await report('SaveSql', { Code: 'T_AUDIT', Sql: 'select part_code, sic from stock_balances', Params: [] });
    expect(second.status).toBe(200);
    const grid = await report('SaveGrid', { Code: 'T_AUDIT', Columns: [{ field: 'sic', caption: '存储地点', width: 220 }], Chart: null });
    expect(grid.status, grid.body.msg).toBe(200);
    // The chosen column with its caption and width; the other column hidden (still in the column configuration).
    const columns = await server.call('GET', '/ListParam/GetIntiTableColumnList', { token: admin, query: { LIST_ROUTE: '/report/loading/T_AUDIT' } });
    expect(columns.body.data).toEqual([
      { COLUMN_NAME: 'part_code', COLUMN_CAPTION: 'part_code', COLUMN_TYPE: 'text', IS_VISIBLE: 'N' },
      { COLUMN_NAME: 'sic', COLUMN_CAPTION: '存储地点', COLUMN_TYPE: 'text', COLUMN_WIDTH: 220 },
    ]);
    const unknown = await report('SaveGrid', { Code: 'T_AUDIT', Columns: [{ field: 'nope' }] });
    expect(unknown.body.msg).toBe('报表的 SQL 没有返回列 nope');
    const log = (await report('Audit', { Code: 'T_AUDIT' })).body.data;
    expect(log.map((entry: { Action: string }) => entry.Action)).toEqual(['GRID', 'SQL', 'SQL', 'CREATE']);
    expect(log[1]).toMatchObject({ UserName: 'ADMIN', SqlBefore: 'select part_code from stock_balances', SqlAfter: 'select part_code, sic from stock_balances' });
    expect(log[2]).toMatchObject({ SqlBefore: null, SqlAfter: 'select part_code from stock_balances' });

    const reserved = await report('SaveSql', { Code: 'T_AUDIT', Sql: 'select 1 as x', Params: [{ name: 'org_id', caption: 'x', type: 'text' }] }, admin, 'en');
    expect(reserved.status).toBe(400);
    expect(reserved.body.msg).toMatch(/^The parameter name org_id is not valid/);
  });

  it("a report is opened by its menu's grant: the layout, rows and export of 库存报表 need ReportStock", async () => {
    const viewer = await tokenWith(server, [{ menuCode: 'Report' }, { menuCode: 'ReportStock' }]);
    const stranger = await tokenWith(server, [{ menuCode: 'Report' }, { menuCode: 'ReportPortalCard' }]);
    const calls = (token: string) => [
      server.call('GET', '/Report/Layout', { token, query: { LIST_ROUTE: STOCK } }),
      query(STOCK, [], token),
      server.call('POST', '/Report/ExportData', { token, body: { LIST_ROUTE: STOCK } }),
    ];
    expect((await Promise.all(calls(viewer))).map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await Promise.all(calls(stranger))).map((answer) => answer.status)).toEqual([403, 403, 403]);
    // The setting's calls are not the report's.
    expect((await report('LoadData', {}, viewer)).status).toBe(403);
  });

  it('reports nest three levels (report, child, grandchild); a parent with children cannot be deleted', async () => {
    await createReport('T_ROOT', 'select part_code from stock_balances', [], { MenuCode: 'ReportStock' });
    await createReport('T_CHILD', 'select sic from stock_balances where part_code = param.part', [{ name: 'part', caption: '料号', type: 'text' }], {
      ParentCode: 'T_ROOT',
      DrillParams: { part: 'part_code' },
    });
    await createReport('T_SUN', 'select loc from stock_balances where sic = param.sic', [{ name: 'sic', caption: '存储地点', type: 'text' }], {
      ParentCode: 'T_CHILD',
      DrillParams: { sic: 'sic' },
    });
    const tooDeep = await report('SaveBasics', { Code: 'T_DEEP', Name: 'x', NameEn: 'x', IsNew: true, ParentCode: 'T_SUN' });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.msg).toBe('报表最多三级（报表、子报表、孙报表）');
    // A child is opened under its root's menu, and lists the levels in order.
    const list = (await report('LoadData', {})).body.data.filter((r: { Code: string }) => r.Code.startsWith('T_'));
    expect(list.filter((r: { Code: string }) => ['T_ROOT', 'T_CHILD', 'T_SUN'].includes(r.Code)).map((r: { Code: string; Level: number }) => [r.Code, r.Level])).toEqual([
      ['T_ROOT', 1], ['T_CHILD', 2], ['T_SUN', 3],
    ]);
    const sun = await server.db.selectFrom('list_routes').select('menu_code').where('list_route', '=', '/report/loading/T_SUN').executeTakeFirstOrThrow();
    expect(sun.menu_code).toBe('ReportStock');
    const layout = await server.call('GET', '/Report/Layout', { token: admin, query: { LIST_ROUTE: '/report/loading/T_SUN' } });
    expect(layout.body.data.Ancestors.map((a: { Code: string }) => a.Code)).toEqual(['T_CHILD', 'T_ROOT']);

    const refused = await report('Delete', { Code: 'T_CHILD' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('报表 T_CHILD 有子报表，不能删除');
    expect((await report('Delete', { Code: 'T_SUN' })).status).toBe(200);
    expect((await query('/report/loading/T_SUN', [])).body.msg).toBe('未知的列表 /report/loading/T_SUN');
    const log = (await report('Audit', { Code: 'T_SUN' })).body.data;
    expect(log[0]).toMatchObject({ Action: 'DELETE', SqlBefore: 'select loc from stock_balances where sic = param.sic' });
  });

  it('the help document is rich text sanitised when saved: no script, event handler, javascript: link or frame reaches a viewer', async () => {
    await createReport('T_HELP', 'select part_code from stock_balances');
    const dirty =
      '<h2>用法</h2><p onclick="alert(1)">先填<b>料号</b>再查询</p><script>alert(2)</script>' +
      '<img src="https://example.com/a.png" onerror="alert(3)"><a href="javascript:alert(4)">链接</a>' +
      '<iframe src="https://example.com/"></iframe><svg onload="alert(5)"></svg><p style="background:url(javascript:alert(6))">样式</p>';
    const saved = await report('SaveHelp', { Code: 'T_HELP', HelpHtml: dirty });
    expect(saved.status, saved.body.msg).toBe(200);
    const help: string = saved.body.data.HelpHtml;
    expect(help).toContain('<h2>用法</h2>');
    expect(help).toContain('<p>先填<b>料号</b>再查询</p>');
    expect(help).toContain('<img src="https://example.com/a.png" />');
    for (const hostile of ['<script', 'alert(', 'onclick', 'onerror', 'onload', 'javascript:', '<iframe', '<svg', 'style=']) expect(help).not.toContain(hostile);
    // What the report's viewers are handed is what was stored.
    const layout = await server.call('GET', '/Report/Layout', { token: admin, query: { LIST_ROUTE: '/report/loading/T_HELP' } });
    expect(layout.body.data.HelpHtml).toBe(help);
    expect((await report('Audit', { Code: 'T_HELP' })).body.data[0]).toMatchObject({ Action: 'HELP' });
    // Nothing left once cleaned is no help document; only the Save button edits it.
    expect((await report('SaveHelp', { Code: 'T_HELP', HelpHtml: '<script>alert(1)</script>' })).body.data.HelpHtml).toBeNull();
    const viewer = await tokenWith(server, [{ menuCode: 'ReportSetting' }]);
    expect((await report('SaveHelp', { Code: 'T_HELP', HelpHtml: '<p>x</p>' }, viewer)).status).toBe(403);
  });

  it('a help document with more than one image is refused with the catalogue’s message, and the stored one is kept', async () => {
    await createReport('T_HELP_IMG', 'select part_code from stock_balances');
    expect((await report('SaveHelp', { Code: 'T_HELP_IMG', HelpHtml: '<p>一<img src="https://example.com/1.png"></p>' })).status).toBe(200);
    const refused = await report('SaveHelp', {
      Code: 'T_HELP_IMG',
      HelpHtml: '<p>二<img src="https://example.com/1.png"><img src="https://example.com/2.png"></p>',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('帮助文档最多只能包含 1 张图片');
    const layout = await server.call('GET', '/Report/Layout', { token: admin, query: { LIST_ROUTE: '/report/loading/T_HELP_IMG' } });
    expect(layout.body.data.HelpHtml).toBe('<p>一<img src="https://example.com/1.png" /></p>');
  });

  it('exports every row of a report larger than a grid page can be unpaged (25,000 rows), in the grid order, its parameters bound', async () => {
    await createReport('T_LARGE', 'select a as n, (a % 7) as bucket from generate_series(1, param.upto) as a', [{ name: 'upto', caption: '上限', type: 'number' }], {});
    const file = await server.call('POST', '/Report/ExportData', {
      token: admin,
      body: { LIST_ROUTE: '/report/loading/T_LARGE', conditions: [param('upto', 25_000, 3)], sort: [{ field: 'n', order: 'desc' }] },
    });
    expect(file.status, file.body?.msg).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawBody as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(25_001);
    expect(sheet.getRow(1).values).toEqual([undefined, 'n', 'bucket']);
    expect(sheet.getRow(2).values).toEqual([undefined, 25_000, 25_000 % 7]);
    expect(sheet.getRow(25_001).values).toEqual([undefined, 1, 1]);
    // A search the report cannot run is refused as JSON before any file is written.
    const bad = await server.call('POST', '/Report/ExportData', { token: admin, body: { LIST_ROUTE: '/report/loading/T_LARGE', conditions: [param('upto', 'many', 3)] } });
    expect(bad.status).toBe(400);
  });

  it('only the SQL-configuration button saves or previews SQL; Save alone edits the rest', async () => {
    const editor = await tokenWith(server, [{ menuCode: 'ReportSetting' }, { menuCode: 'ReportSetting', buttonCode: 'Save' }]);
    const basics = await report('SaveBasics', { Code: 'T_EDITOR', Name: 'x', NameEn: 'x', IsNew: true }, editor);
    expect(basics.status, basics.body.msg).toBe(200);
    expect((await report('SaveSql', { Code: 'T_EDITOR', Sql: 'select 1 as x', Params: [] }, editor)).status).toBe(403);
    expect((await report('Preview', { Sql: 'select 1 as x', Params: [] }, editor)).status).toBe(403);
    const configurer = await tokenWith(server, [{ menuCode: 'ReportSetting' }, { menuCode: 'ReportSetting', buttonCode: 'SqlConfig' }]);
    expect((await report('SaveSql', { Code: 'T_EDITOR', Sql: 'select 1 as x', Params: [] }, configurer)).status).toBe(200);
    expect((await report('SaveBasics', { Code: 'T_EDITOR', Name: 'y', NameEn: 'y', IsNew: false }, configurer)).status).toBe(403);
  });

  it('places a report in the menu from its basics: its own item under a group, with the grid buttons, moved on a later save; only with 菜单管理 Save', async () => {
    const menu = (code: string) => server.db.selectFrom('menus').selectAll().where('menu_code', '=', code).executeTakeFirst();
    const groupId = async (code: string) => (await menu(code))!.id;
    const [reportGroup, warehouseGroup] = [await groupId('Report'), await groupId('Warehouse')];
    const basics = (extra: Record<string, unknown>, token = admin, language?: 'en') =>
      server.call('POST', '/Report/SaveBasics', { token, language, body: { Code: 'T_PLACED', Name: '放置报表', NameEn: 'Placed report', ...extra } });

    // Without the menu screen's Save: refused in words, nothing written (not even the report).
    const editor = await tokenWith(server, [{ menuCode: 'ReportSetting' }, { menuCode: 'ReportSetting', buttonCode: 'Save' }]);
    const unentitled = await basics({ IsNew: true, MenuParentId: reportGroup }, editor);
    expect(unentitled.status).toBe(403);
    expect(unentitled.body.msg).toBe('把报表放入菜单需要菜单管理的“新增/编辑”按钮');
    expect((await basics({ IsNew: true, MenuParentId: reportGroup }, editor, 'en')).body.msg).toBe('Placing a report in the menu needs the Add / edit button of Menu management');
    // Under a screen (a leaf with a link), not a group: refused, and the report is not made either.
    const underLeaf = await basics({ IsNew: true, MenuParentId: await groupId('ReportStock') });
    expect(underLeaf.status).toBe(400);
    expect(underLeaf.body.msg).toBe('菜单位置须为门户菜单中的一个分组');
    expect(await server.db.selectFrom('reports').select('code').where('code', '=', 'T_PLACED').executeTakeFirst()).toBeUndefined();
    // Another menu's code: refused.
    const taken = await basics({ IsNew: true, MenuParentId: reportGroup, MenuCode: 'AdminUser' });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toContain('AdminUser');

    const placed = await basics({ IsNew: true, MenuParentId: reportGroup });
    expect(placed.status, placed.body.msg).toBe(200);
    expect(placed.body.data.MenuCode).toBe('Report_T_PLACED');
    const item = (await menu('Report_T_PLACED'))!;
    expect(item).toMatchObject({ parent_id: reportGroup, menu_name: '放置报表', menu_en: 'Placed report', link_url: '/report/loading?code=T_PLACED', terminal: 'PC', enabled: 'Y' });
    const buttons = await server.db.selectFrom('menu_buttons').select('menu_code').where('parent_id', '=', item.id).orderBy('sort_num').execute();
    expect(buttons.map((b) => b.menu_code)).toEqual(['SeniorSearch', 'SeniorSetting', 'SeniorColumn', 'ConfigurationImport', 'ConfigurationExport', 'SeniorSettingDeleteAll', 'DeleteOne', 'SeniorColumnDeleteAll']);
    // Once it has its SQL, the report's list follows its menu's grant.
    expect((await report('SaveSql', { Code: 'T_PLACED', Sql: 'select part_code from stock_balances', Params: [] })).status).toBe(200);
    const list = await server.db.selectFrom('list_routes').select('menu_code').where('list_route', '=', '/report/loading/T_PLACED').executeTakeFirstOrThrow();
    expect(list.menu_code).toBe('Report_T_PLACED');

    // Saved again under another group with a new name: the same item moves and is renamed, no second one.
    const moved = await basics({ IsNew: false, Name: '改名报表', MenuParentId: warehouseGroup, MenuCode: 'Report_T_PLACED' });
    expect(moved.status, moved.body.msg).toBe(200);
    expect(await menu('Report_T_PLACED')).toMatchObject({ id: item.id, parent_id: warehouseGroup, menu_name: '改名报表' });
    expect((await server.db.selectFrom('menus').select('id').where('link_url', '=', '/report/loading?code=T_PLACED').execute()).length).toBe(1);
    // Another report may not take that item.
    const stolen = await server.call('POST', '/Report/SaveBasics', { token: admin, body: { Code: 'T_THIEF', Name: 'x', NameEn: 'x', IsNew: true, MenuParentId: reportGroup, MenuCode: 'Report_T_PLACED' } });
    expect(stolen.status).toBe(409);

    // Deleting the report takes its menu item (and the item's buttons) with it: no menu opens a report that is gone.
    expect((await report('Delete', { Code: 'T_PLACED' })).status).toBe(200);
    expect(await menu('Report_T_PLACED')).toBeUndefined();
    expect(await server.db.selectFrom('menu_buttons').select('id').where('parent_id', '=', item.id).executeTakeFirst()).toBeUndefined();
    expect(await menu('AdminUser')).toBeDefined();
  });

  // Last: a read that takes long (pg_sleep is refused by the parser) is stopped by PostgreSQL's statement
  // timeout, and on the embedded database by the worker's time limit (it has no timer inside), which
  // restarts the worker from the seeded database (what the tests above wrote is gone).
  it('a slow report stops at the timeout with a clear message in both languages', async () => {
    const slow = 'select count(*) as n from generate_series(1, 2000000000) as a';
    const started = Date.now();
    const zh = await report('Preview', { Sql: slow, Params: [] });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('查询超时，请缩小查询范围');
    // Stopped, not finished: the count alone runs for minutes. The bound leaves room for the worker's restart
    // on a loaded 2-core machine (17.6 s seen with the whole suite running), which is not what is tested.
    expect(Date.now() - started).toBeLessThan(45_000);
    const en = await report('Preview', { Sql: slow, Params: [] }, admin, 'en');
    expect(en.body.msg).toBe('The query took too long; narrow the search');
  }, 120_000);
});
