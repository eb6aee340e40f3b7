/**
 * `npm run gen -- page <domain> <Name> <link> <titleZh> <titleEn> <menu group> <source> '<columns>'`:
 * the answers parsed into one screen's declaration (src/shared/pages/declaration.ts). Everything else
 * follows from it: the menu item (seed), the list route with its search settings (seed), the mock
 * list with sample rows (mocks/scenarios/pages.ts); the page shows the DataGrid of the link.
 *
 * - domain: the feature folder, src/features/<domain> (lower case, e.g. warehouse).
 * - Name: the component's name without "Page" (PascalCase, e.g. ReelAging).
 * - link: the menu link and the grid's LIST_ROUTE, a path that fits spec §2 (pageLinkProblem).
 * - menu group: the code of the menu group a new item goes under (e.g. Warehouse); `-` when the
 *   link's menu item is seeded already (its code is then the page's menu).
 * - source: the table or view the grid reads, `<table>` (rows carry org_id: a caller sees their
 *   organisation's rows) or `<table>:shared` (no org_id); `-` for a page without a grid.
 * - columns: `;`-separated `name:type:labelZh:labelEn[:key]`, the columns searched, type text | int |
 *   number | date | datetime | bool; the key (flagged, or else the first) is unique among a caller's
 *   rows. `-` without a source.
 *
 * - save call (optional, last): a POST of the contract with a JSON request body (e.g. /Reel/Update); the
 *   page then gets a ProForm editor (src/grid/ListEditorPage.tsx) whose fields are the body's properties:
 *   kinds from their types, required from the schema, labels from the columns with the same name
 *   (ignoring case and "_"), else the name humanised. `-` or nothing for no editor.
 *
 * e.g. `npm run gen -- page warehouse ReelPrintLog /warehouse/reel-print-log 标签打印记录 'Label print log' Warehouse stock_reels 'reel_code:text:条码:Reel code:key;part_code:text:料号:Part;print_count:int:打印次数:Print count;print_date:datetime:打印时间:Print date'`
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  PAGE_COLUMN_TYPES,
  pageLinkProblem,
  type PageColumnDeclaration,
  type PageColumnType,
  type PageDeclaration,
  type PageEditorDeclaration,
  type PageEditorFieldDeclaration,
} from '../src/shared/pages/declaration.ts';

export const PAGE_NAME = /^[A-Z][A-Za-z0-9]*$/;
export const DOMAIN_NAME = /^[a-z][a-z0-9-]*$/;
const SQL_NAME = /^[a-z_][a-z0-9_]*$/;
const MENU_GROUP = /^[A-Z][A-Za-z0-9]*$/;

export interface PageAnswers {
  domain: string;
  name: string;
  link: string;
  titleZh: string;
  titleEn: string;
  parentMenu: string;
  source: string;
  columns: string;
  /** The contract's save call for a ProForm editor, or - / absent for none. */
  editor?: string;
}

export interface PageModel {
  declaration: PageDeclaration;
  /** The declaration's export name, e.g. reelAgingPage. */
  exportName: string;
  /** Its file under src/shared/pages, without .ts, e.g. reel-aging. */
  kebab: string;
  registryKey: string;
}

const fail = (message: string): never => {
  throw new Error(message);
};

/** The columns, and the key: the one flagged `key`, else the first. */
export function parseColumns(text: string): { columns: PageColumnDeclaration[]; keyField: string } {
  const columns: PageColumnDeclaration[] = [];
  let key: string | undefined;
  for (const part of text.split(';').map((p) => p.trim()).filter(Boolean)) {
    const [name, type, labelZh, labelEn, flag, ...rest] = part.split(':').map((p) => p.trim());
    if (!name || !SQL_NAME.test(name)) fail(`column "${part}": the name must be a snake_case column of the source, e.g. part_code`);
    if (!(PAGE_COLUMN_TYPES as readonly string[]).includes(type)) fail(`column ${name}: the type must be one of ${PAGE_COLUMN_TYPES.join(', ')}`);
    if (!labelZh || !labelEn) fail(`column ${name}: give both labels, name:type:labelZh:labelEn`);
    if (rest.length || (flag !== undefined && flag !== 'key')) fail(`column ${name}: the only flag after the labels is "key"`);
    if (columns.some((c) => c.name === name)) fail(`column ${name} is named twice`);
    if (flag === 'key') {
      if (key) fail(`columns ${key} and ${name} are both flagged key: one column is the key`);
      key = name;
    }
    columns.push({ name, type: type as PageColumnType, label: { 'zh-chs': labelZh, en: labelEn } });
  }
  if (!columns.length) fail('a list screen needs at least one column: name:type:labelZh:labelEn');
  return { columns, keyField: key ?? columns[0].name };
}

/** The menu item seeded with this link, if any (server/db/seed/system-data.ts's menu tree). */
function seededMenuOf(systemData: string, link: string): string | undefined {
  const quoted = link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\(\\s*'([A-Za-z0-9]+)',\\s*'[^']*',\\s*'[^']*',\\s*'${quoted}'`).exec(systemData)?.[1];
}

export function pageModel(answers: PageAnswers, root: string): PageModel {
  const { domain, name, link } = answers;
  if (!DOMAIN_NAME.test(domain)) fail(`domain ${domain}: a lower-case feature folder name, e.g. warehouse`);
  if (!PAGE_NAME.test(name)) fail(`name ${name}: PascalCase without "Page", e.g. ReelAging`);
  const linkProblem = pageLinkProblem(link);
  if (linkProblem) fail(linkProblem);
  if (!answers.titleZh?.trim() || !answers.titleEn?.trim()) fail('give the title in Chinese and in English');

  const systemData = readFileSync(path.join(root, 'server/db/seed/system-data.ts'), 'utf8');
  const seededMenu = seededMenuOf(systemData, link);
  const parentMenu = answers.parentMenu?.trim() || '-';
  if (!seededMenu) {
    if (parentMenu === '-') fail(`no menu item has the link ${link}: name the menu group the new item goes under, e.g. Warehouse`);
    if (!MENU_GROUP.test(parentMenu) || !new RegExp(`group\\('${parentMenu}',`).test(systemData)) {
      const groups = [...systemData.matchAll(/group\('([A-Za-z0-9]+)',/g)].map((m) => m[1]);
      fail(`there is no menu group ${parentMenu}; the groups are ${groups.join(', ')}`);
    }
  }
  const menuCode = seededMenu ?? `${parentMenu}${name}`;
  if (!seededMenu && systemData.includes(`'${menuCode}'`)) fail(`the menu code ${menuCode} is taken; choose another name`);

  const source = answers.source?.trim() || '-';
  let list: PageDeclaration['list'] = null;
  if (source !== '-') {
    const [table, scope, ...rest] = source.split(':');
    if (!SQL_NAME.test(table) || rest.length || (scope !== undefined && scope !== 'shared')) {
      fail(`source ${source}: a table or view name, optionally followed by :shared (rows without org_id), or - for a page without a grid`);
    }
    const { columns, keyField } = parseColumns(answers.columns ?? '');
    list = { source: table, orgScoped: scope !== 'shared', keyField, columns };
  } else if (answers.columns?.trim() && answers.columns.trim() !== '-') {
    fail('columns are given for a list screen only: name its source table, or give - for both');
  }

  const saveCall = answers.editor?.trim() || '-';
  let editor: PageEditorDeclaration | undefined;
  if (saveCall !== '-') {
    if (!list) fail(`save call ${saveCall}: an editor edits the rows of a grid; give a source and columns too`);
    editor = editorOf(saveCall, list!, root);
  }

  const kebab = name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  return {
    declaration: {
      name,
      domain,
      link,
      menuCode,
      parentMenu: seededMenu ? null : parentMenu,
      title: { 'zh-chs': answers.titleZh.trim(), en: answers.titleEn.trim() },
      list,
      ...(editor ? { editor } : {}),
    },
    exportName: `${name[0].toLowerCase()}${name.slice(1)}Page`,
    kebab,
    registryKey: link.slice(1),
  };
}

// The bundled contract is JSON of any shape: read loosely, checked as it is walked.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = Record<string, any>;

/** The bundled contract (openapi/generated/openapi.json, kept current by `npm run codegen`). */
const contractOf = (root: string): Schema => JSON.parse(readFileSync(path.join(root, 'openapi/generated/openapi.json'), 'utf8')) as Schema;

/** A schema with its local $refs followed (the bundle's #/components/...), keeping the outer description. */
function resolve(contract: Schema, schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let depth = 0; current?.$ref && depth < 20; depth++) {
    const target = (current.$ref as string).replace(/^#\//, '').split('/').reduce<Schema | undefined>((node, key) => node?.[key], contract);
    current = target;
  }
  return current;
}

/** "ExpireDate", "expire_date" → "Expire date". */
export const humanise = (name: string) => {
  const words = name.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const squeeze = (name: string) => name.replace(/_/g, '').toLowerCase();

/** A property's field kind, or why a form cannot enter it. */
function fieldKindOf(contract: Schema, property: Schema): PageEditorFieldDeclaration['kind'] | { problem: string } {
  const schema = resolve(contract, property) ?? {};
  const variants: Schema[] = [schema, ...((schema.oneOf ?? schema.anyOf ?? []) as Schema[]).map((s) => resolve(contract, s) ?? {})];
  const types = new Set(variants.flatMap((s) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : [])).filter((t) => t !== 'null'));
  const format = variants.map((s) => s.format).find(Boolean);
  const enumValues = variants.map((s) => s.enum).find(Boolean);
  if (enumValues) return 'select';
  if (types.size !== 1) return { problem: `its schema has ${types.size ? [...types].join(' or ') : 'no type'}` };
  const [type] = types;
  if (type === 'string') return format === 'date' ? 'date' : format === 'date-time' ? 'datetime' : 'text';
  if (type === 'integer') return 'int';
  if (type === 'number') return 'number';
  if (type === 'boolean') return 'bool';
  return { problem: `it is ${type === 'array' ? 'an array' : 'an object'}` };
}

const nullableOf = (contract: Schema, property: Schema) => {
  const schema = resolve(contract, property) ?? {};
  const variants: Schema[] = [schema, ...((schema.oneOf ?? schema.anyOf ?? []) as Schema[]).map((s) => resolve(contract, s) ?? {})];
  return variants.some((s) => s.nullable === true || s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null')));
};

/** An object schema with its allOf parts merged (a master save: the fields, then id and version). */
function bodyOf(contract: Schema, schema: Schema | undefined): Schema | undefined {
  if (!schema?.allOf) return schema;
  const parts = (schema.allOf as Schema[]).map((part) => bodyOf(contract, resolve(contract, part)) ?? {});
  return {
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})) as Schema,
    required: parts.flatMap((part) => (part.required ?? []) as string[]),
  };
}

/** A record's identity and optimistic-lock version: carried from the edited row, not shown. */
const HIDDEN_PROPERTIES = ['id', 'version'];

/**
 * The editor of a save call: the POST's JSON request body, one field per property. Refused (before
 * anything is written) when the contract has no such call or the call takes no JSON body, or when a
 * required property is one a form cannot enter (an object or array); an optional one is left out.
 */
export function editorOf(saveCall: string, list: NonNullable<PageDeclaration['list']>, root: string): PageEditorDeclaration {
  const contract = contractOf(root);
  const saveCalls = Object.entries(contract.paths as Schema)
    .filter(([, item]) => (resolve(contract, (resolve(contract, (item as Schema).post?.requestBody) ?? {}).content?.['application/json']?.schema) ?? null) !== null)
    .map(([call]) => call);
  const item = (contract.paths as Schema)[saveCall] as Schema | undefined;
  if (!item) {
    const near = saveCalls.filter((call) => call.split('/')[1]?.toLowerCase() === saveCall.split('/')[1]?.toLowerCase());
    fail(`save call ${saveCall}: the contract (openapi/openapi.yaml) has no such call; give a path like /Reel/Update${near.length ? ` (calls of ${saveCall.split('/')[1]}: ${near.join(', ')})` : ''}`);
  }
  const body = bodyOf(contract, resolve(contract, resolve(contract, item!.post?.requestBody)?.content?.['application/json']?.schema));
  if (!item!.post || !body) fail(`save call ${saveCall}: it is not a POST with a JSON request body, which the editor sends; choose a save call such as /Reel/Update`);
  const properties = Object.entries((body!.properties ?? {}) as Schema);
  if (!properties.length) fail(`save call ${saveCall}: its request body has no properties to edit`);
  const required = new Set((body!.required ?? []) as string[]);
  const fields: PageEditorFieldDeclaration[] = [];
  for (const [name, property] of properties) {
    const kind = fieldKindOf(contract, property as Schema);
    if (typeof kind !== 'string') {
      if (required.has(name)) fail(`save call ${saveCall}: its required property ${name} cannot be entered in a form (${kind.problem})`);
      continue;
    }
    const schema = resolve(contract, property as Schema) ?? {};
    const hidden = HIDDEN_PROPERTIES.includes(name.toLowerCase());
    const column = hidden ? { name, label: { 'zh-chs': name, en: name } } : list.columns.find((c) => squeeze(c.name) === squeeze(name));
    fields.push({
      name,
      kind,
      label: column ? column.label : { 'zh-chs': humanise(name), en: humanise(name) },
      ...(required.has(name) ? { required: true } : {}),
      ...(nullableOf(contract, property as Schema) ? { nullable: true } : {}),
      ...(typeof schema.maxLength === 'number' ? { maxLength: schema.maxLength } : {}),
      ...(kind === 'select' ? { options: (schema.enum ?? []) as (string | number)[] } : {}),
      ...(column ? { column: column.name } : {}),
      ...(hidden ? { hidden: true } : {}),
    });
  }
  // An update of what exists has no empty form; a save that adds (AddOrModifySave, Save, Add, Create) has.
  const adds = /(Save|Add|Create|Insert)$/i.test(saveCall) && !/Update$/i.test(saveCall);
  return { save: saveCall, adds, fields };
}

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function renderPageDeclaration(m: PageModel): string {
  const d = m.declaration;
  const list = d.list
    ? `{
    source: ${quote(d.list.source)},
    orgScoped: ${d.list.orgScoped},
    keyField: ${quote(d.list.keyField)},
    columns: [
${d.list.columns.map((c) => `      { name: ${quote(c.name)}, type: ${quote(c.type)}, label: { 'zh-chs': ${quote(c.label['zh-chs'])}, en: ${quote(c.label.en)} } },`).join('\n')}
    ],
  }`
    : 'null';
  return `/**
 * GENERATED by \`npm run gen -- page\`: the ${d.title.en} screen (${d.link}). The seed makes its menu item
 * and list route from this declaration, the mocks its sample rows (src/shared/pages/declaration.ts).
 */
import { definePage } from './declaration';

export const ${m.exportName} = definePage({
  name: ${quote(d.name)},
  domain: ${quote(d.domain)},
  link: ${quote(d.link)},
  menuCode: ${quote(d.menuCode)},
  parentMenu: ${d.parentMenu === null ? 'null' : quote(d.parentMenu)},
  title: { 'zh-chs': ${quote(d.title['zh-chs'])}, en: ${quote(d.title.en)} },
  list: ${list},${d.editor ? `\n  editor: ${renderEditor(d.editor)},` : ''}
});
`;
}

function renderEditor(editor: PageEditorDeclaration): string {
  const field = (f: PageEditorFieldDeclaration) =>
    [
      `name: ${quote(f.name)}`,
      `kind: ${quote(f.kind)}`,
      `label: { 'zh-chs': ${quote(f.label['zh-chs'])}, en: ${quote(f.label.en)} }`,
      ...(f.required ? ['required: true'] : []),
      ...(f.nullable ? ['nullable: true'] : []),
      ...(f.maxLength !== undefined ? [`maxLength: ${f.maxLength}`] : []),
      ...(f.options ? [`options: [${f.options.map((o) => (typeof o === 'string' ? quote(o) : String(o))).join(', ')}]`] : []),
      ...(f.column ? [`column: ${quote(f.column)}`] : []),
      ...(f.hidden ? ['hidden: true'] : []),
    ].join(', ');
  return `{
    // Written from the request body of ${editor.save} (openapi/openapi.yaml).
    save: ${quote(editor.save)},
    adds: ${editor.adds},
    fields: [
${editor.fields.map((f) => `      { ${field(f)} },`).join('\n')}
    ],
  }`;
}
