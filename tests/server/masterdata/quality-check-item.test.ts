/**
 * Check items through the shared CRUD mechanism (written by `npm run gen -- master`), and the quality
 * master data's own rules (issue 19): a check item's limits, AQL values and code letters as ISO 2859-1
 * has them, a sample scheme with an AQL, and the standard's rows every organisation starts with.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeMasterEntity, adminToken } from '../support/masterdata.ts';
import { describeServer } from '../support/test-server.ts';
import { qualityCheckItemEntity } from '../../../src/shared/masterdata/entities/quality-check-item.ts';

describeMasterEntity(qualityCheckItemEntity);

describeServer('quality master data rules', {}, (server) => {
  it('a check item’s limits: lower ≤ upper, the nominal between them, a variable item needs one; messages in both languages', async () => {
    const token = await adminToken(server);
    const save = (body: Record<string, unknown>, language?: 'en') =>
      server.call('POST', '/QualityCheckItem/AddOrModifySave', {
        token,
        language,
        body: { code: 'QI-1', name: '电阻值', kind: 'VARIABLE', unit: 'Ω', nominal: 10, lower_limit: 9.5, upper_limit: 10.5, defect_class: 'B', tool_code: null, method: null, enabled: true, ...body },
      });
    const reversed = await save({ lower_limit: 11 });
    expect([reversed.status, reversed.body.msg]).toEqual([400, '检验项目 QI-1 的下限 11 大于上限 10.5']);
    expect((await save({ nominal: 12 }, 'en')).body.msg).toBe('The nominal 12 of the check item QI-1 is not between its limits');
    expect((await save({ lower_limit: null, upper_limit: null, nominal: null })).body.msg).toBe('计量型检验项目 QI-1 至少需要下限或上限');
    // An attribute item (counted defects) needs no limits; a variable one with only an upper limit is fine.
    expect((await save({ code: 'QI-2', kind: 'ATTRIBUTE', lower_limit: null, upper_limit: null, nominal: null })).status).toBe(200);
    expect((await save({ lower_limit: null, nominal: null })).status).toBe(200);
  });

  it('an AQL must be one of ISO 2859-1’s values; a standard code letter keeps the standard’s sample sizes', async () => {
    const token = await adminToken(server);
    const aql = (value: number, language?: 'en') =>
      server.call('POST', '/QualityAql/AddOrModifySave', { token, language, body: { code: `AQL-${value}`, value, remark: null, enabled: true } });
    expect((await aql(0.65)).status).toBe(200);
    const bad = await aql(0.5, 'en');
    expect([bad.status, bad.body.msg]).toEqual([400, expect.stringMatching(/^AQL 0.5 is not a value of ISO 2859-1 \(0.01, 0.015, /)]);

    const letter = (code: string, sizes: Record<string, number | null>, language?: 'en') =>
      server.call('POST', '/QualitySampleCode/AddOrModifySave', { token, language, body: { code, remark: null, enabled: true, ...sizes } });
    const wrong = await letter('S', { normal_size: null, tightened_size: 3000, reduced_size: null }, 'en');
    expect(wrong.body.msg).toBe("The sample size 3000 of the code letter S is not ISO 2859-1's (3150)");
    expect((await letter('S', { normal_size: 2000, tightened_size: 3150, reduced_size: null })).body.msg).toBe('样本字码 S 的样本量 2000 与 ISO 2859-1 不符（标准为 -）');
  });

  it('a sample scheme names an AQL for at least one defect class', async () => {
    const token = await adminToken(server);
    const none = { aql_a: null, aql_b: null, aql_c: null, aql_d: null, aql_e: null, aql_f: null };
    const answer = await server.call('POST', '/QualitySampleScheme/AddOrModifySave', {
      token,
      body: { code: 'SCH-1', name: '电阻', level_code: 'II', ...none, enabled: true },
    });
    expect([answer.status, answer.body.msg]).toEqual([400, '抽样方案 SCH-1 至少需要一个缺陷等级的 AQL']);
    const ok = await server.call('POST', '/QualitySampleScheme/AddOrModifySave', {
      token,
      body: { code: 'SCH-1', name: '电阻', level_code: 'II', ...none, aql_b: '0.65', aql_c: '2.5', enabled: true },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('every organisation starts with the standard’s 7 levels, 26 AQL values and 17 code letters', async () => {
    // Counted by what the rows mean: the other tests of this file add rows of their own.
    const count = async (table: string, column: string) =>
      (await sql<{ n: number }>`select count(distinct ${sql.ref(column)})::int as n from ${sql.table(table)} where org_id = 'org-f01'`.execute(server.db)).rows[0].n;
    expect(await count('md_quality_level', 'iso_level')).toBe(7);
    expect(await count('md_quality_aql', 'value')).toBe(26);
    const letters = await sql<{ code: string }>`select code from md_quality_sample_code where org_id = 'org-f01' and length(code) = 1 order by code`.execute(server.db);
    expect(letters.rows.map((r) => r.code).join('')).toBe('ABCDEFGHJKLMNPQRS');
    const s = await sql<{ normal_size: number | null; tightened_size: number; reduced_size: number | null }>`
      select normal_size, tightened_size, reduced_size from md_quality_sample_code where org_id = 'org-f01' and code = 'S'`.execute(server.db);
    expect(s.rows[0]).toEqual({ normal_size: null, tightened_size: 3150, reduced_size: null });
  });
});
