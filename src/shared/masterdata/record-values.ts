/**
 * A master record's values, checked field by field against its declaration: the same rules for
 * a JSON save (AddOrModifySave) and an Excel row (Import), so both refuse the same things with the
 * same messages. Returns the column values ready for SQL, or the messages of every failing field.
 */
import { uniqueKeyOf, type EntityDeclaration, type FieldDeclaration } from './declaration.ts';
import { translate, type Language, type MessageKey } from '../messages/catalogue.ts';
import { Refusal } from '../messages/refusal.ts';
import { RECORD_CHECKS } from './record-checks.ts';
import type { MasterCodeState } from './code-state.ts';

export type ColumnValue = string | number | boolean | null;
export type RecordValues = Record<string, ColumnValue>;

/** Text columns are capped so one cell cannot hold a megabyte. */
export const MAX_TEXT_LENGTH = 200;
/** What the columns hold (server/db/migrations/frozen/master-table-v1.ts): integer, and numeric(18, 6) = 12 digits before the point. */
const INT_RANGE = 2_147_483_647;
const NUMBER_RANGE = 1e12;

export interface FieldProblem {
  field: string;
  message: string;
}

const fieldLabel = (field: FieldDeclaration, language: Language) => field.label[language];

const isBlank = (raw: unknown) => raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');

/** A date cell or text as YYYY-MM-DD, or undefined when it is not a date. */
function dateText(raw: unknown): string | undefined {
  if (raw instanceof Date && !Number.isNaN(raw.getTime())) return raw.toISOString().slice(0, 10);
  if (typeof raw !== 'string') return undefined;
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(raw.trim());
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return date.toISOString().slice(0, 10);
}

function coerce(field: FieldDeclaration, raw: unknown): { value: ColumnValue } | { problem: MessageKey; params?: Record<string, string | number> } {
  switch (field.type) {
    case 'int':
    case 'number': {
      const number = typeof raw === 'number' ? raw : Number(String(raw).trim());
      if (!Number.isFinite(number)) return { problem: 'masterNotNumber' };
      if (field.type === 'int' && !Number.isInteger(number)) return { problem: 'masterNotInteger' };
      // Refused here with the field's name, not by the column as a failed statement (a 500).
      if (Math.abs(number) > (field.type === 'int' ? INT_RANGE : NUMBER_RANGE - 1e-6)) return { problem: 'masterOutOfRange' };
      if (field.positive && !(number > 0)) return { problem: 'masterNotPositive' };
      return { value: number };
    }
    case 'bool': {
      if (typeof raw === 'boolean') return { value: raw };
      const text = String(raw).trim().toUpperCase();
      if (['Y', 'TRUE', '1', '是'].includes(text)) return { value: true };
      if (['N', 'FALSE', '0', '否'].includes(text)) return { value: false };
      return { problem: 'masterNotBool' };
    }
    case 'date': {
      const text = dateText(raw);
      return text ? { value: text } : { problem: 'masterNotDate' };
    }
    default: {
      const text = (raw instanceof Date ? raw.toISOString() : String(raw)).trim();
      const max = field.maxLength ?? MAX_TEXT_LENGTH;
      if (text.length > max) return { problem: 'masterTooLong', params: { max } };
      return { value: text };
    }
  }
}

/**
 * Whether `input` leaves out a field that has a starting value (`initial`): left out is absent (not sent, or a
 * column the sheet does not have), not an explicit false or blank.
 */
export const omitsInitialValues = (entity: EntityDeclaration, input: Readonly<Record<string, unknown>>): boolean =>
  entity.fields.some((field) => field.initial !== undefined && input[field.name] === undefined);

/**
 * A NEW record's input with the declaration's starting values (`initial`, what the add form starts with: 启用 on)
 * for the fields it leaves out (omitsInitialValues), so a save through the API or a new row of an import that
 * does not send 启用 makes the record the form would. An edit's input is never filled: it is the whole record.
 * The server's and the mocks' AddOrModifySave and Import both apply it before checkRecordValues.
 */
export function withInitialValues(entity: EntityDeclaration, input: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const filled = { ...input };
  for (const field of entity.fields) if (field.initial !== undefined && filled[field.name] === undefined) filled[field.name] = field.initial;
  return filled;
}

/**
 * The values of every declared field from `input` (missing or blank: null, or false for a flag).
 * A field left out of a partial input is still checked: a save always sends the whole record.
 */
export function checkRecordValues(
  entity: EntityDeclaration,
  input: Record<string, unknown>,
  language: Language,
): { values: RecordValues; problems: FieldProblem[] } {
  const values: RecordValues = {};
  const problems: FieldProblem[] = [];
  for (const field of entity.fields) {
    const raw = input[field.name];
    const label = fieldLabel(field, language);
    if (isBlank(raw)) {
      if (field.type === 'bool') values[field.name] = false;
      else if (field.required) problems.push({ field: field.name, message: translate(language, 'masterRequired', { field: label }) });
      else values[field.name] = null;
      continue;
    }
    const result = coerce(field, raw);
    if ('problem' in result) problems.push({ field: field.name, message: translate(language, result.problem, { field: label, ...result.params }) });
    else values[field.name] = result.value;
  }
  // Cross-field rules of the declaration (e.g. a unit conversion's target unit differs from its source unit).
  for (const field of entity.fields) {
    const other = field.differentFrom ? entity.fields.find((f) => f.name === field.differentFrom) : undefined;
    if (!other || values[field.name] === null || values[field.name] === undefined || values[field.name] !== values[other.name]) continue;
    problems.push({ field: field.name, message: translate(language, 'masterSameAs', { field: fieldLabel(field, language), other: fieldLabel(other, language) }) });
  }
  // The declaration's whole-record rule, once its fields are each right.
  if (entity.recordCheck && !problems.length) {
    const problem = RECORD_CHECKS[entity.recordCheck](values);
    if (problem) problems.push({ field: problem.field, message: translate(language, problem.key, problem.params) });
  }
  return { values, problems };
}

/** A reference's or a lookup's value that names no record (of the caller's organisation). */
export const missingReferenceProblem = (field: FieldDeclaration, value: string, language: Language): FieldProblem => ({
  field: field.name,
  message: translate(language, 'masterRefMissing', { field: fieldLabel(field, language), value }),
});

/** A reference's or a lookup's value newly chosen that names a record whose 启用 is off. */
export const disabledReferenceProblem = (field: FieldDeclaration, value: string, language: Language): FieldProblem => ({
  field: field.name,
  message: translate(language, 'masterRefDisabled', { field: fieldLabel(field, language), value }),
});

/** The fields of an entity that name another record: a reference (another entity's key) or a lookup (a 字典 code of its type). */
export const referenceFields = (entity: EntityDeclaration) => entity.fields.filter((field) => field.type === 'ref' || field.type === 'lookup');

/**
 * The references of a record to be saved that may not be, each about its field (AddOrModifySave and every row of
 * an Import, on the server and in the mocks): one naming no record of the caller's organisation, and one newly
 * chosen — the record is new (`stored` undefined) or this save changes the field's value — that names a record
 * whose 启用 is off. An edit that keeps a reference to a record disabled since still saves. `stateOf` is the
 * referenced record's state (code-state.ts: missing, disabled or enabled), read by the caller from its rows.
 */
export function referenceProblems(
  entity: EntityDeclaration,
  values: RecordValues,
  stored: Readonly<Record<string, unknown>> | undefined,
  stateOf: (field: FieldDeclaration, value: string) => MasterCodeState,
  language: Language,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of referenceFields(entity)) {
    const value = values[field.name];
    if (value === null || value === undefined) continue;
    const state = stateOf(field, String(value));
    if (state === 'missing') problems.push(missingReferenceProblem(field, String(value), language));
    else if (state === 'disabled' && !(stored && sameValue(field, stored[field.name], value))) problems.push(disabledReferenceProblem(field, String(value), language));
  }
  return problems;
}

/**
 * A record whose unique key another record holds: the key's fields and values, about the key's last field
 * (a lookup's code within its type, a standard pack's vendor for its part), where the form marks it.
 */
export function uniqueKeyProblem(entity: EntityDeclaration, values: RecordValues, language: Language): FieldProblem {
  const key = uniqueKeyOf(entity);
  return {
    field: key[key.length - 1],
    message: translate(language, 'masterUnique', {
      field: key.map((name) => fieldLabel(entity.fields.find((f) => f.name === name)!, language)).join(' + '),
      value: key.map((name) => String(values[name] ?? '')).join(' + '),
    }),
  };
}

/**
 * A save refused for its problems (AddOrModifySave, the server's and the mocks'): every message, and the
 * field when they are all about one (the answer's place, which the master form marks).
 */
export function recordRefusal(problems: readonly FieldProblem[]): Refusal {
  const fields = new Set(problems.map((p) => p.field));
  const at = fields.size === 1 ? { Field: problems[0].field } : undefined;
  return new Refusal(400, 'masterInvalid', { detail: problems.map((p) => p.message).join('；') }, at);
}

/** Values as PostgreSQL returns them compared with checked values: numerics come back as text, dates as text. */
export function sameValue(field: FieldDeclaration, stored: unknown, value: ColumnValue): boolean {
  if (stored === null || stored === undefined) return value === null;
  if (value === null) return false;
  if (field.type === 'int' || field.type === 'number') return Number(stored) === value;
  if (field.type === 'date') return dateOfStored(stored) === value;
  return stored === value;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored date as YYYY-MM-DD: node-postgres gives a local-midnight Date, PGlite may give text. */
export function dateOfStored(stored: unknown): string {
  if (stored instanceof Date) return `${stored.getFullYear()}-${pad(stored.getMonth() + 1)}-${pad(stored.getDate())}`;
  return String(stored).slice(0, 10);
}
