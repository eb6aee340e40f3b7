/**
 * The search applied in memory, for the mocks: a ConditionPlan evaluated against a row's cell, rows
 * sorted by SortKeys, footer sums and averages — giving what PostgreSQL gives the server for the same
 * plan (tests/server/search-equivalence.test.ts runs the same requests on both). As in PostgreSQL,
 * a value is read by the column's type (a value the type cannot read is refused as a mismatch),
 * text compares by code point (the databases use the C collation), timestamps without a zone are
 * UTC (the databases' time zone), comparisons with a missing value are unknown, and nulls sort last
 * ascending and first descending.
 *
 * A SUB_SQL condition cannot run its SQL in memory: it is taken as "the column is one of the values".
 */
import Decimal from 'decimal.js';
import { Refusal } from '../messages/refusal.ts';
import type { ConditionPlan } from './conditions.ts';
import { textContains, textStartsWith } from './like.ts';
import type { AggregateKind, SortKey } from './list-search.ts';
import { isNumberText, readDate } from './search-values.ts';

/** What kind of value a column holds (contract ListColumnType). */
export type ColumnKind = 'text' | 'number' | 'boolean' | 'date' | 'datetime' | 'other';

export type Row = Record<string, unknown>;

/** A cell or a value in comparable form: numbers, epoch milliseconds, day texts, booleans or text. */
type Comparable = number | string | boolean;

const mismatch = () => new Refusal(400, 'listValueMismatch');

const BOOLEAN_TEXTS: Record<string, boolean> = { t: true, true: true, y: true, yes: true, on: true, 1: true, f: false, false: false, n: false, no: false, off: false, 0: false };

/** An instant (epoch ms) from a timestamp text; without a zone it is UTC. */
function instantOf(text: string): number | undefined {
  const date = readDate(text);
  if (!date) return undefined;
  const iso = 'instant' in date ? date.instant.replace(' ', 'T') : `${date.start}T00:00:00`;
  const zoned = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/.test(iso.slice(10)) ? iso : `${iso}Z`;
  const time = Date.parse(zoned.replace(/([+-]\d{2})$/, '$1:00').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(time) ? undefined : time;
}

/** A search value as the column's type reads it; undefined when the type cannot read it. */
function readValue(kind: ColumnKind, text: string): Comparable | undefined {
  const trimmed = text.trim();
  switch (kind) {
    case 'number':
      return isNumberText(trimmed) ? Number(trimmed) : undefined;
    case 'date': {
      const date = readDate(trimmed);
      if (!date) return undefined;
      return 'instant' in date ? date.instant.slice(0, 10) : date.start;
    }
    case 'datetime':
      return instantOf(trimmed);
    case 'boolean':
      return BOOLEAN_TEXTS[trimmed.toLowerCase()];
    default:
      return text;
  }
}

/** A cell (as a row holds it: JSON values, ISO texts) in comparable form. */
function readCell(kind: ColumnKind, cell: unknown): Comparable {
  switch (kind) {
    case 'number':
      return Number(cell);
    case 'date':
      return typeof cell === 'string' ? cell.slice(0, 10) : new Date(cell as number).toISOString().slice(0, 10);
    case 'datetime':
      return typeof cell === 'string' ? Date.parse(cell) : new Date(cell as number).getTime();
    case 'boolean':
      return cell === true || cell === 'true' || cell === 't';
    default:
      return String(cell);
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A cell's text as PostgreSQL casts it (`column::text`), which is what "like" and "is empty" look at. */
export function cellText(kind: ColumnKind, cell: unknown): string {
  if (kind === 'datetime') {
    const at = new Date(readCell(kind, cell) as number);
    const fraction = at.getUTCMilliseconds() ? `.${pad(at.getUTCMilliseconds(), 3).replace(/0+$/, '')}` : '';
    return `${at.toISOString().slice(0, 10)} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}${fraction}+00`;
  }
  if (kind === 'date') return readCell(kind, cell) as string;
  return String(cell);
}

const compareComparable = (a: Comparable, b: Comparable): number => (a < b ? -1 : a > b ? 1 : 0);

/** SQL's three-valued truth: null is unknown. */
type Truth = boolean | null;

const hasNoValue = (cell: unknown) => cell === null || cell === undefined;

/** Every value read by the column's type, or the mismatch refusal PostgreSQL's cast would give. */
function readValues(kind: ColumnKind, values: readonly string[]): Comparable[] {
  return values.map((value) => {
    const read = readValue(kind, value);
    if (read === undefined) throw mismatch();
    return read;
  });
}

/** Reads every value of the plan, so an unreadable one is refused whatever the rows (as the bound parameters are). */
function readPlanValues(plan: ConditionPlan, kind: ColumnKind): void {
  switch (plan.kind) {
    case 'not':
    case 'nullOrNot':
      return readPlanValues(plan.plan, kind);
    case 'and':
      return plan.plans.forEach((part) => readPlanValues(part, kind));
    case 'compare':
      readValues(kind, [plan.value]);
      return;
    case 'oneOf':
    case 'inSubQuery':
      readValues(kind, plan.values);
      return;
    default:
      return;
  }
}

function evaluate(plan: ConditionPlan, kind: ColumnKind, cell: unknown): Truth {
  switch (plan.kind) {
    case 'noValue':
      return hasNoValue(cell) || cellText(kind, cell) === '';
    case 'not': {
      const inner = evaluate(plan.plan, kind, cell);
      return inner === null ? null : !inner;
    }
    case 'nullOrNot': {
      if (hasNoValue(cell)) return true;
      const inner = evaluate(plan.plan, kind, cell);
      return inner === null ? null : !inner;
    }
    case 'and': {
      const parts = plan.plans.map((part) => evaluate(part, kind, cell));
      if (parts.includes(false)) return false;
      return parts.includes(null) ? null : true;
    }
    case 'compare': {
      const [value] = readValues(kind, [plan.value]);
      if (hasNoValue(cell)) return null;
      const order = compareComparable(readCell(kind, cell), value);
      switch (plan.op) {
        case '=':
          return order === 0;
        case '>':
          return order > 0;
        case '>=':
          return order >= 0;
        case '<':
          return order < 0;
        default:
          return order <= 0;
      }
    }
    case 'textMatch': {
      if (hasNoValue(cell)) return null;
      const text = cellText(kind, cell);
      return plan.texts.some((value) => (plan.mode === 'startsWith' ? textStartsWith(text, value) : textContains(text, value)));
    }
    case 'oneOf':
    case 'inSubQuery': {
      const values = readValues(kind, plan.values);
      if (hasNoValue(cell)) return null;
      const read = readCell(kind, cell);
      return values.some((value) => compareComparable(read, value) === 0);
    }
  }
}

/** The rows every condition keeps (each condition on its own column). */
export function filterRows<R extends Row>(
  rows: readonly R[],
  conditions: readonly { field: string; plan: ConditionPlan }[],
  kindOf: (field: string) => ColumnKind,
): R[] {
  // Values are read before any row is looked at: an unreadable value is refused even over no rows.
  for (const { field, plan } of conditions) readPlanValues(plan, kindOf(field));
  return rows.filter((row) => conditions.every(({ field, plan }) => evaluate(plan, kindOf(field), row[field]) === true));
}

/** The rows in the order of the keys (nulls last ascending, first descending). */
export function sortRows<R extends Row>(rows: readonly R[], keys: readonly SortKey[], kindOf: (field: string) => ColumnKind): R[] {
  return [...rows].sort((a, b) => {
    for (const { field, order } of keys) {
      const [x, y] = [a[field], b[field]];
      let diff: number;
      if (hasNoValue(x) || hasNoValue(y)) diff = hasNoValue(x) === hasNoValue(y) ? 0 : hasNoValue(x) ? 1 : -1;
      else diff = compareComparable(readCell(kindOf(field), x), readCell(kindOf(field), y));
      if (diff) return order === 'desc' ? -diff : diff;
    }
    return 0;
  });
}

/** Significant digits PostgreSQL keeps at least when it divides numerics (NUMERIC_MIN_SIG_DIGITS). */
const MIN_SIGNIFICANT_DIGITS = 16;

/** The weight and first digit of a non-zero number in PostgreSQL's base-10000 numeric digits. */
function baseTenThousand(value: Decimal): { weight: number; firstDigit: number } {
  const weight = Math.floor(Decimal.log10(value.abs()).toNumber() / 4);
  // Guard the logarithm's rounding at exact powers of 10000.
  const firstDigit = value.abs().dividedBy(new Decimal(10000).pow(weight)).floor().toNumber();
  return firstDigit >= 10000 ? { weight: weight + 1, firstDigit: Math.floor(firstDigit / 10000) } : { weight, firstDigit };
}

/** sum / count rounded to the scale PostgreSQL's numeric division chooses (select_div_scale). */
function numericAverage(sum: Decimal, count: number, sumScale: number): Decimal {
  const divisor = new Decimal(count);
  let scale = MIN_SIGNIFICANT_DIGITS;
  if (!sum.isZero()) {
    const [dividend, by] = [baseTenThousand(sum), baseTenThousand(divisor)];
    let quotientWeight = dividend.weight - by.weight;
    if (dividend.firstDigit <= by.firstDigit) quotientWeight -= 1;
    scale = MIN_SIGNIFICANT_DIGITS - quotientWeight * 4;
  }
  scale = Math.min(Math.max(scale, sumScale, 0), 1000);
  return sum.dividedBy(divisor).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP);
}

/**
 * Footer figures over the rows, as `trim_scale(sum(x))::text` and `trim_scale(avg(x))::text` give
 * them: plain decimal text without trailing zeros, null when no row has a value.
 */
export function aggregateRows(rows: readonly Row[], targets: readonly { field: string; kind: AggregateKind }[]) {
  const figures: Record<string, { sum?: string | null; avg?: string | null }> = {};
  const precise = Decimal.clone({ precision: 1000 });
  for (const { field, kind } of targets) {
    let sum = new precise(0);
    let count = 0;
    let scale = 0;
    for (const row of rows) {
      const cell = row[field];
      if (hasNoValue(cell) || cell === '' || !Number.isFinite(Number(cell))) continue;
      const value = new precise(cell as string | number);
      sum = sum.plus(value);
      scale = Math.max(scale, value.decimalPlaces());
      count += 1;
    }
    const figure = count === 0 ? null : kind === 'sum' ? sum : numericAverage(sum, count, scale);
    (figures[field] ??= {})[kind] = figure === null ? null : figure.toFixed();
  }
  return figures;
}

export interface DropdownOption {
  CODE: string;
  NAME: string;
}

/**
 * A page of dropdown options in memory, as the server's picker query gives it: the options whose
 * CODE or NAME contains the key (ignoring case), sorted by the column (then CODE) in the direction.
 */
export function optionPageOf(
  options: readonly DropdownOption[],
  request: { key?: string | null; page: number; limit: number; orderBy: 'CODE' | 'NAME'; descending: boolean },
): { options: DropdownOption[]; total: number } {
  const key = request.key?.trim();
  const direction = request.descending ? -1 : 1;
  const matching = options
    .filter((option) => !key || textContains(option.CODE, key) || textContains(option.NAME, key))
    .sort((a, b) => direction * (compareComparable(a[request.orderBy], b[request.orderBy]) || compareComparable(a.CODE, b.CODE)));
  return { options: matching.slice((request.page - 1) * request.limit, request.page * request.limit), total: matching.length };
}
