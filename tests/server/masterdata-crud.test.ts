/**
 * The shared master-data CRUD mechanism (server/crud), on real entities: required and unique
 * values in both languages, references that must exist, a referenced record that cannot be
 * deleted, unchanged and stale saves, the organisation scope, the streamed Excel export and the
 * all-or-nothing Excel import with its per-row error report. A save refused for one field says which
 * (the answer's data), for the record form to mark it.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeServer } from './support/test-server.ts';
import { translate } from '../../src/shared/messages/catalogue.ts';
import { adminToken, equalsCondition, uploadForm, xlsxOf } from './support/masterdata.ts';

const F01 = 'org-f01';
const F02 = 'org-f02';
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

describeServer('master-data CRUD mechanism', {}, (server) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(server);
  });
  const save = (resource: string, body: Record<string, unknown>, options: { language?: 'zh-chs' | 'en'; orgId?: string } = {}) =>
    server.call('POST', `/${resource}/AddOrModifySave`, { token, body, ...options });
  const part = (code: string, extra: Record<string, unknown> = {}) => ({ code, name: '测试电容', unit: 'PCS', ...extra });

  it('the demo organisation starts with a few hundred parts, vendors, customers, locators and rack cells', async () => {
    const count = async (table: string) =>
      Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where org_id = ${F01}`.execute(server.db)).rows[0].n);
    // 400 components, and the parts of the demo's solder paste and red glue (seed-demo-clocks.ts).
    expect(await count('md_part')).toBe(402);
    expect(await count('md_vendor')).toBe(200);
    expect(await count('md_customer')).toBe(200);
    expect(await count('md_locator')).toBe(240);
    expect(await count('md_rack_cell')).toBe(400);
    expect(await count('md_bill_type')).toBe(23);
  });

  it('lists records in code order when the user has not sorted, and in the user sort when they have', async () => {
    // Saved out of order, so an id or insertion order would not pass for code order.
    const prefix = unique('ORD');
    for (const suffix of ['3', '1', '2']) expect((await save('Part', part(`${prefix}-${suffix}`))).status).toBe(200);
    const search = { conditions: [{ ...equalsCondition('code', prefix), ACTION_TYPE: 10 }] }; // 10: starts with
    const codes = async (body: Record<string, unknown>) =>
      (await server.call('POST', '/Part/LoadData', { token, body: { ...search, ...body } })).body.data.rows.map((row: { code: string }) => row.code);
    expect(await codes({})).toEqual([`${prefix}-1`, `${prefix}-2`, `${prefix}-3`]);
    // The grid asks through the list engine (ListParam/QueryData): the same order there.
    const viaGrid = await server.call('POST', '/ListParam/QueryData', { token, body: { LIST_ROUTE: '/masterdata/part', ...search } });
    expect(viaGrid.body.data.rows.map((row: { code: string }) => row.code)).toEqual([`${prefix}-1`, `${prefix}-2`, `${prefix}-3`]);
    expect(await codes({ sort: [{ field: 'code', order: 'desc' }] })).toEqual([`${prefix}-3`, `${prefix}-2`, `${prefix}-1`]);
  });

  it('refuses a record without a required field, saying which, in the caller language', async () => {
    const zh = await save('Part', { code: unique('P'), name: '', unit: 'PCS' });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('请输入品名');
    const en = await save('Part', { code: unique('P'), name: '  ', unit: 'PCS' }, { language: 'en' });
    expect(en.body.msg).toBe('Please enter Part name');
  });

  it('refuses a second record with the same key in the organisation, but allows it in another', async () => {
    const code = unique('P');
    expect((await save('Part', part(code))).status).toBe(200);
    const again = await save('Part', part(code));
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(`料号 “${code}” 已存在`);
    expect((await save('Part', part(code), { language: 'en' })).body.msg).toBe(`Part number "${code}" already exists`);
    expect((await save('Part', part(code), { orgId: F02 })).status).toBe(200);
  });

  it('refuses a composite key twice (standard pack: part + vendor) and a quantity that is not greater than 0', async () => {
    const code = unique('P');
    await save('Part', part(code));
    const pack = { part_code: code, vendor_code: 'V0001', qty: 500 };
    expect((await save('StandardPack', pack)).status).toBe(200);
    const twice = await save('StandardPack', pack);
    expect(twice.body.msg).toBe(`料号 + 供应商 “${code} + V0001” 已存在`);
    // Marked on the key's last field: the part's vendor that has it already.
    expect(twice.body.data).toEqual({ Field: 'vendor_code' });
    const zero = await save('StandardPack', { ...pack, vendor_code: 'V0002', qty: 0 });
    expect(zero.status).toBe(400);
  });

  it('refuses a reference to a record that does not exist, or exists only in another organisation', async () => {
    const missing = await save('Locator', { code: unique('L'), name: '库位', storage_location_code: 'NOPE' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('存储地点 “NOPE” 不存在');
    const sic = unique('S');
    await save('StorageLocation', { code: sic, name: '二厂仓', factory_code: 'P200', location_type: 'RAW' }, { orgId: F02 });
    expect((await save('Locator', { code: unique('L'), name: '库位', storage_location_code: sic })).body.msg).toBe(`存储地点 “${sic}” 不存在`);
    const badLookup = await save('Part', part(unique('P'), { unit: 'BUCKET' }));
    expect(badLookup.body.msg).toBe('单位 “BUCKET” 不存在');
  });

  it('says which field a refusal is about: one field the rules or the contract refuse; none when several are refused', async () => {
    const refusal = async (resource: string, body: Record<string, unknown>) => {
      const answer = await save(resource, body);
      return { status: answer.status, msg: answer.body.msg as string, at: answer.body.data as unknown };
    };
    expect(await refusal('Part', part(unique('P'), { name: '' }))).toEqual({ status: 400, msg: '请输入品名', at: { Field: 'name' } });
    expect(await refusal('Locator', { code: unique('L'), name: '库位', storage_location_code: 'NOPE' })).toEqual({ status: 400, msg: '存储地点 “NOPE” 不存在', at: { Field: 'storage_location_code' } });
    // The contract's own rules, before the declaration's: a field missing, a text too long.
    expect(await refusal('Part', { name: '无料号', unit: 'PCS' })).toEqual({ status: 400, msg: translate('zh-chs', 'missingField', { field: 'body.code' }), at: { Field: 'code' } });
    expect(await refusal('Part', part('X'.repeat(201)))).toEqual({ status: 400, msg: translate('zh-chs', 'fieldTooLong', { field: 'body.code', limit: '200' }), at: { Field: 'code' } });
    // Two fields refused at once: no one field to mark, the form toasts the message.
    const both = await refusal('Part', { code: unique('P'), name: '', unit: '' });
    expect(both).toMatchObject({ status: 400, at: null });
    expect(both.msg).toBe('请输入品名；请输入单位');
  });

  it('refuses to delete a storage location a locator uses, and deletes nothing', async () => {
    const sic = unique('S');
    const created = await save('StorageLocation', { code: sic, name: '测试仓', factory_code: 'P100', location_type: 'RAW' });
    await save('Locator', { code: unique('L'), name: '库位', storage_location_code: sic });
    const refused = await server.call('POST', '/StorageLocation/Delete', { token, query: { id: created.body.data.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('该记录正在使用中，不能删除');
    const still = await server.call('POST', '/StorageLocation/LoadData', { token, body: { conditions: [equalsCondition('code', sic)] } });
    expect(still.body.count).toBe(1);
  });

  it('says 数据未改动！ for an unchanged save and refuses an edit based on an old version', async () => {
    const created = (await save('Vendor', { code: unique('V'), name: '供应商甲', enabled: true })).body.data;
    const record = { code: created.code, name: created.name, enabled: true };
    const unchanged = await save('Vendor', { ...record, id: created.id, version: 1 });
    expect(unchanged.body.msg).toBe('数据未改动！');
    expect((await save('Vendor', { ...record, name: '供应商乙', id: created.id, version: 1 })).body.data.version).toBe(2);
    const stale = await save('Vendor', { ...record, name: '供应商丙', id: created.id, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('该记录已被其他人修改，请刷新后重新编辑');
    const row = (await server.call('POST', '/Vendor/LoadData', { token, body: { conditions: [equalsCondition('code', created.code)] } })).body.data.rows[0];
    expect(row.name).toBe('供应商乙');
  });

  it('keeps each organisation to its own records: another organisation can neither see, edit nor delete them', async () => {
    const created = (await save('Customer', { code: unique('K'), name: '客户甲' })).body.data;
    const seen = await server.call('POST', '/Customer/LoadData', { token, orgId: F02, body: { conditions: [equalsCondition('code', created.code)] } });
    expect(seen.body.count).toBe(0);
    expect((await save('Customer', { code: created.code, name: '改名', id: created.id, version: 1 }, { orgId: F02 })).status).toBe(404);
    expect((await server.call('POST', '/Customer/Delete', { token, orgId: F02, query: { id: created.id } })).status).toBe(404);
  });

  it('refuses the entity operations to a role without its menu', async () => {
    const operator = await server.createUser();
    const operatorToken = (await server.login(operator.userName, operator.password, F01)).Token;
    expect((await server.call('POST', '/Customer/LoadData', { token: operatorToken, body: {} })).status).toBe(403);
    expect((await server.call('POST', '/Part/LoadData', { token: operatorToken, body: {} })).status).toBe(200);
  });

  it('refuses add/edit, delete, import and export to a role that has the menu but not those buttons', async () => {
    // The demo operator sees Part with only the search and column buttons (server/db/seed/demo-data.ts).
    const operator = await server.createUser();
    const operatorToken = (await server.login(operator.userName, operator.password, F01)).Token;
    const part = (await server.call('POST', '/Part/LoadData', { token: operatorToken, body: {} })).body.data.rows[0];
    const refused = [
      await server.call('POST', '/Part/AddOrModifySave', { token: operatorToken, body: { ...part, name: '改名' } }),
      await server.call('POST', '/Part/Delete', { token: operatorToken, query: { id: part.id } }),
      await server.call('POST', '/Part/ExportData', { token: operatorToken, body: {} }),
      await (async () => {
        const form = uploadForm('parts.xlsx', await xlsxOf(['料号', '品名', '单位', '最小包装量'], [[unique('OP'), '电容', 'PCS', 100]]));
        return server.call('POST', '/Part/Import', { token: operatorToken, payload: form.payload, headers: form.headers });
      })(),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(response.body.msg).toBe('拒绝访问');
    }
    const unchanged = await server.call('POST', '/Part/LoadData', { token, body: { conditions: [equalsCondition('code', part.code)] } });
    expect(unchanged.body.data.rows[0].name).toBe(part.name);
  });

  it('exports the searched rows as an xlsx with the field labels as header', async () => {
    const exported = await server.call('POST', '/Vendor/ExportData', { token, body: { conditions: [{ ...equalsCondition('code', 'V0007') }] } });
    expect(exported.status).toBe(200);
    expect(exported.contentType).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawBody as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, '供应商代码', '供应商名称', '简称', '联系人', '电话', '邮箱', '地址', '启用']);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('V0007');
  });

  it('exports every row of the organisation when there is no search, in English headers for an English caller', async () => {
    const exported = await server.call('POST', '/Part/ExportData', { token, language: 'en', body: {} });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawBody as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Part number');
    const { rows } = await sql<{ n: string }>`select count(*) as n from md_part where org_id = ${F01}`.execute(server.db);
    expect(sheet.rowCount - 1).toBe(Number(rows[0].n));
  });

  it('imports nothing when one row is bad and returns a per-row error report to download', async () => {
    const codes = [unique('IMP'), unique('IMP'), unique('IMP')];
    const file = await xlsxOf(['料号', '品名', '单位', '最小包装量'], [
      [codes[0], '电容', 'PCS', 100],
      [codes[1], '', 'PCS', 100],
      [codes[2], '电阻', 'BUCKET', -5],
      [codes[0], '重复', 'PCS', 1],
    ]);
    const form = uploadForm('parts.xlsx', file);
    const answer = await server.call('POST', '/Part/Import', { token, payload: form.payload, headers: form.headers });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe('导入失败：3 行有错误，未写入任何数据，请下载错误报告');
    expect(answer.body.data.IMPORTED).toBe(0);
    expect(answer.body.data.ERRORS).toEqual([
      { ROW: 3, MESSAGE: '请输入品名' },
      { ROW: 4, MESSAGE: '最小包装量 必须大于0；单位 “BUCKET” 不存在' },
      { ROW: 5, MESSAGE: `料号 “${codes[0]}” 已存在（与第 2 行重复）` },
    ]);
    const { rows } = await sql<{ n: string }>`select count(*) as n from md_part where code = any(${codes})`.execute(server.db);
    expect(Number(rows[0].n)).toBe(0);

    const report = new ExcelJS.Workbook();
    await report.xlsx.load(Buffer.from(answer.body.data.REPORT_FILE, 'base64') as unknown as ArrayBuffer);
    const sheet = report.worksheets[0];
    const errorColumn = sheet.getRow(1).cellCount;
    expect(sheet.getRow(1).getCell(errorColumn).value).toBe('错误信息');
    expect(sheet.getRow(2).getCell(errorColumn).value ?? '').toBe('');
    expect(sheet.getRow(3).getCell(errorColumn).value).toBe('请输入品名');
  });

  it('imports a good file in one go: new keys are added, existing keys updated', async () => {
    const existing = unique('IMP');
    await save('Part', part(existing));
    const added = unique('IMP');
    const file = await xlsxOf(['code', 'name', 'unit', 'iqc_required'], [
      [existing, '改过的品名', 'PCS', 'Y'],
      [added, '新物料', 'REEL', 'N'],
    ]);
    const form = uploadForm('parts.xlsx', file);
    const answer = await server.call('POST', '/Part/Import', { token, payload: form.payload, headers: form.headers });
    expect(answer.body.msg).toBe('导入成功，共 2 行');
    const rows = (await server.call('POST', '/Part/LoadData', { token, body: { conditions: [{ ...equalsCondition('code', 'IMP'), ACTION_TYPE: 10 }], Limit: 1000 } })).body.data.rows;
    const byCode = new Map(rows.map((r: { code: string }) => [r.code, r]));
    expect(byCode.get(existing)).toMatchObject({ name: '改过的品名', iqc_required: true, version: 2 });
    expect(byCode.get(added)).toMatchObject({ name: '新物料', unit: 'REEL', version: 1 });
  });

  it('refuses an upload that is not an xlsx file, and a sheet with an unknown column', async () => {
    const text = uploadForm('parts.txt', Buffer.from('code,name\nA,B\n'), 'text/plain');
    const wrongType = await server.call('POST', '/Part/Import', { token, payload: text.payload, headers: text.headers });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.msg).toBe('文件类型或大小错误：请上传 .xlsx 文件');
    const renamed = uploadForm('parts.xlsx', Buffer.from('not a zip at all'));
    expect((await server.call('POST', '/Part/Import', { token, payload: renamed.payload, headers: renamed.headers })).body.msg).toBe(
      '文件类型或大小错误：请上传 .xlsx 文件',
    );
    const unknownColumn = uploadForm('parts.xlsx', await xlsxOf(['料号', '颜色'], [['X', '红']]));
    expect((await server.call('POST', '/Part/Import', { token, payload: unknownColumn.payload, headers: unknownColumn.headers })).body.msg).toBe(
      '第1行的列 “颜色” 不是可导入的字段',
    );
  });

  it('refuses an upload over 10 MB', async () => {
    const big = uploadForm('big.xlsx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(10 * 1024 * 1024 + 10)]));
    const answer = await server.call('POST', '/Part/Import', { token, payload: big.payload, headers: big.headers });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('文件类型或大小错误：文件不能超过 10 MB');
  });
});
