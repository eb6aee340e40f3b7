/**
 * Master data in mock mode (issue 16): every declared entity's grid and five operations answer from
 * its declaration (mocks/scenarios/masterdata.ts) with the reference server's rules and messages,
 * through the portal's own fetchers (src/grid/master/masterApi.ts) and the contract's shapes.
 */
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/grid/api/listParam';
import { deleteRecord, exportRecords, importRecords, loadRecords, saveRecord } from '../../../src/grid/master/masterApi';
import { masterEntities } from '../../../src/shared/masterdata/entities';
import { partEntity } from '../../../src/shared/masterdata/entities/part';
import { storageLocationEntity } from '../../../src/shared/masterdata/entities/storage-location';
import { equipmentEntity } from '../../../src/shared/masterdata/entities/equipment';
import { partMappingEntity } from '../../../src/shared/masterdata/entities/part-mapping';
import { lookupEntity } from '../../../src/shared/masterdata/entities/lookup';
import { vendorEntity } from '../../../src/shared/masterdata/entities/vendor';
import { yearsOfUse } from '../../../src/shared/equipment/years-of-use';
import { referenceKeyOf, type EntityDeclaration } from '../../../src/shared/masterdata/declaration';
import { resetGridTestState, signIn } from '../grid/gridTestKit';
import { refusal, refusalAt } from './refusal';
import { watchAnswers } from './watchAnswers';
import { nodeFile, useNodeFormData } from './nodeUploads';

const allRows = async (entity: EntityDeclaration) => (await queryRows(entity.listRoute, { conditions: [], Page: 1, Limit: 1000, wantAggregates: false })).rows;

useNodeFormData();
const xlsxFile = (bytes: ArrayBuffer) => nodeFile(new Uint8Array(bytes), 'parts.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

beforeEach(async () => {
  await resetGridTestState();
  signIn('ADMIN', 'org-f01');
});

describe('master data on the mocks', () => {
  it('every entity lists plausible rows of the organisation: no schema placeholder, every reference names a record', async () => {
    const violations = watchAnswers();
    for (const entity of masterEntities) {
      const rows = await allRows(entity);
      expect(rows.length, entity.resource).toBeGreaterThan(0);
      for (const row of rows) {
        for (const field of entity.fields) {
          expect(row[field.name], `${entity.resource}.${field.name}`).not.toBe('string');
          if (field.required) expect(row[field.name], `${entity.resource}.${field.name} is required`).not.toBeNull();
        }
        if (entity.orgScoped) expect(row.org_id).toBe('org-f01');
      }
      for (const field of entity.fields.filter((f) => f.type === 'ref')) {
        const target = masterEntities.find((e) => e.resource === field.ref)!;
        const keys = new Set((await allRows(target)).map((row) => row[referenceKeyOf(target)]));
        for (const row of rows) if (row[field.name] !== null) expect(keys.has(row[field.name]), `${entity.resource}.${field.name} = ${String(row[field.name])}`).toBe(true);
      }
    }
    // The entity's own LoadData reads the same list (reference pickers use it).
    const parts = await loadRecords(partEntity, [{ FIELD_NAME: 'code', PARAM_NAME: 'code', ACTION_TYPE: 6, DATA_TYPE: 1, PARAM_VALUE: 'P0001' }]);
    expect(parts.map((row) => row.code)).toEqual(['P0001']);
    expect(await violations()).toEqual([]);
  });

  it('adds, edits and deletes with the server’s checks and messages, and the grid shows each change', async () => {
    const violations = watchAnswers();
    const [location] = await allRows(storageLocationEntity);
    const record = { code: 'MOCK-1', name: '测试物料', spec: '0402', unit: 'PCS', shelf_life_days: 365, default_storage_location_code: location.code, enabled: true };

    // Each about its field, as the server's: the record form marks it.
    expect(await refusalAt(saveRecord(partEntity, { ...record, code: 'P0001' }))).toEqual({ msg: '料号 “P0001” 已存在', at: { Field: 'code' } });
    expect(await refusalAt(saveRecord(partEntity, { ...record, name: '' }))).toEqual({ msg: '请输入品名', at: { Field: 'name' } });
    expect(await refusalAt(saveRecord(partEntity, { ...record, default_storage_location_code: 'NOWHERE' }))).toEqual({ msg: '默认存储地点 “NOWHERE” 不存在', at: { Field: 'default_storage_location_code' } });
    expect(await refusalAt(saveRecord(partEntity, { ...record, unit: 'BARREL' }))).toEqual({ msg: '单位 “BARREL” 不存在', at: { Field: 'unit' } });

    const added = (await saveRecord(partEntity, record)) as Record<string, unknown> & { id: string; version: number };
    expect(added).toMatchObject({ code: 'MOCK-1', version: 1 });
    expect((await allRows(partEntity)).some((row) => row.code === 'MOCK-1')).toBe(true);

    expect(await refusal(saveRecord(partEntity, { ...record, id: added.id, version: 1 }))).toBe('数据未改动！');
    const edited = (await saveRecord(partEntity, { ...record, name: '改名', id: added.id, version: 1 })) as { version: number };
    expect(edited.version).toBe(2);
    expect(await refusal(saveRecord(partEntity, { ...record, name: '再改', id: added.id, version: 1 }))).toMatch(/已被|修改|changed/);

    // A storage location that parts name cannot be deleted; renaming it follows into those parts.
    expect(await refusal(deleteRecord(storageLocationEntity, String(location.id)))).toBe('该记录正在使用中，不能删除');
    await saveRecord(storageLocationEntity, { ...location, code: 'RENAMED', id: String(location.id), version: Number(location.version) });
    expect((await allRows(partEntity)).find((row) => row.code === 'MOCK-1')?.default_storage_location_code).toBe('RENAMED');

    await deleteRecord(partEntity, added.id);
    expect((await allRows(partEntity)).some((row) => row.code === 'MOCK-1')).toBe(false);
    expect(await violations()).toEqual([]);
  });

  it('keeps each organisation’s records apart', async () => {
    const [location] = await allRows(storageLocationEntity);
    await saveRecord(partEntity, { code: 'ONLY-F01', name: '一厂物料', default_storage_location_code: location.code, unit: 'PCS' });
    signIn('ADMIN', 'org-f02');
    expect((await allRows(partEntity)).some((row) => row.code === 'ONLY-F01')).toBe(false);
    expect((await allRows(partEntity)).every((row) => row.org_id === 'org-f02')).toBe(true);
  });

  it('exports a real xlsx of the search; importing it changes nothing, and a file with one bad row imports nothing', async () => {
    const rows = await allRows(partEntity);
    const blob = await exportRecords(partEntity, []);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, ...partEntity.fields.map((f) => f.label['zh-chs'])]);
    expect(sheet.actualRowCount).toBe(rows.length + 1);

    const same = await importRecords(partEntity, xlsxFile(await blob.arrayBuffer()));
    expect(same.outcome).toMatchObject({ IMPORTED: rows.length, ERRORS: [] });
    expect((await allRows(partEntity)).map((row) => row.version)).toEqual(rows.map((row) => row.version));

    sheet.getRow(2).getCell(2).value = '导入改名';
    sheet.addRow(['NEW-PART', '新物料', '', 'PCS', '', '', 'N', 'N', '', 'NOWHERE', 'Y']);
    const bad = await importRecords(partEntity, xlsxFile(await workbook.xlsx.writeBuffer()));
    expect(bad.outcome.IMPORTED).toBe(0);
    expect(bad.outcome.ERRORS).toEqual([{ ROW: rows.length + 2, MESSAGE: '默认存储地点 “NOWHERE” 不存在' }]);
    expect((await allRows(partEntity)).some((row) => row.name === '导入改名' || row.code === 'NEW-PART')).toBe(false);
  });

  it('a new record that leaves 启用 out is enabled, by a save and by a new row of an import; an explicit off is kept', async () => {
    const added = (await saveRecord(partEntity, { code: 'MOCK-ON', name: '物料', unit: 'PCS' })) as Record<string, unknown>;
    expect(added.enabled).toBe(true);
    const off = (await saveRecord(partEntity, { code: 'MOCK-OFF', name: '物料', unit: 'PCS', enabled: false })) as Record<string, unknown>;
    expect(off.enabled).toBe(false);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('data');
    sheet.addRow(['供应商代码', '供应商名称']);
    sheet.addRow(['MOCK-V', '新供应商']);
    expect((await importRecords(vendorEntity, xlsxFile(await workbook.xlsx.writeBuffer()))).outcome).toMatchObject({ IMPORTED: 1, ERRORS: [] });
    expect((await allRows(vendorEntity)).find((row) => row.code === 'MOCK-V')?.enabled).toBe(true);
  });

  it('refuses a newly chosen reference to a disabled record about its field; an edit keeping one saves; an import row naming one imports nothing', async () => {
    const violations = watchAnswers();
    const parts = await allRows(partEntity);
    const disabled = String(parts.find((row) => row.enabled === false)!.code);
    const enabledPart = parts.find((row) => row.enabled !== false)!;
    const enabled = String(enabledPart.code);

    expect(await refusalAt(saveRecord(partMappingEntity, { old_part_code: 'OLD-1', new_part_code: disabled }))).toEqual({
      msg: `新料号 “${disabled}” 已停用`,
      at: { Field: 'new_part_code' },
    });
    const unit = (await allRows(lookupEntity)).find((row) => row.lookup_type === 'UNIT')!;
    await saveRecord(lookupEntity, { ...unit, enabled: false, id: String(unit.id), version: Number(unit.version) });
    expect(await refusalAt(saveRecord(partEntity, { code: 'MOCK-U', name: '物料', unit: unit.code }))).toEqual({ msg: `单位 “${String(unit.code)}” 已停用`, at: { Field: 'unit' } });

    // A mapping naming a part disabled since: kept, the mapping still saves; changed to a disabled part, it is refused.
    const mapping = (await saveRecord(partMappingEntity, { old_part_code: 'OLD-2', new_part_code: enabled })) as Record<string, unknown> & { id: string; version: number };
    await saveRecord(partEntity, { ...enabledPart, enabled: false, id: String(enabledPart.id), version: Number(enabledPart.version) });
    const edited = (await saveRecord(partMappingEntity, { ...mapping, remark: '改备注' })) as { version: number };
    expect(edited.version).toBe(2);
    expect(await refusalAt(saveRecord(partMappingEntity, { ...mapping, new_part_code: disabled, version: 2 }))).toEqual({
      msg: `新料号 “${disabled}” 已停用`,
      at: { Field: 'new_part_code' },
    });

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('data');
    sheet.addRow(['旧料号', '新料号', '备注']);
    sheet.addRow(['OLD-2', enabled, '导入改备注']);
    sheet.addRow(['OLD-3', disabled, '']);
    const refused = await importRecords(partMappingEntity, xlsxFile(await workbook.xlsx.writeBuffer()));
    expect(refused.outcome).toMatchObject({ IMPORTED: 0, ERRORS: [{ ROW: 3, MESSAGE: `新料号 “${disabled}” 已停用` }] });
    sheet.spliceRows(3, 1);
    expect((await importRecords(partMappingEntity, xlsxFile(await workbook.xlsx.writeBuffer()))).outcome).toMatchObject({ IMPORTED: 1, ERRORS: [] });
    expect((await allRows(partMappingEntity)).find((row) => row.old_part_code === 'OLD-2')?.remark).toBe('导入改备注');
    expect(await violations()).toEqual([]);
  });

  it('lists and exports the equipment’s years of use, and importing that export skips the column', async () => {
    const rows = await allRows(equipmentEntity);
    for (const row of rows) expect(row.years_of_use, String(row.equipment_no)).toBe(yearsOfUse(row.entry_date, row.scrap_date, new Date()));
    expect(rows.some((row) => typeof row.years_of_use === 'number')).toBe(true);

    const blob = await exportRecords(equipmentEntity, []);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const header = (workbook.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([...equipmentEntity.fields.map((f) => f.label['zh-chs']), '使用年限']);

    const same = await importRecords(equipmentEntity, xlsxFile(await blob.arrayBuffer()));
    expect(same.outcome).toMatchObject({ IMPORTED: rows.length, ERRORS: [] });
  });
});
