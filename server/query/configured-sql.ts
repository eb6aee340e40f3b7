/**
 * The one gate for SQL that administrators configure (list sources, REFERENCE_SQL, SUB_SQL, and
 * the report framework later): PostgreSQL's own parser (libpg-query, WASM) reads the text, and
 * only ONE SELECT (or WITH ... SELECT, VALUES, UNION) built from plain reads passes:
 *
 * - every node of the parse tree must be of a kind on NODE_KINDS (no DML, no SELECT INTO, no
 *   FOR UPDATE, no $n parameters, no XML, no TABLESAMPLE, no column definition lists);
 * - every function called must be on FUNCTIONS (string, number, date, aggregate and window
 *   functions), unqualified or pg_catalog's (no pg_read_file, lo_*, set_config, pg_sleep, dblink,
 *   query_to_xml, nextval, current_setting ...);
 * - casts only to plain data types (no regclass/regproc lookups, no large-object types);
 * - relations only unqualified or in `public`, never `pg_*` (system catalogs and views).
 *
 * What the SQL may READ is the database's business, not the parser's: it runs as the restricted
 * role (report-reader.ts), which has SELECT on the report tables only, under row-level security
 * that limits every organisation-scoped table to the caller's organisation.
 *
 * The text embedded in the server's statement is the one statement the parser found (its own
 * bounds, without a trailing semicolon), so whatever was around it cannot leak into the wrapper.
 */
import { loadModule, parseSync } from 'libpg-query';
import { Problem } from '../http/problem.ts';
import type { MessageKey } from '../../src/shared/messages/catalogue.ts';

// The parser is WASM: load it once when the server loads this module, so the checks are synchronous.
await loadModule();

/** Parse-tree node kinds a plain read is made of. */
const NODE_KINDS = new Set([
  'SelectStmt', 'ResTarget', 'ColumnRef', 'String', 'A_Star', 'A_Const', 'Integer', 'Float', 'Boolean', 'BitString',
  'A_Expr', 'BoolExpr', 'NullTest', 'BooleanTest', 'FuncCall', 'TypeCast', 'TypeName', 'CoalesceExpr', 'MinMaxExpr',
  'CaseExpr', 'CaseWhen', 'SubLink', 'RangeVar', 'RangeSubselect', 'RangeFunction', 'JoinExpr', 'Alias', 'SortBy',
  'WithClause', 'CommonTableExpr', 'WindowDef', 'A_ArrayExpr', 'A_Indices', 'A_Indirection', 'RowExpr',
  'SQLValueFunction', 'List', 'GroupingSet', 'GroupingFunc', 'CollateClause',
]);

/** Keys of a SELECT that make it more than a read. */
const REFUSED_CLAUSES = new Map([
  ['intoClause', 'SELECT INTO'],
  ['lockingClause', 'FOR UPDATE / FOR SHARE'],
]);

/** Functions configured SQL may call: pure computations over the values it reads. */
const FUNCTIONS = new Set([
  // text
  'upper', 'lower', 'initcap', 'concat', 'concat_ws', 'length', 'char_length', 'character_length', 'octet_length',
  'substr', 'substring', 'left', 'right', 'btrim', 'ltrim', 'rtrim', 'lpad', 'rpad', 'replace', 'translate',
  'position', 'strpos', 'split_part', 'reverse', 'starts_with', 'format', 'overlay', 'regexp_replace', 'md5',
  'to_char', 'to_number', 'to_date', 'to_timestamp',
  // numbers
  'abs', 'round', 'trunc', 'floor', 'ceil', 'ceiling', 'mod', 'sign', 'power', 'sqrt', 'div', 'trim_scale',
  // dates and times
  'date_trunc', 'date_part', 'extract', 'age', 'now', 'make_date', 'make_timestamp', 'make_interval', 'timezone',
  'justify_days', 'justify_hours', 'justify_interval', 'clock_timestamp', 'statement_timestamp', 'transaction_timestamp',
  // aggregates
  'count', 'sum', 'avg', 'min', 'max', 'string_agg', 'array_agg', 'bool_and', 'bool_or', 'every', 'stddev',
  'stddev_pop', 'stddev_samp', 'variance', 'var_pop', 'var_samp', 'percentile_cont', 'percentile_disc', 'mode',
  // windows
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead', 'first_value',
  'last_value', 'nth_value',
  // arrays and rows
  'unnest', 'array_to_string', 'array_length', 'cardinality', 'generate_series', 'to_jsonb', 'to_json',
  'jsonb_build_object', 'json_build_object', 'row_to_json',
]);

/** Types a cast may name: plain data, never an object lookup (regclass, regproc ...) or a large object. */
const CAST_TYPES = new Set([
  'int2', 'int4', 'int8', 'smallint', 'integer', 'int', 'bigint', 'numeric', 'decimal', 'float4', 'float8', 'real',
  'text', 'varchar', 'bpchar', 'char', 'bool', 'boolean', 'date', 'time', 'timetz', 'timestamp', 'timestamptz',
  'interval', 'json', 'jsonb', 'uuid',
]);

/** SQL value functions without a call: the date and time ones (not current_user, current_schema ...). */
const VALUE_FUNCTIONS = new Set([
  'SVFOP_CURRENT_DATE', 'SVFOP_CURRENT_TIME', 'SVFOP_CURRENT_TIME_N', 'SVFOP_CURRENT_TIMESTAMP',
  'SVFOP_CURRENT_TIMESTAMP_N', 'SVFOP_LOCALTIME', 'SVFOP_LOCALTIME_N', 'SVFOP_LOCALTIMESTAMP', 'SVFOP_LOCALTIMESTAMP_N',
]);

type Node = Record<string, unknown>;

const names = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((item) => String((item as { String?: { sval?: string } }).String?.sval ?? '')) : [];

/** Refuses the configured SQL of `name` (a setting or a list) with the message `key`, naming `detail`. */
function refuse(name: string, key: MessageKey, detail = ''): never {
  throw new Problem(400, key, { name, detail });
}

function checkNode(name: string, kind: string, node: Node): void {
  if (!NODE_KINDS.has(kind)) refuse(name, 'configuredSqlConstruct', kind);
  if (kind === 'FuncCall') {
    const [schema, fn, ...rest] = names(node.funcname);
    const [qualifier, function_] = fn === undefined ? [undefined, schema] : [schema, fn];
    const shown = names(node.funcname).join('.');
    if (rest.length || (qualifier !== undefined && qualifier !== 'pg_catalog') || !FUNCTIONS.has(function_.toLowerCase())) {
      refuse(name, 'configuredSqlFunction', shown);
    }
  }
  if (kind === 'TypeName') {
    const parts = names(node.names);
    const type = parts.at(-1)?.toLowerCase() ?? '';
    if ((parts.length > 1 && parts[0] !== 'pg_catalog') || parts.length > 2 || !CAST_TYPES.has(type)) {
      refuse(name, 'configuredSqlCast', parts.join('.'));
    }
  }
  if (kind === 'RangeVar') {
    const relation = [node.catalogname, node.schemaname, node.relname].filter(Boolean).join('.');
    const schemaOk = node.catalogname === undefined && (node.schemaname === undefined || node.schemaname === 'public');
    if (!schemaOk || /^pg_/i.test(String(node.relname))) refuse(name, 'configuredSqlRelation', relation);
  }
  if (kind === 'SQLValueFunction' && !VALUE_FUNCTIONS.has(String(node.op))) {
    refuse(name, 'configuredSqlFunction', String(node.op).replace(/^SVFOP_/, '').toLowerCase());
  }
}

/** Walks every value of the tree: a key starting with a capital is a node of that kind. */
function walk(name: string, value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(name, item);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value as Node)) {
    const refused = REFUSED_CLAUSES.get(key);
    if (refused) refuse(name, 'configuredSqlConstruct', refused);
    if (/^[A-Z]/.test(key) && child !== null && typeof child === 'object' && !Array.isArray(child)) {
      checkNode(name, key, child as Node);
    }
    // Typed fields that hold a node without its kind wrapper (a cast's typeName, an alias, ...).
    if (key === 'typeName' && child !== null && typeof child === 'object') checkNode(name, 'TypeName', child as Node);
    walk(name, child);
  }
}

interface ParsedStatement {
  stmt: Node;
  stmt_location?: number;
  stmt_len?: number;
}

/**
 * The configured SQL's one statement, checked; throws a 400 naming `name` and what is refused.
 * Returns the statement's own text, to embed.
 */
export function confinedSqlText(name: string, text: string): string {
  let statements: ParsedStatement[];
  try {
    statements = (parseSync(text) as unknown as { stmts?: ParsedStatement[] }).stmts ?? [];
  } catch {
    refuse(name, 'configuredSqlSyntax');
  }
  if (statements.length !== 1 || !('SelectStmt' in statements[0].stmt)) refuse(name, 'configuredSqlNotOneSelect');
  const [statement] = statements;
  walk(name, statement.stmt);
  const start = statement.stmt_location ?? 0;
  // stmt_len 0 (or absent) means "to the end of the text".
  return statement.stmt_len ? text.slice(start, start + statement.stmt_len) : text.slice(start);
}
