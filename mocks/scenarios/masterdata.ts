/**
 * Master data in mock mode (issue 16): every declared entity (src/shared/masterdata/entities) gets
 * its grid list and its five operations — LoadData, AddOrModifySave, Delete, ExportData, Import —
 * from its declaration, as the reference server's one CRUD mechanism does (server/crud). Nothing
 * here is written per entity: a new entity from `npm run gen -- master` works on the mocks as soon
 * as it is declared.
 *
 * The rules are the server's: the values are checked by the shared record rules
 * (src/shared/masterdata/record-values.ts) with the catalogue's messages (a new record taking the declared
 * starting values of the fields it leaves out), then references must exist and, when newly chosen, name an
 * enabled record (referenceProblems), the unique key must be free, an edit must carry the version it read and change something,
 * a referenced record cannot be deleted, and renaming a referenced code follows into the records
 * that name it (the server's ON UPDATE CASCADE). An import is all or nothing. Rows are the samples
 * of ./master-samples.ts per organisation, kept in the mock db (a reset starts them over; the
 * browser keeps them across reloads).
 */
import { http } from 'msw';
import type { EntityDeclaration, FieldDeclaration } from '../../src/shared/masterdata/declaration';
import { referenceKeyOf, uniqueKeyOf } from '../../src/shared/masterdata/declaration';
import { masterEntities } from '../../src/shared/masterdata/entities';
import {
  checkRecordValues,
  omitsInitialValues,
  recordRefusal,
  referenceProblems,
  sameValue,
  uniqueKeyProblem,
  withInitialValues,
  type RecordValues,
} from '../../src/shared/masterdata/record-values';
import { headerFields, plainCellValue, rowCells, sheetColumns, sheetHeader } from '../../src/shared/masterdata/sheet-rows';
import { translate, type MessageKey, type MessageParams } from '../../src/shared/messages/catalogue';
import { Refusal } from '../../src/shared/messages/refusal';
import { fileRefusal, receivedFileRefusal, UPLOAD_FILE_FIELD } from '../../src/shared/upload-rules';
import { SYSTEM_LOOKUPS } from '../../server/db/seed/system-data';
import { STOCK_REF_ENTITIES, suggestionsAmong } from '../../src/shared/masterdata/suggestions';
import { masterCodeState, type MasterCodeLookup } from '../../src/shared/masterdata/code-state';
import type { paths } from '../../src/api/schema';
import { scenarioState } from '../db';
import { DEMO_ORGANIZATIONS } from './demo-data';
import { queryMockList, type MockList, type MockListQuery } from './listparam';
import { keyTextOf, referenceOf, sampleRow, SAMPLE_ROWS, systemRows, type MasterRow } from './master-samples';
import { answerSignedIn as answer, XLSX_TYPE, type SignedIn } from './answers';

const byResource = new Map(masterEntities.map((entity) => [entity.resource, entity]));
const entityOf = (resource: string) => byResource.get(resource)!;

// ---- state -------------------------------------------------------------------------------------

interface MasterState {
  /** Resource -> its rows in every organisation (org_id on each row of an organisation's entity). */
  rows: Map<string, MasterRow[]>;
  nextId: number;
}

const masterState = () => scenarioState<MasterState>('masterdata', () => ({ rows: new Map(), nextId: 0 }));
const newId = () => `mock-md-${++masterState().nextId}`;
const now = () => new Date().toISOString();

/** The organisations an organisation's entity has rows in; one pseudo-organisation for a plant-wide one. */
const orgIdsOf = (entity: EntityDeclaration) => (entity.orgScoped ? DEMO_ORGANIZATIONS.map((org) => org.Id) : [undefined]);

/** An entity's rows, made from the samples on first use (the entities it references first). */
function rowsOf(entity: EntityDeclaration, making: ReadonlySet<string> = new Set()): MasterRow[] {
  const state = masterState();
  const existing = state.rows.get(entity.resource);
  if (existing) return existing;
  if (making.has(entity.resource)) return []; // a reference cycle: the later entity's samples name none
  const inProgress = new Set([...making, entity.resource]);
  const rows: MasterRow[] = [];
  for (const orgId of orgIdsOf(entity)) {
    const inOrg = (row: MasterRow) => !entity.orgScoped || row.org_id === orgId;
    const context = {
      keysOf: (resource: string) => {
        const target = entityOf(resource);
        const scoped = rowsOf(target, inProgress).filter((row) => !target.orgScoped || row.org_id === orgId);
        return scoped.map((row) => referenceOf(target, row)).filter((key): key is string => key !== undefined);
      },
      lookupCodes: (lookupType: string) => SYSTEM_LOOKUPS.filter(([type]) => type === lookupType).map(([, code]) => code),
    };
    const samples = systemRows(entity) ?? Array.from({ length: SAMPLE_ROWS }, (_, i) => sampleRow(entity, i, context));
    const keys = new Set<string>();
    for (const sample of samples) {
      if (!sample) continue;
      const key = keyTextOf(entity, sample);
      if (uniqueKeyOf(entity).length && keys.has(key)) continue;
      keys.add(key);
      const at = new Date(Date.UTC(2026, 0, 5, 8, rows.filter(inOrg).length)).toISOString();
      rows.push({ ...sample, id: newId(), ...(entity.orgScoped ? { org_id: orgId } : {}), version: 1, created_at: at, updated_at: at });
    }
  }
  state.rows.set(entity.resource, rows);
  return rows;
}

const inScope = (entity: EntityDeclaration, orgId: string) => (row: MasterRow) => !entity.orgScoped || row.org_id === orgId;

// ---- the grid lists ----------------------------------------------------------------------------

/** The 字典 labels of a lookup field, as the server's list_column_meta gives the grid. */
const labelsOf = (field: FieldDeclaration) =>
  SYSTEM_LOOKUPS.filter(([type]) => type === field.lookup).map(([, code, name, nameEn]) => ({ code, name, nameEn }));

const COLUMN_TYPES = { text: 'text', ref: 'text', lookup: 'text', int: 'number', number: 'number', bool: 'boolean', date: 'date' } as const;
/** Search settings as the master-table migration writes them: DATA_TYPE 1 text, 3 number, 4 date; ACTION_TYPE 6 like, 1 equals. */
const SEARCH = { text: [1, 6], ref: [1, 6], lookup: [1, 6], int: [3, 1], number: [3, 1], date: [4, 1] } as const;

/** An entity's grid list as the server's master-table migration makes it (server/db/migrations/frozen/master-table-v1.ts). */
/** The rows with the columns the list works out (the server's list view computes the same in SQL). */
function withDerived(entity: EntityDeclaration, rows: MasterRow[]): MasterRow[] {
  const derived = entity.derived;
  if (!derived?.length) return rows;
  const today = new Date();
  return rows.map((row) => ({ ...row, ...Object.fromEntries(derived.map((column) => [column.name, column.of(row, today)])) }));
}

function listOf(entity: EntityDeclaration): MockList {
  const searchable = entity.fields.filter((field) => field.type !== 'bool');
  return {
    listRoute: entity.listRoute,
    title: entity.title['zh-chs'],
    titleEn: entity.title.en,
    keyField: 'id',
    menuCode: entity.menuCode,
    orgScoped: entity.orgScoped,
    defaultSort: uniqueKeyOf(entity).join(', ') || undefined,
    columns: [
      ...entity.fields.map((field) => ({
        name: field.name,
        caption: field.label['zh-chs'],
        captionEn: field.label.en,
        type: COLUMN_TYPES[field.type],
        ...(field.type === 'lookup' ? { labels: labelsOf(field) } : {}),
      })),
      ...(entity.derived ?? []).map((column) => ({ name: column.name, caption: column.label['zh-chs'], captionEn: column.label.en, type: COLUMN_TYPES[column.type] })),
      { name: 'id', caption: 'ID', type: 'text', hidden: true },
      ...(entity.orgScoped ? [{ name: 'org_id', caption: '组织', captionEn: 'Organisation', type: 'text' as const, hidden: true }] : []),
      { name: 'version', caption: '版本', captionEn: 'Version', type: 'number', hidden: true },
      { name: 'created_at', caption: '创建时间', captionEn: 'Created at', type: 'datetime', hidden: true },
      { name: 'updated_at', caption: '修改时间', captionEn: 'Updated at', type: 'datetime', hidden: true },
    ],
    rows: [],
    liveRows: () => withDerived(entity, rowsOf(entity)),
    settings: searchable.map((field, index) => ({
      ORD_IDX: (index + 1) * 10,
      PARAM_NAME: field.name,
      PARAM_CAPTION: field.label['zh-chs'],
      FIELD_NAME: field.name,
      DATA_TYPE: SEARCH[field.type as keyof typeof SEARCH][0],
      ACTION_TYPE: SEARCH[field.type as keyof typeof SEARCH][1],
      IS_FAST_SEARCH: field.unique || index < 2 ? 'Y' : 'N',
      IS_PAGING: 'N',
    })) as MockList['settings'],
  };
}

/** Every master entity's grid list (ListParam/* and the entity's own LoadData read them). */
export const MASTER_MOCK_LISTS: readonly MockList[] = masterEntities.map(listOf);
const listOfEntity = new Map(masterEntities.map((entity, index) => [entity.resource, MASTER_MOCK_LISTS[index]]));

// ---- the rules ---------------------------------------------------------------------------------

/**
 * The state of the record a reference or lookup value names in the organisation (code-state.ts: none, its 启用
 * off, or on): a reference by the target's key, a lookup by its 字典 code of that type. What the shared
 * referenceProblems asks.
 */
const referenceStateIn = (orgId: string) => (field: FieldDeclaration, value: string) => {
  const target = entityOf(field.type === 'ref' ? field.ref! : 'Lookup');
  const named =
    field.type === 'ref'
      ? (row: MasterRow) => row[referenceKeyOf(target)] === value
      : (row: MasterRow) => row.lookup_type === field.lookup && row.code === value;
  return masterCodeState(rowsOf(target).find((row) => inScope(target, orgId)(row) && named(row)));
};

/** The record of the caller's organisation with the same unique key, if any. */
function clashOf(entity: EntityDeclaration, orgId: string, values: RecordValues): MasterRow | undefined {
  if (!uniqueKeyOf(entity).length) return undefined;
  const key = keyTextOf(entity, values);
  return rowsOf(entity).find((row) => inScope(entity, orgId)(row) && keyTextOf(entity, row) === key);
}

/** The entities' fields that reference `entity` (by its key). */
const referencingFields = (entity: EntityDeclaration) =>
  masterEntities.flatMap((other) => other.fields.filter((f) => f.type === 'ref' && f.ref === entity.resource).map((field) => ({ other, field })));

/** Whether any record of the organisation names this one. */
function isReferenced(entity: EntityDeclaration, orgId: string, row: MasterRow): boolean {
  const key = referenceOf(entity, row);
  if (key === undefined) return false;
  return referencingFields(entity).some(({ other, field }) => rowsOf(other).some((r) => inScope(other, orgId)(r) && r[field.name] === key));
}

/** A renamed key follows into the records that name it (ON UPDATE CASCADE on the server). */
function cascadeRename(entity: EntityDeclaration, orgId: string, from: string, to: string) {
  for (const { other, field } of referencingFields(entity)) {
    for (const r of rowsOf(other)) if (inScope(other, orgId)(r) && r[field.name] === from) r[field.name] = to;
  }
}

// ---- answers -----------------------------------------------------------------------------------

const refuse = (status: number, key: MessageKey, params?: MessageParams) => new Refusal(status, key, params);
type Caller = Pick<SignedIn, 'orgId' | 'language' | 'user'>;

const ok = (data: unknown, msg = '') => ({ code: 200, msg, data });
/** A row as the wire has it: the declared fields and the bookkeeping columns. */
const wireRow = (row: MasterRow) => ({ ...row });

// ---- the operations ----------------------------------------------------------------------------

function save(entity: EntityDeclaration, caller: Caller, body: Record<string, unknown> & { id?: string; version?: number }) {
  const { language, orgId } = caller;
  // Each refusal is about the field it names, when it names one (the form marks it). A new record takes the
  // declared starting values of the fields it leaves out (启用 on, as the form starts).
  const { values, problems } = checkRecordValues(entity, body.id ? body : withInitialValues(entity, body), language);
  if (problems.length) throw recordRefusal(problems);
  const rows = rowsOf(entity);
  const current = body.id ? rows.find((row) => row.id === body.id && inScope(entity, orgId)(row)) : undefined;
  const badReferences = referenceProblems(entity, values, current, referenceStateIn(orgId), language);
  if (badReferences.length) throw recordRefusal(badReferences);
  const clash = clashOf(entity, orgId, values);
  if (clash && clash.id !== body.id) throw recordRefusal([uniqueKeyProblem(entity, values, language)]);
  if (!body.id) {
    const at = now();
    const row: MasterRow = { ...values, id: newId(), ...(entity.orgScoped ? { org_id: orgId } : {}), version: 1, created_at: at, updated_at: at };
    rows.push(row);
    return ok(wireRow(row), translate(language, 'masterSaved'));
  }
  if (body.version === undefined) throw refuse(400, 'masterVersionRequired');
  if (!current) throw refuse(404, 'masterNotFound');
  if (current.version !== body.version) throw refuse(409, 'masterStale');
  if (entity.fields.every((f) => sameValue(f, current[f.name], values[f.name]))) throw refuse(400, 'masterUnchanged');
  const oldKey = referenceOf(entity, current);
  Object.assign(current, values, { version: current.version + 1, updated_at: now() });
  const newKey = referenceOf(entity, current);
  if (oldKey !== undefined && newKey !== undefined && oldKey !== newKey) cascadeRename(entity, orgId, oldKey, newKey);
  return ok(wireRow(current), translate(language, 'masterSaved'));
}

function remove(entity: EntityDeclaration, caller: Caller, id: string | null) {
  const rows = rowsOf(entity);
  const index = rows.findIndex((row) => row.id === id && inScope(entity, caller.orgId)(row));
  if (index < 0) throw refuse(404, 'masterNotFound');
  if (isReferenced(entity, caller.orgId, rows[index])) throw refuse(400, 'masterInUse');
  rows.splice(index, 1);
  return ok(1, translate(caller.language, 'masterDeleted'));
}

async function exportRows(entity: EntityDeclaration, caller: Caller, body: MockListQuery): Promise<Response> {
  const { data } = queryMockList(listOfEntity.get(entity.resource)!, { orgId: caller.orgId, userName: caller.user.USER_NAME }, { conditions: body.conditions, sort: body.sort, Page: 1, Limit: 1_000_000 });
  // exceljs runs in the browser as on the server; loaded when a tester exports, not with the mocks.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(entity.title[caller.language].slice(0, 31));
  sheet.addRow(sheetHeader(entity, caller.language));
  const columns = sheetColumns(entity);
  for (const row of data.rows) {
    sheet.addRow(columns.map((column) => {
      const value = row[column.name];
      if (value === null || value === undefined) return null;
      return column.type === 'bool' ? (value ? 'Y' : 'N') : value;
    }));
  }
  const bytes = await workbook.xlsx.writeBuffer();
  const fileName = `${entity.title[caller.language]}.xlsx`;
  return new Response(bytes, {
    status: 200,
    headers: { 'Content-Type': XLSX_TYPE, 'Content-Disposition': `attachment; filename="${entity.resource}.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}` },
  });
}

async function importFile(entity: EntityDeclaration, caller: Caller, request: Request) {
  const { language, orgId } = caller;
  const form = await request.formData();
  const file = form.get('file');
  // Duck-typed: under Node the form's file is undici's File, not the test environment's Blob.
  const upload = typeof file === 'object' && file !== null && 'arrayBuffer' in file ? (file as File) : undefined;
  const refused = upload && receivedFileRefusal(`${entity.resource}Import`, UPLOAD_FILE_FIELD, upload);
  if (refused) throw refused;
  if (!upload || !/\.xlsx$/i.test(upload.name ?? '')) throw fileRefusal(UPLOAD_FILE_FIELD, 'masterImportFileType');
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(await upload.arrayBuffer());
  } catch {
    throw fileRefusal(UPLOAD_FILE_FIELD, 'masterImportFileType');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse(400, 'masterImportEmpty');
  const fieldOf = headerFields(entity);
  const columnFields: (string | undefined)[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, column) => {
    const text = String(plainCellValue(cell.value) ?? '').trim();
    if (!text) return;
    const field = fieldOf(text);
    if (field === undefined) throw refuse(400, 'masterImportUnknownColumn', { column: text });
    if (field) columnFields[column - 1] = field;
  });
  const sheetRows: { rowNumber: number; cells: Record<string, unknown> }[] = [];
  sheet.eachRow((row, rowNumber) => {
    const cells = rowNumber > 1 ? rowCells(columnFields, (column) => row.getCell(column).value) : undefined;
    if (cells) sheetRows.push({ rowNumber, cells });
  });
  if (!sheetRows.length) throw refuse(400, 'masterImportEmpty');

  const errors = new Map<number, string[]>();
  const addError = (row: number, message: string) => errors.set(row, [...(errors.get(row) ?? []), message]);
  const firstRowOfKey = new Map<string, number>();
  const checked = sheetRows.map(({ rowNumber, cells }) => {
    const asSent = checkRecordValues(entity, cells, language);
    // A row whose key no record holds makes a new one: it takes the declared starting values of the columns the
    // sheet leaves out, and its references are all newly chosen (the server's rule).
    const stored = uniqueKeyOf(entity).every((name) => asSent.values[name] !== undefined) ? clashOf(entity, orgId, asSent.values) : undefined;
    const { values, problems } = !stored && omitsInitialValues(entity, cells) ? checkRecordValues(entity, withInitialValues(entity, cells), language) : asSent;
    problems.forEach((p) => addError(rowNumber, p.message));
    if (!problems.length) {
      referenceProblems(entity, values, stored, referenceStateIn(orgId), language).forEach((problem) => addError(rowNumber, problem.message));
      if (uniqueKeyOf(entity).length) {
        const key = keyTextOf(entity, values);
        const first = firstRowOfKey.get(key);
        if (first === undefined) firstRowOfKey.set(key, rowNumber);
        else addError(rowNumber, `${uniqueKeyProblem(entity, values, language).message}（${translate(language, 'masterImportDuplicate', { row: first })}）`);
      }
    }
    return values;
  });
  if (errors.size) {
    return ok(
      { IMPORTED: 0, ERRORS: [...errors].sort(([a], [b]) => a - b).map(([ROW, messages]) => ({ ROW, MESSAGE: messages.join('；') })) },
      translate(language, 'masterImportRejected', { count: errors.size }),
    );
  }
  // All or nothing: every row was checked above, so none of these writes can fail half-way.
  const rows = rowsOf(entity);
  for (const values of checked) {
    const found = clashOf(entity, orgId, values);
    if (!found) {
      const at = now();
      rows.push({ ...values, id: newId(), ...(entity.orgScoped ? { org_id: orgId } : {}), version: 1, created_at: at, updated_at: at });
    } else if (!entity.fields.every((f) => sameValue(f, found[f.name], values[f.name]))) {
      Object.assign(found, values, { version: found.version + 1, updated_at: now() });
    }
  }
  return ok({ IMPORTED: checked.length, ERRORS: [] }, translate(language, 'masterImported', { count: checked.length }));
}

/** The rows of an entity in one organisation (all of a plant-wide entity's), for the mocks of other calls. */
export const masterRowsIn = (resource: string, orgId: string): MasterRow[] => {
  const entity = entityOf(resource);
  return rowsOf(entity).filter((row) => !entity.orgScoped || row.org_id === orgId);
};

/** The shared code-state lookup (src/shared/masterdata/code-state.ts) in the organisation's master rows. */
export const masterCodeLookup = (orgId: string): MasterCodeLookup => ({
  stateOf: (entity, code) => masterCodeState(masterRowsIn(entity, orgId).find((row) => row.code === code)),
  locatorStateOf: (sic, loc) => masterCodeState(masterRowsIn('Locator', orgId).find((row) => row.code === loc && row.storage_location_code === sic)),
});

type StockRefOptionsInput = paths['/Stock/RefOptions']['post']['requestBody']['content']['application/json'];

export function masterDataHandlers(baseUrl: string) {
  // A stock screen's code field: the master rows it names (the bill form's are in bills.ts, under its type's rules).
  const stockSuggestions = http.post(`${baseUrl}/Stock/RefOptions`, async ({ request }) => {
    const { Field, Key, Sic } = (await request.json()) as StockRefOptionsInput;
    const entity = STOCK_REF_ENTITIES[Field];
    return answer(request, (caller) => ({ code: 200, msg: '', data: suggestionsAmong(masterRowsIn(entity, caller.orgId), entity, Key, Sic) }));
  });
  return [stockSuggestions, ...masterDataEntityHandlers(baseUrl)];
}

/** The five operations of every declared entity. */
function masterDataEntityHandlers(baseUrl: string) {
  return masterEntities.flatMap((entity) => {
    const path = (op: string) => `${baseUrl}/${entity.resource}/${op}`;
    const list = listOfEntity.get(entity.resource)!;
    return [
      http.post(path('LoadData'), async ({ request }) => {
        const body = (await request.json()) as MockListQuery;
        return answer(request, (caller) => queryMockList(list, { orgId: caller.orgId, userName: caller.user.USER_NAME }, body));
      }),
      http.post(path('AddOrModifySave'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        return answer(request, (caller) => save(entity, caller, body));
      }),
      http.post(path('Delete'), ({ request }) => answer(request, (caller) => remove(entity, caller, new URL(request.url).searchParams.get('id')))),
      http.post(path('ExportData'), async ({ request }) => {
        const body = ((await request.json().catch(() => ({}))) ?? {}) as MockListQuery;
        return answer(request, (caller) => exportRows(entity, caller, body));
      }),
      http.post(path('Import'), ({ request }) => answer(request, (caller) => importFile(entity, caller, request))),
    ];
  });
}
