/**
 * Issue 11 defect 8: text with a NUL character and absurd page numbers are refused by validation
 * with a 400 that says what is wrong, before any handler or database sees them (PostgreSQL cannot
 * store U+0000 in text, and an OFFSET past bigint fails; both used to answer 500).
 */
import { beforeAll, expect, it } from 'vitest';
import { DEMO_REELS_LIST_ROUTE } from '../../server/db/seed/demo-list-data.ts';
import { contract, describeServer } from './support/test-server.ts';

const F01 = 'org-f01';
const NUL = '\u0000';

describeServer('NUL characters and page numbers', {}, (server) => {
  let admin: string;
  beforeAll(async () => {
    admin = (await server.login('ADMIN', 'admin123', F01)).Token;
  });

  it('a NUL in the query string of the public GetOrgInfo gets 400 naming the field', async () => {
    const { status, body } = await server.call('GET', '/User/GetOrgInfo', { query: { userName: `ADMIN${NUL}` } });
    expect(status).toBe(400);
    expect(body).toEqual({ code: 400, msg: '请求错误：字段 querystring.userName 含有不允许的空字符（NUL）', data: null });
  });

  it('a NUL in a JSON body field gets 400 naming the field, in the language asked for', async () => {
    const { status, body } = await server.call('POST', '/Auth/GetToken', {
      orgId: F01,
      language: 'en',
      body: { UserName: `ADM${NUL}IN`, Password: await server.encrypt('admin123') },
    });
    expect(status).toBe(400);
    expect(body.msg).toBe('Bad request: the field body.UserName contains a NUL character, which is not allowed');
  });

  it('a NUL deep inside a body, or in a property name, is refused too', async () => {
    const nested = await server.call('POST', '/Version/AddOrModifySave', {
      token: admin,
      body: { VERSION_NO: 'v-nul', TITLE: 't', RELEASE_DATE: '2026-01-01', Details: [{ CHANGE_TYPE: 'fix', CONTENT: `a${NUL}b` }] },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.msg).toBe('请求错误：字段 body.Details.0.CONTENT 含有不允许的空字符（NUL）');
    const key = await server.call('POST', '/Auth/GetToken', { orgId: F01, payload: `{"UserName":"ADMIN","Password":"x","a\\u0000":1}` });
    expect(key.status).toBe(400);
    expect(key.body.msg).toMatch(/空字符/);
  });

  it('a NUL in a header the access check reads (OrganizeId) gets 400, not a database error', async () => {
    const { status, body } = await server.call('GET', '/User/LoadData', { token: admin, headers: { organizeid: `org-f01${NUL}` } });
    expect(status).toBe(400);
    expect(body.msg).toBe('请求错误：字段 headers.organizeid 含有不允许的空字符（NUL）');
  });

  it('a body nested 100,000 levels deep is looked through without running out of stack', async () => {
    const depth = 100_000;
    const payload = `{"UserName":${'['.repeat(depth)}"a\\u0000"${']'.repeat(depth)},"Password":"x"}`;
    const { status, body } = await server.call('POST', '/Auth/GetToken', { orgId: F01, payload });
    expect(status).toBe(400);
    expect(body.msg).toBe(`请求错误：字段 body.UserName${'.0'.repeat(depth)} 含有不允许的空字符（NUL）`);
  });

  it('a NUL escaped inside an imported JSON configuration file is refused and changes nothing', async () => {
    const exported = (await server.call('GET', '/ListParam/Export', { token: admin, query: { listRoute: DEMO_REELS_LIST_ROUTE } })).body.data;
    const tampered = { ...exported, PARAMS: exported.PARAMS.map((p: Record<string, unknown>, i: number) => (i === 0 ? { ...p, PARAM_NAME: `x${NUL}` } : p)) };
    const boundary = 'nul-test-boundary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="LIST_ROUTE"',
      '',
      DEMO_REELS_LIST_ROUTE,
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="settings.json"',
      'Content-Type: application/json',
      '',
      JSON.stringify(tampered),
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const { status, body } = await server.call('POST', '/ListParam/Import', { token: admin, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(status).toBe(400);
    expect(body.msg).toMatch(/空字符/);
    const after = (await server.call('GET', '/ListParam/Export', { token: admin, query: { listRoute: DEMO_REELS_LIST_ROUTE } })).body.data;
    expect(after.PARAMS).toEqual(exported.PARAMS);
  });

  it('text without NUL still goes through', async () => {
    const { status } = await server.call('GET', '/User/GetOrgInfo', { query: { userName: 'ADMIN' } });
    expect(status).toBe(200);
  });

  const pageCalls: Array<[string, (page: number) => Promise<{ status: number; body: { msg: string } }>]> = [
    ['a master-data list', (Page) => server.call('POST', '/Part/LoadData', { token: admin, body: { Page, Limit: 10 } })],
    ['the environment config list', (Page) => server.call('POST', '/SysEnvConfig/List', { token: admin, body: { Page, Limit: 10 } })],
    ['the user list (query string)', (Page) => server.call('GET', '/User/LoadData', { token: admin, query: { Page, Limit: 10 } })],
  ];

  for (const [what, call] of pageCalls) {
    it(`absurd page numbers of ${what} get 400, a sensible one 200`, async () => {
      for (const page of [2 ** 53, 1e308, -1, 0, 1.5]) {
        const { status, body } = await call(page);
        expect({ page, status }).toEqual({ page, status: 400 });
        expect(body.msg).toMatch(/^请求错误：字段 (body|querystring)\.Page /);
      }
      expect((await call(2)).status).toBe(200);
    });
  }

  it('every Page and Limit the contract accepts has an upper limit', () => {
    const resolve = (schema: { $ref?: string; maximum?: number } | undefined) =>
      schema?.$ref ? (contract.components!.schemas[schema.$ref.replace('#/components/schemas/', '')] as { maximum?: number }) : schema;
    const unbounded: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (!node || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      for (const name of ['Page', 'Limit']) {
        const property = (record.properties as Record<string, { $ref?: string }> | undefined)?.[name];
        if (property && resolve(property)?.maximum === undefined) unbounded.push(`${where} ${name}`);
        if (record.in === 'query' && record.name === name && resolve(record.schema as { $ref?: string })?.maximum === undefined) unbounded.push(where);
      }
      for (const [key, value] of Object.entries(record)) visit(value, `${where}/${key}`);
    };
    visit(contract, '#');
    expect(unbounded).toEqual([]);
  });

});
