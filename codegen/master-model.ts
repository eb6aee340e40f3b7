/**
 * `npm run gen -- master`: the answers (entity, menu code, link, titles, fields) parsed into the
 * model the templates in codegen/templates/master/ render. Fields are one argument, `;`-separated:
 *
 *   name:type:flags:labelZh:labelEn
 *
 * - name: snake_case column (not id, org_id, version, created_at, updated_at)
 * - type: text | int | number | bool | date | ref=<Entity> | lookup=<LOOKUP_TYPE>
 * - flags: `-` or any of req, uniq, pos, on joined by `+` (required; part of the unique key — all
 *   uniq fields form one key; number must be > 0; a bool that starts switched on in the add form)
 *
 * e.g. `code:text:req+uniq:编码:Code;name:text:req:名称:Name;qty:number:req+pos:数量:Quantity;part_code:ref=Part:req:料号:Part`
 * A `ref` stores the referenced entity's `code`, which must be its (single-field) unique key.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type FieldKind = 'text' | 'int' | 'number' | 'bool' | 'date' | 'ref' | 'lookup';

export interface FieldModel {
  name: string;
  type: FieldKind;
  required: boolean;
  unique: boolean;
  positive: boolean;
  /** A bool field that starts switched on in the add form (e.g. 启用). */
  startsOn: boolean;
  ref?: string;
  refTable?: string;
  /** The lookup type (not `lookup`: that name is a Handlebars built-in helper). */
  lookupType?: string;
  labelZh: string;
  labelEn: string;
  /** JSON Schema of the value in a row (nullable unless required). */
  schemaType: string;
  schemaExtra: string;
}

export interface MasterModel {
  entity: string;
  kebab: string;
  snake: string;
  camel: string;
  table: string;
  menuCode: string;
  link: string;
  registryKey: string;
  titleZh: string;
  titleEn: string;
  fields: FieldModel[];
  requiredNames: string[];
  migrationName: string;
  menuIcon: string;
}

export const ENTITY_NAME = /^[A-Z][A-Za-z0-9]*$/;
export const MENU_CODE = /^[A-Z][A-Za-z0-9]*$/;
export const MENU_LINK = /^\/[a-z0-9][a-z0-9/-]*$/;
const FIELD_NAME = /^[a-z][a-z0-9_]*$/;
const RESERVED = new Set(['id', 'org_id', 'version', 'created_at', 'updated_at']);
const LOOKUP_TYPE = /^[A-Z][A-Z0-9_]*$/;

export const snakeOf = (entity: string) => entity.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
export const kebabOf = (entity: string) => snakeOf(entity).replace(/_/g, '-');
export const tableOf = (entity: string) => `md_${snakeOf(entity)}`;
export const ENTITIES_DIR = 'src/shared/masterdata/entities';
export const MIGRATIONS_DIR = 'server/db/migrations';

const yamlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

function schemaOf(type: FieldKind, required: boolean, positive: boolean): { schemaType: string; schemaExtra: string } {
  const base = { text: 'string', ref: 'string', lookup: 'string', date: 'string', int: 'integer', number: 'number', bool: 'boolean' }[type];
  const extra = [
    type === 'date' ? 'format: date' : '',
    ['text', 'ref', 'lookup'].includes(type) ? 'maxLength: 200' : '',
    positive ? 'exclusiveMinimum: 0' : '',
  ].filter(Boolean);
  return { schemaType: required || type === 'bool' ? base : `[${base}, 'null']`, schemaExtra: extra.join('\n') };
}

/** The referenced entity must exist (its declaration file) and have `code` as its single unique key. */
function checkReference(root: string, ref: string): void {
  const file = path.join(root, ENTITIES_DIR, `${kebabOf(ref)}.ts`);
  if (!existsSync(file)) throw new Error(`ref=${ref}: there is no master entity ${ref} (${file}); generate it first`);
  const text = readFileSync(file, 'utf8');
  const uniqueLines = text.split('\n').filter((line) => /unique: true/.test(line));
  if (uniqueLines.length !== 1 || !/name: 'code'/.test(uniqueLines[0])) {
    throw new Error(`ref=${ref}: ${ref} must have 'code' as its only unique field to be referenced`);
  }
}

export function parseFields(spec: string, root: string): FieldModel[] {
  const fields = spec
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((part) => {
      const [name, typeSpec, flagSpec = '-', labelZh = name, labelEn = labelZh] = part.split(':').map((s) => s.trim());
      if (!FIELD_NAME.test(name ?? '') || RESERVED.has(name)) throw new Error(`field "${name}": a snake_case name other than ${[...RESERVED].join(', ')}`);
      const [type, arg] = (typeSpec ?? '').split('=') as [FieldKind, string | undefined];
      if (!['text', 'int', 'number', 'bool', 'date', 'ref', 'lookup'].includes(type)) throw new Error(`field ${name}: unknown type "${typeSpec}"`);
      if ((type === 'ref' || type === 'lookup') && !arg) throw new Error(`field ${name}: ${type} needs =<${type === 'ref' ? 'Entity' : 'LOOKUP_TYPE'}>`);
      if (type === 'ref' && !ENTITY_NAME.test(arg!)) throw new Error(`field ${name}: ref=${arg} is not an entity name`);
      if (type === 'lookup' && !LOOKUP_TYPE.test(arg!)) throw new Error(`field ${name}: lookup=${arg} must be UPPER_SNAKE`);
      const flags = new Set(flagSpec === '-' ? [] : flagSpec.split('+'));
      for (const flag of flags) if (!['req', 'uniq', 'pos', 'on'].includes(flag)) throw new Error(`field ${name}: unknown flag "${flag}"`);
      if (flags.has('pos') && type !== 'int' && type !== 'number') throw new Error(`field ${name}: pos applies to numbers only`);
      if (flags.has('on') && type !== 'bool') throw new Error(`field ${name}: on applies to bool fields only`);
      if (type === 'ref') checkReference(root, arg!);
      const required = flags.has('req') || flags.has('uniq');
      return {
        name,
        type,
        required,
        unique: flags.has('uniq'),
        positive: flags.has('pos'),
        startsOn: flags.has('on'),
        ...(type === 'ref' ? { ref: arg, refTable: tableOf(arg!) } : {}),
        ...(type === 'lookup' ? { lookupType: arg } : {}),
        labelZh: labelZh.replace(/'/g, '’'),
        labelEn: labelEn.replace(/'/g, '’'),
        ...schemaOf(type, required, flags.has('pos')),
      };
    });
  if (!fields.length) throw new Error('at least one field is needed');
  const names = fields.map((f) => f.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Error(`field ${twice} is given twice`);
  if (!fields.some((f) => f.unique)) throw new Error('flag at least one field uniq: the unique key identifies a record in imports');
  return fields;
}

/**
 * The next migration's name: the number after the newest migration file's, e.g. 0078_gadget.
 * Migrations run in file-name order and one sorting before an applied one is refused, so a new
 * master table takes a number after every migration there is (not a slot among the old ones).
 */
export function nextMigrationName(root: string, snake: string): string {
  const newest = Math.max(0, ...readdirSync(path.join(root, MIGRATIONS_DIR)).map((f) => Number(/^(\d{4})_/.exec(f)?.[1] ?? 0)));
  if (newest >= 9999) throw new Error('migration number 9999 reached');
  return `${String(newest + 1).padStart(4, '0')}_${snake}`;
}

export interface MasterAnswers {
  entity: string;
  menuCode: string;
  link: string;
  titleZh: string;
  titleEn: string;
  fields: string;
}

export function masterModel(answers: MasterAnswers, root: string): MasterModel {
  const fields = parseFields(answers.fields, root);
  const snake = snakeOf(answers.entity);
  return {
    entity: answers.entity,
    kebab: kebabOf(answers.entity),
    snake,
    camel: answers.entity[0].toLowerCase() + answers.entity.slice(1),
    table: tableOf(answers.entity),
    menuCode: answers.menuCode,
    link: answers.link,
    registryKey: answers.link.replace(/^\//, ''),
    titleZh: answers.titleZh.replace(/'/g, '’'),
    titleEn: answers.titleEn.replace(/'/g, '’'),
    fields,
    requiredNames: fields.filter((f) => f.required).map((f) => f.name),
    migrationName: nextMigrationName(root, snake),
    menuIcon: 'DatabaseOutlined',
  };
}

export { yamlText };
