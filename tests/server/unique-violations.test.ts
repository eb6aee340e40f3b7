/**
 * Issue 11 defect 8: fifty identical saves of a new record at once. Each save checks its unique key
 * first, but on PostgreSQL several pass the check together and the database's unique key refuses all
 * but one; that refusal is answered with the save's own message (409; a master record's save the check's 400),
 * about the field of the key, never a 500.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { up as addRoleNameKey } from '../../server/db/migrations/0073_01_role_name_unique.ts';
import { uniqueViolationMessage } from '../../server/http/unique-violations.ts';
import { describeServer } from './support/test-server.ts';

const PARALLEL = 50;
const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

describeServer('identical saves at once', {}, (server) => {
  let admin: string;
  beforeAll(async () => {
    admin = (await server.login('ADMIN', 'admin123', 'org-f01')).Token;
  });

  /**
   * Sends the same save PARALLEL times at once; returns how many got each status, and the refusals' messages
   * and the fields they are about (the answers' data, which the save's form marks).
   */
  async function race(path: string, body: Record<string, unknown>) {
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => server.call('POST', path, { token: admin, body })));
    const statuses: Record<number, number> = {};
    for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
    const refusals = answers.filter((a) => a.status !== 200);
    const messages = new Set(refusals.map((a) => a.body.msg as string));
    const fields = new Set(refusals.map((a) => (a.body.data as { Field?: string } | null)?.Field));
    return { statuses, messages, fields };
  }

  it("a new user: one is saved, the others get '该用户已存在'", async () => {
    const userName = unique('racer');
    const result = await race('/User/AddOrModifySave', { USER_NAME: userName, NICK_NAME: userName, ROLE_IDS: ['role-operator'], ORGANIZE_IDS: ['org-f01'] });
    expect(result).toEqual({ statuses: { 200: 1, 409: PARALLEL - 1 }, messages: new Set(['该用户已存在']), fields: new Set(['USER_NAME']) });
  });

  it('a new menu: one is saved, the others are told the menu code exists', async () => {
    const code = unique('RaceMenu');
    const result = await race('/Menu/AddOrModifySave', { Menu_Code: code, Menu_Name: '并发菜单' });
    expect(result).toEqual({ statuses: { 200: 1, 409: PARALLEL - 1 }, messages: new Set([`菜单编码 ${code} 已存在`]), fields: new Set(['Menu_Code']) });
  });

  it('a new version: one is saved, the others are told the version exists', async () => {
    const version = unique('9.');
    const result = await race('/Version/AddOrModifySave', { VERSION_NO: version, TITLE: '并发', RELEASE_DATE: '2099-01-01', Details: [{ CHANGE_TYPE: 'fix', CONTENT: 'x' }] });
    expect(result).toEqual({ statuses: { 200: 1, 409: PARALLEL - 1 }, messages: new Set([`版本号 ${version} 已存在`]), fields: new Set(['VERSION_NO']) });
  });

  it('a new organisation: one is saved, the others are told the code exists', async () => {
    const code = unique('ORG');
    const result = await race('/Organize/AddOrModifySave', { OrganizeName: '并发组织', OrganizeCode: code });
    expect(result).toEqual({ statuses: { 200: 1, 409: PARALLEL - 1 }, messages: new Set([`组织编码 ${code} 已存在`]), fields: new Set(['OrganizeCode']) });
  });

  it("a new role: one is saved, the others get '该角色名称已存在'", async () => {
    const name = unique('并发角色');
    const result = await race('/Role/AddOrModifySave', { ROLE_NAME: name, ROLE_TYPE: 'NORMAL' });
    expect(result).toEqual({ statuses: { 200: 1, 409: PARALLEL - 1 }, messages: new Set(['该角色名称已存在']), fields: new Set(['ROLE_NAME']) });
  });

  it('a new master record: one is saved, the others are told the code exists, about the code field, as the check tells them', async () => {
    const code = unique('RACE-V');
    const result = await race('/Vendor/AddOrModifySave', { code, name: '并发供应商', enabled: true });
    expect(result).toEqual({ statuses: { 200: 1, 400: PARALLEL - 1 }, messages: new Set([`供应商代码 “${code}” 已存在`]), fields: new Set(['code']) });
  });

  it('role names have a unique key in the database itself', async () => {
    const name = unique('role-key-');
    await server.db.insertInto('roles').values({ id: unique('r1-'), name, role_type: 'NORMAL', is_system_default: false, remark: null }).execute();
    const second = server.db.insertInto('roles').values({ id: unique('r2-'), name, role_type: 'NORMAL', is_system_default: false, remark: null }).execute();
    await expect(second).rejects.toMatchObject({ code: '23505', constraint: 'roles_name_unique' });
  });

  it('the migration adding the key numbers the names that were already duplicated', async () => {
    const name = unique('dup-');
    const rollback = new Error('rollback');
    const names = await server.db
      .transaction()
      .execute(async (trx) => {
        // The database as it was before the key: drop it, make duplicates, run the migration again
        // (with the constraint triggers firing at once, as every migration runs: migrations/index.ts).
        await sql`set constraints all immediate`.execute(trx);
        await sql`drop index roles_name_unique`.execute(trx);
        await trx.insertInto('roles').values(['a', 'b', 'c'].map((suffix) => ({ id: `${name}-${suffix}`, name, role_type: 'NORMAL' as const, is_system_default: false, remark: null }))).execute();
        await addRoleNameKey(trx);
        const rows = await trx.selectFrom('roles').select('name').where('id', 'like', `${name}-%`).orderBy('id').execute();
        throw Object.assign(rollback, { names: rows.map((row) => row.name) });
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
        return (error as Error & { names: string[] }).names;
      });
    expect(names).toEqual([name, `${name} (2)`, `${name} (3)`]);
  });
});

it('a key of several columns fills each placeholder from the database detail, in the language asked for', () => {
  const error = { code: '23505', constraint: 'environment_variables_env_var', detail: 'Key (env_name, var_name)=(PROD, MES_API) already exists.' };
  expect(uniqueViolationMessage(error)).toEqual({ key: 'envConfigExists', params: { env: 'PROD', name: 'MES_API' }, at: { Field: 'VarName' } });
  expect(uniqueViolationMessage({ code: '23505', constraint: 'some_new_key', detail: 'x' })).toEqual({ key: 'recordExists', params: {} });
  expect(uniqueViolationMessage({ code: '23503', constraint: 'roles_name_unique' })).toBeUndefined();
});
