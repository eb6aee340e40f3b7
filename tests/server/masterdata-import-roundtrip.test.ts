/**
 * Export → import round trip over every master-data declaration (issue 12.1: importing the
 * standard packs' own export failed on their unique key). Re-importing an export changes nothing;
 * changing one value in it updates exactly that record.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { masterEntities } from '../../src/shared/masterdata/entities/index.ts';
import type { EntityDeclaration, FieldDeclaration } from '../../src/shared/masterdata/declaration.ts';
import { adminToken, createSample, F01, uploadForm } from './support/masterdata.ts';
import { describeServer, type TestServer } from './support/test-server.ts';

/** id → the row's version and update time, so any write to a row shows. */
async function snapshot(server: TestServer, entity: EntityDeclaration) {
  const scope = entity.orgScoped ? sql`org_id = ${F01}` : sql`true`;
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(entity.table)} where ${scope}`.execute(server.db);
  return new Map(rows.map((row) => [String(row.id), row]));
}

const stamp = (row: Record<string, unknown>) => `${String(row.version)}@${new Date(row.updated_at as string).toISOString()}`;

/** A value different from `value` that the field accepts, or undefined when the field is not one to change here. */
function changed(field: FieldDeclaration, value: ExcelJS.CellValue): ExcelJS.CellValue | undefined {
  if (field.unique || field.type === 'ref' || field.type === 'lookup') return undefined;
  if (field.type === 'text') return `${String(value ?? '')}-改`;
  if (field.type === 'int' || field.type === 'number') return Number(value ?? 0) + 1;
  if (field.type === 'bool') return value === 'Y' ? 'N' : 'Y';
  if (field.type === 'date') return value === '2027-03-04' ? '2027-03-05' : '2027-03-04';
  return undefined;
}

async function importFile(server: TestServer, token: string, entity: EntityDeclaration, bytes: Buffer) {
  const form = uploadForm(`${entity.resource}.xlsx`, bytes);
  return server.call('POST', `/${entity.resource}/Import`, { token, payload: form.payload, headers: form.headers });
}

describeServer('master-data export → import round trip', {}, (server) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken(server);
  });

  for (const entity of masterEntities) {
    it(`${entity.resource}: importing its own export changes nothing; one changed value updates exactly that record`, async () => {
      const sample = await createSample(server, token, entity);
      await createSample(server, token, entity);
      const before = await snapshot(server, entity);

      const exported = await server.call('POST', `/${entity.resource}/ExportData`, { token, body: {} });
      expect(exported.status).toBe(200);
      const unchanged = await importFile(server, token, entity, exported.rawBody);
      expect(unchanged.status).toBe(200);
      expect(unchanged.body.data?.ERRORS, `${unchanged.status} ${JSON.stringify(unchanged.body)}`).toEqual([]);
      expect(unchanged.body.data.IMPORTED).toBe(before.size);
      const afterUnchanged = await snapshot(server, entity);
      expect([...afterUnchanged.keys()].sort()).toEqual([...before.keys()].sort());
      for (const [id, row] of afterUnchanged) expect(stamp(row), `${entity.resource} ${id}`).toBe(stamp(before.get(id)!));

      // The sample's row of the export, with one value changed.
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(exported.rawBody as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      const keyFields = entity.fields.map((f, index) => ({ field: f, column: index + 1 })).filter(({ field }) => field.unique);
      let target: ExcelJS.Row | undefined;
      sheet.eachRow((row, rowNumber) => {
        if (rowNumber > 1 && keyFields.every(({ field, column }) => String(row.getCell(column).value) === String(sample[field.name]))) target = row;
      });
      expect(target, 'the sample is in the export').toBeDefined();
      // A text field first: a changed number may break a whole-record rule (an AQL must be one of the standard's values).
      const candidates = entity.fields.map((f, index) => ({ field: f, column: index + 1 })).filter(({ field, column }) => changed(field, target!.getCell(column).value) !== undefined);
      const editable = candidates.find(({ field }) => field.type === 'text') ?? candidates[0];
      expect(editable, `${entity.resource} has a field the test can change`).toBeDefined();
      const cell = target!.getCell(editable!.column);
      cell.value = changed(editable!.field, cell.value)!;
      const edited = await importFile(server, token, entity, Buffer.from(await workbook.xlsx.writeBuffer()));
      expect(edited.body.data?.ERRORS, `${edited.status} ${JSON.stringify(edited.body)}`).toEqual([]);

      const afterEdit = await snapshot(server, entity);
      expect(afterEdit.size).toBe(before.size);
      for (const [id, row] of afterEdit) {
        if (id === sample.id) {
          expect(row.version).toBe(sample.version + 1);
          expect(row[editable!.field.name]).not.toEqual(before.get(id)![editable!.field.name]);
        } else {
          expect(stamp(row), `${entity.resource} ${id}`).toBe(stamp(before.get(id)!));
        }
      }
    }, 120_000);
  }
});
