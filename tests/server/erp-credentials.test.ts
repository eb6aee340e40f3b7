/**
 * The ERP's credentials in the service configuration (服务配置; issue 18): the secret is stored and
 * sent to the ERP, never answered: LoadData, the save's answer and the export show '******'; a search
 * on it finds nothing; a save or an import that sends the mask back keeps the stored secret, a new
 * value replaces it, a blank clears it. No answer the browser gets carries it.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { SECRET_MASK } from '../../src/shared/masterdata/declaration.ts';
import { adminToken, equalsCondition, F01, uploadForm } from './support/masterdata.ts';
import { describeServer } from './support/test-server.ts';

const SECRET = 'erp-secret-7f3a9c';

describeServer('ERP credentials in the service configuration', {}, (server) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(server);
  });

  const call = (op: string, body: unknown, extra: object = {}) => server.call('POST', `/ServiceConfig/${op}`, { token, orgId: F01, body, ...extra });
  const stored = async (id: string) =>
    (await sql<{ auth_user: string | null; auth_secret: string | null }>`select auth_user, auth_secret from md_service_config where id = ${id}`.execute(server.db)).rows[0];
  const load = async (code: string) => (await call('LoadData', { conditions: [equalsCondition('code', code)] })).body.data.rows[0];

  it('keeps the secret on the server: masked in reads, saves and exports, kept by a save of the mask, unsearchable', async () => {
    const code = `ERP-T${Date.now().toString(36)}`;
    const saved = await call('AddOrModifySave', { code, name: 'ERP test', service_url: 'http://127.0.0.1:9/api', enabled: true, auth_user: 'portal', auth_secret: SECRET });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ auth_user: 'portal', auth_secret: SECRET_MASK });
    const { id } = saved.body.data;
    expect(await stored(id)).toEqual({ auth_user: 'portal', auth_secret: SECRET });

    const row = await load(code);
    expect(row).toMatchObject({ auth_user: 'portal', auth_secret: SECRET_MASK });

    // The grid's search cannot probe it: it is no search field (and the list's source holds only the mask).
    for (const condition of [equalsCondition('auth_secret', SECRET), { ...equalsCondition('auth_secret', 'erp-secret'), ACTION_TYPE: 6 }]) {
      const found = await call('LoadData', { conditions: [equalsCondition('code', code), condition] });
      expect([found.status, found.body.msg]).toEqual([400, '字段 auth_secret 不是该列表配置的查询字段']);
    }
    const { rows: source } = await sql`select * from md_service_config_list where auth_secret = ${SECRET} or auth_secret like ${'%secret%'}`.execute(server.db);
    expect(source).toEqual([]);

    // An edit of another field sends the mask back (as the form read it): the secret stays.
    const edited = await call('AddOrModifySave', { ...row, name: 'ERP test 2', id, version: row.version });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await stored(id)).toEqual({ auth_user: 'portal', auth_secret: SECRET });
    // Sending the mask alone changes nothing.
    const again = await load(code);
    expect((await call('AddOrModifySave', { ...again, id, version: again.version })).body.msg).toBe('数据未改动！');

    // The export shows the mask; importing that file back keeps the secret.
    const exported = await call('ExportData', { conditions: [equalsCondition('code', code)] });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawBody as unknown as ArrayBuffer);
    const cells = (workbook.worksheets[0].getRow(2).values as unknown[]).map(String);
    expect(cells).toContain(SECRET_MASK);
    expect(cells).not.toContain(SECRET);
    const form = uploadForm('service-config.xlsx', exported.rawBody);
    const imported = await server.call('POST', '/ServiceConfig/Import', { token, orgId: F01, payload: form.payload, headers: form.headers });
    expect(imported.body.data.IMPORTED, JSON.stringify(imported.body)).toBe(1);
    expect(await stored(id)).toEqual({ auth_user: 'portal', auth_secret: SECRET });

    // A new secret replaces it, a blank clears it.
    const current = await load(code);
    await call('AddOrModifySave', { ...current, auth_secret: 'another-secret', id, version: current.version });
    expect((await stored(id)).auth_secret).toBe('another-secret');
    const replaced = await load(code);
    expect(replaced.auth_secret).toBe(SECRET_MASK);
    await call('AddOrModifySave', { ...replaced, auth_secret: '', id, version: replaced.version });
    expect((await stored(id)).auth_secret).toBeNull();
    expect((await load(code)).auth_secret).toBeNull();

    // A new record sent with the mask (a copy of a read record) has no secret: the mask is not one.
    const copy = await call('AddOrModifySave', { code: `${code}-C`, name: 'copy', service_url: 'http://127.0.0.1:9/api', enabled: true, auth_secret: SECRET_MASK });
    expect((await stored(copy.body.data.id)).auth_secret).toBeNull();

    // Nothing the server answered in this suite carried a secret.
    expect(server.bodies.join('\n')).not.toContain(SECRET);
    expect(server.bodies.join('\n')).not.toContain('another-secret');
  });
});
