/**
 * The one CRUD mechanism of master data: from an entity declaration
 * (src/shared/masterdata/declaration.ts) it makes the five operations the contract gives every master
 * entity — `<resource>LoadData`, `AddOrModifySave`, `Delete`, `ExportData`, `Import` — so an
 * entity is a declaration, never a copy of handler code.
 *
 * Rules, each in one place here: the organisation scope (every statement filters by the caller's
 * org_id when the entity is org-scoped), required and typed values (values.ts), a new record's starting
 * values for the fields it leaves out, the unique key, references that must exist and, when newly
 * chosen, name an enabled record (record-values.ts referenceProblems), a referenced record cannot be deleted ('该记录正在使用中，不能删除',
 * by the foreign keys the migrations create), an unchanged save is refused ('数据未改动！'), and an
 * edit must carry the version it read (optimistic concurrency: a stale edit is refused). Every
 * write runs in one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { components } from '../../src/api/schema';
import { referenceKeyOf, SECRET_MASK, uniqueKeyOf, type EntityDeclaration, type FieldDeclaration } from '../../src/shared/masterdata/declaration.ts';
import { authOf, sqlCallerOf, type RequestAuth } from '../access.ts';
import type { ServerContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import type { DB } from '../db/database.ts';
import { Problem } from '../http/problem.ts';
import { fileRefusal, UPLOAD_FILE_FIELD } from '../../src/shared/upload-rules.ts';
import { isUniqueViolation } from '../http/unique-violations.ts';
import { exactResult } from '../http/operations.ts';
import { ok } from '../http/responses.ts';
import { languageOf, translate, type Language } from '../../src/shared/messages/catalogue.ts';
import { readListByKey } from '../query/list-export.ts';
import { queryList } from '../query/list-query.ts';
import type { SqlCaller } from '../query/list-source.ts';
import { errorReport, readSheet, streamWorkbook, XLSX_LIMITS, XLSX_TYPE, type ReadSheet } from './excel.ts';
import { GateBusy, masterImportGate } from './import-gate.ts';
import { ZipRefused } from './zip-limits.ts';
import {
  checkRecordValues,
  dateOfStored,
  omitsInitialValues,
  recordRefusal,
  referenceFields,
  referenceProblems,
  sameValue,
  uniqueKeyProblem,
  withInitialValues,
  type ColumnValue,
  type RecordValues,
} from '../../src/shared/masterdata/record-values.ts';
import { masterCodeState, type MasterCodeState } from '../../src/shared/masterdata/code-state.ts';

type SearchCondition = components['schemas']['SearchCondition'];
type SortField = components['schemas']['ListSortField'];

interface LoadBody {
  conditions?: SearchCondition[];
  Page?: number;
  Limit?: number;
  sort?: SortField[];
  wantAggregates?: boolean;
}
interface SaveBody extends Record<string, unknown> {
  id?: string;
  version?: number;
}
/** The multipart form of Import, as server/http/uploads.ts puts it on the body (file: base64). */
interface ImportForm {
  file: { name: string; base64: string };
}

type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
type Handler<Result = unknown> = (request: FastifyRequest, reply: FastifyReply) => Promise<Result>;

/**
 * Every entity's operations answer these schemas (the generator writes them so); a save answers the
 * entity's own `<Entity>SaveResponse`, whose row is the declaration's fields, only known at run time.
 */
const loadResult = exactResult<Schema<'ListQueryDataResponse'>>();
const saveResult = exactResult<Schema<'Wrapper'> & { data: Record<string, unknown> }>();
const deleteResult = exactResult<Schema<'MasterDeleteResponse'>>();
const importResult = exactResult<Schema<'MasterImportResponse'>>();

/** PostgreSQL's restrict_violation (ON DELETE RESTRICT) and foreign_key_violation: a delete that would leave a reference dangling. */
const REFERENCE_VIOLATIONS = new Set(['23001', '23503']);

const languageOfRequest = (request: FastifyRequest): Language => languageOf(request.headers['accept-language']);

/** Everything about one entity the handlers need, worked out once. */
class EntityStore {
  readonly uniqueKey: string[];

  constructor(
    readonly entity: EntityDeclaration,
    private readonly entities: ReadonlyMap<string, EntityDeclaration>,
  ) {
    this.uniqueKey = uniqueKeyOf(entity);
  }

  private table = () => sql.table(this.entity.table);

  /** The one organisation filter: every read and write of the entity's rows goes through it. */
  scope(auth: RequestAuth, alias?: string): RawBuilder<unknown> {
    if (!this.entity.orgScoped) return sql`true`;
    return sql`${alias ? sql.id(alias, 'org_id') : sql.id('org_id')} = ${auth.orgId}`;
  }

  async findById(trx: Transaction<Database>, auth: RequestAuth, id: string, forUpdate = false) {
    const { rows } = await sql<Record<string, unknown>>`
      select * from ${this.table()} where id = ${id} and ${this.scope(auth)} ${forUpdate ? sql`for update` : sql``}`.execute(trx);
    return rows[0];
  }

  /**
   * Existing rows (whole) among `keys`, by key text (JSON of the key values). The keys travel as one
   * array parameter per key column joined with unnest: any number of keys in one statement (no
   * bind-parameter limit) and a plain equi-join for any key width. A row-value IN list of a few
   * hundred composite keys is what failed before (issue 12.1: PGlite found none of the standard
   * packs of an exported file, so they were inserted again and hit the unique key).
   */
  async existingByKey(trx: Transaction<Database> | DB, auth: RequestAuth, keys: ColumnValue[][]) {
    const found = new Map<string, Record<string, unknown>>();
    if (!this.uniqueKey.length || !keys.length) return found;
    const fields = this.uniqueKey.map((c) => this.field(c));
    const keyColumn = (index: number) => sql.id(`key_${index}`);
    const arrays = fields.map((field, index) => typedArray(field, keys.map((values) => values[index])));
    const matches = fields.map((field, index) => sql`t.${sql.id(field.name)} = k.${keyColumn(index)}`);
    const { rows } = await sql<Record<string, unknown>>`
      select t.* from ${this.table()} as t
      join unnest(${sql.join(arrays)}) as k(${sql.join(fields.map((_, index) => keyColumn(index)))}) on ${sql.join(matches, sql` and `)}
      where ${this.scope(auth, 't')}`.execute(trx);
    for (const row of rows) found.set(keyText(fields.map((field) => keyValueOfStored(field, row[field.name]))), row);
    return found;
  }

  field(name: string): FieldDeclaration {
    return this.entity.fields.find((f) => f.name === name)!;
  }

  /**
   * The records a reference/lookup field's values name (in the caller's organisation), by value: whether each is
   * enabled or disabled (its 启用, code-state.ts; an entity without one is always enabled); a value naming none
   * is not in the map (missing).
   */
  async referenceStates(trx: Transaction<Database> | DB, auth: RequestAuth, field: FieldDeclaration, values: string[]): Promise<Map<string, MasterCodeState>> {
    const wanted = [...new Set(values)];
    if (!wanted.length) return new Map();
    const target = field.type === 'ref' ? this.entities.get(field.ref!)! : this.entities.get('Lookup')!;
    const targetStore = new EntityStore(target, this.entities);
    const enabled = target.fields.some((f) => f.name === 'enabled') ? sql.id('enabled') : sql`null`;
    const { rows } =
      field.type === 'ref'
        ? await sql<{ value: string; enabled: boolean | null }>`
            select ${sql.id(referenceKeyOf(target))} as value, ${enabled} as enabled from ${sql.table(target.table)}
            where ${targetStore.scope(auth)} and ${sql.id(referenceKeyOf(target))} = any(${wanted}::text[])`.execute(trx)
        : await sql<{ value: string; enabled: boolean | null }>`
            select code as value, ${enabled} as enabled from ${sql.table(target.table)}
            where ${targetStore.scope(auth)} and lookup_type = ${field.lookup!} and code = any(${wanted}::text[])`.execute(trx);
    return new Map(rows.map((row) => [String(row.value), masterCodeState(row)]));
  }

  /** The states of the records `rows` name, one query per reference/lookup field; what the shared referenceProblems asks. */
  async referenceStatesOf(trx: Transaction<Database> | DB, auth: RequestAuth, rows: readonly RecordValues[]) {
    const states = new Map<string, Map<string, MasterCodeState>>();
    for (const field of referenceFields(this.entity)) {
      const used = rows.map((values) => values[field.name]).filter((value) => value !== null && value !== undefined);
      states.set(field.name, await this.referenceStates(trx, auth, field, used.map(String)));
    }
    return (field: FieldDeclaration, value: string): MasterCodeState => states.get(field.name)?.get(value) ?? 'missing';
  }

  async insert(trx: Transaction<Database>, auth: RequestAuth, rows: RecordValues[]) {
    if (!rows.length) return [];
    const columns = ['id', ...(this.entity.orgScoped ? ['org_id'] : []), ...this.entity.fields.map((f) => f.name)];
    // Batches keep each statement under PostgreSQL's 65,535 bind parameters.
    const batchSize = Math.max(1, Math.floor(30_000 / columns.length));
    const inserted: Record<string, unknown>[] = [];
    for (let start = 0; start < rows.length; start += batchSize) {
      const tuples = rows.slice(start, start + batchSize).map((values) => {
        const all: ColumnValue[] = [randomUUID(), ...(this.entity.orgScoped ? [auth.orgId] : []), ...this.entity.fields.map((f) => values[f.name])];
        return sql`(${sql.join(all.map((v) => sql`${v}`))})`;
      });
      const { rows: added } = await sql<Record<string, unknown>>`
        insert into ${this.table()} (${sql.join(columns.map((c) => sql.id(c)))}) values ${sql.join(tuples)} returning *`.execute(trx);
      inserted.push(...added);
    }
    return inserted;
  }

  async update(trx: Transaction<Database>, auth: RequestAuth, id: string, values: RecordValues) {
    const sets = this.entity.fields.map((f) => sql`${sql.id(f.name)} = ${values[f.name]}`);
    const { rows } = await sql<Record<string, unknown>>`
      update ${this.table()} set ${sql.join([...sets, sql`version = version + 1`, sql`updated_at = now()`])}
      where id = ${id} and ${this.scope(auth)} returning *`.execute(trx);
    return rows[0];
  }

  /** Updates many rows by id, a batch per statement (one array parameter per column, whatever the batch size). */
  async updateMany(trx: Transaction<Database>, auth: RequestAuth, changes: { id: string; values: RecordValues }[]) {
    for (let start = 0; start < changes.length; start += WRITE_BATCH_ROWS) {
      const batch = changes.slice(start, start + WRITE_BATCH_ROWS);
      const fields = this.entity.fields;
      const arrays = [sql`${batch.map((c) => c.id)}::text[]`, ...fields.map((f) => typedArray(f, batch.map((c) => c.values[f.name])))];
      const sets = fields.map((f) => sql`${sql.id(f.name)} = v.${sql.id(f.name)}`);
      await sql`
        update ${this.table()} as t set ${sql.join([...sets, sql`version = t.version + 1`, sql`updated_at = now()`])}
        from unnest(${sql.join(arrays)}) as v(${sql.join([sql.id('id'), ...fields.map((f) => sql.id(f.name))])})
        where t.id = v.id and ${this.scope(auth, 't')}`.execute(trx);
    }
  }
}

/** Rows per update statement of an import. */
const WRITE_BATCH_ROWS = 5000;
/** The column type of each field type (server/db/migrations/frozen/master-table-v1.ts makes the columns), for typed array parameters. */
const ARRAY_TYPES = { text: 'text', ref: 'text', lookup: 'text', int: 'integer', number: 'numeric', bool: 'boolean', date: 'date' } as const;
const typedArray = (field: FieldDeclaration, values: ColumnValue[]) => sql`${values}::${sql.raw(ARRAY_TYPES[field.type])}[]`;

const keyText = (values: ColumnValue[]) => JSON.stringify(values);
/**
 * A stored key value as checkRecordValues gives it for the field's type, so keys compare by type:
 * a text code that looks like a number ('1', a lookup code) stays text (issue 12.1: it was turned
 * into a number, so an imported '1' never matched its stored row).
 */
function keyValueOfStored(field: FieldDeclaration, value: unknown): ColumnValue {
  if (value === null || value === undefined) return null;
  if (field.type === 'int' || field.type === 'number') return Number(value);
  if (field.type === 'date') return dateOfStored(value);
  if (field.type === 'bool') return Boolean(value);
  return String(value);
}

/**
 * A save's or an import's secret fields that carry the mask (what the record read or exported showed)
 * keep the stored secret (`stored`: the record's row; none for a new record, whose mask is then no secret).
 */
function keepStoredSecrets(entity: EntityDeclaration, values: RecordValues, stored: Record<string, unknown> | undefined): RecordValues {
  const kept = { ...values };
  for (const field of entity.fields) {
    if (field.secret && kept[field.name] === SECRET_MASK) kept[field.name] = (stored?.[field.name] as ColumnValue | undefined) ?? null;
  }
  return kept;
}

/** A row as the wire has it: dates as YYYY-MM-DD, numerics as numbers, secrets masked. */
function wireRow(entity: EntityDeclaration, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const field of entity.fields) {
    const value = row[field.name];
    if (field.secret) out[field.name] = value === null || value === undefined || value === '' ? null : SECRET_MASK;
    if (value === null || value === undefined || field.secret) continue;
    if (field.type === 'date') out[field.name] = dateOfStored(value);
    if (field.type === 'number' || field.type === 'int') out[field.name] = Number(value);
  }
  if (out.updated_at instanceof Date) out.updated_at = out.updated_at.toISOString();
  if (out.created_at instanceof Date) out.created_at = out.created_at.toISOString();
  return out;
}

/**
 * A status move the declaration's table does not allow (statusFlow), as a message, or null: a new
 * record (`from` undefined) must start in an initial status; a stored one may move only as listed.
 */
function statusMoveProblem(entity: EntityDeclaration, from: unknown, to: ColumnValue, language: Language): string | null {
  const flow = entity.statusFlow;
  if (!flow) return null;
  const label = (code: string) => flow.labels[code]?.[language] ?? code;
  const field = entity.fields.find((f) => f.name === flow.field)!.label[language];
  const list = (codes: readonly string[]) => (codes.length ? codes.map(label).join('、') : language === 'en' ? 'none' : '无');
  if (from === undefined) {
    return flow.initial.includes(String(to)) ? null : translate(language, 'statusInitialRefused', { field, allowed: list(flow.initial) });
  }
  if (from === to) return null;
  const allowed = flow.transitions[String(from)] ?? [];
  return allowed.includes(String(to)) ? null : translate(language, 'statusTransitionRefused', { field, from: label(String(from)), to: label(String(to)), allowed: list(allowed) });
}

/** Keeps each status change of a record with a status flow (md_status_history, migration 0110_02). */
async function recordStatusChanges(
  trx: Transaction<Database>,
  entity: EntityDeclaration,
  auth: RequestAuth,
  changes: { recordId: string; recordKey: string; from: unknown; to: ColumnValue }[],
) {
  const flow = entity.statusFlow;
  const moved = changes.filter((c) => flow && c.from !== c.to);
  if (!flow || !moved.length) return;
  const tuples = moved.map((c) => sql`(${randomUUID()}, ${entity.orgScoped ? auth.orgId : null}, ${entity.table}, ${c.recordId}, ${c.recordKey}, ${flow.field}, ${c.from === undefined || c.from === null ? null : String(c.from)}, ${String(c.to)}, ${auth.user.userName})`);
  await sql`insert into md_status_history (id, org_id, table_name, record_id, record_key, field_name, from_status, to_status, changed_by)
    values ${sql.join(tuples)}`.execute(trx);
}

const isForeignKeyViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && REFERENCE_VIOLATIONS.has(String((error as { code?: string }).code));

/** One entity's five operations, keyed by operationId (`PartLoadData`, ...), each with its result schema. */
export type MasterDataHandlers = Record<`${string}LoadData`, Handler<Schema<'ListQueryDataResponse'>>> &
  Record<`${string}AddOrModifySave`, Handler<Schema<'Wrapper'>>> &
  Record<`${string}Delete`, Handler<Schema<'MasterDeleteResponse'>>> &
  Record<`${string}ExportData`, Handler<FastifyReply>> &
  Record<`${string}Import`, Handler<Schema<'MasterImportResponse'>>>;

function entityHandlers(ctx: ServerContext, store: EntityStore): MasterDataHandlers {
  const { entity } = store;
  const loadPage = (caller: SqlCaller, body: LoadBody, page: number, limit: number, { exactCount = false } = {}) =>
    queryList(ctx.db, ctx.cache, ctx.config.listQueryTimeoutMs, caller, {
      exactCount,
      listRoute: entity.listRoute,
      conditions: body.conditions ?? [],
      page,
      limit,
      sort: body.sort ?? [],
      wantAggregates: page === 1 && Boolean(body.wantAggregates),
    });

  const save: Handler<Schema<'Wrapper'>> = async (request) => {
    const auth = authOf(request);
    const language = languageOfRequest(request);
    const body = request.body as SaveBody;
    // A new record takes the declared starting values of the fields it leaves out (启用 on, as the form starts).
    const { values: checked, problems } = checkRecordValues(entity, body.id ? body : withInitialValues(entity, body), language);
    // Each refusal is about the field it names, when it names one (the form marks it).
    if (problems.length) throw recordRefusal(problems);
    const duplicate = () => recordRefusal([uniqueKeyProblem(entity, checked, language)]);

    const write = ctx.db.transaction().execute(async (trx) => {
      const current = body.id ? await store.findById(trx, auth, body.id, true) : undefined;
      const values = keepStoredSecrets(entity, checked, current);
      const badReferences = referenceProblems(entity, values, current, await store.referenceStatesOf(trx, auth, [values]), language);
      if (badReferences.length) throw recordRefusal(badReferences);
      const clash = (await store.existingByKey(trx, auth, [store.uniqueKey.map((c) => values[c])])).values().next().value;
      if (clash && clash.id !== body.id) throw duplicate();

      const flow = entity.statusFlow;
      const keyOf = (row: Record<string, unknown>) => store.uniqueKey.map((c) => String(row[c] ?? '')).join(' + ');
      if (!body.id) {
        const refused = statusMoveProblem(entity, undefined, flow ? values[flow.field] : null, language);
        if (refused) throw recordRefusal([{ field: flow!.field, message: refused }]);
        const added = (await store.insert(trx, auth, [values]))[0];
        if (flow) await recordStatusChanges(trx, entity, auth, [{ recordId: String(added.id), recordKey: keyOf(added), from: null, to: values[flow.field] }]);
        return added;
      }
      if (body.version === undefined) throw new Problem(400, 'masterVersionRequired');
      if (!current) throw new Problem(404, 'masterNotFound');
      if (Number(current.version) !== body.version) throw new Problem(409, 'masterStale');
      if (entity.fields.every((f) => sameValue(f, current[f.name], values[f.name]))) throw new Problem(400, 'masterUnchanged');
      const refused = flow ? statusMoveProblem(entity, current[flow.field], values[flow.field], language) : null;
      if (refused) throw recordRefusal([{ field: flow!.field, message: refused }]);
      const updated = await store.update(trx, auth, body.id, values);
      if (flow) await recordStatusChanges(trx, entity, auth, [{ recordId: body.id, recordKey: keyOf(updated), from: current[flow.field], to: values[flow.field] }]);
      return updated;
    });
    const saved = await write.catch((error: unknown) => {
      // An edit of a code that a record of the past names (ON UPDATE RESTRICT, migration 0078): nothing was changed.
      if (body.id && isForeignKeyViolation(error)) throw new Problem(400, 'masterCodeInHistory');
      // The same key saved at the same moment by another: both passed the check, the unique key refused this one.
      // It is told what the check tells.
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    });
    return saveResult(ok(wireRow(entity, saved), translate(language, 'masterSaved')));
  };

  const remove: Handler<Schema<'MasterDeleteResponse'>> = async (request) => {
    const auth = authOf(request);
    const { id } = request.query as { id: string };
    try {
      await ctx.db.transaction().execute(async (trx) => {
        const { numAffectedRows } = await sql`delete from ${sql.table(entity.table)} where id = ${id} and ${store.scope(auth)}`.execute(trx);
        if (!numAffectedRows) throw new Problem(404, 'masterNotFound');
      });
    } catch (error) {
      // The foreign keys of the referencing tables refuse it; the transaction rolled back, nothing is deleted.
      if (isForeignKeyViolation(error)) throw new Problem(400, 'masterInUse');
      throw error;
    }
    return deleteResult(ok(1, translate(languageOfRequest(request), 'masterDeleted')));
  };

  const load: Handler<Schema<'ListQueryDataResponse'>> = async (request) => {
    const body = request.body as LoadBody;
    const page = await loadPage(sqlCallerOf(request), body, body.Page ?? 1, body.Limit ?? 200);
    return loadResult({
      ...ok({ rows: page.rows.map((row) => wireRow(entity, row)), KEY_FIELD: page.keyField, ...(page.aggregates ? { aggregates: page.aggregates } : {}) }),
      count: page.count,
      ...(page.countIsEstimate ? { countIsEstimate: page.countIsEstimate } : {}),
    });
  };

  const exportData: Handler<FastifyReply> = async (request, reply) => {
    const language = languageOfRequest(request);
    const body = (request.body ?? {}) as LoadBody;
    // Read by key, not page by page with OFFSET and a count: linear in the rows (list-export.ts).
    // The first page is read here, so a bad search is a JSON error, not a broken file. A client that
    // goes away destroys the stream, and streamWorkbook then reads no further page.
    const search = { listRoute: entity.listRoute, conditions: body.conditions ?? [], sort: body.sort ?? [] };
    const pages = await readListByKey(ctx.db, ctx.cache, ctx.config.listQueryTimeoutMs, sqlCallerOf(request), search, ctx.config.exportPageRows);
    const fileName = `${entity.title[language]}.xlsx`;
    reply.header('content-type', XLSX_TYPE);
    reply.header('content-disposition', `attachment; filename="${entity.resource}.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
    return reply.send(
      streamWorkbook(entity, language, pages, (field, row) => {
        const value = row[field.name];
        if (value === null || value === undefined) return null;
        if (field.type === 'bool') return value ? 'Y' : 'N';
        if (field.type === 'int' || field.type === 'number') return Number(value);
        if (field.type === 'date') return dateOfStored(value);
        return value;
      }),
    );
  };

  const importData: Handler<Schema<'MasterImportResponse'>> = (request) => masterImportGate.run(() => importFile(request)).catch((error: unknown) => {
    if (error instanceof GateBusy) throw new Problem(503, 'importBusy');
    throw error;
  });

  const importFile = async (request: FastifyRequest) => {
    const auth = authOf(request);
    const language = languageOfRequest(request);
    const { file } = request.body as ImportForm;
    const bytes = Buffer.from(file.base64, 'base64');
    // An xlsx is a zip: the extension and the zip signature must both say so.
    if (!/\.xlsx$/i.test(file.name) || bytes.subarray(0, 4).toString('binary') !== 'PK\x03\x04') {
      throw fileRefusal(UPLOAD_FILE_FIELD, 'masterImportFileType');
    }
    let sheet: ReadSheet;
    try {
      sheet = await readSheet(entity, bytes);
    } catch (error) {
      if (error instanceof ZipRefused && error.reason === 'inflated') throw fileRefusal(UPLOAD_FILE_FIELD, 'masterImportInflatedTooLarge', { max: XLSX_LIMITS.maxInflatedBytes / 1024 / 1024 });
      if (error instanceof ZipRefused && error.reason === 'entries') throw fileRefusal(UPLOAD_FILE_FIELD, 'masterImportTooManyEntries', { max: XLSX_LIMITS.maxEntries });
      // The user is told the file is not a workbook; the log keeps why the reader refused it (a round trip of our
      // own export was once refused under load, and the answer alone could not say why).
      request.log.warn({ err: error, file: file.name, bytes: bytes.length }, 'import: the xlsx reader refused the file');
      throw fileRefusal(UPLOAD_FILE_FIELD, 'masterImportFileType');
    }
    if (sheet.unknownHeaders.length) throw new Problem(400, 'masterImportUnknownColumn', { column: sheet.unknownHeaders[0] });
    if (!sheet.rows.length) throw new Problem(400, 'masterImportEmpty');

    // 1. Every row checked on its own, and against the other rows of the file.
    const errors = new Map<number, string[]>();
    const addError = (row: number, message: string) => errors.set(row, [...(errors.get(row) ?? []), message]);
    const firstChecks = sheet.rows.map((row) => ({ row, ...checkRecordValues(entity, row.cells, language) }));
    // Which rows name a stored record (by their unique key): the others are new records, which take the declared
    // starting values of the columns the sheet leaves out (as a save of a new record does), and whose references
    // are all newly chosen (referenceProblems). Read again, for the writes, in step 3's transaction.
    const keyOfRow = (values: RecordValues) => (store.uniqueKey.every((c) => values[c] !== undefined) ? store.uniqueKey.map((c) => values[c]) : undefined);
    const storedRows = await store.existingByKey(ctx.db, auth, firstChecks.map((r) => keyOfRow(r.values)).filter((key) => key !== undefined));
    const checked = firstChecks.map(({ row, values: firstValues, problems: firstProblems }) => {
      const key = store.uniqueKey.length ? keyOfRow(firstValues) : undefined;
      const stored = key ? storedRows.get(keyText(key)) : undefined;
      const { values, problems } = !stored && omitsInitialValues(entity, row.cells)
        ? checkRecordValues(entity, withInitialValues(entity, row.cells), language)
        : { values: firstValues, problems: firstProblems };
      problems.forEach((p) => addError(row.rowNumber, p.message));
      return { rowNumber: row.rowNumber, values, stored, valid: problems.length === 0 };
    });
    const firstRowOfKey = new Map<string, number>();
    for (const row of checked.filter((r) => r.valid && store.uniqueKey.length)) {
      const key = keyText(store.uniqueKey.map((c) => row.values[c]));
      const first = firstRowOfKey.get(key);
      if (first === undefined) firstRowOfKey.set(key, row.rowNumber);
      else addError(row.rowNumber, `${uniqueKeyProblem(entity, row.values, language).message}（${translate(language, 'masterImportDuplicate', { row: first })}）`);
    }

    // 2. References, in one query per field: each must name a record, and one newly chosen (a new row, or a
    // value the row changes) an enabled one.
    const stateOf = await store.referenceStatesOf(ctx.db, auth, checked.map((r) => r.values));
    for (const row of checked) {
      referenceProblems(entity, row.values, row.stored, stateOf, language).forEach((p) => addError(row.rowNumber, p.message));
    }

    if (errors.size) {
      const report = await errorReport(sheet, entity, errors, language, translate(language, 'masterImportErrorColumn'));
      return importResult(ok(
        {
          IMPORTED: 0,
          ERRORS: [...errors].sort(([a], [b]) => a - b).map(([row, messages]) => ({ ROW: row, MESSAGE: messages.join('；') })),
          REPORT_FILE: report.toString('base64'),
          REPORT_NAME: `${entity.title[language]}-errors.xlsx`,
        },
        translate(language, 'masterImportRejected', { count: errors.size }),
      ));
    }

    // 3. All or nothing: one transaction inserts the new rows and updates those whose key exists
    // and whose values differ (an unchanged row is left alone: re-importing an export changes nothing).
    const importedCount = await ctx.db.transaction().execute(async (trx) => {
      const existing = await store.existingByKey(trx, auth, checked.map((r) => store.uniqueKey.map((c) => r.values[c])));
      const toInsert: RecordValues[] = [];
      const toUpdate: { id: string; values: RecordValues }[] = [];
      const flow = entity.statusFlow;
      const moves: { recordId: string; recordKey: string; from: unknown; to: ColumnValue }[] = [];
      for (const row of checked) {
        const found = store.uniqueKey.length ? existing.get(keyText(store.uniqueKey.map((c) => row.values[c]))) : undefined;
        const values = keepStoredSecrets(entity, row.values, found);
        // A status the flow does not allow refuses the whole file (all or nothing), naming the row.
        const refused = flow ? statusMoveProblem(entity, found ? found[flow.field] : undefined, values[flow.field], language) : null;
        if (refused) throw new Problem(400, 'masterInvalid', { detail: `${translate(language, 'masterImportRow', { row: row.rowNumber })}${refused}` });
        if (!found) toInsert.push(values);
        else if (!entity.fields.every((f) => sameValue(f, found[f.name], values[f.name]))) {
          toUpdate.push({ id: String(found.id), values });
          if (flow) moves.push({ recordId: String(found.id), recordKey: store.uniqueKey.map((c) => String(values[c] ?? '')).join(' + '), from: found[flow.field], to: values[flow.field] });
        }
      }
      await store.updateMany(trx, auth, toUpdate);
      const inserted = await store.insert(trx, auth, toInsert);
      if (flow) {
        for (const added of inserted) moves.push({ recordId: String(added.id), recordKey: store.uniqueKey.map((c) => String(added[c] ?? '')).join(' + '), from: null, to: added[flow.field] as ColumnValue });
        await recordStatusChanges(trx, entity, auth, moves);
      }
      return checked.length;
    });
    return importResult(ok({ IMPORTED: importedCount, ERRORS: [] }, translate(language, 'masterImported', { count: importedCount })));
  };

  const op = entity.resource;
  // Assigned one by one: computed keys in a literal would widen to a plain string index.
  const handlers: MasterDataHandlers = {};
  handlers[`${op}LoadData`] = load;
  handlers[`${op}AddOrModifySave`] = save;
  handlers[`${op}Delete`] = remove;
  handlers[`${op}ExportData`] = exportData;
  handlers[`${op}Import`] = importData;
  return handlers;
}

/** The handlers of every declared entity, keyed by operationId. */
export function masterDataHandlers(ctx: ServerContext, entities: readonly EntityDeclaration[]): MasterDataHandlers {
  const byResource = new Map(entities.map((e) => [e.resource, e]));
  for (const entity of entities) {
    for (const field of entity.fields) {
      if (field.type === 'ref' && !byResource.has(field.ref!)) throw new Error(`${entity.resource}.${field.name} references unknown ${field.ref}`);
      if (field.type === 'lookup' && !byResource.has('Lookup')) throw new Error(`${entity.resource}.${field.name} needs the Lookup entity`);
    }
  }
  return Object.assign({}, ...entities.map((entity) => entityHandlers(ctx, new EntityStore(entity, byResource))));
}
