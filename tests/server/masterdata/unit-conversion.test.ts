/** Unit conversion through the shared CRUD mechanism (written by `npm run gen -- master`; add entity-specific rules here). */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { adminToken, createSample, describeMasterEntity, uploadForm, xlsxOf } from '../support/masterdata.ts';
import { describeServer } from '../support/test-server.ts';
import { partEntity } from '../../../src/shared/masterdata/entities/part.ts';
import { unitConversionEntity } from '../../../src/shared/masterdata/entities/unit-conversion.ts';

describeMasterEntity(unitConversionEntity);

describeServer('Unit conversion rules', {}, (server) => {
  it('refuses converting a unit to itself (REEL → REEL), in a save and in an import, in the caller language', async () => {
    const token = await adminToken(server);
    const part = await createSample(server, token, partEntity);
    const body = { part_code: part.code, from_unit: 'REEL', to_unit: 'REEL', rate: 1 };
    const saved = await server.call('POST', '/UnitConversion/AddOrModifySave', { token, body });
    expect(saved.status).toBe(400);
    expect(saved.body.msg).toBe('目标单位 不能与 原单位 相同');
    const english = await server.call('POST', '/UnitConversion/AddOrModifySave', { token, body, language: 'en' });
    expect(english.body.msg).toBe('To unit must differ from From unit');

    const form = uploadForm('conversions.xlsx', await xlsxOf(['料号', '原单位', '目标单位', '换算率'], [[String(part.code), 'REEL', 'REEL', 1]]));
    const imported = await server.call('POST', '/UnitConversion/Import', { token, payload: form.payload, headers: form.headers });
    expect(imported.body.data.ERRORS).toEqual([{ ROW: 2, MESSAGE: '目标单位 不能与 原单位 相同' }]);
    const { rows } = await sql<{ n: string }>`select count(*) as n from md_unit_conversion where part_code = ${String(part.code)}`.execute(server.db);
    expect(Number(rows[0].n)).toBe(0);

    // The table holds the rule too, for writes that bypass the mechanism.
    await expect(
      sql`insert into md_unit_conversion (id, org_id, part_code, from_unit, to_unit, rate) values ('uc-same', 'org-f01', ${String(part.code)}, 'REEL', 'REEL', 1)`.execute(server.db),
    ).rejects.toThrow(/md_unit_conversion_units_differ/);

    const other = await server.call('POST', '/UnitConversion/AddOrModifySave', { token, body: { ...body, to_unit: 'PCS' } });
    expect(other.status).toBe(200);
  }, 60_000);
});
