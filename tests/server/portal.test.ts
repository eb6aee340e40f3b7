/**
 * Portal cards, schemes and the homepage configuration (issue 21): a card's own rule, a scheme's
 * layout refused with the card named when it is not sane, the menu's buttons granting each call,
 * and the caller's home resolved user > role > default (at each level its setting, then a scheme assigned).
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { adminToken, F01 } from './support/masterdata.ts';
import { roleWith, tokenWith } from './support/roles.ts';
import { describeServer } from './support/test-server.ts';

describeServer('portal schemes and homepage configuration', {}, (server) => {
  const card = async (token: string, code: string, source = 'WARNINGS', extra: Record<string, unknown> = {}) => {
    const saved = await server.call('POST', '/PortalCard/AddOrModifySave', {
      token,
      body: { code, title_zh: `卡片${code}`, title_en: `Card ${code}`, source, report_code: null, view: 'BAR', enabled: true, ...extra },
    });
    return saved;
  };
  const newScheme = async (token: string, name: string, roleIds: string[] = [], userIds: string[] = []) => {
    const saved = await server.call('POST', '/PortalScheme/Save', { token, body: { Name: name, RoleIds: roleIds, UserIds: userIds } });
    expect(saved.status, saved.body.msg).toBe(200);
    return saved.body.data as { Id: string; Version: number };
  };

  it('a card from a custom report names the report; a layout is refused with the card named unless it is sane', async () => {
    const token = await adminToken(server);
    const noReport = await card(token, 'C_NOREPORT', 'REPORT');
    expect(noReport.status).toBe(400);
    expect(noReport.body.msg).toContain('数据来源为自定义报表时必须填写报表代码');
    expect((await card(token, 'C_WARN')).status).toBe(200);
    expect((await card(token, 'C_MEMO', 'MEMO')).status).toBe(200);
    expect((await card(token, 'C_OFF', 'TODO', { enabled: false })).status).toBe(200);

    const scheme = await newScheme(token, '测试看板');
    const layout = (items: unknown[], version = scheme.Version, language: 'zh-chs' | 'en' = 'zh-chs') =>
      server.call('POST', '/PortalScheme/SaveLayout', { token, language, body: { Id: scheme.Id, Version: version, Layout: items } });

    const unknown = await layout([{ card: 'C_NOPE', x: 0, y: 0, w: 4, h: 3 }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('布局中的卡片 C_NOPE 不存在或未启用');
    expect((await layout([{ card: 'C_OFF', x: 0, y: 0, w: 4, h: 3 }])).body.msg).toBe('布局中的卡片 C_OFF 不存在或未启用');
    const twice = await layout([{ card: 'C_WARN', x: 0, y: 0, w: 4, h: 3 }, { card: 'C_WARN', x: 4, y: 0, w: 4, h: 3 }], scheme.Version, 'en');
    expect(twice.body.msg).toBe('The card C_WARN appears more than once in the layout');
    for (const bad of [{ x: 10, y: 0, w: 4, h: 3 }, { x: -1, y: 0, w: 4, h: 3 }, { x: 0, y: 0, w: 0, h: 3 }, { x: 0, y: 0, w: 4, h: 21 }]) {
      const refused = await layout([{ card: 'C_WARN', ...bad }], scheme.Version, 'en');
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain('The card C_WARN has an invalid position or size');
    }

    const saved = await layout([{ card: 'C_WARN', x: 0, y: 0, w: 6, h: 4 }, { card: 'C_MEMO', x: 6, y: 0, w: 6, h: 4 }]);
    expect(saved.status, saved.body.msg).toBe(200);
    expect(saved.body.data.Layout).toHaveLength(2);
    expect(saved.body.data.Version).toBe(scheme.Version + 1);
    // A second designer still holding the version read is refused, not silently overwritten.
    expect((await layout([{ card: 'C_WARN', x: 0, y: 0, w: 12, h: 4 }])).status).toBe(409);

    const taken = await server.call('POST', '/PortalScheme/Save', { token, body: { Name: '测试看板', RoleIds: [], UserIds: [] } });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('方案名称 测试看板 已存在');
    const badRole = await server.call('POST', '/PortalScheme/Save', { token, body: { Name: 'X', RoleIds: ['role-none'], UserIds: [] } });
    expect(badRole.body.msg).toBe('角色 role-none 不存在');
  }, 60_000);

  it('each call needs its menu, and a change needs the Save or Delete button', async () => {
    const admin = await adminToken(server);
    const scheme = await newScheme(admin, '权限方案');
    const viewer = await tokenWith(server, [{ menuCode: 'ReportPortalScheme' }, { menuCode: 'WarehouseHomeConfig' }]);
    const stranger = await tokenWith(server, [{ menuCode: 'HomeArea' }]);

    expect((await server.call('POST', '/PortalScheme/LoadData', { token: viewer, body: {} })).status).toBe(200);
    expect((await server.call('POST', '/PortalScheme/LoadData', { token: stranger, body: {} })).status).toBe(403);
    expect((await server.call('POST', '/PortalScheme/Save', { token: viewer, body: { Name: 'Y', RoleIds: [], UserIds: [] } })).status).toBe(403);
    expect((await server.call('POST', '/PortalScheme/Delete', { token: viewer, body: { Id: scheme.Id } })).status).toBe(403);
    expect((await server.call('POST', '/HomeConfig/LoadData', { token: viewer, body: {} })).status).toBe(200);
    expect((await server.call('POST', '/HomeConfig/LoadData', { token: stranger, body: {} })).status).toBe(403);
    expect((await server.call('POST', '/HomeConfig/Save', { token: viewer, body: { TargetKind: 'DEFAULT', Path: '/warehouse/stock' } })).status).toBe(403);

    const saver = await tokenWith(server, [{ menuCode: 'WarehouseHomeConfig', buttonCode: 'Save' }]);
    const bad = await server.call('POST', '/HomeConfig/Save', { token: saver, body: { TargetKind: 'ROLE', TargetId: 'role-operator', Path: 'https://evil.example/x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('首页路径 https://evil.example/x 无效');
    expect((await server.call('POST', '/HomeConfig/Save', { token: saver, body: { TargetKind: 'ROLE', TargetId: 'role-operator', Path: '/index' } })).status).toBe(400);
    const both = await server.call('POST', '/HomeConfig/Save', { token: saver, body: { TargetKind: 'ROLE', TargetId: 'role-operator', Path: '/a', SchemeId: scheme.Id } });
    expect(both.body.msg).toBe('首页须为一个方案或一个路径（二选一）');
  }, 60_000);

  it("resolves the caller's home user > role > default, a setting before an assignment at each level; a card's data only for the own home", async () => {
    const admin = await adminToken(server);
    expect((await card(admin, 'R_WARN')).status).toBe(200);
    const roleA = await roleWith(server.db, []);
    const roleB = await roleWith(server.db, []);
    const user = await server.createUser({ roleIds: [roleA, roleB], orgIds: [F01] });
    const other = await server.createUser({ roleIds: [roleB], orgIds: [F01] });
    const token = (await server.login(user.userName, user.password, F01)).Token;
    const otherToken = (await server.login(other.userName, other.password, F01)).Token;
    const home = async (t = token) => (await server.call('GET', '/Portal/Home', { token: t })).body.data;

    // The demo plant starts with the starter cards and a scheme assigned to nobody: still today's home.
    const loaded = await server.call('POST', '/PortalScheme/LoadData', { token: admin, body: {} });
    expect(loaded.body.data.Cards.map((c: { Code: string }) => c.Code)).toEqual(expect.arrayContaining(['MEMO', 'TODO', 'NOTICES', 'THROUGHPUT', 'WARNINGS']));
    expect(loaded.body.data.Schemes.find((s: { Name: string }) => s.Name === '仓库看板')).toMatchObject({ RoleIds: [], UserIds: [] });
    expect((await home()).Kind).toBe('NONE');

    const save = (body: Record<string, unknown>) => server.call('POST', '/HomeConfig/Save', { token: admin, body });
    // The default alone: a path.
    expect((await save({ TargetKind: 'DEFAULT', Path: '/warehouse/stock' })).status).toBe(200);
    expect(await home()).toMatchObject({ Kind: 'PATH', Path: '/warehouse/stock' });

    // A scheme assigned to a role the user has beats the default.
    const assigned = await newScheme(admin, '角色方案', [roleB]);
    const designed = await server.call('POST', '/PortalScheme/SaveLayout', { token: admin, body: { Id: assigned.Id, Version: assigned.Version, Layout: [{ card: 'R_WARN', x: 0, y: 0, w: 6, h: 4 }] } });
    expect(designed.status, designed.body.msg).toBe(200);
    const mine = await home();
    expect(mine).toMatchObject({ Kind: 'SCHEME', SchemeName: '角色方案', Layout: [{ card: 'R_WARN', x: 0, y: 0, w: 6, h: 4 }] });
    expect(mine.Cards[0]).toMatchObject({ Code: 'R_WARN', Source: 'WARNINGS', View: 'BAR' });
    // Open warnings counted by level, named in the caller's language (a settled one is not counted).
    const countOf = async (language: 'zh-chs' | 'en', label: string) => {
      const data = await server.call('POST', '/Portal/CardData', { token, language, body: { Code: 'R_WARN' } });
      expect(data.status, data.body.msg).toBe(200);
      return data.body.data.Rows.find((r: { Label: string }) => r.Label === label)?.Value ?? 0;
    };
    const before = await countOf('en', 'Critical');
    await sql`insert into home_warnings (id, org_id, title, content, warning_level, call_status) values
      (${`w-${user.id}-1`}, ${F01}, 'Oven', 'hot', 'danger', 'pending'), (${`w-${user.id}-2`}, ${F01}, 'Oven', 'ok', 'danger', 'success')`.execute(server.db);
    expect(await countOf('en', 'Critical')).toBe(before + 1);
    expect(await countOf('zh-chs', '严重')).toBe(before + 1);

    // The user's first role's own setting comes before the second role's scheme; the other user (second role only) keeps the scheme.
    expect((await save({ TargetKind: 'ROLE', TargetId: roleA, Path: '/warehouse/ledger' })).status).toBe(200);
    expect(await home()).toMatchObject({ Kind: 'PATH', Path: '/warehouse/ledger' });
    expect(await home(otherToken)).toMatchObject({ Kind: 'SCHEME', SchemeName: '角色方案' });
    // The user's own setting beats every role's.
    const own = await save({ TargetKind: 'USER', TargetId: user.id, SchemeId: assigned.Id });
    expect(own.status, own.body.msg).toBe(200);
    expect(own.body.data).toMatchObject({ TargetKind: 'USER', TargetId: user.id, SchemeName: '角色方案' });
    expect(await home()).toMatchObject({ Kind: 'SCHEME', SchemeName: '角色方案' });
    // A user whose home is the default path has no card's data to read.
    const third = await server.createUser({ roleIds: [await roleWith(server.db, [])], orgIds: [F01] });
    const thirdToken = (await server.login(third.userName, third.password, F01)).Token;
    expect(await home(thirdToken)).toMatchObject({ Kind: 'PATH', Path: '/warehouse/stock' });
    expect((await server.call('POST', '/Portal/CardData', { token: thirdToken, body: { Code: 'R_WARN' } })).status).toBe(403);

    // A scheme in use cannot be deleted; removing the user's row falls back to the role's.
    const inUse = await server.call('POST', '/PortalScheme/Delete', { token: admin, body: { Id: assigned.Id } });
    expect(inUse.status).toBe(409);
    expect(inUse.body.msg).toBe('方案 角色方案 正被首页配置使用，不能删除');
    expect((await server.call('POST', '/HomeConfig/Delete', { token: admin, body: { Id: own.body.data.Id } })).status).toBe(200);
    expect(await home()).toMatchObject({ Kind: 'PATH', Path: '/warehouse/ledger' });
    const listed = await server.call('POST', '/HomeConfig/LoadData', { token: admin, body: {} });
    expect(listed.body.data.Rows.map((r: { TargetKind: string }) => r.TargetKind).sort()).toEqual(['DEFAULT', 'ROLE']);
  }, 60_000);

  it('every built-in data source answers rows of the organisation (stock by category, inspection pass rate, open bills)', async () => {
    const admin = await adminToken(server);
    const sources = { S_STOCK: 'STOCK_BY_CATEGORY', S_IQC: 'INSPECTION_PASS_RATE', S_BILLS: 'OPEN_BILLS_BY_STATUS' } as const;
    for (const [code, source] of Object.entries(sources)) expect((await card(admin, code, source)).status).toBe(200);
    const viewer = await server.createUser({ roleIds: ['role-operator'], orgIds: [F01] });
    const token = (await server.login(viewer.userName, viewer.password, F01)).Token;
    const scheme = await newScheme(admin, '数据看板', [], [viewer.id]);
    const layout = Object.keys(sources).map((code, i) => ({ card: code, x: i * 4, y: 0, w: 4, h: 4 }));
    expect((await server.call('POST', '/PortalScheme/SaveLayout', { token: admin, body: { Id: scheme.Id, Version: scheme.Version, Layout: layout } })).status).toBe(200);
    for (const code of Object.keys(sources)) {
      const data = await server.call('POST', '/Portal/CardData', { token, body: { Code: code } });
      expect(data.status, `${code}: ${data.body.msg}`).toBe(200);
      for (const row of data.body.data.Rows) expect(Number.isFinite(row.Value)).toBe(true);
    }
    const rate = await server.call('POST', '/Portal/CardData', { token, body: { Code: 'S_IQC' } });
    expect(rate.body.data.Unit).toBe('%');
    expect(rate.body.data.Rows[0].Value).toBeGreaterThanOrEqual(0);
    expect(rate.body.data.Rows[0].Value).toBeLessThanOrEqual(100);
  }, 60_000);
});
