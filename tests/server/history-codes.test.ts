/**
 * A record of the past keeps the codes it was written with (migration 0078): renaming or deleting a
 * part or vendor that an old-to-new mapping names is refused with a message, and the mapping still
 * names the code it was written with. Codes among master data still follow a rename.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { adminToken } from './support/masterdata.ts';
import { describeServer } from './support/test-server.ts';

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

describeServer('codes in history', {}, (server) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(server);
  });
  const save = (resource: string, body: Record<string, unknown>, language: 'zh-chs' | 'en' = 'zh-chs') =>
    server.call('POST', `/${resource}/AddOrModifySave`, { token, body, language });

  it('renaming or deleting a part that a part mapping names is refused, and the mapping keeps its code', async () => {
    const code = unique('NEW');
    const part = (await save('Part', { code, name: '新料', unit: 'PCS' })).body.data;
    const mapping = (await save('PartMapping', { old_part_code: unique('OLD'), new_part_code: code, effective_date: '2026-01-01' })).body.data;

    const renamed = await save('Part', { ...part, code: `${code}-X`, version: part.version });
    expect(renamed.status).toBe(400);
    expect(renamed.body.msg).toBe('该记录的编码已被历史记录（如新旧对照）引用，不能修改');
    const inEnglish = await save('Part', { ...part, code: `${code}-X`, version: part.version }, 'en');
    expect(inEnglish.body.msg).toBe("This record's code is named in history (such as an old-to-new mapping) and cannot be changed");

    const deleted = await server.call('POST', '/Part/Delete', { token, query: { id: part.id } });
    expect(deleted.status).toBe(400);

    const kept = await sql<{ new_part_code: string }>`select new_part_code from md_part_mapping where id = ${mapping.id}`.execute(server.db);
    expect(kept.rows).toEqual([{ new_part_code: code }]);
    const partNow = await sql<{ code: string }>`select code from md_part where id = ${part.id}`.execute(server.db);
    expect(partNow.rows).toEqual([{ code }]);

    // Other changes to the part are saved as before.
    expect((await save('Part', { ...part, name: '新料（改）', version: part.version })).status).toBe(200);
  });

  it('renaming a vendor that a vendor mapping names is refused, and the mapping keeps its code', async () => {
    const code = unique('V');
    const vendor = (await save('Vendor', { code, name: '新供应商' })).body.data;
    const mapping = (await save('VendorMapping', { old_vendor_code: unique('S'), new_vendor_code: code })).body.data;
    const renamed = await save('Vendor', { ...vendor, code: `${code}-X`, version: vendor.version });
    expect(renamed.status).toBe(400);
    const kept = await sql<{ new_vendor_code: string }>`select new_vendor_code from md_vendor_mapping where id = ${mapping.id}`.execute(server.db);
    expect(kept.rows).toEqual([{ new_vendor_code: code }]);
  });

  it('a storage location rename still follows into the parts that use it (master data, not history)', async () => {
    const location = unique('SL');
    const saved = (await save('StorageLocation', { code: location, name: '临时仓', factory_code: 'P100', location_type: 'RAW' })).body.data;
    const part = (await save('Part', { code: unique('P'), name: '料', unit: 'PCS', default_storage_location_code: location })).body.data;
    expect((await save('StorageLocation', { ...saved, code: `${location}-B`, version: saved.version })).status).toBe(200);
    const partNow = await sql<{ default_storage_location_code: string }>`select default_storage_location_code from md_part where id = ${part.id}`.execute(server.db);
    expect(partNow.rows).toEqual([{ default_storage_location_code: `${location}-B` }]);
  });
});
