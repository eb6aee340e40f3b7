/**
 * Master-data test helpers: a signed-in super administrator, sample records made from an entity's
 * declaration (creating what its references need), and `describeMasterEntity`, the round trip every
 * generated entity test runs (add, find with the grid's search, unchanged save, edit, stale edit, delete).
 */
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { uniqueKeyOf, type EntityDeclaration, type FieldDeclaration } from '../../../src/shared/masterdata/declaration.ts';
import { translate } from '../../../src/shared/messages/catalogue.ts';
import { masterEntities } from '../../../src/shared/masterdata/entities/index.ts';
import { describeServer, type TestServer } from './test-server.ts';

export const F01 = 'org-f01';
let sampleCount = 0;

export async function adminToken(server: TestServer, orgIds = [F01, 'org-f02']): Promise<string> {
  const user = await server.createUser({ roleId: 'role-super-admin', orgIds });
  return (await server.login(user.userName, user.password, orgIds[0])).Token;
}

const entityOf = (resource: string) => {
  const entity = masterEntities.find((e) => e.resource === resource);
  if (!entity) throw new Error(`no master entity ${resource}`);
  return entity;
};

/** A value for one field; references get a record of their own first. */
async function sampleValue(server: TestServer, token: string, field: FieldDeclaration, suffix: string): Promise<unknown> {
  switch (field.type) {
    case 'int':
      return 7;
    case 'number':
      return 2.5;
    case 'bool':
      return true;
    case 'date':
      return '2026-01-15';
    case 'ref': {
      const saved = await createSample(server, token, entityOf(field.ref!));
      return saved.code;
    }
    case 'lookup': {
      // One record may hold two lookups of one type (a unit conversion's from and to unit): the field name keeps their codes apart.
      const saved = await createSample(server, token, entityOf('Lookup'), { lookup_type: field.lookup, code: `L${field.name}-${suffix}` });
      return saved.code;
    }
    default:
      return `${field.name.slice(0, 8).toUpperCase()}-${suffix}`;
  }
}

export async function sampleRecord(server: TestServer, token: string, entity: EntityDeclaration, overrides: Record<string, unknown> = {}) {
  const suffix = `${Date.now().toString(36)}${++sampleCount}`;
  const record: Record<string, unknown> = {};
  for (const field of entity.fields) {
    // A status with a flow (the equipment ledger's) starts in one of its initial statuses, seeded in 字典.
    const initialStatus = entity.statusFlow?.field === field.name ? entity.statusFlow.initial[0] : undefined;
    record[field.name] = field.name in overrides ? overrides[field.name] : initialStatus ?? (await sampleValue(server, token, field, suffix));
  }
  return record;
}

export async function createSample(server: TestServer, token: string, entity: EntityDeclaration, overrides: Record<string, unknown> = {}) {
  const body = await sampleRecord(server, token, entity, overrides);
  const { status, body: answer } = await server.call('POST', `/${entity.resource}/AddOrModifySave`, { token, body });
  if (status !== 200) throw new Error(`creating a sample ${entity.resource} failed: ${answer.msg}`);
  return answer.data as Record<string, unknown> & { id: string; version: number };
}

/** The grid's search for one field equal to a value (ACTION_TYPE 1). */
export const equalsCondition = (field: string, value: unknown) => ({
  FIELD_NAME: field,
  PARAM_NAME: field,
  ACTION_TYPE: 1,
  DATA_TYPE: 1,
  PARAM_VALUE: String(value),
});

export async function xlsxOf(header: string[], rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  sheet.addRow(header);
  rows.forEach((row) => sheet.addRow(row));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart form with one file, as the portal's upload sends it. */
export function uploadForm(fileName: string, bytes: Buffer, type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') {
  const boundary = 'masterdata-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function describeMasterEntity(entity: EntityDeclaration) {
  describeServer(`${entity.resource} master data`, {}, (server) => {
    it('adds a record, finds it with the grid search, refuses an unchanged or stale save, edits and deletes it', async () => {
      const token = await adminToken(server);
      const path = (op: string) => `/${entity.resource}/${op}`;
      const created = await createSample(server, token, entity);
      expect(created.version).toBe(1);

      const key = entity.fields.find((f) => f.unique)!;
      const found = await server.call('POST', path('LoadData'), { token, body: { conditions: [equalsCondition(key.name, created[key.name])] } });
      expect(found.body.count).toBe(1);
      expect(found.body.data.rows[0].id).toBe(created.id);

      const record = Object.fromEntries(entity.fields.map((f) => [f.name, found.body.data.rows[0][f.name]]));
      const unchanged = await server.call('POST', path('AddOrModifySave'), { token, body: { ...record, id: created.id, version: 1 } });
      expect(unchanged.body.msg).toBe('数据未改动！');

      const editable = entity.fields.find((f) => f.type === 'text' && !f.unique) ?? key;
      const edited = await server.call('POST', path('AddOrModifySave'), {
        token,
        body: { ...record, [editable.name]: `${String(record[editable.name])}-2`, id: created.id, version: 1 },
      });
      expect(edited.status).toBe(200);
      expect(edited.body.data.version).toBe(2);

      const stale = await server.call('POST', path('AddOrModifySave'), { token, body: { ...record, id: created.id, version: 1 } });
      expect(stale.status).toBe(409);

      expect((await server.call('POST', path('Delete'), { token, query: { id: created.id } })).body.msg).toBe('删除成功');
      const gone = await server.call('POST', path('LoadData'), { token, body: { conditions: [equalsCondition(key.name, created[key.name])] } });
      expect(gone.body.count).toBe(0);
    }, 60_000);

    it('refuses what its declaration forbids, naming the field and saying which it is; exports its rows; imports all or nothing', async () => {
      const token = await adminToken(server);
      const path = (op: string) => `/${entity.resource}/${op}`;
      const save = (body: Record<string, unknown>) => server.call('POST', path('AddOrModifySave'), { token, body });
      const label = (field: FieldDeclaration) => field.label['zh-chs'];
      const key = uniqueKeyOf(entity);
      const keyField = entity.fields.find((f) => f.name === key[0])!;
      const countWithKey = async (value: unknown) =>
        (await server.call('POST', path('LoadData'), { token, body: { conditions: [equalsCondition(keyField.name, value)] } })).body.count as number;
      const created = await createSample(server, token, entity);
      // A valid record not saved yet: each refusal below changes one thing of it.
      const fresh = await sampleRecord(server, token, entity);
      // Each refusal is about the one field changed: the answer's place, where the form marks it.
      const about = (field: string) => ({ Field: field });

      // Left empty (the contract refuses a null text before the rules see it, as a bad request).
      for (const field of entity.fields.filter((f) => f.required && ['text', 'ref', 'lookup', 'date'].includes(f.type))) {
        const answer = await save({ ...fresh, [field.name]: '' });
        expect(answer.status, field.name).toBe(400);
        // An empty date is no date: the contract (format: date) refuses it before the rules do, naming the field.
        if (field.type === 'date') expect(answer.body.msg).toBe(translate('zh-chs', 'fieldWrongFormat', { field: `body.${field.name}`, format: 'date' }));
        else expect(answer.body.msg).toContain(translate('zh-chs', 'masterRequired', { field: label(field) }));
        expect(answer.body.data, field.name).toEqual(about(field.name));
      }
      for (const field of entity.fields.filter((f) => f.positive)) {
        const answer = await save({ ...fresh, [field.name]: 0 });
        expect(answer.status, field.name).toBe(400);
        // The contract (exclusiveMinimum) refuses it before the rules do; both say so in the caller's language.
        expect([translate('zh-chs', 'masterNotPositive', { field: label(field) }), translate('zh-chs', 'fieldNotAbove', { field: `body.${field.name}`, limit: 0 })]).toContain(answer.body.msg);
        expect(answer.body.data, field.name).toEqual(about(field.name));
      }
      for (const field of entity.fields.filter((f) => f.type === 'ref' || f.type === 'lookup')) {
        const answer = await save({ ...fresh, [field.name]: 'NO-SUCH-CODE' });
        expect(answer.status, field.name).toBe(400);
        expect(answer.body.msg).toContain(translate('zh-chs', 'masterRefMissing', { field: label(field), value: 'NO-SUCH-CODE' }));
        expect(answer.body.data, field.name).toEqual(about(field.name));
      }
      const duplicate = await save({ ...fresh, ...Object.fromEntries(key.map((name) => [name, created[name]])) });
      expect(duplicate.status).toBeGreaterThanOrEqual(400);
      expect(duplicate.body.msg).toContain(
        translate('zh-chs', 'masterUnique', {
          field: key.map((name) => label(entity.fields.find((f) => f.name === name)!)).join(' + '),
          value: key.map((name) => String(created[name] ?? '')).join(' + '),
        }),
      );
      // A key of several fields is marked on its last (a lookup's code within its type).
      expect(duplicate.body.data).toEqual(about(key[key.length - 1]));
      expect(await countWithKey(fresh[keyField.name])).toBe(0);

      const exported = await server.call('POST', path('ExportData'), { token, body: { conditions: [equalsCondition(keyField.name, created[keyField.name])] } });
      expect(exported.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(exported.rawBody as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect(sheet.rowCount).toBe(2);
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      for (const field of entity.fields) expect(header, field.name).toContain(label(field));
      expect((sheet.getRow(2).values as unknown[]).map(String)).toContain(String(created[keyField.name]));

      // A good row and a bad one (its key repeats the good row's): nothing is written.
      const cell = (field: FieldDeclaration, value: unknown) => (field.type === 'bool' ? (value ? 'Y' : 'N') : value ?? '');
      const row = (record: Record<string, unknown>) => entity.fields.map((field) => cell(field, record[field.name]));
      const form = uploadForm('import.xlsx', await xlsxOf(entity.fields.map((f) => f.name), [row(fresh), row(fresh)]));
      const imported = await server.call('POST', path('Import'), { token, payload: form.payload, headers: form.headers });
      expect(imported.body.msg).toBe(translate('zh-chs', 'masterImportRejected', { count: 1 }));
      expect(imported.body.data.IMPORTED).toBe(0);
      expect(await countWithKey(fresh[keyField.name])).toBe(0);
    }, 60_000);
  });
}
