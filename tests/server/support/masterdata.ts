/**
 * Master-data test helpers: a signed-in super administrator, sample records made from an entity's
 * declaration (creating what its references need), and `describeMasterEntity`, the round trip every
 * generated entity test runs (add, find with the grid's search, unchanged save, edit, stale edit, delete).
 */
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import type { EntityDeclaration, FieldDeclaration } from '../../../src/shared/masterdata/declaration.ts';
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
    record[field.name] = field.name in overrides ? overrides[field.name] : await sampleValue(server, token, field, suffix);
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
  });
}
