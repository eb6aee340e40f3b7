/**
 * Configured SQL (REFERENCE_SQL, SUB_SQL, list sources) is confined (issue 11 defect 1): a corpus of
 * hostile SQL an administrator could save — reading server files, large objects, lifting the
 * timeout, reading users/sessions/login keys/settings, DML hidden in CTEs, several statements,
 * comment and quoting tricks, COPY, dblink, pg_sleep, system catalogs — is refused when saved AND
 * when a stored one runs (rows saved before the fix), with the product's message, and changes
 * nothing. Legitimate dropdown SQL (the seeded ones, joins, CTEs, aggregates, ordinary functions)
 * still works, and sees only the caller's organisation's rows.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_READER_ROLE } from '../../server/db/report-reader.ts';
import { DEMO_REELS_LIST_ROUTE, DEMO_REELS_SETTINGS } from '../../server/db/seed/demo-list-data.ts';
import { runAsReportReader, runReadOnly } from '../../server/query/read-only.ts';
import { describeServer } from './support/test-server.ts';

const LIST = DEMO_REELS_LIST_ROUTE;
const F01 = 'org-f01';
const F02 = 'org-f02';
const NAME = 'hostile';

const fn = (name: string) => `${NAME} 配置的 SQL 不允许调用函数 ${name}`;
const relation = (name: string) => `${NAME} 配置的 SQL 不允许读取 ${name}`;
const construct = (name: string) => `${NAME} 配置的 SQL 不允许使用 ${name}`;
const cast = (name: string) => `${NAME} 配置的 SQL 不允许转换为类型 ${name}`;
const NOT_ONE_SELECT = `${NAME} 配置的 SQL 必须是一条 SELECT 查询`;
const SYNTAX = `${NAME} 配置的 SQL 有语法错误`;
const DENIED = `${NAME} 配置的 SQL 无法执行：读取了报表不允许读取的数据`;

/** The other columns of a setting stored directly (as one saved before SQL was checked). */
const STORED_DEFAULTS = { ord_idx: 0, is_fast_search: 'N', aggregation: '', is_paging: 'N' } as const;

/** [what it tries, the REFERENCE_SQL, the message it is refused with]. */
const HOSTILE: readonly (readonly [string, string, string])[] = [
  // Server files and directories.
  ['reads a server file', "select pg_read_file('/etc/passwd') as code", fn('pg_read_file')],
  ['reads a server file as bytes', "select pg_read_binary_file('/etc/passwd')::text as code", fn('pg_read_binary_file')],
  ['reads a file in a subquery', "select (select pg_read_file('/etc/hostname')) as code", fn('pg_read_file')],
  ['reads a file through a quoted name', `select "pg_read_file"('/etc/passwd') as code`, fn('pg_read_file')],
  ['reads a file through a Unicode-escaped name', `select U&"pg_read_fil\\0065"('/etc/passwd') as code`, fn('pg_read_file')],
  ['reads a file through the qualified name in capitals', "select PG_CATALOG.PG_READ_FILE('/etc/passwd') as code", fn('pg_catalog.pg_read_file')],
  ['stats a file', "select pg_stat_file('/etc/passwd')::text as code", fn('pg_stat_file')],
  ['lists a directory', "select pg_ls_dir('.') as code", fn('pg_ls_dir')],
  ['lists a directory as a FROM item', "select code from pg_ls_dir('/') as code", fn('pg_ls_dir')],
  ['lists a directory laterally', "select part_code as code from demo_parts, lateral pg_ls_dir('/') as d", fn('pg_ls_dir')],
  ['lists the WAL directory', 'select name as code from pg_ls_waldir()', fn('pg_ls_waldir')],
  // Large objects (a read-only transaction lets them write).
  ['writes a large object', "select lo_from_bytea(0, 'x')::text as code", fn('lo_from_bytea')],
  ['creates a large object', 'select lo_create(0)::text as code', fn('lo_create')],
  ['imports a server file', "select lo_import('/etc/passwd')::text as code", fn('lo_import')],
  ['exports to a server file', "select lo_export(1, '/tmp/owned')::text as code", fn('lo_export')],
  ['reads a large object', 'select convert_from(lo_get(1), $$utf8$$) as code', fn('convert_from')],
  // Settings and the timeout.
  ['lifts the statement timeout', "select set_config('statement_timeout', '0', false) as code", fn('set_config')],
  ['reads a server setting', "select current_setting('data_directory') as code", fn('current_setting')],
  ['SETs the timeout', 'set statement_timeout = 0', NOT_ONE_SELECT],
  ['SETs the role after a select', 'select 1 as code; set role postgres', NOT_ONE_SELECT],
  ['resets the role', 'reset role', NOT_ONE_SELECT],
  // Secrets of the application: refused by the database role, which is not granted them.
  ['reads password hashes', 'select user_name as code, password_hash as name from users', DENIED],
  ['reads session token hashes', 'select token_hash as code from sessions', DENIED],
  ['reads the login RSA private key', 'select private_pem as code from rsa_keys', DENIED],
  ['reads the settings of every list', 'select reference_sql as code from list_params', DENIED],
  ['reads the roles', 'select id as code from roles', DENIED],
  ['reads environment variables', 'select * from environment_variables', DENIED],
  ['reads users through UNION', 'select part_code as code from demo_parts union select password_hash from users', DENIED],
  ['reads users in EXISTS', 'select part_code as code from demo_parts where exists (select 1 from users)', DENIED],
  ['reads users qualified by public', 'select password_hash as code from public.users', DENIED],
  // System catalogs.
  ['reads pg_authid', 'select rolpassword as code from pg_authid', relation('pg_authid')],
  ['reads pg_roles', 'select rolname as code from pg_roles', relation('pg_roles')],
  ['reads pg_catalog.pg_user', 'select usename as code from pg_catalog.pg_user', relation('pg_catalog.pg_user')],
  ['reads pg_settings', 'select setting as code from pg_settings', relation('pg_settings')],
  ['reads information_schema', 'select table_name as code from information_schema.tables', relation('information_schema.tables')],
  ['looks up a table by regclass', "select 'users'::regclass::text as code", cast('regclass')],
  ['looks up a function by regproc', "select 'pg_read_file'::regproc::text as code", cast('regproc')],
  // Writes.
  ['deletes in a CTE', 'with gone as (delete from demo_parts returning part_code) select part_code as code from gone', construct('DeleteStmt')],
  ['inserts in a CTE', "with x as (insert into demo_parts values ('X', 'x', 'x') returning part_code) select part_code as code from x", construct('InsertStmt')],
  ['updates in a CTE', "with x as (update demo_parts set part_name = 'x' returning part_code) select part_code as code from x", construct('UpdateStmt')],
  ['creates a table with SELECT INTO', 'select part_code as code into owned from demo_parts', construct('SELECT INTO')],
  ['locks rows', 'select part_code as code from demo_parts for update', construct('FOR UPDATE / FOR SHARE')],
  ['deletes outright', 'delete from demo_parts returning part_code as code', NOT_ONE_SELECT],
  ['runs an anonymous block', 'do $$ begin delete from demo_parts; end $$', NOT_ONE_SELECT],
  ['explains a delete', 'explain analyze delete from demo_parts', NOT_ONE_SELECT],
  // Several statements, comments and quoting.
  ['adds a statement after a block comment', 'select part_code as code from demo_parts /* x */ ; drop table demo_parts', NOT_ONE_SELECT],
  ['adds a statement after a line comment', 'select part_code as code from demo_parts --\n; delete from demo_parts', NOT_ONE_SELECT],
  ['hides a semicolon in dollar quotes', 'select $$;$$ as code; delete from demo_parts', NOT_ONE_SELECT],
  ['hides a quote in an escape string', "select E'\\'' as code; delete from demo_parts", NOT_ONE_SELECT],
  ['breaks out of the wrapper', "select 1 as code) as x; delete from demo_parts; select * from (select 1", SYNTAX],
  ['leaves a comment open', 'select 1 as code /*', SYNTAX],
  ['is only a semicolon', ' ; ', NOT_ONE_SELECT],
  // COPY, other databases, sleeping, and other functions.
  ['copies to a server file', "copy (select 1) to '/tmp/owned'", NOT_ONE_SELECT],
  ['copies from a program', "copy demo_parts from program 'id'", NOT_ONE_SELECT],
  ['calls dblink', "select dblink('host=127.0.0.1', 'select 1')::text as code", fn('dblink')],
  ['calls dblink_exec', "select dblink_exec('host=127.0.0.1', 'drop table users') as code", fn('dblink_exec')],
  ['sleeps', 'select pg_sleep(10)::text as code', fn('pg_sleep')],
  ['sleeps in a WHERE', 'select part_code as code from demo_parts where pg_sleep(1) is not null', fn('pg_sleep')],
  ['runs SQL text through query_to_xml', "select query_to_xml('select * from users', true, true, '')::text as code", fn('query_to_xml')],
  ['advances a sequence', "select nextval('seq')::text as code", fn('nextval')],
  ['terminates a backend', 'select pg_terminate_backend(1)::text as code', fn('pg_terminate_backend')],
  ['reads the server version', 'select version() as code', fn('version')],
  ['reads the current user', 'select current_user as code', fn('current_user')],
  ['calls a function of another schema', "select public.upper('x') as code", fn('public.upper')],
  ['builds records from JSON', "select code from json_to_recordset('[]') as x(code text)", fn('json_to_recordset')],
  ['parses XML', "select xmlparse(document '<x/>')::text as code", construct('XmlExpr')],
  ['samples a table', 'select part_code as code from demo_parts tablesample system (50)', construct('RangeTableSample')],
  ['reads a bind parameter', 'select $1 as code', construct('ParamRef')],
];

/** [what it shows, the REFERENCE_SQL]: dropdown SQL an administrator may write. */
const LEGITIMATE: readonly (readonly [string, string])[] = [
  ['a join', 'select p.part_code as code, concat(p.part_name, \' / \', v.vendor_name) as name from demo_parts p cross join demo_vendors v'],
  ['a CTE', 'with p as (select part_code, part_name from demo_parts) select part_code as code, upper(part_name) as name from p'],
  ['an aggregate', 'select part_code as code, count(*)::text as name from demo_reels group by part_code'],
  ['coalesce, nullif, case and date_trunc', "select part_code as code, coalesce(nullif(spec, ''), case when part_name is null then '-' else part_name end) || to_char(date_trunc('month', now()), ' YYYY-MM') as name from demo_parts"],
  ['a window function and a subquery', 'select code, name from (select part_code as code, row_number() over (order by part_code)::text as name from demo_parts) ranked'],
  ['VALUES and UNION', "select * from (values ('A', 'a')) as v(code, name) union all select vendor_code, lower(vendor_name) from public.demo_vendors"],
  ['the caller through param', 'select part_code as code, param.user_name as name from demo_parts'],
  ['master data', 'select code, name from md_part'],
];

describeServer('configured SQL is confined', {}, (server) => {
  let admin: string;
  let adminF02: string;

  beforeAll(async () => {
    admin = (await server.login('ADMIN', 'admin123', F01)).Token;
    adminF02 = (await server.login('ADMIN', 'admin123', F02)).Token;
  });

  const post = (path: string, token: string, body: unknown) => server.call('POST', `/ListParam/${path}`, { token, body });
  const setting = (referenceSql: string, paramName = NAME) => ({
    LIST_ROUTE: LIST,
    PARAM_NAME: paramName,
    PARAM_CAPTION: paramName,
    FIELD_NAME: 'part_code',
    DATA_TYPE: 8,
    ACTION_TYPE: 1,
    REFERENCE_SQL: referenceSql,
  });

  /** What the hostile SQL could have changed, read as the application. */
  const state = async () => {
    const { rows } = await sql<{ parts: string; settings: string; large_objects: string; tables: string }>`
      select (select count(*) from demo_parts)::text as parts,
             (select count(*) from list_params)::text as settings,
             (select count(*) from pg_largeobject_metadata)::text as large_objects,
             (select count(*) from pg_class where relname = 'owned')::text as tables`.execute(server.db);
    return rows[0];
  };

  it(`the corpus has at least 40 hostile cases (${HOSTILE.length})`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(40);
  });

  describe.each(HOSTILE)('SQL that %s', (_what, text, message) => {
    it('is refused when saved, and nothing changes', async () => {
      const before = await state();
      const { status, body } = await post('SaveData', admin, [setting(text)]);
      expect(status).toBe(400);
      expect(body.msg).toBe(message);
      expect(await state()).toEqual(before);
    });

    it('is refused when a stored one runs, and nothing changes', async () => {
      const paramName = `stored_${randomUUID().slice(0, 8)}`;
      await server.db
        .insertInto('list_params')
        .values({ id: randomUUID(), list_route: LIST, param_name: paramName, param_caption: paramName, field_name: 'part_code', data_type: 8, action_type: 1, ...STORED_DEFAULTS, reference_sql: text })
        .execute();
      try {
        const before = await state();
        const all = await post('GetSelectList', admin, { LIST_ROUTE: LIST, PARAM_NAME: paramName });
        expect(all.status).toBe(400);
        expect(all.body.msg).toBe(message.replace(NAME, paramName));
        const page = await post('GetSelectPageList', admin, { LIST_ROUTE: LIST, PARAM_NAME: paramName, Page: 1, Limit: 15 });
        expect(page.status).toBe(400);
        expect(await state()).toEqual(before);
      } finally {
        await server.db.deleteFrom('list_params').where('list_route', '=', LIST).where('param_name', '=', paramName).execute();
      }
    });
  });

  it('a stored SUB_SQL that reads secrets is refused when a search uses it', async () => {
    const paramName = 'hostileSub';
    await server.db
      .insertInto('list_params')
      .values({ id: randomUUID(), list_route: LIST, param_name: paramName, param_caption: paramName, field_name: 'part_code', data_type: 1, action_type: 1, ...STORED_DEFAULTS, sub_sql: "select pg_read_file('/etc/passwd')" })
      .execute();
    try {
      const search = await post('QueryData', admin, {
        LIST_ROUTE: LIST,
        conditions: [{ PARAM_NAME: paramName, FIELD_NAME: 'part_code', DATA_TYPE: 1, ACTION_TYPE: 1, PARAM_VALUE: 'x' }],
      });
      expect(search.status).toBe(400);
      expect(search.body.msg).toBe('hostileSub 配置的 SQL 不允许调用函数 pg_read_file');
    } finally {
      await server.db.deleteFrom('list_params').where('list_route', '=', LIST).where('param_name', '=', paramName).execute();
    }
  });

  it('a database error of configured SQL does not echo the database text (a failed cast quotes the value it read)', async () => {
    const { status, body } = await post('SaveData', admin, [setting("select cast(part_name as integer) as code from demo_parts")]);
    expect(status).toBe(400);
    expect(body.msg).toBe(`${NAME} 配置的 SQL 无法执行（SQLSTATE 22P02）`);
  });

  describe.each(LEGITIMATE)('legitimate dropdown SQL: %s', (what, text) => {
    it('is saved and lists its options', async () => {
      const paramName = `ok_${what.replace(/\W+/g, '_')}`;
      const saved = await post('SaveData', admin, [setting(text, paramName)]);
      expect(saved.status, saved.body.msg).toBe(200);
      const options = await post('GetSelectList', admin, { LIST_ROUTE: LIST, PARAM_NAME: paramName });
      expect(options.status, options.body.msg).toBe(200);
      expect(options.body.data.length).toBeGreaterThan(0);
      const page = await post('GetSelectPageList', admin, { LIST_ROUTE: LIST, PARAM_NAME: paramName, Page: 1, Limit: 5 });
      expect(page.status, page.body.msg).toBe(200);
    });
  });

  it('the seeded dropdowns and the seeded SUB_SQL still work', async () => {
    for (const seeded of DEMO_REELS_SETTINGS.filter((s) => s.REFERENCE_SQL)) {
      const options = await post('GetSelectList', admin, { LIST_ROUTE: LIST, PARAM_NAME: seeded.PARAM_NAME });
      expect(options.status, `${seeded.PARAM_NAME}: ${options.body.msg}`).toBe(200);
      expect(options.body.data.length).toBeGreaterThan(0);
    }
    const search = await post('QueryData', admin, {
      LIST_ROUTE: LIST,
      conditions: [{ PARAM_NAME: 'partSpec', FIELD_NAME: 'part_code', DATA_TYPE: 1, ACTION_TYPE: 1, PARAM_VALUE: '0' }],
    });
    expect(search.status, search.body.msg).toBe(200);
  });

  it("configured SQL sees only the caller's organisation's rows, whatever it asks for", async () => {
    const saved = await post('SaveData', admin, [setting('select reel_id as code, org_id as name from demo_reels', 'reelOrgs')]);
    expect(saved.status, saved.body.msg).toBe(200);
    const explicit = await post('SaveData', admin, [setting(`select reel_id as code, org_id as name from demo_reels where org_id = '${F02}'`, 'reelsOfF02')]);
    expect(explicit.status, explicit.body.msg).toBe(200);
    const count = async (orgId: string) =>
      Number((await sql<{ n: string }>`select count(*)::text as n from demo_reels where org_id = ${orgId}`.execute(server.db)).rows[0].n);

    // The demo reels are in both organisations.
    expect(await count(F01)).toBeGreaterThan(0);
    expect(await count(F02)).toBeGreaterThan(0);
    const f01 = await post('GetSelectList', admin, { LIST_ROUTE: LIST, PARAM_NAME: 'reelOrgs' });
    expect(f01.body.data.length).toBe(Math.min(await count(F01), 10_000));
    expect(new Set(f01.body.data.map((o: { NAME: string }) => o.NAME))).toEqual(new Set([F01]));
    const f02 = await post('GetSelectList', adminF02, { LIST_ROUTE: LIST, PARAM_NAME: 'reelOrgs' });
    expect(new Set(f02.body.data.map((o: { NAME: string }) => o.NAME))).toEqual(new Set([F02]));
    // Asking for the other organisation's rows by name finds none.
    expect((await post('GetSelectList', admin, { LIST_ROUTE: LIST, PARAM_NAME: 'reelsOfF02' })).body.data).toEqual([]);
  });

  it('the report role itself reads report tables, never the application secrets, and cannot read files', async () => {
    const asReader = (statement: string) =>
      runReadOnly(server.db, 5_000, (trx) =>
        runAsReportReader(trx, { orgId: F01 }, { name: 'probe' }, () => sql.raw(statement).execute(trx)),
      ).then(
        () => 'ran',
        (error: { messageKey?: string }) => error.messageKey ?? String(error),
      );
    expect(await asReader('select count(*) from md_part')).toBe('ran');
    expect(await asReader('select count(*) from demo_parts')).toBe('ran');
    for (const table of ['users', 'sessions', 'rsa_keys', 'list_params', 'roles', 'menus', 'captchas', 'environment_variables']) {
      expect(await asReader(`select count(*) from ${table}`), table).toBe('listSqlDenied');
    }
    expect(await asReader("select pg_read_file('/etc/hostname')")).toBe('listSqlDenied');
    expect(await asReader("select lo_import('/etc/hostname')")).toBe('listSqlDenied');
    const { rows } = await sql<{ login: boolean; superuser: boolean }>`
      select rolcanlogin as login, rolsuper as superuser from pg_roles where rolname = ${REPORT_READER_ROLE}`.execute(server.db);
    expect(rows).toEqual([{ login: false, superuser: false }]);
  });
});
