/**
 * Equipment ledger through the shared CRUD mechanism (written by `npm run gen -- master`), and its own
 * rules (issue 20): the status table (spec §4), scrap time not earlier than entry time (spec §5), the
 * status history, the years of use, and the image: at most 20MB, jpeg/jpg/png/gif by content.
 */
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { equipmentEntity } from '../../../src/shared/masterdata/entities/equipment.ts';
import { checkEquipmentImage } from '../../../src/shared/equipment/image-rules.ts';
import { translate } from '../../../src/shared/messages/catalogue.ts';
import { adminToken, describeMasterEntity, sampleRecord, uploadForm, xlsxOf } from '../support/masterdata.ts';
import { describeServer, type TestServer } from '../support/test-server.ts';

describeMasterEntity(equipmentEntity);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'binary'), Buffer.alloc(64, 0)]);

function imageForm(id: string, fileName: string, bytes: Buffer, type = 'image/png') {
  const boundary = 'equipment-image-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="Id"\r\n\r\n${id}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeServer('equipment ledger rules', {}, (server: TestServer) => {
  const save = (token: string, body: Record<string, unknown>, language?: 'en') => server.call('POST', '/Equipment/AddOrModifySave', { token, body, language });

  it('moves statuses only as the table allows, keeps their history and refuses a scrap date before the entry date', async () => {
    const token = await adminToken(server);
    const record = await sampleRecord(server, token, equipmentEntity, { entry_date: '2020-03-01', scrap_date: null, status: 'NORMAL' });

    // Spec §5: scrap time not earlier than entry time, with the spec's words in both languages.
    const early = await save(token, { ...record, scrap_date: '2020-02-29' });
    expect(early.status).toBe(400);
    expect(early.body.msg).toContain('报废时间不能早于入厂时间');
    expect((await save(token, { ...record, scrap_date: '2020-02-29' }, 'en')).body.msg).toContain('Scrap time must not be earlier than entry time');

    // A new record starts normal or idle, not under repair.
    const startRepair = await save(token, { ...record, status: 'UNDER_REPAIR' });
    expect(startRepair.status).toBe(400);
    expect(startRepair.body.msg).toContain(translate('zh-chs', 'statusInitialRefused', { field: '状态', allowed: '正常、闲置' }));
    // About the status field, where the form marks it.
    expect(startRepair.body.data).toEqual({ Field: 'status' });

    let row = (await save(token, record)).body.data as Record<string, unknown> & { id: string; version: number };
    const move = (status: string, extra: Record<string, unknown> = {}) => save(token, { ...record, ...extra, status, id: row.id, version: row.version });

    // NORMAL → UNDER_REPAIR skips the report of the fault: refused, naming where it may go.
    const skip = await move('UNDER_REPAIR');
    expect(skip.status).toBe(400);
    expect(skip.body.msg).toContain(translate('zh-chs', 'statusTransitionRefused', { field: '状态', from: '正常', to: '维修中', allowed: '闲置、待修、报废' }));
    expect(skip.body.data).toEqual({ Field: 'status' });

    for (const status of ['TO_BE_REPAIRED', 'UNDER_REPAIR', 'NORMAL']) {
      const moved = await move(status);
      expect(moved.status, status).toBe(200);
      row = moved.body.data;
    }
    // Scrapped needs its date; then it is final.
    expect((await move('SCRAPPED')).body.msg).toContain('设备报废时必须填写报废日期');
    const scrapped = await move('SCRAPPED', { scrap_date: '2024-09-01' });
    expect(scrapped.status).toBe(200);
    row = scrapped.body.data;
    const revived = await move('NORMAL', { scrap_date: '2024-09-01' });
    expect(revived.status).toBe(400);
    expect(revived.body.msg).toContain(translate('zh-chs', 'statusTransitionRefused', { field: '状态', from: '报废', to: '正常', allowed: '无' }));

    const history = await server.call('POST', '/Equipment/StatusHistory', { token, body: { Id: row.id } });
    expect(history.status).toBe(200);
    expect(history.body.data.map((h: { FromStatus: string | null; ToStatus: string }) => [h.FromStatus, h.ToStatus]).reverse()).toEqual([
      [null, 'NORMAL'],
      ['NORMAL', 'TO_BE_REPAIRED'],
      ['TO_BE_REPAIRED', 'UNDER_REPAIR'],
      ['UNDER_REPAIR', 'NORMAL'],
      ['NORMAL', 'SCRAPPED'],
    ]);

    // Years of use: from the entry date to the scrap date (4.5 years), worked out by the database.
    const listed = await server.call('POST', '/Equipment/LoadData', {
      token,
      body: { conditions: [{ FIELD_NAME: 'equipment_no', PARAM_NAME: 'equipment_no', ACTION_TYPE: 1, DATA_TYPE: 1, PARAM_VALUE: String(record.equipment_no) }] },
    });
    expect(Number(listed.body.data.rows[0].years_of_use)).toBe(4.5);
    expect(listed.body.data.rows[0].has_image).toBe(false);

    // The export carries it after the fields, in the caller's language (and importing that export skips it).
    for (const language of ['zh-chs', 'en'] as const) {
      const exported = await server.call('POST', '/Equipment/ExportData', {
        token,
        language,
        body: { conditions: [{ FIELD_NAME: 'equipment_no', PARAM_NAME: 'equipment_no', ACTION_TYPE: 1, DATA_TYPE: 1, PARAM_VALUE: String(record.equipment_no) }] },
      });
      expect(exported.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(exported.rawBody as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header.at(-1)).toBe(language === 'en' ? 'Years of use' : '使用年限');
      expect(sheet.getRow(2).getCell(header.length).value).toBe(4.5);
    }
  }, 60_000);

  it('refuses an import that moves a status against the table, writing nothing', async () => {
    const token = await adminToken(server);
    const record = await sampleRecord(server, token, equipmentEntity, { entry_date: '2021-01-01', scrap_date: null, status: 'NORMAL' });
    const saved = (await save(token, record)).body.data as Record<string, unknown>;
    const cells = (values: Record<string, unknown>) => equipmentEntity.fields.map((f) => (f.type === 'bool' ? (values[f.name] ? 'Y' : 'N') : values[f.name] ?? ''));
    const form = uploadForm('import.xlsx', await xlsxOf(equipmentEntity.fields.map((f) => f.name), [cells({ ...saved, status: 'UNDER_REPAIR', name: 'changed' })]));
    const imported = await server.call('POST', '/Equipment/Import', { token, payload: form.payload, headers: form.headers });
    expect(imported.status).toBe(400);
    expect(imported.body.msg).toContain('第 2 行：');
    expect(imported.body.msg).toContain('不能从“正常”变为“维修中”');
    const history = await server.call('POST', '/Equipment/StatusHistory', { token, body: { Id: saved.id } });
    expect(history.body.data).toHaveLength(1);
  }, 60_000);

  it('stores a png image and refuses an .exe renamed .png, a wrong extension and more than 20MB', async () => {
    const token = await adminToken(server);
    const row = (await save(token, await sampleRecord(server, token, equipmentEntity, { scrap_date: null, status: 'IDLE' }))).body.data as { id: string };
    const upload = (fileName: string, bytes: Buffer, language?: 'en') => {
      const form = imageForm(row.id, fileName, bytes);
      return server.call('POST', '/Equipment/UploadImage', { token, payload: form.payload, headers: form.headers, language });
    };

    // Spec §5: the refusal states the types and the limit, in both languages, on the form's file field.
    const typeRefused = { code: 400, msg: '文件类型或大小错误：只能上传 jpeg/jpg/png/gif 格式、不超过 20MB 的图片（按文件内容检查）', data: { Field: 'file' } };
    const renamed = await upload('setup.png', EXE);
    expect(renamed.status).toBe(400);
    expect(renamed.body).toEqual(typeRefused);
    expect((await upload('setup.png', EXE, 'en')).body).toEqual({
      code: 400,
      msg: 'Wrong file type or size: only jpeg/jpg/png/gif images of at most 20MB can be uploaded (checked by the file content)',
      data: { Field: 'file' },
    });
    expect((await upload('photo.bmp', PNG)).body).toEqual(typeRefused);
    // A png named .jpg is not what it says either.
    expect((await upload('photo.jpg', PNG)).status).toBe(400);

    const stored = await upload('photo.png', PNG);
    expect(stored.status).toBe(200);
    expect(stored.body.data).toEqual({ FileName: 'photo.png', ContentType: 'image/png', Size: PNG.length });
    const image = await server.call('GET', '/Equipment/Image', { token, query: { id: row.id } });
    expect(image.status).toBe(200);
    expect(image.contentType).toBe('image/png');
    expect(Buffer.compare(image.rawBody, PNG)).toBe(0);

    // Over 20MB: refused by the upload's limit with the size named.
    // Over 20MB: refused by the upload's limit in the image's own words (the limit and the types), on the file field.
    const big = Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024)]);
    const tooLarge = await upload('big.png', big);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toEqual({ code: 400, msg: '文件类型或大小错误：图片不能超过 20MB（支持 jpeg/jpg/png/gif 格式）', data: { Field: 'file' } });
    expect((await upload('big.png', big, 'en')).body).toEqual({
      code: 400,
      msg: 'Wrong file type or size: the image must not be larger than 20MB (jpeg/jpg/png/gif images)',
      data: { Field: 'file' },
    });

    // The ledger's import refuses a file that is no workbook on the same field.
    const csv = uploadForm('equipment.csv', Buffer.from('a,b'), 'text/csv');
    const imported = await server.call('POST', '/Equipment/Import', { token, payload: csv.payload, headers: csv.headers });
    expect(imported.body).toEqual({ code: 400, msg: '文件类型或大小错误：请上传 .xlsx 文件', data: { Field: 'file' } });
  }, 60_000);

  it('checks images by their first bytes (jpeg, png, gif) and their size', () => {
    expect(checkEquipmentImage('a.JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ ok: true, contentType: 'image/jpeg' });
    expect(checkEquipmentImage('a.gif', Buffer.from('GIF89a....', 'binary'))).toEqual({ ok: true, contentType: 'image/gif' });
    expect(checkEquipmentImage('a.gif', Buffer.from('GIF88a....', 'binary'))).toEqual({ ok: false, reason: 'type' });
    expect(checkEquipmentImage('a.exe', PNG)).toEqual({ ok: false, reason: 'type' });
    expect(checkEquipmentImage('a.png', Buffer.alloc(20 * 1024 * 1024 + 1))).toEqual({ ok: false, reason: 'size' });
  });
});
