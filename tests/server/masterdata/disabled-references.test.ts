/**
 * A master record's references to other records (a part mapping's part, a part's unit 字典) and its starting
 * values (record-values.ts): a new record that leaves 启用 out is saved enabled, as the form starts it, by a save
 * and by a new row of an import; a reference newly chosen (a new record, or a changed value) to a disabled record
 * is refused about its field, while an edit keeping a reference to a record disabled since still saves.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { adminToken, uploadForm, xlsxOf } from '../support/masterdata.ts';
import { describeServer } from '../support/test-server.ts';

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

describeServer('master references to disabled records', {}, (server) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(server);
  });
  const save = (resource: string, body: Record<string, unknown>, language: 'zh-chs' | 'en' = 'zh-chs') =>
    server.call('POST', `/${resource}/AddOrModifySave`, { token, body, language });
  const importRows = async (resource: string, header: string[], rows: unknown[][]) => {
    const form = uploadForm('import.xlsx', await xlsxOf(header, rows));
    return server.call('POST', `/${resource}/Import`, { token, payload: form.payload, headers: form.headers });
  };
  const enabledOf = async (table: 'md_part' | 'md_vendor', code: string) =>
    (await sql<{ enabled: boolean }>`select enabled from ${sql.table(table)} where code = ${code} and org_id = 'org-f01'`.execute(server.db)).rows[0]?.enabled;

  it('a new record saved without 启用 is enabled; an explicit off and an edit are kept as sent', async () => {
    const omitted = unique('P');
    const added = await save('Part', { code: omitted, name: '料', unit: 'PCS' });
    expect(added.status).toBe(200);
    expect(added.body.data.enabled).toBe(true);
    expect(await enabledOf('md_part', omitted)).toBe(true);

    const off = unique('P');
    expect((await save('Part', { code: off, name: '料', unit: 'PCS', enabled: false })).status).toBe(200);
    expect(await enabledOf('md_part', off)).toBe(false);

    // An edit sends the whole record: what it leaves out is not filled in.
    const { enabled: _, ...withoutEnabled } = added.body.data as Record<string, unknown>;
    expect((await save('Part', { ...withoutEnabled, name: '料（改）', id: added.body.data.id, version: 1 })).status).toBe(200);
    expect(await enabledOf('md_part', omitted)).toBe(false);
  });

  it('a new row of an import from a sheet without the 启用 column is enabled; a blank 启用 cell is off', async () => {
    const [noColumn, blankCell] = [unique('V'), unique('V')];
    expect((await importRows('Vendor', ['供应商代码', '供应商名称'], [[noColumn, '甲']])).body.data.IMPORTED).toBe(1);
    expect(await enabledOf('md_vendor', noColumn)).toBe(true);
    expect((await importRows('Vendor', ['供应商代码', '供应商名称', '启用'], [[blankCell, '乙', null]])).body.data.IMPORTED).toBe(1);
    expect(await enabledOf('md_vendor', blankCell)).toBe(false);
  });

  it('a new record naming a disabled part or a disabled unit is refused about that field, in the caller\'s language', async () => {
    const part = unique('P');
    expect((await save('Part', { code: part, name: '停用料', unit: 'PCS', enabled: false })).status).toBe(200);
    const refused = await save('PartMapping', { old_part_code: unique('OLD'), new_part_code: part });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(`新料号 “${part}” 已停用`);
    expect(refused.body.data).toEqual({ Field: 'new_part_code' });
    const english = await save('PartMapping', { old_part_code: unique('OLD'), new_part_code: part }, 'en');
    expect(english.body.msg).toBe(`New part number "${part}" is disabled`);
    expect(english.body.data).toEqual({ Field: 'new_part_code' });

    const unit = unique('U');
    expect((await save('Lookup', { lookup_type: 'UNIT', code: unit, name: '停用单位', enabled: false })).status).toBe(200);
    const byUnit = await save('Part', { code: unique('P'), name: '料', unit });
    expect(byUnit.status).toBe(400);
    expect(byUnit.body.msg).toBe(`单位 “${unit}” 已停用`);
    expect(byUnit.body.data).toEqual({ Field: 'unit' });

    // A code naming nothing is still told so.
    const missing = await save('PartMapping', { old_part_code: unique('OLD'), new_part_code: 'NO-SUCH-PART' });
    expect(missing.body.msg).toBe('新料号 “NO-SUCH-PART” 不存在');
    expect(missing.body.data).toEqual({ Field: 'new_part_code' });
  });

  it('an edit keeping a reference to a record disabled since saves; changing it to a disabled record is refused', async () => {
    const [kept, other] = [unique('P'), unique('P')];
    const keptPart = (await save('Part', { code: kept, name: '料', unit: 'PCS', enabled: true })).body.data;
    expect((await save('Part', { code: other, name: '料', unit: 'PCS', enabled: false })).status).toBe(200);
    const mapping = (await save('PartMapping', { old_part_code: unique('OLD'), new_part_code: kept })).body.data;
    expect((await save('Part', { ...keptPart, enabled: false, version: keptPart.version })).status).toBe(200);

    const edited = await save('PartMapping', { ...mapping, remark: '仍可改备注', version: mapping.version });
    expect(edited.status).toBe(200);
    const changed = await save('PartMapping', { ...edited.body.data, new_part_code: other, version: edited.body.data.version });
    expect(changed.status).toBe(400);
    expect(changed.body.msg).toBe(`新料号 “${other}” 已停用`);
    expect(changed.body.data).toEqual({ Field: 'new_part_code' });
  });

  it('an import refuses a row naming a disabled record (all or nothing) but updates a row keeping one', async () => {
    const [disabled, enabled] = [unique('P'), unique('P')];
    expect((await save('Part', { code: disabled, name: '料', unit: 'PCS', enabled: false })).status).toBe(200);
    const enabledPart = (await save('Part', { code: enabled, name: '料', unit: 'PCS' })).body.data;
    const header = ['旧料号', '新料号', '备注'];
    const [good, bad] = [unique('OLD'), unique('OLD')];
    const refused = await importRows('PartMapping', header, [[good, enabled, ''], [bad, disabled, '']]);
    expect(refused.body.data.IMPORTED).toBe(0);
    expect(refused.body.data.ERRORS).toEqual([{ ROW: 3, MESSAGE: `新料号 “${disabled}” 已停用` }]);
    const none = await sql`select 1 from md_part_mapping where old_part_code in (${good}, ${bad})`.execute(server.db);
    expect(none.rows).toEqual([]);

    // A mapping that names a part disabled since: a row keeping it updates the mapping, one changing to it is refused.
    expect((await importRows('PartMapping', header, [[good, enabled, '']])).body.data.IMPORTED).toBe(1);
    expect((await save('Part', { ...enabledPart, enabled: false, version: enabledPart.version })).status).toBe(200);
    const kept = await importRows('PartMapping', header, [[good, enabled, '备注改了']]);
    expect(kept.body.data).toMatchObject({ IMPORTED: 1, ERRORS: [] });
    const remark = await sql<{ remark: string }>`select remark from md_part_mapping where old_part_code = ${good}`.execute(server.db);
    expect(remark.rows).toEqual([{ remark: '备注改了' }]);
    const moved = await importRows('PartMapping', header, [[good, disabled, '备注改了']]);
    expect(moved.body.data.ERRORS).toEqual([{ ROW: 2, MESSAGE: `新料号 “${disabled}” 已停用` }]);
  });
});
